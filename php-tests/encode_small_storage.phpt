--TEST--
json_encode(): outputs around the small-output storage's sizes (the thread's 16 KiB for a call, 512 bytes of a nested space for a json_encode() inside jsonSerialize()), nested calls writing while the outer call's output is in the storage, failing and partial outputs there: stock's bytes, errors and a peak no higher than stock's
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $v, $flags) {
    ini_set('rustjson.enabled', $on);
    $m0 = memory_get_usage();
    memory_reset_peak_usage();
    $r = json_encode($v, $flags);
    $out = [var_export($r, true), json_last_error(), memory_get_peak_usage() - $m0];
    unset($r);
    ini_set('rustjson.enabled', '1');
    return $out;
}
// jsonSerialize() encodes its own value (a nested call) and returns the text.
class Inner implements JsonSerializable {
    public function __construct(private mixed $v, private int $flags = 0) {}
    public function jsonSerialize(): mixed { return json_encode($this->v, $this->flags); }
}
$sizes = [1, 200, 229, 231, 250, 256, 500, 509, 512, 513, 1000, 2040, 4000, 4088, 4093, 4094, 4095, 4096, 4097, 4100, 5000, 8190, 8200, 12000, 16370, 16383, 16384, 16385, 16390, 20000];
$cases = [];
foreach ($sizes as $n) {
    $cases["list-$n"] = [str_repeat('a', max(0, $n - 4))];
    $cases["escapes-$n"] = [str_repeat('é/', intdiv($n, 8))];
    $cases["bad-end-$n"] = [str_repeat('b', $n), "x\xff"];
    $cases["inf-end-$n"] = [str_repeat('c', $n), INF];
    $cases["nested-$n"] = ['outer' => str_repeat('d', $n), 'inner' => new Inner(['x' => str_repeat('e', $n)]), 'after' => str_repeat('f', 100)];
    $cases["nested-bad-$n"] = [str_repeat('g', $n), new Inner([str_repeat('h', $n), "\xfe"]), 1];
    $cases["nested-deep-$n"] = [new Inner([str_repeat('i', $n), new Inner([str_repeat('j', $n), new Inner(str_repeat('k', $n))])])];
}
$bad = 0;
$n = 0;
foreach ($cases as $name => $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT | JSON_INVALID_UTF8_SUBSTITUTE] as $f) {
        $n++;
        [$r0, $e0, $p0] = measure('0', $v, $f);
        [$r1, $e1, $p1] = measure('1', $v, $f);
        if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0) {
            $bad++;
            echo "$name flags $f: stock error $e0 peak $p0; rustjson error $e1 peak $p1", $r0 === $r1 ? '' : ' (output differs)', "\n";
        }
    }
}
echo "$n cases, $bad differences\n";
// A call that bails out (memory_limit) while it holds the storage: the
// shutdown function's calls (before the request ends) take their own.
register_shutdown_function(function () {
    $v = ['x' => str_repeat('s', 3000), 'y' => new Inner(['z' => str_repeat('t', 600)])];
    $r = json_encode($v);
    ini_set('rustjson.enabled', '0');
    $s = json_encode($v);
    echo "after the bailout: ", $r === $s ? 'same' : 'differs', ' ', strlen($r), "\n";
});
ini_set('memory_limit', '8M');
$big = array_fill(0, 100, str_repeat('m', 100000));
echo strlen(json_encode([str_repeat('n', 3000), $big])), "\n";
?>
--EXPECTF--
840 cases, 0 differences

Fatal error: Allowed memory size of 8388608 bytes exhausted %s
after the bailout: same 3627
