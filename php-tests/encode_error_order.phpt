--TEST--
json_encode(): error-code bookkeeping: the last error wins, which errors abort, order with depth errors
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

enum Pure { case X; }
$res = fopen('php://memory', 'r');
$rec = [1];
$rec[] = &$rec;

$cases = [
    '[NAN,"\xff"]' => [NAN, "\xff"],
    '["\xff",NAN]' => ["\xff", NAN],
    '["\xff"=>NAN]' => ["\xff" => NAN],
    '["\xff"=>"\xfe"]' => ["\xff" => "\xfe"],
    '[NAN,res]' => [NAN, $res],
    '[res,NAN]' => [$res, NAN],
    '[NAN,Pure]' => [NAN, Pure::X],
    '[Pure,NAN]' => [Pure::X, NAN],
    '[Pure,"\xff"]' => [Pure::X, "\xff"],
    '[res,"\xff"]' => [$res, "\xff"],
    '[INF,-INF,NAN]' => [INF, -INF, NAN],
    '[[NAN],"\xff",[INF]]' => [[NAN], "\xff", [INF]],
    '[rec,NAN]' => [$rec, NAN],
    '[NAN,rec]' => [NAN, $rec],
    '[NAN,"ok"]' => [NAN, "ok"],
    'obj' => (object)['a' => NAN, 'b' => "\xff", 'c' => $res],
];
foreach ($cases as $label => $v) {
    echo "== ", rj_str($label), "\n";
    rj_enc('  none', $v);
    rj_enc('  partial', $v, JSON_PARTIAL_OUTPUT_ON_ERROR);
    rj_enc('  partial depth 0', $v, JSON_PARTIAL_OUTPUT_ON_ERROR, 0);
    rj_enc('  none depth 0', $v, 0, 0);
    rj_enc('  throw', $v, JSON_THROW_ON_ERROR);
}
echo "== success resets the error code\n";
json_encode(NAN);
echo json_last_error(), ' ';
json_encode(1);
echo json_last_error(), "\n";
json_encode("\xff");
echo json_last_error(), ' ';
json_encode("\xff", JSON_INVALID_UTF8_IGNORE);
echo json_last_error(), "\n";
echo "== decode errors are overwritten by encode\n";
json_decode('{');
echo json_last_error(), ' ';
json_encode([1]);
echo json_last_error(), "\n";
?>
--EXPECT--
== [NAN,"\xff"]
  none: false #5
  partial: [0,null] #5
  partial depth 0: [0,null] #1
  none depth 0: false #5
  throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== ["\xff",NAN]
  none: false #5
  partial: [null,0] #7
  partial depth 0: [null,0] #1
  none depth 0: false #5
  throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== ["\xff"=>NAN]
  none: false #7
  partial: {"":0} #7
  partial depth 0: {"":0} #1
  none depth 0: false #1
  throw: JsonException(7): Inf and NaN cannot be JSON encoded #1
== ["\xff"=>"\xfe"]
  none: false #5
  partial: {"":null} #5
  partial depth 0: {"":null} #1
  none depth 0: false #5
  throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== [NAN,res]
  none: false #8
  partial: [0,null] #8
  partial depth 0: [0,null] #1
  none depth 0: false #8
  throw: JsonException(8): Type is not supported #8
== [res,NAN]
  none: false #8
  partial: [null,0] #7
  partial depth 0: [null,0] #1
  none depth 0: false #8
  throw: JsonException(8): Type is not supported #8
== [NAN,Pure]
  none: false #11
  partial: [0,0] #11
  partial depth 0: [0,0] #1
  none depth 0: false #11
  throw: JsonException(11): Non-backed enums have no default serialization #11
== [Pure,NAN]
  none: false #11
  partial: [0,0] #7
  partial depth 0: [0,0] #1
  none depth 0: false #11
  throw: JsonException(11): Non-backed enums have no default serialization #11
== [Pure,"\xff"]
  none: false #11
  partial: [0,null] #5
  partial depth 0: [0,null] #1
  none depth 0: false #11
  throw: JsonException(11): Non-backed enums have no default serialization #11
== [res,"\xff"]
  none: false #8
  partial: [null,null] #5
  partial depth 0: [null,null] #1
  none depth 0: false #8
  throw: JsonException(8): Type is not supported #8
== [INF,-INF,NAN]
  none: false #7
  partial: [0,0,0] #7
  partial depth 0: [0,0,0] #1
  none depth 0: false #1
  throw: JsonException(7): Inf and NaN cannot be JSON encoded #1
== [[NAN],"\xff",[INF]]
  none: false #5
  partial: [[0],null,[0]] #7
  partial depth 0: [[0],null,[0]] #1
  none depth 0: false #1
  throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #1
== [rec,NAN]
  none: false #6
  partial: [[1,null],0] #7
  partial depth 0: [[1,null],0] #1
  none depth 0: false #6
  throw: JsonException(6): Recursion detected #6
== [NAN,rec]
  none: false #6
  partial: [0,[1,null]] #6
  partial depth 0: [0,[1,null]] #1
  none depth 0: false #6
  throw: JsonException(6): Recursion detected #6
== [NAN,"ok"]
  none: false #7
  partial: [0,"ok"] #7
  partial depth 0: [0,"ok"] #1
  none depth 0: false #1
  throw: JsonException(7): Inf and NaN cannot be JSON encoded #1
== obj
  none: false #5
  partial: {"a":0,"b":null,"c":null} #8
  partial depth 0: {"a":0,"b":null,"c":null} #1
  none depth 0: false #5
  throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== success resets the error code
7 0
5 0
== decode errors are overwritten by encode
4 0
