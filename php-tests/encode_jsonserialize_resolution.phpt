--TEST--
json_encode(): which jsonSerialize() runs (stock resolves the name "jsonSerialize" from the calling user frame's scope)
--DESCRIPTION--
PHP 8.2-8.4 call jsonSerialize() through call_user_function() by name: zend_is_callable_ex() looks the
lowercased name up in the object's class and, when that method overrides a private method of a parent
(ZEND_ACC_CHANGED) and json_encode() is called from code of that parent, calls the parent's private method
instead. rustjson calls the method it finds directly when none of that applies (public, not overriding a
private method); the other cases must still resolve as stock does. Also: trait methods, aliases, inherited
and overridden methods, internal code calling json_encode() (array_map), static scope, closures bound to a
scope, and the call count and order.
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$log = [];
/* json_encode() must be called right here, in the method: the scope is the innermost user frame's. */
function out(string $label, mixed $r): void { echo $label, ': ', rj_res($r), ' #', json_last_error(), "\n"; }
class A {
    private function jsonSerialize() { $GLOBALS['log'][] = 'A::private'; return 'A-private'; }
    public function enc(mixed $v, int $f = 0): void { out('from A', json_encode($v, $f)); }
    public static function encStatic(mixed $v): void { out('from A, static', json_encode($v)); }
}
class B extends A implements JsonSerializable {
    public function jsonSerialize(): mixed { $GLOBALS['log'][] = 'B::public'; return 'B-public'; }
    public function encB(mixed $v): void { out('from B', json_encode($v)); }
}
class C extends B {}
class D extends B {
    public function jsonSerialize(): mixed { $GLOBALS['log'][] = 'D::public'; return ['d' => parent::jsonSerialize()]; }
}
class Other { public function enc(mixed $v): void { out('from Other', json_encode($v)); } }

trait T { public function jsonSerialize(): mixed { $GLOBALS['log'][] = 'T'; return 't:' . static::class; } }
class UsesT implements JsonSerializable { use T; }
trait T2 { public function other(): mixed { $GLOBALS['log'][] = 'T2'; return 't2'; } }
class Aliased implements JsonSerializable { use T2 { other as public jsonSerialize; } }

function show(string $label, callable $f): void {
    $GLOBALS['log'] = [];
    $f();
    echo "  calls: ", implode(',', $GLOBALS['log']), "\n";
}

$values = [
    'B' => new B,
    'C (inherits B::jsonSerialize)' => new C,
    'D (overrides it again)' => new D,
    'list' => [new B, new C, 'x' => new D, new UsesT, new Aliased],
];
foreach ($values as $name => $v) {
    echo "== $name\n";
    show('top', fn() => rj_enc('top', $v));
    show('A', fn() => (new A)->enc($v));
    show('A static', fn() => A::encStatic($v));
    show('B', fn() => (new B)->encB($v));
    show('Other', fn() => (new Other)->enc($v));
    show('closure bound to A', Closure::bind(fn() => out('closure in A', json_encode($v)), null, A::class));
    show('closure bound to Other', Closure::bind(fn() => out('closure in Other', json_encode($v)), null, Other::class));
    show('array_map in A', Closure::bind(fn() => out('array_map in A', array_map('json_encode', is_array($v) ? $v : [$v])[0] ?? ''), null, A::class));
}
echo "== trait, alias\n";
show('trait', fn() => rj_enc('trait', [new UsesT, new UsesT]));
show('alias', fn() => rj_enc('alias', new Aliased));
echo "== pretty, partial, throw\n";
show('pretty from A', fn() => (new A)->enc([[new B], ['k' => new C]], JSON_PRETTY_PRINT));
class P extends A { public function encFlags(mixed $v, int $f): void { out("from P flags $f", json_encode($v, $f)); } }
show('from a sibling subclass of A', fn() => (new P)->encFlags([new B, new C], JSON_PRETTY_PRINT));
class Boom extends A implements JsonSerializable { public function jsonSerialize(): mixed { $GLOBALS['log'][] = 'Boom::public'; throw new RuntimeException('public boom'); } }
show('throwing public one, from outside', function () { try { (new Other)->enc([new B, new Boom, new C]); } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), ' #', json_last_error(), "\n"; } });
show('throwing public one, in A\'s scope (the private one runs instead)', Closure::bind(function () {
    try { out('in A, throw|partial', json_encode([new B, new Boom, new C], JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR)); } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}, null, A::class));
?>
--EXPECT--
== B
top: "B-public" #0
  calls: B::public
from A: "A-private" #0
  calls: A::private
from A, static: "A-private" #0
  calls: A::private
from B: "B-public" #0
  calls: B::public
from Other: "B-public" #0
  calls: B::public
closure in A: "A-private" #0
  calls: A::private
closure in Other: "B-public" #0
  calls: B::public
array_map in A: "A-private" #0
  calls: A::private
== C (inherits B::jsonSerialize)
top: "B-public" #0
  calls: B::public
from A: "A-private" #0
  calls: A::private
from A, static: "A-private" #0
  calls: A::private
from B: "B-public" #0
  calls: B::public
from Other: "B-public" #0
  calls: B::public
closure in A: "A-private" #0
  calls: A::private
closure in Other: "B-public" #0
  calls: B::public
array_map in A: "A-private" #0
  calls: A::private
== D (overrides it again)
top: {"d":"B-public"} #0
  calls: D::public,B::public
from A: "A-private" #0
  calls: A::private
from A, static: "A-private" #0
  calls: A::private
from B: {"d":"B-public"} #0
  calls: D::public,B::public
from Other: {"d":"B-public"} #0
  calls: D::public,B::public
closure in A: "A-private" #0
  calls: A::private
closure in Other: {"d":"B-public"} #0
  calls: D::public,B::public
array_map in A: "A-private" #0
  calls: A::private
== list
top: {"0":"B-public","1":"B-public","x":{"d":"B-public"},"2":"t:UsesT","3":"t2"} #0
  calls: B::public,B::public,D::public,B::public,T,T2
from A: {"0":"A-private","1":"A-private","x":"A-private","2":"t:UsesT","3":"t2"} #0
  calls: A::private,A::private,A::private,T,T2
from A, static: {"0":"A-private","1":"A-private","x":"A-private","2":"t:UsesT","3":"t2"} #0
  calls: A::private,A::private,A::private,T,T2
from B: {"0":"B-public","1":"B-public","x":{"d":"B-public"},"2":"t:UsesT","3":"t2"} #0
  calls: B::public,B::public,D::public,B::public,T,T2
from Other: {"0":"B-public","1":"B-public","x":{"d":"B-public"},"2":"t:UsesT","3":"t2"} #0
  calls: B::public,B::public,D::public,B::public,T,T2
closure in A: {"0":"A-private","1":"A-private","x":"A-private","2":"t:UsesT","3":"t2"} #0
  calls: A::private,A::private,A::private,T,T2
closure in Other: {"0":"B-public","1":"B-public","x":{"d":"B-public"},"2":"t:UsesT","3":"t2"} #0
  calls: B::public,B::public,D::public,B::public,T,T2
array_map in A: "A-private" #0
  calls: A::private,A::private,A::private,T,T2
== trait, alias
trait: ["t:UsesT","t:UsesT"] #0
  calls: T,T
alias: "t2" #0
  calls: T2
== pretty, partial, throw
from A: [
    [
        "A-private"
    ],
    {
        "k": "A-private"
    }
] #0
  calls: A::private,A::private
from P flags 128: [
    "B-public",
    "B-public"
] #0
  calls: B::public,B::public
RuntimeException: public boom #0
  calls: B::public,Boom::public
in A, throw|partial: ["A-private","A-private","A-private"] #0
  calls: A::private,A::private,A::private
