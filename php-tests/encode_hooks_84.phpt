--TEST--
json_encode(): PHP 8.4 property hooks (virtual/backed, get/set-only, throwing, recursive and re-entrant get hooks, asymmetric visibility, inheritance, dynamic properties), with the hook call log
--DESCRIPTION--
Hooked properties appear in the JSON property table as property infos: a virtual property without a
get hook is skipped, every other public one is read through zend_read_property_ex (its get hook, if
any); an exception from a hook aborts the encode. Classes with hooks never take the declared-slots
fast path, and the recursion guard is the object itself.
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4+ only (property hooks)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

final class Log {
    public static array $calls = [];
}
function run(string $label, mixed $v, int $flags = 0, int $depth = 512): void {
    Log::$calls = [];
    rj_enc($label, $v, $flags, $depth);
    if (Log::$calls) {
        echo '    calls: ', implode(', ', Log::$calls), "\n";
    }
}

class Kinds {
    public $plain = 'plain';
    protected $prot = 'prot';
    private $priv = 'priv';
    public int $uninit;
    public readonly int $ro;
    public mixed $virt { get { Log::$calls[] = 'get virt'; return 'virtual'; } }
    public mixed $setOnlyVirtual { set { Log::$calls[] = 'set setOnlyVirtual'; } }
    public mixed $backed = 'b' { get { Log::$calls[] = 'get backed'; return strtoupper($this->backed); } }
    public mixed $both = 2 {
        get { Log::$calls[] = 'get both'; return $this->both * 10; }
        set { Log::$calls[] = 'set both'; $this->both = $value; }
    }
    public private(set) string $asym = 'asym';
    public protected(set) ?int $asym2 = null;
    protected private(set) string $protAsym = 'hidden';
    private mixed $privVirt { get { Log::$calls[] = 'get privVirt'; return 'never'; } }
    public function __construct() { $this->ro = 42; }
}

class SetOnlyBacked {
    public $a = 'a';
    public $s = 5 { set { Log::$calls[] = 'set s'; $this->s = $value; } }
    public $z = 'z';
}
class SetOnlyBackedUntouched {
    public $s { set => strtoupper($value); }
}

echo "== kinds of hooked properties\n";
$k = new Kinds;
run('kinds', $k);
run('kinds pretty', $k, JSON_PRETTY_PRINT);
$k->both = 3;
$k->setOnlyVirtual = 'ignored';
unset($k->plain);
run('after set, unset plain', $k);
$k->uninit = 7;
run('uninit set', $k);
run('kinds twice in a list', [$k, $k]);
run('depth 0', $k, 0, 0);
run('depth 0 partial', $k, JSON_PARTIAL_OUTPUT_ON_ERROR, 0);
run('force object', [$k], JSON_FORCE_OBJECT);

echo "== set-only backed properties (no get hook): the backing value\n";
run('set only backed', new SetOnlyBacked);
$s = new SetOnlyBacked;
$s->s = ['x' => 1.5];
run('set only backed, assigned', $s);
run('set only backed, untouched', new SetOnlyBackedUntouched);
$s = new SetOnlyBackedUntouched;
$s->s = "caf\u{e9}";
run('set only backed, via set hook', $s, JSON_UNESCAPED_UNICODE);

echo "== what get hooks return\n";
class Ret implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { Log::$calls[] = 'jsonSerialize'; return $this->v; }
}
class Returns {
    public function __construct(public mixed $payload = null) {}
    public mixed $value { get { Log::$calls[] = 'get value'; return $this->payload; } }
}
$payloads = [
    'nested arrays' => ['a' => [1, [2, [3]]], 'b' => []],
    'object' => (object) ['x' => 1, 'y' => (object) []],
    'JsonSerializable' => new Ret(['from' => 'js']),
    'escapes' => "</tag> \"q\" 'a' & \u{2028} \u{e9} \x01 \\ /",
    'invalid UTF-8' => "bad \xff byte",
    'floats' => [0.1, 1.0, -0.0, 1e100, 2.5e-8],
    'NAN' => NAN,
    'hooked object' => new Kinds,
];
foreach ($payloads as $label => $p) {
    run($label, new Returns($p));
    run("$label, flags", new Returns($p), JSON_HEX_TAG | JSON_HEX_QUOT | JSON_HEX_APOS | JSON_HEX_AMP | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR);
}

echo "== get hooks that throw\n";
class Throws {
    public $before = 'before';
    public mixed $boom { get { Log::$calls[] = 'get boom'; throw new RuntimeException('hook failed', 5); } }
    public mixed $after { get { Log::$calls[] = 'get after'; return 'after'; } }
}
run('throws', new Throws);
run('throws partial', new Throws, JSON_PARTIAL_OUTPUT_ON_ERROR);
run('throws throw', new Throws, JSON_THROW_ON_ERROR);
run('throws after an error', ["\xff", new Throws], JSON_PARTIAL_OUTPUT_ON_ERROR);
run('throws nested', ['list' => [1, ['o' => new Throws]]]);
class TypedUninit {
    public int $n { get { Log::$calls[] = 'get n'; return $this->n; } set => $value; }
    public $after = 'after';
}
run('uninitialized backing read', new TypedUninit);
$t = new TypedUninit;
$t->n = 9;
run('initialized backing read', $t);

echo "== get hooks that re-enter\n";
class Self_ {
    public $a = 1;
    public mixed $me { get { Log::$calls[] = 'get me'; return $this; } }
    public $z = 2;
}
run('returns $this', new Self_);
run('returns $this partial', new Self_, JSON_PARTIAL_OUTPUT_ON_ERROR);
class Nested {
    public $a = 'a';
    public mixed $json {
        get {
            $r = json_encode($this);
            Log::$calls[] = 'nested json_encode($this) = ' . var_export($r, true) . ' #' . json_last_error();
            return $r;
        }
    }
    public mixed $other {
        get {
            $r = json_encode(['x' => "\xff"]);
            Log::$calls[] = 'nested json_encode(bad) = ' . var_export($r, true) . ' #' . json_last_error();
            return 'other';
        }
    }
}
run('nested json_encode', new Nested);
run('nested json_encode, outer partial', [new Nested, "\xfe"], JSON_PARTIAL_OUTPUT_ON_ERROR);
class Mutates {
    public $scratch = 's';
    public mixed $m {
        get { Log::$calls[] = 'get m'; unset($this->scratch); $this->added = 'dyn'; return 'm'; }
    }
    public $last = 'last';
}
#[AllowDynamicProperties] class MutatesDyn extends Mutates {}
run('mutating get hook', new MutatesDyn);

echo "== inheritance\n";
class ParentH {
    public $p = 'p';
    public mixed $h = 'parent' { get { Log::$calls[] = 'ParentH get h'; return $this->h . '!'; } }
    public mixed $v { get { Log::$calls[] = 'ParentH get v'; return 'pv'; } }
    private $hidden = 'hidden';
}
class ChildH extends ParentH {
    public $c = 'c';
    public mixed $h = 'child' { get { Log::$calls[] = 'ChildH get h'; return ['child' => parent::$h::get()]; } }
    public $p = 'cp' { get { Log::$calls[] = 'ChildH get p'; return strtoupper($this->p); } }
    private $hidden = 'child hidden';
}
class GrandChildH extends ChildH {
    public mixed $v { get { Log::$calls[] = 'GrandChildH get v'; return 'gv'; } }
}
run('parent', new ParentH);
run('child', new ChildH);
run('grandchild', new GrandChildH);
interface HasName { public string $name { get; } }
final class Named implements HasName {
    public string $name { get { Log::$calls[] = 'get name'; return 'named'; } }
    public function __construct(public string $first = 'f') {}
}
run('interface property', new Named);
class Promoted {
    public function __construct(
        public string $a = 'a' { get { Log::$calls[] = 'get a'; return $this->a . $this->a; } },
        public int $b = 1,
    ) {}
}
run('promoted hooked', new Promoted);

echo "== dynamic properties on a hooked class (materialized property table)\n";
#[AllowDynamicProperties] class Dyn {
    public $d = 'declared';
    public mixed $v { get { Log::$calls[] = 'get v'; return 'v'; } }
    public mixed $b = 1 { get { Log::$calls[] = 'get b'; return $this->b + 1; } }
}
$d = new Dyn;
$d->x = 'dynamic';
$d->{'0'} = 'zero';
run('dynamic', $d);
unset($d->x);
run('dynamic unset again', $d);
$d = new Dyn;
get_object_vars($d);
run('after get_object_vars', $d);
$d = new Dyn;
foreach ($d as $name => $value) {
}
run('after foreach', $d);
$d = new Dyn;
$d->dyn = $d;
run('dynamic recursion', $d);
run('dynamic recursion partial', $d, JSON_PARTIAL_OUTPUT_ON_ERROR);

echo "== JsonSerializable with hooks\n";
class HookedJs implements JsonSerializable {
    public $a = 'a';
    public mixed $v { get { Log::$calls[] = 'get v'; return 'v'; } }
    public function __construct(private string $mode) {}
    public function jsonSerialize(): mixed {
        Log::$calls[] = 'jsonSerialize ' . $this->mode;
        return match ($this->mode) { 'this' => $this, 'vars' => get_object_vars($this), default => $this->v };
    }
}
run('js this', new HookedJs('this'));
run('js vars', new HookedJs('vars'));
run('js v', new HookedJs('v'));
--EXPECT--
== kinds of hooked properties
kinds: {"plain":"plain","ro":42,"virt":"virtual","backed":"B","both":20,"asym":"asym","asym2":null} #0
    calls: get virt, get backed, get both
kinds pretty: {
    "plain": "plain",
    "ro": 42,
    "virt": "virtual",
    "backed": "B",
    "both": 20,
    "asym": "asym",
    "asym2": null
} #0
    calls: get virt, get backed, get both
after set, unset plain: {"ro":42,"virt":"virtual","backed":"B","both":30,"asym":"asym","asym2":null} #0
    calls: get virt, get backed, get both
uninit set: {"uninit":7,"ro":42,"virt":"virtual","backed":"B","both":30,"asym":"asym","asym2":null} #0
    calls: get virt, get backed, get both
kinds twice in a list: [{"uninit":7,"ro":42,"virt":"virtual","backed":"B","both":30,"asym":"asym","asym2":null},{"uninit":7,"ro":42,"virt":"virtual","backed":"B","both":30,"asym":"asym","asym2":null}] #0
    calls: get virt, get backed, get both, get virt, get backed, get both
depth 0: false #1
    calls: get virt, get backed, get both
depth 0 partial: {"uninit":7,"ro":42,"virt":"virtual","backed":"B","both":30,"asym":"asym","asym2":null} #1
    calls: get virt, get backed, get both
force object: {"0":{"uninit":7,"ro":42,"virt":"virtual","backed":"B","both":30,"asym":"asym","asym2":null}} #0
    calls: get virt, get backed, get both
== set-only backed properties (no get hook): the backing value
set only backed: {"a":"a","s":5,"z":"z"} #0
set only backed, assigned: {"a":"a","s":{"x":1.5},"z":"z"} #0
set only backed, untouched: {"s":null} #0
set only backed, via set hook: u:{"s":"CAFé"} #0
== what get hooks return
nested arrays: {"payload":{"a":[1,[2,[3]]],"b":[]},"value":{"a":[1,[2,[3]]],"b":[]}} #0
    calls: get value
nested arrays, flags: {"payload":{"a":[1,[2,[3]]],"b":[]},"value":{"a":[1,[2,[3]]],"b":[]}} #0
    calls: get value
object: {"payload":{"x":1,"y":{}},"value":{"x":1,"y":{}}} #0
    calls: get value
object, flags: {"payload":{"x":1,"y":{}},"value":{"x":1,"y":{}}} #0
    calls: get value
JsonSerializable: {"payload":{"from":"js"},"value":{"from":"js"}} #0
    calls: jsonSerialize, get value, jsonSerialize
JsonSerializable, flags: {"payload":{"from":"js"},"value":{"from":"js"}} #0
    calls: jsonSerialize, get value, jsonSerialize
escapes: {"payload":"<\/tag> \"q\" 'a' & \u2028 \u00e9 \u0001 \\ \/","value":"<\/tag> \"q\" 'a' & \u2028 \u00e9 \u0001 \\ \/"} #0
    calls: get value
escapes, flags: {"payload":"\u003C\/tag\u003E \u0022q\u0022 \u0027a\u0027 \u0026 \u2028 \u00e9 \u0001 \\ \/","value":"\u003C\/tag\u003E \u0022q\u0022 \u0027a\u0027 \u0026 \u2028 \u00e9 \u0001 \\ \/"} #0
    calls: get value
invalid UTF-8: false #5
invalid UTF-8, flags: {"payload":"bad \ufffd byte","value":"bad \ufffd byte"} #0
    calls: get value
floats: {"payload":[0.1,1,-0,1.0e+100,2.5e-8],"value":[0.1,1,-0,1.0e+100,2.5e-8]} #0
    calls: get value
floats, flags: {"payload":[0.1,1.0,-0.0,1.0e+100,2.5e-8],"value":[0.1,1.0,-0.0,1.0e+100,2.5e-8]} #0
    calls: get value
NAN: false #7
    calls: get value
NAN, flags: {"payload":0,"value":0} #7
    calls: get value
hooked object: {"payload":{"plain":"plain","ro":42,"virt":"virtual","backed":"B","both":20,"asym":"asym","asym2":null},"value":{"plain":"plain","ro":42,"virt":"virtual","backed":"B","both":20,"asym":"asym","asym2":null}} #0
    calls: get virt, get backed, get both, get value, get virt, get backed, get both
hooked object, flags: {"payload":{"plain":"plain","ro":42,"virt":"virtual","backed":"B","both":20,"asym":"asym","asym2":null},"value":{"plain":"plain","ro":42,"virt":"virtual","backed":"B","both":20,"asym":"asym","asym2":null}} #0
    calls: get virt, get backed, get both, get value, get virt, get backed, get both
== get hooks that throw
throws: RuntimeException(5): hook failed #0
    calls: get boom
throws partial: RuntimeException(5): hook failed #0
    calls: get boom
throws throw: RuntimeException(5): hook failed #0
    calls: get boom
throws after an error: RuntimeException(5): hook failed #5
    calls: get boom
throws nested: RuntimeException(5): hook failed #0
    calls: get boom
uninitialized backing read: Error(0): Typed property TypedUninit::$n must not be accessed before initialization #0
    calls: get n
initialized backing read: {"n":9,"after":"after"} #0
    calls: get n
== get hooks that re-enter
returns $this: false #6
    calls: get me
returns $this partial: {"a":1,"me":null,"z":2} #6
    calls: get me
nested json_encode: {"a":"a","json":false,"other":"other"} #0
    calls: nested json_encode($this) = false #6, nested json_encode(bad) = false #5
nested json_encode, outer partial: [{"a":"a","json":false,"other":"other"},null] #5
    calls: nested json_encode($this) = false #6, nested json_encode(bad) = false #5
mutating get hook: {"scratch":"s","m":"m","last":"last"} #0
    calls: get m
== inheritance
parent: {"p":"p","h":"parent!","v":"pv"} #0
    calls: ParentH get h, ParentH get v
child: {"p":"CP","h":{"child":"child!"},"v":"pv","c":"c"} #0
    calls: ChildH get p, ChildH get h, ParentH get h, ParentH get v
grandchild: {"p":"CP","h":{"child":"child!"},"v":"gv","c":"c"} #0
    calls: ChildH get p, ChildH get h, ParentH get h, GrandChildH get v
interface property: {"name":"named","first":"f"} #0
    calls: get name
promoted hooked: {"a":"aa","b":1} #0
    calls: get a
== dynamic properties on a hooked class (materialized property table)
dynamic: {"d":"declared","v":"v","b":2,"x":"dynamic","0":"zero"} #0
    calls: get v, get b
dynamic unset again: {"d":"declared","v":"v","b":2,"0":"zero"} #0
    calls: get v, get b
after get_object_vars: {"d":"declared","v":"v","b":2} #0
    calls: get v, get b
after foreach: {"d":"declared","v":"v","b":2} #0
    calls: get v, get b
dynamic recursion: false #6
    calls: get v, get b
dynamic recursion partial: {"d":"declared","v":"v","b":2,"dyn":null} #6
    calls: get v, get b
== JsonSerializable with hooks
js this: {"a":"a","v":"v"} #0
    calls: jsonSerialize this, get v
js vars: {"a":"a","v":"v","mode":"vars"} #0
    calls: jsonSerialize vars, get v
js v: "v" #0
    calls: jsonSerialize v, get v
