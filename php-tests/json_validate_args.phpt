--TEST--
json_validate(): argument checks and their order (flags ValueError, empty string before depth checks, depth ValueErrors, ZPP errors, reflection) — rustjson provides json_validate() on PHP 8.2
--DESCRIPTION--
rustjson-specific: PHP 8.2 has no json_validate(); rustjson provides it with PHP 8.3 semantics.
The expectations are written by hand from ext-json-behaviour.md §8.1 (PHP 8.3 json.c), not produced by stock 8.2.
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
if (!function_exists('json_validate')) die("FAIL: json_validate() does not exist\n");

function t(string $label, callable $fn): void {
    json_decode('{');                                  // last error = 4 before every call
    try {
        $r = $fn();
        echo "$label: ", var_export($r, true);
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage();
    }
    echo ' #', json_last_error(), "\n";
}
set_error_handler(function ($no, $str) { echo "  [error $no] $str\n"; return true; });

echo "== flags: only 0 or JSON_INVALID_UTF8_IGNORE\n";
t('flags 0', fn() => json_validate('[1]', 512, 0));
t('flags IGNORE', fn() => json_validate('[1]', 512, JSON_INVALID_UTF8_IGNORE));
t('flags THROW', fn() => json_validate('[1]', 512, JSON_THROW_ON_ERROR));
t('flags SUBSTITUTE', fn() => json_validate('[1]', 512, JSON_INVALID_UTF8_SUBSTITUTE));
t('flags OBJECT_AS_ARRAY', fn() => json_validate('[1]', 512, JSON_OBJECT_AS_ARRAY));
t('flags BIGINT_AS_STRING', fn() => json_validate('[1]', 512, JSON_BIGINT_AS_STRING));
t('flags IGNORE|THROW', fn() => json_validate('[1]', 512, JSON_INVALID_UTF8_IGNORE | JSON_THROW_ON_ERROR));
t('flags -1', fn() => json_validate('[1]', 512, -1));
t('flags bad + invalid doc', fn() => json_validate('{', 512, JSON_THROW_ON_ERROR));
echo "== empty string: false/E4 before the depth checks\n";
t('"" depth 0', fn() => json_validate('', 0));
t('"" depth -1', fn() => json_validate('', -1));
t('"" depth huge', fn() => json_validate('', PHP_INT_MAX));
t('"" bad flags', fn() => json_validate('', 512, JSON_THROW_ON_ERROR));
echo "== depth range\n";
t('depth 0', fn() => json_validate('[]', 0));
t('depth -1', fn() => json_validate('1', -1));
t('depth PHP_INT_MIN', fn() => json_validate('1', PHP_INT_MIN));
t('depth 2147483647', fn() => json_validate('[[1]]', 2147483647));
t('depth 2147483648', fn() => json_validate('[[1]]', 2147483648));
t('depth PHP_INT_MAX', fn() => json_validate('1', PHP_INT_MAX));
t('depth 1', fn() => json_validate('1', 1));
echo "== never throws JsonException, only returns false\n";
t('invalid', fn() => json_validate('{"a":'));
t('invalid ignore', fn() => json_validate('[', 512, JSON_INVALID_UTF8_IGNORE));
echo "== parameter parsing\n";
t('null json', fn() => json_validate(null));
t('int json', fn() => json_validate(123));
t('float json', fn() => json_validate(1.5));
t('bool json', fn() => json_validate(true));
t('array json', fn() => json_validate([]));
t('object json', fn() => json_validate(new stdClass));
t('Stringable json', fn() => json_validate(new class { public function __toString(): string { return '[1]'; } }));
t('depth "2"', fn() => json_validate('[1]', "2"));
t('depth "x"', fn() => json_validate('[1]', "x"));
t('depth null', fn() => json_validate('[1]', null));
t('depth 2.5', fn() => json_validate('[1]', 2.5));
t('flags "0"', fn() => json_validate('[1]', 512, "0"));
t('flags null', fn() => json_validate('[1]', 512, null));
t('no args', fn() => json_validate());
t('4 args', fn() => json_validate('1', 1, 0, 1));
t('named json', fn() => json_validate(json: '[1]'));
t('named flags first', fn() => json_validate(flags: JSON_INVALID_UTF8_IGNORE, json: "\"\xff\""));
t('named depth', fn() => json_validate('[[1]]', depth: 2));
t('unknown named', fn() => json_validate('1', foo: 1));
t('missing json', fn() => json_validate(depth: 1));
t('call_user_func', fn() => call_user_func('json_validate', '[1]'));
t('first-class callable', fn() => (json_validate(...))('{}'));
echo "== reflection\n";
$rf = new ReflectionFunction('json_validate');
echo 'internal=', var_export($rf->isInternal(), true), ' params=', $rf->getNumberOfParameters(),
     ' required=', $rf->getNumberOfRequiredParameters(), ' return=', $rf->getReturnType(), "\n";
foreach ($rf->getParameters() as $p) {
    echo '  $', $p->getName(), ' type=', $p->getType(), ' optional=', var_export($p->isOptional(), true),
         $p->isDefaultValueAvailable() ? ' default=' . var_export($p->getDefaultValue(), true) : '', "\n";
}
?>
--EXPECT--
== flags: only 0 or JSON_INVALID_UTF8_IGNORE
flags 0: true #0
flags IGNORE: true #0
flags THROW: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
flags SUBSTITUTE: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
flags OBJECT_AS_ARRAY: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
flags BIGINT_AS_STRING: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
flags IGNORE|THROW: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
flags -1: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
flags bad + invalid doc: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
== empty string: false/E4 before the depth checks
"" depth 0: false #4
"" depth -1: false #4
"" depth huge: false #4
"" bad flags: ValueError: json_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE) #4
== depth range
depth 0: ValueError: json_validate(): Argument #2 ($depth) must be greater than 0 #0
depth -1: ValueError: json_validate(): Argument #2 ($depth) must be greater than 0 #0
depth PHP_INT_MIN: ValueError: json_validate(): Argument #2 ($depth) must be greater than 0 #0
depth 2147483647: true #0
depth 2147483648: ValueError: json_validate(): Argument #2 ($depth) must be less than 2147483647 #0
depth PHP_INT_MAX: ValueError: json_validate(): Argument #2 ($depth) must be less than 2147483647 #0
depth 1: true #0
== never throws JsonException, only returns false
invalid: false #4
invalid ignore: false #4
== parameter parsing
  [error 8192] json_validate(): Passing null to parameter #1 ($json) of type string is deprecated
null json: false #4
int json: true #0
float json: true #0
bool json: true #0
array json: TypeError: json_validate(): Argument #1 ($json) must be of type string, array given #4
object json: TypeError: json_validate(): Argument #1 ($json) must be of type string, stdClass given #4
Stringable json: true #0
depth "2": true #0
depth "x": TypeError: json_validate(): Argument #2 ($depth) must be of type int, string given #4
  [error 8192] json_validate(): Passing null to parameter #2 ($depth) of type int is deprecated
depth null: ValueError: json_validate(): Argument #2 ($depth) must be greater than 0 #0
  [error 8192] Implicit conversion from float 2.5 to int loses precision
depth 2.5: true #0
flags "0": true #0
  [error 8192] json_validate(): Passing null to parameter #3 ($flags) of type int is deprecated
flags null: true #0
no args: ArgumentCountError: json_validate() expects at least 1 argument, 0 given #4
4 args: ArgumentCountError: json_validate() expects at most 3 arguments, 4 given #4
named json: true #0
named flags first: true #0
named depth: false #1
unknown named: Error: Unknown named parameter $foo #4
missing json: ArgumentCountError: json_validate(): Argument #1 ($json) not passed #4
call_user_func: true #0
first-class callable: true #0
== reflection
internal=true params=3 required=1 return=bool
  $json type=string optional=false
  $depth type=int optional=true default=512
  $flags type=int optional=true default=0
