--TEST--
json_encode(): JsonSerializable returning scalars, arrays, $this, other objects, chains, enums; flags apply to the result
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class R implements JsonSerializable {
    public $pub = 'p';
    protected $prot = 'q';
    public function __construct(private mixed $ret = null, private bool $self = false) {}
    public function jsonSerialize(): mixed { return $this->self ? $this : $this->ret; }
}
class Other { public $o = 'other'; private $hidden = 1; }
enum Suit: string { case H = 'hearts'; }
enum Pure { case P; }

$cases = [
    'null' => new R(null),
    'true' => new R(true),
    'false' => new R(false),
    'int' => new R(42),
    'float' => new R(1.5),
    'float zero' => new R(2.0),
    'string' => new R("a/b\"c\u{e9}"),
    'numeric string' => new R("123"),
    'list' => new R([1, 2]),
    'map' => new R(['a' => 1]),
    'empty array' => new R([]),
    '$this' => new R(null, true),
    'other object' => new R(new Other),
    'stdClass' => new R((object)['s' => 1]),
    'chain' => new R(new R(new R(['deep' => new R('leaf')]))),
    'backed enum' => new R(Suit::H),
    'pure enum' => new R(Pure::P),
    'NAN' => new R(NAN),
    'invalid utf8' => new R("\xff"),
    'array with JS' => new R([new R(1), new R(new R(2))]),
    'ArrayObject' => new R(new ArrayObject([1])),
];
foreach ($cases as $label => $v) {
    rj_enc(str_pad($label, 15), $v);
    rj_enc(str_pad('  partial', 15), $v, JSON_PARTIAL_OUTPUT_ON_ERROR);
}
echo "== flags apply to the returned value\n";
rj_enc('numeric', [new R("12"), new R(["1.5", "x"])], JSON_NUMERIC_CHECK);
rj_enc('force', new R([1, 2]), JSON_FORCE_OBJECT);
rj_enc('pretty', ['a' => new R(['b' => [1]])], JSON_PRETTY_PRINT);
rj_enc('pzf', new R(1.0), JSON_PRESERVE_ZERO_FRACTION);
rj_enc('slashes', new R('/'), JSON_UNESCAPED_SLASHES);
rj_enc('unicode', new R("\u{e9}"), JSON_UNESCAPED_UNICODE);
rj_enc('subst', new R("a\xffb"), JSON_INVALID_UTF8_SUBSTITUTE);
echo "== JsonSerializable as a property value and in arrays\n";
$holder = new stdClass;
$holder->js = new R(['x' => 1]);
$holder->plain = 2;
rj_enc('holder', $holder);
rj_enc('list of JS', [new R(1), new R('two'), new R([3])]);
echo "== return type variations\n";
class Untyped implements JsonSerializable {
    #[\ReturnTypeWillChange]
    public function jsonSerialize() { return ['untyped' => true]; }
}
class Gen implements JsonSerializable {
    public function jsonSerialize(): array { return ['typed' => 'array']; }
}
rj_enc('untyped', new Untyped);
rj_enc('typed array', new Gen);
?>
--EXPECT--
null           : null #0
  partial      : null #0
true           : true #0
  partial      : true #0
false          : false #0
  partial      : false #0
int            : 42 #0
  partial      : 42 #0
float          : 1.5 #0
  partial      : 1.5 #0
float zero     : 2 #0
  partial      : 2 #0
string         : "a\/b\"c\u00e9" #0
  partial      : "a\/b\"c\u00e9" #0
numeric string : "123" #0
  partial      : "123" #0
list           : [1,2] #0
  partial      : [1,2] #0
map            : {"a":1} #0
  partial      : {"a":1} #0
empty array    : [] #0
  partial      : [] #0
$this          : {"pub":"p"} #0
  partial      : {"pub":"p"} #0
other object   : {"o":"other"} #0
  partial      : {"o":"other"} #0
stdClass       : {"s":1} #0
  partial      : {"s":1} #0
chain          : {"deep":"leaf"} #0
  partial      : {"deep":"leaf"} #0
backed enum    : "hearts" #0
  partial      : "hearts" #0
pure enum      : false #11
  partial      : 0 #11
NAN            : false #7
  partial      : 0 #7
invalid utf8   : false #5
  partial      : null #5
array with JS  : [1,2] #0
  partial      : [1,2] #0
ArrayObject    : {"0":1} #0
  partial      : {"0":1} #0
== flags apply to the returned value
numeric: [12,[1.5,"x"]] #0
force: {"0":1,"1":2} #0
pretty: {
    "a": {
        "b": [
            1
        ]
    }
} #0
pzf: 1.0 #0
slashes: "/" #0
unicode: u:"é" #0
subst: "a\ufffdb" #0
== JsonSerializable as a property value and in arrays
holder: {"js":{"x":1},"plain":2} #0
list of JS: [1,"two",[3]] #0
== return type variations
untyped: {"untyped":true} #0
typed array: {"typed":"array"} #0
