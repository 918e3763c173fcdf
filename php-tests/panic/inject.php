<?php
/*
 * make test-panic (mk/encode.mk): run with the panic-inject build of rustjson
 * (cargo feature panic-inject), which registers rustjson_panic_inject($n): the
 * walk panics at the n-th injection point it reaches.
 *
 * For each value and each point n until the walk no longer reaches it:
 *   - json_encode() throws the Error that functions.rs's catch raises;
 *   - the same value encodes again exactly as stock json_encode() does
 *     (recursion marks cleared: no spurious "Recursion detected");
 *   - debug_zval_dump() of the value is what it was (refcounts given back);
 *   - destructors run when the value goes (no reference kept);
 *   - memory_get_usage() is back where it was (output buffer freed).
 * Exits 1 on the first failure; prints "test-panic: N checks passed".
 */
if (!function_exists('rustjson_panic_inject')) {
    fwrite(STDERR, "test-panic: rustjson_panic_inject() missing (not the panic-inject build)\n");
    exit(1);
}
$quick = in_array('--quick', $argv, true);

function stock(mixed $v, int $flags): string|false {
    ini_set('rustjson.enabled', '0');
    try { return json_encode($v, $flags); } finally { ini_set('rustjson.enabled', '1'); }
}
function dump(mixed $v): string { ob_start(); debug_zval_dump($v); return ob_get_clean(); }

class Plain { public $a; public $b = 'b'; public function __construct($a) { $this->a = $a; } }
#[AllowDynamicProperties]
class WithTable { public $x = 1; }
class Ser implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
class SerThis implements JsonSerializable {
    public $p = [1, 2];
    public function jsonSerialize(): mixed { return $this; }
}
class Dtor { public static int $alive = 0; public $v; function __construct($v) { $this->v = $v; self::$alive++; } function __destruct() { self::$alive--; } }

$one = (int) '1';
function make(int $one): array {
    $t = new WithTable(); $t->dyn = [$one, 'x'];           // a materialized property table
    $deep = [$one];
    for ($i = 0; $i < 140; $i++) { $deep = ['d' => $deep, 'n' => $i]; }   // past the inline fast frames (the deep block)
    $deeper = [new Plain($one)];                                           // the object holds every pending frame
    for ($i = 0; $i < 200; $i++) { $deeper = [$deeper, $i]; }              // two deep steps past the inline ones
    $chain = [new Plain([$one]), [$one]];
    for ($i = 0; $i < 150; $i++) { $chain = $i % 50 ? [$i, $chain] : ['m' => $chain]; } // list chains (entered in a loop), past the inline frames
    return [
        'list' => [[$one, 2, [3, [$one, 'four']]], ['k' => [$one]]],
        'objects' => [new Plain([$one, new Plain(['z' => $one])]), $t],
        'ser' => new Ser(['inner' => [$one, new Plain($one)], new Ser([$one])]),
        'this' => new SerThis(),
        'dtor' => new Dtor([$one, [$one]]),
        'deep' => $deep,
        'deeper' => $deeper,
        'chain' => $chain,
        'str' => "caf\u{e9} \"q\" " . $one,
    ];
}

$checks = 0;
$fail = function (string $what) { fwrite(STDERR, "test-panic: FAIL: $what\n"); exit(1); };
$flagsets = $quick ? [0] : [0, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_FORCE_OBJECT | JSON_UNESCAPED_UNICODE];
foreach ($flagsets as $flags) {
    $v = make($one);
    $expect = stock($v, $flags);
    $dump = dump($v);
    if (json_encode($v, $flags) !== $expect) $fail("flags $flags: no-panic output differs from stock");
    $again = $r = $threw = $e = null;
    $mem0 = memory_get_usage();
    $step = $quick ? 7 : 1;
    for ($n = 1; ; $n += $step) {
        rustjson_panic_inject($n);
        $threw = null;
        try { $r = json_encode($v, $flags); } catch (Error $e) { $threw = $e; }
        rustjson_panic_inject(0);
        if ($threw === null) {
            if ($n === 1) $fail("flags $flags: no injection point reached");
            break;   // past the last point
        }
        if (get_class($threw) !== 'Error' || $threw->getMessage() !== 'rustjson: internal error (please report)') {
            $fail("flags $flags, point $n: unexpected " . get_class($threw) . ': ' . $threw->getMessage());
        }
        unset($threw, $e);   // their traces hold the call's arguments
        $again = json_encode($v, $flags);
        if ($again !== $expect) $fail("flags $flags, point $n: output after the panic differs from stock");
        if (json_last_error() !== 0) $fail("flags $flags, point $n: json_last_error " . json_last_error());
        if (dump($v) !== $dump) $fail("flags $flags, point $n: refcounts/values changed:\n" . dump($v) . "\nvs\n$dump");
        $checks++;
    }
    if ($n < 20) $fail("flags $flags: only $n injection points reached");
    $again = $r = $threw = $e = null;
    gc_collect_cycles();
    if (memory_get_usage() !== $mem0) $fail("flags $flags: memory " . memory_get_usage() . " vs $mem0 (a buffer or value leaked)");
    unset($v);
    gc_collect_cycles();
    if (Dtor::$alive !== 0) $fail("flags $flags: " . Dtor::$alive . ' object(s) not destroyed (a reference kept)');
}
echo "test-panic: $checks checks passed\n";
