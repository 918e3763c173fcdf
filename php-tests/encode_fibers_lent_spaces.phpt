--TEST--
json_encode(): fibers suspended inside jsonSerialize() at every nesting of json_encode() calls (each holding the call's space or a nested one), resumed in an order no stack discipline follows, with encodes on the main stack in between: every output as stock's
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// A value whose jsonSerialize() encodes its payload with a nested
// json_encode() (depth levels deep) and suspends the fiber at the bottom.
class Node implements JsonSerializable {
    public function __construct(public int $level, public string $tag, public array $payload, public bool $suspend = true) {}
    public function jsonSerialize(): mixed {
        if ($this->level === 0) {
            $got = $this->suspend ? Fiber::suspend("{$this->tag} waiting") : 'main';
            return ['resumed with' => $got, 'payload' => $this->payload];
        }
        $inner = new Node($this->level - 1, $this->tag, $this->payload, $this->suspend);
        return ['level' => $this->level, 'inner' => json_encode(['x' => $inner, 'big' => str_repeat('é', 300 * $this->level)])];
    }
}
function scenario(): array {
    $log = [];
    $fibers = [];
    foreach (['a' => 0, 'b' => 1, 'c' => 2, 'd' => 3, 'e' => 5] as $tag => $depth) {
        $payload = ['tag' => $tag, 'list' => range(1, 20), 'deep' => [[[[[[[[[[[[$tag]]]]]]]]]]]]];
        $fibers[$tag] = new Fiber(function () use ($depth, $tag, $payload) {
            return json_encode(['root' => new Node($depth, $tag, $payload), 'after' => str_repeat($tag, 5000)]);
        });
        $log[] = $fibers[$tag]->start();
        // The main stack encodes while fibers hold spaces.
        $log[] = json_encode(['main' => $tag, 'n' => new Node(2, "m$tag", [1, 2], false)]);
    }
    foreach (['c', 'a', 'e', 'b', 'd'] as $i => $tag) {
        $fibers[$tag]->resume("resume $i");
        $log[] = $fibers[$tag]->getReturn();
        $log[] = json_encode(['between' => $i, 'deep' => [[[[[[[[[[1]]]]]]]]]]]);
    }
    return $log;
}
function run(string $on): array {
    ini_set('rustjson.enabled', $on);
    try {
        $r = scenario();
    } catch (Throwable $e) {
        $r = [get_class($e) . ': ' . $e->getMessage()];
    }
    ini_set('rustjson.enabled', '1');
    return $r;
}
$stock = run('0');
$ours = run('1');
echo count($stock), " entries, ", $stock === $ours ? "same as stock" : "DIFFERENT", "\n";
if ($stock !== $ours) {
    foreach ($stock as $i => $s) {
        if (($ours[$i] ?? null) !== $s) {
            echo "#$i stock: ", substr(var_export($s, true), 0, 200), "\n#$i rustjson: ", substr(var_export($ours[$i] ?? null, true), 0, 200), "\n";
        }
    }
}
// Again (the pool's spaces are reused now).
echo md5(serialize(run('1'))) === md5(serialize($stock)) ? "repeat same\n" : "repeat differs\n";
?>
--EXPECT--
20 entries, same as stock
repeat same
