--TEST--
json_encode(): plain objects: visibility, uninitialized typed and unset properties, inherited privates, dynamic properties, mangled and empty names, fast vs materialized property tables
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class Base {
    public $basePub = 'bp';
    protected $baseProt = 'bq';
    private $basePriv = 'bv';
}
class Child extends Base {
    public int $typed;                  // uninitialized: skipped
    public ?int $nullable = null;
    public $pub = 'p';
    protected $prot = 'q';
    private $priv = 'v';
    public readonly int $ro;
    public static $static = 'static never shown';
    public $arr = [1, 'a' => 2];
    public function __construct() { $this->ro = 7; }
}
#[AllowDynamicProperties]
class Dyn {
    public $declared = 'd';
    public $second = 's';
}
class Unsets {
    public $a = 1;
    public $b = 2;
    public $c = 3;
}
class TypedOnly {
    public int $i;
    public string $s;
    public ?array $n;
}
class Order {
    public $z = 'z';
    public $a = 'a';
    public $m = 'm';
}

echo "== declared\n";
$c = new Child;
rj_enc('child', $c);
rj_enc('child pretty', $c, JSON_PRETTY_PRINT);
$c->typed = 5;
rj_enc('typed set', $c);
unset($c->pub);
rj_enc('pub unset', $c);
$c->pub = 'back';
rj_enc('pub set again', $c);

echo "== uninitialized only\n";
rj_enc('typed only', new TypedOnly);
$t = new TypedOnly;
$t->s = 'x';
rj_enc('one set', $t);

echo "== unset\n";
$u = new Unsets;
unset($u->b);
rj_enc('unset b', $u);
unset($u->a, $u->c);
rj_enc('all unset', $u);
$u->c = 'C';
$u->a = 'A';
rj_enc('re-set c then a', $u);

echo "== dynamic properties\n";
$d = new Dyn;
$d->dyn1 = 1;
$d->{'0'} = 'zero';
$d->{'123'} = 'num';
$d->{'a b'} = 'space';
rj_enc('dyn', $d);
unset($d->declared);
rj_enc('declared unset', $d);
$d->declared = 'back';
rj_enc('declared back', $d);

echo "== declaration order, assignment order does not matter\n";
$o = new Order;
$o->m = 'M';
$o->z = 'Z';
rj_enc('order', $o);

echo "== stdClass and casts\n";
rj_enc('empty stdClass', new stdClass);
$s = new stdClass;
$s->b = 1;
$s->a = 2;
$s->{''} = 'empty name';
rj_enc('stdClass', $s);
rj_enc('cast list', (object)[1, 2]);
rj_enc('cast map', (object)['x' => ['y' => (object)[]]]);
rj_enc('cast NUL key', (object)["\0x" => 1, 'ok' => 2]);
rj_enc('cast mangled', (object)["\0*\0prot" => 1, "\0A\0priv" => 2, "\0" => 3, 'ok' => 4]);
rj_enc('cast empty key', (object)['' => 'e']);
rj_enc('array cast back', (array)new Child);

echo "== materialized property table (slow path) gives the same output\n";
$c2 = new Child;
$before = json_encode($c2);
$dummy = get_object_vars($c2);
$mid = json_encode($c2);
foreach ($c2 as $k => $v) {}
var_dump($before === $mid, $mid === json_encode($c2), $before);
$c3 = new Child;
$arr = (array)$c3;
var_dump(json_encode($c3) === $before);

echo "== nested objects and arrays of objects\n";
rj_enc('nested', ['list' => [new Order, new Order], 'obj' => (object)['inner' => new Unsets]]);
rj_enc('FORCE_OBJECT has no effect on objects', new Order, JSON_FORCE_OBJECT);
rj_enc('numeric check on props', (object)['n' => '12', 'f' => '1.5'], JSON_NUMERIC_CHECK);

echo "== encoding does not change the object\n";
$e = new Child;
$x = json_encode($e);
var_dump($x === json_encode($e));
var_dump(count((array)$e));
?>
--EXPECT--
== declared
child: {"basePub":"bp","nullable":null,"pub":"p","ro":7,"arr":{"0":1,"a":2}} #0
child pretty: {
    "basePub": "bp",
    "nullable": null,
    "pub": "p",
    "ro": 7,
    "arr": {
        "0": 1,
        "a": 2
    }
} #0
typed set: {"basePub":"bp","typed":5,"nullable":null,"pub":"p","ro":7,"arr":{"0":1,"a":2}} #0
pub unset: {"basePub":"bp","typed":5,"nullable":null,"ro":7,"arr":{"0":1,"a":2}} #0
pub set again: {"basePub":"bp","typed":5,"nullable":null,"pub":"back","ro":7,"arr":{"0":1,"a":2}} #0
== uninitialized only
typed only: {} #0
one set: {"s":"x"} #0
== unset
unset b: {"a":1,"c":3} #0
all unset: {} #0
re-set c then a: {"a":"A","c":"C"} #0
== dynamic properties
dyn: {"declared":"d","second":"s","dyn1":1,"0":"zero","123":"num","a b":"space"} #0
declared unset: {"second":"s","dyn1":1,"0":"zero","123":"num","a b":"space"} #0
declared back: {"declared":"back","second":"s","dyn1":1,"0":"zero","123":"num","a b":"space"} #0
== declaration order, assignment order does not matter
order: {"z":"Z","a":"a","m":"M"} #0
== stdClass and casts
empty stdClass: {} #0
stdClass: {"b":1,"a":2,"":"empty name"} #0
cast list: {"0":1,"1":2} #0
cast map: {"x":{"y":{}}} #0
cast NUL key: {"ok":2} #0
cast mangled: {"ok":4} #0
cast empty key: {"":"e"} #0
array cast back: {"basePub":"bp","\u0000*\u0000baseProt":"bq","\u0000Base\u0000basePriv":"bv","nullable":null,"pub":"p","\u0000*\u0000prot":"q","\u0000Child\u0000priv":"v","ro":7,"arr":{"0":1,"a":2}} #0
== materialized property table (slow path) gives the same output
bool(true)
bool(true)
string(69) "{"basePub":"bp","nullable":null,"pub":"p","ro":7,"arr":{"0":1,"a":2}}"
bool(true)
== nested objects and arrays of objects
nested: {"list":[{"z":"z","a":"a","m":"m"},{"z":"z","a":"a","m":"m"}],"obj":{"inner":{"a":1,"b":2,"c":3}}} #0
FORCE_OBJECT has no effect on objects: {"z":"z","a":"a","m":"m"} #0
numeric check on props: {"n":12,"f":1.5} #0
== encoding does not change the object
bool(true)
int(9)
