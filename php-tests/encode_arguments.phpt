--TEST--
json_encode(): argument handling (coercion, null deprecation, TypeError/ArgumentCountError, named args, callables, flag truncation, reflection)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

function t(string $label, callable $fn): void {
    try {
        $r = $fn();
        echo "$label: ", rj_res($r), ' #', json_last_error(), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
set_error_handler(function ($no, $str) { echo "  [error $no] $str\n"; return true; });

$v = ['a/b' => [1, 2]];
echo "== flags and depth coercion\n";
t('flags "64"', fn() => json_encode($v, "64"));
t('flags " 64"', fn() => json_encode($v, " 64"));
t('flags "64 "', fn() => json_encode($v, "64 "));
t('flags "64abc"', fn() => json_encode($v, "64abc"));
t('flags "abc"', fn() => json_encode($v, "abc"));
t('flags ""', fn() => json_encode($v, ""));
t('flags "1e1"', fn() => json_encode($v, "1e1"));
t('flags 64.0', fn() => json_encode($v, 64.0));
t('flags 64.5', fn() => json_encode($v, 64.5));
t('flags "64.5"', fn() => json_encode($v, "64.5"));
t('flags true', fn() => json_encode("<", true));
t('flags false', fn() => json_encode("<", false));
t('flags null', fn() => json_encode($v, null));
t('flags []', fn() => json_encode($v, []));
t('flags object', fn() => json_encode($v, new stdClass));
t('flags 1e20', fn() => json_encode($v, 1e20));
t('flags NAN', fn() => json_encode($v, NAN));
t('depth "1"', fn() => json_encode($v, 0, "1"));
t('depth "2"', fn() => json_encode($v, 0, "2"));
t('depth null', fn() => json_encode($v, 0, null));
t('depth 2.0', fn() => json_encode($v, 0, 2.0));
t('depth 2.5', fn() => json_encode($v, 0, 2.5));
t('depth "x"', fn() => json_encode($v, 0, "x"));
t('depth true', fn() => json_encode([], 0, true));
echo "== flag bits above 31 are dropped, unknown bits ignored\n";
t('PRETTY | 1<<32', fn() => json_encode([1], JSON_PRETTY_PRINT | (1 << 32)));
t('1<<32 only', fn() => json_encode("/", 1 << 32));
t('1<<40 | SLASHES', fn() => json_encode("/", (1 << 40) | JSON_UNESCAPED_SLASHES));
t('unknown bits', fn() => json_encode("/", (1 << 23) | (1 << 30) | 4096 | 8192));
t('flags -1', fn() => json_encode(["a/\u{e9}\xff" => [1.0, NAN, "12"]], -1));
t('flags PHP_INT_MIN', fn() => json_encode("/", PHP_INT_MIN));
echo "== argument count\n";
t('no args', fn() => json_encode());
t('4 args', fn() => json_encode(1, 0, 512, 4));
echo "== named arguments\n";
t('value:', fn() => json_encode(value: [1]));
t('flags: first', fn() => json_encode(flags: JSON_FORCE_OBJECT, value: [1]));
t('depth: only', fn() => json_encode(value: [[1]], depth: 1));
t('skip flags', fn() => json_encode([[1]], depth: 2));
t('unknown named', fn() => json_encode([1], foo: 1));
t('dup named', fn() => json_encode([1], value: 2));
t('missing value', fn() => json_encode(flags: 1));
echo "== indirect calls\n";
t('call_user_func', fn() => call_user_func('json_encode', [1, 2], JSON_PRETTY_PRINT));
t('call_user_func_array named', fn() => call_user_func_array('json_encode', ['value' => ['x' => 1], 'flags' => JSON_PRETTY_PRINT]));
t('array_map', fn() => implode('|', array_map('json_encode', [1, "a", [2]])));
t('first-class callable', fn() => (json_encode(...))(['fc' => true]));
t('spread', fn() => json_encode(...[[1], JSON_FORCE_OBJECT]));
t('string callable', function () { $f = 'json_encode'; return $f("s"); });
t('Reflection invoke', fn() => (new ReflectionFunction('json_encode'))->invoke([1], JSON_FORCE_OBJECT));
t('Reflection invokeArgs', fn() => (new ReflectionFunction('json_encode'))->invokeArgs(['value' => 1]));
echo "== reflection\n";
$rf = new ReflectionFunction('json_encode');
echo 'internal=', var_export($rf->isInternal(), true), ' ext=', $rf->getExtensionName(),
     ' params=', $rf->getNumberOfParameters(), ' required=', $rf->getNumberOfRequiredParameters(),
     ' return=', $rf->getReturnType(), "\n";
foreach ($rf->getParameters() as $p) {
    echo '  $', $p->getName(), ' type=', $p->getType(), ' optional=', var_export($p->isOptional(), true),
         $p->isDefaultValueAvailable() ? ' default=' . var_export($p->getDefaultValue(), true) : '', "\n";
}
var_dump(in_array('json_encode', get_extension_funcs('json'), true));
var_dump(function_exists('json_encode'), is_callable('json_encode'));
?>
--EXPECT--
== flags and depth coercion
flags "64": {"a/b":[1,2]} #0
flags " 64": {"a/b":[1,2]} #0
flags "64 ": {"a/b":[1,2]} #0
flags "64abc": TypeError: json_encode(): Argument #2 ($flags) must be of type int, string given
flags "abc": TypeError: json_encode(): Argument #2 ($flags) must be of type int, string given
flags "": TypeError: json_encode(): Argument #2 ($flags) must be of type int, string given
flags "1e1": {"a\/b":[1,2]} #0
flags 64.0: {"a/b":[1,2]} #0
  [error 8192] Implicit conversion from float 64.5 to int loses precision
flags 64.5: {"a/b":[1,2]} #0
  [error 8192] Implicit conversion from float-string "64.5" to int loses precision
flags "64.5": {"a/b":[1,2]} #0
flags true: "\u003C" #0
flags false: "<" #0
  [error 8192] json_encode(): Passing null to parameter #2 ($flags) of type int is deprecated
flags null: {"a\/b":[1,2]} #0
flags []: TypeError: json_encode(): Argument #2 ($flags) must be of type int, array given
flags object: TypeError: json_encode(): Argument #2 ($flags) must be of type int, stdClass given
flags 1e20: TypeError: json_encode(): Argument #2 ($flags) must be of type int, float given
flags NAN: TypeError: json_encode(): Argument #2 ($flags) must be of type int, float given
depth "1": false #1
depth "2": {"a\/b":[1,2]} #0
  [error 8192] json_encode(): Passing null to parameter #3 ($depth) of type int is deprecated
depth null: false #1
depth 2.0: {"a\/b":[1,2]} #0
  [error 8192] Implicit conversion from float 2.5 to int loses precision
depth 2.5: {"a\/b":[1,2]} #0
depth "x": TypeError: json_encode(): Argument #3 ($depth) must be of type int, string given
depth true: [] #0
== flag bits above 31 are dropped, unknown bits ignored
PRETTY | 1<<32: [
    1
] #0
1<<32 only: "\/" #0
1<<40 | SLASHES: "/" #0
unknown bits: "\/" #0
flags -1: u:{
    "a/é": {
        "0": 1.0,
        "1": 0,
        "2": 12
    }
} #7
flags PHP_INT_MIN: "\/" #0
== argument count
no args: ArgumentCountError: json_encode() expects at least 1 argument, 0 given
4 args: ArgumentCountError: json_encode() expects at most 3 arguments, 4 given
== named arguments
value:: [1] #0
flags: first: {"0":1} #0
depth: only: false #1
skip flags: [[1]] #0
unknown named: Error: Unknown named parameter $foo
dup named: Error: Named parameter $value overwrites previous argument
missing value: ArgumentCountError: json_encode(): Argument #1 ($value) not passed
== indirect calls
call_user_func: [
    1,
    2
] #0
call_user_func_array named: {
    "x": 1
} #0
array_map: 1|"a"|[2] #0
first-class callable: {"fc":true} #0
spread: {"0":1} #0
string callable: "s" #0
Reflection invoke: {"0":1} #0
Reflection invokeArgs: 1 #0
== reflection
internal=true ext=json params=3 required=1 return=string|false
  $value type=mixed optional=false
  $flags type=int optional=true default=0
  $depth type=int optional=true default=512
bool(true)
bool(true)
bool(true)
