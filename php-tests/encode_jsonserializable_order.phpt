--TEST--
json_encode(): jsonSerialize() call count and order (document order, once per occurrence, after non-aborting errors, never after aborting ones)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class T implements JsonSerializable {
    public static array $log = [];
    public function __construct(public string $name, public mixed $ret = null) {}
    public function jsonSerialize(): mixed {
        self::$log[] = $this->name;
        return $this->ret ?? $this->name;
    }
}
function run(string $label, mixed $v, int $flags = 0, int $depth = 512): void {
    T::$log = [];
    rj_enc($label, $v, $flags, $depth);
    echo '    calls: ', implode(',', T::$log), "\n";
}

$shared = new T('shared');
$tree = ['a' => new T('a', ['a1' => new T('a1'), 'a2' => new T('a2', [new T('a2x')])]),
         'b' => new T('b'),
         'c' => [new T('c0'), $shared, $shared],
         'd' => new T('d', new T('d-inner'))];
run('tree', $tree);
run('tree partial', $tree, JSON_PARTIAL_OUTPUT_ON_ERROR);
run('tree depth 1', $tree, 0, 1);
run('tree depth 1 partial', $tree, JSON_PARTIAL_OUTPUT_ON_ERROR, 1);
run('tree depth 2', $tree, 0, 2);

$res = fopen('php://memory', 'r');
enum Pure { case X; }
$errs = [
    'NAN' => NAN,
    'bad utf8' => "\xff",
    'resource' => $res,
    'pure enum' => Pure::X,
    'bad key' => ["\xff" => 1],
    'JS returning NAN' => new T('retnan', NAN),
    'JS returning bad utf8' => new T('retbad', "\xfe"),
];
foreach ($errs as $label => $err) {
    $v = [new T('before'), $err, new T('after'), ['nested' => new T('after2')]];
    run("$label", $v);
    run("$label partial", $v, JSON_PARTIAL_OUTPUT_ON_ERROR);
    run("$label throw", $v, JSON_THROW_ON_ERROR);
}

echo "== \$this returned with a property leading back to the object\n";
class SelfRef implements JsonSerializable {
    public static int $calls = 0;
    public $me;
    public $v = 1;
    public function jsonSerialize(): mixed { self::$calls++; return $this; }
}
$s = new SelfRef;
$s->me = $s;
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    SelfRef::$calls = 0;
    rj_enc("selfref $f", $s, $f);
    echo "    calls: ", SelfRef::$calls, "\n";
}
echo "== jsonSerialize returning a new object each time (no recursion)\n";
class Fresh implements JsonSerializable {
    public static int $n = 0;
    public function jsonSerialize(): mixed { return ++self::$n < 5 ? ['n' => self::$n, 'next' => new Fresh] : 'end'; }
}
rj_enc('fresh', new Fresh);
echo "== recursion through JsonSerializable\n";
class Loop implements JsonSerializable {
    public static int $calls = 0;
    public $other;
    public function jsonSerialize(): mixed { self::$calls++; return ['other' => $this->other]; }
}
$l1 = new Loop;
$l2 = new Loop;
$l1->other = $l2;
$l2->other = $l1;
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    Loop::$calls = 0;
    rj_enc("loop $f", $l1, $f);
    echo "    calls: ", Loop::$calls, "\n";
}
?>
--EXPECT--
tree: {"a":{"a1":"a1","a2":["a2x"]},"b":"b","c":["c0","shared","shared"],"d":"d-inner"} #0
    calls: a,a1,a2,a2x,b,c0,shared,shared,d,d-inner
tree partial: {"a":{"a1":"a1","a2":["a2x"]},"b":"b","c":["c0","shared","shared"],"d":"d-inner"} #0
    calls: a,a1,a2,a2x,b,c0,shared,shared,d,d-inner
tree depth 1: false #1
    calls: a,a1,a2,a2x
tree depth 1 partial: {"a":{"a1":"a1","a2":["a2x"]},"b":"b","c":["c0","shared","shared"],"d":"d-inner"} #1
    calls: a,a1,a2,a2x,b,c0,shared,shared,d,d-inner
tree depth 2: false #1
    calls: a,a1,a2,a2x
NAN: false #7
    calls: before,after,after2
NAN partial: ["before",0,"after",{"nested":"after2"}] #7
    calls: before,after,after2
NAN throw: JsonException(7): Inf and NaN cannot be JSON encoded #7
    calls: before,after,after2
bad utf8: false #5
    calls: before
bad utf8 partial: ["before",null,"after",{"nested":"after2"}] #5
    calls: before,after,after2
bad utf8 throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
    calls: before
resource: false #8
    calls: before
resource partial: ["before",null,"after",{"nested":"after2"}] #8
    calls: before,after,after2
resource throw: JsonException(8): Type is not supported #8
    calls: before
pure enum: false #11
    calls: before
pure enum partial: ["before",0,"after",{"nested":"after2"}] #11
    calls: before,after,after2
pure enum throw: JsonException(11): Non-backed enums have no default serialization #11
    calls: before
bad key: false #5
    calls: before,after,after2
bad key partial: ["before",{"":1},"after",{"nested":"after2"}] #5
    calls: before,after,after2
bad key throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
    calls: before,after,after2
JS returning NAN: false #7
    calls: before,retnan,after,after2
JS returning NAN partial: ["before",0,"after",{"nested":"after2"}] #7
    calls: before,retnan,after,after2
JS returning NAN throw: JsonException(7): Inf and NaN cannot be JSON encoded #7
    calls: before,retnan,after,after2
JS returning bad utf8: false #5
    calls: before,retbad
JS returning bad utf8 partial: ["before",null,"after",{"nested":"after2"}] #5
    calls: before,retbad,after,after2
JS returning bad utf8 throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
    calls: before,retbad
== $this returned with a property leading back to the object
selfref 0: false #6
    calls: 1
selfref 512: {"me":null,"v":1} #6
    calls: 1
== jsonSerialize returning a new object each time (no recursion)
fresh: {"n":1,"next":{"n":2,"next":{"n":3,"next":{"n":4,"next":"end"}}}} #0
== recursion through JsonSerializable
loop 0: false #6
    calls: 2
loop 512: {"other":{"other":null}} #6
    calls: 2
