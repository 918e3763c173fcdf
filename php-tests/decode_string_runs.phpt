--TEST--
json_decode(): escapes, raw non-ASCII characters and control bytes at every position of strings around the 8- and 16-byte steps on the stage-1 route (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Escaped strings on the stage-1 route (documents past 1,024 bytes): an
// escape, a raw non-ASCII character or a control byte at every position
// of bodies around the 8- and 16-byte steps, after ASCII or after
// non-ASCII text; one digest per body length (assoc and object mode).
$pad = '"pad":"' . str_repeat('p', 1100) . '"';
$items = ['\\n', '\\"', '\\\\', '\\/', '\\u00e9', '\\ud83d\\ude00', "\xc3\xa9", "\xe3\x81\x82", "\x01", "\xff", '\\x'];
foreach ([1, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 40, 47, 48, 49, 64, 65] as $len) {
    $all = '';
    $n = 0;
    foreach (['a', "\xc3\xa9"] as $fill) {
        for ($pos = 0; $pos <= $len; $pos++) {
            foreach ($items as $item) {
                $body = str_repeat('a', $pos) . $item . str_repeat($fill === 'a' ? 'b' : "\xc3\xa9", $len - $pos);
                $d = '{' . $pad . ',"s":"' . $body . '","k":{"' . $body . '":"' . $body . $body . '"}}';
                foreach ([true, false] as $assoc) {
                    $r = json_decode($d, $assoc);
                    $all .= ($r === null ? 'null' : bin2hex(json_encode($assoc ? [$r['s'], $r['k']] : [$r->s, $r->k], JSON_UNESCAPED_UNICODE))) . ' #' . json_last_error() . "\n";
                    $n++;
                }
            }
        }
    }
    echo $len, ': ', $n, ' decodes, ', substr_count($all, ' #0'), ' ok, md5 ', md5($all), "\n";
}
--EXPECT--
1: 88 decodes, 64 ok, md5 205fa617f79f00e4d255d2969930d8e8
7: 352 decodes, 256 ok, md5 9c257c23b2d81c5c0af38ddaf9803738
8: 396 decodes, 288 ok, md5 5b09a1a8bdeb76eab81a9930f51124cf
9: 440 decodes, 320 ok, md5 51ae09bd92e08d88076a6468324214db
15: 704 decodes, 512 ok, md5 b0b22c619e5d290dcfc087fdc2d5e29b
16: 748 decodes, 544 ok, md5 b7bd4457d4dc6e7881acba8446080ecf
17: 792 decodes, 576 ok, md5 2b2b9d1437dc2b0127286a7740b79bef
23: 1056 decodes, 768 ok, md5 932c0a42218fab91702dab0690c190e0
24: 1100 decodes, 800 ok, md5 f345c31c90704695bcf885794c078e09
31: 1408 decodes, 1024 ok, md5 0421522e7667f998679dbeee059817fa
32: 1452 decodes, 1056 ok, md5 570c0e8384034021e43a2ddcb196e2f1
33: 1496 decodes, 1088 ok, md5 3066314d6731990e8cd4759fe1e02daf
40: 1804 decodes, 1312 ok, md5 65edbf28c0c039e77664d46bf13ce439
47: 2112 decodes, 1536 ok, md5 896de76e6b5a3b6192706588403b8d16
48: 2156 decodes, 1568 ok, md5 91e705a2c667b776810b0b31f3360a2b
49: 2200 decodes, 1600 ok, md5 b397f0eb78e729e9523fbf5fde952083
64: 2860 decodes, 2080 ok, md5 ea2b39184a2c0109f17c9f489312c253
65: 2904 decodes, 2112 ok, md5 3ecd38b8dadddf5686792125fed9ad67
