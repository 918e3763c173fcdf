--TEST--
json_encode(): pretty-printed lists of ints, true, false and null at depths 0 to 9 (the scalar runs store separators of up to 32 bytes whole: depth 7), at every output offset around the buffer's growth, compared with stock in the same process
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

$seed = 4242;
$rand = static function () use (&$seed): int {
    $seed = ($seed * 1103515245 + 12345) & 0x7fffffff;
    return $seed;
};
$list = static function (int $n) use ($rand): array {
    $l = [];
    for ($i = 0; $i < $n; $i++) {
        $r = $rand();
        $digits = $r % 19;
        $v = $r % (int)('1' . str_repeat('0', $digits));
        $v = ($r & 1) ? -$v : $v;
        switch ($r % 29) {
            case 0: $v = true; break;
            case 1: $v = null; break;
            case 2: $v = false; break;
            case 3: $v = PHP_INT_MIN; break;
            case 4: $v = PHP_INT_MAX; break;
            case 5: $v = 1.5; break;
            case 6: $v = 'x'; break;
        }
        $l[] = $v;
    }
    return $l;
};

$cases = 0;
$diffs = 0;
$bytes = 0;
$lengths = [1, 2, 7, 8, 9, 16, 33, 100, 700, 3000];
foreach ([JSON_PRETTY_PRINT, JSON_PRETTY_PRINT | JSON_FORCE_OBJECT, JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
    foreach ($lengths as $n) {
        $l = $list($n);
        for ($depth = 0; $depth <= 9; $depth++) {
            // Nest the list $depth levels down, in lists and in maps by turns.
            $v = $l;
            for ($d = 0; $d < $depth; $d++) {
                $v = ($d & 1) ? ['k' => $v] : [$v];
            }
            // A leading string of 0..40 bytes moves the runs across the buffer's growth points.
            foreach ([0, 1, 5, 13, 40] as $k) {
                [$same, $len] = both([str_repeat('s', $k), $v], $flags);
                $cases++;
                $bytes += $len;
                if (!$same) {
                    $diffs++;
                    if ($diffs <= 5) {
                        echo "DIFF flags=$flags n=$n depth=$depth prefix=$k\n";
                    }
                }
            }
        }
    }
}
// A long pretty list at depth 7 (a 30-byte separator) that grows the output many times.
$big = array_map(static fn($i) => $i % 3 === 0 ? -$i * 7919 : ($i % 7 === 0 ? null : $i * 104729), range(0, 49999));
$v = $big;
for ($d = 0; $d < 7; $d++) {
    $v = [$v];
}
[$same, $len] = both($v, JSON_PRETTY_PRINT);
$cases++;
$diffs += $same ? 0 : 1;
echo "cases: $cases, differences: $diffs\n";
echo "depth-7 list: ", $len > 1000000 ? 'over 1 MB' : $len, "\n";
?>
--EXPECT--
cases: 1501, differences: 0
depth-7 list: over 1 MB
