--TEST--
json_encode(): with memory_limit near the call's need, rustjson completes exactly where stock completes (the large-output bound, early or at 2 MiB, is taken only where it, stock's own growth and twice the output's upper bound fit; each limit runs in a child process, bisected to 4 KiB)
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is only enforced by the Zend allocator');
if (!function_exists('proc_open') || !is_readable('/proc/self/maps')) die('skip needs proc_open and /proc/self/maps'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// The loaded rustjson.so, for the children.
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~\s(/\S*rustjson[^/\s]*\.so)$~', trim($line), $m)) { $so = $m[1]; break; }
}
if ($so === null) { echo "rustjson.so not found in /proc/self/maps\n"; exit; }
$child = tempnam(sys_get_temp_dir(), 'rjml') . '.php';
file_put_contents($child, <<<'PHP'
<?php
[$_, $on, $room, $shape] = $argv;
if ($shape === 'rows') {
    $v = [];
    for ($i = 0; $i < 3000; $i++) $v["k$i"] = ['id' => $i, 'name' => str_repeat(chr(97 + $i % 26), 700 + $i % 90), 'tags' => ['a', "é$i"]];
} elseif ($shape === 'strings') {
    $v = array_fill(0, 30, str_repeat('x', 100000));
} elseif ($shape === 'escapes48') {
    // Escaped, twice the bound's length: its block outgrows the bound.
    $v = array_fill(0, 48, str_repeat("ab/\"c\u{e9}", 16000));
} else {
    $v = array_fill(0, 24, str_repeat("ab/\"c\u{e9}", 16000));
}
ini_set('rustjson.enabled', $on);
ini_set('memory_limit', (string)(memory_get_usage(true) + (int)$room));
$s = json_encode($v);
echo "ok ", strlen($s), "\n";
PHP);
function completes($so, $child, $on, $room, $shape) {
    $p = proc_open([PHP_BINARY, '-n', '-d', "extension=$so", $child, $on, (string)$room, $shape], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    proc_close($p);
    return str_starts_with($out, 'ok ');
}
// The least room (in 4 KiB steps) with which the call completes.
function boundary($so, $child, $on, $shape) {
    [$lo, $hi] = [1 << 20, 64 << 20];
    if (!completes($so, $child, $on, $hi, $shape)) return "never";
    while ($hi - $lo > 4096) {
        $mid = intdiv($lo + $hi, 2 * 4096) * 4096;
        if (completes($so, $child, $on, $mid, $shape)) $hi = $mid; else $lo = $mid;
    }
    return $hi;
}
foreach (['rows', 'strings', 'escapes', 'escapes48'] as $shape) {
    $stock = boundary($so, $child, '0', $shape);
    $rust = boundary($so, $child, '1', $shape);
    echo $shape, ": ", $stock === $rust ? "same boundary" : "stock completes from $stock, rustjson from $rust", "\n";
}
unlink($child);
?>
--EXPECT--
rows: same boundary
strings: same boundary
escapes: same boundary
escapes48: same boundary
