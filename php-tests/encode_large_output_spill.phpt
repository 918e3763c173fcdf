--TEST--
json_encode(): outputs that look like reaching megabytes when they first leave the call's 16 KiB storage (rustjson then takes the output's bound and writes straight into one block of that size, src/php/outbuf.rs spill_large): rows of arrays and objects under every layout, failures late in them (invalid UTF-8, INF, depth, recursion) with and without partial output, a guess that overshoots, user code, tight memory_limit: stock's bytes and errors, a peak no higher than stock's, fewer page faults where the block is taken
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks (and is slow under valgrind)'); ?>
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $v, $flags, $depth = 512) {
    ini_set('rustjson.enabled', $on);
    $m0 = memory_get_usage();
    memory_reset_peak_usage();
    $ru = getrusage();
    $r = json_encode($v, $flags, $depth);
    $ru2 = getrusage();
    $out = [is_string($r) ? md5($r) . ':' . strlen($r) : var_export($r, true), json_last_error(), memory_get_peak_usage() - $m0, $ru2['ru_minflt'] - $ru['ru_minflt']];
    unset($r);
    ini_set('rustjson.enabled', '1');
    return $out;
}
class Money implements JsonSerializable {
    public function __construct(private int $c) {}
    public function jsonSerialize(): mixed { return ['amount' => $this->c / 100, 'currency' => 'EUR']; }
}
function row(int $i): array {
    return ['id' => $i, 'name' => "row number $i", 'text' => str_repeat("lorem ipsum dolor/sit amet é ", 30), 'n' => [$i, $i * 0.5, -$i], 'ok' => $i % 2 === 0];
}
$rows = array_map('row', range(0, 2999));
$objs = array_map(fn($r) => (object)$r, $rows);
$cases = [];
$cases['rows'] = $rows;
$cases['objects'] = $objs;
$cases['map-of-rows'] = ['meta' => ['n' => 3000], 'data' => $rows];
$bad = $rows; $bad[2500]['name'] = "bad \xff byte";
$cases['utf8-late'] = $bad;
$badk = $rows; $badk[2500]["k\xfe"] = 1;
$cases['utf8-key-late'] = $badk;
$inf = $rows; $inf[2500]['n'][] = INF;
$cases['inf-late'] = $inf;
$deep = $rows; $deep[2500]['n'] = [[[[[[[[[[1]]]]]]]]]];
$cases['deep-late'] = $deep;
$rec = array_map(fn($o) => clone $o, $objs); $o = $rec[2500]; $o->self = $o;
$cases['recursion-late'] = $rec;
$money = $rows; foreach ($money as $i => &$r) { $r['m'] = new Money($i); } unset($r);
$cases['user-code'] = $money;
// The first elements are large rows, the rest small: the guess at 16 KiB
// overshoots (the bound is then below PHP's huge blocks).
$cases['overshoot'] = array_merge(array_slice($rows, 0, 20), range(1, 3000));
$flagsets = ['default' => 0, 'pretty' => JSON_PRETTY_PRINT, 'hex' => JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    'uu+us' => JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, 'partial' => JSON_PARTIAL_OUTPUT_ON_ERROR,
    'partial+sub' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE, 'ignore' => JSON_INVALID_UTF8_IGNORE];
$n = 0;
$diff = 0;
$fewer = 0;
foreach ($cases as $name => $v) {
    foreach ($flagsets as $fn => $f) {
        foreach ([512, 7] as $depth) {
            $n++;
            [$r0, $e0, $p0, $f0] = measure('0', $v, $f, $depth);
            [$r1, $e1, $p1, $f1] = measure('1', $v, $f, $depth);
            if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0) {
                $diff++;
                echo "$name $fn depth $depth: stock $r0 #$e0 peak $p0; rustjson $r1 #$e1 peak $p1\n";
            }
            if ($f1 * 2 <= $f0) {
                $fewer++;
            }
        }
    }
}
echo "$n cases, $diff differences\n";
// Where the block is taken (large, successful outputs without user code),
// populating it costs far fewer faults than stock's growth page by page.
echo $fewer >= 10 ? "fewer faults: yes\n" : "fewer faults: only $fewer cases\n";
// Tight memory_limit: the bound is taken only where it certainly fits;
// every call completes or fails as stock's does (in-process: only limits
// that both complete under are tried here; tools/memlimit_boundary.php
// bisects the least limit in child processes).
foreach ([16, 24, 48] as $mb) {
    $base = memory_get_usage();
    ini_set('memory_limit', (string)($base + $mb * 1048576));
    [$r0, $e0, $p0] = measure('0', $rows, 0);
    [$r1, $e1, $p1] = measure('1', $rows, 0);
    echo "limit +{$mb}M: ", $r0 === $r1 && $e0 === $e1 && $p1 <= $p0 ? 'same' : "stock $r0 #$e0 peak $p0; rustjson $r1 #$e1 peak $p1", "\n";
    ini_set('memory_limit', '512M');
}
?>
--EXPECT--
140 cases, 0 differences
fewer faults: yes
limit +16M: same
limit +24M: same
limit +48M: same
