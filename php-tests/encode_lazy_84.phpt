--TEST--
json_encode(): PHP 8.4 lazy objects (ghosts and proxies): initialized by the encode as stock does, initializer calls logged, throwing initializers, skipped/raw-set properties, nested lazies, lazy JsonSerializable and hooked classes
--DESCRIPTION--
A lazy object never takes the declared-slots fast path: its properties come from get_properties(_for),
which runs the initializer (once). An initializer that throws aborts the encode and leaves the object
lazy. Objects initialized beforehand, or whose properties were all skipped or set raw, are plain.
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4+ only (lazy objects)'); ?>
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
function state(string $label, object $o): void {
    echo "    $label: ", (new ReflectionClass($o))->isUninitializedLazyObject($o) ? 'still lazy' : 'initialized', "\n";
}

#[AllowDynamicProperties]
class Node {
    public $a = 'default a';
    public $b = ['default', 'b'];
    protected $prot = 'prot';
    private $priv = 'priv';
    public int $typed;
    public ?Node $next = null;
}
function ghost(string $name, ?Closure $init = null, string $class = Node::class): object {
    return (new ReflectionClass($class))->newLazyGhost(function (object $o) use ($name, $init) {
        Log::$calls[] = "init $name";
        if ($init) {
            $init($o);
        }
    });
}
function proxy(string $name, Closure $make, string $class = Node::class): object {
    return (new ReflectionClass($class))->newLazyProxy(function (object $o) use ($name, $make) {
        Log::$calls[] = "factory $name";
        return $make();
    });
}

echo "== ghosts\n";
$g = ghost('g');
run('uninitialized ghost', $g);
state('after', $g);
run('encoded again', $g);
$g = ghost('g2', function (Node $o) { $o->a = "A \u{e9} </>"; $o->typed = 5; $o->dyn = [1.0, -0.0]; });
run('initializer sets props', $g, JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
$g = ghost('g3');
run('ghost pretty', ['x' => $g, 'y' => [$g]], JSON_PRETTY_PRINT);
$g = ghost('g4', function (Node $o) { $o->a = "bad \xff"; });
run('initializer sets invalid UTF-8', $g);
state('after', $g);
$g = ghost('g5');
run('depth 0', $g, 0, 0);
state('after', $g);
$g = ghost('g6');
run('depth error before the ghost', [[[$g]]], 0, 2);
state('after', $g);
$g = ghost('g7');
run('abort before the ghost', ["\xff", $g]);
state('after', $g);
run('partial: error before the ghost', ["\xff", $g], JSON_PARTIAL_OUTPUT_ON_ERROR);
state('after', $g);

echo "== initializers that throw\n";
$g = ghost('thrower', function (Node $o) { $o->a = 'half'; throw new RuntimeException('init failed', 3); });
run('throws', $g);
state('after', $g);
run('throws again', ['first' => 1, 'g' => $g]);
run('throws partial', [$g, "\xff"], JSON_PARTIAL_OUTPUT_ON_ERROR);
run('throws throw', $g, JSON_THROW_ON_ERROR);
run('throws after an error', ["\xff", $g], JSON_PARTIAL_OUTPUT_ON_ERROR);
$p = proxy('thrower', function () { throw new LogicException('no instance', 4); });
run('factory throws', $p);
state('after', $p);
$p = proxy('bad factory', function () { return new stdClass; });
run('factory returns the wrong class', $p);

echo "== proxies\n";
$p = proxy('p', function () { $n = new Node; $n->a = 'real'; $n->extra = 'dynamic on the real instance'; return $n; });
run('proxy', $p);
state('after', $p);
run('proxy again', [$p, $p]);
$real = new Node;
$real->a = 'shared real';
$p = proxy('p2', fn () => $real);
run('proxy and its real instance', [$p, $real]);
$p = proxy('p3', fn () => new Node);
$p->a = 'written before';
run('proxy initialized by a write', $p);

echo "== skipped and raw-set properties, initialized beforehand\n";
$r = new ReflectionClass(Node::class);
$g = ghost('raw');
$r->getProperty('a')->setRawValueWithoutLazyInitialization($g, 'raw a');
$r->getProperty('b')->skipLazyInitialization($g);
state('raw a, skip b', $g);
run('partly raw', $g);
$g = ghost('all skipped');
foreach (['a', 'b', 'prot', 'priv', 'typed', 'next'] as $name) {
    $r->getProperty($name)->skipLazyInitialization($g);
}
state('all skipped', $g);
run('all skipped', $g);
$g = ghost('init first', function (Node $o) { $o->a = 'initialized first'; });
$r->initializeLazyObject($g);
run('initialized beforehand', $g);
$g = ghost('marked');
$r->markLazyObjectAsInitialized($g);
run('marked as initialized', $g);
$p = proxy('p raw', fn () => new Node);
$r->getProperty('a')->setRawValueWithoutLazyInitialization($p, 'raw on the proxy');
run('proxy with a raw property', $p);

echo "== nested lazies, recursion, re-entry\n";
$inner = ghost('inner', function (Node $o) { $o->a = 'inner'; });
$outer = ghost('outer', function (Node $o) use ($inner) { $o->next = $inner; });
run('nested', $outer);
$inner = ghost('inner2');
$p = proxy('outer proxy', function () use ($inner) { $n = new Node; $n->next = $inner; return $n; });
run('ghost inside a proxy', $p);
$self = ghost('self', function (Node $o) { $o->next = $o; });
run('initializer makes a cycle', $self);
run('cycle partial', $self, JSON_PARTIAL_OUTPUT_ON_ERROR);
$g = ghost('reenter', function (Node $o) {
    $r = json_encode($o);
    Log::$calls[] = 'json_encode inside the initializer: ' . var_export($r, true) . ' #' . json_last_error();
    $o->a = 'after re-entry';
});
run('initializer calls json_encode', $g);
$list = [];
for ($i = 0; $i < 3; $i++) {
    $list[] = ghost("l$i", function (Node $o) use ($i) { $o->a = $i; });
}
run('list of ghosts', $list);
run('list of ghosts, depth 1', [ghost('d1'), ghost('d2')], 0, 1);

echo "== lazy JsonSerializable\n";
class LazyJs implements JsonSerializable {
    public $v = 'v';
    public function __construct(public string $mode = 'this') {}
    public function jsonSerialize(): mixed {
        Log::$calls[] = 'jsonSerialize';
        return $this->mode === 'this' ? $this : ['mode' => $this->mode, 'v' => $this->v];
    }
}
$g = ghost('js', function (LazyJs $o) { $o->__construct('this'); }, LazyJs::class);
run('lazy js returning $this', $g);
$g = ghost('js2', function (LazyJs $o) { $o->__construct('array'); }, LazyJs::class);
run('lazy js returning an array', $g);
$p = proxy('js proxy', fn () => new LazyJs('array'), LazyJs::class);
run('lazy js proxy', $p);
$g = ghost('js thrower', function () { throw new DomainException('js init failed'); }, LazyJs::class);
run('lazy js, initializer throws', $g);

echo "== lazy objects with property hooks\n";
class Hooked {
    public $plain = 'plain';
    public mixed $virt { get { Log::$calls[] = 'get virt'; return 'virtual ' . $this->plain; } }
    public mixed $backed = 'b' { get { Log::$calls[] = 'get backed'; return strtoupper($this->backed); } }
    public $setOnly = 'so' { set { Log::$calls[] = 'set setOnly'; $this->setOnly = $value; } }
}
$g = ghost('hooked', function (Hooked $o) { $o->plain = 'from init'; $o->setOnly = 'set by init'; }, Hooked::class);
run('hooked ghost', $g);
$p = proxy('hooked proxy', function () { $h = new Hooked; $h->backed = 'real'; return $h; }, Hooked::class);
run('hooked proxy', $p);
$g = ghost('hooked raw', null, Hooked::class);
(new ReflectionClass(Hooked::class))->getProperty('backed')->setRawValueWithoutLazyInitialization($g, 'raw');
run('hooked ghost with a raw backed property', $g);
--EXPECT--
== ghosts
uninitialized ghost: {"a":"default a","b":["default","b"],"next":null} #0
    calls: init g
    after: initialized
encoded again: {"a":"default a","b":["default","b"],"next":null} #0
initializer sets props: u:{"a":"A é <\/>","b":["default","b"],"typed":5,"next":null,"dyn":[1.0,-0.0]} #0
    calls: init g2
ghost pretty: {
    "x": {
        "a": "default a",
        "b": [
            "default",
            "b"
        ],
        "next": null
    },
    "y": [
        {
            "a": "default a",
            "b": [
                "default",
                "b"
            ],
            "next": null
        }
    ]
} #0
    calls: init g3
initializer sets invalid UTF-8: false #5
    calls: init g4
    after: initialized
depth 0: false #1
    calls: init g5
    after: initialized
depth error before the ghost: false #1
    calls: init g6
    after: initialized
abort before the ghost: false #5
    after: still lazy
partial: error before the ghost: [null,{"a":"default a","b":["default","b"],"next":null}] #5
    calls: init g7
    after: initialized
== initializers that throw
throws: RuntimeException(3): init failed #0
    calls: init thrower
    after: still lazy
throws again: RuntimeException(3): init failed #0
    calls: init thrower
throws partial: RuntimeException(3): init failed #5
    calls: init thrower
throws throw: RuntimeException(3): init failed #5
    calls: init thrower
throws after an error: RuntimeException(3): init failed #5
    calls: init thrower
factory throws: LogicException(4): no instance #0
    calls: factory thrower
    after: still lazy
factory returns the wrong class: TypeError(0): The real instance class stdClass is not compatible with the proxy class Node. The proxy must be a instance of the same class as the real instance, or a sub-class with no additional properties, and no overrides of the __destructor or __clone methods. #0
    calls: factory bad factory
== proxies
proxy: {"a":"real","b":["default","b"],"next":null,"extra":"dynamic on the real instance"} #0
    calls: factory p
    after: initialized
proxy again: [{"a":"real","b":["default","b"],"next":null,"extra":"dynamic on the real instance"},{"a":"real","b":["default","b"],"next":null,"extra":"dynamic on the real instance"}] #0
proxy and its real instance: [{"a":"shared real","b":["default","b"],"next":null},{"a":"shared real","b":["default","b"],"next":null}] #0
    calls: factory p2
proxy initialized by a write: {"a":"written before","b":["default","b"],"next":null} #0
== skipped and raw-set properties, initialized beforehand
    raw a, skip b: still lazy
partly raw: {"a":"raw a","b":["default","b"],"next":null} #0
    calls: init raw
    all skipped: initialized
all skipped: {"a":"default a","b":["default","b"],"next":null} #0
initialized beforehand: {"a":"initialized first","b":["default","b"],"next":null} #0
marked as initialized: {"a":"default a","b":["default","b"],"next":null} #0
proxy with a raw property: {"a":"default a","b":["default","b"],"next":null} #0
    calls: factory p raw
== nested lazies, recursion, re-entry
nested: {"a":"default a","b":["default","b"],"next":{"a":"inner","b":["default","b"],"next":null}} #0
    calls: init outer, init inner
ghost inside a proxy: {"a":"default a","b":["default","b"],"next":{"a":"default a","b":["default","b"],"next":null}} #0
    calls: factory outer proxy, init inner2
initializer makes a cycle: false #6
    calls: init self
cycle partial: {"a":"default a","b":["default","b"],"next":null} #6
initializer calls json_encode: {"a":"after re-entry","b":["default","b"],"next":null} #0
    calls: init reenter, json_encode inside the initializer: '{"a":"default a","b":["default","b"],"next":null}' #0
list of ghosts: [{"a":0,"b":["default","b"],"next":null},{"a":1,"b":["default","b"],"next":null},{"a":2,"b":["default","b"],"next":null}] #0
    calls: init l0, init l1, init l2
list of ghosts, depth 1: false #1
    calls: init d1
== lazy JsonSerializable
lazy js returning $this: {"v":"v","mode":"this"} #0
    calls: jsonSerialize, init js
lazy js returning an array: {"mode":"array","v":"v"} #0
    calls: jsonSerialize, init js2
lazy js proxy: {"mode":"array","v":"v"} #0
    calls: jsonSerialize, factory js proxy
lazy js, initializer throws: DomainException(0): js init failed #0
    calls: jsonSerialize, init js thrower
== lazy objects with property hooks
hooked ghost: {"plain":"from init","virt":"virtual from init","backed":"B","setOnly":"set by init"} #0
    calls: init hooked, set setOnly, get virt, get backed
hooked proxy: {"plain":"plain","virt":"virtual plain","backed":"REAL","setOnly":"so"} #0
    calls: factory hooked proxy, get virt, get backed
hooked ghost with a raw backed property: {"plain":"plain","virt":"virtual plain","backed":"RAW","setOnly":"so"} #0
    calls: init hooked raw, get virt, get backed
