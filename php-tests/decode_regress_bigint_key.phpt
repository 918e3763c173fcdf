--TEST--
json_decode(): with JSON_BIGINT_AS_STRING an unquoted integer beyond PHP_INT_MAX/MIN is a string token, so stock accepts it as an object key (found by tools/decode/long_diff.sh, seed 1035) (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Stock's scanner returns a big integer as PHP_JSON_T_STRING when
// JSON_BIGINT_AS_STRING is set, and the parser takes any T_STRING as a key:
// {9223372036854775808:1} decodes. Without the flag, and for integers that
// fit (here -9223372036854775808), the same text is a syntax error.
// Found as "\n{9223372036854775808\":true\r\n  " (stock: error 3, the control
// character in the string after the key; rustjson: 4).
$docs = ['{9223372036854775808:1}', '{-9223372036854775809:1}', '{9223372036854775807:1}', '{-9223372036854775808:1}',
    '{12345678901234567890123:1}', '{"a":1, 9999999999999999999 :2,"b":3}', '{"9223372036854775808":1,9223372036854775808:2}',
    '[{18446744073709551616:{}}]', '{9223372036854775808}', '{9223372036854775808:}', '{9223372036854775808.0:1}',
    '{1e400:1}', "\n{9223372036854775808\":true\r\n  "];
foreach ($docs as $d) {
    foreach ([[true, 0], [true, JSON_BIGINT_AS_STRING], [false, JSON_BIGINT_AS_STRING], [true, JSON_BIGINT_AS_STRING | JSON_OBJECT_AS_ARRAY]] as [$assoc, $flags]) {
        $r = json_decode($d, $assoc, 512, $flags);
        echo rj_label($d), ' assoc=', var_export($assoc, true), " flags=$flags: ", serialize($r), ' #', json_last_error(), "\n";
    }
}
try {
    var_dump(json_decode('{9223372036854775808:1}', false, 1, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR));
} catch (JsonException $e) {
    echo get_class($e), ': ', $e->getMessage(), ' (', $e->getCode(), ")\n";
}
--EXPECT--
{9223372036854775808:1} assoc=true flags=0: N; #4
{9223372036854775808:1} assoc=true flags=2: a:1:{s:19:"9223372036854775808";i:1;} #0
{9223372036854775808:1} assoc=false flags=2: O:8:"stdClass":1:{s:19:"9223372036854775808";i:1;} #0
{9223372036854775808:1} assoc=true flags=3: a:1:{s:19:"9223372036854775808";i:1;} #0
{-9223372036854775809:1} assoc=true flags=0: N; #4
{-9223372036854775809:1} assoc=true flags=2: a:1:{s:20:"-9223372036854775809";i:1;} #0
{-9223372036854775809:1} assoc=false flags=2: O:8:"stdClass":1:{s:20:"-9223372036854775809";i:1;} #0
{-9223372036854775809:1} assoc=true flags=3: a:1:{s:20:"-9223372036854775809";i:1;} #0
{9223372036854775807:1} assoc=true flags=0: N; #4
{9223372036854775807:1} assoc=true flags=2: N; #4
{9223372036854775807:1} assoc=false flags=2: N; #4
{9223372036854775807:1} assoc=true flags=3: N; #4
{-9223372036854775808:1} assoc=true flags=0: N; #4
{-9223372036854775808:1} assoc=true flags=2: N; #4
{-9223372036854775808:1} assoc=false flags=2: N; #4
{-9223372036854775808:1} assoc=true flags=3: N; #4
{12345678901234567890123:1} assoc=true flags=0: N; #4
{12345678901234567890123:1} assoc=true flags=2: a:1:{s:23:"12345678901234567890123";i:1;} #0
{12345678901234567890123:1} assoc=false flags=2: O:8:"stdClass":1:{s:23:"12345678901234567890123";i:1;} #0
{12345678901234567890123:1} assoc=true flags=3: a:1:{s:23:"12345678901234567890123";i:1;} #0
{"a":1, 9999999999999999999 :2,"b":3} assoc=true flags=0: N; #4
{"a":1, 9999999999999999999 :2,"b":3} assoc=true flags=2: a:3:{s:1:"a";i:1;s:19:"9999999999999999999";i:2;s:1:"b";i:3;} #0
{"a":1, 9999999999999999999 :2,"b":3} assoc=false flags=2: O:8:"stdClass":3:{s:1:"a";i:1;s:19:"9999999999999999999";i:2;s:1:"b";i:3;} #0
{"a":1, 9999999999999999999 :2,"b":3} assoc=true flags=3: a:3:{s:1:"a";i:1;s:19:"9999999999999999999";i:2;s:1:"b";i:3;} #0
{"9223372036854775808":1,9223372036854775808:2} assoc=true flags=0: N; #4
{"9223372036854775808":1,9223372036854775808:2} assoc=true flags=2: a:1:{s:19:"9223372036854775808";i:2;} #0
{"9223372036854775808":1,9223372036854775808:2} assoc=false flags=2: O:8:"stdClass":1:{s:19:"9223372036854775808";i:2;} #0
{"9223372036854775808":1,9223372036854775808:2} assoc=true flags=3: a:1:{s:19:"9223372036854775808";i:2;} #0
[{18446744073709551616:{}}] assoc=true flags=0: N; #4
[{18446744073709551616:{}}] assoc=true flags=2: a:1:{i:0;a:1:{s:20:"18446744073709551616";a:0:{}}} #0
[{18446744073709551616:{}}] assoc=false flags=2: a:1:{i:0;O:8:"stdClass":1:{s:20:"18446744073709551616";O:8:"stdClass":0:{}}} #0
[{18446744073709551616:{}}] assoc=true flags=3: a:1:{i:0;a:1:{s:20:"18446744073709551616";a:0:{}}} #0
{9223372036854775808} assoc=true flags=0: N; #4
{9223372036854775808} assoc=true flags=2: N; #4
{9223372036854775808} assoc=false flags=2: N; #4
{9223372036854775808} assoc=true flags=3: N; #4
{9223372036854775808:} assoc=true flags=0: N; #4
{9223372036854775808:} assoc=true flags=2: N; #4
{9223372036854775808:} assoc=false flags=2: N; #4
{9223372036854775808:} assoc=true flags=3: N; #4
{9223372036854775808.0:1} assoc=true flags=0: N; #4
{9223372036854775808.0:1} assoc=true flags=2: N; #4
{9223372036854775808.0:1} assoc=false flags=2: N; #4
{9223372036854775808.0:1} assoc=true flags=3: N; #4
{1e400:1} assoc=true flags=0: N; #4
{1e400:1} assoc=true flags=2: N; #4
{1e400:1} assoc=false flags=2: N; #4
{1e400:1} assoc=true flags=3: N; #4
x:0a7b39323233333732303336383534373735383038223a747275650d0a2020 assoc=true flags=0: N; #4
x:0a7b39323233333732303336383534373735383038223a747275650d0a2020 assoc=true flags=2: N; #3
x:0a7b39323233333732303336383534373735383038223a747275650d0a2020 assoc=false flags=2: N; #3
x:0a7b39323233333732303336383534373735383038223a747275650d0a2020 assoc=true flags=3: N; #3
JsonException: Maximum stack depth exceeded (1)
