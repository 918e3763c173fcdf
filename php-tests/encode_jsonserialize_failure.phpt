--TEST--
json_encode(): every userland way jsonSerialize() can fail to return a value, up to "Failed calling X::jsonSerialize()" (executor shutdown, EG(active) = 0)
--DESCRIPTION--
php_json_encode_serializable_object() (8.2-8.4) throws Exception("Failed calling X::jsonSerialize()")
only when call_user_function() fails or leaves the result UNDEF while no exception is pending.
zend_call_function() returns FAILURE only when the executor is inactive (!EG(active)); every other
way out (exception, Error, exit(), #[\Deprecated] with a throwing handler, an exception already
pending) leaves an exception behind, and fatal errors (memory_limit, max_execution_time) bail out.
EG(active) = 0 is set by zend_shutdown_executor_values() after the resource list is closed. User
code still runs after that when a generator with a pending finally is destroyed there, which
needs a non-fast shutdown (USE_ZEND_ALLOC=0, as under valgrind) and a generator created after the
destructors ran (here: by an output handler). PHP 8.5 calls jsonSerialize() through
zend_call_known_function(): the same situation is an E_CORE_ERROR "Couldn't execute method
JS::jsonSerialize" there (this test's 8.5 oracle is 8.5's own stock output, see phpt.sh).
Also shown: the routes that work as usual at shutdown (shutdown function, __destruct, output
handler, user stream close) and the other failure routes during the script.
--ENV--
USE_ZEND_ALLOC=0
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class JS implements JsonSerializable {
    public static array $log = [];
    public function __construct(public string $name = 'js') {}
    public function jsonSerialize(): mixed { self::$log[] = $this->name; return $this->name; }
}
/* "label: returned <result>" or "label: Class(code): message <- previous ...", then the error code and
 * the jsonSerialize() calls. No rj_res() (preg_match): ext/pcre is already shut down when the stream
 * and the generator at the end run, and stock PHP crashes in preg_match() there. */
function show(string $label, callable $f): void {
    JS::$log = [];
    json_decode('[');                               // last error = 4
    try {
        $r = $f();
        echo "$label: returned ", is_string($r) ? $r : var_export($r, true);
    } catch (Throwable $e) {
        echo "$label: ";
        for ($x = $e, $sep = ''; $x; $x = $x->getPrevious(), $sep = ' <- ') {
            echo $sep, get_class($x), '(', $x->getCode(), '): ', $x->getMessage();
        }
    }
    echo ' #', json_last_error(), ' calls=', implode(',', JS::$log), "\n";
}

echo "== exception already pending (partial output goes on after a throwing jsonSerialize())\n";
class Boom implements JsonSerializable {
    public function jsonSerialize(): mixed { JS::$log[] = 'boom'; throw new RuntimeException('boom', 3, new LogicException('inner')); }
}
show('pending', fn() => json_encode([new JS('a'), new Boom, new JS('b'), new Boom], JSON_PARTIAL_OUTPUT_ON_ERROR));

echo "== #[\\Deprecated] jsonSerialize() (8.4+ emits E_USER_DEPRECATED before the call)\n";
class DepJS implements JsonSerializable {
    #[\Deprecated]
    public function jsonSerialize(): mixed { JS::$log[] = 'dep'; return 'dep'; }
}
set_error_handler(function ($no, $str) { throw new ErrorException($str, 0, $no); });
show('deprecated, throwing handler', fn() => json_encode([new JS('a'), new DepJS, new JS('b')]));
show('deprecated, throwing handler, partial', fn() => json_encode([new JS('a'), new DepJS, new JS('b')], JSON_PARTIAL_OUTPUT_ON_ERROR));
restore_error_handler();
set_error_handler(function ($no, $str) { echo "[handler: $str] "; return true; });
show('deprecated, quiet handler', fn() => json_encode([new DepJS]));
restore_error_handler();

echo "== warning inside jsonSerialize()\n";
class WarnJS implements JsonSerializable {
    public function jsonSerialize(): mixed { JS::$log[] = 'warn'; $a = []; return $a['missing']; }
}
set_error_handler(function ($no, $str) { throw new ErrorException($str, 0, $no); });
show('warning -> ErrorException', fn() => json_encode([new WarnJS, new JS('after')]));
restore_error_handler();
set_error_handler(function ($no, $str) { echo "[handler: $str] "; return true; });
show('warning handled', fn() => json_encode([new WarnJS, new JS('after')]));
restore_error_handler();

echo "== odd jsonSerialize() shapes\n";
class GenJS implements JsonSerializable {
    public function jsonSerialize(): mixed { JS::$log[] = 'never'; yield 1; }
}
show('generator', fn() => json_encode([new GenJS]));
class RefJS implements JsonSerializable {
    public array $data = ['r' => 1];
    public function &jsonSerialize(): mixed { JS::$log[] = 'ref'; return $this->data; }
}
show('by reference', fn() => json_encode([new RefJS, new RefJS]));
class NoRetJS implements JsonSerializable {
    #[\ReturnTypeWillChange]
    public function jsonSerialize() { JS::$log[] = 'noret'; }
}
show('no return', fn() => json_encode([new NoRetJS]));
class TypeJS implements JsonSerializable {
    public function jsonSerialize(): int { JS::$log[] = 'type'; return 'x'; }
}
show('return type violation', fn() => json_encode([new TypeJS, new JS('after')]));
class Thrower { public function __destruct() { throw new LogicException('dtor'); } }
class DtorJS implements JsonSerializable {
    public function jsonSerialize(): mixed { JS::$log[] = 'dtor-after-return'; $t = new Thrower; return ['v' => str_repeat('x', 3)]; }
}
show('exception after the return value is set', fn() => json_encode([new DtorJS, new JS('after')]));
show('exception after the return value is set, partial', fn() => json_encode([new DtorJS, new JS('after')], JSON_PARTIAL_OUTPUT_ON_ERROR));
enum Suit: string implements JsonSerializable {
    case H = 'h';
    public function jsonSerialize(): mixed { JS::$log[] = 'enum'; return 'E' . $this->value; }
}
enum Pure implements JsonSerializable {
    case P;
    public function jsonSerialize(): mixed { JS::$log[] = 'pure'; throw new DomainException('pure enum'); }
}
enum Plain: int { case One = 1; }
show('backed enum', fn() => json_encode([Suit::H]));
show('pure enum throws', fn() => json_encode([Suit::H, Pure::P, new JS('after')]));

echo "== at shutdown\n";
register_shutdown_function(function () {
    echo "shutdown function: last error #", json_last_error(), "\n";
    show('shutdown function', fn() => json_encode([new JS('sf')]));
});
class Dtor { public function __destruct() { show('__destruct at shutdown', fn() => json_encode([new JS('dtor')])); } }
$dtor = new Dtor;
class W {
    public $context;
    public function stream_open($path, $mode, $options, &$opened) { return true; }
    public function stream_write($d) { return strlen($d); }
    public function stream_close() { show('user stream close at shutdown', fn() => json_encode([new JS('close')])); }
}
stream_wrapper_register('rjw', 'W');
$stream = fopen('rjw://x', 'w');
/* Destroyed in zend_shutdown_executor_values() after EG(active) = 0: its finally block runs there. */
function late() {
    try {
        yield 1;
    } finally {
        echo "executor shutdown (EG(active) = 0):\n";
        show('plain', fn() => json_encode([1, 'a' => (object)['b' => 2.5], Plain::One]));
        show('top', fn() => json_encode(new JS('t')));
        show('list', fn() => json_encode([1, new JS('l1'), new JS('l2')]));
        show('list partial', fn() => json_encode([1, new JS('p1'), 2, new JS('p2')], JSON_PARTIAL_OUTPUT_ON_ERROR));
        show('throw', fn() => json_encode(new JS('th'), JSON_THROW_ON_ERROR));
        show('throw|partial', fn() => json_encode([new JS('tp')], JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR));
        show('after NAN', fn() => json_encode([NAN, new JS('n')]));
        show('after NAN, throw', fn() => json_encode([NAN, new JS('n')], JSON_THROW_ON_ERROR));
        show('before bad UTF-8, partial', fn() => json_encode([new JS('u'), "\xff"], JSON_PARTIAL_OUTPUT_ON_ERROR));
        show('nested in object', fn() => json_encode((object)['a' => ['b' => new JS('deep')]]));
        show('enum', fn() => json_encode([Suit::H]));
        echo "uncaught:\n";
        json_encode([new JS('uncaught')]);
        echo "not reached\n";
    }
}
ob_start(function (string $buf): string {
    $g = late();
    $g->current();
    $GLOBALS['late'] = $g;
    JS::$log = [];
    return $buf . 'output handler at shutdown: ' . json_encode([new JS('ob')]) . ' calls=' . implode(',', JS::$log) . "\n";
});
class ExitJS implements JsonSerializable {
    public function jsonSerialize(): mixed { JS::$log[] = 'exit'; echo "exit() inside jsonSerialize()\n"; exit(); }
}
json_decode('[');
try {
    json_encode([new ExitJS, new JS('never')]);
} finally {
    echo "not reached: finally\n";
}
echo "not reached\n";
?>
--EXPECT--
== exception already pending (partial output goes on after a throwing jsonSerialize())
pending: RuntimeException(3): boom <- LogicException(0): inner #0 calls=a,boom
== #[\Deprecated] jsonSerialize() (8.4+ emits E_USER_DEPRECATED before the call)
deprecated, throwing handler: returned ["a","dep","b"] #0 calls=a,dep,b
deprecated, throwing handler, partial: returned ["a","dep","b"] #0 calls=a,dep,b
deprecated, quiet handler: returned ["dep"] #0 calls=dep
== warning inside jsonSerialize()
warning -> ErrorException: ErrorException(0): Undefined array key "missing" #0 calls=warn
[handler: Undefined array key "missing"] warning handled: returned [null,"after"] #0 calls=warn,after
== odd jsonSerialize() shapes
generator: returned [{}] #0 calls=
by reference: returned [{"r":1},{"r":1}] #0 calls=ref,ref
no return: returned [null] #0 calls=noret
return type violation: TypeError(0): TypeJS::jsonSerialize(): Return value must be of type int, string returned #0 calls=type
exception after the return value is set: LogicException(0): dtor #0 calls=dtor-after-return
exception after the return value is set, partial: LogicException(0): dtor #0 calls=dtor-after-return
backed enum: returned ["Eh"] #0 calls=enum
pure enum throws: DomainException(0): pure enum #0 calls=enum,pure
== at shutdown
exit() inside jsonSerialize()
shutdown function: last error #0
shutdown function: returned ["sf"] #0 calls=sf
__destruct at shutdown: returned ["dtor"] #0 calls=dtor
output handler at shutdown: ["ob"] calls=ob
user stream close at shutdown: returned ["close"] #0 calls=close
executor shutdown (EG(active) = 0):
plain: returned {"0":1,"a":{"b":2.5},"1":1} #0 calls=
top: Exception(0): Failed calling JS::jsonSerialize() #0 calls=
list: Exception(0): Failed calling JS::jsonSerialize() #0 calls=
list partial: Exception(0): Failed calling JS::jsonSerialize() #0 calls=
throw: Exception(0): Failed calling JS::jsonSerialize() #4 calls=
throw|partial: Exception(0): Failed calling JS::jsonSerialize() #0 calls=
after NAN: Exception(0): Failed calling JS::jsonSerialize() #7 calls=
after NAN, throw: JsonException(7): Inf and NaN cannot be JSON encoded <- Exception(0): Failed calling JS::jsonSerialize() #4 calls=
before bad UTF-8, partial: Exception(0): Failed calling JS::jsonSerialize() #5 calls=
nested in object: Exception(0): Failed calling JS::jsonSerialize() #0 calls=
enum: Exception(0): Failed calling Suit::jsonSerialize() #0 calls=
uncaught:

Fatal error: Couldn't execute method Exception::__toString in Unknown on line 0
