--TEST--
json_decode(): values, types, interned strings, immutable empty arrays, refcounts and object handles as stock builds them (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Values, types and shapes as stock builds them: debug_zval_dump shows
// interned strings, immutable empty arrays, refcounts and object handles.
$docs = ['null', 'true', 'false', '0', '-0', '-0.0', '1.5e3', '9223372036854775807', '9223372036854775808',
    '-9223372036854775809', '123456789012345678901234567890', '""', '"a\u00e9\ud83d\ude00\n\/"', '[]', '{}',
    '[[],{},""]', '{"a":{"b":[1,2.5,"x"]},"c":{}}', '[{"":1},{"0":"zero","1":"one","-1":"m"}]',
    '{"a":1,"b":2,"a":3}', ' [ 1 , { "k" : [ ] } ] '];
foreach ($docs as $d) {
    foreach ([null, true, false] as $assoc) {
        foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
            echo rj_label($d), ' assoc=', var_export($assoc, true), " flags=$flags\n";
            $r = json_decode($d, $assoc, 512, $flags);
            debug_zval_dump($r);
            echo serialize($r), ' #', json_last_error(), "\n";
            unset($r);
        }
    }
}
--EXPECT--
null assoc=NULL flags=0
NULL
N; #0
null assoc=NULL flags=2
NULL
N; #0
null assoc=true flags=0
NULL
N; #0
null assoc=true flags=2
NULL
N; #0
null assoc=false flags=0
NULL
N; #0
null assoc=false flags=2
NULL
N; #0
true assoc=NULL flags=0
bool(true)
b:1; #0
true assoc=NULL flags=2
bool(true)
b:1; #0
true assoc=true flags=0
bool(true)
b:1; #0
true assoc=true flags=2
bool(true)
b:1; #0
true assoc=false flags=0
bool(true)
b:1; #0
true assoc=false flags=2
bool(true)
b:1; #0
false assoc=NULL flags=0
bool(false)
b:0; #0
false assoc=NULL flags=2
bool(false)
b:0; #0
false assoc=true flags=0
bool(false)
b:0; #0
false assoc=true flags=2
bool(false)
b:0; #0
false assoc=false flags=0
bool(false)
b:0; #0
false assoc=false flags=2
bool(false)
b:0; #0
0 assoc=NULL flags=0
int(0)
i:0; #0
0 assoc=NULL flags=2
int(0)
i:0; #0
0 assoc=true flags=0
int(0)
i:0; #0
0 assoc=true flags=2
int(0)
i:0; #0
0 assoc=false flags=0
int(0)
i:0; #0
0 assoc=false flags=2
int(0)
i:0; #0
-0 assoc=NULL flags=0
int(0)
i:0; #0
-0 assoc=NULL flags=2
int(0)
i:0; #0
-0 assoc=true flags=0
int(0)
i:0; #0
-0 assoc=true flags=2
int(0)
i:0; #0
-0 assoc=false flags=0
int(0)
i:0; #0
-0 assoc=false flags=2
int(0)
i:0; #0
-0.0 assoc=NULL flags=0
float(-0)
d:-0; #0
-0.0 assoc=NULL flags=2
float(-0)
d:-0; #0
-0.0 assoc=true flags=0
float(-0)
d:-0; #0
-0.0 assoc=true flags=2
float(-0)
d:-0; #0
-0.0 assoc=false flags=0
float(-0)
d:-0; #0
-0.0 assoc=false flags=2
float(-0)
d:-0; #0
1.5e3 assoc=NULL flags=0
float(1500)
d:1500; #0
1.5e3 assoc=NULL flags=2
float(1500)
d:1500; #0
1.5e3 assoc=true flags=0
float(1500)
d:1500; #0
1.5e3 assoc=true flags=2
float(1500)
d:1500; #0
1.5e3 assoc=false flags=0
float(1500)
d:1500; #0
1.5e3 assoc=false flags=2
float(1500)
d:1500; #0
9223372036854775807 assoc=NULL flags=0
int(9223372036854775807)
i:9223372036854775807; #0
9223372036854775807 assoc=NULL flags=2
int(9223372036854775807)
i:9223372036854775807; #0
9223372036854775807 assoc=true flags=0
int(9223372036854775807)
i:9223372036854775807; #0
9223372036854775807 assoc=true flags=2
int(9223372036854775807)
i:9223372036854775807; #0
9223372036854775807 assoc=false flags=0
int(9223372036854775807)
i:9223372036854775807; #0
9223372036854775807 assoc=false flags=2
int(9223372036854775807)
i:9223372036854775807; #0
9223372036854775808 assoc=NULL flags=0
float(9.223372036854776E+18)
d:9.223372036854776E+18; #0
9223372036854775808 assoc=NULL flags=2
string(19) "9223372036854775808" refcount(2)
s:19:"9223372036854775808"; #0
9223372036854775808 assoc=true flags=0
float(9.223372036854776E+18)
d:9.223372036854776E+18; #0
9223372036854775808 assoc=true flags=2
string(19) "9223372036854775808" refcount(2)
s:19:"9223372036854775808"; #0
9223372036854775808 assoc=false flags=0
float(9.223372036854776E+18)
d:9.223372036854776E+18; #0
9223372036854775808 assoc=false flags=2
string(19) "9223372036854775808" refcount(2)
s:19:"9223372036854775808"; #0
-9223372036854775809 assoc=NULL flags=0
float(-9.223372036854776E+18)
d:-9.223372036854776E+18; #0
-9223372036854775809 assoc=NULL flags=2
string(20) "-9223372036854775809" refcount(2)
s:20:"-9223372036854775809"; #0
-9223372036854775809 assoc=true flags=0
float(-9.223372036854776E+18)
d:-9.223372036854776E+18; #0
-9223372036854775809 assoc=true flags=2
string(20) "-9223372036854775809" refcount(2)
s:20:"-9223372036854775809"; #0
-9223372036854775809 assoc=false flags=0
float(-9.223372036854776E+18)
d:-9.223372036854776E+18; #0
-9223372036854775809 assoc=false flags=2
string(20) "-9223372036854775809" refcount(2)
s:20:"-9223372036854775809"; #0
123456789012345678901234567890 assoc=NULL flags=0
float(1.2345678901234568E+29)
d:1.2345678901234568E+29; #0
123456789012345678901234567890 assoc=NULL flags=2
string(30) "123456789012345678901234567890" refcount(2)
s:30:"123456789012345678901234567890"; #0
123456789012345678901234567890 assoc=true flags=0
float(1.2345678901234568E+29)
d:1.2345678901234568E+29; #0
123456789012345678901234567890 assoc=true flags=2
string(30) "123456789012345678901234567890" refcount(2)
s:30:"123456789012345678901234567890"; #0
123456789012345678901234567890 assoc=false flags=0
float(1.2345678901234568E+29)
d:1.2345678901234568E+29; #0
123456789012345678901234567890 assoc=false flags=2
string(30) "123456789012345678901234567890" refcount(2)
s:30:"123456789012345678901234567890"; #0
"" assoc=NULL flags=0
string(0) "" interned
s:0:""; #0
"" assoc=NULL flags=2
string(0) "" interned
s:0:""; #0
"" assoc=true flags=0
string(0) "" interned
s:0:""; #0
"" assoc=true flags=2
string(0) "" interned
s:0:""; #0
"" assoc=false flags=0
string(0) "" interned
s:0:""; #0
"" assoc=false flags=2
string(0) "" interned
s:0:""; #0
"a\u00e9\ud83d\ude00\n\/" assoc=NULL flags=0
string(9) "aé😀
/" refcount(2)
s:9:"aé😀
/"; #0
"a\u00e9\ud83d\ude00\n\/" assoc=NULL flags=2
string(9) "aé😀
/" refcount(2)
s:9:"aé😀
/"; #0
"a\u00e9\ud83d\ude00\n\/" assoc=true flags=0
string(9) "aé😀
/" refcount(2)
s:9:"aé😀
/"; #0
"a\u00e9\ud83d\ude00\n\/" assoc=true flags=2
string(9) "aé😀
/" refcount(2)
s:9:"aé😀
/"; #0
"a\u00e9\ud83d\ude00\n\/" assoc=false flags=0
string(9) "aé😀
/" refcount(2)
s:9:"aé😀
/"; #0
"a\u00e9\ud83d\ude00\n\/" assoc=false flags=2
string(9) "aé😀
/" refcount(2)
s:9:"aé😀
/"; #0
[] assoc=NULL flags=0
array(0) interned {
}
a:0:{} #0
[] assoc=NULL flags=2
array(0) interned {
}
a:0:{} #0
[] assoc=true flags=0
array(0) interned {
}
a:0:{} #0
[] assoc=true flags=2
array(0) interned {
}
a:0:{} #0
[] assoc=false flags=0
array(0) interned {
}
a:0:{} #0
[] assoc=false flags=2
array(0) interned {
}
a:0:{} #0
{} assoc=NULL flags=0
object(stdClass)#1 (0) refcount(2){
}
O:8:"stdClass":0:{} #0
{} assoc=NULL flags=2
object(stdClass)#1 (0) refcount(2){
}
O:8:"stdClass":0:{} #0
{} assoc=true flags=0
array(0) interned {
}
a:0:{} #0
{} assoc=true flags=2
array(0) interned {
}
a:0:{} #0
{} assoc=false flags=0
object(stdClass)#1 (0) refcount(2){
}
O:8:"stdClass":0:{} #0
{} assoc=false flags=2
object(stdClass)#1 (0) refcount(2){
}
O:8:"stdClass":0:{} #0
[[],{},""] assoc=NULL flags=0
array(3) refcount(2){
  [0]=>
  array(0) interned {
  }
  [1]=>
  object(stdClass)#1 (0) refcount(1){
  }
  [2]=>
  string(0) "" interned
}
a:3:{i:0;a:0:{}i:1;O:8:"stdClass":0:{}i:2;s:0:"";} #0
[[],{},""] assoc=NULL flags=2
array(3) refcount(2){
  [0]=>
  array(0) interned {
  }
  [1]=>
  object(stdClass)#1 (0) refcount(1){
  }
  [2]=>
  string(0) "" interned
}
a:3:{i:0;a:0:{}i:1;O:8:"stdClass":0:{}i:2;s:0:"";} #0
[[],{},""] assoc=true flags=0
array(3) refcount(2){
  [0]=>
  array(0) interned {
  }
  [1]=>
  array(0) interned {
  }
  [2]=>
  string(0) "" interned
}
a:3:{i:0;a:0:{}i:1;a:0:{}i:2;s:0:"";} #0
[[],{},""] assoc=true flags=2
array(3) refcount(2){
  [0]=>
  array(0) interned {
  }
  [1]=>
  array(0) interned {
  }
  [2]=>
  string(0) "" interned
}
a:3:{i:0;a:0:{}i:1;a:0:{}i:2;s:0:"";} #0
[[],{},""] assoc=false flags=0
array(3) refcount(2){
  [0]=>
  array(0) interned {
  }
  [1]=>
  object(stdClass)#1 (0) refcount(1){
  }
  [2]=>
  string(0) "" interned
}
a:3:{i:0;a:0:{}i:1;O:8:"stdClass":0:{}i:2;s:0:"";} #0
[[],{},""] assoc=false flags=2
array(3) refcount(2){
  [0]=>
  array(0) interned {
  }
  [1]=>
  object(stdClass)#1 (0) refcount(1){
  }
  [2]=>
  string(0) "" interned
}
a:3:{i:0;a:0:{}i:1;O:8:"stdClass":0:{}i:2;s:0:"";} #0
{"a":{"b":[1,2.5,"x"]},"c":{}} assoc=NULL flags=0
object(stdClass)#2 (2) refcount(2){
  ["a"]=>
  object(stdClass)#1 (1) refcount(1){
    ["b"]=>
    array(3) refcount(1){
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x" refcount(1)
    }
  }
  ["c"]=>
  object(stdClass)#3 (0) refcount(1){
  }
}
O:8:"stdClass":2:{s:1:"a";O:8:"stdClass":1:{s:1:"b";a:3:{i:0;i:1;i:1;d:2.5;i:2;s:1:"x";}}s:1:"c";O:8:"stdClass":0:{}} #0
{"a":{"b":[1,2.5,"x"]},"c":{}} assoc=NULL flags=2
object(stdClass)#3 (2) refcount(2){
  ["a"]=>
  object(stdClass)#2 (1) refcount(1){
    ["b"]=>
    array(3) refcount(1){
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x" refcount(1)
    }
  }
  ["c"]=>
  object(stdClass)#1 (0) refcount(1){
  }
}
O:8:"stdClass":2:{s:1:"a";O:8:"stdClass":1:{s:1:"b";a:3:{i:0;i:1;i:1;d:2.5;i:2;s:1:"x";}}s:1:"c";O:8:"stdClass":0:{}} #0
{"a":{"b":[1,2.5,"x"]},"c":{}} assoc=true flags=0
array(2) refcount(2){
  ["a"]=>
  array(1) refcount(1){
    ["b"]=>
    array(3) refcount(1){
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x" refcount(1)
    }
  }
  ["c"]=>
  array(0) interned {
  }
}
a:2:{s:1:"a";a:1:{s:1:"b";a:3:{i:0;i:1;i:1;d:2.5;i:2;s:1:"x";}}s:1:"c";a:0:{}} #0
{"a":{"b":[1,2.5,"x"]},"c":{}} assoc=true flags=2
array(2) refcount(2){
  ["a"]=>
  array(1) refcount(1){
    ["b"]=>
    array(3) refcount(1){
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x" refcount(1)
    }
  }
  ["c"]=>
  array(0) interned {
  }
}
a:2:{s:1:"a";a:1:{s:1:"b";a:3:{i:0;i:1;i:1;d:2.5;i:2;s:1:"x";}}s:1:"c";a:0:{}} #0
{"a":{"b":[1,2.5,"x"]},"c":{}} assoc=false flags=0
object(stdClass)#1 (2) refcount(2){
  ["a"]=>
  object(stdClass)#3 (1) refcount(1){
    ["b"]=>
    array(3) refcount(1){
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x" refcount(1)
    }
  }
  ["c"]=>
  object(stdClass)#2 (0) refcount(1){
  }
}
O:8:"stdClass":2:{s:1:"a";O:8:"stdClass":1:{s:1:"b";a:3:{i:0;i:1;i:1;d:2.5;i:2;s:1:"x";}}s:1:"c";O:8:"stdClass":0:{}} #0
{"a":{"b":[1,2.5,"x"]},"c":{}} assoc=false flags=2
object(stdClass)#2 (2) refcount(2){
  ["a"]=>
  object(stdClass)#1 (1) refcount(1){
    ["b"]=>
    array(3) refcount(1){
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x" refcount(1)
    }
  }
  ["c"]=>
  object(stdClass)#3 (0) refcount(1){
  }
}
O:8:"stdClass":2:{s:1:"a";O:8:"stdClass":1:{s:1:"b";a:3:{i:0;i:1;i:1;d:2.5;i:2;s:1:"x";}}s:1:"c";O:8:"stdClass":0:{}} #0
[{"":1},{"0":"zero","1":"one","-1":"m"}] assoc=NULL flags=0
array(2) refcount(2){
  [0]=>
  object(stdClass)#2 (1) refcount(1){
    [""]=>
    int(1)
  }
  [1]=>
  object(stdClass)#3 (3) refcount(1){
    ["0"]=>
    string(4) "zero" refcount(1)
    ["1"]=>
    string(3) "one" refcount(1)
    ["-1"]=>
    string(1) "m" refcount(1)
  }
}
a:2:{i:0;O:8:"stdClass":1:{s:0:"";i:1;}i:1;O:8:"stdClass":3:{s:1:"0";s:4:"zero";s:1:"1";s:3:"one";s:2:"-1";s:1:"m";}} #0
[{"":1},{"0":"zero","1":"one","-1":"m"}] assoc=NULL flags=2
array(2) refcount(2){
  [0]=>
  object(stdClass)#3 (1) refcount(1){
    [""]=>
    int(1)
  }
  [1]=>
  object(stdClass)#2 (3) refcount(1){
    ["0"]=>
    string(4) "zero" refcount(1)
    ["1"]=>
    string(3) "one" refcount(1)
    ["-1"]=>
    string(1) "m" refcount(1)
  }
}
a:2:{i:0;O:8:"stdClass":1:{s:0:"";i:1;}i:1;O:8:"stdClass":3:{s:1:"0";s:4:"zero";s:1:"1";s:3:"one";s:2:"-1";s:1:"m";}} #0
[{"":1},{"0":"zero","1":"one","-1":"m"}] assoc=true flags=0
array(2) refcount(2){
  [0]=>
  array(1) refcount(1){
    [""]=>
    int(1)
  }
  [1]=>
  array(3) refcount(1){
    [0]=>
    string(4) "zero" refcount(1)
    [1]=>
    string(3) "one" refcount(1)
    [-1]=>
    string(1) "m" refcount(1)
  }
}
a:2:{i:0;a:1:{s:0:"";i:1;}i:1;a:3:{i:0;s:4:"zero";i:1;s:3:"one";i:-1;s:1:"m";}} #0
[{"":1},{"0":"zero","1":"one","-1":"m"}] assoc=true flags=2
array(2) refcount(2){
  [0]=>
  array(1) refcount(1){
    [""]=>
    int(1)
  }
  [1]=>
  array(3) refcount(1){
    [0]=>
    string(4) "zero" refcount(1)
    [1]=>
    string(3) "one" refcount(1)
    [-1]=>
    string(1) "m" refcount(1)
  }
}
a:2:{i:0;a:1:{s:0:"";i:1;}i:1;a:3:{i:0;s:4:"zero";i:1;s:3:"one";i:-1;s:1:"m";}} #0
[{"":1},{"0":"zero","1":"one","-1":"m"}] assoc=false flags=0
array(2) refcount(2){
  [0]=>
  object(stdClass)#2 (1) refcount(1){
    [""]=>
    int(1)
  }
  [1]=>
  object(stdClass)#3 (3) refcount(1){
    ["0"]=>
    string(4) "zero" refcount(1)
    ["1"]=>
    string(3) "one" refcount(1)
    ["-1"]=>
    string(1) "m" refcount(1)
  }
}
a:2:{i:0;O:8:"stdClass":1:{s:0:"";i:1;}i:1;O:8:"stdClass":3:{s:1:"0";s:4:"zero";s:1:"1";s:3:"one";s:2:"-1";s:1:"m";}} #0
[{"":1},{"0":"zero","1":"one","-1":"m"}] assoc=false flags=2
array(2) refcount(2){
  [0]=>
  object(stdClass)#3 (1) refcount(1){
    [""]=>
    int(1)
  }
  [1]=>
  object(stdClass)#2 (3) refcount(1){
    ["0"]=>
    string(4) "zero" refcount(1)
    ["1"]=>
    string(3) "one" refcount(1)
    ["-1"]=>
    string(1) "m" refcount(1)
  }
}
a:2:{i:0;O:8:"stdClass":1:{s:0:"";i:1;}i:1;O:8:"stdClass":3:{s:1:"0";s:4:"zero";s:1:"1";s:3:"one";s:2:"-1";s:1:"m";}} #0
{"a":1,"b":2,"a":3} assoc=NULL flags=0
object(stdClass)#2 (2) refcount(2){
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
O:8:"stdClass":2:{s:1:"a";i:3;s:1:"b";i:2;} #0
{"a":1,"b":2,"a":3} assoc=NULL flags=2
object(stdClass)#2 (2) refcount(2){
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
O:8:"stdClass":2:{s:1:"a";i:3;s:1:"b";i:2;} #0
{"a":1,"b":2,"a":3} assoc=true flags=0
array(2) refcount(2){
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
a:2:{s:1:"a";i:3;s:1:"b";i:2;} #0
{"a":1,"b":2,"a":3} assoc=true flags=2
array(2) refcount(2){
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
a:2:{s:1:"a";i:3;s:1:"b";i:2;} #0
{"a":1,"b":2,"a":3} assoc=false flags=0
object(stdClass)#2 (2) refcount(2){
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
O:8:"stdClass":2:{s:1:"a";i:3;s:1:"b";i:2;} #0
{"a":1,"b":2,"a":3} assoc=false flags=2
object(stdClass)#2 (2) refcount(2){
  ["a"]=>
  int(3)
  ["b"]=>
  int(2)
}
O:8:"stdClass":2:{s:1:"a";i:3;s:1:"b";i:2;} #0
x:205b2031202c207b20226b22203a205b205d207d205d20 assoc=NULL flags=0
array(2) refcount(2){
  [0]=>
  int(1)
  [1]=>
  object(stdClass)#2 (1) refcount(1){
    ["k"]=>
    array(0) interned {
    }
  }
}
a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"k";a:0:{}}} #0
x:205b2031202c207b20226b22203a205b205d207d205d20 assoc=NULL flags=2
array(2) refcount(2){
  [0]=>
  int(1)
  [1]=>
  object(stdClass)#2 (1) refcount(1){
    ["k"]=>
    array(0) interned {
    }
  }
}
a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"k";a:0:{}}} #0
x:205b2031202c207b20226b22203a205b205d207d205d20 assoc=true flags=0
array(2) refcount(2){
  [0]=>
  int(1)
  [1]=>
  array(1) refcount(1){
    ["k"]=>
    array(0) interned {
    }
  }
}
a:2:{i:0;i:1;i:1;a:1:{s:1:"k";a:0:{}}} #0
x:205b2031202c207b20226b22203a205b205d207d205d20 assoc=true flags=2
array(2) refcount(2){
  [0]=>
  int(1)
  [1]=>
  array(1) refcount(1){
    ["k"]=>
    array(0) interned {
    }
  }
}
a:2:{i:0;i:1;i:1;a:1:{s:1:"k";a:0:{}}} #0
x:205b2031202c207b20226b22203a205b205d207d205d20 assoc=false flags=0
array(2) refcount(2){
  [0]=>
  int(1)
  [1]=>
  object(stdClass)#2 (1) refcount(1){
    ["k"]=>
    array(0) interned {
    }
  }
}
a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"k";a:0:{}}} #0
x:205b2031202c207b20226b22203a205b205d207d205d20 assoc=false flags=2
array(2) refcount(2){
  [0]=>
  int(1)
  [1]=>
  object(stdClass)#2 (1) refcount(1){
    ["k"]=>
    array(0) interned {
    }
  }
}
a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"k";a:0:{}}} #0
