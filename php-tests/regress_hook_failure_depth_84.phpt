--TEST--
json_encode() (PHP 8.4+): a get hook that throws inside an object's frame, in and out of partial mode, at several depths: the level it leaves counted, the depth errors of the containers around it, later siblings, and no trace left on a table of an earlier call (fuzz regressions)
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4+ only (property hooks)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

// A get hook that throws: the object's frame fails after counting its level,
// which (in partial mode) stays counted for the rest of the walk, as in
// stock's encoder. The containers around it must then see the deeper level
// (depth errors at their close) and later siblings must still be encoded
// with the right reference counts and recursion marks.
class Log { public static array $calls = []; }
class Throwing {
    public $before = 1;
    public int $v { get { Log::$calls[] = 'hook'; throw new RuntimeException('hook failed'); } }
    public $after = 2;
}
class Plain { public $p = 1; }
class Ser implements JsonSerializable {
    public function __construct(public string $n) {}
    public function jsonSerialize(): mixed {
        global $data;
        Log::$calls[] = "ser {$this->n}";
        debug_zval_dump($data[0]);
        return $this->n;
    }
}

$one = (int) '1';
// A deep plain array encoded before each case: what the walk keeps of it
// must not be taken for part of the next call's walk.
$probe = [[[[[[$one], $one], $one], $one], $one], $one];
function probe_counts(): string {
    global $probe;
    ob_start();
    debug_zval_dump($probe);
    preg_match_all('/refcount\((\d+)\)/', ob_get_clean(), $m);
    return implode('/', $m[1]) . (str_contains(print_r($probe, true), 'RECURSION') ? ' marked' : '');
}
function show(string $label, mixed $v, int $flags, int $depth): void {
    global $probe;
    json_encode($probe);
    Log::$calls = [];
    json_decode('[[1]]', false, 1);   // json_last_error() = 1 beforehand
    try {
        $r = json_encode($v, $flags, $depth);
        $out = $r === false ? 'false' : $r;
    } catch (Throwable $e) {
        $out = get_class($e) . ': ' . $e->getMessage();
    }
    echo "$label/$flags/$depth: $out #", json_last_error(), ' ', implode(',', Log::$calls), ' probe ', probe_counts(), "\n";
}
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    foreach ([2, 3, 4, 5, 512] as $d) {
        $data = [[[new Throwing]]];
        show('nested', $data, $f, $d);
        $data = [[$one, [new Throwing, new Plain, [$one, new Plain]], [new Plain, [$one]]], [$one]];
        show('siblings', $data, $f, $d);
        $data = [[$one, [[new Throwing], [$one, new Ser('a')]], [$one, [new Ser('b')]]]];
        show('then user code', $data, $f, $d);
        $data = [[new Throwing, new Throwing, [[new Throwing]], [$one]]];
        show('several', $data, $f, $d);
    }
}
?>
--EXPECT--
nested/0/2: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/0/2: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
then user code/0/2: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/0/2: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
nested/0/3: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/0/3: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
then user code/0/3: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/0/3: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
nested/0/4: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/0/4: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
then user code/0/4: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/0/4: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
nested/0/5: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/0/5: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
then user code/0/5: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/0/5: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
nested/0/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/0/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
then user code/0/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/0/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
nested/512/2: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
siblings/512/2: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
then user code/512/2: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
several/512/2: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
nested/512/3: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
siblings/512/3: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
then user code/512/3: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
several/512/3: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
nested/512/4: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/512/4: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
then user code/512/4: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
several/512/4: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
nested/512/5: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/512/5: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
then user code/512/5: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/512/5: RuntimeException: hook failed #1 hook probe 2/1/1/1/1/1
nested/512/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
siblings/512/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
then user code/512/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
several/512/512: RuntimeException: hook failed #0 hook probe 2/1/1/1/1/1
