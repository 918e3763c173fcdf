--TEST--
json_encode(): small outputs (rustjson writes them on the stack, then allocates once) give stock's result and error, and peak and keep no more memory than stock's, on success and on failure
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $v, $flags) {
    ini_set('rustjson.enabled', $on);
    memory_reset_peak_usage();
    $p0 = memory_get_peak_usage();
    $m0 = memory_get_usage();
    $r = json_encode($v, $flags);
    $out = [$r, json_last_error(), memory_get_peak_usage() - $p0, memory_get_usage() - $m0];
    ini_set('rustjson.enabled', '1');
    return $out;
}
// Outputs around stock's first block (231 bytes) and a page; failing ones
// stop there.
$bad = 0;
$cases = 0;
foreach ([0, 100, 200, 205, 210, 215, 220, 225, 230, 300, 500, 511, 512, 1000, 4000, 4085, 4090, 4100] as $n) {
    foreach ([[str_repeat('y', $n), 'ok'], [str_repeat('y', $n), "x\xff"], [str_repeat('y', $n), NAN],
        ['k' => str_repeat('y', $n), 'o' => (object)['a' => "x\xff"]], [str_repeat('é', $n >> 1)]] as $i => $v) {
        foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE] as $f) {
            $cases++;
            [$r0, $e0, $p0, $k0] = measure('0', $v, $f);
            [$r1, $e1, $p1, $k1] = measure('1', $v, $f);
            if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0 || $k1 > $k0) {
                $bad++;
                echo "n=$n case $i flags $f: stock ", var_export([$e0, $p0, $k0], true), " rustjson ", var_export([$e1, $p1, $k1], true), "\n";
            }
        }
    }
}
echo "$cases cases, $bad over stock\n";
?>
--EXPECT--
270 cases, 0 over stock
