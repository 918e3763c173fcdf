--TEST--
json_encode(): objects of JsonSerializable and other classes (enums, JsonSerializable enums, subclasses, classes with other interfaces, internal classes) mixed in one call, in every order of two and in long random runs, rustjson against stock in the same process (output, error, jsonSerialize() calls)
--DESCRIPTION--
The walk remembers the last class found to implement JsonSerializable and the last found not to:
every change from one class to another (both remembered, one of them, neither) must still take the
class's own path. rustjson.enabled is toggled with ini_set(); in stock-oracle mode both sides are stock
and the counts are the same.
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$log = [];
final class Money implements JsonSerializable {
    public function __construct(public int $c) {}
    public function jsonSerialize(): mixed { $GLOBALS['log'][] = "M{$this->c}"; return ['c' => $this->c]; }
}
class Base implements JsonSerializable {
    public function __construct(public int $b) {}
    public function jsonSerialize(): mixed { $GLOBALS['log'][] = "B{$this->b}"; return [$this->b]; }
}
class Child extends Base {}
final class Plain { public $p = 1; protected $h = 2; }
final class Counted implements Countable { public $q = 2; public function count(): int { return 1; } }
enum St: string { case A = 'a'; case B = 'b'; }
enum Js: int implements JsonSerializable {
    case X = 1;
    public function jsonSerialize(): mixed { $GLOBALS['log'][] = 'JsX'; return 'js'; }
}
enum Pure { case P; }

$pool = [new Money(1), St::A, Js::X, new Plain(), new Counted(), new Child(5), Pure::P,
         new ArrayObject([1, 2]), new Base(3), St::B, new Money(2), new DateTimeZone('UTC')];

function run_both(array $v, int $f): array {
    $r = [];
    foreach (['0', '1'] as $on) {
        ini_set('rustjson.enabled', $on);
        $GLOBALS['log'] = [];
        json_decode('[');
        $out = json_encode($v, $f);
        $r[] = [$out, json_last_error(), $GLOBALS['log']];
    }
    ini_set('rustjson.enabled', '1');
    return $r;
}

$cases = 0;
$bad = 0;
$n = count($pool);
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    for ($i = 0; $i < $n; $i++) {
        for ($j = 0; $j < $n; $j++) {
            $v = [$pool[$i], $pool[$j], $pool[$i], ['k' => $pool[$j]], $pool[$j], $pool[$i]];
            [$a, $b] = run_both($v, $f);
            $cases++;
            if ($a !== $b) {
                $bad++;
                echo "MISMATCH $i $j $f\n";
                var_dump($a, $b);
            }
        }
    }
    mt_srand(19);
    for ($k = 0; $k < 200; $k++) {
        $v = [];
        for ($m = mt_rand(1, 40); $m > 0; $m--) {
            $v[] = $pool[mt_rand(0, $n - 1)];
        }
        [$a, $b] = run_both($v, $f);
        $cases++;
        if ($a !== $b) {
            $bad++;
            echo "MISMATCH random $k $f\n";
        }
    }
}
echo "cases: $cases, mismatches: $bad\n";
?>
--EXPECT--
cases: 688, mismatches: 0
