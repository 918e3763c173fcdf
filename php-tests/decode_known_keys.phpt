--TEST--
json_decode(): repeated keys after the key cache starts: raw bytes equal to an earlier key, escaped spellings of it, raw bytes equal to an escaped key's decoded bytes, one byte changed (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Repeated keys past the key cache's start (16 keys): a key whose raw
// bytes equal a key seen before is that key; bytes that only decode to
// an earlier key, or that equal an earlier key's decoded (escaped) bytes,
// are decoded on their own. Keys differ in one byte at each position, up
// to and past 32 bytes.
$fill = [];
for ($i = 0; $i < 20; $i++) {
    $fill[] = '"k' . $i . '":' . $i;
}
// Past 1,024 bytes: not the short-document route.
$fill[] = '"pad":"' . str_repeat('p', 1100) . '"';
$long = 'abcdefghijklmnopqrstuvwxyz012345';
$pairs = [];
foreach ([1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33] as $n) {
    $k = substr($long . $long, 0, $n);
    $pairs[$n] = ['{"' . $k . '":1,"' . $k . '":2}'];
    for ($j = 0; $j < $n; $j++) {
        $pairs[$n][] = '{"' . $k . '":1,"' . substr_replace($k, 'Z', $j, 1) . '":2,"' . $k . '":3}';
    }
}
$cases = [
    '{"a\\\\b":1,"a\\b":2,"a\\\\b":3,"a\\b":4}',
    '{"a\\b":1,"a\\\\b":2,"a\\b":3}',
    '{"ab":1,"\\u0061b":2,"ab":3}',
    '{"\\u0061b":1,"ab":2}',
    '{"x\\/y":1,"x/y":2,"x\\/y":3}',
    '{"x/y":1,"x\\/y":2}',
    '{"q\\"":1,"q\\\\":2,"q\\"":3,"q\\\\":4}',
    '{"\\u00e9t\\u00e9":1,"été":2,"\\u00e9t\\u00e9":3}',
    '{"1":1,"1":2,"-1":3,"-1":4,"01":5,"01":6}',
    '{"":1,"":2}',
    '{"k1":{"k1":{"k1":1},"k2":[{"k2":2},{"k2":3,"k1":4}]}}',
];
// The inner documents, twice each after 20 keys (the second one must
// decode as the first), in assoc and object mode.
function rj_keys(string $c, bool $assoc): string
{
    global $fill;
    $d = '{' . implode(',', $fill) . ',"z":[' . $c . ',' . $c . ']}';
    $r = json_decode($d, $assoc);
    $z = $assoc ? $r['z'] : $r->z;
    $s = serialize($z[0]);
    return addcslashes($s, "\0..\37\\") . ($s === serialize($z[1]) ? ' same' : ' DIFF') . ' #' . json_last_error();
}
foreach ($cases as $c) {
    foreach ([true, false] as $assoc) {
        echo $c, ' ', (int)$assoc, ' ', rj_keys($c, $assoc), "\n";
    }
}
// One byte changed at each position: one digest per key length.
foreach ($pairs as $n => $list) {
    $all = '';
    foreach ($list as $c) {
        foreach ([true, false] as $assoc) {
            $all .= rj_keys($c, $assoc) . "\n";
        }
    }
    echo $n, ' bytes: ', count($list), ' documents, ', substr_count($all, ' same #0'), ' same, md5 ', md5($all), "\n";
}
--EXPECT--
{"a\\b":1,"a\b":2,"a\\b":3,"a\b":4} 1 a:2:{s:3:"a\\b";i:3;s:2:"a\b";i:4;} same #0
{"a\\b":1,"a\b":2,"a\\b":3,"a\b":4} 0 O:8:"stdClass":2:{s:3:"a\\b";i:3;s:2:"a\b";i:4;} same #0
{"a\b":1,"a\\b":2,"a\b":3} 1 a:2:{s:2:"a\b";i:3;s:3:"a\\b";i:2;} same #0
{"a\b":1,"a\\b":2,"a\b":3} 0 O:8:"stdClass":2:{s:2:"a\b";i:3;s:3:"a\\b";i:2;} same #0
{"ab":1,"\u0061b":2,"ab":3} 1 a:1:{s:2:"ab";i:3;} same #0
{"ab":1,"\u0061b":2,"ab":3} 0 O:8:"stdClass":1:{s:2:"ab";i:3;} same #0
{"\u0061b":1,"ab":2} 1 a:1:{s:2:"ab";i:2;} same #0
{"\u0061b":1,"ab":2} 0 O:8:"stdClass":1:{s:2:"ab";i:2;} same #0
{"x\/y":1,"x/y":2,"x\/y":3} 1 a:1:{s:3:"x/y";i:3;} same #0
{"x\/y":1,"x/y":2,"x\/y":3} 0 O:8:"stdClass":1:{s:3:"x/y";i:3;} same #0
{"x/y":1,"x\/y":2} 1 a:1:{s:3:"x/y";i:2;} same #0
{"x/y":1,"x\/y":2} 0 O:8:"stdClass":1:{s:3:"x/y";i:2;} same #0
{"q\"":1,"q\\":2,"q\"":3,"q\\":4} 1 a:2:{s:2:"q"";i:3;s:2:"q\\";i:4;} same #0
{"q\"":1,"q\\":2,"q\"":3,"q\\":4} 0 O:8:"stdClass":2:{s:2:"q"";i:3;s:2:"q\\";i:4;} same #0
{"\u00e9t\u00e9":1,"été":2,"\u00e9t\u00e9":3} 1 a:1:{s:5:"été";i:3;} same #0
{"\u00e9t\u00e9":1,"été":2,"\u00e9t\u00e9":3} 0 O:8:"stdClass":1:{s:5:"été";i:3;} same #0
{"1":1,"1":2,"-1":3,"-1":4,"01":5,"01":6} 1 a:3:{i:1;i:2;i:-1;i:4;s:2:"01";i:6;} same #0
{"1":1,"1":2,"-1":3,"-1":4,"01":5,"01":6} 0 O:8:"stdClass":3:{s:1:"1";i:2;s:2:"-1";i:4;s:2:"01";i:6;} same #0
{"":1,"":2} 1 a:1:{s:0:"";i:2;} same #0
{"":1,"":2} 0 O:8:"stdClass":1:{s:0:"";i:2;} same #0
{"k1":{"k1":{"k1":1},"k2":[{"k2":2},{"k2":3,"k1":4}]}} 1 a:1:{s:2:"k1";a:2:{s:2:"k1";a:1:{s:2:"k1";i:1;}s:2:"k2";a:2:{i:0;a:1:{s:2:"k2";i:2;}i:1;a:2:{s:2:"k2";i:3;s:2:"k1";i:4;}}}} same #0
{"k1":{"k1":{"k1":1},"k2":[{"k2":2},{"k2":3,"k1":4}]}} 0 O:8:"stdClass":1:{s:2:"k1";O:8:"stdClass":2:{s:2:"k1";O:8:"stdClass":1:{s:2:"k1";i:1;}s:2:"k2";a:2:{i:0;O:8:"stdClass":1:{s:2:"k2";i:2;}i:1;O:8:"stdClass":2:{s:2:"k2";i:3;s:2:"k1";i:4;}}}} same #0
1 bytes: 2 documents, 4 same, md5 e9c3a97d7d0feafe3b3fd1bd5363b49e
2 bytes: 3 documents, 6 same, md5 1b79595c81d96a768af88e99d82a6e2c
3 bytes: 4 documents, 8 same, md5 cf460164919c8cfe62aab551e104827e
4 bytes: 5 documents, 10 same, md5 28f499b1c00d9558f5dc25faafd3c082
7 bytes: 8 documents, 16 same, md5 91fe1980b1c2c40d4e7ce28221a92017
8 bytes: 9 documents, 18 same, md5 15ff07d37ab39e1d0bdcfaee0c96e4d2
9 bytes: 10 documents, 20 same, md5 968eec5ff2bb2fb7893871b20927a875
15 bytes: 16 documents, 32 same, md5 7b81d4a7d27e42c8db0a37e0749d2db0
16 bytes: 17 documents, 34 same, md5 6a9498b4810e6294b1bb91108469f925
17 bytes: 18 documents, 36 same, md5 0d25f4d43df1b8e100cdd951eef8214d
31 bytes: 32 documents, 64 same, md5 e1ba1f84a2b0a7930651f570b625a468
32 bytes: 33 documents, 66 same, md5 8be0e5ee044407578e4ffbf4d4c63b1e
33 bytes: 34 documents, 68 same, md5 4c64639d300d4cfea1e2fd33f6a2b4e8
