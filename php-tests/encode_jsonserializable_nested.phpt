--TEST--
json_encode(): nested json_encode()/json_decode()/var_dump() inside jsonSerialize(), and container mutation during encoding (bug77843-style)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class PrettyInner implements JsonSerializable {
    public function jsonSerialize(): mixed {
        $inner = json_encode(['x' => [1]], JSON_PRETTY_PRINT);    // fresh encoder: indent from 0
        return ['inner' => $inner, 'err' => json_last_error()];
    }
}
rj_enc('pretty inner', ['a' => ['b' => new PrettyInner]], JSON_PRETTY_PRINT);

class SelfEncode implements JsonSerializable {
    public $p = 1;
    public function jsonSerialize(): mixed {
        $r = json_encode($this);
        return ['inner' => $r, 'inner_err' => json_last_error()];
    }
}
rj_enc('json_encode($this)', new SelfEncode);
rj_enc('json_encode($this) partial', new SelfEncode, JSON_PARTIAL_OUTPUT_ON_ERROR);

class SelfEncodeThrow implements JsonSerializable {
    public function jsonSerialize(): mixed { return json_encode($this, JSON_THROW_ON_ERROR); }
}
rj_enc('json_encode($this, THROW)', [new SelfEncodeThrow, 'x']);
rj_enc('json_encode($this, THROW) partial', [new SelfEncodeThrow, 'x'], JSON_PARTIAL_OUTPUT_ON_ERROR);

class InnerError implements JsonSerializable {
    public function jsonSerialize(): mixed {
        json_decode('');                       // inner error 4
        $a = json_last_error();
        json_encode(NAN);                      // inner error 7
        return [$a, json_last_error()];
    }
}
rj_enc('inner errors are overwritten', new InnerError);
rj_enc('inner errors, outer error', [new InnerError, "\xff"], JSON_PARTIAL_OUTPUT_ON_ERROR);

class Dumper implements JsonSerializable {
    public $a = 1;
    public function jsonSerialize(): mixed {
        var_dump($this);
        echo "\n";
        return get_object_vars($this);
    }
}
rj_enc('var_dump inside', new Dumper);

class GetVars implements JsonSerializable {
    public $x = [];
    public function jsonSerialize(): mixed { return [get_object_vars($this), (array)$this]; }
}
rj_enc('get_object_vars inside', new GetVars);

echo "== mutation of the container being encoded\n";
class Unsetter implements JsonSerializable {
    public function __construct(private array &$arr, private $key) {}
    public function jsonSerialize(): mixed { unset($this->arr[$this->key]); return 'unset ' . $this->key; }
}
$arr = [];
$arr['first'] = new Unsetter($arr, 'second');
$arr['second'] = 'still here';
$arr['third'] = 3;
rj_enc('unset sibling', $arr);
var_dump(array_keys($arr));

class Appender implements JsonSerializable {
    public function __construct(private array &$arr) {}
    public function jsonSerialize(): mixed { $this->arr[] = 'appended'; $this->arr['x'] = 'new'; return 'appender'; }
}
$arr2 = [];
$arr2[] = new Appender($arr2);
$arr2[] = 'b';
rj_enc('append', $arr2);
var_dump(count($arr2));

class Replacer implements JsonSerializable {
    public function __construct(private stdClass $o) {}
    public function jsonSerialize(): mixed { $this->o->later = 'changed'; unset($this->o->gone); $this->o->added = 1; return 'r'; }
}
$obj = new stdClass;
$obj->gone = 'g';
$obj->r = null;
$obj->later = 'orig';
$obj->r = new Replacer($obj);
rj_enc('object mutation', $obj);
rj_enc('object after', $obj);

class Freer implements JsonSerializable {
    public function jsonSerialize(): mixed { $GLOBALS['victim'] = null; return 'freed'; }
}
$victim = ['a' => new Freer, 'b' => str_repeat('x', 5), 'c' => [1, 2]];
rj_enc('free the container', $victim);
?>
--EXPECT--
pretty inner: {
    "a": {
        "b": {
            "inner": "{\n    \"x\": [\n        1\n    ]\n}",
            "err": 0
        }
    }
} #0
json_encode($this): {"inner":false,"inner_err":6} #0
json_encode($this) partial: {"inner":false,"inner_err":6} #0
json_encode($this, THROW): JsonException(6): Recursion detected #0
json_encode($this, THROW) partial: JsonException(6): Recursion detected #0
inner errors are overwritten: [4,7] #0
inner errors, outer error: [[4,7],null] #5
object(Dumper)#1 (1) {
  ["a"]=>
  int(1)
}

var_dump inside: {"a":1} #0
get_object_vars inside: [{"x":[]},{"x":[]}] #0
== mutation of the container being encoded
unset sibling: {"first":"unset second","second":"still here","third":3} #0
array(2) {
  [0]=>
  string(5) "first"
  [1]=>
  string(5) "third"
}
append: ["appender","b"] #0
int(4)
object mutation: {"gone":"g","r":"r","later":"orig"} #0
object after: {"r":"r","later":"changed","added":1} #0
free the container: {"a":"freed","b":"xxxxx","c":[1,2]} #0
