--TEST--
json_encode() of null, true, false and one-digit ints (rustjson returns PHP's interned strings): stock's text, and stock's error state after it, under every flag that matters, after a failing call too
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function run($on, $v, $flags) {
    ini_set('rustjson.enabled', $on);
    json_encode("\xff");                      // leaves error 5 behind
    try {
        $r = json_encode($v, $flags);
        $out = var_export($r, true);
    } catch (JsonException $e) {
        $out = 'exception ' . $e->getCode();
    }
    $out .= ' / ' . json_last_error() . ' ' . json_last_error_msg();
    ini_set('rustjson.enabled', '1');
    return $out;
}
$values = [null, true, false, -1, 10, 1.0, '5'];
for ($i = 0; $i <= 9; $i++) $values[] = $i;
$flagsets = [0, JSON_THROW_ON_ERROR, JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT | JSON_FORCE_OBJECT,
    JSON_NUMERIC_CHECK, JSON_PRESERVE_ZERO_FRACTION, JSON_PARTIAL_OUTPUT_ON_ERROR];
$n = 0; $bad = 0;
foreach ($values as $v) {
    foreach ($flagsets as $f) {
        $n++;
        $a = run('0', $v, $f);
        $b = run('1', $v, $f);
        if ($a !== $b) { $bad++; echo var_export($v, true), " flags $f: stock $a, rustjson $b\n"; }
    }
}
// The result is the same string, and behaves as one.
$t = json_encode(true);
$t .= "!";
var_dump($t, json_encode(null) . json_encode(false) . json_encode(7), strlen(json_encode(0)));
echo "$n cases, $bad differences\n";
?>
--EXPECT--
string(5) "true!"
string(10) "nullfalse7"
int(1)
119 cases, 0 differences
