--TEST--
json_encode(): strings and keys of 16-80 bytes with several escapes, every byte value at several positions, sequences and long clean stretches, under the escaping flag sets, rustjson against stock in the same process
--DESCRIPTION--
Covers the 16-64 byte path of the escaper for strings that need work (one mask of the whole string, then
its items, with blind stores of the clean bytes between them) and the paths on both sides of it (65-80
bytes), in values and keys: each length from 16 to 80; strings that already hold escapes (`/`, `"`) with
every byte value at the first, a third and the last position, and next to two escapes; UTF-8 sequences
(valid, cut short by the end, invalid, U+2028/U+2029) at positions around 16, 32, 48 and the end among
escapes; clean stretches of every length between two escapes; URL-like strings; dense escapes. Each
(flags, length) is json_encode() of each string alone, then of a list of them and of a map and an object
with them as keys (so the output buffer both has room and grows). rustjson.enabled is toggled with
ini_set(); in stock-oracle mode both sides are stock and the counts are the same. Under valgrind
(USE_ZEND_ALLOC=0) only the lengths at the 16-byte edges run (all of them take minutes there, past
run-tests' timeout); the case count of either plan is checked.
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

const VALGRIND_CASES = 355420;
const HEX = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
const UU = JSON_UNESCAPED_UNICODE;
const US = JSON_UNESCAPED_SLASHES;
$flagsets = [
    0, US, HEX, JSON_HEX_TAG, JSON_HEX_AMP, JSON_HEX_APOS, JSON_HEX_QUOT, HEX | US, UU, UU | US, HEX | UU | US,
    UU | JSON_UNESCAPED_LINE_TERMINATORS, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE,
    HEX | JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | UU, JSON_INVALID_UTF8_SUBSTITUTE | UU,
    JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR | UU, US | JSON_PRETTY_PRINT,
];
$seqs = ["\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xed\xa0\x80",
         "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xc0\xaf", "\x80", "\xff", "\xc3\xa9\xc3\xa9", "\xe6\x9d\xb1\xe4\xba\xac",
         "<>&'\"", "\\/", "\r\n", "\x00\x1f\x7f"];

function pad(int $n): string {
    $s = '';
    for ($k = 0; $k < $n; $k++) {
        $s .= "abcXYZ019 ~!#%-_.:?=@"[$k % 21];
    }
    return $s;
}
/** $s with byte $b at $pos (cut or padded to strlen($s)). */
function put(string $s, int $pos, string $b): string {
    return substr(substr($s, 0, $pos) . $b . substr($s, $pos + strlen($b)), 0, strlen($s));
}
function both(mixed $v, int $f): array {
    $r = [];
    foreach (['0', '1'] as $on) {
        ini_set('rustjson.enabled', $on);
        json_decode('[');
        $r[] = [json_encode($v, $f), json_last_error()];
    }
    ini_set('rustjson.enabled', '1');
    return $r;
}
function strings_of(int $len, array $seqs): array {
    $base = pad($len);
    // A few escapes already: a slash near the start, one past the middle, a quote near the end.
    $esc = put(put(put($base, 3, '/'), intdiv($len, 2) + 1, '/'), $len - 5, '"');
    $out = [];
    foreach (array_unique([0, intdiv($len, 3), $len - 1]) as $pos) {
        for ($b = 0; $b < 256; $b++) {
            $out[] = put($esc, $pos, chr($b));
        }
    }
    // Every byte value between two escapes.
    $mid = intdiv($len, 2) - 4;
    for ($b = 0; $b < 256; $b += 3) {
        $out[] = put(put(put($base, $mid - 1, '/'), $mid, chr($b)), $mid + 1, '\\');
    }
    // Sequences among escapes, around the 16-byte boundaries and at the end (cut short there).
    foreach (array_unique([0, 14, 15, 16, 17, 31, 32, 33, 47, 48, $len - 4, $len - 3, $len - 2, $len - 1]) as $pos) {
        if ($pos < 0 || $pos >= $len) {
            continue;
        }
        foreach ($seqs as $q) {
            $out[] = put($esc, $pos, $q);
            $out[] = substr(substr($esc, 0, $pos) . $q . substr($esc, $pos), 0, $len);
        }
    }
    // Clean stretches of every length after an escape, and before one.
    for ($k = 1; $k < $len; $k++) {
        $out[] = put(put($base, 0, '/'), $k, '"');
        $out[] = put($base, $k, "\n");
    }
    // URLs and dense escapes.
    $url = str_repeat("https://api.example.com/v2/customers/100123/orders?page=1&sort=-created_at<b>it's</b>", 2);
    for ($o = 0; $o < 24; $o += 5) {
        $out[] = substr($url, $o, $len);
        $out[] = put(substr($url, $o, $len), intdiv($len, 2), "\xc3\xa9");
    }
    foreach ([1, 2, 3, 5, 17] as $step) {
        $s = $base;
        for ($k = 0; $k < $len; $k += $step) {
            $s[$k] = '/';
        }
        $out[] = $s;
        $out[] = put($s, 1, "\xe2\x82\xac");
    }
    return $out;
}

$valgrind = getenv('USE_ZEND_ALLOC') === '0';
$lens = $valgrind ? [16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 79, 80] : range(16, 80);
$cases = 0;
$bad = [];
$mismatches = 0;
foreach ($lens as $len) {
    $strings = strings_of($len, $seqs);
    foreach ($strings as $s) {
        if (strlen($s) !== $len) {
            die("bad test string length " . strlen($s) . " for $len\n");
        }
    }
    $map = [];
    foreach ($strings as $k => $s) {
        $map[$s] = $k;
    }
    foreach ($flagsets as $f) {
        // Values one by one (each its own buffer), then all at once, then as keys.
        foreach ($strings as $s) {
            $cases++;
            [$a, $b2] = both($s, $f);
            if ($a !== $b2 && ++$mismatches <= 10) {
                $bad[] = sprintf("flags %d len %d value %s: stock %s rustjson %s", $f, $len, bin2hex($s), var_export($a, true), var_export($b2, true));
            }
        }
        foreach ([$strings, $map, (object)$map] as $v) {
            $cases++;
            [$a, $b2] = both($v, $f);
            if ($a !== $b2 && ++$mismatches <= 10) {
                $bad[] = sprintf("flags %d len %d %s: outputs differ (%d vs %d bytes, errors %d %d)", $f, $len, get_debug_type($v),
                    strlen((string)$a[0]), strlen((string)$b2[0]), $a[1], $b2[1]);
            }
        }
    }
}
$want = $valgrind ? VALGRIND_CASES : 1806620;
echo $cases === $want ? "cases: as planned\n" : "cases: $cases, planned $want\n";
echo "mismatches: $mismatches\n";
foreach ($bad as $l) {
    echo $l, "\n";
}
?>
--EXPECT--
cases: as planned
mismatches: 0
