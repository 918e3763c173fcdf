--TEST--
json_encode() of a scalar alone (rustjson's one-allocation path): text, error state and exceptions as stock, no larger result block
--INI--
serialize_precision=-1
--FILE--
<?php
$values = [null, true, false, 0, -0, 7, -7, PHP_INT_MAX, PHP_INT_MIN, 0.0, -0.0, 1.5, -2.5e-8, 0.1 + 0.2,
    1e22, 1e300, 5e-324, 2.0 ** 53, NAN, INF, -INF];
$flagsets = [0, JSON_PRESERVE_ZERO_FRACTION, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR,
    JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT | JSON_NUMERIC_CHECK | JSON_FORCE_OBJECT];
foreach ($values as $v) {
    $line = [];
    foreach ($flagsets as $f) {
        json_decode('[');                       // leaves error 4 behind
        try {
            $r = json_encode($v, $f);
            $line[] = var_export($r, true) . '/' . json_last_error();
        } catch (JsonException $e) {
            $line[] = 'JsonException(' . $e->getCode() . ')/' . json_last_error();
        }
    }
    echo var_export($v, true), ': ', implode(' ', $line), "\n";
}
// Another precision takes the general path; the text follows it.
ini_set('serialize_precision', '17');
var_dump(json_encode(0.1), json_encode(-0.0, JSON_PRESERVE_ZERO_FRACTION));
ini_set('serialize_precision', '-1');
// The result is a fresh string (not interned), and no larger than stock's.
$r = json_encode(123456);
debug_zval_dump($r);
// (19 bytes: stock's trimmed smart_str keeps a 56-byte block.)
$keep = array_fill(0, 100, null);
$m = memory_get_usage();
for ($i = 0; $i < 100; $i++) {
    $keep[$i] = json_encode(PHP_INT_MAX - $i);
}
var_dump((memory_get_usage() - $m) / 100 <= 56);
?>
--EXPECT--
NULL: 'null'/0 'null'/0 'null'/0 'null'/4 'null'/0 'null'/0
true: 'true'/0 'true'/0 'true'/0 'true'/4 'true'/0 'true'/0
false: 'false'/0 'false'/0 'false'/0 'false'/4 'false'/0 'false'/0
0: '0'/0 '0'/0 '0'/0 '0'/4 '0'/0 '0'/0
0: '0'/0 '0'/0 '0'/0 '0'/4 '0'/0 '0'/0
7: '7'/0 '7'/0 '7'/0 '7'/4 '7'/0 '7'/0
-7: '-7'/0 '-7'/0 '-7'/0 '-7'/4 '-7'/0 '-7'/0
9223372036854775807: '9223372036854775807'/0 '9223372036854775807'/0 '9223372036854775807'/0 '9223372036854775807'/4 '9223372036854775807'/0 '9223372036854775807'/0
-9223372036854775807-1: '-9223372036854775808'/0 '-9223372036854775808'/0 '-9223372036854775808'/0 '-9223372036854775808'/4 '-9223372036854775808'/0 '-9223372036854775808'/0
0.0: '0'/0 '0.0'/0 '0'/0 '0'/4 '0'/0 '0'/0
-0.0: '-0'/0 '-0.0'/0 '-0'/0 '-0'/4 '-0'/0 '-0'/0
1.5: '1.5'/0 '1.5'/0 '1.5'/0 '1.5'/4 '1.5'/0 '1.5'/0
-2.5E-8: '-2.5e-8'/0 '-2.5e-8'/0 '-2.5e-8'/0 '-2.5e-8'/4 '-2.5e-8'/0 '-2.5e-8'/0
0.30000000000000004: '0.30000000000000004'/0 '0.30000000000000004'/0 '0.30000000000000004'/0 '0.30000000000000004'/4 '0.30000000000000004'/0 '0.30000000000000004'/0
1.0E+22: '1.0e+22'/0 '1.0e+22'/0 '1.0e+22'/0 '1.0e+22'/4 '1.0e+22'/0 '1.0e+22'/0
1.0E+300: '1.0e+300'/0 '1.0e+300'/0 '1.0e+300'/0 '1.0e+300'/4 '1.0e+300'/0 '1.0e+300'/0
5.0E-324: '5.0e-324'/0 '5.0e-324'/0 '5.0e-324'/0 '5.0e-324'/4 '5.0e-324'/0 '5.0e-324'/0
9007199254740992.0: '9007199254740992'/0 '9007199254740992.0'/0 '9007199254740992'/0 '9007199254740992'/4 '9007199254740992'/0 '9007199254740992'/0
NAN: false/7 false/7 '0'/7 JsonException(7)/4 '0'/7 false/7
INF: false/7 false/7 '0'/7 JsonException(7)/4 '0'/7 false/7
-INF: false/7 false/7 '0'/7 JsonException(7)/4 '0'/7 false/7
string(19) "0.10000000000000001"
string(4) "-0.0"
string(6) "123456" refcount(2)
bool(true)
