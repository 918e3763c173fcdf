<?php
// Object-handle differential of json_decode() (object mode above all): one
// side per process. Run it twice with the same COUNT and SEED, once with
// --side=0 (stock ext/json: rustjson.decode=0) and once with --side=1
// (rustjson), and compare the outputs (tools/decode/handles.sh does both
// and reports the first divergent case).
//
// Usage: php -d extension=modules/rustjson.so tools/decode/handles.php --side=0|1 [COUNT] [SEED]
//
// The cases are a deterministic sequence: generated documents full of
// objects (nested objects and arrays, duplicate names replacing objects,
// objects of more than 64 members, `\u0000` keys, deep nesting near the
// $depth limit and near bison's stack cutoff), most of them broken at a
// random point (truncation, a replaced or inserted byte, invalid UTF-8, a
// control character, a bad escape, a lone surrogate, trailing garbage),
// under random $associative, $depth and flags (JSON_THROW_ON_ERROR, the
// INVALID_UTF8 flags, JSON_BIGINT_AS_STRING). After each json_decode()
// the line printed holds the error code (and the exception's code), the
// spl_object_id() of every object in the result (on success) and of K
// objects created right after the call. Objects are kept in a pool and
// released at random (the same draws on both sides), so the object
// store's free list goes through many states; the same sequence gives the
// same handles on both sides only if every call creates and frees
// objects as stock does.

$args = [];
$side = null;
foreach (array_slice($argv, 1) as $a) {
    if (str_starts_with($a, '--side=')) {
        $side = substr($a, 7);
    } else {
        $args[] = $a;
    }
}
if ($side !== '0' && $side !== '1') {
    fwrite(STDERR, "usage: handles.php --side=0|1 [COUNT] [SEED]\n");
    exit(2);
}
$count = (int)($args[0] ?? 100000);
$seed = (int)($args[1] ?? 1);
ini_set('memory_limit', '-1');
if (ini_get('rustjson.decode') === false) {
    fwrite(STDERR, "rustjson is not loaded\n");
    exit(2);
}
ini_set('rustjson.decode', $side);
mt_srand($seed);

const KEYS = ['a', 'b', 'c', 'a', 'b', '', 'k1', '\u0041', 'long-key-name-x', '0', '\u00e9'];
const STRS = ['', 'x', 'hello', '\n', '\u00e9\u4e2d', '\ud83d\ude00', "\xc3\xa9", 'a\"b', '\/'];
const BREAK_BYTES = ['x', '}', ']', ',', ':', '"', "\xff", "\x01", '{', '[', ' ', "\x00", '1', 'n', '\\'];

function ws(): string
{
    return mt_rand(0, 7) === 0 ? [' ', "\n", "\t ", "\r\n  "][mt_rand(0, 3)] : '';
}

function scalar(): string
{
    switch (mt_rand(0, 9)) {
        case 0: return 'null';
        case 1: return mt_rand(0, 1) ? 'true' : 'false';
        case 2: return (string)mt_rand(-1000, 1000);
        case 3: return mt_rand(0, 100) . '.' . mt_rand(0, 99);
        case 4: return '123456789012345678901234';
        case 5: return '-0';
        case 6: return '1e2';
        default: return '"' . STRS[mt_rand(0, count(STRS) - 1)] . '"';
    }
}

function gen_key(): string
{
    if (mt_rand(0, 60) === 0) {
        return '"\u0000' . KEYS[mt_rand(0, 3)] . '"';
    }
    if (mt_rand(0, 80) === 0) {
        return '98765432109876543210987';
    }
    return '"' . KEYS[mt_rand(0, count(KEYS) - 1)] . '"';
}

// A random value, objects most likely.
function gen(int $d): string
{
    $r = mt_rand(0, 9);
    if ($d <= 0 || $r < 2) {
        return scalar();
    }
    if ($r < 7) {
        $n = mt_rand(0, 40) === 0 ? mt_rand(60, 70) : mt_rand(0, 4);
        $m = [];
        for ($i = 0; $i < $n; $i++) {
            $m[] = ws() . gen_key() . ws() . ':' . ws() . gen($d - 1) . ws();
        }
        return '{' . ws() . implode(',', $m) . '}';
    }
    $n = mt_rand(0, 4);
    $m = [];
    for ($i = 0; $i < $n; $i++) {
        $m[] = ws() . gen($d - 1) . ws();
    }
    return '[' . ws() . implode(',', $m) . ']';
}

// Deep nesting around bison's stack cutoff (or a $depth limit).
function deep(): string
{
    $k = mt_rand(1, 10) <= 3 ? mt_rand(1, 40) : mt_rand(2400, 5100);
    $open = '';
    $close = [];
    for ($i = 0; $i < $k; $i++) {
        switch (mt_rand(0, 4)) {
            case 0: $open .= '['; $close[] = ']'; break;
            case 1: $open .= '{"k":'; $close[] = '}'; break;
            case 2: $open .= '[{"a":1},'; $close[] = ']'; break;
            case 3: $open .= '{"a":{},"b":'; $close[] = '}'; break;
            default: $open .= '[1,'; $close[] = ']'; break;
        }
    }
    return $open . gen(2) . implode('', array_reverse($close));
}

// Positions just after each `"` of the document (inside strings or keys).
function quote_pos(string $s): array
{
    $p = [];
    $o = 0;
    while (($o = strpos($s, '"', $o)) !== false) {
        $p[] = ++$o;
    }
    return $p;
}

function insert_at_quote(string $s, string $what): string
{
    $q = quote_pos($s);
    if (!$q) {
        return $s . $what;
    }
    $p = $q[mt_rand(0, count($q) - 1)];
    return substr($s, 0, $p) . $what . substr($s, $p);
}

function mutate(string $s): string
{
    $len = strlen($s);
    switch (mt_rand(0, 12)) {
        case 0: case 1: return $s;
        case 2: case 3: return substr($s, 0, mt_rand(0, $len));
        case 4: case 5:
            $p = mt_rand(0, max(0, $len - 1));
            return substr($s, 0, $p) . BREAK_BYTES[mt_rand(0, count(BREAK_BYTES) - 1)] . substr($s, $p + 1);
        case 6:
            $p = mt_rand(0, $len);
            return substr($s, 0, $p) . BREAK_BYTES[mt_rand(0, count(BREAK_BYTES) - 1)] . substr($s, $p);
        case 7: return insert_at_quote($s, ["\xff", "\xc3", "\xed\xa0\x80", "\xf0\x9f"][mt_rand(0, 3)]);
        case 8: return insert_at_quote($s, ["\x01", "\x1f", "\t"][mt_rand(0, 2)]);
        case 9: return insert_at_quote($s, ['\x', '\ud800', '\udc00x', '\u12', '\\u0000'][mt_rand(0, 4)]);
        case 10: return preg_replace('/\{"/', '{"\u0000', $s, 1);
        case 11: return $s . [' x', '}', ']', ',{}', ' {"a":1}'][mt_rand(0, 4)];
        default:
            // Two breaks.
            return mutate(mutate($s));
    }
}

// The ids of the objects in a decoded value, in traversal order.
function ids_in($v, string &$out): void
{
    if (is_object($v)) {
        $out .= spl_object_id($v) . ' ';
    }
    if (is_object($v) || is_array($v)) {
        foreach ($v as $x) {
            ids_in($x, $out);
        }
    }
}

// First, fixed cases: an object opened or closed right at bison's stack
// cutoff (E4) and at the $depth limit (E1), after every prefix shape.
$fixed = [];
foreach ([['[', 4994, 5000], ['{"k":', 2495, 2500], ['[{"a":{}},', 2495, 2500], ['{"a":{"b":1},"c":', 1663, 1668]] as [$pre, $lo, $hi]) {
    for ($k = $lo; $k <= $hi; $k++) {
        foreach (['}', ']', 'x', '"a":1}', '"a"', '"a":{}', '', '"\\u0000":{}}', "\xff"] as $tail) {
            $fixed[] = [str_repeat($pre, $k) . '{' . $tail, 100000];
            $fixed[] = [str_repeat($pre, $k) . '{' . $tail, $k + 1];
        }
    }
}

// HANDLES_DUMP=N: case N's arguments to stderr.
$dump = getenv('HANDLES_DUMP') === false ? -1 : (int)getenv('HANDLES_DUMP');
$pool = [];
$buf = '';
$t0 = microtime(true);
for ($c = 0; $c < $count; $c++) {
    $doc = mt_rand(0, 50) === 0 ? deep() : gen(mt_rand(1, 6));
    $doc = mutate($doc);
    $r = mt_rand(0, 9);
    $assoc = $r < 8 ? false : ($r === 8 ? true : null);
    $r = mt_rand(0, 19);
    $depth = $r < 14 ? 512 : ($r < 18 ? mt_rand(1, 8) : 100000);
    if ($c < count($fixed)) {
        [$doc, $depth] = $fixed[$c];
        $assoc = false;
    }
    $flags = 0;
    foreach ([JSON_THROW_ON_ERROR, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY] as $f) {
        if (mt_rand(0, 4) === 0) {
            $flags |= $f;
        }
    }
    if (getenv('HANDLES_SAVE_ALL')) {
        file_put_contents(getenv('HANDLES_SAVE_ALL') . "/$c", serialize([$doc, $assoc, $depth, $flags]));
    }
    if ($dump === $c) {
        if (getenv('HANDLES_SAVE')) {
            file_put_contents(getenv('HANDLES_SAVE'), serialize([$doc, $assoc, $depth, $flags]));
        }
        fwrite(STDERR, 'case ' . $c . ': json_decode(' . var_export($doc, true) . ', ' . var_export($assoc, true) . ", $depth, $flags)\n");
    }
    $exc = '';
    try {
        $v = json_decode($doc, $assoc, $depth, $flags);
    } catch (JsonException $e) {
        $v = null;
        $exc = 'X' . $e->getCode() . '#' . spl_object_id($e);
        unset($e);
    }
    $line = $c . ' E' . json_last_error() . ' ' . $exc . ' R';
    ids_in($v, $line);
    // The result kept, or freed now.
    if (mt_rand(0, 2) === 0) {
        $pool[] = $v;
    }
    unset($v);
    $line .= 'F';
    $k = mt_rand(1, 4);
    for ($i = 0; $i < $k; $i++) {
        $o = new stdClass();
        $line .= spl_object_id($o) . ' ';
        $pool[] = $o;
    }
    unset($o);
    // Release part of the pool: the free list gets many shapes.
    if (count($pool) > 40 || mt_rand(0, 5) === 0) {
        $n = mt_rand(0, count($pool));
        for ($i = 0; $i < $n; $i++) {
            $j = mt_rand(0, count($pool) - 1);
            array_splice($pool, $j, 1);
        }
    }
    $buf .= $line . "\n";
    if (strlen($buf) > 1 << 16) {
        fwrite(STDOUT, $buf);
        $buf = '';
    }
}
fwrite(STDOUT, $buf);
fwrite(STDERR, sprintf("handles.php side %s: %d cases, seed %d, %.1f s\n", $side, $count, $seed, microtime(true) - $t0));
