<?php
// Regenerates the double table of core/tests/number_table.rs from the PHP
// that runs it:  php -n tools/number_table_gen.php > /tmp/table.rs.txt
// Each row: (IEEE bits, json_encode($v), json_encode($v, JSON_PRESERVE_ZERO_FRACTION)).
// php -n: default ini, so serialize_precision = -1.
function bits(float $v): int { return unpack('q', pack('e', $v))[1]; }
function from_bits(int $b): float { return unpack('e', pack('q', $b))[1]; }
$vals = [
    0.0, -0.0, 1.0, -1.0, 10.0, 100.0, 0.5, -0.5, 0.1, 0.2, 0.1 + 0.2, 1.5, -1.5, 123.456, -123.456,
    1e25, 1.5e-7, 0.0001, 0.00001, 1e17, 1e16, 1e15, 123456789012345678.0, 12345678901234567.0,
    1234567890123456.7, 0.001, 0.000123, 0.00012345678901234567, 1e21, 1e22, 1e23, 9.999999999999999e22,
    5e-324, -5e-324, 1e-323, 2.225073858507201e-308, 2.2250738585072014e-308, 1.7976931348623157e308,
    -1.7976931348623157e308, 4.9406564584124654e-324, 9007199254740992.0, 9007199254740991.0,
    9007199254740993.0, 18014398509481984.0, 1e308, 1e-308, 1e-300, 3.14159, 2.718281828459045,
    1/3, 2/3, 100000000000000000000.0, 0.3, 1e100, 1.0e-7, 99999999999999999.0, 0.9999999999999999,
    4.35, 0.35, 1.005, 1e-320, 123e-20, 5.0e-5, 0.00015, 1.23e-4, 7.0e+17, 7.1e+16,
];
// Ties at the shortest length, broken to even (Rust's own `{:e}` gets these wrong).
foreach ([1e15, 1.5e15, 2e15, 3e15, 4e15, 8.5e14, 855982836687394.0, 123456789012345.0] as $m) {
    foreach ([0.25, 0.75, 0.125, 0.375] as $f) $vals[] = $m + $f;
}
// Powers of ten and their neighbours (±1 ulp), 1e-325..1e308 step 7 plus the layout edges.
$exps = array_merge(range(-325, 308, 7), range(-7, 20));
foreach ($exps as $e) {
    $v = (float)"1e$e";
    if ($v == 0.0) continue;
    $b = bits($v);
    $vals[] = $v; $vals[] = from_bits($b - 1); $vals[] = from_bits($b + 1); $vals[] = -$v;
}
// Integers around 2^53 and 2^63.
foreach ([53, 54, 60, 63, 64] as $p) {
    $b = bits(2.0 ** $p);
    foreach ([-2, -1, 0, 1, 2] as $d) $vals[] = from_bits($b + $d);
}
$seen = [];
foreach ($vals as $v) {
    $b = bits($v);
    if (isset($seen[$b])) continue;
    $seen[$b] = true;
    printf("    (0x%016x, \"%s\", \"%s\"),\n", $b,
        json_encode($v), json_encode($v, JSON_PRESERVE_ZERO_FRACTION));
}
