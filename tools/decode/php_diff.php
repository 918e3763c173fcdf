<?php
// Differential check of json_decode(): stock ext/json (rustjson.decode=0)
// against rustjson's (rustjson.decode=1), in one process.
//
// Usage: php -d extension=modules/rustjson.so tools/decode/php_diff.php [COUNT] [SEED] [CORPORA_DIR]
//
// For every input (the corpora whole and mutated, random documents built
// from hostile keys, strings and number spellings, depth edges, argument
// edges) with a random $associative (null/true/false), $depth and $flags
// (JSON_THROW_ON_ERROR included), both decoders run from the same
// json_last_error() state and these must be equal: serialize() of the
// result (serialize_precision=-1: exact doubles), debug_zval_dump() of it
// (types, interned strings/arrays, refcounts), the bits of
// every double, json_last_error() and json_last_error_msg() afterwards, the
// class, message and code of any exception, and memory_get_usage() growth
// the result holds (rustjson's no more than stock's). With RUSTJSON_SO set (the module's path), each corpus
// is also decoded in fresh processes, stock and rustjson, in both modes:
// debug_zval_dump() with object handles must be equal. memory_get_usage()
// (both places) may be lower under rustjson (shared keys), never higher.
// Exits 1 on any difference.
if (($argv[1] ?? '') === '--fresh') {
    $r = json_decode(file_get_contents($argv[2]), (bool)$argv[3], (int)($argv[4] ?? 512), (int)($argv[5] ?? 0));
    // Objects created afterwards show the free list the call left.
    $after = json_decode('[{},{},{},{},{},{},{},{}]');
    ob_start();
    debug_zval_dump($r, $after, json_last_error());
    echo md5(ob_get_clean()), ' ', memory_get_usage(), ' ', memory_get_peak_usage(), "\n";
    exit(0);
}
ini_set('serialize_precision', '-1');
ini_set('memory_limit', '-1');

// --random-only (tools/decode/long_diff.sh): only the random documents
// (generated and corpus subtrees, whole and mutated), no fixed parts and no
// fresh processes.
$random_only = in_array('--random-only', $argv, true);
$args = array_values(array_filter($argv, fn($a) => !str_starts_with($a, '--')));
$count = (int)($args[1] ?? 20000);
$seed = (int)($args[2] ?? 1);
$corpora = $args[3] ?? __DIR__ . '/../../../shared/corpora';
mt_srand($seed);

if (!ini_get('rustjson.enabled') && ini_get('rustjson.enabled') !== '0') {
    fwrite(STDERR, "rustjson is not loaded\n");
    exit(2);
}

function bits($v, &$out) {
    if (is_float($v)) { $out .= bin2hex(pack('E', $v)) . ','; return; }
    if (is_array($v) || is_object($v)) { foreach ($v as $x) bits($x, $out); }
}

function run_one($on, $json, $assoc, $depth, $flags, $pre) {
    ini_set('rustjson.decode', $on ? '1' : '0');
    // The same error state before the call.
    ini_set('rustjson.decode', '0');
    json_decode($pre);
    ini_set('rustjson.decode', $on ? '1' : '0');
    $exc = '';
    $r = null;
    try {
        $r = json_decode($json, $assoc, $depth, $flags);
    } catch (Throwable $e) {
        $exc = get_class($e) . '|' . $e->getMessage() . '|' . $e->getCode();
    }
    ini_set('rustjson.decode', '0');
    ob_start();
    debug_zval_dump($r);
    $dump = ob_get_clean();
    // Object handles depend on the object store's free list, which the
    // two runs leave differently: compared in fresh processes instead
    // (fresh_check below).
    $dump = preg_replace('/\)#\d+ /', ')# ', $dump);
    $b = '';
    bits($r, $b);
    $ser = serialize($r);
    $m1 = memory_get_usage();
    unset($r);
    $res = [$ser, $dump, $b, json_last_error(), json_last_error_msg(), $exc, $m1 - memory_get_usage()];
    return $res;
}

$stats = ['cases' => 0, 'diff' => 0, 'ok' => 0, 'err' => 0, 'exc' => 0];
// The difference of php-tests/decode_regress_bigint_key.phpt: under
// JSON_BIGINT_AS_STRING stock takes an unquoted out-of-range integer as an
// object key (its scanner makes it a string token). A difference is put down
// to it when the input has such a number where a key goes (after { or ,,
// followed by : or ") and the difference goes away without the flag.
function known_bigint_key($json, $assoc, $depth, $flags, $pre) {
    if (!($flags & JSON_BIGINT_AS_STRING) || !preg_match('/[{,]\s*-?[0-9]{19,}\s*[:"]/', $json)) return false;
    $f = $flags & ~JSON_BIGINT_AS_STRING;
    return run_one(false, $json, $assoc, $depth, $f, $pre) === run_one(true, $json, $assoc, $depth, $f, $pre);
}
function check($json, $assoc, $depth, $flags, $what) {
    global $stats;
    $pres = ['[1]', '[', '"\ud800"'];
    $pre = $pres[mt_rand(0, 2)];
    $a = run_one(false, $json, $assoc, $depth, $flags, $pre);
    $b = run_one(true, $json, $assoc, $depth, $flags, $pre);
    // Memory the result holds: rustjson's may be less than stock's (it
    // shares repeated keys), never more; a difference shows both numbers.
    if ($b[6] <= $a[6]) $b[6] = $a[6];
    $stats['cases']++;
    if ($a[5] !== '') $stats['exc']++; elseif ($a[3]) $stats['err']++; else $stats['ok']++;
    if ($a !== $b && known_bigint_key($json, $assoc, $depth, $flags, $pre)) {
        // Counted apart; with DECODE_SKIP_KNOWN set (long runs hunting for other differences) not a difference.
        $stats['known'] = ($stats['known'] ?? 0) + 1;
        if (getenv('DECODE_SKIP_KNOWN')) return;
        $what .= '; the known bigint-key difference';
    }
    if ($a !== $b) {
        $stats['diff']++;
        foreach ($a as $i => $x) if ($x !== $b[$i]) $stats['field'][$i] = ($stats['field'][$i] ?? 0) + 1;
        if ($stats['diff'] <= 10) {
            $names = ['serialize', 'debug_zval_dump', 'double bits', 'json_last_error', 'json_last_error_msg', 'exception', 'memory'];
            foreach ($a as $i => $x) {
                if ($x !== $b[$i]) {
                    echo "DIFF ($what) in {$names[$i]}: input ", substr(bin2hex($json), 0, 200),
                        " assoc=", var_export($assoc, true), " depth=$depth flags=$flags\n",
                        "  stock:    ", substr(var_export($x, true), 0, 300), "\n",
                        "  rustjson: ", substr(var_export($b[$i], true), 0, 300), "\n";
                }
            }
        }
    }
}

function rnd_assoc() { $a = [null, true, false]; return $a[mt_rand(0, 2)]; }
function rnd_flags() {
    $f = 0;
    foreach ([JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR] as $bit) {
        if (mt_rand(0, 3) === 0) $f |= $bit;
    }
    if (mt_rand(0, 30) === 0) $f |= 1 << 33;           // above C int: dropped by the cast
    if (mt_rand(0, 30) === 0) $f |= 1 << 12;           // an encode-only flag
    return $f;
}
function rnd_depth() {
    $r = mt_rand(0, 9);
    if ($r < 6) return 512;
    if ($r < 9) return mt_rand(1, 6);
    $e = [0, -1, 2147483647, 2147483648, PHP_INT_MAX, PHP_INT_MIN];
    return $e[mt_rand(0, count($e) - 1)];
}

const KEYS = ['', '0', '1', '-0', '-1', '01', '1.0', '1e2', ' 1', '1 ', '+1', '9223372036854775807', '9223372036854775808',
    '-9223372036854775808', '-9223372036854775809', 'a', 'b', 'a', '__proto__', '\u0000', '\u0000a', 'a\u0000', '\u00e9',
    '\ud83d\ude00', '\ud800', 'k\"q', "\xff", "\xc3\xa9", '123456789', '2147483648', 'length', '*', '\u0000*\u0000x'];
const STRS = ['', 'a', 'hello world', '\n\t\r\b\f\/\\\\\"', '\u0000', '\u00e9\u20ac', '\ud83d\ude00', '\ud800', '\udc00',
    '\ud800\u0041', "\xff", "\xc3", "\xe2\x82", "\xc3\xa9", "\xf0\x9f\x98\x80", "a\xffb\xfe", '\u', '\x', "\x01", "\x1f",
    'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopq\u0041'];
const NUMS = ['0', '-0', '1', '-1', '0.0', '-0.0', '1.5', '1e2', '1E+2', '1e-2', '0e0', '1e400', '-1e400', '1e-400', '4.9e-324',
    '2.2250738585072014e-308', '1.7976931348623157e308', '9223372036854775807', '9223372036854775808', '-9223372036854775808',
    '-9223372036854775809', '12345678901234567890123', '0.1', '0.30000000000000004', '123456789012345678', '00', '01', '-', '1.',
    '.5', '1e', '+1', '0x10', '1.0e+', '-01', '2e308', '100000000000000000000000000000000000000000001'];

function rnd_value($d) {
    $r = mt_rand(0, $d > 4 ? 6 : 9);
    switch ($r) {
        case 0: return ['null', 'true', 'false', 'nul', 'True'][mt_rand(0, mt_rand(0, 9) ? 2 : 4)];
        case 1: case 2: return NUMS[mt_rand(0, count(NUMS) - 1)];
        case 3: case 4: case 5: case 6: return '"' . STRS[mt_rand(0, count(STRS) - 1)] . '"';
        case 7: case 8:
            $n = mt_rand(0, 5); $o = [];
            for ($i = 0; $i < $n; $i++) $o[] = '"' . KEYS[mt_rand(0, count(KEYS) - 1)] . '":' . rnd_value($d + 1);
            return '{' . implode(',', $o) . '}';
        default:
            $n = mt_rand(0, 5); $o = [];
            for ($i = 0; $i < $n; $i++) $o[] = rnd_value($d + 1);
            return '[' . implode(',', $o) . ']';
    }
}
function ws() { return ['', ' ', "\n", "\t", "\r\n  "][mt_rand(0, 4)]; }
// Bytes and byte runs a mutation puts in: structure, number and escape
// characters, invalid UTF-8 (overlong, surrogate, above U+10FFFF, stray
// continuation, truncated sequences), escaped lone surrogates.
const MUT = ['"', '\\', '{', '}', '[', ']', ',', ':', '0', '-', 'e', "\x00", "\xff", "\xc3", ' ', 'u',
    "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80", "\xe2\x82", "\xf0\x9f\x98", "\xc2", "\xef\xbf\xbf",
    '\ud800', '\udc00', '\ud83d', '\u00', '\\u', '"\ud800"', '1e999', '.', '+', 'E', "\t", "\n", '/'];
function mutate($s) {
    $n = mt_rand(1, 3);
    for ($i = 0; $i < $n; $i++) {
        $len = strlen($s);
        $p = mt_rand(0, max(0, $len - 1));
        // Half the time near the end: the parser's last steps (and E4 cut-offs) matter.
        if ($len > 8 && mt_rand(0, 3) === 0) $p = $len - 1 - mt_rand(0, min($len - 1, 16));
        // In a long document, now and then just after a stage-1 chunk edge (63 blocks of 64 bytes): the
        // decoder's fast route stops at the last token before it and its byte walk resumes there.
        elseif ($len > 4200 && mt_rand(0, 2) === 0) $p = min($len - 1, 4032 * mt_rand(1, intdiv($len - 1, 4032)) + mt_rand(0, 200));
        $c = mt_rand(0, 4) ? MUT[mt_rand(0, count(MUT) - 1)] : chr(mt_rand(0, 255));
        switch (mt_rand(0, 3)) {
            case 0: $s = substr($s, 0, $p) . $c . substr($s, $p + 1); break;
            case 1: $s = substr($s, 0, $p) . $c . substr($s, $p); break;
            case 2: $s = substr($s, 0, $p) . substr($s, $p + 1); break;
            default: $s = substr($s, 0, $p); break;
        }
    }
    return $s;
}

// A byte stage 1 rejects (a control byte, invalid UTF-8, a bad escape in a
// string) put just before or after a stage-1 chunk edge (63 blocks of 64
// bytes) of a long document, and half the time a cut end after it: the
// decoder's fast route stops at the chunk's last token, and the byte walk
// that resumes there must still find PHP's first error.
function edge_mutate($s) {
    $len = strlen($s);
    if ($len < 4100) return mutate($s);
    $p = max(0, min($len - 1, 4032 * mt_rand(1, intdiv($len - 1, 4032)) + mt_rand(-64, 300)));
    $bad = ["\x01", "\x1f", "\x00", "\xff", "\xc3", "\xe2\x82", '\\q', '\\u12'][mt_rand(0, 7)];
    $s = substr($s, 0, $p) . $bad . substr($s, $p + mt_rand(0, 1));
    if (mt_rand(0, 1)) $s = substr($s, 0, strlen($s) - mt_rand(1, 3));
    return $s;
}

// The second generator: random whitespace between every token, every
// escape form, generated number spellings, generated and hostile keys
// (duplicates likely), deep runs now and then.
function ws2() {
    if (mt_rand(0, 2)) return '';
    $w = '';
    for ($n = mt_rand(1, 4); $n > 0; $n--) $w .= [' ', "\t", "\n", "\r"][mt_rand(0, 3)];
    return $w;
}
function rnd_num() {
    switch (mt_rand(0, 7)) {
        case 0: return (string)mt_rand(-1000, 1000);
        case 1: return (mt_rand(0, 1) ? '-' : '') . mt_rand(1, 9) . str_pad((string)mt_rand(0, PHP_INT_MAX), mt_rand(17, 24), (string)mt_rand(0, 9), STR_PAD_LEFT);
        case 2: return ['9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809'][mt_rand(0, 3)];
        case 3: return sprintf('%.16e', (mt_rand(0, 1) ? -1 : 1) * mt_rand() / mt_getrandmax() * 10 ** mt_rand(-320, 308));
        case 4: return (mt_rand(0, 1) ? '-' : '') . mt_rand(0, 99) . '.' . mt_rand(0, 999999) . ['e', 'E', 'e+', 'E-', 'e-'][mt_rand(0, 4)] . mt_rand(0, 400);
        case 5: return NUMS[mt_rand(0, count(NUMS) - 1)];
        case 6: return ['-0', '0e0', '1E400', '-0.0', '0.0', '4.9e-324', '2.2250738585072011e-308', '1e-400'][mt_rand(0, 7)];
        default:                                     // a random spelling, valid or not
            $t = '';
            for ($n = mt_rand(1, 8); $n > 0; $n--) $t .= '0123456789-+.eE'[mt_rand(0, 14)];
            return $t;
    }
}
function rnd_str() {
    $s = '';
    // now and then a long one: runs of non-ASCII blocks (checked by stage 1
    // as a whole) with escapes in them
    // (mostly valid: an invalid byte or a control byte in one of 40 pieces)
    $long = mt_rand(0, 7) === 0;
    for ($n = $long ? mt_rand(20, 90) : mt_rand(0, 12); $n > 0; $n--) {
        $r = mt_rand(0, 10);
        if ($long && ($r === 5 || $r === 6) && mt_rand(0, 19)) $r = 10;
        switch ($r) {
            case 10: $s .= str_repeat(["\xe6\x97\xa5\xe6\x9c\xac", "\xc3\xa9", "\xf0\x9f\x98\x80", "\xd0\x96x"][mt_rand(0, 3)], mt_rand(1, 30)); break;
            case 0: $s .= ['\"', '\\\\', '\/', '\b', '\f', '\n', '\r', '\t'][mt_rand(0, 7)]; break;
            case 1: $s .= sprintf(mt_rand(0, 1) ? '\u%04x' : '\u%04X', mt_rand(0, 0xffff)); break;
            case 2: $s .= sprintf('\u%04x\u%04x', mt_rand(0xd800, 0xdbff), mt_rand(0xdc00, 0xdfff)); break;
            case 3: $s .= sprintf('\u%04x', mt_rand(0, 1) ? mt_rand(0xd800, 0xdbff) : mt_rand(0xdc00, 0xdfff)); break;
            case 4: $s .= ["\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xed\x9f\xbf", "\xef\xbf\xbd"][mt_rand(0, 4)]; break;
            case 5: $s .= chr(mt_rand(0x80, 0xff)); break;
            case 6: $s .= chr(mt_rand(0, 0x1f)); break;
            case 7: $s .= str_repeat(chr(mt_rand(0x20, 0x7e)) === '"' ? 'q' : 'x', mt_rand(1, 40)); break;
            case 8:
                // A run of \uXXXX escapes and surrogate pairs as json_encode() writes them (stage 1
                // checks them by vector, the decoder one word at a time), now and then after an
                // escaped backslash, or after one followed by escape-like text (`\\ud83d`: a low
                // half after it is a lone one).
                $s .= ['', '', '', '\\\\', '\\\\ud83d', '\\\\u00e9'][mt_rand(0, 5)];
                for ($k = mt_rand(1, 16); $k > 0; $k--) {
                    $s .= mt_rand(0, 2)
                        ? sprintf(mt_rand(0, 3) ? '\u%04x' : '\u%04X', [mt_rand(0, 0x7f), mt_rand(0x80, 0x7ff), mt_rand(0x800, 0xd7ff), mt_rand(0xe000, 0xffff)][mt_rand(0, 3)])
                        : sprintf('\ud%03x\ud%03x', mt_rand(0x800, 0xbff), mt_rand(0xc00, 0xfff));
                }
                break;
            default: $s .= STRS[mt_rand(0, count(STRS) - 1)];
        }
    }
    // an unescaped quote or a lone backslash ends the document badly: keep them rare
    if (mt_rand(0, 40) === 0) $s .= mt_rand(0, 1) ? '"' : '\\';
    return $s;
}
function rnd_key() {
    switch (mt_rand(0, 5)) {
        case 0: case 1: return KEYS[mt_rand(0, count(KEYS) - 1)];
        case 2: return ['a', 'b', 'c', '0', '1'][mt_rand(0, 4)];   // duplicates
        case 3: return rnd_num();
        case 4: return (string)mt_rand(-20, 20);
        default: return rnd_str();
    }
}
function rnd_value2($d) {
    $r = mt_rand(0, $d > 5 ? 6 : 10);
    switch ($r) {
        case 0: return ['null', 'true', 'false', 'nul', 'truee', 'NULL'][mt_rand(0, mt_rand(0, 9) ? 2 : 5)];
        case 1: case 2: case 3: return rnd_num();
        case 4: case 5: case 6: return '"' . rnd_str() . '"';
        case 7: case 8:
            $n = mt_rand(0, 6); $o = [];
            for ($i = 0; $i < $n; $i++) {
                // now and then an unquoted number as the key (a string token under BIGINT_AS_STRING when out of range)
                $key = mt_rand(0, 30) ? '"' . rnd_key() . '"' : rnd_num();
                $o[] = ws2() . $key . ws2() . ':' . ws2() . rnd_value2($d + 1) . ws2();
            }
            return '{' . implode(',', $o) . ($n ? '' : ws2()) . '}';
        case 9:
            $n = mt_rand(1, 40);
            return str_repeat('[', $n) . rnd_value2($d + 1) . str_repeat(']', $n);
        default:
            $n = mt_rand(0, 6); $o = [];
            for ($i = 0; $i < $n; $i++) $o[] = ws2() . rnd_value2($d + 1) . ws2();
            return '[' . implode(',', $o) . ($n ? '' : ws2()) . ']';
    }
}
// A random subtree of a corpus, re-encoded with random flags (a realistic
// document of moderate size).
function corpus_piece(array $trees) {
    if (!$trees) return rnd_value2(0);
    $v = $trees[mt_rand(0, count($trees) - 1)];
    $f = [0, JSON_PRETTY_PRINT, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, JSON_PRESERVE_ZERO_FRACTION, JSON_HEX_TAG | JSON_HEX_QUOT][mt_rand(0, 4)];
    // Down 1-6 levels, then further while the piece is over 16 KB.
    for ($steps = mt_rand(1, 6); $steps > -12 && (is_array($v) || is_object($v)); $steps--) {
        if ($steps <= 0 && strlen(json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR)) <= 16384) break;
        $a = (array)$v;
        if (!$a) break;
        $k = array_keys($a);
        if (count($a) > 8 && mt_rand(0, 1)) {               // a run of siblings, keys kept
            $o = mt_rand(0, count($a) - 4);
            $v = array_slice($a, $o, mt_rand(2, 8), true);
            if (is_object($v) || !array_is_list($v) || mt_rand(0, 1)) $v = (object)$v;
            else $v = array_values($v);
            continue;
        }
        $v = $a[$k[mt_rand(0, count($k) - 1)]];
    }
    $s = json_encode($v, $f | JSON_PARTIAL_OUTPUT_ON_ERROR);
    return strlen($s) > 65536 ? substr($s, 0, 65536) : $s;
}

$t0 = microtime(true);
// The corpora, whole and mutated.
$docs = glob("$corpora/*.json") ?: [];
foreach ($random_only ? [] : $docs as $f) {
    $s = file_get_contents($f);
    // Every $associative with every flag set; on a debug PHP (the matrix's
    // debug legs, about 10x slower) each $associative with one flag set.
    foreach ([null, true, false] as $ai => $a) {
        foreach ([0, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR] as $fi => $fl) {
            if (!PHP_DEBUG || $ai === $fi) check($s, $a, 512, $fl, basename($f));
        }
    }
    check($s, rnd_assoc(), mt_rand(1, 8), rnd_flags(), basename($f) . ' shallow');
    for ($i = 0; $i < 3; $i++) check(mutate($s), rnd_assoc(), 512, rnd_flags(), basename($f) . ' mutated');
}
// Depth edges: nesting n with depth n-1, n, n+1, arrays and objects.
// On a debug PHP, serialize() of the ~10,000-level values 4998/4999 build
// overflows the C stack (large debug frames): those two are left out there.
foreach ($random_only ? [] : array_merge([1, 2, 3, 63, 64, 65, 512, 513, 1000, 1001], PHP_DEBUG ? [] : [4998, 4999], [10000]) as $n) {
    foreach ([$n - 1, $n, $n + 1] as $depth) {
        if ($depth < 1) continue;
        check(str_repeat('[', $n) . str_repeat(']', $n), rnd_assoc(), $depth, rnd_flags() & ~JSON_THROW_ON_ERROR, "nest [] $n");
        check(str_repeat('{"a":', $n) . '1' . str_repeat('}', $n), rnd_assoc(), $depth, 0, "nest {} $n");
        check(str_repeat('[{"":', $n) . '[]' . str_repeat('}]', $n), rnd_assoc(), $depth, 0, "nest mixed $n");
    }
}
// Argument edges.
foreach ($random_only ? [] : ['', ' ', '1', '[1]', '{"a":1}'] as $s) {
    foreach ([0, -1, 1, 2147483647, 2147483648, PHP_INT_MAX] as $depth) {
        foreach ([0, JSON_THROW_ON_ERROR, JSON_OBJECT_AS_ARRAY] as $fl) {
            foreach ([null, true, false] as $a) check($s, $a, $depth, $fl, 'args');
        }
    }
}
// Every hostile key alone, both modes, and duplicated.
foreach ($random_only ? [] : KEYS as $k) {
    foreach ([null, true, false] as $a) {
        check('{"' . $k . '":1}', $a, 512, 0, 'key');
        check('{"' . $k . '":1,"x":2,"' . $k . '":3}', $a, 512, JSON_INVALID_UTF8_IGNORE, 'key dup');
        check('[{"' . $k . '":{}}]', $a, 512, JSON_INVALID_UTF8_SUBSTITUTE, 'key nested');
    }
}
// Number spellings alone and in containers.
foreach ($random_only ? [] : NUMS as $n) {
    foreach ([0, JSON_BIGINT_AS_STRING] as $fl) {
        check($n, rnd_assoc(), 512, $fl, 'number');
        check("[$n]", rnd_assoc(), 512, $fl, 'number');
        check("{\"n\":$n}", rnd_assoc(), 512, $fl, 'number');
    }
}
// Random documents, whole and mutated: the first generator, the second
// one, and corpus subtrees (decoded once by stock).
$trees = [];
foreach ($docs as $f) {
    if (filesize($f) < 4000000) $trees[] = json_decode(file_get_contents($f), mt_rand(0, 1) === 1);
}
for ($i = 0; $i < $count; $i++) {
    $g = mt_rand(0, 9);
    $label = ['random', 'random', 'random', 'random', 'random2', 'random2', 'random2', 'random2', 'corpus piece', 'corpus piece'][$g];
    if ($g < 4) $s = ws() . rnd_value(0) . ws();
    elseif ($g < 8) $s = ws2() . rnd_value2(0) . ws2();
    elseif ($g === 9 && mt_rand(0, 2) === 0) {
        // A list of values over one stage-1 chunk (4,032 bytes), always
        // mutated: errors after chunk edges, every kind of token before them.
        $parts = [];
        for ($len = 0, $want = mt_rand(4100, 20000); $len < $want; $len += strlen(end($parts)) + 1) {
            $parts[] = mt_rand(0, 1) ? ws2() . rnd_value2(0) . ws2() : corpus_piece($trees);
        }
        $s = '[' . implode(',', $parts) . ']';
        $s = mt_rand(0, 1) ? mutate($s) : edge_mutate($s);
        $label = 'long list';
    } else $s = corpus_piece($trees);
    if (mt_rand(0, 3) === 0) $s = mutate($s);
    check($s, rnd_assoc(), rnd_depth(), rnd_flags(), $label);
}
// Object handles and memory, in fresh processes.
$so = $random_only ? '' : getenv('RUSTJSON_SO');
$fresh = 0;
if ($so) {
    // Besides the corpora: documents the parser builds twice (its fast
    // route gives up after building: nesting past 1,000 levels, invalid
    // UTF-8 under SUBSTITUTE) and succeeds; the second build must get
    // stock's handles.
    $gen = [];
    $deep = str_repeat('[', 1100) . str_repeat(']', 1100);
    $gen[] = ['{"a":1,"x":{"p":1},"y":{"q":{"r":{}}},"z":' . $deep . ',"w":{}}', 5000, 0];
    $gen[] = ['[{"a":{}},{"b":[{"c":1},{}]},' . str_repeat('[{"k":', 1050) . '1' . str_repeat('}]', 1050) . ']', 5000, 0];
    $gen[] = ["{\"a\":{\"b\":{}},\"c\":[{},{}],\"d\":\"\xff\",\"e\":{}}", 512, JSON_INVALID_UTF8_SUBSTITUTE];
    $gen[] = ["{\"a\":{\"b\":{}},\"c\":[{},{}],\"d\":\"\xff\",\"e\":{}}", 512, JSON_INVALID_UTF8_IGNORE];
    $gen[] = ['{"a":{"b":{}},"c":[{},{}],"d":"\u00e9\n","e":{}}', 512, 0];
    $jobs = [];
    foreach ($docs as $f) $jobs[] = [$f, 512, 0, basename($f)];
    foreach ($gen as $i => [$doc, $depth, $fl]) {
        $f = tempnam(sys_get_temp_dir(), 'php_diff');
        file_put_contents($f, $doc);
        $jobs[] = [$f, $depth, $fl, "generated $i"];
    }
    foreach ($jobs as [$f, $depth, $fl, $label]) {
        foreach ([0, 1] as $a) {
            $out = [];
            foreach ([0, 1] as $on) {
                // RUSTJSON_PHP_BINARY: how to start this PHP when PHP_BINARY cannot be exec'd (the arm64
                // leg: PHP_BINARY is the aarch64 binary, run through qemu by a wrapper script)
                $cmd = escapeshellarg(getenv('RUSTJSON_PHP_BINARY') ?: PHP_BINARY) . ' -d extension=' . escapeshellarg($so) . " -d rustjson.decode=$on "
                    . escapeshellarg(__FILE__) . ' --fresh ' . escapeshellarg($f) . " $a $depth $fl";
                $out[$on] = explode(' ', trim((string)shell_exec($cmd)));
            }
            $fresh++;
            $stats['cases']++;
            // Handles must match and memory be no more than stock's (shared
            // keys may make it less); the peak is reported only.
            // a child that printed nothing (it could not start, or it crashed) is a difference too
            if (count($out[0]) < 2 || count($out[1]) < 2
                || $out[0][0] !== $out[1][0] || (int)$out[1][1] > (int)$out[0][1]) {
                $stats['diff']++;
                echo "DIFF (fresh process) $label assoc=$a: stock ", implode(' ', $out[0]), " rustjson ", implode(' ', $out[1]), "\n";
            }
        }
        if (str_starts_with($label, 'generated')) unlink($f);
    }
}
$t = round(microtime(true) - $t0, 1);
printf("php_diff: %d cases (%d decoded, %d json errors, %d exceptions; %d fresh-process corpus runs), %d differences, seed %d, %.1f s%s\n",
    $stats['cases'], $stats['ok'], $stats['err'], $stats['exc'], $fresh, $stats['diff'], $seed, $t,
    isset($stats['known']) ? sprintf('; %d known bigint-key difference(s)%s', $stats['known'], getenv('DECODE_SKIP_KNOWN') ? ' skipped (DECODE_SKIP_KNOWN)' : '') : '');
if ($stats['diff']) echo "differences per field (0 serialize, 1 debug_zval_dump, 2 bits, 3 error, 4 msg, 5 exception, 6 memory): ", json_encode($stats['field']), "\n";
exit($stats['diff'] ? 1 : 0);
