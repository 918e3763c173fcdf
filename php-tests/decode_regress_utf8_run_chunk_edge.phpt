--TEST--
json_decode(): invalid UTF-8 in the last block of a stage-1 chunk, found after its strings were built, keeps its error code (5) when a later syntax error exists (found by tools/decode/php_diff.php, seed 11) (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
// Stage 1 hands out a chunk's tokens (63 blocks of 64 bytes) before the
// run of non-ASCII blocks at its end is checked; the fast route builds a
// string from that run, the next chunk rejects the run, and the byte walk
// that finds PHP's error code must check the run first: stock fails at
// the malformed string (5), not at the truncated end (4). Found as a
// mutated twitter piece with "verif\xc3ied" as a key in block 62.
// The malformed byte is put at every offset from 3,900 to 4,200 (block and
// chunk edges), in a key, a value and a value with an escape, in both
// modes; every result must be stock's, and stock says 5.
$kinds = [
    'key' => fn($bad) => "\"ab{$bad}cd\":1",
    'value' => fn($bad) => "\"k\":\"ab{$bad}cd\"",
    'escaped' => fn($bad) => "\"k\":\"a\\nb{$bad}cd\"",
];
foreach ($kinds as $name => $member) {
    foreach ([true, false] as $assoc) {
        $e5 = $same = $n = 0;
        for ($at = 3900; $at <= 4200; $at++) {
            $head = '{"p":"';
            $m = $member("\xc3");
            $pad = $at - strlen($head) - strpos($m, "\xc3") - 2;
            $doc = $head . str_repeat('x', $pad) . '",' . $m . ',"q":"' . str_repeat('y', 100) . '","r":[1,2';
            assert(strpos($doc, "\xc3") === $at);
            $got = [];
            foreach ([1, 0] as $on) {
                ini_set('rustjson.decode', $on);
                $r = json_decode($doc, $assoc);
                $got[$on] = serialize($r) . ' #' . json_last_error() . ' ' . json_last_error_msg();
            }
            ini_set('rustjson.decode', 1);
            $n++;
            $same += $got[0] === $got[1];
            $e5 += str_ends_with($got[1], '#5 Malformed UTF-8 characters, possibly incorrectly encoded');
        }
        echo "$name assoc=", var_export($assoc, true), ": $n offsets, $e5 error 5, $same as stock\n";
    }
}
--EXPECT--
key assoc=true: 301 offsets, 301 error 5, 301 as stock
key assoc=false: 301 offsets, 301 error 5, 301 as stock
value assoc=true: 301 offsets, 301 error 5, 301 as stock
value assoc=false: 301 offsets, 301 error 5, 301 as stock
escaped assoc=true: 301 offsets, 301 error 5, 301 as stock
escaped assoc=false: 301 offsets, 301 error 5, 301 as stock
