--TEST--
json_decode(): where a string token ends: its closing quote right before the next token or after whitespace, empty strings, bodies ending in an escaped quote or backslash, as keys and values on the stage-1 route (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Where a string token ends: its closing quote right before the next
// token or followed by whitespace, empty strings, bodies ending in an
// escaped quote or backslash; as keys and values, in documents past 1,024
// bytes (the stage-1 route).
$pad = '"pad":"' . str_repeat('p', 1100) . '"';
$bodies = ['', 'a', 'ab', 'abc', '\\"', 'a\\"', 'a\\\\', '\\\\', ' ', 'a ', '"'];
$ws = ['', ' ', "\n", "\t", "\r", " \n\t\r "];
$n = 0;
$out = '';
foreach ($bodies as $body) {
    foreach ($ws as $w) {
        $k = '"' . $body . '"' . $w;
        $docs = [
            '{' . $pad . ',' . $k . ':' . $k . ',"x":[' . $k . ',' . $k . '],"y":[' . $k . '],"z":{' . $k . ':1}}',
            '{' . $pad . ',"z":{' . $k . ':' . $k . '}}',
            '[' . $k . ',{' . $pad . '},' . $k . ']',
        ];
        foreach ($docs as $d) {
            foreach ([true, false] as $assoc) {
                $r = json_decode($d, $assoc);
                $line = addcslashes(serialize($r), "\0..\37\\") . ' #' . json_last_error();
                $out .= $line . "\n";
                $n++;
                if ($n % 37 === 0) {
                    echo rj_label(str_replace(str_repeat('p', 1100), 'p...', $d)), ' ', (int)$assoc, ': ', str_replace(str_repeat('p', 1100), 'p...', $line), "\n";
                }
            }
        }
    }
}
echo $n, ' decodes, ', substr_count($out, ' #0'), ' ok, md5 ', md5($out), "\n";
--EXPECT--
{"pad":"p...","a":"a","x":["a","a"],"y":["a"],"z":{"a":1}} 1: a:5:{s:3:"pad";s:1100:"p...";s:1:"a";s:1:"a";s:1:"x";a:2:{i:0;s:1:"a";i:1;s:1:"a";}s:1:"y";a:1:{i:0;s:1:"a";}s:1:"z";a:1:{s:1:"a";i:1;}} #0
{"pad":"p...","ab":"ab","x":["ab","ab"],"y":["ab"],"z":{"ab":1}} 0: O:8:"stdClass":5:{s:3:"pad";s:1100:"p...";s:2:"ab";s:2:"ab";s:1:"x";a:2:{i:0;s:2:"ab";i:1;s:2:"ab";}s:1:"y";a:1:{i:0;s:2:"ab";}s:1:"z";O:8:"stdClass":1:{s:2:"ab";i:1;}} #0
{"pad":"p...","z":{"abc":"abc"}} 1: a:2:{s:3:"pad";s:1100:"p...";s:1:"z";a:1:{s:3:"abc";s:3:"abc";}} #0
{"pad":"p...","z":{"\"":"\""}} 0: O:8:"stdClass":2:{s:3:"pad";s:1100:"p...";s:1:"z";O:8:"stdClass":1:{s:1:""";s:1:""";}} #0
["a\"",{"pad":"p..."},"a\""] 1: a:3:{i:0;s:2:"a"";i:1;a:1:{s:3:"pad";s:1100:"p...";}i:2;s:2:"a"";} #0
["a\\",{"pad":"p..."},"a\\"] 0: a:3:{i:0;s:2:"a\\";i:1;O:8:"stdClass":1:{s:3:"pad";s:1100:"p...";}i:2;s:2:"a\\";} #0
{"pad":"p...","\\" :"\\" ,"x":["\\" ,"\\" ],"y":["\\" ],"z":{"\\" :1}} 1: a:5:{s:3:"pad";s:1100:"p...";s:1:"\\";s:1:"\\";s:1:"x";a:2:{i:0;s:1:"\\";i:1;s:1:"\\";}s:1:"y";a:1:{i:0;s:1:"\\";}s:1:"z";a:1:{s:1:"\\";i:1;}} #0
{"pad":"p..."," " :" " ,"x":[" " ," " ],"y":[" " ],"z":{" " :1}} 0: O:8:"stdClass":5:{s:3:"pad";s:1100:"p...";s:1:" ";s:1:" ";s:1:"x";a:2:{i:0;s:1:" ";i:1;s:1:" ";}s:1:"y";a:1:{i:0;s:1:" ";}s:1:"z";O:8:"stdClass":1:{s:1:" ";i:1;}} #0
{"pad":"p...","z":{"a " :"a " }} 1: a:2:{s:3:"pad";s:1100:"p...";s:1:"z";a:1:{s:2:"a ";s:2:"a ";}} #0
{"pad":"p...","z":{""" :""" }} 0: N; #4
396 decodes, 360 ok, md5 972b06d6c72f466bfa6b96815106e9a3
