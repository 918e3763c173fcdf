<?php
/*
 * tools/php-builds/validate_diff.php: in-process differential test of rustjson's json_validate().
 *
 *   php -n -d extension=rustjson.so tools/php-builds/validate_diff.php [--count=N] [--seed=S]
 *
 * Oracle:
 *   PHP 8.3+  stock json_validate(): the same call with rustjson.enabled=0 (the stock handler)
 *   PHP 8.2   json_decode($doc, true, $depth, $flags) + json_last_error() (same scanner and parser;
 *             rustjson provides json_validate() itself there, so the ini switch cannot reach stock)
 * Compared per case: the result and json_last_error() after the call (and exceptions, as text).
 *
 * Cases: valid documents (encoded random values + hand-picked tricky ones), then mostly mutated
 * (structural bytes, control bytes, invalid UTF-8, bad escapes, truncation, deletion); depth 512 or
 * near the document's nesting; flags 0 or JSON_INVALID_UTF8_IGNORE.
 * Last line: "validate: N passed, D failed". Exit 0 iff D = 0.
 */
$opt = ['count' => 20000, 'seed' => null];
foreach (array_slice($argv, 1) as $a) {
    if (!preg_match('/^--(count|seed)=(\d+)$/', $a, $m)) {
        fwrite(STDERR, "validate: unknown argument '$a'\n");
        exit(2);
    }
    $opt[$m[1]] = (int) $m[2];
}
$seed = $opt['seed'] ?? random_int(1, PHP_INT_MAX);
mt_srand($seed);
if (!extension_loaded('rustjson') || ini_get('rustjson.enabled') !== '1') {
    echo "validate: ERROR: rustjson is not loaded and enabled\n";
    exit(2);
}
$native = PHP_VERSION_ID >= 80300;
echo "validate: seed=$seed count=$opt[count] php=", PHP_VERSION, ' oracle=', $native ? 'stock json_validate()' : 'json_decode()', "\n";

function rnd_value(int $d): mixed {
    $r = mt_rand(0, $d > 4 ? 5 : 9);
    switch ($r) {
        case 0: return null;
        case 1: return (bool) mt_rand(0, 1);
        case 2: return mt_rand(-1000000, 1000000) * (mt_rand(0, 3) ? 1 : 1000003);
        case 3: return mt_rand() / mt_getrandmax() * 10 ** mt_rand(-30, 30) * (mt_rand(0, 1) ? 1 : -1);
        case 4: case 5:
            $s = '';
            for ($i = mt_rand(0, 12); $i > 0; $i--) {
                $s .= ['a', 'Z', ' ', '"', '\\', '/', "\u{e9}", "\u{20ac}", "\u{1f600}", "\n", "\x01", '0'][mt_rand(0, 11)];
            }
            return $s;
        case 6: case 7:
            $a = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) $a[] = rnd_value($d + 1);
            return $a;
        default:
            $o = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) $o['k' . mt_rand(0, 20) . (mt_rand(0, 5) ? '' : "\u{e9}")] = rnd_value($d + 1);
            return (object) $o;
    }
}

$fixed = ['', ' ', '0', '-0', '01', '1.', '.5', '1e', '1e+', '-', '--1', '1E400', '-1e-400', '"', '"\\', '"\\u', '"\\u00"',
    '"\\ud800"', '"\\udc00\\ud800"', '"\\ud83d\\ude00"', '"\\uD83D"', "\"\x00\"", "\"\x1f\"", "\"\x7f\"", "\"\xc3\xa9\"",
    "\"\xc3\"", "\"\xe2\x82\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xc0\xaf\"", "\"\xff\"", '[', ']', '[1,]', '[,1]',
    '{"a"}', '{"a":}', '{"a":1,}', '{1:2}', '{"a":1 "b":2}', 'tru', 'nul', 'falsey', 'null null', "[1]\x00", "\xef\xbb\xbf[]",
    " \t\n\r[ \t\n\r]", "\x0b[]", "\f[]", '[[[[[[[[[[]]]]]]]]]]', '{"":{"":{"":[]}}}', '"\\/\\b\\f\\n\\r\\t\\"\\\\"', '"\\x"', "'a'"];
$noise = ['[', ']', '{', '}', ',', ':', '"', '\\', 'u', '0', '9', 'e', 'E', '+', '-', '.', ' ', "\t", "\n", "\r", "\x00", "\x01",
    "\x1f", "\x7f", "\x80", "\xbf", "\xc0", "\xc2", "\xe0", "\xed", "\xf0", "\xf4", "\xf5", "\xff", 'true', 'null', '\\u0000', '\\ud800'];

function nesting(string $s): int {
    $d = $m = 0;
    for ($i = 0, $n = strlen($s); $i < $n; $i++) {
        $c = $s[$i];
        if ($c === '[' || $c === '{') $m = max($m, ++$d);
        elseif ($c === ']' || $c === '}') $d--;
    }
    return $m;
}

/** Stock behaviour on PHP 8.2, json_validate()'s argument rules + json_decode()'s error code. */
function oracle82(string $doc, int $depth, int $flags): array {
    if ($doc === '') { json_decode(''); return [false, json_last_error()]; }
    json_decode($doc, true, $depth, $flags);
    $e = json_last_error();
    return [$e === 0, $e];
}

function call(string $doc, int $depth, int $flags): array {
    json_decode('{');  // leave an error behind
    try {
        $r = json_validate($doc, $depth, $flags);
        return [$r, json_last_error()];
    } catch (Throwable $e) {
        return [get_class($e) . ': ' . $e->getMessage(), json_last_error()];
    }
}

$passed = $failed = 0;
$shown = 0;
$seen = [];
for ($i = 0; $i < $opt['count']; $i++) {
    $doc = mt_rand(0, 9) === 0 ? $fixed[mt_rand(0, count($fixed) - 1)]
        : json_encode(rnd_value(0), mt_rand(0, 1) ? JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE : 0);
    for ($m = mt_rand(0, 3); $m > 0 && $doc !== ''; $m--) {
        $p = mt_rand(0, strlen($doc));
        switch (mt_rand(0, 3)) {
            case 0: $doc = substr($doc, 0, $p) . $noise[mt_rand(0, count($noise) - 1)] . substr($doc, $p); break;
            case 1: $doc = substr($doc, 0, $p) . substr($doc, $p + 1); break;
            case 2: $doc = substr($doc, 0, $p) . $noise[mt_rand(0, count($noise) - 1)] . substr($doc, $p + 1); break;
            default: $doc = substr($doc, 0, $p); break;
        }
    }
    $nest = nesting($doc);
    $depth = [512, 512, max(1, $nest), $nest + 1, max(1, $nest - 1), mt_rand(1, 4)][mt_rand(0, 5)];
    $flags = mt_rand(0, 2) ? 0 : JSON_INVALID_UTF8_IGNORE;
    $got = call($doc, $depth, $flags);
    if ($native) {
        ini_set('rustjson.enabled', '0');
        $want = call($doc, $depth, $flags);
        ini_set('rustjson.enabled', '1');
    } else {
        $want = oracle82($doc, $depth, $flags);
    }
    $seen[is_bool($want[0]) ? $want[1] : 'exception'] = ($seen[is_bool($want[0]) ? $want[1] : 'exception'] ?? 0) + 1;
    if ($got === $want) {
        $passed++;
    } else {
        $failed++;
        if ($shown++ < 10) {
            echo "validate: DIFFERENCE case $i: json_validate(hex ", bin2hex($doc), ", $depth, $flags): rustjson ",
                var_export($got, true), ' stock ', var_export($want, true), "\n";
        }
    }
}
ksort($seen);
echo 'validate: stock results by json_last_error(): ', implode(' ', array_map(fn ($k, $n) => "$k:$n", array_keys($seen), $seen)), "\n";
echo "validate: $passed passed, $failed failed\n";
exit($failed === 0 ? 0 : 1);
