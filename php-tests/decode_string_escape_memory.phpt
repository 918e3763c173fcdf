--TEST--
json_decode(): strings with escapes (decoded shorter than their JSON body) as the document, an element and a key give stock's value and peak and keep no more memory than stock's (stock allocates the decoded length exactly)
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $json, $assoc, $flags) {
    ini_set('rustjson.decode', $on);
    memory_reset_peak_usage();
    $p0 = memory_get_peak_usage();
    $m0 = memory_get_usage();
    $r = json_decode($json, $assoc, 512, $flags);
    $out = [serialize($r), json_last_error(), memory_get_peak_usage() - $p0, memory_get_usage() - $m0];
    unset($r);
    ini_set('rustjson.decode', '1');
    return $out;
}
$bad = 0;
$cases = 0;
$escapes = ['\n', '\u00e9', '\u20ac', '\ud83d\ude00', '\/', '\u0041'];
foreach ([1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 40, 63, 64, 65, 100, 127, 128, 200, 255, 256, 300,
          500, 512, 700, 1000, 1024, 1500, 2000, 2048, 2500, 3000, 3072, 3100, 4000, 4096, 5000, 30000, 250000] as $n) {
    foreach ($escapes as $e) {
        foreach ([1, 2, 8] as $every) {
            // About $n characters, every $every'th of them the escape (the
            // long ones only once, as the document: cheap under valgrind).
            if ($n > 5000 && $every > 1) {
                continue;
            }
            $s = str_repeat(substr('abcdefg', 0, $every - 1) . $e, intdiv($n, $every))
                . substr('xyzxyzxyz', 0, $n % $every);
            $forms = $n > 5000 ? ['"' . $s . '"'] : ['"' . $s . '"', '["' . $s . '"]', '{"' . $s . '":1}'];
            foreach ($forms as $json) {
                foreach ([[true, 0], [false, 0], [true, JSON_INVALID_UTF8_IGNORE]] as [$assoc, $flags]) {
                    $cases++;
                    [$r0, $e0, $p0, $k0] = measure('0', $json, $assoc, $flags);
                    [$r1, $e1, $p1, $k1] = measure('1', $json, $assoc, $flags);
                    if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0 || $k1 > $k0) {
                        $bad++;
                        if ($bad <= 20) {
                            echo "n=$n esc $e every $every ", substr($json, 0, 2), ' ', (int) $assoc, " $flags: stock ",
                                json_encode([$e0, $p0, $k0]), " rustjson ", json_encode([$e1, $p1, $k1]),
                                $r0 !== $r1 ? ' VALUE DIFFERS' : '', "\n";
                        }
                    }
                }
            }
        }
    }
}
echo "$cases cases, $bad over stock\n";
?>
--EXPECT--
6354 cases, 0 over stock
