--TEST--
json_encode(): objects and arrays nested in containers (the small-frame element paths) against stock: plain objects with a property table, depth and recursion errors, partial output, user code changing later siblings, destructors
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

// Plain objects (property table materialized) and arrays nested in containers:
// the small-frame paths for elements, compared with stock on their edge cases.
function so(array $a): stdClass { $o = new stdClass; foreach ($a as $k => $v) $o->$k = $v; return $o; }
#[AllowDynamicProperties]
class Plain { public $a = 1; protected $p = 2; private $q = 3; public $b; }
#[AllowDynamicProperties]
class Dyn { public $a = 1; }

// 1. stdClass and plain objects with a materialized table, inside arrays and objects.
$p = new Plain; $p->b = [1, 2]; $p->c = 'dyn';       // dynamic property: table exists
$d = new Dyn; $d->x = so(['y' => []]);
rj_enc('mixed', [so(['a' => 1, 'b' => so(['c' => null])]), $p, $d, [so([]), []], ['k' => so(['0' => 'z', 'x' => [true]])]]);
rj_enc('mixed force', [so([]), [1, [2]], $p], JSON_FORCE_OBJECT);
rj_enc('mixed partial', [so(['s' => "\xff"]), [so(['t' => "ok"])]], JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('bad key', [so(["k\xff" => 1, 'ok' => 2])], JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('bad key no partial', [so(["k\xff" => 1])]);
rj_enc('empty table', [so(['a' => 1])]);
$e = so(['a' => 1]); unset($e->a);
rj_enc('emptied', [$e, so([])]);
rj_enc('int-like names', [so(['1' => 'one', '-2' => 'two', '' => 'empty'])]);

// 2. Depth errors inside nested objects and arrays, with and without partial output.
foreach ([1, 2, 3] as $depth) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
        rj_enc("depth $depth/$f obj", [so(['a' => so(['b' => 1])])], $f, $depth);
        rj_enc("depth $depth/$f arr", [['a' => ['b' => 1]]], $f, $depth);
        rj_enc("depth $depth/$f empty", [so(['a' => []]), [[]]], $f, $depth);
        rj_enc("depth $depth/$f emptyobj", [so(['a' => so([])])], $f, $depth);
    }
}

// 3. Recursion through nested objects and arrays.
$r = new stdClass; $r->self = $r;
rj_enc('recursive obj', [$r]);
rj_enc('recursive obj partial', [$r], JSON_PARTIAL_OUTPUT_ON_ERROR);
$a = ['x' => 1]; $a['me'] = &$a;
rj_enc('recursive arr', [$a]);
rj_enc('recursive arr partial', [$a], JSON_PARTIAL_OUTPUT_ON_ERROR);
$s = so(['v' => 1]);
rj_enc('same object twice', [$s, $s, ['again' => $s]]);
$shared = ['q' => 1];
rj_enc('same array twice', [$shared, $shared, so(['s' => $shared])]);

// 4. User code during the walk: a jsonSerialize() that changes later siblings.
class Mutator implements JsonSerializable {
    public function __construct(public $target, public $arr = null) {}
    public function jsonSerialize(): mixed {
        $this->target->added = 'new';
        unset($this->target->gone);
        if (is_array($this->arr)) { $GLOBALS['data'][2] = 'replaced'; }
        return 'm';
    }
}
$t = so(['keep' => 1, 'gone' => 2]);
rj_enc('mutate later sibling', [new Mutator($t), $t]);
$t2 = so(['keep' => 1, 'gone' => 2]);
rj_enc('mutate nested sibling', ['a' => [new Mutator($t2)], 'b' => so(['inner' => $t2])]);
$data = [new Mutator(so([]), []), 'x', ['will' => 'stay']];
rj_enc('mutate parent array', $data);
var_dump($data[2]);

// 5. Destructors: a property table (or object) whose last reference is the walk's.
class Dtor { public $v; function __construct($v) { $this->v = $v; } function __destruct() { echo "dtor {$this->v}\n"; } }
class Dropper implements JsonSerializable {
    public function jsonSerialize(): mixed { unset($GLOBALS['holder'][1]); $GLOBALS['o2'] = null; return 'd'; }
}
$holder = [new Dropper, so(['d' => new Dtor('in table')])];
rj_enc('drop during walk', $holder);
echo "after\n";

// 6. Objects with declared properties only (no table) next to ones with a table.
#[AllowDynamicProperties]
class Decl { public $x = 1; public $y = [2]; }
$withTable = new Decl; $withTable->z = 3; $noTable = new Decl;
rj_enc('declared', [$noTable, $withTable, so(['n' => $noTable])]);
$arr = (array) $withTable;   // materializes nothing new, just reads
rj_enc('declared again', ['w' => $withTable]);

// 7. ArrayObject and other internal classes with interfaces stay on the general path.
rj_enc('arrayobject', [new ArrayObject(['a' => 1]), so(['ao' => new ArrayObject([1, 2])])]);
rj_enc('datetime-like', [so(['e' => new Exception('m')])] === null ? 1 : [so(['c' => new SplObjectStorage])]);

// 8. Numeric check and slashes inside nested objects.
rj_enc('numeric nested', [so(['n' => '12', 'f' => '1.5e3', 's' => 'a/b'])], JSON_NUMERIC_CHECK);
rj_enc('slashes nested', [so(['u' => 'http://x/y', 'k/ey' => 1])], JSON_UNESCAPED_SLASHES);
rj_enc('pretty nested', [so(['a' => [so(['b' => 1])]])], JSON_PRETTY_PRINT);
--EXPECT--
mixed: [{"a":1,"b":{"c":null}},{"a":1,"b":[1,2],"c":"dyn"},{"a":1,"x":{"y":[]}},[{},[]],{"k":{"0":"z","x":[true]}}] #0
mixed force: {"0":{},"1":{"0":1,"1":{"0":2}},"2":{"a":1,"b":{"0":1,"1":2},"c":"dyn"}} #0
mixed partial: [{"s":null},[{"t":"ok"}]] #5
bad key: [{"":1,"ok":2}] #5
bad key no partial: false #5
empty table: [{"a":1}] #0
emptied: [{},{}] #0
int-like names: [{"1":"one","-2":"two","":"empty"}] #0
depth 1/0 obj: false #1
depth 1/0 arr: false #1
depth 1/0 empty: false #1
depth 1/0 emptyobj: false #1
depth 1/512 obj: [{"a":{"b":1}}] #1
depth 1/512 arr: [{"a":{"b":1}}] #1
depth 1/512 empty: [{"a":[]},[[]]] #1
depth 1/512 emptyobj: [{"a":{}}] #1
depth 2/0 obj: false #1
depth 2/0 arr: false #1
depth 2/0 empty: false #1
depth 2/0 emptyobj: false #1
depth 2/512 obj: [{"a":{"b":1}}] #1
depth 2/512 arr: [{"a":{"b":1}}] #1
depth 2/512 empty: [{"a":[]},[[]]] #1
depth 2/512 emptyobj: [{"a":{}}] #1
depth 3/0 obj: [{"a":{"b":1}}] #0
depth 3/0 arr: [{"a":{"b":1}}] #0
depth 3/0 empty: [{"a":[]},[[]]] #0
depth 3/0 emptyobj: [{"a":{}}] #0
depth 3/512 obj: [{"a":{"b":1}}] #0
depth 3/512 arr: [{"a":{"b":1}}] #0
depth 3/512 empty: [{"a":[]},[[]]] #0
depth 3/512 emptyobj: [{"a":{}}] #0
recursive obj: false #6
recursive obj partial: [{"self":null}] #6
recursive arr: false #6
recursive arr partial: [{"x":1,"me":null}] #6
same object twice: [{"v":1},{"v":1},{"again":{"v":1}}] #0
same array twice: [{"q":1},{"q":1},{"s":{"q":1}}] #0
mutate later sibling: ["m",{"keep":1,"added":"new"}] #0
mutate nested sibling: {"a":["m"],"b":{"inner":{"keep":1,"added":"new"}}} #0
mutate parent array: ["m","x",{"will":"stay"}] #0
string(8) "replaced"
drop during walk: ["d",{"d":{"v":"in table"}}] #0
dtor in table
after
declared: [{"x":1,"y":[2]},{"x":1,"y":[2],"z":3},{"n":{"x":1,"y":[2]}}] #0
declared again: {"w":{"x":1,"y":[2],"z":3}} #0
arrayobject: [{"a":1},{"ao":{"0":1,"1":2}}] #0
datetime-like: [{"c":{}}] #0
numeric nested: [{"n":12,"f":1500,"s":"a\/b"}] #0
slashes nested: [{"u":"http://x/y","k/ey":1}] #0
pretty nested: [
    {
        "a": [
            {
                "b": 1
            }
        ]
    }
] #0
