--TEST--
rustjson: rustjson.enabled can be switched at runtime with ini_set(); both settings give identical results, error codes and side effects
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode). With rustjson.enabled=0 every call goes to stock ext/json.
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class Logged implements JsonSerializable {
    public static array $log = [];
    public function __construct(public string $n) {}
    public function jsonSerialize(): mixed { self::$log[] = $this->n; return ['n' => $this->n, 'f' => 1.0]; }
}
enum Pure { case P; }
$values = [
    'scalars' => [1, 1.5, -0.0, "s", null, true],
    'strings' => ["a/b", "<\u{e9}>&'\"", "\u{2028}", "\x01\x7f", "1e2"],
    'objects' => [(object)['a' => [1, 2]], new Logged('x'), new ArrayObject([1])],
    'nested' => ['k' => ['l' => [new Logged('y'), [], new stdClass]]],
    'bad utf8' => ["ok", "b\xffd", new Logged('after-bad')],
    'nan' => [NAN, new Logged('after-nan')],
    'pure enum' => [Pure::P],
];
$flagsets = [0, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE,
             JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION, JSON_THROW_ON_ERROR, JSON_FORCE_OBJECT | JSON_UNESCAPED_SLASHES];

function run(mixed $v, int $f): array {
    Logged::$log = [];
    json_decode('[');                                  // error 4 before the call (visible under THROW)
    try {
        $r = json_encode($v, $f);
    } catch (JsonException $e) {
        $r = 'JsonException ' . $e->getCode() . ' ' . $e->getMessage();
    }
    return [$r, json_last_error(), json_last_error_msg(), implode(',', Logged::$log)];
}

var_dump(ini_get('rustjson.enabled'));
$diff = 0;
$n = 0;
foreach ($values as $label => $v) {
    foreach ($flagsets as $f) {
        ini_set('rustjson.enabled', '1');
        $on = run($v, $f);
        ini_set('rustjson.enabled', '0');
        $off = run($v, $f);
        $n++;
        if ($on !== $off) {
            $diff++;
            echo "DIFFERENT: $label flags $f\n  on:  ", rj_str(var_export($on, true)), "\n  off: ", rj_str(var_export($off, true)), "\n";
        }
    }
}
echo "$n comparisons, $diff different\n";

echo "== ini_set / ini_get / ini_restore\n";
ini_restore('rustjson.enabled');
var_dump(ini_get('rustjson.enabled'));
var_dump(ini_set('rustjson.enabled', '0'));
var_dump(ini_get('rustjson.enabled'));
var_dump(json_encode(['x' => 1.0], JSON_PRESERVE_ZERO_FRACTION));
var_dump(ini_set('rustjson.enabled', '1'));
var_dump(json_encode(['x' => 1.0], JSON_PRESERVE_ZERO_FRACTION));
ini_set('rustjson.enabled', '0');
ini_restore('rustjson.enabled');
var_dump(ini_get('rustjson.enabled'));

echo "== the error state is shared across the switch\n";
ini_set('rustjson.enabled', '0');
json_encode(NAN);
ini_set('rustjson.enabled', '1');
var_dump(json_last_error());
json_encode("\xff");
ini_set('rustjson.enabled', '0');
var_dump(json_last_error());
json_encode(NAN, JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR);
ini_set('rustjson.enabled', '1');
var_dump(json_last_error());
try { json_encode([1, "\xfe"], JSON_THROW_ON_ERROR); } catch (JsonException $e) { echo $e->getMessage(), "\n"; }
var_dump(json_last_error());

echo "== switching inside jsonSerialize (nested call uses the other implementation)\n";
class Switcher implements JsonSerializable {
    public function jsonSerialize(): mixed {
        $old = ini_set('rustjson.enabled', ini_get('rustjson.enabled') === '1' ? '0' : '1');
        $inner = json_encode(['inner' => [1, 2]], JSON_PRETTY_PRINT);
        ini_set('rustjson.enabled', $old);
        return ['inner' => $inner, 'after' => 'x/y'];
    }
}
foreach (['1', '0'] as $start) {
    ini_set('rustjson.enabled', $start);
    var_dump(json_encode(['s' => new Switcher, 'tail' => [1.5]], JSON_PRETTY_PRINT));
}
ini_set('rustjson.enabled', '1');
?>
--EXPECT--
string(1) "1"
49 comparisons, 0 different
== ini_set / ini_get / ini_restore
string(1) "1"
string(1) "1"
string(1) "0"
string(9) "{"x":1.0}"
string(1) "0"
string(9) "{"x":1.0}"
string(1) "1"
== the error state is shared across the switch
int(7)
int(5)
int(7)
Malformed UTF-8 characters, possibly incorrectly encoded
int(7)
== switching inside jsonSerialize (nested call uses the other implementation)
string(150) "{
    "s": {
        "inner": "{\n    \"inner\": [\n        1,\n        2\n    ]\n}",
        "after": "x\/y"
    },
    "tail": [
        1.5
    ]
}"
string(150) "{
    "s": {
        "inner": "{\n    \"inner\": [\n        1,\n        2\n    ]\n}",
        "after": "x\/y"
    },
    "tail": [
        1.5
    ]
}"
