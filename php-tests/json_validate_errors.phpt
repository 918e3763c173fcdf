--TEST--
json_validate(): invalid documents: false with the parser's error code (2, 3, 4, 5, 10), scan order, IGNORE (rustjson provides json_validate() on PHP 8.2)
--DESCRIPTION--
Depends on rustjson providing json_validate() with PHP 8.3 semantics on 8.2. In stock-oracle mode on 8.2 a
polyfill built on json_decode()'s error codes (same scanner/parser) stands in (see rustjson_test.inc).
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
if (!function_exists('json_validate')) die("FAIL: json_validate() does not exist\n");

$docs = [
    // empty / whitespace only
    '', ' ', "\n", "\t\r\n ",
    // literals and numbers
    'True', 'nul', 'nulls', 'NaN', 'Infinity', '-Infinity', '01', '1.', '.5', '+1', '-', '1e', '1e+', '0x1', '1_0', '--1', '1.e1',
    // whitespace that is not JSON whitespace
    "\f1", "\v1", "1\f", "\xc2\xa01", "\xef\xbb\xbf1", "\x001", "1\x00", "[1\x00]",
    // structure
    '[1}', '{"a":1]', '[}', '{]', '[1,]', '{"a":1,}', '[1 2]', '{"a" 1}', '{"a":}', '{:1}', '{1:1}', "{'a':1}", '[1] [2]', '1 2',
    '[1', '{"a":1', '[', '{', ']', '}', ',', ':', '[,1]', '{"a"}', '{"a":1 "b":2}',
    // strings
    '"abc', '"', '"\\', "\"\x01\"", "\"\x1f\"", "\"a\tb\"", "\"a\nb\"", '"\a"', '"\x41"', "\"\\'\"", '"\0"', '"\u12"', '"\u12G4"',
    '"\uD800"', '"\uDC00"', '"\uD800\u0041"', '"\uD800x"', '"\uDBFF\uDBFF"', '"\uDFFF\uD800"',
    // invalid UTF-8
    "\"\xff\"", "\"\xc3\"", "\"\xc3\xc0\"", "\"\xed\xa0\x80\"", "\"\xe0\x80\x80\"", "\"\xf4\x90\x80\x80\"", "\xff", "[\xff]", "\xc3\xa9",
    // scan order: the first problem met wins
    "\"\x01\xff\"", "\"\xff\x01\"", "[\"\xff\", \x01]", "[1, \"\x01\"", '["a" "b"', '[1}]', '[1,"\uD800"]',
    // nesting problems at the end
    '[[1]', '{"a":[1}', '[{"a":1]}',
];
foreach ($docs as $d) {
    $r = json_validate($d);
    echo str_pad(rj_label($d), 22), ' => ', var_export($r, true), ' #', json_last_error(), "\n";
}
echo "== with JSON_INVALID_UTF8_IGNORE\n";
foreach (["\"\xff\"", "\"\xff\x01\"", "\"\x01\xff\"", "\xff", "[\xff]", "[\"\xc3\"]", "{\"\xff\":1}", "\"\xed\xa0\x80\"", "\"\xff\\uD800\""] as $d) {
    $r = json_validate($d, 512, JSON_INVALID_UTF8_IGNORE);
    echo str_pad(rj_label($d), 22), ' => ', var_export($r, true), ' #', json_last_error(), "\n";
}
echo "== no E9 for NUL-prefixed keys, unlike json_decode() to objects\n";
var_dump(json_validate('{"\u0000a":1}'), json_last_error());
var_dump(json_decode('{"\u0000a":1}'), json_last_error());
?>
--EXPECT--
x:                     => false #4
x:20                   => false #4
x:0a                   => false #4
x:090d0a20             => false #4
True                   => false #4
nul                    => false #4
nulls                  => false #4
NaN                    => false #4
Infinity               => false #4
-Infinity              => false #4
01                     => false #4
1.                     => false #4
.5                     => false #4
+1                     => false #4
-                      => false #4
1e                     => false #4
1e+                    => false #4
0x1                    => false #4
1_0                    => false #4
--1                    => false #4
1.e1                   => false #4
x:0c31                 => false #3
x:0b31                 => false #3
x:310c                 => false #3
x:c2a031               => false #4
x:efbbbf31             => false #4
x:0031                 => false #3
x:3100                 => false #3
x:5b31005d             => false #3
[1}                    => false #2
{"a":1]                => false #2
[}                     => false #2
{]                     => false #2
[1,]                   => false #4
{"a":1,}               => false #4
[1 2]                  => false #4
{"a" 1}                => false #4
{"a":}                 => false #4
{:1}                   => false #4
{1:1}                  => false #4
{'a':1}                => false #4
[1] [2]                => false #4
1 2                    => false #4
[1                     => false #4
{"a":1                 => false #4
[                      => false #4
{                      => false #4
]                      => false #4
}                      => false #4
,                      => false #4
:                      => false #4
[,1]                   => false #4
{"a"}                  => false #4
{"a":1 "b":2}          => false #4
"abc                   => false #3
"                      => false #3
"\                     => false #4
x:220122               => false #3
x:221f22               => false #3
x:2261096222           => false #3
x:22610a6222           => false #3
"\a"                   => false #4
"\x41"                 => false #4
"\'"                   => false #4
"\0"                   => false #4
"\u12"                 => false #4
"\u12G4"               => false #4
"\uD800"               => false #10
"\uDC00"               => false #10
"\uD800\u0041"         => false #10
"\uD800x"              => false #10
"\uDBFF\uDBFF"         => false #10
"\uDFFF\uD800"         => false #10
x:22ff22               => false #5
x:22c322               => false #5
x:22c3c022             => false #5
x:22eda08022           => false #5
x:22e0808022           => false #5
x:22f490808022         => false #5
x:ff                   => false #5
x:5bff5d               => false #5
x:c3a9                 => false #4
x:2201ff22             => false #3
x:22ff0122             => false #5
x:5b22ff222c20015d     => false #5
x:5b312c20220122       => false #3
["a" "b"               => false #4
[1}]                   => false #2
[1,"\uD800"]           => false #10
[[1]                   => false #4
{"a":[1}               => false #2
[{"a":1]}              => false #2
== with JSON_INVALID_UTF8_IGNORE
x:22ff22               => true #0
x:22ff0122             => false #3
x:2201ff22             => false #3
x:ff                   => false #5
x:5bff5d               => false #5
x:5b22c3225d           => true #0
x:7b22ff223a317d       => true #0
x:22eda08022           => true #0
x:22ff5c754438303022   => false #10
== no E9 for NUL-prefixed keys, unlike json_decode() to objects
bool(true)
int(0)
NULL
int(9)
