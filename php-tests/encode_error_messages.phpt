--TEST--
json_encode(): json_last_error() / json_last_error_msg() after every kind of encode error, and after success
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

enum Pure { case X; }
enum Backed: string { case Y = 'y'; }
$res = fopen('php://memory', 'r');
fclose($res);
$o = new stdClass;
$o->self = $o;
$cases = [
    'ok' => [[1], 0, 512],
    'depth' => [[[1]], 0, 1],
    'utf8' => ["\xc3", 0, 512],
    'recursion' => [$o, 0, 512],
    'inf' => [-INF, 0, 512],
    'closed resource' => [$res, 0, 512],
    'pure enum' => [Pure::X, 0, 512],
    'backed enum' => [Backed::Y, 0, 512],
];
foreach ($cases as $label => [$v, $f, $d]) {
    $r = json_encode($v, $f, $d);
    echo str_pad($label, 16), ' ', var_export($r, true), ' ', json_last_error(), ' ', json_last_error_msg(), "\n";
    $r = json_encode($v, $f | JSON_PARTIAL_OUTPUT_ON_ERROR, $d);
    echo str_pad("  partial", 16), ' ', var_export($r, true), ' ', json_last_error(), ' ', json_last_error_msg(), "\n";
}
echo "== constants\n";
foreach (['JSON_ERROR_NONE', 'JSON_ERROR_DEPTH', 'JSON_ERROR_STATE_MISMATCH', 'JSON_ERROR_CTRL_CHAR', 'JSON_ERROR_SYNTAX',
          'JSON_ERROR_UTF8', 'JSON_ERROR_RECURSION', 'JSON_ERROR_INF_OR_NAN', 'JSON_ERROR_UNSUPPORTED_TYPE',
          'JSON_ERROR_INVALID_PROPERTY_NAME', 'JSON_ERROR_UTF16', 'JSON_ERROR_NON_BACKED_ENUM',
          'JSON_HEX_TAG', 'JSON_HEX_AMP', 'JSON_HEX_APOS', 'JSON_HEX_QUOT', 'JSON_FORCE_OBJECT', 'JSON_NUMERIC_CHECK',
          'JSON_UNESCAPED_SLASHES', 'JSON_PRETTY_PRINT', 'JSON_UNESCAPED_UNICODE', 'JSON_PARTIAL_OUTPUT_ON_ERROR',
          'JSON_PRESERVE_ZERO_FRACTION', 'JSON_UNESCAPED_LINE_TERMINATORS', 'JSON_OBJECT_AS_ARRAY', 'JSON_BIGINT_AS_STRING',
          'JSON_INVALID_UTF8_IGNORE', 'JSON_INVALID_UTF8_SUBSTITUTE', 'JSON_THROW_ON_ERROR'] as $c) {
    echo $c, '=', constant($c), "\n";
}
echo "== json_last_error* take no arguments\n";
try { json_last_error(1); } catch (ArgumentCountError $e) { echo $e->getMessage(), "\n"; }
try { json_last_error_msg(1); } catch (ArgumentCountError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECT--
ok               '[1]' 0 No error
  partial        '[1]' 0 No error
depth            false 1 Maximum stack depth exceeded
  partial        '[[1]]' 1 Maximum stack depth exceeded
utf8             false 5 Malformed UTF-8 characters, possibly incorrectly encoded
  partial        'null' 5 Malformed UTF-8 characters, possibly incorrectly encoded
recursion        false 6 Recursion detected
  partial        '{"self":null}' 6 Recursion detected
inf              false 7 Inf and NaN cannot be JSON encoded
  partial        '0' 7 Inf and NaN cannot be JSON encoded
closed resource  false 8 Type is not supported
  partial        'null' 8 Type is not supported
pure enum        false 11 Non-backed enums have no default serialization
  partial        '0' 11 Non-backed enums have no default serialization
backed enum      '"y"' 0 No error
  partial        '"y"' 0 No error
== constants
JSON_ERROR_NONE=0
JSON_ERROR_DEPTH=1
JSON_ERROR_STATE_MISMATCH=2
JSON_ERROR_CTRL_CHAR=3
JSON_ERROR_SYNTAX=4
JSON_ERROR_UTF8=5
JSON_ERROR_RECURSION=6
JSON_ERROR_INF_OR_NAN=7
JSON_ERROR_UNSUPPORTED_TYPE=8
JSON_ERROR_INVALID_PROPERTY_NAME=9
JSON_ERROR_UTF16=10
JSON_ERROR_NON_BACKED_ENUM=11
JSON_HEX_TAG=1
JSON_HEX_AMP=2
JSON_HEX_APOS=4
JSON_HEX_QUOT=8
JSON_FORCE_OBJECT=16
JSON_NUMERIC_CHECK=32
JSON_UNESCAPED_SLASHES=64
JSON_PRETTY_PRINT=128
JSON_UNESCAPED_UNICODE=256
JSON_PARTIAL_OUTPUT_ON_ERROR=512
JSON_PRESERVE_ZERO_FRACTION=1024
JSON_UNESCAPED_LINE_TERMINATORS=2048
JSON_OBJECT_AS_ARRAY=1
JSON_BIGINT_AS_STRING=2
JSON_INVALID_UTF8_IGNORE=1048576
JSON_INVALID_UTF8_SUBSTITUTE=2097152
JSON_THROW_ON_ERROR=4194304
== json_last_error* take no arguments
json_last_error() expects exactly 0 arguments, 1 given
json_last_error_msg() expects exactly 0 arguments, 1 given
