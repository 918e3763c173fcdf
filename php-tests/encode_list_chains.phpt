--TEST--
json_encode(): chains of lists (a list whose last element is a non-empty array, entered without a call): random chains with siblings before the tail, failing leaves, jsonSerialize() that changes the arrays being walked, references, recursion, immutable literals, under depth limits around the chain's length and partial/pretty/force-object/throw flags: stock's output, error, message, exception and jsonSerialize() calls
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
final class JS implements JsonSerializable {
    public static array $log = [];
    public static mixed $root = null;
    public function __construct(public int $id, public mixed $v, public int $act = 0) {}
    public function jsonSerialize(): mixed {
        self::$log[] = $this->id;
        // Change what the walk is inside of: the walk must have taken its
        // own references (stock's counted copies) before this runs.
        switch ($this->act) {
            case 1: if (is_array(self::$root)) { self::$root[] = 'appended'; } break;
            case 2: self::$root = null; break;
            case 3: if (is_array(self::$root)) { self::$root[0] = 'replaced'; } break;
        }
        return $this->v;
    }
}
$seed = 20261206; $count = PHP_DEBUG ? 150 : 600;
mt_srand($seed);
function sibling(): mixed {
    return [1, 'ok', 2.5, null, true, [], ['k' => 1], new stdClass, "\xff", INF, 'é/"', [1, [2]]][mt_rand(0, 11)];
}
function leaf(): mixed {
    switch (mt_rand(0, 9)) {
        case 0: return "\xff";
        case 1: return INF;
        case 2: return new JS(mt_rand(1, 999), [1, 2], mt_rand(0, 3));
        case 3: return new JS(mt_rand(1, 999), "x\xffy");
        case 4: return [];
        case 5: return new stdClass;
        case 6: return ['k' => [1]];
        default: return mt_rand();
    }
}
// A chain: each level a list ending in the level below, after 0-3 siblings
// (sometimes a map or object level, which ends the chain there).
function build(int $n): mixed {
    $v = leaf();
    for ($i = 1; $i < $n; $i++) {
        $r = mt_rand(0, 19);
        if ($r === 0) { $v = ['a' => $v]; continue; }
        if ($r === 1) { $o = new stdClass; $o->p = $v; $v = $o; continue; }
        if ($r === 2) { $v = new JS($i, $v, mt_rand(0, 3)); continue; }
        if ($r === 3) { $v = [$v, 1]; continue; }
        $l = [];
        for ($k = mt_rand(0, 3) - ($r < 12 ? 3 : 0); $k > 0; $k--) { $l[] = sibling(); }
        $l[] = $v;
        $v = $l;
    }
    return $v;
}
$flagsets = [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT, JSON_THROW_ON_ERROR,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_FORCE_OBJECT];
$bad = 0; $failed = 0;
$check = function (string $what, callable $make, int $f, int $d) use (&$bad, &$failed) {
    $r = [];
    foreach ([0, 1] as $on) {
        $v = $make();
        JS::$root = &$v;
        ini_set('rustjson.enabled', (string)$on);
        // Twice: the first walk must give back every mark and reference it took.
        for ($k = 0; $k < 2; $k++) {
            JS::$log = [];
            try { $out = json_encode($v, $f, $d); $e = null; } catch (Throwable $ex) { $out = null; $e = get_class($ex) . $ex->getCode() . $ex->getMessage(); }
            $r[$on][] = [$out === false ? false : ($out === null ? null : md5($out)), json_last_error(), json_last_error_msg(), $e, implode(',', JS::$log)];
            unset($ex);
        }
        unset($v, $out);
        JS::$root = null;
    }
    if ($r[0][0][1] !== 0) { $failed++; }
    if ($r[0] !== $r[1]) { if (++$bad <= 5) { echo "DIFF $what f $f d $d\n"; var_dump($r); } }
};
for ($c = 0; $c < $count; $c++) {
    $n = [mt_rand(1, 40), mt_rand(100, 300), mt_rand(120, 140), mt_rand(150, 170)][mt_rand(0, 3)];
    $st = mt_rand();
    $f = $flagsets[mt_rand(0, count($flagsets) - 1)];
    $d = [mt_rand(1, 400), $n, $n - 1, $n + 1, 512, 128, 129, 160][mt_rand(0, 7)];
    $check("case $c n $n", function () use ($st, $n) { mt_srand($st); return build($n); }, $f, max($d, 1));
    mt_srand($st + 1);
}
// Immutable literals (no counted copies) with a jsonSerialize() inside.
$lit = fn() => [[[[[[[[1, [[[[new JS(7, [[[[2]]]], 1)]]]]]]]]]]]];
foreach ($flagsets as $f) {
    foreach ([3, 8, 12, 13, 14, 512] as $d) {
        $check('literal', $lit, $f, $d);
        $check('const', fn() => [[[[[[[[[[[[1]]]]]]]]]]]], $f, $d);
    }
}
// References and recursion along a chain.
foreach ($flagsets as $f) {
    $check('ref', function () { $a = [[[1]]]; $b = [[[&$a]]]; return $b; }, $f, 512);
    $check('self', function () { $a = [[1]]; $a[0][] = &$a; return $a; }, $f, 512);
    $check('self-deep', function () { $a = [1]; $x = &$a; for ($i = 0; $i < 200; $i++) { $x = [$x]; } $a[] = &$a; return $a; }, $f, 512);
}
echo "cases: ", $count === (PHP_DEBUG ? 150 : 600) ? "as planned" : $count, ", some fail: ", $failed > 20 ? "yes" : "no ($failed)", ", $bad differ\n";
?>
--EXPECT--
cases: as planned, some fail: yes, 0 differ
