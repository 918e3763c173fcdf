--TEST--
json_encode(): lists of small ints written eight at a time (AVX-512 VBMI2) and four at a time (AVX2) where the CPU has them: every digit count and sign in each position of a group, runs of every length up to 37, values at 10^8 and other scalars ending a group, compact and pretty at depths 0 to 8 (separators of 1 to 34 bytes: up to 32 in the runs), across output offsets and the buffer's growth, compared with stock in the same process
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

function both($v, $flags) {
    ini_set('rustjson.enabled', '0');
    $stock = json_encode($v, $flags);
    $stockErr = json_last_error();
    ini_set('rustjson.enabled', '1');
    $ours = json_encode($v, $flags);
    return [$stock === $ours && $stockErr === json_last_error(), is_string($ours) ? strlen($ours) : -1];
}

// Every digit count 1..9 at its edges, both signs, and the first values a quad refuses.
$edges = [0];
for ($p = 1; $p <= 100000000; $p *= 10) {
    foreach ([$p - 1, $p, $p + 1, intdiv($p * 3, 2)] as $x) {
        $edges[] = $x;
        $edges[] = -$x;
    }
}
$edges = array_values(array_unique($edges));

$seed = 777;
$rand = static function () use (&$seed): int {
    $seed = ($seed * 1103515245 + 12345) & 0x7fffffff;
    return $seed;
};

$cases = 0;
$diffs = 0;
$lists = [];
// Each edge value in each of the four positions of a quad, the others random small ints.
foreach ($edges as $e) {
    for ($pos = 0; $pos < 4; $pos++) {
        $l = [];
        for ($i = 0; $i < 4; $i++) {
            $l[] = $i === $pos ? $e : ($rand() % 100000000) * (($rand() & 1) ? -1 : 1);
        }
        $lists[] = $l;
    }
}
// Runs of every length 1..37, with now and then a value that ends a quad.
for ($n = 1; $n <= 37; $n++) {
    foreach ([0, 1, 2] as $variant) {
        $l = [];
        for ($i = 0; $i < $n; $i++) {
            $r = $rand();
            $v = ($r % 100000000) >> ($r % 27);
            $v = ($r & 1) ? -$v : $v;
            if ($variant === 1 && $r % 11 === 0) {
                $v = [100000000, -100000000, PHP_INT_MIN, PHP_INT_MAX, true, null, false, 1.5, 'x'][$r % 9];
            }
            if ($variant === 2 && $i === $n - 1) {
                $v = 99999999 + ($r & 1);
            }
            $l[] = $v;
        }
        $lists[] = $l;
    }
}
// A long list: many quads, the output growing across them.
$long = [];
for ($i = 0; $i < 20000; $i++) {
    $long[] = ($i * 7919 % 1000003) * (($i % 5 === 0) ? -1 : 1);
}
$lists[] = $long;

foreach ([0, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
    foreach ($lists as $l) {
        for ($depth = 0; $depth <= 7; $depth++) {
            $v = $l;
            for ($d = 0; $d < $depth; $d++) {
                $v = ($d & 1) ? ['k' => $v] : [$v];
            }
            // -1: the value alone (a pretty list at the top has 6-byte separators).
            foreach ([-1, 0, 3, 29] as $k) {
                [$same, $len] = both($k < 0 ? $v : [str_repeat('s', $k), $v], $flags);
                $cases++;
                if (!$same) {
                    $diffs++;
                    if ($diffs <= 5) {
                        echo "DIFF flags=$flags depth=$depth k=$k: ", json_encode(array_slice($l, 0, 12)), "\n";
                    }
                }
            }
        }
    }
}
echo "cases: $cases, differences: $diffs\n";
?>
--EXPECTF--
cases: %d, differences: 0
