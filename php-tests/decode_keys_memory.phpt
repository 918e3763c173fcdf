--TEST--
json_decode(): objects with many keys (int-like keys in assoc mode, which stock frees at each member; distinct string keys; repeated keys) give stock's value and peak and keep no more memory than stock's
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $json, $assoc) {
    ini_set('rustjson.decode', $on);
    memory_reset_peak_usage();
    $p0 = memory_get_peak_usage();
    $m0 = memory_get_usage();
    $r = json_decode($json, $assoc);
    $out = [serialize($r), json_last_error(), memory_get_peak_usage() - $p0, memory_get_usage() - $m0];
    unset($r);
    ini_set('rustjson.decode', '1');
    return $out;
}
$bad = 0;
$cases = 0;
foreach ([1, 5, 8, 9, 17, 50, 64, 65, 300, 1000, 5000] as $n) {
    $docs = [];
    foreach (['', '-', 'k', '0', '1e'] as $prefix) {
        $m = [];
        for ($i = 0; $i < $n; $i++) {
            $m[] = '"' . $prefix . (1000000 + $i * 7) . '":' . $i;
        }
        $docs[] = '{' . implode(',', $m) . '}';
        // Int-like keys after string keys, and inside a list of objects.
        $docs[] = '{"a":1,"b":[2],' . implode(',', $m) . '}';
        $docs[] = '[' . implode(',', array_fill(0, 3, '{' . implode(',', $m) . '}')) . ']';
    }
    // Keys 0..n-1 in order (a packed table for stock in assoc mode), and reversed.
    $docs[] = '{' . implode(',', array_map(fn($i) => "\"$i\":$i", range(0, $n - 1))) . '}';
    $docs[] = '{' . implode(',', array_map(fn($i) => "\"$i\":$i", range($n - 1, 0, -1))) . '}';
    foreach ($docs as $d => $json) {
        foreach ([true, false] as $assoc) {
            $cases++;
            [$r0, $e0, $p0, $k0] = measure('0', $json, $assoc);
            [$r1, $e1, $p1, $k1] = measure('1', $json, $assoc);
            if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0 || $k1 > $k0) {
                $bad++;
                echo "n=$n doc $d ", (int) $assoc, ": stock ", json_encode([$e0, $p0, $k0]), " rustjson ",
                    json_encode([$e1, $p1, $k1]), $r0 !== $r1 ? ' VALUE DIFFERS' : '', "\n";
            }
        }
    }
}
echo "$cases cases, $bad over stock\n";
?>
--EXPECT--
374 cases, 0 over stock
