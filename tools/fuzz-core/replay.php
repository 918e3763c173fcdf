<?php
// Replays the fuzz corpora through PHP: stock ext/json against rustjson in
// one process, each input read the way its fuzz target reads it
// (fuzz/fuzz_targets/*.rs), so coverage-guided inputs become differential
// cases:
//   validate/ : json_validate() (rustjson) vs stock's verdict (json_validate()
//               on 8.3+, json_decode()'s error on 8.2), then json_decode()
//   decode/   : json_decode() stock (rustjson.decode=0) vs rustjson
//               (rustjson.decode=1), both $associative modes: serialize(),
//               debug_zval_dump() (object handles masked), double bits,
//               json_last_error(), _msg(), exception; then json_encode() of
//               the decoded value under several flag sets (rustjson.enabled
//               0 vs 1)
//   escape/   : json_encode() of the string as a value, in a list and as a
//               key, under the input's flags
//   number/   : json_encode() of the double (with and without
//               JSON_PRESERVE_ZERO_FRACTION) and of the int, as value and key
// Exits 1 on any difference.
//
// usage: php -n -d extension=modules/rustjson.so tools/fuzz-core/replay.php DIR...
//   (each DIR holds <target>/ subdirectories: fuzz/corpus, fuzz/work)

if (!extension_loaded('rustjson')) {
    fwrite(STDERR, "rustjson is not loaded\n");
    exit(2);
}
ini_set('serialize_precision', '-1');
ini_set('memory_limit', '-1');
$dirs = array_slice($argv, 1) ?: [__DIR__ . '/../../fuzz/corpus'];
$stats = [];
$diffs = 0;

function bits($v, &$out) {
    if (is_float($v)) { $out .= bin2hex(pack('E', $v)) . ','; return; }
    if (is_array($v) || is_object($v)) { foreach ($v as $x) bits($x, $out); }
}

function report($what, $input, $a, $b) {
    global $diffs;
    $diffs++;
    if ($diffs > 20) return;
    echo "DIFF $what: input ", substr(bin2hex($input), 0, 240), "\n",
        "  stock:    ", substr(var_export($a, true), 0, 400), "\n",
        "  rustjson: ", substr(var_export($b, true), 0, 400), "\n";
}

// One json_decode(): everything observable, from a reset error state.
function decode_one(bool $rust, string $json, $assoc, int $depth, int $flags) {
    ini_set('rustjson.decode', '0');
    json_decode('[1]');
    ini_set('rustjson.decode', $rust ? '1' : '0');
    $exc = '';
    $r = null;
    try {
        $r = json_decode($json, $assoc, $depth, $flags);
    } catch (Throwable $e) {
        $exc = get_class($e) . '|' . $e->getMessage() . '|' . $e->getCode();
    }
    $err = [json_last_error(), json_last_error_msg()];
    ini_set('rustjson.decode', '0');
    ob_start();
    debug_zval_dump($r);
    $dump = preg_replace('/\)#\d+ /', ')# ', ob_get_clean());
    $b = '';
    bits($r, $b);
    return [[serialize($r), $dump, $b, $err[0], $err[1], $exc], $r];
}

// One json_encode(), stock (rustjson.enabled=0) or rustjson.
function encode_one(bool $rust, $v, int $flags) {
    ini_set('rustjson.decode', '0');
    ini_set('rustjson.enabled', '0');
    json_encode(1);
    ini_set('rustjson.enabled', $rust ? '1' : '0');
    $exc = '';
    $r = null;
    try {
        $r = json_encode($v, $flags);
    } catch (Throwable $e) {
        $exc = get_class($e) . '|' . $e->getMessage() . '|' . $e->getCode();
    }
    $res = [$r, json_last_error(), json_last_error_msg(), $exc];
    ini_set('rustjson.enabled', '1');
    return $res;
}

function encode_check(string $what, string $input, $v, int $flags) {
    global $stats;
    $stats['encode'] = ($stats['encode'] ?? 0) + 1;
    $a = encode_one(false, $v, $flags);
    $b = encode_one(true, $v, $flags);
    if ($a !== $b) report("$what json_encode flags=$flags", $input, $a, $b);
}

function decode_check(string $input, string $json, $assoc, int $depth, int $flags, bool $encode) {
    global $stats;
    $stats['decode'] = ($stats['decode'] ?? 0) + 1;
    [$a, $va] = decode_one(false, $json, $assoc, $depth, $flags);
    [$b, $vb] = decode_one(true, $json, $assoc, $depth, $flags);
    if ($a !== $b) {
        report('json_decode assoc=' . var_export($assoc, true) . " depth=$depth flags=$flags", $input, $a, $b);
        return;
    }
    if ($encode && $a[3] === 0) {
        foreach ([0, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES,
                  JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE,
                  JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_PRESERVE_ZERO_FRACTION
                  | JSON_FORCE_OBJECT | JSON_NUMERIC_CHECK] as $f) {
            encode_check('decoded value', $input, $va, $f);
        }
    }
}

function validate_check(string $input, string $doc, int $depth, int $flags) {
    global $stats;
    $stats['validate'] = ($stats['validate'] ?? 0) + 1;
    ini_set('rustjson.decode', '0');
    json_decode('[1]');
    if (PHP_VERSION_ID >= 80300) {
        ini_set('rustjson.enabled', '0');
        $ok = json_validate($doc, $depth, $flags);
        $a = [$ok, json_last_error()];
        ini_set('rustjson.enabled', '1');
    } else {
        // Stock 8.2 has no json_validate(): json_decode()'s error code
        // (assoc mode: no error 9) is the oracle.
        json_decode($doc, true, $depth, $flags);
        $a = [json_last_error() === 0, json_last_error()];
    }
    json_decode('[1]');
    $ok = json_validate($doc, $depth, $flags);
    $b = [$ok, json_last_error()];
    if ($a !== $b) report("json_validate depth=$depth flags=$flags", $input, $a, $b);
}

$vdepths = [1, 2, 3, 4, 8, 33, 512, 2147483647];
$ddepths = [1, 2, 3, 5, 16, 512, 100000, 2147483647];
foreach ($dirs as $dir) {
    foreach (['validate', 'decode', 'escape', 'number'] as $target) {
        foreach (glob("$dir/$target/*") ?: [] as $file) {
            if (!is_file($file)) continue;
            $in = file_get_contents($file);
            $stats["$target inputs"] = ($stats["$target inputs"] ?? 0) + 1;
            switch ($target) {
                case 'validate':
                    if (strlen($in) < 2) break;
                    $o = ord($in[0]);
                    $doc = substr($in, 1);
                    $flags = $o & 8 ? JSON_INVALID_UTF8_IGNORE : 0;
                    validate_check($in, $doc, $vdepths[$o & 7], $flags);
                    decode_check($in, $doc, true, $vdepths[$o & 7], $flags | ($o & 16 ? JSON_BIGINT_AS_STRING : 0), false);
                    break;
                case 'decode':
                    if ($in === '') break;
                    $o = ord($in[0]);
                    $doc = substr($in, 1);
                    $flags = ($o & 2 ? JSON_BIGINT_AS_STRING : 0) | ($o & 4 ? JSON_INVALID_UTF8_IGNORE : 0)
                        | ($o & 8 ? JSON_INVALID_UTF8_SUBSTITUTE : 0);
                    $depth = $ddepths[($o >> 4) & 7];
                    decode_check($in, $doc, (bool)($o & 1), $depth, $flags, true);
                    decode_check($in, $doc, !($o & 1) ? null : false, $depth, $flags | JSON_OBJECT_AS_ARRAY, false);
                    decode_check($in, $doc, null, $depth, $flags | JSON_THROW_ON_ERROR, false);
                    break;
                case 'escape':
                    if (strlen($in) < 3) break;
                    $w = unpack('v', $in)[1];
                    $flags = ($w & 0xfff) | ((($w >> 12) & 7) << 20);
                    $s = substr($in, 3);
                    encode_check('string', $in, $s, $flags);
                    encode_check('string in a list', $in, [$s, $s], $flags);
                    encode_check('string as key', $in, [$s => $s, 'k' => 1], $flags);
                    break;
                case 'number':
                    $p = str_pad(substr($in, 0, 8), 8, "\0");
                    $d = unpack('e', $p)[1];
                    $l = unpack('P', str_pad(substr($in, 8, 8), 8, "\0"))[1];
                    foreach ([0, JSON_PRESERVE_ZERO_FRACTION, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
                        encode_check('double', $in, $d, $f);
                        encode_check('double in a list', $in, [$d, -$d], $f);
                    }
                    encode_check('int', $in, $l, 0);
                    encode_check('int key', $in, [$l => 1, 'k' => $l], 0);
                    break;
            }
        }
    }
}
ksort($stats);
foreach ($stats as $k => $n) echo "$k: $n\n";
echo "differences: $diffs\n";
exit($diffs ? 1 : 0);
