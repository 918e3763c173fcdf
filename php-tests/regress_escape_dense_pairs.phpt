--TEST--
regression: two-byte escapes in a row (newline + backspace, ...) at every offset around the SIMD block boundaries
--DESCRIPTION--
Found by the 8.5 leg's fuzz run in an intermediate version of the dense-escape path: "\n\b" came out as "\n\x.." after 1-69 bytes. Expected output frozen from stock PHP.
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Regression: a newline immediately followed by a backspace (and other pairs of
// two-byte escapes) at every offset across the 16/32-byte block boundaries.
$out = [];
foreach (["\n\x08", "\x08\n", "\"\\", "\\/", "\t\r", "\x0c\x0b", "\n\x08\"\\/\x0c\r\t"] as $pair) {
    for ($i = 0; $i <= 40; $i++) {
        $s = str_repeat('a', $i) . $pair . 'knd\\icawjjgjkwrpuue2' . str_repeat('z', 40 - $i);
        $out[] = json_encode($s);
    }
}
echo md5(implode("\n", $out)), "\n";
echo json_encode("uhxqcsjduW\n\x08knd\\icawjjgjkwrpuue2"), "\n";
echo count($out), "\n";
?>
--EXPECT--
235e2925aa99a712373c9b5c542ea77f
"uhxqcsjduW\n\bknd\\icawjjgjkwrpuue2"
287
