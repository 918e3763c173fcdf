--TEST--
json_encode(): resources (error 8): partial writes null, non-partial aborts; closed resources; pretty print state afterwards
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$r = fopen('php://memory', 'r');
$closed = fopen('php://memory', 'r');
fclose($closed);
$ctx = stream_context_create();
$F = ['none' => 0, 'partial' => JSON_PARTIAL_OUTPUT_ON_ERROR, 'throw' => JSON_THROW_ON_ERROR,
      'throw|partial' => JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR,
      'partial|pretty' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT];
$cases = [
    'stream' => $r,
    'closed' => $closed,
    'context' => $ctx,
    'STDIN-like' => STDERR,
    'in list' => [1, $r, 2],
    'in map' => ['a' => $r, 'b' => ['c' => $closed]],
    'object prop' => (object)['res' => $r, 'ok' => true],
    'as JS result' => new class($r) implements JsonSerializable {
        public function __construct(private $r) {}
        public function jsonSerialize(): mixed { return $this->r; }
    },
];
foreach ($cases as $label => $v) {
    echo "== $label\n";
    foreach ($F as $name => $f) {
        rj_enc("  $name", $v, $f);
    }
}
echo "== encoding after a failed one is not affected (bug73254)\n";
rj_enc('fail', ['x' => [$r]], JSON_PRETTY_PRINT);
rj_enc('next', ['x' => ['y' => 1]], JSON_PRETTY_PRINT);
?>
--EXPECT--
== stream
  none: false #8
  partial: null #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: null #8
  partial|pretty: null #8
== closed
  none: false #8
  partial: null #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: null #8
  partial|pretty: null #8
== context
  none: false #8
  partial: null #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: null #8
  partial|pretty: null #8
== STDIN-like
  none: false #8
  partial: null #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: null #8
  partial|pretty: null #8
== in list
  none: false #8
  partial: [1,null,2] #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: [1,null,2] #8
  partial|pretty: [
    1,
    null,
    2
] #8
== in map
  none: false #8
  partial: {"a":null,"b":{"c":null}} #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: {"a":null,"b":{"c":null}} #8
  partial|pretty: {
    "a": null,
    "b": {
        "c": null
    }
} #8
== object prop
  none: false #8
  partial: {"res":null,"ok":true} #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: {"res":null,"ok":true} #8
  partial|pretty: {
    "res": null,
    "ok": true
} #8
== as JS result
  none: false #8
  partial: null #8
  throw: JsonException(8): Type is not supported #8
  throw|partial: null #8
  partial|pretty: null #8
== encoding after a failed one is not affected (bug73254)
fail: false #8
next: {
    "x": {
        "y": 1
    }
} #0
