--TEST--
json_decode(): edges from tools/decode/sweep.php: invalid UTF-8 in values and keys under the four UTF-8 modes, surrogates, number tokens, number keys (rustjson.decode=1)
--INI--
rustjson.decode=1
serialize_precision=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// A sample of the exhaustive sweeps (tools/decode/sweep.php), one line per
// document and setting: serialize() of the result (hex unless printable
// ASCII) and json_last_error().
function show(string $d, array $settings): void {
    $out = [];
    foreach ($settings as [$assoc, $depth, $flags]) {
        $r = json_decode($d, $assoc, $depth, $flags);
        $out[] = rj_label(serialize($r)) . ' #' . json_last_error();
    }
    echo rj_label($d), ': ', implode(' | ', $out), "\n";
}
$utf8 = [[false, 512, 0], [false, 512, JSON_INVALID_UTF8_IGNORE], [false, 512, JSON_INVALID_UTF8_SUBSTITUTE],
    [false, 512, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE]];
echo "-- strings (0, IGNORE, SUBSTITUTE, both)\n";
foreach (["\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x9f\x98", "\xe2\x82", "\x80", "\xc2", "a\xffb\xfe",
    "\x7f", "\x1f", "\x00", "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xe0\x9f\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf"] as $s) {
    show('"' . $s . '"', $utf8);
}
echo "-- keys (object, assoc) x (IGNORE, SUBSTITUTE)\n";
$keyset = [[false, 512, JSON_INVALID_UTF8_IGNORE], [true, 512, JSON_INVALID_UTF8_IGNORE],
    [false, 512, JSON_INVALID_UTF8_SUBSTITUTE], [true, 512, JSON_INVALID_UTF8_SUBSTITUTE]];
foreach (["{\"\xff\":1,\"\":2}", "{\"\xff\\u0000a\":1}", "{\"\xff1\":1,\"1\":2}", "{\"-\xff1\":1}",
    "{\"\xc3\":1,\"\xc3\xa9\":2,\"\xef\xbf\xbd\":3}", "{\"\xff\":{\"\xfe\":1}}"] as $d) {
    show($d, $keyset);
}
echo "-- surrogates\n";
foreach (['"\ud800\udc00"', '"\uD800\uDC00"', '"\uDBFF\uDFFF"', '"\ud83d\ude00"', '"\ud800"', '"\udc00"', '"\udc00\ud800"',
    '"\ud800\ud800"', '"\ud800\u0041"', '"\ud800\u"', '"\ud800\udc"', '"\ud800\n"', '"\ud800\\\\"', '"\ud800x"', '"\u00"',
    '"\u0000"', '"\uffff"', '"\ufffe"'] as $d) {
    show($d, [[false, 512, 0], [false, 512, JSON_INVALID_UTF8_SUBSTITUTE]]);
}
echo "-- number tokens (0, BIGINT_AS_STRING)\n";
foreach (['-', '-0', '0-', '-0.0', '0e0', '-0e-0', '1e', '1e+', '1.e1', '.1', '01', '-01', '1E400', '-1E400', '1e-400',
    '2.4703282292062327e-324', '2.4703282292062328e-324', '4.9e-324', '1.7976931348623158e308', '9223372036854775807',
    '9223372036854775808', '-9223372036854775808', '-9223372036854775809', '18446744073709551616',
    '1234567890123456789012345', '9223372036854775807.0', '9223372036854775808e0', '+1', '1+', '1e1e1', '--1', '0.0e'] as $d) {
    show($d, [[false, 512, 0], [false, 512, JSON_BIGINT_AS_STRING]]);
}
echo "-- number keys (assoc, object, assoc at depth 1)\n";
foreach (['0', '-0', '00', '01', '1 ', ' 1', '+1', '1.0', '1e2', '2147483648', '-2147483649', '9223372036854775807',
    '9223372036854775808', '-9223372036854775808', '-9223372036854775809'] as $k) {
    show('{"' . $k . '":1,"a":2,"' . $k . '":3}', [[true, 512, 0], [false, 512, 0], [true, 1, 0]]);
}
--EXPECT--
-- strings (0, IGNORE, SUBSTITUTE, both)
x:22c08022: N; #5 | s:0:""; #0 | x:733a363a22efbfbdefbfbd223b #0 | x:733a363a22efbfbdefbfbd223b #0
x:22eda08022: N; #5 | s:0:""; #0 | x:733a393a22efbfbdefbfbdefbfbd223b #0 | x:733a393a22efbfbdefbfbdefbfbd223b #0
x:22f490808022: N; #5 | s:0:""; #0 | x:733a31323a22efbfbdefbfbdefbfbdefbfbd223b #0 | x:733a31323a22efbfbdefbfbdefbfbdefbfbd223b #0
x:22f09f9822: N; #5 | s:0:""; #0 | x:733a393a22efbfbdefbfbdefbfbd223b #0 | x:733a393a22efbfbdefbfbdefbfbd223b #0
x:22e28222: N; #5 | s:0:""; #0 | x:733a363a22efbfbdefbfbd223b #0 | x:733a363a22efbfbdefbfbd223b #0
x:228022: N; #5 | s:0:""; #0 | x:733a333a22efbfbd223b #0 | x:733a333a22efbfbd223b #0
x:22c222: N; #5 | s:0:""; #0 | x:733a333a22efbfbd223b #0 | x:733a333a22efbfbd223b #0
x:2261ff62fe22: N; #5 | s:2:"ab"; #0 | x:733a383a2261efbfbd62efbfbd223b #0 | x:733a383a2261efbfbd62efbfbd223b #0
x:227f22: x:733a313a227f223b #0 | x:733a313a227f223b #0 | x:733a313a227f223b #0 | x:733a313a227f223b #0
x:221f22: N; #3 | N; #3 | N; #3 | N; #3
x:220022: N; #3 | N; #3 | N; #3 | N; #3
x:22efbfbf22: x:733a333a22efbfbf223b #0 | x:733a333a22efbfbf223b #0 | x:733a333a22efbfbf223b #0 | x:733a333a22efbfbf223b #0
x:22f090808022: x:733a343a22f0908080223b #0 | x:733a343a22f0908080223b #0 | x:733a343a22f0908080223b #0 | x:733a343a22f0908080223b #0
x:22e09fbf22: N; #5 | s:0:""; #0 | x:733a393a22efbfbdefbfbdefbfbd223b #0 | x:733a393a22efbfbdefbfbdefbfbd223b #0
x:22e0a08022: x:733a333a22e0a080223b #0 | x:733a333a22e0a080223b #0 | x:733a333a22e0a080223b #0 | x:733a333a22e0a080223b #0
x:22ed9fbf22: x:733a333a22ed9fbf223b #0 | x:733a333a22ed9fbf223b #0 | x:733a333a22ed9fbf223b #0 | x:733a333a22ed9fbf223b #0
-- keys (object, assoc) x (IGNORE, SUBSTITUTE)
x:7b22ff223a312c22223a327d: O:8:"stdClass":1:{s:0:"";i:2;} #0 | a:1:{s:0:"";i:2;} #0 | x:4f3a383a22737464436c617373223a323a7b733a333a22efbfbd223b693a313b733a303a22223b693a323b7d #0 | x:613a323a7b733a333a22efbfbd223b693a313b733a303a22223b693a323b7d #0
x:7b22ff5c753030303061223a317d: N; #9 | x:613a313a7b733a323a220061223b693a313b7d #0 | x:4f3a383a22737464436c617373223a313a7b733a353a22efbfbd0061223b693a313b7d #0 | x:613a313a7b733a353a22efbfbd0061223b693a313b7d #0
x:7b22ff31223a312c2231223a327d: O:8:"stdClass":1:{s:1:"1";i:2;} #0 | a:1:{i:1;i:2;} #0 | x:4f3a383a22737464436c617373223a323a7b733a343a22efbfbd31223b693a313b733a313a2231223b693a323b7d #0 | x:613a323a7b733a343a22efbfbd31223b693a313b693a313b693a323b7d #0
x:7b222dff31223a317d: O:8:"stdClass":1:{s:2:"-1";i:1;} #0 | a:1:{i:-1;i:1;} #0 | x:4f3a383a22737464436c617373223a313a7b733a353a222defbfbd31223b693a313b7d #0 | x:613a313a7b733a353a222defbfbd31223b693a313b7d #0
x:7b22c3223a312c22c3a9223a322c22efbfbd223a337d: x:4f3a383a22737464436c617373223a333a7b733a303a22223b693a313b733a323a22c3a9223b693a323b733a333a22efbfbd223b693a333b7d #0 | x:613a333a7b733a303a22223b693a313b733a323a22c3a9223b693a323b733a333a22efbfbd223b693a333b7d #0 | x:4f3a383a22737464436c617373223a323a7b733a333a22efbfbd223b693a333b733a323a22c3a9223b693a323b7d #0 | x:613a323a7b733a333a22efbfbd223b693a333b733a323a22c3a9223b693a323b7d #0
x:7b22ff223a7b22fe223a317d7d: O:8:"stdClass":1:{s:0:"";O:8:"stdClass":1:{s:0:"";i:1;}} #0 | a:1:{s:0:"";a:1:{s:0:"";i:1;}} #0 | x:4f3a383a22737464436c617373223a313a7b733a333a22efbfbd223b4f3a383a22737464436c617373223a313a7b733a333a22efbfbd223b693a313b7d7d #0 | x:613a313a7b733a333a22efbfbd223b613a313a7b733a333a22efbfbd223b693a313b7d7d #0
-- surrogates
"\ud800\udc00": x:733a343a22f0908080223b #0 | x:733a343a22f0908080223b #0
"\uD800\uDC00": x:733a343a22f0908080223b #0 | x:733a343a22f0908080223b #0
"\uDBFF\uDFFF": x:733a343a22f48fbfbf223b #0 | x:733a343a22f48fbfbf223b #0
"\ud83d\ude00": x:733a343a22f09f9880223b #0 | x:733a343a22f09f9880223b #0
"\ud800": N; #10 | N; #10
"\udc00": N; #10 | N; #10
"\udc00\ud800": N; #10 | N; #10
"\ud800\ud800": N; #10 | N; #10
"\ud800\u0041": N; #10 | N; #10
"\ud800\u": N; #10 | N; #10
"\ud800\udc": N; #10 | N; #10
"\ud800\n": N; #10 | N; #10
"\ud800\\": N; #10 | N; #10
"\ud800x": N; #10 | N; #10
"\u00": N; #4 | N; #4
"\u0000": x:733a313a2200223b #0 | x:733a313a2200223b #0
"\uffff": x:733a333a22efbfbf223b #0 | x:733a333a22efbfbf223b #0
"\ufffe": x:733a333a22efbfbe223b #0 | x:733a333a22efbfbe223b #0
-- number tokens (0, BIGINT_AS_STRING)
-: N; #4 | N; #4
-0: i:0; #0 | i:0; #0
0-: N; #4 | N; #4
-0.0: d:-0; #0 | d:-0; #0
0e0: d:0; #0 | d:0; #0
-0e-0: d:-0; #0 | d:-0; #0
1e: N; #4 | N; #4
1e+: N; #4 | N; #4
1.e1: N; #4 | N; #4
.1: N; #4 | N; #4
01: N; #4 | N; #4
-01: N; #4 | N; #4
1E400: d:INF; #0 | d:INF; #0
-1E400: d:-INF; #0 | d:-INF; #0
1e-400: d:0; #0 | d:0; #0
2.4703282292062327e-324: d:0; #0 | d:0; #0
2.4703282292062328e-324: d:5.0E-324; #0 | d:5.0E-324; #0
4.9e-324: d:5.0E-324; #0 | d:5.0E-324; #0
1.7976931348623158e308: d:1.7976931348623157E+308; #0 | d:1.7976931348623157E+308; #0
9223372036854775807: i:9223372036854775807; #0 | i:9223372036854775807; #0
9223372036854775808: d:9.223372036854776E+18; #0 | s:19:"9223372036854775808"; #0
-9223372036854775808: i:-9223372036854775808; #0 | i:-9223372036854775808; #0
-9223372036854775809: d:-9.223372036854776E+18; #0 | s:20:"-9223372036854775809"; #0
18446744073709551616: d:1.8446744073709552E+19; #0 | s:20:"18446744073709551616"; #0
1234567890123456789012345: d:1.2345678901234568E+24; #0 | s:25:"1234567890123456789012345"; #0
9223372036854775807.0: d:9.223372036854776E+18; #0 | d:9.223372036854776E+18; #0
9223372036854775808e0: d:9.223372036854776E+18; #0 | d:9.223372036854776E+18; #0
+1: N; #4 | N; #4
1+: N; #4 | N; #4
1e1e1: N; #4 | N; #4
--1: N; #4 | N; #4
0.0e: N; #4 | N; #4
-- number keys (assoc, object, assoc at depth 1)
{"0":1,"a":2,"0":3}: a:2:{i:0;i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:1:"0";i:3;s:1:"a";i:2;} #0 | N; #1
{"-0":1,"a":2,"-0":3}: a:2:{s:2:"-0";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:2:"-0";i:3;s:1:"a";i:2;} #0 | N; #1
{"00":1,"a":2,"00":3}: a:2:{s:2:"00";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:2:"00";i:3;s:1:"a";i:2;} #0 | N; #1
{"01":1,"a":2,"01":3}: a:2:{s:2:"01";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:2:"01";i:3;s:1:"a";i:2;} #0 | N; #1
{"1 ":1,"a":2,"1 ":3}: a:2:{s:2:"1 ";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:2:"1 ";i:3;s:1:"a";i:2;} #0 | N; #1
{" 1":1,"a":2," 1":3}: a:2:{s:2:" 1";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:2:" 1";i:3;s:1:"a";i:2;} #0 | N; #1
{"+1":1,"a":2,"+1":3}: a:2:{s:2:"+1";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:2:"+1";i:3;s:1:"a";i:2;} #0 | N; #1
{"1.0":1,"a":2,"1.0":3}: a:2:{s:3:"1.0";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:3:"1.0";i:3;s:1:"a";i:2;} #0 | N; #1
{"1e2":1,"a":2,"1e2":3}: a:2:{s:3:"1e2";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:3:"1e2";i:3;s:1:"a";i:2;} #0 | N; #1
{"2147483648":1,"a":2,"2147483648":3}: a:2:{i:2147483648;i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:10:"2147483648";i:3;s:1:"a";i:2;} #0 | N; #1
{"-2147483649":1,"a":2,"-2147483649":3}: a:2:{i:-2147483649;i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:11:"-2147483649";i:3;s:1:"a";i:2;} #0 | N; #1
{"9223372036854775807":1,"a":2,"9223372036854775807":3}: a:2:{i:9223372036854775807;i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:19:"9223372036854775807";i:3;s:1:"a";i:2;} #0 | N; #1
{"9223372036854775808":1,"a":2,"9223372036854775808":3}: a:2:{s:19:"9223372036854775808";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:19:"9223372036854775808";i:3;s:1:"a";i:2;} #0 | N; #1
{"-9223372036854775808":1,"a":2,"-9223372036854775808":3}: a:2:{i:-9223372036854775808;i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:20:"-9223372036854775808";i:3;s:1:"a";i:2;} #0 | N; #1
{"-9223372036854775809":1,"a":2,"-9223372036854775809":3}: a:2:{s:20:"-9223372036854775809";i:3;s:1:"a";i:2;} #0 | O:8:"stdClass":2:{s:20:"-9223372036854775809";i:3;s:1:"a";i:2;} #0 | N; #1
