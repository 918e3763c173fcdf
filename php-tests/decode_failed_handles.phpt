--TEST--
json_decode(): after a FAILED decode in object mode, objects created later get stock's handles (stock makes each stdClass when its first member completes, or at a `{` not followed by a string token, and frees what its parser stack holds top-down; tools/decode/handles.php) (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Every object is kept, so the free list is empty before each call: the
// objects made after it show which handles the call left on the free list
// (relative to an object made just before), in which order.
$keep = [];
function after(int $base, int $k = 6): string {
    global $keep;
    $r = '';
    for ($i = 0; $i < $k; $i++) {
        $o = new stdClass();
        $keep[] = $o;
        $r .= (spl_object_id($o) - $base) . ' ';
    }
    return $r;
}
function run(string $doc, int $depth = 512, int $flags = 0, string $label = ''): void {
    global $keep;
    $o = new stdClass();
    $base = spl_object_id($o);
    $keep[] = $o;
    unset($o);
    $exc = '';
    try {
        $v = json_decode($doc, false, $depth, $flags);
    } catch (JsonException $e) {
        $exc = ' exception ' . $e->getCode() . ' at ' . (spl_object_id($e) - $base);
        unset($e);
    }
    $err = json_last_error();
    unset($v);
    echo ($label !== '' ? $label : rj_label($doc)), " depth=$depth flags=$flags: E$err$exc -> ", after($base), "\n";
}
$docs = [
    '{"a":{}', '{"a":1 x', "{\"a\":{\"b\":1},\"\xff\":1}", '{x', '{', '{]', "{\"\xff\":1}", '{1}', '{,',
    '{"a":{"b":{}}}}', '[{"a":1},{"b":{"c":1}},{x', '{"a":1', '{"a"', '{"a":', '[{}', '{"a":1,}',
    '{"a":{},"a":{}, x', '{"a":{"b":{}},"a":1,', '{"\u0000":{"a":{}}}', '[{"a":1},{"\u0000":{"b":{}}}]',
    '[{"a":{"b":1}},{"c":{}}', '{"a":[{},{"b":{}}],"c":{"d":1}', '{"a":{}}x', '[{"x":{"y":{}},"z":{}}]]',
    '{"a":{"b":"\ud800"}}', '{"a":{"b":"\x"}}', "{\"a\":{\"b\":\"\x01\"}}", '{"a":{},"b":[{"c":{}}],"d":tru}',
    '{"a":{"b":{}},"c":{"\u0000x":{"d":{}},"e":1}}', '{"a":{},"b":{}]',
];
foreach ($docs as $d) {
    run($d);
}
// Depth errors (E1) with objects made before the error.
run('{"a":{},"b":[{"c":{"d":{}}}]}', 3);
run('[{"a":{}},{"b":{"c":[]}}]', 3);
run('{"a":{"b":{}},"c":{"d":{"e":1}}}', 3, JSON_THROW_ON_ERROR);
// Invalid UTF-8 with and without the INVALID_UTF8 flags.
foreach ([0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $f) {
    run("{\"a\":{\"b\":{}},\"c\":{\"\xff\":{}}, x", 512, $f);
    run("{\"a\":{\"b\":{}},\"c\xff\":{\"d\":{}}", 512, $f | JSON_THROW_ON_ERROR);
}
// An object of more than 64 members in which duplicate names replace
// objects and an array (stock frees each at the duplicate), then an error.
$big = '{';
for ($i = 0; $i < 66; $i++) {
    $big .= "\"m$i\":" . ($i % 7 == 0 ? '{"x":{}}' : $i) . ',';
}
$big .= '"m3":{},"m0":{"y":1},"m0":[{}],"z":{"w":{}}';
run($big . ']', 512, 0, 'big]');
run($big . '}x', 512, 0, 'big}x');
run('[' . $big . '},{"q":' . $big . ',"m1":{}}}', 512, 0, '[big,{q:big,dup}}');
run('[' . $big . '},{"q":' . $big . ',"m1":{}}]', 512, 0, '[big,{q:big,dup}]');
// Bison's stack cutoff (E4) right at an object's `{`, `}` or first key.
foreach ([['[', 4997], ['[', 4998], ['{"k":', 2498], ['{"k":', 2499], ['[{"a":{}},', 2498], ['[{"a":{}},', 2499]] as [$pre, $k]) {
    foreach (['}', ']', '"a":{}', '"a"', 'x'] as $tail) {
        run(str_repeat($pre, $k) . '{' . $tail, 100000, 0, "$pre x $k + {" . $tail);
    }
}
--EXPECT--
{"a":{} depth=512 flags=0: E4 -> 2 1 3 4 5 6 
{"a":1 x depth=512 flags=0: E4 -> 1 2 3 4 5 6 
x:7b2261223a7b2262223a317d2c22ff223a317d depth=512 flags=0: E5 -> 2 1 3 4 5 6 
{x depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{ depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{] depth=512 flags=0: E2 -> 1 2 3 4 5 6 
x:7b22ff223a317d depth=512 flags=0: E5 -> 1 2 3 4 5 6 
{1} depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{, depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{"a":{"b":{}}}} depth=512 flags=0: E4 -> 3 2 1 4 5 6 
[{"a":1},{"b":{"c":1}},{x depth=512 flags=0: E4 -> 3 2 1 4 5 6 
{"a":1 depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{"a" depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{"a": depth=512 flags=0: E4 -> 1 2 3 4 5 6 
[{} depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{"a":1,} depth=512 flags=0: E4 -> 1 2 3 4 5 6 
{"a":{},"a":{}, x depth=512 flags=0: E4 -> 2 3 1 4 5 6 
{"a":{"b":{}},"a":1, depth=512 flags=0: E4 -> 3 2 1 4 5 6 
{"\u0000":{"a":{}}} depth=512 flags=0: E9 -> 3 2 1 4 5 6 
[{"a":1},{"\u0000":{"b":{}}}] depth=512 flags=0: E9 -> 1 4 3 2 5 6 
[{"a":{"b":1}},{"c":{}} depth=512 flags=0: E4 -> 4 3 2 1 5 6 
{"a":[{},{"b":{}}],"c":{"d":1} depth=512 flags=0: E4 -> 4 5 3 2 1 6 
{"a":{}}x depth=512 flags=0: E4 -> 2 1 3 4 5 6 
[{"x":{"y":{}},"z":{}}]] depth=512 flags=0: E4 -> 3 4 2 1 5 6 
{"a":{"b":"\ud800"}} depth=512 flags=0: E10 -> 1 2 3 4 5 6 
{"a":{"b":"\x"}} depth=512 flags=0: E4 -> 1 2 3 4 5 6 
x:7b2261223a7b2262223a2201227d7d depth=512 flags=0: E3 -> 1 2 3 4 5 6 
{"a":{},"b":[{"c":{}}],"d":tru} depth=512 flags=0: E4 -> 2 4 3 1 5 6 
{"a":{"b":{}},"c":{"\u0000x":{"d":{}},"e":1}} depth=512 flags=0: E9 -> 3 2 1 6 5 4 
{"a":{},"b":{}] depth=512 flags=0: E2 -> 2 3 1 4 5 6 
{"a":{},"b":[{"c":{"d":{}}}]} depth=3 flags=0: E1 -> 2 1 3 4 5 6 
[{"a":{}},{"b":{"c":[]}}] depth=3 flags=0: E1 -> 1 2 3 4 5 6 
{"a":{"b":{}},"c":{"d":{"e":1}}} depth=3 flags=4194304: E1 exception 1 at 1 -> 1 2 3 4 5 6 
x:7b2261223a7b2262223a7b7d7d2c2263223a7b22ff223a7b7d7d2c2078 depth=512 flags=0: E5 -> 3 2 1 4 5 6 
x:7b2261223a7b2262223a7b7d7d2c2263ff223a7b2264223a7b7d7d depth=512 flags=4194304: E5 exception 5 at 3 -> 3 2 1 4 5 6 
x:7b2261223a7b2262223a7b7d7d2c2263223a7b22ff223a7b7d7d2c2078 depth=512 flags=1048576: E4 -> 3 5 4 2 1 6 
x:7b2261223a7b2262223a7b7d7d2c2263ff223a7b2264223a7b7d7d depth=512 flags=5242880: E4 exception 4 at 3 -> 3 5 4 2 1 6 
x:7b2261223a7b2262223a7b7d7d2c2263223a7b22ff223a7b7d7d2c2078 depth=512 flags=2097152: E4 -> 3 5 4 2 1 6 
x:7b2261223a7b2262223a7b7d7d2c2263ff223a7b2264223a7b7d7d depth=512 flags=6291456: E4 exception 4 at 3 -> 3 5 4 2 1 6 
big] depth=512 flags=0: E2 -> 3 1 23 21 20 19 
big}x depth=512 flags=0: E4 -> -3 -1 12 10 9 8 
[big,{q:big,dup}} depth=512 flags=0: E4 -> 37 15 13 35 33 32 
[big,{q:big,dup}] depth=512 flags=0: E2 -> -3 -1 -22 -19 -32 -34 
[ x 4997 + {} depth=100000 flags=0: E4 -> 22 20 2 3 4 5 
[ x 4997 + {] depth=100000 flags=0: E2 -> 1 2 3 4 5 6 
[ x 4997 + {"a":{} depth=100000 flags=0: E4 -> -17 2 17 -21 -19 15 
[ x 4997 + {"a" depth=100000 flags=0: E4 -> -1 -2 -63 -29 -61 -60 
[ x 4997 + {x depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
[ x 4998 + {} depth=100000 flags=0: E4 -> 1 16 3 53 55 19 
[ x 4998 + {] depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
[ x 4998 + {"a":{} depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
[ x 4998 + {"a" depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
[ x 4998 + {x depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2498 + {} depth=100000 flags=0: E4 -> 2 1 3 4 5 6 
{"k": x 2498 + {] depth=100000 flags=0: E2 -> 1 2 3 4 5 6 
{"k": x 2498 + {"a":{} depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2498 + {"a" depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2498 + {x depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2499 + {} depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2499 + {] depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2499 + {"a":{} depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2499 + {"a" depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
{"k": x 2499 + {x depth=100000 flags=0: E4 -> 1 2 3 4 5 6 
[{"a":{}}, x 2498 + {} depth=100000 flags=0: E4 -> 2 1 4 3 6 5 
[{"a":{}}, x 2498 + {] depth=100000 flags=0: E2 -> 2 -1 4 1 6 3 
[{"a":{}}, x 2498 + {"a":{} depth=100000 flags=0: E4 -> 2 -3 4 -1 6 1 
[{"a":{}}, x 2498 + {"a" depth=100000 flags=0: E4 -> 2 -5 4 -3 6 -1 
[{"a":{}}, x 2498 + {x depth=100000 flags=0: E4 -> 2 -7 4 -5 6 -3 
[{"a":{}}, x 2499 + {} depth=100000 flags=0: E4 -> 2 -9 4 -7 6 -5 
[{"a":{}}, x 2499 + {] depth=100000 flags=0: E4 -> 2 -11 4 -9 6 -7 
[{"a":{}}, x 2499 + {"a":{} depth=100000 flags=0: E4 -> 2 -13 4 -11 6 -9 
[{"a":{}}, x 2499 + {"a" depth=100000 flags=0: E4 -> 2 -15 4 -13 6 -11 
[{"a":{}}, x 2499 + {x depth=100000 flags=0: E4 -> 2 -17 4 -15 6 -13 
