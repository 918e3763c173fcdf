--TEST--
json_validate(): $depth (parser depth starts at 1), depth error precedence, bison stack limit (rustjson provides json_validate() on PHP 8.2)
--DESCRIPTION--
Depends on rustjson providing json_validate() with PHP 8.3 semantics on 8.2. In stock-oracle mode on 8.2 a
polyfill built on json_decode()'s error codes (same scanner/parser) stands in (see rustjson_test.inc).
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
if (!function_exists('json_validate')) die("FAIL: json_validate() does not exist\n");

function v(string $label, string $doc, int $depth = 512, int $flags = 0): void {
    $r = json_validate($doc, $depth, $flags);
    echo $label, ' => ', var_export($r, true), ' #', json_last_error(), "\n";
}
foreach (['1', '"s"', '[]', '{}', '[1]', '[[1]]', '[[]]', '{"a":{}}', '{"a":[{}]}', '[[[[1]]]]', '[1,[2],[[3]]]'] as $doc) {
    foreach ([1, 2, 3, 4, 5] as $d) {
        v(str_pad($doc, 14) . " depth $d", $doc, $d);
    }
}
v('depth INT_MAX', '[[1]]', 2147483647);
echo "== a depth error is raised before anything after the bracket is scanned\n";
v('[[\x01', "[[\x01", 2);
v('[[x', '[[x', 2);
v('[["\xff"]]', "[[\"\xff\"]]", 2);
v('[1,[2,"\x01"]]', "[1,[2,\"\x01\"]]", 2);
v('[1,[2,"\x01"]] d3', "[1,[2,\"\x01\"]]", 3);
v('["\xff",[1]] d2', "[\"\xff\",[1]]", 2);
v('[1}[ d1', '[1}[', 1);
v('{"a":{"b":1}} d2', '{"a":{"b":1}}', 2);
v('{"a" [ d1', '{"a" [', 1);
echo "== bison stack limit (YYMAXDEPTH 10000): syntax error, not depth error\n";
foreach ([4998, 4999, 5000, 10000] as $n) {
    v("$n nested arrays", str_repeat('[', $n) . str_repeat(']', $n), 100000);
}
foreach ([2499, 2500] as $n) {
    v("$n nested objects", str_repeat('{"k":', $n) . '1' . str_repeat('}', $n), 100000);
}
v('4998 nested arrays, depth 4998', str_repeat('[', 4998) . str_repeat(']', 4998), 4998);
v('4998 nested arrays, depth 4999', str_repeat('[', 4998) . str_repeat(']', 4998), 4999);
v('600 unclosed', str_repeat('[', 600), 100000);
?>
--EXPECT--
1              depth 1 => true #0
1              depth 2 => true #0
1              depth 3 => true #0
1              depth 4 => true #0
1              depth 5 => true #0
"s"            depth 1 => true #0
"s"            depth 2 => true #0
"s"            depth 3 => true #0
"s"            depth 4 => true #0
"s"            depth 5 => true #0
[]             depth 1 => false #1
[]             depth 2 => true #0
[]             depth 3 => true #0
[]             depth 4 => true #0
[]             depth 5 => true #0
{}             depth 1 => false #1
{}             depth 2 => true #0
{}             depth 3 => true #0
{}             depth 4 => true #0
{}             depth 5 => true #0
[1]            depth 1 => false #1
[1]            depth 2 => true #0
[1]            depth 3 => true #0
[1]            depth 4 => true #0
[1]            depth 5 => true #0
[[1]]          depth 1 => false #1
[[1]]          depth 2 => false #1
[[1]]          depth 3 => true #0
[[1]]          depth 4 => true #0
[[1]]          depth 5 => true #0
[[]]           depth 1 => false #1
[[]]           depth 2 => false #1
[[]]           depth 3 => true #0
[[]]           depth 4 => true #0
[[]]           depth 5 => true #0
{"a":{}}       depth 1 => false #1
{"a":{}}       depth 2 => false #1
{"a":{}}       depth 3 => true #0
{"a":{}}       depth 4 => true #0
{"a":{}}       depth 5 => true #0
{"a":[{}]}     depth 1 => false #1
{"a":[{}]}     depth 2 => false #1
{"a":[{}]}     depth 3 => false #1
{"a":[{}]}     depth 4 => true #0
{"a":[{}]}     depth 5 => true #0
[[[[1]]]]      depth 1 => false #1
[[[[1]]]]      depth 2 => false #1
[[[[1]]]]      depth 3 => false #1
[[[[1]]]]      depth 4 => false #1
[[[[1]]]]      depth 5 => true #0
[1,[2],[[3]]]  depth 1 => false #1
[1,[2],[[3]]]  depth 2 => false #1
[1,[2],[[3]]]  depth 3 => false #1
[1,[2],[[3]]]  depth 4 => true #0
[1,[2],[[3]]]  depth 5 => true #0
depth INT_MAX => true #0
== a depth error is raised before anything after the bracket is scanned
[[\x01 => false #1
[[x => false #1
[["\xff"]] => false #1
[1,[2,"\x01"]] => false #1
[1,[2,"\x01"]] d3 => false #3
["\xff",[1]] d2 => false #5
[1}[ d1 => false #1
{"a":{"b":1}} d2 => false #1
{"a" [ d1 => false #1
== bison stack limit (YYMAXDEPTH 10000): syntax error, not depth error
4998 nested arrays => true #0
4999 nested arrays => false #4
5000 nested arrays => false #4
10000 nested arrays => false #4
2499 nested objects => true #0
2500 nested objects => false #4
4998 nested arrays, depth 4998 => false #1
4998 nested arrays, depth 4999 => true #0
600 unclosed => false #4
