--TEST--
json_encode(): $depth semantics (0, negative, exact limits, int truncation of huge values, partial output)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$values = [
    'scalar 1' => 1,
    'string' => "s",
    'null' => null,
    '[]' => [],
    '{}' => new stdClass,
    '[1]' => [1],
    '[[1]]' => [[1]],
    '[[[]]]' => [[[]]],
    '{"x":{}}' => ['x' => new stdClass],
    '{"x":[{}]}' => (object)['x' => [new stdClass]],
    'force object [[1]]' => [[1]],
];
$depths = [0, -1, -2147483648, 1, 2, 3, 2147483647, 2147483648, 4294967295, 4294967296, 4294967297, 4294967298,
           PHP_INT_MAX, PHP_INT_MIN, -4294967295];
foreach ($values as $label => $v) {
    echo "== $label\n";
    $f = str_starts_with($label, 'force') ? JSON_FORCE_OBJECT : 0;
    foreach ($depths as $d) {
        rj_enc("  depth $d", $v, $f, $d);
        rj_enc("  depth $d partial", $v, $f | JSON_PARTIAL_OUTPUT_ON_ERROR, $d);
    }
}
echo "== [NAN] and [[1],NAN] with depth 0\n";
rj_enc('[NAN] d0', [NAN], 0, 0);
rj_enc('[NAN] d0 partial', [NAN], JSON_PARTIAL_OUTPUT_ON_ERROR, 0);
rj_enc('[[1],NAN] d0', [[1], NAN], 0, 0);
rj_enc('[[1],NAN] d1', [[1], NAN], 0, 1);
rj_enc('[[1],NAN] d1 partial', [[1], NAN], JSON_PARTIAL_OUTPUT_ON_ERROR, 1);
rj_enc('[NAN,[1]] d1 partial', [NAN, [1]], JSON_PARTIAL_OUTPUT_ON_ERROR, 1);
rj_enc('[[1],"\xff"] d1', [[1], "\xff"], 0, 1);
rj_enc('["\xff",[1]] d1', ["\xff", [1]], 0, 1);
rj_enc('throw d0', [], JSON_THROW_ON_ERROR, 0);
rj_enc('throw|partial d0', [[]], JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR, 0);
rj_enc('pretty partial d1', ['a' => ['b' => ['c' => 1]], 'd' => []], JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR, 1);

echo "== nesting 600 (needs depth 600)\n";
$deep = 1;
for ($i = 0; $i < 600; $i++) { $deep = [$deep]; }
foreach ([599, 600, 601, 512] as $d) {
    $r = json_encode($deep, 0, $d);
    echo "depth $d: ", $r === false ? 'false' : strlen($r) . ' bytes', ' #', json_last_error(), "\n";
}
$r = json_encode($deep);
echo "default depth: ", $r === false ? 'false' : strlen($r), ' #', json_last_error(), "\n";
$r = json_encode($deep, JSON_PARTIAL_OUTPUT_ON_ERROR);
echo "default depth partial: ", strlen($r), ' ', md5($r), ' #', json_last_error(), "\n";

echo "== objects and JsonSerializable count like arrays\n";
class J implements JsonSerializable {
    public function __construct(private mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
rj_enc('J(1) d0', new J(1), 0, 0);
rj_enc('J([1]) d0', new J([1]), 0, 0);
rj_enc('J([1]) d1', new J([1]), 0, 1);
rj_enc('[J([[1]])] d2', [new J([[1]])], 0, 2);
rj_enc('[J([[1]])] d3', [new J([[1]])], 0, 3);
enum E: int { case A = 1; }
rj_enc('enum d0', E::A, 0, 0);
rj_enc('[enum] d1', [E::A], 0, 1);
?>
--EXPECT--
== scalar 1
  depth 0: 1 #0
  depth 0 partial: 1 #0
  depth -1: 1 #0
  depth -1 partial: 1 #0
  depth -2147483648: 1 #0
  depth -2147483648 partial: 1 #0
  depth 1: 1 #0
  depth 1 partial: 1 #0
  depth 2: 1 #0
  depth 2 partial: 1 #0
  depth 3: 1 #0
  depth 3 partial: 1 #0
  depth 2147483647: 1 #0
  depth 2147483647 partial: 1 #0
  depth 2147483648: 1 #0
  depth 2147483648 partial: 1 #0
  depth 4294967295: 1 #0
  depth 4294967295 partial: 1 #0
  depth 4294967296: 1 #0
  depth 4294967296 partial: 1 #0
  depth 4294967297: 1 #0
  depth 4294967297 partial: 1 #0
  depth 4294967298: 1 #0
  depth 4294967298 partial: 1 #0
  depth 9223372036854775807: 1 #0
  depth 9223372036854775807 partial: 1 #0
  depth -9223372036854775808: 1 #0
  depth -9223372036854775808 partial: 1 #0
  depth -4294967295: 1 #0
  depth -4294967295 partial: 1 #0
== string
  depth 0: "s" #0
  depth 0 partial: "s" #0
  depth -1: "s" #0
  depth -1 partial: "s" #0
  depth -2147483648: "s" #0
  depth -2147483648 partial: "s" #0
  depth 1: "s" #0
  depth 1 partial: "s" #0
  depth 2: "s" #0
  depth 2 partial: "s" #0
  depth 3: "s" #0
  depth 3 partial: "s" #0
  depth 2147483647: "s" #0
  depth 2147483647 partial: "s" #0
  depth 2147483648: "s" #0
  depth 2147483648 partial: "s" #0
  depth 4294967295: "s" #0
  depth 4294967295 partial: "s" #0
  depth 4294967296: "s" #0
  depth 4294967296 partial: "s" #0
  depth 4294967297: "s" #0
  depth 4294967297 partial: "s" #0
  depth 4294967298: "s" #0
  depth 4294967298 partial: "s" #0
  depth 9223372036854775807: "s" #0
  depth 9223372036854775807 partial: "s" #0
  depth -9223372036854775808: "s" #0
  depth -9223372036854775808 partial: "s" #0
  depth -4294967295: "s" #0
  depth -4294967295 partial: "s" #0
== null
  depth 0: null #0
  depth 0 partial: null #0
  depth -1: null #0
  depth -1 partial: null #0
  depth -2147483648: null #0
  depth -2147483648 partial: null #0
  depth 1: null #0
  depth 1 partial: null #0
  depth 2: null #0
  depth 2 partial: null #0
  depth 3: null #0
  depth 3 partial: null #0
  depth 2147483647: null #0
  depth 2147483647 partial: null #0
  depth 2147483648: null #0
  depth 2147483648 partial: null #0
  depth 4294967295: null #0
  depth 4294967295 partial: null #0
  depth 4294967296: null #0
  depth 4294967296 partial: null #0
  depth 4294967297: null #0
  depth 4294967297 partial: null #0
  depth 4294967298: null #0
  depth 4294967298 partial: null #0
  depth 9223372036854775807: null #0
  depth 9223372036854775807 partial: null #0
  depth -9223372036854775808: null #0
  depth -9223372036854775808 partial: null #0
  depth -4294967295: null #0
  depth -4294967295 partial: null #0
== []
  depth 0: false #1
  depth 0 partial: [] #1
  depth -1: false #1
  depth -1 partial: [] #1
  depth -2147483648: false #1
  depth -2147483648 partial: [] #1
  depth 1: [] #0
  depth 1 partial: [] #0
  depth 2: [] #0
  depth 2 partial: [] #0
  depth 3: [] #0
  depth 3 partial: [] #0
  depth 2147483647: [] #0
  depth 2147483647 partial: [] #0
  depth 2147483648: false #1
  depth 2147483648 partial: [] #1
  depth 4294967295: false #1
  depth 4294967295 partial: [] #1
  depth 4294967296: false #1
  depth 4294967296 partial: [] #1
  depth 4294967297: [] #0
  depth 4294967297 partial: [] #0
  depth 4294967298: [] #0
  depth 4294967298 partial: [] #0
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: [] #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: [] #1
  depth -4294967295: [] #0
  depth -4294967295 partial: [] #0
== {}
  depth 0: false #1
  depth 0 partial: {} #1
  depth -1: false #1
  depth -1 partial: {} #1
  depth -2147483648: false #1
  depth -2147483648 partial: {} #1
  depth 1: {} #0
  depth 1 partial: {} #0
  depth 2: {} #0
  depth 2 partial: {} #0
  depth 3: {} #0
  depth 3 partial: {} #0
  depth 2147483647: {} #0
  depth 2147483647 partial: {} #0
  depth 2147483648: false #1
  depth 2147483648 partial: {} #1
  depth 4294967295: false #1
  depth 4294967295 partial: {} #1
  depth 4294967296: false #1
  depth 4294967296 partial: {} #1
  depth 4294967297: {} #0
  depth 4294967297 partial: {} #0
  depth 4294967298: {} #0
  depth 4294967298 partial: {} #0
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: {} #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: {} #1
  depth -4294967295: {} #0
  depth -4294967295 partial: {} #0
== [1]
  depth 0: false #1
  depth 0 partial: [1] #1
  depth -1: false #1
  depth -1 partial: [1] #1
  depth -2147483648: false #1
  depth -2147483648 partial: [1] #1
  depth 1: [1] #0
  depth 1 partial: [1] #0
  depth 2: [1] #0
  depth 2 partial: [1] #0
  depth 3: [1] #0
  depth 3 partial: [1] #0
  depth 2147483647: [1] #0
  depth 2147483647 partial: [1] #0
  depth 2147483648: false #1
  depth 2147483648 partial: [1] #1
  depth 4294967295: false #1
  depth 4294967295 partial: [1] #1
  depth 4294967296: false #1
  depth 4294967296 partial: [1] #1
  depth 4294967297: [1] #0
  depth 4294967297 partial: [1] #0
  depth 4294967298: [1] #0
  depth 4294967298 partial: [1] #0
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: [1] #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: [1] #1
  depth -4294967295: [1] #0
  depth -4294967295 partial: [1] #0
== [[1]]
  depth 0: false #1
  depth 0 partial: [[1]] #1
  depth -1: false #1
  depth -1 partial: [[1]] #1
  depth -2147483648: false #1
  depth -2147483648 partial: [[1]] #1
  depth 1: false #1
  depth 1 partial: [[1]] #1
  depth 2: [[1]] #0
  depth 2 partial: [[1]] #0
  depth 3: [[1]] #0
  depth 3 partial: [[1]] #0
  depth 2147483647: [[1]] #0
  depth 2147483647 partial: [[1]] #0
  depth 2147483648: false #1
  depth 2147483648 partial: [[1]] #1
  depth 4294967295: false #1
  depth 4294967295 partial: [[1]] #1
  depth 4294967296: false #1
  depth 4294967296 partial: [[1]] #1
  depth 4294967297: false #1
  depth 4294967297 partial: [[1]] #1
  depth 4294967298: [[1]] #0
  depth 4294967298 partial: [[1]] #0
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: [[1]] #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: [[1]] #1
  depth -4294967295: false #1
  depth -4294967295 partial: [[1]] #1
== [[[]]]
  depth 0: false #1
  depth 0 partial: [[[]]] #1
  depth -1: false #1
  depth -1 partial: [[[]]] #1
  depth -2147483648: false #1
  depth -2147483648 partial: [[[]]] #1
  depth 1: false #1
  depth 1 partial: [[[]]] #1
  depth 2: false #1
  depth 2 partial: [[[]]] #1
  depth 3: [[[]]] #0
  depth 3 partial: [[[]]] #0
  depth 2147483647: [[[]]] #0
  depth 2147483647 partial: [[[]]] #0
  depth 2147483648: false #1
  depth 2147483648 partial: [[[]]] #1
  depth 4294967295: false #1
  depth 4294967295 partial: [[[]]] #1
  depth 4294967296: false #1
  depth 4294967296 partial: [[[]]] #1
  depth 4294967297: false #1
  depth 4294967297 partial: [[[]]] #1
  depth 4294967298: false #1
  depth 4294967298 partial: [[[]]] #1
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: [[[]]] #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: [[[]]] #1
  depth -4294967295: false #1
  depth -4294967295 partial: [[[]]] #1
== {"x":{}}
  depth 0: false #1
  depth 0 partial: {"x":{}} #1
  depth -1: false #1
  depth -1 partial: {"x":{}} #1
  depth -2147483648: false #1
  depth -2147483648 partial: {"x":{}} #1
  depth 1: false #1
  depth 1 partial: {"x":{}} #1
  depth 2: {"x":{}} #0
  depth 2 partial: {"x":{}} #0
  depth 3: {"x":{}} #0
  depth 3 partial: {"x":{}} #0
  depth 2147483647: {"x":{}} #0
  depth 2147483647 partial: {"x":{}} #0
  depth 2147483648: false #1
  depth 2147483648 partial: {"x":{}} #1
  depth 4294967295: false #1
  depth 4294967295 partial: {"x":{}} #1
  depth 4294967296: false #1
  depth 4294967296 partial: {"x":{}} #1
  depth 4294967297: false #1
  depth 4294967297 partial: {"x":{}} #1
  depth 4294967298: {"x":{}} #0
  depth 4294967298 partial: {"x":{}} #0
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: {"x":{}} #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: {"x":{}} #1
  depth -4294967295: false #1
  depth -4294967295 partial: {"x":{}} #1
== {"x":[{}]}
  depth 0: false #1
  depth 0 partial: {"x":[{}]} #1
  depth -1: false #1
  depth -1 partial: {"x":[{}]} #1
  depth -2147483648: false #1
  depth -2147483648 partial: {"x":[{}]} #1
  depth 1: false #1
  depth 1 partial: {"x":[{}]} #1
  depth 2: false #1
  depth 2 partial: {"x":[{}]} #1
  depth 3: {"x":[{}]} #0
  depth 3 partial: {"x":[{}]} #0
  depth 2147483647: {"x":[{}]} #0
  depth 2147483647 partial: {"x":[{}]} #0
  depth 2147483648: false #1
  depth 2147483648 partial: {"x":[{}]} #1
  depth 4294967295: false #1
  depth 4294967295 partial: {"x":[{}]} #1
  depth 4294967296: false #1
  depth 4294967296 partial: {"x":[{}]} #1
  depth 4294967297: false #1
  depth 4294967297 partial: {"x":[{}]} #1
  depth 4294967298: false #1
  depth 4294967298 partial: {"x":[{}]} #1
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: {"x":[{}]} #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: {"x":[{}]} #1
  depth -4294967295: false #1
  depth -4294967295 partial: {"x":[{}]} #1
== force object [[1]]
  depth 0: false #1
  depth 0 partial: {"0":{"0":1}} #1
  depth -1: false #1
  depth -1 partial: {"0":{"0":1}} #1
  depth -2147483648: false #1
  depth -2147483648 partial: {"0":{"0":1}} #1
  depth 1: false #1
  depth 1 partial: {"0":{"0":1}} #1
  depth 2: {"0":{"0":1}} #0
  depth 2 partial: {"0":{"0":1}} #0
  depth 3: {"0":{"0":1}} #0
  depth 3 partial: {"0":{"0":1}} #0
  depth 2147483647: {"0":{"0":1}} #0
  depth 2147483647 partial: {"0":{"0":1}} #0
  depth 2147483648: false #1
  depth 2147483648 partial: {"0":{"0":1}} #1
  depth 4294967295: false #1
  depth 4294967295 partial: {"0":{"0":1}} #1
  depth 4294967296: false #1
  depth 4294967296 partial: {"0":{"0":1}} #1
  depth 4294967297: false #1
  depth 4294967297 partial: {"0":{"0":1}} #1
  depth 4294967298: {"0":{"0":1}} #0
  depth 4294967298 partial: {"0":{"0":1}} #0
  depth 9223372036854775807: false #1
  depth 9223372036854775807 partial: {"0":{"0":1}} #1
  depth -9223372036854775808: false #1
  depth -9223372036854775808 partial: {"0":{"0":1}} #1
  depth -4294967295: false #1
  depth -4294967295 partial: {"0":{"0":1}} #1
== [NAN] and [[1],NAN] with depth 0
[NAN] d0: false #1
[NAN] d0 partial: [0] #1
[[1],NAN] d0: false #1
[[1],NAN] d1: false #1
[[1],NAN] d1 partial: [[1],0] #7
[NAN,[1]] d1 partial: [0,[1]] #1
[[1],"\xff"] d1: false #1
["\xff",[1]] d1: false #5
throw d0: JsonException(1): Maximum stack depth exceeded #5
throw|partial d0: [[]] #1
pretty partial d1: {
    "a": {
        "b": {
            "c": 1
        }
    },
    "d": []
} #1
== nesting 600 (needs depth 600)
depth 599: false #1
depth 600: 1201 bytes #0
depth 601: 1201 bytes #0
depth 512: false #1
default depth: false #1
default depth partial: 1201 b6d1b462178c59a79e0dff95fe30e325 #1
== objects and JsonSerializable count like arrays
J(1) d0: 1 #0
J([1]) d0: false #1
J([1]) d1: [1] #0
[J([[1]])] d2: false #1
[J([[1]])] d3: [[[1]]] #0
enum d0: 1 #0
[enum] d1: [1] #0
