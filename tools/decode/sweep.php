<?php
// Exhaustive sweeps of json_decode(): stock ext/json (rustjson.decode=0)
// against rustjson's (rustjson.decode=1), in one process.
//
// Usage: php -n -d extension=modules/rustjson.so tools/decode/sweep.php [--quick] [--only=NAME,...] [--break]
//
// Each sweep is a list of documents decoded under several (assoc, depth,
// flags) settings. Per setting, stock decodes every document of a chunk,
// then rustjson does, and per document these must be equal: serialize() of
// the result (serialize_precision=-1) plus the bits of every double,
// json_last_error(), json_last_error_msg(), and the class, code and
// message of an exception (JSON_THROW_ON_ERROR settings). Both runs of a
// chunk start from the same error state and decode in the same order, so
// the state a THROW call leaves behind is compared too.
//
// Sweeps:
//   str1-2       every string of 0, 1 and 2 bytes inside quotes (65,793), the four UTF-8 flag sets
//   str3-4       every 3- and 4-byte string over 22 class-boundary bytes (quote, backslash, controls,
//                UTF-8 lead/continuation limits), the four UTF-8 flag sets
//   key1-2       every 1- and 2-byte string as an object key, assoc and object mode, 0 and SUBSTITUTE
//   uXXXX        every \uXXXX alone (65,536; lower- and upper-case hex), the four flag sets
//   keyu         every \uXXXX as the start of an object key (and a sample after a byte), both modes
//   pairs        every high x low surrogate pair (1,048,576) as 1,024 documents of 1,024 strings,
//                plus 20,000 sampled pairs one per document
//   surrogates   lone, reversed and broken pairs: every high followed by a sample of 64 \uXXXX
//                (including non-low), by text, by the end, by short \u forms; every low then a high
//   numtok       every token of up to 5 characters over `0-9 - + . e E` and of 6 over
//                `0 1 9 - + . e E`, alone, with and without JSON_BIGINT_AS_STRING
//   bigint       19-25 digit integers around +-2^63 and powers of ten (+-64 around each), with and
//                without JSON_BIGINT_AS_STRING, alone and in arrays
//   doubles      random doubles (normal, subnormal, near the limits) spelled with 17, 16, 15, 20 and
//                25 significant digits and in plain notation; named edges (-0, 0e0, 1E400, ...)
//   numkey       number spellings and integers around +-2^63 as object keys, assoc and object mode
//   docs         every document of 1-2 bytes, of 3-4 over 17 structural/literal characters, of 5-6 over
//                `[]{},:"0 `, under assoc/object mode, depths 1 and 2, BIGINT_AS_STRING, THROW_ON_ERROR
//   nest         nesting of 1-4097 levels (arrays, objects, both) around depth limits, with valid and
//                invalid leaves and a missing bracket, depths 512-100000, SUBSTITUTE/IGNORE
//   bigkey       unquoted number tokens as keys (stock takes an out-of-range integer as a key under
//                JSON_BIGINT_AS_STRING: its scanner returns it as a string token)
// With --quick every 16th document of each sweep runs (for make test-decode).
// --break flips one rustjson result on purpose (the script must then exit 1).
// Prints one line per sweep (documents, decodes, differences); exits 1 on any difference.
ini_set('serialize_precision', '-1');
ini_set('memory_limit', '-1');

$quick = in_array('--quick', $argv, true);
$break = in_array('--break', $argv, true);
$only = null;
foreach ($argv as $a) {
    if (str_starts_with($a, '--only=')) $only = explode(',', substr($a, 7));
}
if (ini_get('rustjson.decode') === false) {
    fwrite(STDERR, "sweep: rustjson is not loaded (rustjson.decode missing)\n");
    exit(2);
}
mt_srand(18);

const UTF8 = [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE];

function fp_bits($v, &$out) {
    if (is_float($v)) { $out .= bin2hex(pack('E', $v)) . ','; return; }
    if (is_array($v) || is_object($v)) { foreach ($v as $x) fp_bits($x, $out); }
}

// One side over a chunk: a fingerprint per document.
function run_side(bool $on, array $docs, $assoc, int $depth, int $flags): array {
    ini_set('rustjson.decode', '0');
    json_decode('[1]');                                      // the same error state (none) before each chunk
    ini_set('rustjson.decode', $on ? '1' : '0');
    $out = [];
    foreach ($docs as $i => $d) {
        $e = '';
        try {
            $r = json_decode($d, $assoc, $depth, $flags);
        } catch (Throwable $x) {
            $r = null;
            $e = get_class($x) . '|' . $x->getCode() . '|' . $x->getMessage();
        }
        $b = '';
        fp_bits($r, $b);
        // The outcome first (error code, or X for an exception): counted per sweep.
        $out[$i] = ($e === '' ? json_last_error() : 'X') . "\x01" . json_last_error() . "\x01" . json_last_error_msg()
            . "\x01" . $e . "\x01" . $b . "\x01" . serialize($r);
    }
    ini_set('rustjson.decode', '0');
    return $out;
}

$total = ['docs' => 0, 'decodes' => 0, 'diff' => 0];
// settings: list of [assoc, depth, flags]
function sweep(string $name, array $docs, array $settings) {
    global $quick, $break, $only, $total;
    if ($only !== null && !in_array($name, $only, true)) return;
    $t0 = microtime(true);
    if ($quick) {
        $docs = array_values(array_filter($docs, fn($k) => $k % 16 === 0, ARRAY_FILTER_USE_KEY));
    }
    $diff = 0;
    $decodes = 0;
    $kinds = [];
    foreach ($settings as [$assoc, $depth, $flags]) {
        foreach (array_chunk($docs, 4096) as $chunk) {
            $a = run_side(false, $chunk, $assoc, $depth, $flags);
            $b = run_side(true, $chunk, $assoc, $depth, $flags);
            if ($break && $decodes === 0) $b[0] .= 'x';
            $decodes += 2 * count($chunk);
            foreach ($a as $i => $x) {
                if ($x === $b[$i]) {
                    $o = strstr($x, "\x01", true);
                    $kinds[$o] = ($kinds[$o] ?? 0) + 1;
                    continue;
                }
                $diff++;
                if ($diff <= 10) {
                    echo "DIFF ($name) input ", bin2hex(substr($chunk[$i], 0, 100)), ' (', strlen($chunk[$i]), ' bytes) assoc=',
                        var_export($assoc, true), " depth=$depth flags=$flags\n",
                        '  stock:    ', substr(str_replace("\x01", ' | ', $x), 0, 300), "\n",
                        '  rustjson: ', substr(str_replace("\x01", ' | ', $b[$i]), 0, 300), "\n";
                }
            }
        }
    }
    ksort($kinds);
    $k = [];
    foreach ($kinds as $code => $n) $k[] = ($code === 0 ? 'ok' : ($code === 'X' ? 'exception' : "E$code")) . " $n";
    printf("sweep %-11s %9d documents x %d settings = %9d decodes, %d differences (%s) %.1f s\n",
        $name, count($docs), count($settings), $decodes, $diff, implode(', ', $k), microtime(true) - $t0);
    $total['docs'] += count($docs) * count($settings);
    $total['decodes'] += $decodes;
    $total['diff'] += $diff;
}

function utf8_settings(bool $throw_sample = true): array {
    $s = [];
    foreach (UTF8 as $f) $s[] = [false, 512, $f];
    if ($throw_sample) $s[] = [true, 512, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE];
    return $s;
}

$t_all = microtime(true);

// 1- and 2-byte strings.
$docs = ['""'];
for ($a = 0; $a < 256; $a++) $docs[] = '"' . chr($a) . '"';
for ($a = 0; $a < 256; $a++) for ($b = 0; $b < 256; $b++) $docs[] = '"' . chr($a) . chr($b) . '"';
sweep('str1-2', $docs, utf8_settings());
$inner = array_map(fn($d) => substr($d, 1, -1), $docs);
// The same strings as keys (object mode, assoc mode) and as a value beside others in an object.
$keydocs = array_map(fn($s) => '{"' . $s . '":1,"z":"' . $s . '"}', $inner);
sweep('key1-2', $keydocs, [[false, 512, 0], [true, 512, 0], [false, 512, JSON_INVALID_UTF8_SUBSTITUTE],
    [true, 512, JSON_INVALID_UTF8_IGNORE], [null, 512, JSON_OBJECT_AS_ARRAY | JSON_THROW_ON_ERROR]]);

// 3- and 4-byte strings over the class-boundary bytes.
$alpha = ["\x00", "\x1f", ' ', '"', '\\', '/', 'u', '0', 'a', "\x7f", "\x80", "\xbf", "\xc0", "\xc2", "\xdf", "\xe0",
    "\xed", "\xef", "\xf0", "\xf4", "\xf5", "\xff"];
$docs = [];
foreach ($alpha as $x) foreach ($alpha as $y) foreach ($alpha as $z) {
    $docs[] = "\"$x$y$z\"";
    foreach ($alpha as $w) $docs[] = "\"$x$y$z$w\"";
}
sweep('str3-4', $docs, utf8_settings());

// Every \uXXXX alone.
$docs = [];
for ($u = 0; $u < 0x10000; $u++) $docs[] = sprintf('"\\u%04x"', $u);
for ($u = 0; $u < 0x10000; $u += 7) $docs[] = sprintf('"\\u%04X"', $u);
for ($u = 0; $u < 0x10000; $u += 13) $docs[] = sprintf('"a\\u%04Xb"', $u);
sweep('uXXXX', $docs, utf8_settings());

// Every \uXXXX at the start of a key (a leading NUL is error 9 in object mode only) and a sample after one byte.
$docs = [];
for ($u = 0; $u < 0x10000; $u++) $docs[] = sprintf('{"\\u%04x":1}', $u);
for ($u = 0; $u < 0x10000; $u += 7) $docs[] = sprintf('{"a\\u%04x":1,"\\u%04X":[]}', $u, $u);
sweep('keyu', $docs, [[false, 512, 0], [true, 512, 0], [false, 512, JSON_INVALID_UTF8_SUBSTITUTE]]);

// Every surrogate pair: 1,024 documents of 1,024 strings, then a sample one per document.
$docs = [];
for ($h = 0xd800; $h < 0xdc00; $h++) {
    $parts = [];
    for ($l = 0xdc00; $l < 0xe000; $l++) $parts[] = sprintf(($l & 1) ? '"\\u%04x\\u%04x"' : '"\\u%04X\\u%04X"', $h, $l);
    $docs[] = '[' . implode(',', $parts) . ']';
}
sweep('pairs', $docs, [[false, 512, 0], [true, 512, JSON_INVALID_UTF8_IGNORE]]);
$docs = [];
for ($i = 0; $i < 20000; $i++) $docs[] = sprintf('"x\\u%04x\\u%04xy"', mt_rand(0xd800, 0xdbff), mt_rand(0xdc00, 0xdfff));
sweep('pairs1', $docs, [[false, 512, 0], [true, 512, JSON_INVALID_UTF8_SUBSTITUTE]]);

// Lone, reversed and broken surrogates.
$docs = [];
$followers = ['', 'a', '\n', '\u', '\u0', '\udc', '\udc0', '\udcg0', '\\', '"', "\xff", "\xed\xb0\x80"];
for ($h = 0xd800; $h < 0xdc00; $h++) {
    for ($k = 0; $k < 64; $k++) $docs[] = sprintf('"\\u%04x\\u%04x"', $h, mt_rand(0, 0xffff));
    foreach ($followers as $f) $docs[] = sprintf('"\\u%04x', $h) . $f . '"';
}
for ($l = 0xdc00; $l < 0xe000; $l++) {
    $docs[] = sprintf('"\\u%04x\\u%04x"', $l, mt_rand(0xd800, 0xdbff));
    $docs[] = sprintf('"\\u%04x\\u%04x"', $l, $l);
    $docs[] = sprintf('"a\\u%04x"', $l);
}
sweep('surrogates', $docs, utf8_settings());

// Number tokens: every spelling up to 4 characters over the full alphabet, up to 6 over a reduced one.
function tokens(array $alpha, int $n): array {
    $out = [];
    $level = [''];
    for ($len = 1; $len <= $n; $len++) {
        $next = [];
        foreach ($level as $p) foreach ($alpha as $c) $next[] = $p . $c;
        array_push($out, ...$next);
        $level = $next;
    }
    return $out;
}
$full = str_split('0123456789-+.eE');
$docs = tokens($full, 5);
foreach (tokens(str_split('019-+.eE'), 6) as $t) if (strlen($t) > 5) $docs[] = $t;
sweep('numtok', $docs, [[false, 512, 0], [false, 512, JSON_BIGINT_AS_STRING],
    [true, 512, JSON_THROW_ON_ERROR]]);
$numtok_short = tokens($full, 3);

// Integers of 19-25 digits around +-2^63 and around powers of ten.
function dec_add(string $a, int $d): string {
    // $a: non-negative decimal string; $d: small signed int; result non-negative
    $x = array_map('intval', str_split(strrev($a)));
    $carry = $d;
    for ($i = 0; $carry !== 0; $i++) {
        $v = ($x[$i] ?? 0) + $carry;
        $carry = intdiv($v - (($v % 10 + 10) % 10), 10);
        $x[$i] = ($v % 10 + 10) % 10;
    }
    $s = ltrim(strrev(implode('', $x)), '0');
    return $s === '' ? '0' : $s;
}
$bases = ['9223372036854775807', '9223372036854775808', '18446744073709551615', '18446744073709551616'];
for ($d = 18; $d <= 25; $d++) { $bases[] = '1' . str_repeat('0', $d); $bases[] = str_repeat('9', $d); }
$ints = [];
foreach ($bases as $b) for ($k = -64; $k <= 64; $k++) {
    $v = dec_add($b, $k);
    $ints[$v] = true;
}
for ($i = 0; $i < 2000; $i++) {
    $len = mt_rand(19, 25);
    $v = (string)mt_rand(1, 9);
    for ($j = 1; $j < $len; $j++) $v .= mt_rand(0, 9);
    $ints[$v] = true;
}
$ints = array_keys($ints);
$docs = [];
foreach ($ints as $v) {
    $v = (string)$v;
    $docs[] = $v;
    $docs[] = "-$v";
    $docs[] = "[$v,-$v]";
    $docs[] = "-$v.0";
    $docs[] = "{$v}e0";
    $docs[] = "0$v";
}
$bigint_docs = $docs;
sweep('bigint', $docs, [[false, 512, 0], [false, 512, JSON_BIGINT_AS_STRING], [true, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR]]);

// Doubles: random bit patterns and edges, spelled several ways.
$docs = ['-0', '0e0', '-0e0', '0E-0', '-0.0', '0.0e+0', '1E400', '-1E400', '1e-400', '-1e-400', '4.9e-324', '5e-324',
    '2.4703282292062327e-324', '2.4703282292062328e-324', '2.2250738585072011e-308', '2.2250738585072012e-308',
    '2.2250738585072014e-308', '1.7976931348623157e308', '1.7976931348623158e308', '1.7976931348623159e308',
    '9007199254740993', '9007199254740992.5', '0.1', '0.2', '0.30000000000000004', '1e23', '8.98846567431158e307',
    '123456789012345678901234567890e-10', '1' . str_repeat('0', 400), '0.' . str_repeat('0', 400) . '1',
    '1.' . str_repeat('9', 800), '7.' . str_repeat('4', 30) . 'e-320'];
for ($i = 0; $i < 30000; $i++) {
    $r = mt_rand(0, 9);
    if ($r < 5) {                                    // any finite double
        do { $x = unpack('E', pack('NN', mt_rand(0, 0x7fffffff) | (mt_rand(0, 1) << 31), mt_rand(0, 0x7fffffff) | (mt_rand(0, 1) << 31)))[1]; }
        while (!is_finite($x));
    } elseif ($r < 7) {                              // subnormal
        $x = unpack('E', pack('NN', mt_rand(0, 0xfffff) | (mt_rand(0, 1) << 31), mt_rand(0, 0x7fffffff)))[1];
    } elseif ($r < 8) {                              // near the top
        $x = unpack('E', pack('NN', 0x7fe00000 | mt_rand(0, 0xfffff), mt_rand(0, 0x7fffffff)))[1];
    } else {                                         // ordinary magnitudes
        $x = mt_rand() / mt_getrandmax() * 10 ** mt_rand(-8, 20);
    }
    foreach ([17, 16, 15, 20, 25] as $p) {
        $s = sprintf('%.' . ($p - 1) . 'e', $x);
        if (mt_rand(0, 1)) $s = str_replace('e+', 'E', $s);
        $docs[] = $s;
    }
    if (abs($x) > 1e-5 && abs($x) < 1e22) $docs[] = rtrim(sprintf('%.17f', $x), '0');
}
sweep('doubles', $docs, [[false, 512, 0], [true, 512, JSON_BIGINT_AS_STRING]]);

// Number spellings and big integers as keys.
$docs = [];
foreach (array_merge(['0', '1', '-1', '01', '-0', '00', '+1', ' 1', '1 ', '1.0', '1e2', '2147483648', '-2147483649',
    '9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809'], $numtok_short) as $k) {
    $docs[] = '{"' . $k . '":1}';
    $docs[] = '{"' . $k . '":1,"a":2,"' . $k . '":3}';
    $docs[] = '[{"x":0,"' . $k . '":1,"0":2}]';
}
foreach ($ints as $v) { $docs[] = '{"' . $v . '":1,"-' . $v . '":2}'; }
for ($k = -70; $k <= 70; $k++) {
    foreach (['9223372036854775807', '9223372036854775808'] as $b) {
        $v = dec_add($b, $k);
        $docs[] = '{"' . $v . '":1,"-' . $v . '":2}';
    }
}
sweep('numkey', $docs, [[true, 512, 0], [false, 512, 0], [null, 512, JSON_OBJECT_AS_ARRAY], [false, 1, 0], [true, 2, 0]]);

// Whole documents: every one of 1-2 bytes, of 3-4 over 17 structural/literal characters, of 5-6
// over 9 (brackets, braces, comma, colon, quote, a digit, a space).
$docs = [];
for ($a = 0; $a < 256; $a++) {
    $docs[] = chr($a);
    for ($b = 0; $b < 256; $b++) $docs[] = chr($a) . chr($b);
}
foreach (tokens(str_split("[]{},:\"01-.e \ntn\\"), 4) as $t) if (strlen($t) > 2) $docs[] = $t;
foreach (tokens(str_split('[]{},:"0 '), 6) as $t) if (strlen($t) > 4) $docs[] = $t;
sweep('docs', $docs, [[false, 512, 0], [true, 512, 0], [true, 1, 0], [false, 2, JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_IGNORE],
    [null, 512, JSON_OBJECT_AS_ARRAY | JSON_THROW_ON_ERROR]]);

// Deep nesting around the depth limits and the parser's internal thresholds, with a leaf that is
// valid, invalid UTF-8 (repaired under IGNORE/SUBSTITUTE), a lone surrogate, a syntax error, or
// missing a closing bracket. A debug PHP's serialize() overflows its C stack near 10,000 levels:
// there the deepest are left out.
$docs = [];
$ns = [1, 2, 63, 64, 65, 511, 512, 513, 999, 1000, 1001, 1002, 1023, 1024, 1025, 2047, 2048, 2049];
if (!PHP_DEBUG) array_push($ns, 4095, 4096, 4097);
foreach ($ns as $n) {
    foreach (['1', "\"\xff\"", '"\ud800"', "{\"a\xfe\":\"\xff\"}", '[]', '{}', 'x', '"\u0000"', '{"\u0000":1}', '-0', '1e400'] as $leaf) {
        $docs[] = str_repeat('[', $n) . $leaf . str_repeat(']', $n);
        $docs[] = str_repeat('{"k":', $n) . $leaf . str_repeat('}', $n);
        $docs[] = str_repeat('[{"":', $n) . $leaf . str_repeat('}]', $n);
        $docs[] = str_repeat('[', $n) . $leaf . str_repeat(']', $n - 1);
        $docs[] = str_repeat('[1,', $n) . $leaf . str_repeat(']', $n) . ' ';
    }
}
$nest_settings = [];
foreach ([512, 1000, 1001, 1025, 2048, 2049, 4097, 8200] as $depth) {
    $nest_settings[] = [true, $depth, 0];
    $nest_settings[] = [false, $depth, JSON_INVALID_UTF8_SUBSTITUTE];
}
$nest_settings[] = [null, 100000, JSON_INVALID_UTF8_IGNORE | JSON_OBJECT_AS_ARRAY];
$nest_settings[] = [false, 100000, JSON_INVALID_UTF8_IGNORE | JSON_THROW_ON_ERROR];
sweep('nest', $docs, $nest_settings);

// Unquoted number tokens in key position: with JSON_BIGINT_AS_STRING stock's scanner returns an
// integer beyond the int range as a string token, which the parser takes as a key.
$docs = [];
$keytoks = array_merge($numtok_short, ['9223372036854775807', '-9223372036854775808', '9223372036854775808.0', '1e400']);
foreach ($ints as $v) { $keytoks[] = (string)$v; $keytoks[] = "-$v"; }
foreach ($keytoks as $k) {
    $docs[] = '{' . $k . ':1}';
    $docs[] = '{"a":0, ' . $k . ' :1,"b":2}';
    $docs[] = '[{' . $k . ':{}}]';
    $docs[] = '{"' . $k . '":1,' . $k . ':2}';
    $docs[] = '{' . $k . '}';
    $docs[] = '{' . $k . ':"\ud800"}';
}
sweep('bigkey', $docs, [[true, 512, 0], [true, 512, JSON_BIGINT_AS_STRING], [false, 512, JSON_BIGINT_AS_STRING],
    [null, 512, JSON_BIGINT_AS_STRING | JSON_OBJECT_AS_ARRAY], [false, 1, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR]]);

$t = microtime(true) - $t_all;
printf("sweep: %d document decodes per side (%d decodes), %d differences%s, %.1f s\n",
    $total['docs'], $total['decodes'], $total['diff'], $quick ? ' (--quick: every 16th document)' : '', $t);
exit($total['diff'] ? 1 : 0);
