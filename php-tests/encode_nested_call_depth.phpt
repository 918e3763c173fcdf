--TEST--
json_encode(): a json_encode() inside jsonSerialize() (a nested call, which records few fast frames on its own stack) encoding containers around those frames' limit (8/9), around 128 and past it (the thread's deep block free or held by the outer call), failing and partial; such calls nested 2,500 deep: stock's bytes, errors and a peak no higher than stock's
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Peaks are compared where the Zend allocator counts them (not under
// valgrind's USE_ZEND_ALLOC=0, where the rest still runs).
$peaks = getenv('USE_ZEND_ALLOC') !== '0';
function measure($on, $v, $flags, $depth = 512) {
    ini_set('rustjson.enabled', $on);
    $m0 = memory_get_usage();
    memory_reset_peak_usage();
    $r = json_encode($v, $flags, $depth);
    $out = [$r === false ? 'false' : md5($r) . ':' . strlen($r), json_last_error(), memory_get_peak_usage() - $m0];
    unset($r);
    ini_set('rustjson.enabled', '1');
    return $out;
}
/** $n nested one-element lists (or single-property objects) around $leaf. */
function nest(int $n, mixed $leaf = 1, bool $objects = false): mixed {
    $v = $leaf;
    for ($i = 0; $i < $n; $i++) {
        $v = $objects ? (object)['k' => $v] : [$v];
    }
    return $v;
}
// jsonSerialize() encodes its value (a nested call) and returns the text
// with the nested call's error code.
class Inner implements JsonSerializable {
    public function __construct(private mixed $v, private int $flags = 0, private int $depth = 512) {}
    public function jsonSerialize(): mixed {
        $r = json_encode($this->v, $this->flags, $this->depth);
        return [$r, json_last_error()];
    }
}
$inner = [];
foreach ([1, 2, 7, 8, 9, 10, 16, 40, 126, 127, 128, 129, 130, 161, 300, 511, 512, 513, 700] as $n) {
    $inner["list-$n"] = nest($n, 'x');
    $inner["obj-$n"] = nest($n, 'y', true);
    $inner["mixed-$n"] = nest($n, [nest(3, 'z', true), 1.5, "é"]);
    $inner["bad-$n"] = nest($n, ["ok", "\xff"]);
    $inner["inf-$n"] = nest($n, [1, INF]);
}
$shared = nest(12, 's');
$inner['shared'] = [$shared, nest(9, $shared), nest(140, $shared)];
$rec = [1];
$rec[] = &$rec;
$inner['recursive'] = $rec;
$outers = [
    'root' => fn($x) => $x,
    'in-5' => fn($x) => nest(5, $x),
    'in-140' => fn($x) => nest(140, $x),
    'in-300-obj' => fn($x) => nest(300, $x, true),
];
// Warm up (the tracing JIT, when loaded, compiles hot code as it goes, in
// memory that a peak measured then would count).
foreach ($inner as $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT] as $f) {
        foreach ($outers as $wrap) {
            measure('0', $wrap(new Inner($v, $f)), $f);
            measure('1', $wrap(new Inner($v, $f)), $f);
        }
    }
}
$bad = 0;
$n = 0;
foreach ($inner as $name => $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT] as $f) {
        foreach ($outers as $on => $wrap) {
            foreach ([512, 20] as $depth) {
                $n++;
                $val = $wrap(new Inner($v, $f, $depth));
                [$r0, $e0, $p0] = measure('0', $val, $f);
                [$r1, $e1, $p1] = measure('1', $val, $f);
                if ($r0 !== $r1 || $e0 !== $e1 || ($peaks && $p1 > $p0)) {
                    $bad++;
                    echo "$name in $on flags $f depth $depth: stock $r0 error $e0 peak $p0; rustjson $r1 error $e1 peak $p1\n";
                }
            }
        }
    }
}
echo "$n cases, $bad differences\n";

// Nested calls 2,500 deep (each jsonSerialize() calls json_encode() on the
// next object): stock encodes them; so must rustjson (its stack guard
// stopped them at about 1,500 when a nested call's frame held 128 fast
// frames' records).
class Chain implements JsonSerializable {
    public function __construct(public ?Chain $next, public mixed $payload) {}
    public function jsonSerialize(): mixed {
        if ($this->next === null) {
            return $this->payload;
        }
        $r = json_encode([$this->next, $this->payload]);
        if ($r === false) {
            $GLOBALS['chain_failed'][] = json_last_error();
        }
        return $r === false ? false : strlen($r);
    }
}
foreach (['flat' => 1, 'nest-20' => nest(20, 'p')] as $pn => $payload) {
    $c = null;
    for ($i = 0; $i < 2500; $i++) {
        $c = new Chain($c, $payload);
    }
    $chain_failed = [];
    [$r0, $e0] = measure('0', $c, 0);
    $f0 = $chain_failed;
    $chain_failed = [];
    [$r1, $e1] = measure('1', $c, 0);
    $f1 = $chain_failed;
    echo "chain 2500 $pn: ", $r0 === $r1 && $e0 === $e1 && $f0 === $f1 ? "same" : "stock $r0 #$e0, rustjson $r1 #$e1", ", nested calls failed: ", count($f1), "\n";
}
?>
--EXPECT--
2328 cases, 0 differences
chain 2500 flat: same, nested calls failed: 0
chain 2500 nest-20: same, nested calls failed: 0
