--TEST--
json_decode(): long strings with invalid UTF-8 under JSON_INVALID_UTF8_SUBSTITUTE (longer than their body: each bad byte becomes U+FFFD) and IGNORE, with and without escapes, as the document, an element and a key: stock's values and errors, and a peak within the decoded strings' size (stock allocates each string at its decoded length)
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks (and is slow under valgrind)'); ?>
--FILE--
<?php
$h = hash_init('md5');
$cases = 0;
$over = 0;
foreach ([1400, 1366, 2000, 4000, 4097, 5000, 8192, 20000, 65536, 300000, 1 << 20] as $size) {
    foreach ([2, 50, 0] as $every) {
        foreach (['abcdefgh', 'ab\n\u00e9c\ud83d\ude00'] as $unit) {
            $s = '';
            $i = 0;
            while (strlen($s) < $size) {
                $s .= $unit;
                $i++;
                if ($every && $i % $every === 0) {
                    $s .= "\xff";
                }
                if ($every && $i % (3 * $every) === 0) {
                    $s .= "\xe2\x82";   // a cut sequence: two bad bytes
                }
            }
            if (!$every) {
                $s = substr($s, 0, intdiv($size, 2)) . "\xc3" . substr($s, intdiv($size, 2));
            }
            // A bad escape at the end: an error after the substitutions.
            $forms = ["\"$s\"", "[1,\"$s\"]", "{\"$s\":1}", "[\"$s\\x\"]"];
            foreach ($forms as $json) {
                foreach ([JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE] as $flags) {
                    foreach ([true, false] as $assoc) {
                        $cases++;
                        memory_reset_peak_usage();
                        $p0 = memory_get_peak_usage();
                        $r = json_decode($json, $assoc, 512, $flags);
                        $peak = memory_get_peak_usage() - $p0;
                        // The decoded strings' bytes (value or key), plus the
                        // containers and headers.
                        $out = is_string($r) ? strlen($r) : (is_array($r) || is_object($r)
                            ? array_sum(array_map('strlen', array_merge(array_keys((array) $r),
                                array_filter((array) $r, 'is_string')))) : 0);
                        // Zend's allocator rounds blocks past 3 KB up to
                        // 4 KB pages.
                        $bound = 4096 * intdiv($out + 1024 + 4095, 4096) + 1024;
                        if ($peak > $bound) {
                            $over++;
                            if ($over <= 10) {
                                echo "size $size every $every ", substr($json, 0, 1), " flags $flags assoc ",
                                    (int) $assoc, ": peak $peak for $out decoded bytes\n";
                            }
                        }
                        hash_update($h, serialize($r) . '/' . json_last_error() . ';');
                        unset($r);
                    }
                }
            }
        }
    }
}
echo "$cases cases, $over over the bound\n";
echo hash_final($h), "\n";
?>
--EXPECT--
1056 cases, 0 over the bound
617111f4f01662554a4c2a2f320fbd47
