--TEST--
rustjson: absurdly deep values give error 1 (depth), never a crash (stock PHP 8.2 segfaults here; 8.3+ also reports error 1)
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode): stock 8.2 has no stack guard and crashes on these inputs.
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

echo "== 1,000,000 nested arrays, depth 2147483647\n";
$a = [];
for ($i = 0; $i < 1000000; $i++) { $a = [$a]; }
var_dump(json_encode($a, 0, 2147483647), json_last_error());
$r = json_encode($a, JSON_PARTIAL_OUTPUT_ON_ERROR, 2147483647);
var_dump(is_string($r), str_starts_with($r, '[[[['), str_contains($r, 'null'), json_last_error());
try {
    json_encode($a, JSON_THROW_ON_ERROR, 2147483647);
} catch (JsonException $e) {
    var_dump($e->getCode(), $e->getMessage());
}
// The exception's trace holds $a: drop it, then unwind $a without recursing
// through PHP's own (recursive) array destructor.
unset($e);
for ($i = 0; $i < 1000000; $i++) { $a = $a[0]; }

echo "== a chain of 200,000 JsonSerializable objects, each returning the next\n";
class W implements JsonSerializable {
    public function __construct(public int $n) {}
    public function jsonSerialize(): mixed { return $this->n > 0 ? new W($this->n - 1) : "end"; }
}
var_dump(json_encode(new W(200000)), json_last_error());

echo "== moderate depth still encodes exactly\n";
$b = 1;
for ($i = 0; $i < 3000; $i++) { $b = [$b]; }
$r = json_encode($b, 0, 3001);
var_dump(strlen($r), substr($r, 2999, 3), json_last_error());
var_dump(json_encode($b, 0, 2999), json_last_error());
?>
--EXPECT--
== 1,000,000 nested arrays, depth 2147483647
bool(false)
int(1)
bool(true)
bool(true)
bool(true)
int(1)
int(1)
string(28) "Maximum stack depth exceeded"
== a chain of 200,000 JsonSerializable objects, each returning the next
bool(false)
int(1)
== moderate depth still encodes exactly
int(6001)
string(3) "[1]"
int(0)
bool(false)
int(1)
