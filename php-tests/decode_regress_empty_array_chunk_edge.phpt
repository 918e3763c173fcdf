--TEST--
json_decode(): an empty array whose `[` ends a stage-1 chunk, the next chunk rejected for a later error, keeps PHP's error code (found by tools/decode/long_diff.sh, seed 7013) (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
// The fast route stops after a `[` when stage 1 rejects the next chunk
// (63 blocks of 64 bytes); the byte walk that resumes after the `[` must
// take `]` (an empty array) before looking for PHP's error token, which
// comes later. Found as a citm_catalog piece with "blockIds":[] at the
// chunk edge and a control byte inside a later number ("337100\x19890"):
// stock 3, rustjson 4. The `[` is put at every offset from 3,950 to 4,150,
// with `]` right after it or after whitespace, before four kinds of later
// error; every result must be stock's.
$errors = [
    'ctrl in number' => "337100\x19890",
    'ctrl in string' => "\"a\x01b\"",
    'bad utf-8' => "\"a\xffb\"",
    'bad escape' => '"a\\qb"',
];
foreach ($errors as $name => $bad) {
    foreach (['[]', "[ \n\t]"] as $empty) {
        foreach ([true, false] as $assoc) {
            $same = $n = 0;
            $codes = [];
            for ($at = 3950; $at <= 4150; $at++) {
                $head = '{"p":"';
                $pad = $at - strlen($head) - 6;
                $doc = $head . str_repeat('x', $pad) . '","b":' . $empty . ',"q":"' . str_repeat('y', 80) . '","c":' . $bad . '}';
                assert(strpos($doc, '[') === $at);
                $got = [];
                foreach ([1, 0] as $on) {
                    ini_set('rustjson.decode', $on);
                    $r = json_decode($doc, $assoc);
                    $got[$on] = serialize($r) . ' #' . json_last_error() . ' ' . json_last_error_msg();
                }
                ini_set('rustjson.decode', 1);
                $n++;
                $same += $got[0] === $got[1];
                $codes[json_last_error()] = 1;
            }
            echo "$name ", json_encode($empty), " assoc=", var_export($assoc, true), ": $n offsets, $same as stock, error ", implode(',', array_keys($codes)), "\n";
        }
    }
}
--EXPECT--
ctrl in number "[]" assoc=true: 201 offsets, 201 as stock, error 3
ctrl in number "[]" assoc=false: 201 offsets, 201 as stock, error 3
ctrl in number "[ \n\t]" assoc=true: 201 offsets, 201 as stock, error 3
ctrl in number "[ \n\t]" assoc=false: 201 offsets, 201 as stock, error 3
ctrl in string "[]" assoc=true: 201 offsets, 201 as stock, error 3
ctrl in string "[]" assoc=false: 201 offsets, 201 as stock, error 3
ctrl in string "[ \n\t]" assoc=true: 201 offsets, 201 as stock, error 3
ctrl in string "[ \n\t]" assoc=false: 201 offsets, 201 as stock, error 3
bad utf-8 "[]" assoc=true: 201 offsets, 201 as stock, error 5
bad utf-8 "[]" assoc=false: 201 offsets, 201 as stock, error 5
bad utf-8 "[ \n\t]" assoc=true: 201 offsets, 201 as stock, error 5
bad utf-8 "[ \n\t]" assoc=false: 201 offsets, 201 as stock, error 5
bad escape "[]" assoc=true: 201 offsets, 201 as stock, error 4
bad escape "[]" assoc=false: 201 offsets, 201 as stock, error 4
bad escape "[ \n\t]" assoc=true: 201 offsets, 201 as stock, error 4
bad escape "[ \n\t]" assoc=false: 201 offsets, 201 as stock, error 4
