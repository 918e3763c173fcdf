--TEST--
json_decode(): runs of numbers and arrays of short number lists that go on past a stage-1 chunk (read from the bytes, stage 1 restarting after them) give stock's results, with whitespace anywhere, bad elements, open or invalid UTF-8 before them and every kind of end (rustjson.decode=1)
--INI--
rustjson.decode=1
serialize_precision=-1
pcre.jit=0
--FILE--
<?php
// Documents holding a long array of numbers (`[1.5, -2, ...]`) or of
// lists of one or two numbers (`[[1.5, -2], [3], ...]`, as GeoJSON's
// coordinates), longer than a 4,032-byte stage-1 chunk at shifting
// offsets: past the chunk's end rustjson reads them from the bytes
// (core decode::parse direct_run, lists_past_chunk) and restarts stage 1
// after them. Before the array: a string whose UTF-8 leaves a run of
// non-ASCII blocks open (well-formed or not); in the array: one bad
// element near its end at times; after it: a close, whitespace, another
// value, a control byte, invalid UTF-8, the end of input. Each document is
// decoded by stock (rustjson.decode=0) and rustjson in the same process
// under several $associative/$depth/$flags; compared: serialize(),
// debug_zval_dump() (packed or hash tables, refcounts), the error code
// and message.
mt_srand(1812);
function num(): string {
    static $odd = ['0', '-0', '7', '0.5', '-0.0636837780476', '-65.613616999999977', '1e5', '-2.5E-3', '1e400',
        '123456789012345678', '9223372036854775808', '-9223372036854775809', '4.9e-324', '-1.0'];
    return mt_rand(0, 5) === 0 ? $odd[mt_rand(0, count($odd) - 1)]
        : sprintf('%.' . mt_rand(0, 15) . 'f', mt_rand(-10000000, 10000000) / 7919);
}
function one(string $doc, $assoc, int $depth, int $flags): string {
    $r = json_decode($doc, $assoc, $depth, $flags);
    ob_start();
    debug_zval_dump($r);
    $dump = preg_replace('/\)#\d+ /', ')# ', ob_get_clean());
    return md5(serialize($r) . $dump) . ' #' . json_last_error() . ' ' . json_last_error_msg();
}
$seps = [',', ', ', ' ,', ' , ', ",\n  ", "\t,\r\n"];
$badNums = ['x', '01', '1.', '-', '.5', '1 2', ',,', '"s"', '[1]', '1x', "\x01", 'true'];
$badLists = ['[x]', '[01]', '[1 2]', '[1,,2]', '["s"]', '[1,2,3]', '[]', '[[1]]', '{"k":1}', '[1,]', '1', '[1}', "[\x01]"];
$heads = ['', '"pad",', '"' . str_repeat("\xc3\xa9\xe2\x82\xac", 40) . '",', "\"\xc3\xa9\xff\",", '"\u00e9",'];
$tails = [']', ' ]', "\n]", ',"s"]', ', [1, 2]]', ', {"a":1}]', ',]', '', ', ', ', [1,', ', 5 ]', "]\x01", ", \"\xff\"]",
    ", \"\xc3\xa9\"]", '] x', ']]'];
// Under valgrind (USE_ZEND_ALLOC=0) fewer documents.
$valgrind = getenv('USE_ZEND_ALLOC') === '0';
$docs = $valgrind ? 24 : 240;
$cases = $same = 0;
$codes = [];
for ($d = 0; $d < $docs; $d++) {
    $lists = $d % 2 === 1;
    $len = $lists ? mt_rand(200, 900) : mt_rand(400, 2000);
    $sep = $seps[mt_rand(0, count($seps) - 1)];
    $items = [];
    for ($i = 0; $i < $len; $i++) {
        if ($lists) {
            $in = [',', ', ', ' , '][mt_rand(0, 2)];
            $items[] = (mt_rand(0, 7) ? '[' : '[ ') . num() . (mt_rand(0, 9) ? $in . num() : '') . (mt_rand(0, 7) ? ']' : ' ]');
        } else {
            $items[] = num();
        }
    }
    if ($d % 3 === 0) {
        $bad = $lists ? $badLists : $badNums;
        $items[$len - 1 - mt_rand(0, min(200, $len - 1))] = $bad[mt_rand(0, count($bad) - 1)];
    }
    $pad = str_repeat(' ', mt_rand(0, 64)) . '"' . str_repeat('p', mt_rand(1030, 5200)) . '"';
    $list = '[' . implode($sep, $items) . $tails[mt_rand(0, count($tails) - 1)];
    $doc = match (mt_rand(0, 2)) {
        0 => '[' . $pad . ',' . $heads[mt_rand(0, count($heads) - 1)] . $list . ']',
        1 => '{"pad":' . $pad . ',"coordinates":[' . $list . ',' . $list . ']}',
        2 => '{"pad":' . $pad . ',"v":' . $list . ',"w":2}',
    };
    if ($d % 7 === 3) {
        $doc = substr($doc, 0, mt_rand(1100, strlen($doc) - 1));
    }
    foreach ([[true, 512, 0], [false, 512, 0], [null, 512, JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_SUBSTITUTE],
        [true, 3, JSON_INVALID_UTF8_IGNORE]] as [$assoc, $depth, $flags]) {
        $got = [];
        foreach ([0, 1] as $on) {
            ini_set('rustjson.decode', $on);
            $got[$on] = one($doc, $assoc, $depth, $flags);
        }
        ini_set('rustjson.decode', 1);
        $cases++;
        if ($got[0] === $got[1]) {
            $same++;
        } else {
            echo "DIFF doc $d assoc=", var_export($assoc, true), " depth=$depth flags=$flags: stock {$got[0]} rustjson {$got[1]}\n";
        }
        $code = (int) substr($got[0], strpos($got[0], '#') + 1);
        $codes[$code] = ($codes[$code] ?? 0) + 1;
    }
}
ksort($codes);
$summary = "$cases cases, $same as stock";
foreach ($codes as $code => $count) {
    $summary .= ", error $code: $count";
}
// Each plan's cases and stock's error codes over them, as planned.
$planned = $valgrind ? '96 cases, 96 as stock, error 0: 34, error 1: 19, error 3: 6, error 4: 33, error 5: 4' : '960 cases, 960 as stock, error 0: 229, error 1: 178, error 2: 19, error 3: 83, error 4: 385, error 5: 66';
echo $summary === $planned ? "cases: as planned\n" : "cases: $summary\nplanned: $planned\n";
--EXPECT--
cases: as planned
