--TEST--
json_encode(): strings and keys of 1-80 bytes with every byte value (and UTF-8 sequences) at the start, middle and end, under the HEX and other escaping flags, rustjson against stock in the same process
--DESCRIPTION--
Covers the short-string paths of the escaper (under 16 bytes: one mask of the whole string, then its items;
16 to 64 bytes: the checks of the clean case) in values and keys, with and without JSON_HEX_*, plus
sequences (valid, cut short, invalid, line terminators) at every position of strings around 16, 32 and 64
bytes. Each (flags, length) is one json_encode() of a list of strings and one of a map (the keys), so the
output buffer both has room and grows. rustjson.enabled is toggled with ini_set(); in stock-oracle mode
both sides are stock and the counts are the same.
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

const HEX = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
$flagsets = [
    0, HEX, JSON_HEX_TAG, JSON_HEX_AMP, JSON_HEX_APOS, JSON_HEX_QUOT, HEX | JSON_UNESCAPED_SLASHES,
    HEX | JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS,
    HEX | JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_UNESCAPED_UNICODE,
    HEX | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT,
];
$lengths = [1, 2, 3, 4, 5, 7, 8, 9, 12, 14, 15, 16, 17, 20, 31, 32, 33, 47, 48, 49, 63, 64, 65, 80];
$seqs = ["\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xed\xa0\x80",
         "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xc0\xaf", "\x80", "\xff", "\xc3\xa9\xc3\xa9", "\xe6\x9d\xb1\xe4\xba\xac",
         "<>&'\"", "\\/", "\r\n", "\x00\x1f\x7f"];

function pad(int $n): string {
    $s = '';
    for ($k = 0; $k < $n; $k++) {
        $s .= "abcXYZ019 ~!#%"[$k % 14];
    }
    return $s;
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

$cases = 0;
$bad = [];
foreach ($flagsets as $f) {
    foreach ($lengths as $len) {
        $base = pad($len);
        $strings = [];
        foreach (array_unique([0, intdiv($len, 2), $len - 1]) as $pos) {
            for ($b = 0; $b < 256; $b++) {
                $s = $base;
                $s[$pos] = chr($b);
                $strings[] = $s;
            }
            foreach ($seqs as $q) {
                $strings[] = substr($base, 0, $pos) . $q . substr($base, $pos);
                $strings[] = substr(substr($base, 0, $pos) . $q . substr($base, $pos), 0, $len);
            }
        }
        // Values one by one (each its own buffer), then all at once, then as keys.
        foreach ($strings as $s) {
            $cases++;
            [$a, $b2] = both($s, $f);
            if ($a !== $b2) {
                $bad[] = sprintf("flags %d len %d value %s: stock %s rustjson %s", $f, $len, bin2hex($s), var_export($a, true), var_export($b2, true));
            }
        }
        $map = [];
        foreach ($strings as $k => $s) {
            $map[$s] = $k;
        }
        foreach ([$strings, $map, (object)$map] as $v) {
            $cases++;
            [$a, $b2] = both($v, $f);
            if ($a !== $b2) {
                $bad[] = sprintf("flags %d len %d %s: outputs differ (%d vs %d bytes, errors %d %d)", $f, $len, get_debug_type($v),
                    strlen((string)$a[0]), strlen((string)$b2[0]), $a[1], $b2[1]);
            }
        }
    }
}
echo "cases: $cases\n";
echo "mismatches: ", count($bad), "\n";
foreach (array_slice($bad, 0, 10) as $l) {
    echo $l, "\n";
}
?>
--EXPECT--
cases: 283080
mismatches: 0
