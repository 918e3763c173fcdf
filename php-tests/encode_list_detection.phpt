--TEST--
json_encode(): list vs object detection (zend_array_is_list), JSON_FORCE_OBJECT propagation, integer keys
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$holed = [1, 2, 3];
unset($holed[1]);
$lastUnset = [1, 2, 3];
unset($lastUnset[2]);
$firstUnset = [1, 2, 3];
unset($firstUnset[0]);
$shifted = [5 => 'a', 6 => 'b'];
array_shift($shifted);
$hashList = ['x' => 1];
unset($hashList['x']);
$hashList[] = 'a';
$hashList[] = 'b';
$reordered = [1 => 'b', 0 => 'a'];
$sorted = $reordered;
ksort($sorted);
$appendAfterUnset = [1, 2];
unset($appendAfterUnset[1]);
$appendAfterUnset[] = 3;

$cases = [
    '[]' => [],
    'list' => [1, 2, 3],
    '[1=>1]' => [1 => 1],
    '[0=>a,2=>b]' => [0 => 'a', 2 => 'b'],
    'holed' => $holed,
    'last unset' => $lastUnset,
    'first unset' => $firstUnset,
    'array_shift' => $shifted,
    'hash list' => $hashList,
    'reordered' => $reordered,
    'ksorted' => $sorted,
    'append after unset' => $appendAfterUnset,
    'negative keys' => [-1 => 'a', 0 => 'b'],
    'string keys' => ['a' => 1, 'b' => 2],
    'numeric string key' => ['0' => 'a', '1' => 'b'],
    'non-canonical keys' => ['00' => 'a', '-0' => 'b', '1.5' => 'c', ' 1' => 'd'],
    'big keys' => [PHP_INT_MAX => 'max', PHP_INT_MIN => 'min'],
    'mixed keys' => [0 => 'a', 'x' => 'b', 1 => 'c'],
    'range' => range(1, 5),
    'array_values' => array_values($holed),
    'nested' => [[1, 2], ['a' => [3]], [[]], [1 => [0 => 'x']]],
    'objects inside' => [new stdClass, (object)['a' => [1, 2]], (object)[1, 2]],
    'array_fill 5' => array_fill(5, 2, 'v'),
    'array_fill 0' => array_fill(0, 2, 'v'),
];
foreach ($cases as $label => $v) {
    rj_enc(str_pad($label, 20), $v);
    rj_enc(str_pad('  FORCE_OBJECT', 20), $v, JSON_FORCE_OBJECT);
}
rj_enc('force pretty', [[1, []], 'k' => []], JSON_FORCE_OBJECT | JSON_PRETTY_PRINT);
?>
--EXPECT--
[]                  : [] #0
  FORCE_OBJECT      : {} #0
list                : [1,2,3] #0
  FORCE_OBJECT      : {"0":1,"1":2,"2":3} #0
[1=>1]              : {"1":1} #0
  FORCE_OBJECT      : {"1":1} #0
[0=>a,2=>b]         : {"0":"a","2":"b"} #0
  FORCE_OBJECT      : {"0":"a","2":"b"} #0
holed               : {"0":1,"2":3} #0
  FORCE_OBJECT      : {"0":1,"2":3} #0
last unset          : [1,2] #0
  FORCE_OBJECT      : {"0":1,"1":2} #0
first unset         : {"1":2,"2":3} #0
  FORCE_OBJECT      : {"1":2,"2":3} #0
array_shift         : ["b"] #0
  FORCE_OBJECT      : {"0":"b"} #0
hash list           : ["a","b"] #0
  FORCE_OBJECT      : {"0":"a","1":"b"} #0
reordered           : {"1":"b","0":"a"} #0
  FORCE_OBJECT      : {"1":"b","0":"a"} #0
ksorted             : ["a","b"] #0
  FORCE_OBJECT      : {"0":"a","1":"b"} #0
append after unset  : {"0":1,"2":3} #0
  FORCE_OBJECT      : {"0":1,"2":3} #0
negative keys       : {"-1":"a","0":"b"} #0
  FORCE_OBJECT      : {"-1":"a","0":"b"} #0
string keys         : {"a":1,"b":2} #0
  FORCE_OBJECT      : {"a":1,"b":2} #0
numeric string key  : ["a","b"] #0
  FORCE_OBJECT      : {"0":"a","1":"b"} #0
non-canonical keys  : {"00":"a","-0":"b","1.5":"c"," 1":"d"} #0
  FORCE_OBJECT      : {"00":"a","-0":"b","1.5":"c"," 1":"d"} #0
big keys            : {"9223372036854775807":"max","-9223372036854775808":"min"} #0
  FORCE_OBJECT      : {"9223372036854775807":"max","-9223372036854775808":"min"} #0
mixed keys          : {"0":"a","x":"b","1":"c"} #0
  FORCE_OBJECT      : {"0":"a","x":"b","1":"c"} #0
range               : [1,2,3,4,5] #0
  FORCE_OBJECT      : {"0":1,"1":2,"2":3,"3":4,"4":5} #0
array_values        : [1,3] #0
  FORCE_OBJECT      : {"0":1,"1":3} #0
nested              : [[1,2],{"a":[3]},[[]],{"1":["x"]}] #0
  FORCE_OBJECT      : {"0":{"0":1,"1":2},"1":{"a":{"0":3}},"2":{"0":{}},"3":{"1":{"0":"x"}}} #0
objects inside      : [{},{"a":[1,2]},{"0":1,"1":2}] #0
  FORCE_OBJECT      : {"0":{},"1":{"a":{"0":1,"1":2}},"2":{"0":1,"1":2}} #0
array_fill 5        : {"5":"v","6":"v"} #0
  FORCE_OBJECT      : {"5":"v","6":"v"} #0
array_fill 0        : ["v","v"] #0
  FORCE_OBJECT      : {"0":"v","1":"v"} #0
force pretty: {
    "0": {
        "0": 1,
        "1": {}
    },
    "k": {}
} #0
