--TEST--
json_decode(): string values and keys of every length from 0 to 40 bytes, ASCII and UTF-8, on the stage-1 and short-document routes (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// String values of every length from 0 to 40 bytes (all bytes distinct
// within a string, ASCII and UTF-8), as values and keys, on the stage-1
// route (documents past 1,024 bytes) and the short-document route.
$pad = str_repeat('p', 1100);
$out = '';
$n = 0;
for ($len = 0; $len <= 40; $len++) {
    $ascii = substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', $len % 7, $len);
    $utf8 = substr(str_repeat("\xc3\xa9\xe3\x81\x82x", 8), 0, $len);
    foreach ([$ascii, $utf8] as $s) {
        foreach (['{"pad":"' . $pad . '","v":"' . $s . '","a":["' . $s . '","' . $s . 'z"],"' . $s . '":"' . $s . '"}',
                  '{"v":"' . $s . '","a":["' . $s . '","' . $s . 'z"],"' . $s . '":"' . $s . '"}'] as $d) {
            foreach ([true, false] as $assoc) {
                $r = json_decode($d, $assoc);
                $line = bin2hex(serialize($r)) . ' #' . json_last_error();
                $out .= $line . "\n";
                $n++;
                if ($len % 8 === 3 && strlen($d) < 200) {
                    echo rj_label($d), ' ', (int)$assoc, ': ', addcslashes(serialize($r), "\0..\37\177..\377"), "\n";
                }
            }
        }
    }
}
echo $n, ' decodes, ', substr_count($out, ' #0'), ' ok, md5 ', md5($out), "\n";
--EXPECT--
{"v":"DEF","a":["DEF","DEFz"],"DEF":"DEF"} 1: a:3:{s:1:"v";s:3:"DEF";s:1:"a";a:2:{i:0;s:3:"DEF";i:1;s:4:"DEFz";}s:3:"DEF";s:3:"DEF";}
{"v":"DEF","a":["DEF","DEFz"],"DEF":"DEF"} 0: O:8:"stdClass":3:{s:1:"v";s:3:"DEF";s:1:"a";a:2:{i:0;s:3:"DEF";i:1;s:4:"DEFz";}s:3:"DEF";s:3:"DEF";}
x:7b2276223a22c3a9e3222c2261223a5b22c3a9e3222c22c3a9e37a225d2c22c3a9e3223a22c3a9e3227d 1: N;
x:7b2276223a22c3a9e3222c2261223a5b22c3a9e3222c22c3a9e37a225d2c22c3a9e3223a22c3a9e3227d 0: N;
{"v":"EFGHIJKLMNO","a":["EFGHIJKLMNO","EFGHIJKLMNOz"],"EFGHIJKLMNO":"EFGHIJKLMNO"} 1: a:3:{s:1:"v";s:11:"EFGHIJKLMNO";s:1:"a";a:2:{i:0;s:11:"EFGHIJKLMNO";i:1;s:12:"EFGHIJKLMNOz";}s:11:"EFGHIJKLMNO";s:11:"EFGHIJKLMNO";}
{"v":"EFGHIJKLMNO","a":["EFGHIJKLMNO","EFGHIJKLMNOz"],"EFGHIJKLMNO":"EFGHIJKLMNO"} 0: O:8:"stdClass":3:{s:1:"v";s:11:"EFGHIJKLMNO";s:1:"a";a:2:{i:0;s:11:"EFGHIJKLMNO";i:1;s:12:"EFGHIJKLMNOz";}s:11:"EFGHIJKLMNO";s:11:"EFGHIJKLMNO";}
x:7b2276223a22c3a9e3818278c3a9e38182222c2261223a5b22c3a9e3818278c3a9e38182222c22c3a9e3818278c3a9e381827a225d2c22c3a9e3818278c3a9e38182223a22c3a9e3818278c3a9e38182227d 1: a:3:{s:1:"v";s:11:"\303\251\343\201\202x\303\251\343\201\202";s:1:"a";a:2:{i:0;s:11:"\303\251\343\201\202x\303\251\343\201\202";i:1;s:12:"\303\251\343\201\202x\303\251\343\201\202z";}s:11:"\303\251\343\201\202x\303\251\343\201\202";s:11:"\303\251\343\201\202x\303\251\343\201\202";}
x:7b2276223a22c3a9e3818278c3a9e38182222c2261223a5b22c3a9e3818278c3a9e38182222c22c3a9e3818278c3a9e381827a225d2c22c3a9e3818278c3a9e38182223a22c3a9e3818278c3a9e38182227d 0: O:8:"stdClass":3:{s:1:"v";s:11:"\303\251\343\201\202x\303\251\343\201\202";s:1:"a";a:2:{i:0;s:11:"\303\251\343\201\202x\303\251\343\201\202";i:1;s:12:"\303\251\343\201\202x\303\251\343\201\202z";}s:11:"\303\251\343\201\202x\303\251\343\201\202";s:11:"\303\251\343\201\202x\303\251\343\201\202";}
{"v":"FGHIJKLMNOPQRSTUVWX","a":["FGHIJKLMNOPQRSTUVWX","FGHIJKLMNOPQRSTUVWXz"],"FGHIJKLMNOPQRSTUVWX":"FGHIJKLMNOPQRSTUVWX"} 1: a:3:{s:1:"v";s:19:"FGHIJKLMNOPQRSTUVWX";s:1:"a";a:2:{i:0;s:19:"FGHIJKLMNOPQRSTUVWX";i:1;s:20:"FGHIJKLMNOPQRSTUVWXz";}s:19:"FGHIJKLMNOPQRSTUVWX";s:19:"FGHIJKLMNOPQRSTUVWX";}
{"v":"FGHIJKLMNOPQRSTUVWX","a":["FGHIJKLMNOPQRSTUVWX","FGHIJKLMNOPQRSTUVWXz"],"FGHIJKLMNOPQRSTUVWX":"FGHIJKLMNOPQRSTUVWX"} 0: O:8:"stdClass":3:{s:1:"v";s:19:"FGHIJKLMNOPQRSTUVWX";s:1:"a";a:2:{i:0;s:19:"FGHIJKLMNOPQRSTUVWX";i:1;s:20:"FGHIJKLMNOPQRSTUVWXz";}s:19:"FGHIJKLMNOPQRSTUVWX";s:19:"FGHIJKLMNOPQRSTUVWX";}
x:7b2276223a22c3a9e3818278c3a9e3818278c3a9e3818278c3222c2261223a5b22c3a9e3818278c3a9e3818278c3a9e3818278c3222c22c3a9e3818278c3a9e3818278c3a9e3818278c37a225d2c22c3a9e3818278c3a9e3818278c3a9e3818278c3223a22c3a9e3818278c3a9e3818278c3a9e3818278c3227d 1: N;
x:7b2276223a22c3a9e3818278c3a9e3818278c3a9e3818278c3222c2261223a5b22c3a9e3818278c3a9e3818278c3a9e3818278c3222c22c3a9e3818278c3a9e3818278c3a9e3818278c37a225d2c22c3a9e3818278c3a9e3818278c3a9e3818278c3223a22c3a9e3818278c3a9e3818278c3a9e3818278c3227d 0: N;
{"v":"GHIJKLMNOPQRSTUVWXYZabcdefg","a":["GHIJKLMNOPQRSTUVWXYZabcdefg","GHIJKLMNOPQRSTUVWXYZabcdefgz"],"GHIJKLMNOPQRSTUVWXYZabcdefg":"GHIJKLMNOPQRSTUVWXYZabcdefg"} 1: a:3:{s:1:"v";s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";s:1:"a";a:2:{i:0;s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";i:1;s:28:"GHIJKLMNOPQRSTUVWXYZabcdefgz";}s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";}
{"v":"GHIJKLMNOPQRSTUVWXYZabcdefg","a":["GHIJKLMNOPQRSTUVWXYZabcdefg","GHIJKLMNOPQRSTUVWXYZabcdefgz"],"GHIJKLMNOPQRSTUVWXYZabcdefg":"GHIJKLMNOPQRSTUVWXYZabcdefg"} 0: O:8:"stdClass":3:{s:1:"v";s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";s:1:"a";a:2:{i:0;s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";i:1;s:28:"GHIJKLMNOPQRSTUVWXYZabcdefgz";}s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";s:27:"GHIJKLMNOPQRSTUVWXYZabcdefg";}
x:7b2276223a22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3222c2261223a5b22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3222c22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e37a225d2c22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3223a22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3227d 1: N;
x:7b2276223a22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3222c2261223a5b22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3222c22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e37a225d2c22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3223a22c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3818278c3a9e3227d 0: N;
328 decodes, 244 ok, md5 84271cff11267dd922fe965795819c0f
