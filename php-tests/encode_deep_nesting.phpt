--TEST--
json_encode(): deep nesting around the fast frames' limits (128/129, every 32 levels past them, 256, 511/512/513) against stock: output bytes, error codes, with and without PARTIAL_OUTPUT_ON_ERROR and PRETTY_PRINT, other $depth values, objects and maps at depth, recursion, a json_encode() inside jsonSerialize() inside a deep walk
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

// Large outputs print as length and md5; the result itself is compared through them.
function show(string $label, mixed $value, int $flags = 0, int $depth = 512): void
{
    try {
        $r = json_encode($value, $flags, $depth);
        $out = is_string($r) ? strlen($r) . ' ' . md5($r) . ' ' . substr($r, 0, 6) . '..' . substr($r, -6) : rj_res($r);
        echo $label, ': ', $out, ' #', json_last_error(), "\n";
    } catch (Throwable $e) {
        echo $label, ': ', get_class($e), '(', $e->getCode(), '): ', $e->getMessage(), ' #', json_last_error(), "\n";
    }
}

/** $n nested one-element lists around $leaf. */
function nest(int $n, mixed $leaf = 1): array
{
    $v = [$leaf];
    for ($i = 1; $i < $n; $i++) {
        $v = [$v];
    }
    return $v;
}

$flagsets = [
    'c' => 0,
    'p' => JSON_PARTIAL_OUTPUT_ON_ERROR,
    'pp' => JSON_PRETTY_PRINT,
    'ppp' => JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR,
];

echo "== pure nests, default depth and depths around the nest\n";
foreach ([1, 127, 128, 129, 130, 159, 160, 161, 162, 192, 193, 255, 256, 257, 300, 510, 511, 512, 513, 600] as $n) {
    $v = nest($n);
    foreach ($flagsets as $fn => $f) {
        show("n=$n $fn", $v, $f);
        if ($n > 1 && $fn !== 'pp' && $fn !== 'ppp') {
            foreach ([$n - 1, $n, $n + 1, 129, 160] as $d) {
                show("n=$n $fn depth=$d", $v, $f, $d);
            }
        }
    }
}

echo "== JSON_THROW_ON_ERROR at depth\n";
foreach ([511, 512, 513] as $n) {
    show("n=$n throw", nest($n), JSON_THROW_ON_ERROR);
    show("n=$n throw+partial", nest($n), JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR);
}

echo "== maps, objects, FORCE_OBJECT at depth\n";
$m = ['k' => 'leaf'];
for ($i = 0; $i < 400; $i++) {
    $m = $i % 3 === 0 ? ['a' => $m, 'b' => $i] : ($i % 3 === 1 ? [$i, $m] : (object)['o' => $m]);
}
foreach ($flagsets as $fn => $f) {
    show("mixed $fn", $m, $f);
    show("mixed $fn force", $m, $f | JSON_FORCE_OBJECT);
    show("mixed $fn depth=300", $m, $f, 300);
}
$o = new stdClass;
$o->x = nest(200, 'deep');
show('object then nest', nest(200, $o));
show('object then nest partial depth=390', nest(200, $o), JSON_PARTIAL_OUTPUT_ON_ERROR, 390);
show('object then nest depth=390', nest(200, $o), 0, 390);

echo "== wide and deep (one walk descends many times)\n";
$w = [];
for ($i = 0; $i < 5; $i++) {
    $w[] = nest(150 + 100 * $i, $i);
}
foreach ($flagsets as $fn => $f) {
    show("wide $fn", $w, $f);
    show("wide $fn depth=400", $w, $f, 400);
}

echo "== errors below the deep frames\n";
foreach ([130, 200, 400, 511] as $n) {
    foreach (['p' => JSON_PARTIAL_OUTPUT_ON_ERROR, 'c' => 0] as $fn => $f) {
        show("n=$n bad utf8 $fn", nest($n, ["ok", "\xff", 1.5]), $f);
        show("n=$n nan $fn", nest($n, [NAN, 2]), $f);
        show("n=$n resource $fn", nest($n, [STDIN, 3]), $f);
    }
}

echo "== recursion at depth\n";
foreach ([100, 200, 400] as $n) {
    $r = [1];
    $r[] = &$r;
    foreach (['p' => JSON_PARTIAL_OUTPUT_ON_ERROR, 'c' => 0] as $fn => $f) {
        show("n=$n array cycle $fn", nest($n, $r), $f);
        show("n=$n array cycle $fn depth=2000", nest($n, $r), $f, 2000);
    }
    $c = new stdClass;
    $c->self = $c;
    foreach (['p' => JSON_PARTIAL_OUTPUT_ON_ERROR, 'c' => 0] as $fn => $f) {
        show("n=$n object cycle $fn", nest($n, $c), $f);
    }
    unset($r);
}
// The same array twice at depth is no recursion.
$s = nest(150);
show('shared twice', [nest(100, $s), nest(200, $s)]);

echo "== json_encode() inside jsonSerialize() inside a deep walk\n";
class Inner implements JsonSerializable
{
    public function __construct(private int $n, private int $flags) {}
    public function jsonSerialize(): mixed
    {
        $r = json_encode(nest($this->n), $this->flags);
        return [strlen((string)$r), md5((string)$r), json_last_error(), nest($this->n, 'x')];
    }
}
foreach ([[200, 300], [300, 150], [130, 600]] as [$outer, $inner]) {
    foreach (['c' => 0, 'p' => JSON_PARTIAL_OUTPUT_ON_ERROR] as $fn => $f) {
        show("outer=$outer inner=$inner $fn", nest($outer, new Inner($inner, $f)), $f);
        show("outer=$outer inner=$inner $fn depth=1000", nest($outer, new Inner($inner, $f)), $f, 1000);
    }
}

echo "== the values are unchanged afterwards\n";
$v = nest(400);
$before = serialize($v);
json_encode($v);
json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR, 300);
var_dump(serialize($v) === $before, json_encode($v) === json_encode(nest(400)));
?>
--EXPECT--
== pure nests, default depth and depths around the nest
n=1 c: 3 35dba5d75538a9bbe0b4da4422759a0e [1]..[1] #0
n=1 p: 3 35dba5d75538a9bbe0b4da4422759a0e [1]..[1] #0
n=1 pp: 9 ab702e04c78d087b80caed6a4bedadc7 [
    ..   1
] #0
n=1 ppp: 9 ab702e04c78d087b80caed6a4bedadc7 [
    ..   1
] #0
n=127 c: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 c depth=126: false #1
n=127 c depth=127: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 c depth=128: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 c depth=129: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 c depth=160: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 p: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 p depth=126: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #1
n=127 p depth=127: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 p depth=128: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 p depth=129: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 p depth=160: 255 740eecc34325b7892ff58fbc46612dc9 [[[[[[..]]]]]] #0
n=127 pp: 65025 b683682366288effd264e7198d65a7e6 [
    ..   ]
] #0
n=127 ppp: 65025 b683682366288effd264e7198d65a7e6 [
    ..   ]
] #0
n=128 c: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 c depth=127: false #1
n=128 c depth=128: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 c depth=129: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 c depth=129: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 c depth=160: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 p: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 p depth=127: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #1
n=128 p depth=128: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 p depth=129: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 p depth=129: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 p depth=160: 257 e7d0c47da8dc241a7e39267da5f16e71 [[[[[[..]]]]]] #0
n=128 pp: 66049 82eb190fb1ca8db3526e40b9991c6bca [
    ..   ]
] #0
n=128 ppp: 66049 82eb190fb1ca8db3526e40b9991c6bca [
    ..   ]
] #0
n=129 c: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 c depth=128: false #1
n=129 c depth=129: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 c depth=130: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 c depth=129: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 c depth=160: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 p: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 p depth=128: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #1
n=129 p depth=129: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 p depth=130: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 p depth=129: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 p depth=160: 259 ccfbedb14204efecaeca6cde31e74d77 [[[[[[..]]]]]] #0
n=129 pp: 67081 c8d7f3ff90229e7762ce6f5584af0044 [
    ..   ]
] #0
n=129 ppp: 67081 c8d7f3ff90229e7762ce6f5584af0044 [
    ..   ]
] #0
n=130 c: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 c depth=129: false #1
n=130 c depth=130: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 c depth=131: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 c depth=129: false #1
n=130 c depth=160: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 p: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 p depth=129: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #1
n=130 p depth=130: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 p depth=131: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 p depth=129: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #1
n=130 p depth=160: 261 5aac92f71278db41b5a0a63b3eba623c [[[[[[..]]]]]] #0
n=130 pp: 68121 9b132a17612fdcb9e1be177f4be6b01c [
    ..   ]
] #0
n=130 ppp: 68121 9b132a17612fdcb9e1be177f4be6b01c [
    ..   ]
] #0
n=159 c: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 c depth=158: false #1
n=159 c depth=159: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 c depth=160: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 c depth=129: false #1
n=159 c depth=160: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 p: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 p depth=158: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #1
n=159 p depth=159: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 p depth=160: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 p depth=129: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #1
n=159 p depth=160: 319 81b66db68823a47facaff26cb6880089 [[[[[[..]]]]]] #0
n=159 pp: 101761 3d810be5adb555475091d79c0d82316b [
    ..   ]
] #0
n=159 ppp: 101761 3d810be5adb555475091d79c0d82316b [
    ..   ]
] #0
n=160 c: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 c depth=159: false #1
n=160 c depth=160: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 c depth=161: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 c depth=129: false #1
n=160 c depth=160: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 p: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 p depth=159: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #1
n=160 p depth=160: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 p depth=161: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 p depth=129: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #1
n=160 p depth=160: 321 43c8db5844cb49433a117066e2562f23 [[[[[[..]]]]]] #0
n=160 pp: 103041 45af8c41698f58fbe3f887a1cda0dba6 [
    ..   ]
] #0
n=160 ppp: 103041 45af8c41698f58fbe3f887a1cda0dba6 [
    ..   ]
] #0
n=161 c: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #0
n=161 c depth=160: false #1
n=161 c depth=161: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #0
n=161 c depth=162: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #0
n=161 c depth=129: false #1
n=161 c depth=160: false #1
n=161 p: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #0
n=161 p depth=160: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #1
n=161 p depth=161: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #0
n=161 p depth=162: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #0
n=161 p depth=129: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #1
n=161 p depth=160: 323 207c6ee388e6c281219456fa9c8b01af [[[[[[..]]]]]] #1
n=161 pp: 104329 253e3cf14f4b5cd4366a3a9eae734df0 [
    ..   ]
] #0
n=161 ppp: 104329 253e3cf14f4b5cd4366a3a9eae734df0 [
    ..   ]
] #0
n=162 c: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #0
n=162 c depth=161: false #1
n=162 c depth=162: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #0
n=162 c depth=163: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #0
n=162 c depth=129: false #1
n=162 c depth=160: false #1
n=162 p: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #0
n=162 p depth=161: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #1
n=162 p depth=162: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #0
n=162 p depth=163: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #0
n=162 p depth=129: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #1
n=162 p depth=160: 325 8fa9d5ab5f891395e92e6f9694c9d899 [[[[[[..]]]]]] #1
n=162 pp: 105625 10550026f23964fe9cd534a6df1130be [
    ..   ]
] #0
n=162 ppp: 105625 10550026f23964fe9cd534a6df1130be [
    ..   ]
] #0
n=192 c: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #0
n=192 c depth=191: false #1
n=192 c depth=192: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #0
n=192 c depth=193: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #0
n=192 c depth=129: false #1
n=192 c depth=160: false #1
n=192 p: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #0
n=192 p depth=191: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #1
n=192 p depth=192: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #0
n=192 p depth=193: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #0
n=192 p depth=129: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #1
n=192 p depth=160: 385 af4f9ed6efeab2dfb61c87051f0669c9 [[[[[[..]]]]]] #1
n=192 pp: 148225 4c31d14e3bba0548bbad87257a403f31 [
    ..   ]
] #0
n=192 ppp: 148225 4c31d14e3bba0548bbad87257a403f31 [
    ..   ]
] #0
n=193 c: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #0
n=193 c depth=192: false #1
n=193 c depth=193: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #0
n=193 c depth=194: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #0
n=193 c depth=129: false #1
n=193 c depth=160: false #1
n=193 p: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #0
n=193 p depth=192: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #1
n=193 p depth=193: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #0
n=193 p depth=194: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #0
n=193 p depth=129: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #1
n=193 p depth=160: 387 dda6cc85c4ffc936c7a99863ddb487f0 [[[[[[..]]]]]] #1
n=193 pp: 149769 bef92fd594e351ddd102ceb6e0a3b9c5 [
    ..   ]
] #0
n=193 ppp: 149769 bef92fd594e351ddd102ceb6e0a3b9c5 [
    ..   ]
] #0
n=255 c: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #0
n=255 c depth=254: false #1
n=255 c depth=255: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #0
n=255 c depth=256: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #0
n=255 c depth=129: false #1
n=255 c depth=160: false #1
n=255 p: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #0
n=255 p depth=254: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #1
n=255 p depth=255: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #0
n=255 p depth=256: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #0
n=255 p depth=129: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #1
n=255 p depth=160: 511 b66bc3cf876fff5ca4cefc8889001080 [[[[[[..]]]]]] #1
n=255 pp: 261121 c8400bae6461a2aa704aea3748cc80c8 [
    ..   ]
] #0
n=255 ppp: 261121 c8400bae6461a2aa704aea3748cc80c8 [
    ..   ]
] #0
n=256 c: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #0
n=256 c depth=255: false #1
n=256 c depth=256: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #0
n=256 c depth=257: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #0
n=256 c depth=129: false #1
n=256 c depth=160: false #1
n=256 p: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #0
n=256 p depth=255: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #1
n=256 p depth=256: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #0
n=256 p depth=257: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #0
n=256 p depth=129: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #1
n=256 p depth=160: 513 97d783e8022fb7fdbc9b0cca3cd2954b [[[[[[..]]]]]] #1
n=256 pp: 263169 59bd9897b2583a8ff78e8524db38f026 [
    ..   ]
] #0
n=256 ppp: 263169 59bd9897b2583a8ff78e8524db38f026 [
    ..   ]
] #0
n=257 c: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #0
n=257 c depth=256: false #1
n=257 c depth=257: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #0
n=257 c depth=258: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #0
n=257 c depth=129: false #1
n=257 c depth=160: false #1
n=257 p: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #0
n=257 p depth=256: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #1
n=257 p depth=257: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #0
n=257 p depth=258: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #0
n=257 p depth=129: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #1
n=257 p depth=160: 515 0e78f945b1274bc576aa583784fd1bde [[[[[[..]]]]]] #1
n=257 pp: 265225 5d30f0fb228c5d369755261b92890837 [
    ..   ]
] #0
n=257 ppp: 265225 5d30f0fb228c5d369755261b92890837 [
    ..   ]
] #0
n=300 c: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #0
n=300 c depth=299: false #1
n=300 c depth=300: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #0
n=300 c depth=301: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #0
n=300 c depth=129: false #1
n=300 c depth=160: false #1
n=300 p: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #0
n=300 p depth=299: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #1
n=300 p depth=300: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #0
n=300 p depth=301: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #0
n=300 p depth=129: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #1
n=300 p depth=160: 601 3416a6669b2931b7f5c77af887f79de8 [[[[[[..]]]]]] #1
n=300 pp: 361201 b4057a706f2718b663a09d2e0d97603b [
    ..   ]
] #0
n=300 ppp: 361201 b4057a706f2718b663a09d2e0d97603b [
    ..   ]
] #0
n=510 c: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #0
n=510 c depth=509: false #1
n=510 c depth=510: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #0
n=510 c depth=511: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #0
n=510 c depth=129: false #1
n=510 c depth=160: false #1
n=510 p: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #0
n=510 p depth=509: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #1
n=510 p depth=510: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #0
n=510 p depth=511: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #0
n=510 p depth=129: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #1
n=510 p depth=160: 1021 bafe3b64ecd7907b0e90adc1d8edb5f1 [[[[[[..]]]]]] #1
n=510 pp: 1042441 35f8f2b928585f25deca37bff31a3619 [
    ..   ]
] #0
n=510 ppp: 1042441 35f8f2b928585f25deca37bff31a3619 [
    ..   ]
] #0
n=511 c: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=511 c depth=510: false #1
n=511 c depth=511: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=511 c depth=512: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=511 c depth=129: false #1
n=511 c depth=160: false #1
n=511 p: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=511 p depth=510: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #1
n=511 p depth=511: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=511 p depth=512: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=511 p depth=129: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #1
n=511 p depth=160: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #1
n=511 pp: 1046529 347c4b468243d86027dc807b7364f98b [
    ..   ]
] #0
n=511 ppp: 1046529 347c4b468243d86027dc807b7364f98b [
    ..   ]
] #0
n=512 c: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 c depth=511: false #1
n=512 c depth=512: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 c depth=513: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 c depth=129: false #1
n=512 c depth=160: false #1
n=512 p: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 p depth=511: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #1
n=512 p depth=512: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 p depth=513: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 p depth=129: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #1
n=512 p depth=160: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #1
n=512 pp: 1050625 e335a5b6b20a1f22e0d2a7eed5117beb [
    ..   ]
] #0
n=512 ppp: 1050625 e335a5b6b20a1f22e0d2a7eed5117beb [
    ..   ]
] #0
n=513 c: false #1
n=513 c depth=512: false #1
n=513 c depth=513: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #0
n=513 c depth=514: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #0
n=513 c depth=129: false #1
n=513 c depth=160: false #1
n=513 p: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #1
n=513 p depth=512: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #1
n=513 p depth=513: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #0
n=513 p depth=514: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #0
n=513 p depth=129: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #1
n=513 p depth=160: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #1
n=513 pp: false #1
n=513 ppp: 1054729 a65c507c16b9009960e57fed426e4ed5 [
    ..   ]
] #1
n=600 c: false #1
n=600 c depth=599: false #1
n=600 c depth=600: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #0
n=600 c depth=601: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #0
n=600 c depth=129: false #1
n=600 c depth=160: false #1
n=600 p: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #1
n=600 p depth=599: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #1
n=600 p depth=600: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #0
n=600 p depth=601: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #0
n=600 p depth=129: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #1
n=600 p depth=160: 1201 b6d1b462178c59a79e0dff95fe30e325 [[[[[[..]]]]]] #1
n=600 pp: false #1
n=600 ppp: 1442401 f0e34a44937b778d87ff050b75f67f75 [
    ..   ]
] #1
== JSON_THROW_ON_ERROR at depth
n=511 throw: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #1
n=511 throw+partial: 1023 0e2a603a451a2d715ea540ca3af3dad7 [[[[[[..]]]]]] #0
n=512 throw: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=512 throw+partial: 1025 6bdb55fa714446cf5908469f6ba55c11 [[[[[[..]]]]]] #0
n=513 throw: JsonException(1): Maximum stack depth exceeded #0
n=513 throw+partial: 1027 ae50c700cf6ba898d8555eef116d07f5 [[[[[[..]]]]]] #1
== maps, objects, FORCE_OBJECT at depth
mixed c: 3410 66d933f4306c1e1b2ee8584a52d6f706 {"a":{..":399} #0
mixed c force: 4474 d7eb9af99ff159d80e8529e24bba0904 {"a":{..":399} #0
mixed c depth=300: false #1
mixed p: 3410 66d933f4306c1e1b2ee8584a52d6f706 {"a":{..":399} #0
mixed p force: 4474 d7eb9af99ff159d80e8529e24bba0904 {"a":{..":399} #0
mixed p depth=300: 3410 66d933f4306c1e1b2ee8584a52d6f706 {"a":{..":399} #1
mixed pp: 862485 9abd7ff0903f1c9890ee289c0136608e {
    .. 399
} #0
mixed pp force: 863815 fddf9b9945825d30e306f098b3920b2a {
    .. 399
} #0
mixed pp depth=300: false #1
mixed ppp: 862485 9abd7ff0903f1c9890ee289c0136608e {
    .. 399
} #0
mixed ppp force: 863815 fddf9b9945825d30e306f098b3920b2a {
    .. 399
} #0
mixed ppp depth=300: 862485 9abd7ff0903f1c9890ee289c0136608e {
    .. 399
} #1
object then nest: 812 d25cd447a670314c688376d2fcbe0271 [[[[[[..]]]]]] #0
object then nest partial depth=390: 812 d25cd447a670314c688376d2fcbe0271 [[[[[[..]]]]]] #1
object then nest depth=390: false #1
== wide and deep (one walk descends many times)
wide c: false #1
wide c depth=400: false #1
wide p: 3511 45449c87a9b1ec79601b354226f947cc [[[[[[..]]]]]] #1
wide p depth=400: 3511 45449c87a9b1ec79601b354226f947cc [[[[[[..]]]]]] #1
wide pp: false #1
wide pp depth=400: false #1
wide ppp: 2871037 cf5d80500ee7f190fb6ad5fe61211e20 [
    ..   ]
] #1
wide ppp depth=400: 2871037 cf5d80500ee7f190fb6ad5fe61211e20 [
    ..   ]
] #1
== errors below the deep frames
n=130 bad utf8 p: 275 176e675301d5bfa22de71384209f8fba [[[[[[..]]]]]] #5
n=130 nan p: 265 418ae44c9c2a7b57e13eabbf8395a661 [[[[[[..]]]]]] #7
n=130 resource p: 268 5de0a4757db86e11745bf82b03f9c4ac [[[[[[..]]]]]] #8
n=130 bad utf8 c: false #5
n=130 nan c: false #7
n=130 resource c: false #8
n=200 bad utf8 p: 415 918f67b4d2e2b9b984883237a3fa838b [[[[[[..]]]]]] #5
n=200 nan p: 405 cc5cc2758714937d9b075ac502383370 [[[[[[..]]]]]] #7
n=200 resource p: 408 a164586d5eac655e569ba527fe9e7b02 [[[[[[..]]]]]] #8
n=200 bad utf8 c: false #5
n=200 nan c: false #7
n=200 resource c: false #8
n=400 bad utf8 p: 815 029582d21c00c6b7677710c990a4ec23 [[[[[[..]]]]]] #5
n=400 nan p: 805 f3548b094dc8022cc8829077ec553403 [[[[[[..]]]]]] #7
n=400 resource p: 808 0f100db7af2fbe63689d348cad05c084 [[[[[[..]]]]]] #8
n=400 bad utf8 c: false #5
n=400 nan c: false #7
n=400 resource c: false #8
n=511 bad utf8 p: 1037 ca37ede1f84425c53fb0bdc8e20ba96b [[[[[[..]]]]]] #5
n=511 nan p: 1027 8943022ca03d54e87159bcfe6a279f7a [[[[[[..]]]]]] #7
n=511 resource p: 1030 71efae76bf9d2d24c7dc01b0fc54adbb [[[[[[..]]]]]] #8
n=511 bad utf8 c: false #5
n=511 nan c: false #7
n=511 resource c: false #8
== recursion at depth
n=100 array cycle p: 208 4cf21dc732943bc5cadc9434f8c40225 [[[[[[..]]]]]] #6
n=100 array cycle p depth=2000: 208 4cf21dc732943bc5cadc9434f8c40225 [[[[[[..]]]]]] #6
n=100 array cycle c: false #6
n=100 array cycle c depth=2000: false #6
n=100 object cycle p: 213 4549da92429429faaa060e710763a27c [[[[[[..]]]]]] #6
n=100 object cycle c: false #6
n=200 array cycle p: 408 05058864099c5d6f156f787bef705deb [[[[[[..]]]]]] #6
n=200 array cycle p depth=2000: 408 05058864099c5d6f156f787bef705deb [[[[[[..]]]]]] #6
n=200 array cycle c: false #6
n=200 array cycle c depth=2000: false #6
n=200 object cycle p: 413 146a57f4c6eb3163a74b95da28da157e [[[[[[..]]]]]] #6
n=200 object cycle c: false #6
n=400 array cycle p: 808 5acecfb0c6343e4b38bc77f1175ce2e5 [[[[[[..]]]]]] #6
n=400 array cycle p depth=2000: 808 5acecfb0c6343e4b38bc77f1175ce2e5 [[[[[[..]]]]]] #6
n=400 array cycle c: false #6
n=400 array cycle c depth=2000: false #6
n=400 object cycle p: 813 67a740425e4527ff0fdb19a95f40eb60 [[[[[[..]]]]]] #6
n=400 object cycle c: false #6
shared twice: 1205 5eaa1b58bc912d70625c23ace070935a [[[[[[..]]]]]] #0
== json_encode() inside jsonSerialize() inside a deep walk
outer=200 inner=300 c: 1046 de79e12482e6a36e8560d8c2eea98763 [[[[[[..]]]]]] #0
outer=200 inner=300 c depth=1000: 1046 de79e12482e6a36e8560d8c2eea98763 [[[[[[..]]]]]] #0
outer=200 inner=300 p: 1046 de79e12482e6a36e8560d8c2eea98763 [[[[[[..]]]]]] #0
outer=200 inner=300 p depth=1000: 1046 de79e12482e6a36e8560d8c2eea98763 [[[[[[..]]]]]] #0
outer=300 inner=150 c: 946 c3bc8b201f89f65afba9922ce2049f97 [[[[[[..]]]]]] #0
outer=300 inner=150 c depth=1000: 946 c3bc8b201f89f65afba9922ce2049f97 [[[[[[..]]]]]] #0
outer=300 inner=150 p: 946 c3bc8b201f89f65afba9922ce2049f97 [[[[[[..]]]]]] #0
outer=300 inner=150 p depth=1000: 946 c3bc8b201f89f65afba9922ce2049f97 [[[[[[..]]]]]] #0
outer=130 inner=600 c: false #1
outer=130 inner=600 c depth=1000: 1504 eaaeb1609ea48c9530803a243a792cef [[[[[[..]]]]]] #0
outer=130 inner=600 p: 1507 7763a27a1c555b7523219820c9a7522e [[[[[[..]]]]]] #1
outer=130 inner=600 p depth=1000: 1507 7763a27a1c555b7523219820c9a7522e [[[[[[..]]]]]] #0
== the values are unchanged afterwards
bool(true)
bool(true)
