<?php
// Writes the fuzz targets' seed inputs (fuzz/corpus/<target>/) from small
// slices of the JSON corpora (never whole files), the JSON inputs of
// php-tests/*.phpt and a few hand-made edge cases. Deterministic.
//
// usage: php tools/fuzz-core/seeds.php CORPORA_DIR PHP_TESTS_DIR OUT_DIR
// The result is then minimized with `cargo fuzz cmin` (tools/fuzz-core/seeds.sh).

[$_, $corpora, $phpt, $out] = $argv + [null, null, null, null];
if ($out === null) {
    fwrite(STDERR, "usage: php seeds.php CORPORA_DIR PHP_TESTS_DIR OUT_DIR\n");
    exit(2);
}
mt_srand(20);

$put = function (string $target, string $bytes) use ($out) {
    $dir = "$out/$target";
    if (!is_dir($dir)) {
        mkdir($dir, 0777, true);
    }
    file_put_contents("$dir/" . sha1($bytes), $bytes);
};

// Documents: corpus slices (cut at random points, up to 2 KB), and every
// string / number of the first few hundred values of each corpus.
$docs = [];
$strings = [];
$numbers = [];
foreach (glob("$corpora/*.json") as $f) {
    $text = file_get_contents($f);
    for ($i = 0; $i < 6; $i++) {
        $start = $i === 0 ? 0 : mt_rand(0, max(0, strlen($text) - 2048));
        $docs[] = substr($text, $start, mt_rand(16, 2048));
    }
    $v = json_decode($text, true, 512, JSON_BIGINT_AS_STRING);
    $n = 0;
    array_walk_recursive($v, function ($x, $k) use (&$strings, &$numbers, &$n) {
        if ($n++ > 400) {
            return;
        }
        if (is_string($k)) {
            $strings[] = $k;
        }
        if (is_string($x)) {
            $strings[] = substr($x, 0, 200);
        } elseif (is_float($x) || is_int($x)) {
            $numbers[] = $x;
        }
    });
    // Small whole sub-values, re-encoded (valid documents).
    if (is_array($v)) {
        foreach (array_slice($v, 0, 3, true) as $sub) {
            $e = json_encode($sub, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
            if ($e !== false && strlen($e) <= 2048) {
                $docs[] = $e;
            }
        }
    }
}
// JSON-looking literals of our phpt tests.
foreach (glob("$phpt/*.phpt") as $f) {
    if (preg_match_all("/'([\\[{\"][^']{0,400})'/", file_get_contents($f), $m)) {
        foreach ($m[1] as $s) {
            $docs[] = stripcslashes($s);
        }
    }
}
// Edge cases: depth, numbers, escapes, UTF-8 and UTF-16, keys.
$docs = array_merge($docs, [
    '[]', '{}', '""', '0', '-0', '-0.0', '1e400', '-1e-400', '9223372036854775807', '9223372036854775808',
    '-9223372036854775808', '-9223372036854775809', '123456789012345678901234567890', '0.1e1', '1E+2',
    '[1,2,3]', '{"a":1,"b":[true,false,null]}', '{"":1}', '{"\u0000a":1}', '{"\u0000":1}', '{"0":1,"1":2,"-1":3,"01":4}',
    '{"9223372036854775808":1}', '{9223372036854775808:1}', '"\ud83d\ude00"', '"\ud83d"', '"\ude00"', '"\u00e9\/\b\f\n\r\t"',
    "\"\xc3\xa9\xe2\x80\xa8\xf0\x9f\x98\x80\"", "\"\xff\xfe\"", "\"\xed\xa0\x80\"", "[\"\x01\"]", ' [ 1 , { "a" : [ ] } ] ',
    str_repeat('[', 40) . str_repeat(']', 40), str_repeat('{"a":', 20) . '1' . str_repeat('}', 20),
    str_repeat('[', 600) . str_repeat(']', 600), '[1,]', '{"a":1,}', '[1 2]', 'tru', 'nul', '01', '1.', '.5', '"\x"',
    '"' . str_repeat('a', 63) . '"', '"' . str_repeat('\\u00e9', 20) . '"', '{"a":1,"a":2}', '{"a":{"b":{"c":[1.5,2.5e-3]}}}',
]);
foreach ($docs as $i => $d) {
    // validate: option byte (depth index, ignore, bigint keys), then the document.
    $put('validate', chr(mt_rand(0, 31) | ($i % 3 === 0 ? 6 : 0)) . $d);
    // decode: option byte (assoc, bigint, ignore, substitute, depth index).
    $put('decode', chr(mt_rand(0, 15) | (mt_rand(5, 7) << 4)) . $d);
}

// escape: 2 flag bytes, 1 separator byte, then the string; lengths around
// 16, 32 and 64 too.
$strings = array_values(array_unique($strings));
$strings = array_merge($strings, [
    '', 'a', '/', '"', '\\', "\x00", "\x1f", "\x7f", '<>&\'', "\xe2\x80\xa8\xe2\x80\xa9", "\xc3", "\xf0\x9f\x98",
    "\xf4\x90\x80\x80", "\xc0\x80", "\xed\xa0\x80", "\xef\xbf\xbd",
]);
foreach ([15, 16, 17, 31, 32, 33, 63, 64, 65] as $len) {
    $strings[] = str_repeat('k', $len);
    $strings[] = str_repeat('k', $len - 1) . '"';
    $strings[] = str_repeat('k', $len - 2) . "\xc3\xa9";
    $strings[] = "\x01" . str_repeat('k', $len - 1);
}
$flagWords = [0, 0x0100, 0x0040, 0x010f, 0x1000, 0x2000, 0x2100, 0x0900, 0x004f, 0x1140];
foreach ($strings as $i => $s) {
    $w = $flagWords[$i % count($flagWords)];
    $put('escape', pack('v', $w) . chr($i & 3) . $s);
}

// number: 8 bytes of f64 bits, 8 bytes of an i64, a separator byte.
$numbers = array_merge($numbers, [0.0, -0.0, 5e-324, 1.7976931348623157e308, 1e15, 1e16, 1e17, 1e-5, 1e-4,
    9007199254740992.0, 1000000000000000.25, 0.1, 1 / 3, PHP_INT_MAX, PHP_INT_MIN, 0, -1, 99999999, 100000000]);
foreach (array_values(array_unique($numbers, SORT_REGULAR)) as $i => $x) {
    $d = is_float($x) ? $x : (float) $x;
    $l = is_int($x) ? $x : (int) $x;
    if (is_string($x)) {
        continue;
    }
    $put('number', pack('e', $d) . pack('P', $l) . chr($i & 0xff));
}
