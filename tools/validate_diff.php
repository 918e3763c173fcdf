<?php
// Differential test of rustjson_core::validate::validate against PHP's own
// JSON scanner and parser: json_decode($s, true, $depth, $flags) and
// json_last_error() give json_validate()'s result and error code (same
// scanner and parser; assoc=true, so no E9 for "\u0000" keys).
//
//   php -n tools/validate_diff.php --cli PATH [--count N] [--seed S]
//       [--batch B] [--corpora DIR] [--max-repros R]
//
// Generates N cases (deterministic for a seed), in batches: PHP computes
// its code for each, the Rust CLI (core/examples/validate_cli.rs) computes
// its own from a records file, and the two are compared. Prints
// "N compared, D differences" and exits 1 on any difference, after
// printing up to R repros minimized by delta debugging.
//
// Inputs: generated valid documents (all number forms, escapes, raw UTF-8,
// whitespace), token soups, windows and sub-documents of the corpora,
// whole corpora, and nested shapes that end near bison's YYMAXDEPTH stack
// limit; most are then mutated (insertions of structural bytes, control
// bytes, invalid UTF-8, bad escapes, odd whitespace; deletions,
// replacements, truncation). Depths: 512, or near the document's nesting.
// Flags: 0 or JSON_INVALID_UTF8_IGNORE.

const IGNORE = JSON_INVALID_UTF8_IGNORE;

$opt = getopt('', ['cli:', 'count:', 'seed:', 'batch:', 'corpora:', 'max-repros:']);
$cli = $opt['cli'] ?? null;
if (!$cli) {
    fwrite(STDERR, "usage: php tools/validate_diff.php --cli PATH [--count N] [--seed S]\n");
    exit(2);
}
$count = (int)($opt['count'] ?? 100000);
$seed = (int)($opt['seed'] ?? 1);
$batch = (int)($opt['batch'] ?? 20000);
$corporaDir = $opt['corpora'] ?? (__DIR__ . '/../../shared/corpora');
$maxRepros = (int)($opt['max-repros'] ?? 5);
mt_srand($seed);

// ---------------------------------------------------------------- corpora
$corpora = [];
foreach (glob("$corporaDir/*.json") ?: [] as $f) {
    $corpora[basename($f)] = file_get_contents($f);
}
if (!$corpora) {
    fwrite(STDERR, "no corpora in $corporaDir\n");
    exit(2);
}
$corpusNames = array_keys($corpora);
// Sub-documents of the corpora (decoded once), re-encoded on demand.
$subdocs = [];
foreach ($corpora as $name => $text) {
    $v = json_decode($text, true, 100000);
    collect_subdocs($v, $subdocs, 0);
}

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

function gen_case(): array
{
    global $corpora, $corpusNames;
    $r = mt_rand(0, 9999);
    $mut = mt_rand(0, 3);
    $levels = -1;
    if ($r < 3800) {
        $s = gen_doc();
    } elseif ($r < 6300) {
        $s = token_soup();
        $mut = mt_rand(0, 1);
    } elseif ($r < 8200) {
        $s = corpus_window();
        $mut = mt_rand(0, 2);
    } elseif ($r < 9750) {
        $s = subdoc();
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
function php_code(string $s, int $depth, int $flags): int
{
    json_decode($s, true, $depth, $flags);
    return json_last_error();
}

/** Rust codes for a list of [s, depth, flags]. */
function rust_codes(array $cases): array
{
    global $cli;
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
        fwrite(STDERR, "CLI returned " . count($lines) . " codes for " . count($cases) . " cases\n");
        exit(2);
    }
    return array_map('intval', $lines);
}

/** Shrinks a differing case while it still differs (ddmin over byte chunks). */
function minimize(string $s, int $depth, int $flags): string
{
    $differs = function (array $cands) use ($depth, $flags): int {
        $cases = [];
        foreach ($cands as $c) {
            $cases[] = [$c, $depth, $flags];
        }
        $rust = rust_codes($cases);
        foreach ($cands as $i => $c) {
            if (php_code($c, $depth, $flags) !== $rust[$i]) {
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

$compared = 0;
$diffs = 0;
$repros = [];
$byCode = [];
$t0 = microtime(true);
$done = 0;
while ($done < $count) {
    $n = min($batch, $count - $done);
    $cases = [];
    for ($i = 0; $i < $n; $i++) {
        $cases[] = gen_case();
    }
    $rust = rust_codes($cases);
    foreach ($cases as $i => [$s, $depth, $flags]) {
        $php = php_code($s, $depth, $flags);
        $byCode[$php] = ($byCode[$php] ?? 0) + 1;
        $compared++;
        if ($php !== $rust[$i]) {
            $diffs++;
            if (count($repros) < $maxRepros) {
                $repros[] = [$s, $depth, $flags, $php, $rust[$i]];
            }
        }
    }
    $done += $n;
    fprintf(STDERR, "\r%d / %d cases, %d differences, %.0f s", $done, $count, $diffs, microtime(true) - $t0);
}
fwrite(STDERR, "\n");
foreach ($repros as [$s, $depth, $flags, $php, $rust]) {
    $m = minimize($s, $depth, $flags);
    $mp = php_code($m, $depth, $flags);
    [$mr] = rust_codes([[$m, $depth, $flags]]);
    printf("DIFF depth=%d flags=%s: PHP %d, Rust %d; minimized: %s (PHP %d, Rust %d)\n", $depth,
        $flags ? 'IGNORE' : '0', $php, $rust, show($m), $mp, $mr);
}
ksort($byCode);
echo 'PHP codes:';
foreach ($byCode as $c => $k) {
    echo " E$c=$k";
}
echo "\n";
printf("%d compared, %d differences\n", $compared, $diffs);
exit($diffs ? 1 : 0);
