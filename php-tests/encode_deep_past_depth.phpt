--TEST--
json_encode(): nests past $depth (the fast frames go on past it; the depth check at each container's close fails them as stock's does): random nests of 100-700 levels mixing lists, maps, stdClass, JsonSerializable (calls logged), invalid UTF-8, INF, empty containers, under $depth 128-700 and partial/pretty/throw/force-object flags: stock's output, error, message, exception and jsonSerialize() calls
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
final class JS implements JsonSerializable {
    public static array $log = [];
    public function __construct(public int $id, public mixed $v) {}
    public function jsonSerialize(): mixed { self::$log[] = $this->id; return $this->v; }
}
final class P { public $a = 1; public $b; }
$seed = 20261205; $count = PHP_DEBUG ? 120 : 400;
mt_srand($seed);
// A leaf; a failing one (invalid UTF-8, INF) with one chance in $odds.
function leaf(int $odds = 4): mixed {
    if (mt_rand(1, $odds) !== 1) {
        return [mt_rand(), 'ok', [], new stdClass, ['k' => 1.5], null, true][mt_rand(0, 6)];
    }
    switch (mt_rand(0, 11)) {
        case 0: return "\xff";
        case 1: return INF;
        case 2: return [];
        case 3: return new stdClass;
        case 4: return new JS(mt_rand(1, 999), mt_rand(0, 1) ? [1, 2] : "x\xffy");
        case 5: return 'é"\\/';
        case 6: return 1.5;
        case 7: $o = new P; $o->b = [1]; return $o;
        case 8: return ['k' => 'v'];
        case 9: return null;
        default: return mt_rand();
    }
}
function build(int $n): mixed {
    $v = leaf();
    for ($i = 1; $i < $n; $i++) {
        switch (mt_rand(0, 9)) {
            case 0: $v = ['a' => $v, 'z' => leaf(300)]; break;
            case 1: $v = [leaf(300), $v]; break;
            case 2: $v = [$v, leaf(300)]; break;
            case 3: $o = new stdClass; $o->p = $v; $v = $o; break;
            case 4: $v = new JS($i, $v); break;
            case 5: $v = [$v, [], new stdClass]; break;
            default: $v = [$v];
        }
    }
    return $v;
}
$flagsets = [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT, JSON_THROW_ON_ERROR,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_FORCE_OBJECT];
$bad = 0;
for ($c = 0; $c < $count; $c++) {
    $n = mt_rand(100, 700);
    $st = mt_rand();
    $f = $flagsets[mt_rand(0, count($flagsets) - 1)];
    $d = [mt_rand(128, 700), $n, $n - 1, $n + 1, 512, 130, 160, 161][mt_rand(0, 7)];
    $r = [];
    foreach ([0, 1] as $on) {
        mt_srand($st); $v = build($n);
        ini_set('rustjson.enabled', (string)$on);
        JS::$log = [];
        try { $out = json_encode($v, $f, $d); $e = null; } catch (Throwable $ex) { $out = null; $e = get_class($ex) . $ex->getCode() . $ex->getMessage(); }
        $r[$on] = [$out === false ? false : ($out === null ? null : md5($out)), json_last_error(), json_last_error_msg(), $e, implode(',', JS::$log)];
        unset($v, $out);
    }
    if ($r[0] !== $r[1]) { if (++$bad <= 5) { echo "DIFF seed $seed case $c n $n d $d f $f\n"; var_dump($r); } }
    mt_srand($st + 1);
}
echo "cases: ", $count === (PHP_DEBUG ? 120 : 400) ? "as planned" : $count, ", $bad differ\n";
?>
--EXPECT--
cases: as planned, 0 differ
