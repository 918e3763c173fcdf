--TEST--
json_encode(): lists of ints (every digit length, signs, PHP_INT_MIN/MAX), true/false/null, mixed with other values, long lists at every buffer offset, pretty print at several depths
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

// Every digit length 1..19: its smallest and largest value, a middle one, both signs.
$byLength = [];
for ($d = 1; $d <= 19; $d++) {
    $lo = $d === 1 ? 0 : (int)('1' . str_repeat('0', $d - 1));
    $hi = $d === 19 ? PHP_INT_MAX : (int)str_repeat('9', $d);
    $mid = (int)substr('1234567890123456789', 0, $d);
    $byLength[] = [$lo, $hi, $mid, -$lo, -$hi, -$mid];
}
foreach ($byLength as $d => $vals) {
    echo $d + 1, ': ', json_encode($vals), "\n";
}
echo json_encode([PHP_INT_MIN, PHP_INT_MAX, PHP_INT_MIN + 1, -PHP_INT_MAX, 0, -1, 1]), "\n";
echo json_encode([1, PHP_INT_MIN]), "\n";
echo json_encode([PHP_INT_MIN]), "\n";

// Powers of ten and their neighbours.
$pow = [];
for ($p = 1, $k = 0; $k < 19; $k++, $p *= 10) {
    array_push($pow, $p - 1, $p, $p + 1, -($p - 1), -$p, -($p + 1));
}
echo json_encode($pow), "\n";

// true, false, null runs, and mixed with every other kind of value.
echo json_encode([true, false, null, 1, true, false, null, -1, null, null, false, false, true, true]), "\n";
echo json_encode([null, 0, false, 12345678, true, 123456789]), "\n";
$o = new stdClass;
$o->a = 1;
echo json_encode(['s', 1, 2, 1.5, 3, 'x', 4, [5, 6], 7, $o, 8, [], 9, 2.0, 10, "\u{e9}", 11]), "\n";
echo json_encode([1.5, 1, 2, 3]), "\n";
echo json_encode([[1, 2], [3, 4], [[5, true], [null, 6]]]), "\n";
echo json_encode([1, 2, 3], JSON_FORCE_OBJECT), "\n";
echo json_encode([1, 2, 3, 1.0], JSON_PRESERVE_ZERO_FRACTION), "\n";
echo json_encode(['a' => [1, 2, 3], 'b' => [true, null]]), "\n";
echo json_encode([1, 2, "3", 4], JSON_NUMERIC_CHECK), "\n";
$ref = 5;
$withRef = [1, 2, &$ref, 3];
echo json_encode($withRef), "\n";
$holed = [1, 2, 3, 4];
unset($holed[2]);
echo json_encode($holed), "\n";
echo json_encode(array_values($holed)), "\n";

// Pretty print at depths 1 to 6 (the separator grows with the indentation).
$v = [1, -22, 333, true, null, false, 4444, 'x', 55555];
for ($depth = 1; $depth <= 6; $depth++) {
    echo json_encode($v, JSON_PRETTY_PRINT), "\n";
    $v = [$v, [7, 8]];
}

// Long lists: every length of int, signs, at every starting offset in the output (a string of
// 0..40 bytes first), so the runs meet the output buffer's growth at every position.
$seed = 12345;
$rand = static function () use (&$seed): int {
    $seed = ($seed * 1103515245 + 12345) & 0x7fffffff;
    return $seed;
};
$long = [];
for ($i = 0; $i < 20000; $i++) {
    $r = $rand();
    $digits = $r % 19;
    $val = $r % (int)('1' . str_repeat('0', $digits));
    $val = ($r & 1) ? -$val : $val;
    switch ($r % 23) {
        case 0: $val = true; break;
        case 1: $val = null; break;
        case 2: $val = false; break;
        case 3: $val = PHP_INT_MIN; break;
        case 4: $val = PHP_INT_MAX; break;
    }
    $long[] = $val;
}
$all = '';
for ($k = 0; $k <= 40; $k++) {
    $j = json_encode([str_repeat('x', $k), $long]);
    $all .= $j;
    if ($k % 10 === 0) {
        echo $k, ': ', strlen($j), ' ', md5($j), ' ', json_decode($j, true)[1] === $long ? 'round-trips' : 'DIFFERS', "\n";
    }
}
echo 'all offsets: ', strlen($all), ' ', md5($all), "\n";
$pretty = json_encode([$long, [[$long]]], JSON_PRETTY_PRINT);
echo 'pretty: ', strlen($pretty), ' ', md5($pretty), "\n";

// A large list (several growth steps of the output), and the bench's shape.
$ints = array_map(static fn($i) => $i * 7919 % 1000003, range(0, 99999));
$j = json_encode($ints);
echo 'ints-100k: ', strlen($j), ' ', md5($j), "\n";
$neg = array_map(static fn($i) => -$i * 7919, range(0, 99999));
$j = json_encode($neg);
echo 'neg-100k: ', strlen($j), ' ', md5($j), "\n";
$big = array_map(static fn($i) => $i * 92233720368547, range(0, 99999));
$j = json_encode($big);
echo 'big-100k: ', strlen($j), ' ', md5($j), "\n";
--EXPECT--
1: [0,9,1,0,-9,-1]
2: [10,99,12,-10,-99,-12]
3: [100,999,123,-100,-999,-123]
4: [1000,9999,1234,-1000,-9999,-1234]
5: [10000,99999,12345,-10000,-99999,-12345]
6: [100000,999999,123456,-100000,-999999,-123456]
7: [1000000,9999999,1234567,-1000000,-9999999,-1234567]
8: [10000000,99999999,12345678,-10000000,-99999999,-12345678]
9: [100000000,999999999,123456789,-100000000,-999999999,-123456789]
10: [1000000000,9999999999,1234567890,-1000000000,-9999999999,-1234567890]
11: [10000000000,99999999999,12345678901,-10000000000,-99999999999,-12345678901]
12: [100000000000,999999999999,123456789012,-100000000000,-999999999999,-123456789012]
13: [1000000000000,9999999999999,1234567890123,-1000000000000,-9999999999999,-1234567890123]
14: [10000000000000,99999999999999,12345678901234,-10000000000000,-99999999999999,-12345678901234]
15: [100000000000000,999999999999999,123456789012345,-100000000000000,-999999999999999,-123456789012345]
16: [1000000000000000,9999999999999999,1234567890123456,-1000000000000000,-9999999999999999,-1234567890123456]
17: [10000000000000000,99999999999999999,12345678901234567,-10000000000000000,-99999999999999999,-12345678901234567]
18: [100000000000000000,999999999999999999,123456789012345678,-100000000000000000,-999999999999999999,-123456789012345678]
19: [1000000000000000000,9223372036854775807,1234567890123456789,-1000000000000000000,-9223372036854775807,-1234567890123456789]
[-9223372036854775808,9223372036854775807,-9223372036854775807,-9223372036854775807,0,-1,1]
[1,-9223372036854775808]
[-9223372036854775808]
[0,1,2,0,-1,-2,9,10,11,-9,-10,-11,99,100,101,-99,-100,-101,999,1000,1001,-999,-1000,-1001,9999,10000,10001,-9999,-10000,-10001,99999,100000,100001,-99999,-100000,-100001,999999,1000000,1000001,-999999,-1000000,-1000001,9999999,10000000,10000001,-9999999,-10000000,-10000001,99999999,100000000,100000001,-99999999,-100000000,-100000001,999999999,1000000000,1000000001,-999999999,-1000000000,-1000000001,9999999999,10000000000,10000000001,-9999999999,-10000000000,-10000000001,99999999999,100000000000,100000000001,-99999999999,-100000000000,-100000000001,999999999999,1000000000000,1000000000001,-999999999999,-1000000000000,-1000000000001,9999999999999,10000000000000,10000000000001,-9999999999999,-10000000000000,-10000000000001,99999999999999,100000000000000,100000000000001,-99999999999999,-100000000000000,-100000000000001,999999999999999,1000000000000000,1000000000000001,-999999999999999,-1000000000000000,-1000000000000001,9999999999999999,10000000000000000,10000000000000001,-9999999999999999,-10000000000000000,-10000000000000001,99999999999999999,100000000000000000,100000000000000001,-99999999999999999,-100000000000000000,-100000000000000001,999999999999999999,1000000000000000000,1000000000000000001,-999999999999999999,-1000000000000000000,-1000000000000000001]
[true,false,null,1,true,false,null,-1,null,null,false,false,true,true]
[null,0,false,12345678,true,123456789]
["s",1,2,1.5,3,"x",4,[5,6],7,{"a":1},8,[],9,2,10,"\u00e9",11]
[1.5,1,2,3]
[[1,2],[3,4],[[5,true],[null,6]]]
{"0":1,"1":2,"2":3}
[1,2,3,1.0]
{"a":[1,2,3],"b":[true,null]}
[1,2,3,4]
[1,2,5,3]
{"0":1,"1":2,"3":4}
[1,2,4]
[
    1,
    -22,
    333,
    true,
    null,
    false,
    4444,
    "x",
    55555
]
[
    [
        1,
        -22,
        333,
        true,
        null,
        false,
        4444,
        "x",
        55555
    ],
    [
        7,
        8
    ]
]
[
    [
        [
            1,
            -22,
            333,
            true,
            null,
            false,
            4444,
            "x",
            55555
        ],
        [
            7,
            8
        ]
    ],
    [
        7,
        8
    ]
]
[
    [
        [
            [
                1,
                -22,
                333,
                true,
                null,
                false,
                4444,
                "x",
                55555
            ],
            [
                7,
                8
            ]
        ],
        [
            7,
            8
        ]
    ],
    [
        7,
        8
    ]
]
[
    [
        [
            [
                [
                    1,
                    -22,
                    333,
                    true,
                    null,
                    false,
                    4444,
                    "x",
                    55555
                ],
                [
                    7,
                    8
                ]
            ],
            [
                7,
                8
            ]
        ],
        [
            7,
            8
        ]
    ],
    [
        7,
        8
    ]
]
[
    [
        [
            [
                [
                    [
                        1,
                        -22,
                        333,
                        true,
                        null,
                        false,
                        4444,
                        "x",
                        55555
                    ],
                    [
                        7,
                        8
                    ]
                ],
                [
                    7,
                    8
                ]
            ],
            [
                7,
                8
            ]
        ],
        [
            7,
            8
        ]
    ],
    [
        7,
        8
    ]
]
0: 178512 1c9359ef7b208f39c14295501718c596 round-trips
10: 178522 37caa84db0b186395fc862e87a66ee3c round-trips
20: 178532 cc63e1e3ccffd2b288901b37918c7ef6 round-trips
30: 178542 4086c142bc11e6927643b6f07ca5e2e9 round-trips
40: 178552 8f31cb06b97ecba76fdee586b8147fb0 round-trips
all offsets: 7319812 6b229cda4e1f034add7e6e79b7a6f089
pretty: 877086 71f98224ba6e5379923e55605b673297
ints-100k: 688892 11a0413b32f56bb0ba378037b0ebd2e5
neg-100k: 1085964 ab24b40f6252a23f6d4eb79d0ff69453
big-100k: 1987938 773f391b54cddb0f6c288f7895921cd8
