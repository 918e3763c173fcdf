<?php
/*
 * tools/validate_diff.php: the json_validate differential. One case generator, two subjects:
 *
 *   php -n -d extension=rustjson.so tools/validate_diff.php [--count=N] [--seed=S] ...
 *       rustjson's json_validate() in this process (make test-validate, and the "validate" stage of
 *       every tools/php-builds leg). Oracle: on PHP 8.3+ stock json_validate(), the same call with
 *       rustjson.enabled=0 (the stock handler); on PHP 8.2 json_decode($s, true, $depth, $flags) +
 *       json_last_error() (the same scanner and parser; rustjson provides json_validate() itself
 *       there, so the ini switch cannot reach stock). Compared per case: the result, json_last_error()
 *       after the call (an error is left behind before each call) and exceptions, as text.
 *   php -n tools/validate_diff.php --cli=PATH [--count=N] [--seed=S] ...
 *       rustjson_core::validate::validate through core/examples/validate_cli.rs, fed a records file per
 *       batch (tools/validate_diff.sh, make validate-diff). Oracle: json_decode() + json_last_error()
 *       (assoc=true, so no E9 for "\u0000" keys). Compared per case: the error code.
 *
 * Options (--name=value or --name value): --count (default 100000), --seed (default random, printed),
 * --batch (cases per batch, default 20000), --corpora=DIR (default ../shared/corpora beside the
 * repository; missing: the corpus-based cases are replaced by generated ones), --max-repros (differing
 * cases printed, minimized by delta debugging; default 5).
 *
 * Inputs: generated valid documents (all number forms, escapes, raw UTF-8, whitespace), token soups,
 * windows and sub-documents of the corpora, whole corpora, nested shapes that end near bison's
 * YYMAXDEPTH stack limit, json_encode()d random values and hand-picked tricky documents; most are then
 * mutated (insertions of structural bytes, control bytes, invalid UTF-8, bad escapes, odd whitespace;
 * deletions, replacements, truncation). Depths: 512, or near the document's nesting, or 1 to 4.
 * Flags: 0 or JSON_INVALID_UTF8_IGNORE.
 *
 * Last line: "validate: N passed, D failed"; exit 0 iff D = 0 (2 on a usage or setup error).
 */

const IGNORE = JSON_INVALID_UTF8_IGNORE;

$opt = ['cli' => null, 'count' => '100000', 'seed' => null, 'batch' => '20000',
    'corpora' => __DIR__ . '/../../shared/corpora', 'max-repros' => '5'];
for ($i = 1; $i < $argc; $i++) {
    if (!preg_match('/^--([a-z-]+)(?:=(.*))?$/s', $argv[$i], $m) || !array_key_exists($m[1], $opt)) {
        fwrite(STDERR, "validate: unknown argument '{$argv[$i]}'\n"
            . "usage: php tools/validate_diff.php [--cli=PATH] [--count=N] [--seed=S] [--batch=B] [--corpora=DIR] [--max-repros=R]\n");
        exit(2);
    }
    $opt[$m[1]] = $m[2] ?? $argv[++$i] ?? '';
}
foreach (['count', 'seed', 'batch', 'max-repros'] as $k) {
    if ($opt[$k] !== null && !preg_match('/^\d+$/', $opt[$k])) {
        fwrite(STDERR, "validate: --$k wants a whole number, not '$opt[$k]'\n");
        exit(2);
    }
}
$cli = $opt['cli'];
$count = (int) $opt['count'];
$seed = $opt['seed'] !== null ? (int) $opt['seed'] : random_int(1, PHP_INT_MAX);
$batch = max(1, (int) $opt['batch']);
$maxRepros = (int) $opt['max-repros'];
mt_srand($seed);
if ($cli !== null) {
    if (!is_executable($cli)) {
        fwrite(STDERR, "validate: --cli=$cli is not an executable\n");
        exit(2);
    }
    $subject = "rustjson_core::validate ($cli)";
    $oracle = 'json_decode()';
} else {
    if (!extension_loaded('rustjson') || ini_get('rustjson.enabled') !== '1') {
        echo "validate: ERROR: rustjson is not loaded and enabled (or pass --cli=PATH)\n";
        exit(2);
    }
    $native = PHP_VERSION_ID >= 80300;
    $subject = "rustjson's json_validate()";
    $oracle = $native ? 'stock json_validate()' : 'json_decode()';
}

// ---------------------------------------------------------------- corpora
$corpora = [];
$opt['corpora'] = realpath($opt['corpora']) ?: $opt['corpora'];
foreach (glob("$opt[corpora]/*.json") ?: [] as $f) {
    $corpora[basename($f)] = file_get_contents($f);
}
$corpusNames = array_keys($corpora);
// Sub-documents of the corpora (decoded once), re-encoded on demand.
$subdocs = [];
if ($corpora && ini_get('memory_limit') !== '-1') {
    ini_set('memory_limit', '2G');
}
foreach ($corpora as $name => $text) {
    $v = json_decode($text, true, 100000);
    collect_subdocs($v, $subdocs, 0);
}
unset($v);
echo "validate: seed=$seed count=$count php=", PHP_VERSION, " subject=$subject oracle=$oracle corpora=",
    $corpora ? count($corpora) . " files in $opt[corpora]" : 'none', "\n";

function collect_subdocs($v, array &$out, int $lvl): void
{
    if (!is_array($v)) {
        return;
    }
    if (count($out) < 20000 && mt_rand(0, 3) == 0) {
        $out[] = $v;
    }
    foreach ($v as $x) {
        if (is_array($x) && mt_rand(0, 2) == 0) {
            collect_subdocs($x, $out, $lvl + 1);
        }
    }
}

// ------------------------------------------------------------- generators
function pick(array $a)
{
    return $a[mt_rand(0, count($a) - 1)];
}

function ws(): string
{
    if (mt_rand(0, 2) != 0) {
        return '';
    }
    $n = mt_rand(0, 9) == 0 ? mt_rand(10, 70) : mt_rand(1, 4);
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= pick([' ', ' ', ' ', "\n", "\t", "\r"]);
    }
    return $s;
}

function utf8_char(int $cp): string
{
    if ($cp < 0x80) {
        return chr($cp);
    }
    if ($cp < 0x800) {
        return chr(0xC0 | ($cp >> 6)) . chr(0x80 | ($cp & 0x3F));
    }
    if ($cp < 0x10000) {
        return chr(0xE0 | ($cp >> 12)) . chr(0x80 | (($cp >> 6) & 0x3F)) . chr(0x80 | ($cp & 0x3F));
    }
    return chr(0xF0 | ($cp >> 18)) . chr(0x80 | (($cp >> 12) & 0x3F)) . chr(0x80 | (($cp >> 6) & 0x3F))
        . chr(0x80 | ($cp & 0x3F));
}

function gen_string(): string
{
    $n = mt_rand(0, 9) == 0 ? mt_rand(20, 200) : mt_rand(0, 14);
    $s = '"';
    for ($i = 0; $i < $n; $i++) {
        $r = mt_rand(0, 99);
        if ($r < 55) {
            $c = mt_rand(0x20, 0x7E);
            $s .= chr($c == 0x22 || $c == 0x5C ? 0x41 : $c);
        } elseif ($r < 65) {
            $s .= pick(['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t']);
        } elseif ($r < 72) {
            $cp = mt_rand(0, 0xFFFF);
            if ($cp >= 0xD800 && $cp <= 0xDFFF) {
                $cp = 0x41;
            }
            $s .= sprintf(mt_rand(0, 1) ? '\\u%04x' : '\\u%04X', $cp);
        } elseif ($r < 75) {
            $s .= sprintf('\\u%04X\\u%04x', mt_rand(0xD800, 0xDBFF), mt_rand(0xDC00, 0xDFFF));
        } elseif ($r < 95) {
            $cp = pick([mt_rand(0x80, 0x7FF), mt_rand(0x800, 0xD7FF), mt_rand(0xE000, 0xFFFF), mt_rand(0x10000, 0x10FFFF)]);
            $s .= utf8_char($cp);
        } else {
            $s .= "\x7F";
        }
    }
    return $s . '"';
}

function gen_number(): string
{
    $s = mt_rand(0, 3) == 0 ? '-' : '';
    if (mt_rand(0, 4) == 0) {
        $s .= '0';
    } else {
        $s .= mt_rand(1, 9);
        $n = mt_rand(0, 6) == 0 ? mt_rand(10, 30) : mt_rand(0, 5);
        for ($i = 0; $i < $n; $i++) {
            $s .= mt_rand(0, 9);
        }
    }
    if (mt_rand(0, 2) == 0) {
        $s .= '.';
        $n = mt_rand(1, 6);
        for ($i = 0; $i < $n; $i++) {
            $s .= mt_rand(0, 9);
        }
    }
    if (mt_rand(0, 3) == 0) {
        $s .= pick(['e', 'E']) . pick(['', '+', '-']) . mt_rand(0, 400);
    }
    return $s;
}

function gen_value(int $d, int $maxd): string
{
    $r = mt_rand(0, 99);
    if ($d < $maxd && $r < 35) {
        $n = mt_rand(0, 5);
        if ($r < 17) {
            $s = '[' . ws();
            for ($i = 0; $i < $n; $i++) {
                $s .= ($i ? ',' . ws() : '') . gen_value($d + 1, $maxd) . ws();
            }
            return $s . ']';
        }
        $s = '{' . ws();
        for ($i = 0; $i < $n; $i++) {
            $s .= ($i ? ',' . ws() : '') . gen_string() . ws() . ':' . ws() . gen_value($d + 1, $maxd) . ws();
        }
        return $s . '}';
    }
    if ($r < 65) {
        return gen_string();
    }
    if ($r < 90) {
        return gen_number();
    }
    return pick(['true', 'false', 'null']);
}

function gen_doc(): string
{
    return ws() . gen_value(0, mt_rand(0, 9) == 0 ? mt_rand(6, 30) : mt_rand(0, 5)) . ws();
}

$PIECES = [
    '{', '}', '[', ']', ':', ',', '"', '\\', ' ', "\t", "\n", "\r", "\r\n", "\f", "\v", "\x00", "\x01", "\x08",
    "\x1f", "\x7f", "\x80", "\xbf", "\xc0", "\xc1", "\xc0\x80", "\xc2", "\xc3\xa9", "\xc3", "\xc3\x28", "\xe2\x82",
    "\xe2\x82\xac", "\xe0\x80\x80", "\xe0\xa0\x80", "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\x9f\xbf", "\xef\xbb\xbf",
    "\xef\xbf\xbf", "\xf0\x9f\x98\x80", "\xf0\x9f\x98", "\xf0\x80\x80\x80", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf",
    "\xf4\x90\x80\x80", "\xf5", "\xf8", "\xfe", "\xff", "\xc2\xa0", "\xe2\x80\xa8",
    '\\u', '\\u1', '\\u12', '\\u123', '\\u0041', '\\u00e9', '\\u0000', '\\uD800', '\\udbff', '\\uDC00', '\\uDFFF',
    '\\uD800\\uDC00', '\\uDBFF\\uDFFF', '\\uD800\\u0041', '\\uD800\\uD800', '\\uD800\\uDC0', '\\uD800\\', '\\uD800\\u',
    '\\uDC00\\uD800', '\\uZZZZ', '\\U0041', '\\x', '\\a', "\\'", '\\0', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t',
    '\\"', '\\\\', '\\' . "\x01", '\\' . "\xff", 'true', 'tru', 'false', 'fals', 'null', 'nul', 'True', 'NULL',
    '0', '1', '01', '00', '-', '-0', '-01', '--1', '1.', '.5', '1.e1', '1e', '1e+', '1E-5', '1e5x', '+1', '0x1', '1.5e3',
    '-1.0e-0', '123456789012345678901234567890', '9223372036854775808', '-9223372036854775809', '1e999', 'NaN',
    'Infinity', '[]', '{}', '[[', ']]', '{"a":', '""', '"a"', '"\\u0000"', 'a', "'", '<', '#', '/', '*', '=',
];

function token_soup(): string
{
    global $PIECES;
    $n = mt_rand(1, 12);
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= (mt_rand(0, 3) == 0 ? ws() : '') . pick($PIECES);
    }
    return $s;
}

function corpus_window(): string
{
    global $corpora, $corpusNames;
    $text = $corpora[pick($corpusNames)];
    $len = mt_rand(0, 5) == 0 ? mt_rand(200, 6000) : mt_rand(1, 200);
    $start = mt_rand(0, max(0, strlen($text) - $len));
    if (mt_rand(0, 1)) {
        // Start at a token boundary.
        $p = strpos($text, pick(['{', '[', '"', ',', ':']), $start);
        if ($p !== false) {
            $start = $p + (mt_rand(0, 1) && $text[$p] !== '{' && $text[$p] !== '[' ? 1 : 0);
        }
    }
    return substr($text, $start, $len);
}

function subdoc(): string
{
    global $subdocs;
    $v = pick($subdocs);
    $flags = pick([0, JSON_PRETTY_PRINT, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT,
        JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES]);
    $s = json_encode($v, $flags | JSON_PARTIAL_OUTPUT_ON_ERROR);
    if (strlen($s) > 20000) {
        $s = substr($s, 0, mt_rand(0, 20000));
    }
    return $s;
}

/** A nested shape whose bison stack peaks near YYMAXDEPTH (10000). */
function deep_shape(int &$levelsOut): string
{
    // Per level: [ first element (+2), [ later element (+4), { first member (+4), { later member (+6).
    $open = ['[', '[0,', '{"k":', '{"a":0,"k":'];
    $inc = [2, 4, 4, 6];
    // A few level mixes: pure arrays, pure objects, all kinds, mostly arrays, "later" positions only.
    $kinds = pick([[0], [2], [0, 1, 2, 3], [0, 0, 0, 1, 2], [1, 3], [0, 2], [1]]);
    $target = mt_rand(0, 3) == 0 ? mt_rand(9000, 10100) : mt_rand(9985, 10012);
    $h = 1;
    $levels = [];
    $s = '';
    while ($h < $target) {
        $k = pick($kinds);
        $levels[] = $k;
        $s .= $open[$k];
        if (mt_rand(0, 40) == 0) {
            $s .= ws();
        }
        $h += $inc[$k];
    }
    $levelsOut = count($levels);
    $s .= pick(['1', '"x"', '[]', '{}', '[1]', '[1,2]', '{"a":1}', '{"a":1,"b":2}', '[[]]', '[{}]', '{"a":[]}',
        '', ' ', "\x01", "\"\xff\"", '"\\uD800"', ']', '}', '[}', '{]', '{"a"}', '{"a":}', '[1,]', 'x', '[[[', '{"a":{"b":[']);
    // One shape in five gets one corrupted closing (mismatched, or the
    // rest cut off) at a random level; the others close properly.
    $corrupt = mt_rand(0, 4) == 0 ? mt_rand(0, count($levels) - 1) : -1;
    $close = '';
    for ($i = count($levels) - 1; $i >= 0; $i--) {
        $arr = $levels[$i] < 2;
        $r = mt_rand(0, 99);
        if ($i == $corrupt) {
            if ($r < 50) {
                $close .= $arr ? '}' : ']';
            } else {
                break;
            }
        } elseif ($r < 6) {
            $close .= $arr ? ',1]' : ',"z":1}';
        } elseif ($r < 8) {
            $close .= $arr ? ',[]]' : ',"z":{}}';
        } else {
            $close .= $arr ? ']' : '}';
        }
    }
    return $s . $close;
}

function mutate(string $s): string
{
    global $PIECES;
    $n = strlen($s);
    $pos = mt_rand(0, $n);
    switch (mt_rand(0, 9)) {
        case 0:
        case 1:
        case 2:
            return substr($s, 0, $pos) . pick($PIECES) . substr($s, $pos);
        case 3:
            return substr($s, 0, $pos) . substr($s, $pos + mt_rand(1, 8));
        case 4:
        case 5:
            return substr($s, 0, $pos) . pick($PIECES) . substr($s, $pos + 1);
        case 6:
            return substr($s, 0, $pos) . chr(mt_rand(0, 255)) . substr($s, $pos + 1);
        case 7:
            return substr($s, 0, $pos);
        case 8:
            // Swap a structural byte for another one.
            if (preg_match_all('/[\[\]{},:]/', $s, $m, PREG_OFFSET_CAPTURE) && $m[0]) {
                $p = pick($m[0])[1];
                return substr($s, 0, $p) . pick(['[', ']', '{', '}', ',', ':', '', ' ']) . substr($s, $p + 1);
            }
            return $s . pick($PIECES);
        default:
            // Odd whitespace next to a token.
            return substr($s, 0, $pos) . pick(["\f", "\v", "\xc2\xa0", "\xef\xbb\xbf", "\x00", "\r", "\t"]) . substr($s, $pos);
    }
}

/** PHP depth needed by $s (1 + deepest nesting), ignoring errors. */
function nesting(string $s): int
{
    $d = 0;
    $max = 0;
    $in = false;
    $n = strlen($s);
    for ($i = 0; $i < $n; $i++) {
        $c = $s[$i];
        if ($in) {
            if ($c === '\\') {
                $i++;
            } elseif ($c === '"') {
                $in = false;
            }
        } elseif ($c === '"') {
            $in = true;
        } elseif ($c === '[' || $c === '{') {
            $d++;
            $max = max($max, $d);
        } elseif ($c === ']' || $c === '}') {
            $d--;
        }
    }
    return $max + 1;
}


// json_encode()d random values and hand-picked documents, with their own mutations.
function rnd_value(int $d): mixed
{
    $r = mt_rand(0, $d > 4 ? 5 : 9);
    switch ($r) {
        case 0:
            return null;
        case 1:
            return (bool) mt_rand(0, 1);
        case 2:
            return mt_rand(-1000000, 1000000) * (mt_rand(0, 3) ? 1 : 1000003);
        case 3:
            return mt_rand() / mt_getrandmax() * 10 ** mt_rand(-30, 30) * (mt_rand(0, 1) ? 1 : -1);
        case 4:
        case 5:
            $s = '';
            for ($i = mt_rand(0, 12); $i > 0; $i--) {
                $s .= pick(['a', 'Z', ' ', '"', '\\', '/', "\u{e9}", "\u{20ac}", "\u{1f600}", "\n", "\x01", '0']);
            }
            return $s;
        case 6:
        case 7:
            $a = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) {
                $a[] = rnd_value($d + 1);
            }
            return $a;
        default:
            $o = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) {
                $o['k' . mt_rand(0, 20) . (mt_rand(0, 5) ? '' : "\u{e9}")] = rnd_value($d + 1);
            }
            return (object) $o;
    }
}

$FIXED = ['', ' ', '0', '-0', '01', '1.', '.5', '1e', '1e+', '-', '--1', '1E400', '-1e-400', '"', '"\\', '"\\u', '"\\u00"',
    '"\\ud800"', '"\\udc00\\ud800"', '"\\ud83d\\ude00"', '"\\uD83D"', "\"\x00\"", "\"\x1f\"", "\"\x7f\"", "\"\xc3\xa9\"",
    "\"\xc3\"", "\"\xe2\x82\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xc0\xaf\"", "\"\xff\"", '[', ']', '[1,]', '[,1]',
    '{"a"}', '{"a":}', '{"a":1,}', '{1:2}', '{"a":1 "b":2}', 'tru', 'nul', 'falsey', 'null null', "[1]\x00", "\xef\xbb\xbf[]",
    " \t\n\r[ \t\n\r]", "\x0b[]", "\f[]", '[[[[[[[[[[]]]]]]]]]]', '{"":{"":{"":[]}}}', '"\\/\\b\\f\\n\\r\\t\\"\\\\"', '"\\x"', "'a'"];
$NOISE = ['[', ']', '{', '}', ',', ':', '"', '\\', 'u', '0', '9', 'e', 'E', '+', '-', '.', ' ', "\t", "\n", "\r", "\x00", "\x01",
    "\x1f", "\x7f", "\x80", "\xbf", "\xc0", "\xc2", "\xe0", "\xed", "\xf0", "\xf4", "\xf5", "\xff", 'true', 'null', '\\u0000', '\\ud800'];

function encoded_case(): array
{
    global $FIXED, $NOISE;
    $doc = mt_rand(0, 9) === 0 ? pick($FIXED)
        : json_encode(rnd_value(0), mt_rand(0, 1) ? JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE : 0);
    for ($m = mt_rand(0, 3); $m > 0 && $doc !== ''; $m--) {
        $p = mt_rand(0, strlen($doc));
        switch (mt_rand(0, 3)) {
            case 0:
                $doc = substr($doc, 0, $p) . pick($NOISE) . substr($doc, $p);
                break;
            case 1:
                $doc = substr($doc, 0, $p) . substr($doc, $p + 1);
                break;
            case 2:
                $doc = substr($doc, 0, $p) . pick($NOISE) . substr($doc, $p + 1);
                break;
            default:
                $doc = substr($doc, 0, $p);
                break;
        }
    }
    $need = nesting($doc);
    $depth = pick([512, 512, max(1, $need - 1), $need, max(1, $need - 2), mt_rand(1, 4)]);
    return [$doc, $depth, mt_rand(0, 2) ? 0 : IGNORE];
}

function gen_case(): array
{
    global $corpora, $corpusNames;
    $r = mt_rand(0, 9999);
    if (!$corpora && ($r >= 5400 && $r < 8300 || $r >= 9990)) {
        // No corpora: their share goes to generated documents.
        $r = $r % 2 ? 0 : 8300;
    }
    $mut = mt_rand(0, 3);
    $levels = -1;
    if ($r < 3200) {
        $s = gen_doc();
    } elseif ($r < 5400) {
        $s = token_soup();
        $mut = mt_rand(0, 1);
    } elseif ($r < 7000) {
        $s = corpus_window();
        $mut = mt_rand(0, 2);
    } elseif ($r < 8300) {
        $s = subdoc();
    } elseif ($r < 9750) {
        return encoded_case();
    } elseif ($r < 9990) {
        $s = deep_shape($levels);
        $mut = mt_rand(0, 5) == 0 ? 1 : 0;
    } else {
        $s = $corpora[pick($corpusNames)];
        $mut = mt_rand(0, 2);
    }
    for ($i = 0; $i < $mut; $i++) {
        $s = mutate($s);
    }
    $flags = mt_rand(0, 1) ? IGNORE : 0;
    $dr = mt_rand(0, 9);
    if ($levels >= 0) {
        $depth = $dr < 7 ? pick([100000, 2147483647]) : max(1, $levels + mt_rand(-2, 2));
    } elseif ($dr < 6) {
        $depth = 512;
    } else {
        $need = strlen($s) > 100000 ? 600 : nesting($s);
        $depth = max(1, pick([$need - 1, $need, $need + 1, mt_rand(1, $need + 2), 1, 2]));
    }
    return [$s, $depth, $flags];
}

// ------------------------------------------------------------ comparison
/** The oracle's result for each case: an error code (--cli), else [result, json_last_error()]. */
function expected(array $cases): array
{
    global $cli, $native;
    $out = [];
    if ($cli === null && $native) {
        ini_set('rustjson.enabled', '0');
        foreach ($cases as [$s, $depth, $flags]) {
            $out[] = call($s, $depth, $flags);
        }
        ini_set('rustjson.enabled', '1');
        return $out;
    }
    // The oracle is stock's json_decode(): rustjson serves it by default.
    $dec = ini_get('rustjson.decode');
    if ($dec !== false) {
        ini_set('rustjson.decode', '0');
    }
    foreach ($cases as [$s, $depth, $flags]) {
        if ($s === '') {
            json_decode('');
        } else {
            json_decode($s, true, $depth, $flags);
        }
        $e = json_last_error();
        $out[] = $cli === null ? [$e === 0, $e] : $e;
    }
    if ($dec !== false) {
        ini_set('rustjson.decode', $dec);
    }
    return $out;
}

/** The subject's result for each case, in the same form. */
function actual(array $cases): array
{
    global $cli;
    if ($cli === null) {
        return array_map(fn ($c) => call(...$c), $cases);
    }
    $f = tempnam(sys_get_temp_dir(), 'vdiff');
    $h = fopen($f, 'wb');
    foreach ($cases as [$s, $depth, $flags]) {
        fwrite($h, pack('VCV', $depth, $flags ? 1 : 0, strlen($s)) . $s);
    }
    fclose($h);
    $out = shell_exec(escapeshellarg($cli) . ' ' . escapeshellarg($f));
    unlink($f);
    $lines = $out === null || $out === false ? [] : explode("\n", rtrim($out, "\n"));
    if (count($lines) != count($cases)) {
        fwrite(STDERR, "validate: the CLI returned " . count($lines) . " codes for " . count($cases) . " cases\n");
        exit(2);
    }
    return array_map('intval', $lines);
}

/** json_validate() with an error left behind from before; an exception as its class and message. */
function call(string $s, int $depth, int $flags): array
{
    json_decode('{');
    try {
        return [json_validate($s, $depth, $flags), json_last_error()];
    } catch (Throwable $e) {
        return [get_class($e) . ': ' . $e->getMessage(), json_last_error()];
    }
}

/** A result as text: "E4" (--cli), "false/E4", "ValueError: .../E0". */
function result_text($r): string
{
    if (is_int($r)) {
        return "E$r";
    }
    return (is_bool($r[0]) ? var_export($r[0], true) : $r[0]) . "/E$r[1]";
}

/** Shrinks a differing case while it still differs (ddmin over byte chunks). */
function minimize(string $s, int $depth, int $flags): string
{
    $differs = function (array $cands) use ($depth, $flags): int {
        $cases = [];
        foreach ($cands as $c) {
            $cases[] = [$c, $depth, $flags];
        }
        $want = expected($cases);
        $got = actual($cases);
        foreach ($cands as $i => $c) {
            if ($want[$i] !== $got[$i]) {
                return $i;
            }
        }
        return -1;
    };
    $chunk = max(1, intdiv(strlen($s), 2));
    $rounds = 0;
    while ($chunk >= 1 && $rounds++ < 400 && strlen($s) > 1) {
        $cands = [];
        for ($i = 0; $i < strlen($s); $i += $chunk) {
            $cands[] = substr($s, 0, $i) . substr($s, $i + $chunk);
        }
        // Large deep inputs: cap the candidate count per round.
        if (count($cands) > 2000) {
            $chunk *= 2;
            continue;
        }
        $i = $differs($cands);
        if ($i >= 0) {
            $s = $cands[$i];
            $chunk = min($chunk, max(1, intdiv(strlen($s), 2)));
        } elseif ($chunk == 1) {
            break;
        } else {
            $chunk = intdiv($chunk, 2);
        }
    }
    return $s;
}

function show(string $s): string
{
    if (strlen($s) > 300) {
        return var_export(substr($s, 0, 150), true) . ' ... (' . strlen($s) . ' bytes) ... ' . var_export(substr($s, -100), true);
    }
    return '"' . addcslashes($s, "\0..\37\"\\\177..\377") . '"';
}

// ------------------------------------------------------------------ run
$passed = $failed = 0;
$repros = [];
$byCode = [];
$progress = stream_isatty(STDERR);
$t0 = microtime(true);
for ($done = 0; $done < $count; $done += $n) {
    $n = min($batch, $count - $done);
    $cases = [];
    for ($i = 0; $i < $n; $i++) {
        $cases[] = gen_case();
    }
    $got = actual($cases);
    $want = expected($cases);
    foreach ($cases as $i => [$s, $depth, $flags]) {
        $w = $want[$i];
        $key = is_int($w) ? $w : (is_bool($w[0]) ? $w[1] : 'exception');
        $byCode[$key] = ($byCode[$key] ?? 0) + 1;
        if ($w === $got[$i]) {
            $passed++;
        } else {
            $failed++;
            if (count($repros) < $maxRepros) {
                $repros[] = [$s, $depth, $flags, $w, $got[$i]];
            }
        }
    }
    if ($progress) {
        fprintf(STDERR, "\r%d / %d cases, %d differences, %.0f s", $done + $n, $count, $failed, microtime(true) - $t0);
    }
}
if ($progress) {
    fwrite(STDERR, "\n");
}
foreach ($repros as [$s, $depth, $flags, $want, $got]) {
    $m = minimize($s, $depth, $flags);
    $mc = [[$m, $depth, $flags]];
    printf("validate: DIFFERENCE depth=%d flags=%s: oracle %s, subject %s on %s; minimized: %s (oracle %s, subject %s)\n",
        $depth, $flags ? 'IGNORE' : '0', result_text($want), result_text($got), show($s), show($m),
        result_text(expected($mc)[0]), result_text(actual($mc)[0]));
}
ksort($byCode);
echo 'validate: oracle results by json_last_error(): ', implode(' ', array_map(fn ($k, $n) => "$k:$n", array_keys($byCode), $byCode)),
    sprintf(' (%.1f s)', microtime(true) - $t0), "\n";
echo "validate: $passed passed, $failed failed\n";
exit($failed === 0 ? 0 : 1);
