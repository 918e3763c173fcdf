--TEST--
json_encode(): what jsonSerialize() sees of the containers being encoded (reference counts, recursion marks) at several places of a walk, as with stock
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

// What user code sees of the containers being encoded: reference counts
// (debug_zval_dump) and the recursion marks (var_dump/print_r of an
// ancestor), from jsonSerialize() at several places of a walk.
class Probe implements JsonSerializable {
    public function __construct(public string $what) {}
    public function jsonSerialize(): mixed {
        global $data, $obj;
        echo "-- probe {$this->what}\n";
        foreach ($data as $k => $v) {
            echo "[$k] "; debug_zval_dump($v);
        }
        if (isset($obj)) { debug_zval_dump($obj->a); debug_zval_dump($obj->b); }
        unset($v);
        return $this->what;
    }
}
// Arrays built at run time (literal ones are immutable: never counted or marked).
$one = (int) '1';
$data = [[$one, 2], ['x' => 3, 'p' => new Probe('inner')], 4];
rj_enc('array', $data);
$data = [[$one, 2], [3, [5, $one]], new Probe('last')];
rj_enc('array last', $data);
$obj = new stdClass; $obj->a = [$one]; $obj->b = (object)['c' => new Probe('in object')];
$data = ['leaf' => ['k' => $one], 'o' => $obj];
rj_enc('object', $data);
rj_enc('object partial', $data, JSON_PARTIAL_OUTPUT_ON_ERROR);
unset($obj);
$data = [['a', $one], new Probe('after leaf')];
rj_enc('after leaf', $data);
--EXPECT--
-- probe inner
[0] array(2) refcount(3){
  [0]=>
  int(1)
  [1]=>
  int(2)
}
[1] *RECURSION*
[2] int(4)
array: [[1,2],{"x":3,"p":"inner"},4] #0
-- probe last
[0] array(2) refcount(3){
  [0]=>
  int(1)
  [1]=>
  int(2)
}
[1] array(2) refcount(3){
  [0]=>
  int(3)
  [1]=>
  array(2) refcount(1){
    [0]=>
    int(5)
    [1]=>
    int(1)
  }
}
[2] object(Probe)#2 (1) refcount(3){
  ["what"]=>
  string(4) "last" interned
}
array last: [[1,2],[3,[5,1]],"last"] #0
-- probe in object
[leaf] array(1) refcount(3){
  ["k"]=>
  int(1)
}
[o] object(stdClass)#1 (2) refcount(5){
  ["a"]=>
  array(1) refcount(1){
    [0]=>
    int(1)
  }
  ["b"]=>
  object(stdClass)#4 (1) refcount(2){
    ["c"]=>
    object(Probe)#3 (1) refcount(1){
      ["what"]=>
      string(9) "in object" interned
    }
  }
}
array(1) refcount(2){
  [0]=>
  int(1)
}
object(stdClass)#4 (1) refcount(3){
  ["c"]=>
  object(Probe)#3 (1) refcount(1){
    ["what"]=>
    string(9) "in object" interned
  }
}
object: {"leaf":{"k":1},"o":{"a":[1],"b":{"c":"in object"}}} #0
-- probe in object
[leaf] array(1) refcount(3){
  ["k"]=>
  int(1)
}
[o] object(stdClass)#1 (2) refcount(5){
  ["a"]=>
  array(1) refcount(1){
    [0]=>
    int(1)
  }
  ["b"]=>
  object(stdClass)#4 (1) refcount(2){
    ["c"]=>
    object(Probe)#3 (1) refcount(1){
      ["what"]=>
      string(9) "in object" interned
    }
  }
}
array(1) refcount(2){
  [0]=>
  int(1)
}
object(stdClass)#4 (1) refcount(3){
  ["c"]=>
  object(Probe)#3 (1) refcount(1){
    ["what"]=>
    string(9) "in object" interned
  }
}
object partial: {"leaf":{"k":1},"o":{"a":[1],"b":{"c":"in object"}}} #0
-- probe after leaf
[0] array(2) refcount(3){
  [0]=>
  string(1) "a" interned
  [1]=>
  int(1)
}
[1] object(Probe)#2 (1) refcount(3){
  ["what"]=>
  string(10) "after leaf" interned
}
after leaf: [["a",1],"after leaf"] #0
