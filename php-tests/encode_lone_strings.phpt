--TEST--
json_encode() of a string alone (rustjson's one-allocation path for clean strings up to 64 bytes): text, error state and exceptions as stock, no larger result block
--FILE--
<?php
$strings = ['', 'a', str_repeat('x', 15), str_repeat('y', 16), str_repeat('z', 63) . '/', str_repeat('w', 64),
    str_repeat('v', 65), 'a/b', 'tab	', "q\"", 'back\\', '<&\'>', 'é', "\u{2028}", "bad\xff", str_repeat('k', 40) . "\xc3"];
$flagsets = [0, JSON_UNESCAPED_SLASHES, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT, JSON_UNESCAPED_UNICODE,
    JSON_INVALID_UTF8_SUBSTITUTE, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_NUMERIC_CHECK | JSON_PRETTY_PRINT];
foreach ($strings as $s) {
    $line = [];
    foreach ($flagsets as $f) {
        json_decode('[');                       // leaves error 4 behind
        try {
            $r = json_encode($s, $f);
            $line[] = var_export($r, true) . '/' . json_last_error();
        } catch (JsonException $e) {
            $line[] = 'JsonException(' . $e->getCode() . ')/' . json_last_error();
        }
    }
    echo bin2hex($s), ': ', implode(' ', $line), "\n";
}
$r = json_encode('abcdefghijklmnop');
debug_zval_dump($r);
// 40 bytes of text: stock's trimmed smart_str keeps an 80-byte block here.
$keep = array_fill(0, 100, null);
$m = memory_get_usage();
for ($i = 0; $i < 100; $i++) {
    $keep[$i] = json_encode(str_pad((string)$i, 38, '.'));
}
var_dump((memory_get_usage() - $m) / 100 <= 80);
?>
--EXPECT--
: '""'/0 '""'/0 '""'/0 '""'/0 '""'/0 '""'/0 '""'/4 '""'/0
61: '"a"'/0 '"a"'/0 '"a"'/0 '"a"'/0 '"a"'/0 '"a"'/0 '"a"'/4 '"a"'/0
787878787878787878787878787878: '"xxxxxxxxxxxxxxx"'/0 '"xxxxxxxxxxxxxxx"'/0 '"xxxxxxxxxxxxxxx"'/0 '"xxxxxxxxxxxxxxx"'/0 '"xxxxxxxxxxxxxxx"'/0 '"xxxxxxxxxxxxxxx"'/0 '"xxxxxxxxxxxxxxx"'/4 '"xxxxxxxxxxxxxxx"'/0
79797979797979797979797979797979: '"yyyyyyyyyyyyyyyy"'/0 '"yyyyyyyyyyyyyyyy"'/0 '"yyyyyyyyyyyyyyyy"'/0 '"yyyyyyyyyyyyyyyy"'/0 '"yyyyyyyyyyyyyyyy"'/0 '"yyyyyyyyyyyyyyyy"'/0 '"yyyyyyyyyyyyyyyy"'/4 '"yyyyyyyyyyyyyyyy"'/0
7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a2f: '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/0 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/"'/0 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/0 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/0 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/0 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/0 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/4 '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\\/"'/0
77777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777: '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/4 '"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"'/0
7676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676767676: '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/4 '"vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"'/0
612f62: '"a\\/b"'/0 '"a/b"'/0 '"a\\/b"'/0 '"a\\/b"'/0 '"a\\/b"'/0 '"a\\/b"'/0 '"a\\/b"'/4 '"a\\/b"'/0
74616209: '"tab\\t"'/0 '"tab\\t"'/0 '"tab\\t"'/0 '"tab\\t"'/0 '"tab\\t"'/0 '"tab\\t"'/0 '"tab\\t"'/4 '"tab\\t"'/0
7122: '"q\\""'/0 '"q\\""'/0 '"q\\u0022"'/0 '"q\\""'/0 '"q\\""'/0 '"q\\""'/0 '"q\\""'/4 '"q\\""'/0
6261636b5c: '"back\\\\"'/0 '"back\\\\"'/0 '"back\\\\"'/0 '"back\\\\"'/0 '"back\\\\"'/0 '"back\\\\"'/0 '"back\\\\"'/4 '"back\\\\"'/0
3c26273e: '"<&\'>"'/0 '"<&\'>"'/0 '"\\u003C\\u0026\\u0027\\u003E"'/0 '"<&\'>"'/0 '"<&\'>"'/0 '"<&\'>"'/0 '"<&\'>"'/4 '"<&\'>"'/0
c3a9: '"\\u00e9"'/0 '"\\u00e9"'/0 '"\\u00e9"'/0 '"é"'/0 '"\\u00e9"'/0 '"\\u00e9"'/0 '"\\u00e9"'/4 '"\\u00e9"'/0
e280a8: '"\\u2028"'/0 '"\\u2028"'/0 '"\\u2028"'/0 '"\\u2028"'/0 '"\\u2028"'/0 '"\\u2028"'/0 '"\\u2028"'/4 '"\\u2028"'/0
626164ff: false/5 false/5 false/5 false/5 '"bad\\ufffd"'/0 'null'/5 JsonException(5)/4 false/5
6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6bc3: false/5 false/5 false/5 false/5 '"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\\ufffd"'/0 'null'/5 JsonException(5)/4 false/5
string(18) ""abcdefghijklmnop"" refcount(2)
bool(true)
