--TEST--
json_encode(): objects without a property table (declared slots only), alone and nested in containers, against stock: visibility, inheritance, typed and unset slots, non-ASCII names, flags, depth, recursion, partial output, user code changing the object mid-walk, destructors
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class Slots { public $a = 1; protected $p = 'p'; private $q = 'q'; public $b = [2, 3]; public static $s = 'static'; }
class SlotsChild extends Slots { private $q = 'child-q'; public $c = 'c'; protected $r = 'r'; }
class Typed { public int $set = 5; public int $unset; public ?string $n = null; public readonly int $ro; public function __construct() { $this->ro = 7; } }
class Hidden { private $x = 1; protected $y = 2; }
class NoProps {}
class Names { public $café = 'é'; public $ключ = 'значение'; public $snake_case = 1; public $averyveryverylongpropertyname_over16 = 2; }
class Holder { public $first; public $second = 'two'; public $third = 'three'; public function __construct($f = null) { $this->first = $f; } }
class Deep { public $next; public $v; public function __construct($next, $v) { $this->next = $next; $this->v = $v; } }

// 1. Shapes, inside arrays, maps and other slot objects.
rj_enc('plain', [new Slots, ['k' => new Slots], new Holder(new Slots)]);
rj_enc('child', [new SlotsChild]);
rj_enc('typed', [new Typed, new Typed]);
rj_enc('hidden/empty', [new Hidden, new NoProps, ['h' => new Hidden]]);
rj_enc('names', [new Names]);
rj_enc('names uu', [new Names], JSON_UNESCAPED_UNICODE);
$u = new Slots; unset($u->a); unset($u->b);
rj_enc('all unset', [$u, new Slots]);
$m = new Slots; unset($m->a);
rj_enc('first unset', [$m]);

// 2. Flags.
rj_enc('pretty', ['x' => [new Holder(new Slots), new NoProps]], JSON_PRETTY_PRINT);
rj_enc('force', [new Holder([1, 2])], JSON_FORCE_OBJECT);
rj_enc('hex', [new Names, new Holder('<a href="x">&\'')], JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT);
rj_enc('numeric', [new Holder('12'), new Holder('1e2')], JSON_NUMERIC_CHECK);
rj_enc('bad utf8', [new Holder("\xff"), new Holder('ok')]);
rj_enc('bad utf8 partial', [new Holder("\xff"), new Holder('ok')], JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('bad utf8 substitute', [new Holder("a\xffb")], JSON_INVALID_UTF8_SUBSTITUTE);
rj_enc('inf partial', [new Holder(INF), new Holder(1.5)], JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('resource partial', [new Holder(STDIN)], JSON_PARTIAL_OUTPUT_ON_ERROR);

// 3. Depth, around the limit, with and without partial output.
$chain = null;
for ($i = 0; $i < 5; $i++) { $chain = new Deep($chain, $i); }
foreach ([1, 2, 3, 4, 5, 6, 7] as $depth) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
        rj_enc("depth $depth/$f", [$chain], $f, $depth);
        rj_enc("depth $depth/$f empty", [[new NoProps]], $f, $depth);
    }
}

// 4. Recursion through slots (directly, through an array, through another object).
$r = new Holder; $r->first = $r;
rj_enc('self', [$r]);
rj_enc('self partial', [$r], JSON_PARTIAL_OUTPUT_ON_ERROR);
$r2 = new Holder; $r2->second = ['back' => $r2];
rj_enc('via array partial', ['x' => $r2], JSON_PARTIAL_OUTPUT_ON_ERROR);
$ra = new Holder; $rb = new Holder($ra); $ra->third = $rb;
rj_enc('via object partial', [$ra], JSON_PARTIAL_OUTPUT_ON_ERROR);
$shared = new Holder('s');
rj_enc('shared twice', [$shared, $shared, new Holder($shared)]);

// 5. User code during the walk: a jsonSerialize() in a slot changing later slots of its
//    parent, materializing the parent's property table, dropping the parent.
class Changer implements JsonSerializable {
    public function __construct(public $target, public string $how) {}
    public function jsonSerialize(): mixed {
        echo "jsonSerialize {$this->how}\n";
        switch ($this->how) {
            case 'set': $this->target->second = 'changed'; $this->target->third = new Holder('new'); break;
            case 'unset': unset($this->target->second); break;
            case 'table': $vars = get_object_vars($this->target); $this->target->second = count($vars); break;
            case 'dynamic': $this->target->third = [1]; break;
            case 'drop': $GLOBALS['box'] = null; break;
        }
        return $this->how;
    }
}
foreach (['set', 'unset', 'table', 'dynamic'] as $how) {
    $h = new Holder; $h->first = new Changer($h, $how);
    rj_enc("mutate $how", ['h' => $h, 'after' => new Slots]);
    rj_enc("mutate $how again", [$h]);
}
class DtorSlots { public $a; public $b = 'b'; public function __construct($a) { $this->a = $a; } public function __destruct() { echo "destruct\n"; } }
$box = [new DtorSlots(null)];
$box[0]->a = new Changer(null, 'drop');
rj_enc('drop parent', $box);
echo "after drop\n";

// 6. The same object as a table-less and (after a dynamic property) a table object.
#[AllowDynamicProperties]
class Grows { public $x = 1; }
$g = new Grows;
rj_enc('before table', [$g]);
$g->y = 2;
rj_enc('after table', [$g]);

// 7. The same objects alone (the top-level value).
rj_enc('top plain', new Slots);
rj_enc('top child pretty', new SlotsChild, JSON_PRETTY_PRINT);
rj_enc('top empty', new NoProps);
rj_enc('top hidden force', new Hidden, JSON_FORCE_OBJECT);
rj_enc('top self', $r);
rj_enc('top self partial', $r, JSON_PARTIAL_OUTPUT_ON_ERROR);
foreach ([1, 2] as $depth) {
    rj_enc("top depth $depth", new Holder(new NoProps), 0, $depth);
    rj_enc("top depth $depth partial", new Holder([1]), JSON_PARTIAL_OUTPUT_ON_ERROR, $depth);
}
$t = new Holder; $t->first = new Changer($t, 'unset');
rj_enc('top mutate', $t);
$box = [new DtorSlots(null)];
$box[0]->a = new Changer(null, 'drop');
$only = $box[0]; $box = null;
rj_enc('top last ref', $only);
unset($only);
echo "after top\n";
$g2 = new Grows;
rj_enc('top before table', $g2);
$g2->z = 'dyn';
rj_enc('top after table', $g2, JSON_PRETTY_PRINT);
--EXPECT--
plain: [{"a":1,"b":[2,3]},{"k":{"a":1,"b":[2,3]}},{"first":{"a":1,"b":[2,3]},"second":"two","third":"three"}] #0
child: [{"a":1,"b":[2,3],"c":"c"}] #0
typed: [{"set":5,"n":null,"ro":7},{"set":5,"n":null,"ro":7}] #0
hidden/empty: [{},{},{"h":{}}] #0
names: [{"caf\u00e9":"\u00e9","\u043a\u043b\u044e\u0447":"\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435","snake_case":1,"averyveryverylongpropertyname_over16":2}] #0
names uu: u:[{"café":"é","ключ":"значение","snake_case":1,"averyveryverylongpropertyname_over16":2}] #0
all unset: [{},{"a":1,"b":[2,3]}] #0
first unset: [{"b":[2,3]}] #0
pretty: {
    "x": [
        {
            "first": {
                "a": 1,
                "b": [
                    2,
                    3
                ]
            },
            "second": "two",
            "third": "three"
        },
        {}
    ]
} #0
force: {"0":{"first":{"0":1,"1":2},"second":"two","third":"three"}} #0
hex: [{"caf\u00e9":"\u00e9","\u043a\u043b\u044e\u0447":"\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435","snake_case":1,"averyveryverylongpropertyname_over16":2},{"first":"\u003Ca href=\u0022x\u0022\u003E\u0026\u0027","second":"two","third":"three"}] #0
numeric: [{"first":12,"second":"two","third":"three"},{"first":100,"second":"two","third":"three"}] #0
bad utf8: false #5
bad utf8 partial: [{"first":null,"second":"two","third":"three"},{"first":"ok","second":"two","third":"three"}] #5
bad utf8 substitute: [{"first":"a\ufffdb","second":"two","third":"three"}] #0
inf partial: [{"first":0,"second":"two","third":"three"},{"first":1.5,"second":"two","third":"three"}] #7
resource partial: [{"first":null,"second":"two","third":"three"}] #8
depth 1/0: false #1
depth 1/0 empty: false #1
depth 1/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #1
depth 1/512 empty: [[{}]] #1
depth 2/0: false #1
depth 2/0 empty: false #1
depth 2/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #1
depth 2/512 empty: [[{}]] #1
depth 3/0: false #1
depth 3/0 empty: [[{}]] #0
depth 3/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #1
depth 3/512 empty: [[{}]] #0
depth 4/0: false #1
depth 4/0 empty: [[{}]] #0
depth 4/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #1
depth 4/512 empty: [[{}]] #0
depth 5/0: false #1
depth 5/0 empty: [[{}]] #0
depth 5/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #1
depth 5/512 empty: [[{}]] #0
depth 6/0: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #0
depth 6/0 empty: [[{}]] #0
depth 6/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #0
depth 6/512 empty: [[{}]] #0
depth 7/0: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #0
depth 7/0 empty: [[{}]] #0
depth 7/512: [{"next":{"next":{"next":{"next":{"next":null,"v":0},"v":1},"v":2},"v":3},"v":4}] #0
depth 7/512 empty: [[{}]] #0
self: false #6
self partial: [{"first":null,"second":"two","third":"three"}] #6
via array partial: {"x":{"first":null,"second":{"back":null},"third":"three"}} #6
via object partial: [{"first":null,"second":"two","third":{"first":null,"second":"two","third":"three"}}] #6
shared twice: [{"first":"s","second":"two","third":"three"},{"first":"s","second":"two","third":"three"},{"first":{"first":"s","second":"two","third":"three"},"second":"two","third":"three"}] #0
jsonSerialize set
mutate set: {"h":{"first":"set","second":"changed","third":{"first":"new","second":"two","third":"three"}},"after":{"a":1,"b":[2,3]}} #0
jsonSerialize set
mutate set again: [{"first":"set","second":"changed","third":{"first":"new","second":"two","third":"three"}}] #0
jsonSerialize unset
mutate unset: {"h":{"first":"unset","third":"three"},"after":{"a":1,"b":[2,3]}} #0
jsonSerialize unset
mutate unset again: [{"first":"unset","third":"three"}] #0
jsonSerialize table
mutate table: {"h":{"first":"table","second":3,"third":"three"},"after":{"a":1,"b":[2,3]}} #0
jsonSerialize table
mutate table again: [{"first":"table","second":3,"third":"three"}] #0
jsonSerialize dynamic
mutate dynamic: {"h":{"first":"dynamic","second":"two","third":[1]},"after":{"a":1,"b":[2,3]}} #0
jsonSerialize dynamic
mutate dynamic again: [{"first":"dynamic","second":"two","third":[1]}] #0
jsonSerialize drop
drop parent: [{"a":"drop","b":"b"}] #0
destruct
after drop
before table: [{"x":1}] #0
after table: [{"x":1,"y":2}] #0
top plain: {"a":1,"b":[2,3]} #0
top child pretty: {
    "a": 1,
    "b": [
        2,
        3
    ],
    "c": "c"
} #0
top empty: {} #0
top hidden force: {} #0
top self: false #6
top self partial: {"first":null,"second":"two","third":"three"} #6
top depth 1: false #1
top depth 1 partial: {"first":[1],"second":"two","third":"three"} #1
top depth 2: {"first":{},"second":"two","third":"three"} #0
top depth 2 partial: {"first":[1],"second":"two","third":"three"} #0
jsonSerialize unset
top mutate: {"first":"unset","third":"three"} #0
jsonSerialize drop
top last ref: {"a":"drop","b":"b"} #0
destruct
after top
top before table: {"x":1} #0
top after table: {
    "x": 1,
    "z": "dyn"
} #0
