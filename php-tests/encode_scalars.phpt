--TEST--
json_encode(): scalars, references to scalars, 1- and 2-argument calls
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$vals = [null, true, false, 0, 1, -1, 42, PHP_INT_MAX, PHP_INT_MIN, -PHP_INT_MAX,
         "", "a", "0", " ", "abc def", "null", "true", "123", "-0", "\0", "a\0b",
         0.0, -0.0, 1.0, 1.5, -2.25, 1e100];
foreach ($vals as $v) {
    rj_enc(rj_str(var_export($v, true)), $v);
}

echo "-- one and two arguments --\n";
var_dump(json_encode(123), json_encode("x"), json_encode(null), json_encode(1.0), json_encode(true));
var_dump(json_encode("a/b", JSON_UNESCAPED_SLASHES), json_encode(1.0, JSON_PRESERVE_ZERO_FRACTION));

echo "-- references --\n";
$x = "ref";
$y = &$x;
$a = [&$x, &$y, $x];
rj_enc('refs', $a);
$z = 5;
$r1 = &$z;
rj_enc('ref top', $r1);
function &getref() { static $v = "static"; return $v; }
rj_enc('ref fn', getref());

echo "-- flags have no effect on ints/bools/null --\n";
foreach ([0, -1, JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION | JSON_FORCE_OBJECT | JSON_PRETTY_PRINT] as $f) {
    rj_enc("flags $f", [1, true, false, null, -7], $f);
}
?>
--EXPECT--
NULL: null #0
true: true #0
false: false #0
0: 0 #0
1: 1 #0
-1: -1 #0
42: 42 #0
9223372036854775807: 9223372036854775807 #0
-9223372036854775807-1: -9223372036854775808 #0
-9223372036854775807: -9223372036854775807 #0
'': "" #0
'a': "a" #0
'0': "0" #0
' ': " " #0
'abc def': "abc def" #0
'null': "null" #0
'true': "true" #0
'123': "123" #0
'-0': "-0" #0
'' . "\0" . '': "\u0000" #0
'a' . "\0" . 'b': "a\u0000b" #0
0.0: 0 #0
-0.0: -0 #0
1.0: 1 #0
1.5: 1.5 #0
-2.25: -2.25 #0
1.0E+100: 1.0e+100 #0
-- one and two arguments --
string(3) "123"
string(3) ""x""
string(4) "null"
string(1) "1"
string(4) "true"
string(5) ""a/b""
string(3) "1.0"
-- references --
refs: ["ref","ref","ref"] #0
ref top: 5 #0
ref fn: "static" #0
-- flags have no effect on ints/bools/null --
flags 0: [1,true,false,null,-7] #0
flags -1: {
    "0": 1,
    "1": true,
    "2": false,
    "3": null,
    "4": -7
} #0
flags 1200: {
    "0": 1,
    "1": true,
    "2": false,
    "3": null,
    "4": -7
} #0
