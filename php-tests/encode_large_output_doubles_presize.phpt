--TEST--
json_encode(): outputs past 2 MB made mostly of doubles (the large-output bound counts a double's least printed length from its binary exponent and a digit-count test, see src/encode/presize.rs) give stock's result and error, and peak no higher than stock's, with serialize_precision -1 and 17, pretty and PRESERVE_ZERO_FRACTION
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks (and is slow under valgrind)'); ?>
--INI--
memory_limit=512M
serialize_precision=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $v, $flags) {
    ini_set('rustjson.enabled', $on);
    $m0 = memory_get_usage();
    memory_reset_peak_usage();
    $r = json_encode($v, $flags);
    $out = [is_string($r) ? md5($r) . ':' . strlen($r) : var_export($r, true), json_last_error(), memory_get_peak_usage() - $m0];
    unset($r);
    ini_set('rustjson.enabled', '1');
    return $out;
}
mt_srand(19);
// (Sizes: every case's output passes 2 MB without pretty-printing too.)
$n = 250000;
$cases = [];
// Coordinates: 15 to 17 digits (canada.json's kind).
$cases['pairs'] = [];
for ($i = 0; $i < $n / 4; $i++) {
    $cases['pairs'][] = [mt_rand() / mt_getrandmax() * 360 - 180, mt_rand() / mt_getrandmax() * 180 - 90];
}
// Short decimals and their neighbours one ulp off (17 digits).
$cases['short'] = [];
for ($i = 0; $i < $n; $i++) {
    $d = round(mt_rand() / mt_getrandmax() * 1000, mt_rand(0, 6));
    $cases['short'][] = $i % 3 ? $d : ($i % 2 ? $d + $d * 2.220446049250313e-16 : $d - $d * 1.1102230246251565e-16);
}
// Integral doubles, zeros, powers of two and ten, huge and tiny ones, subnormals.
$cases['edges'] = [];
for ($i = 0; $i < $n; $i++) {
    $k = $i % 12;
    $e = mt_rand(-330, 330);
    $cases['edges'][] = match ($k) {
        0 => (float) mt_rand(-1000000, 1000000),
        1 => $i % 2 ? 0.0 : -0.0,
        2 => 2.0 ** mt_rand(-1074, 1023),
        3 => (float) ('1e' . $e),
        4 => (float) (mt_rand(1, 999) . 'e' . $e),
        5 => 9007199254740992.0 + 2 * mt_rand(0, 1000),
        6 => mt_rand() * 1e10,
        7 => 5e-324 * mt_rand(1, 1000000),
        8 => -mt_rand() / 7,
        9 => mt_rand(0, 99999) / 100,
        10 => 1e15 + mt_rand() / 1000,
        default => unpack('e', pack('P', (mt_rand() << 32) ^ mt_rand() ^ (mt_rand(0, 1) << 63)))[1],
    };
}
$cases['edges'] = array_map(fn($d) => is_finite($d) ? $d : 1.5, $cases['edges']);
$cases['mixed'] = [];
for ($i = 0; $i < $n / 8; $i++) {
    $cases['mixed'][] = ['x' => $cases['short'][$i], 'i' => $i, 'p' => $cases['pairs'][$i], 's' => "s$i"];
}
$cases['nan-late'] = $cases['pairs'];
$cases['nan-late'][$n / 4 - 100][1] = NAN;
$cases['inf-late'] = $cases['short'];
$cases['inf-late'][$n - 100] = -INF;
$bad = 0;
$count = 0;
// (serialize_precision 17 stands for every precision but -1: one byte
// and the sign per double there. Kept to two precisions and three flag
// sets: a run under qemu or a debug PHP must stay inside run-tests'
// timeout.)
foreach (['-1', '17'] as $precision) {
    ini_set('serialize_precision', $precision);
    foreach ($cases as $name => $v) {
        foreach ([0, JSON_PRETTY_PRINT, JSON_PRESERVE_ZERO_FRACTION] as $f) {
            $count++;
            [$r0, $e0, $p0] = measure('0', $v, $f);
            [$r1, $e1, $p1] = measure('1', $v, $f);
            if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0) {
                $bad++;
                echo "$name precision $precision flags $f: stock $r0 error $e0 peak $p0; rustjson $r1 error $e1 peak $p1\n";
            }
        }
    }
}
echo "$count cases, $bad differences\n";
?>
--EXPECT--
36 cases, 0 differences
