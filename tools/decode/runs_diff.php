<?php
// Differential check of json_decode() on the shapes stage 1 hands over to
// the bytes: long runs of numbers (`[1.5, -2, ...]`, core decode::parse
// direct_run) and arrays of lists of one or two numbers (`[[x, y], ...]`,
// lists_past_chunk), longer than a stage-1 chunk at shifting offsets, with
// random separators and whitespace, a bad element at times, strings with
// open or invalid UTF-8 before them, every kind of tail, truncation and a
// replaced byte, under random $associative, $depth and $flags. Stock
// (rustjson.decode=0) and rustjson (=1) in one process: serialize() of the
// result, json_last_error() and its message must be equal.
//
// Usage: php -d extension=modules/rustjson.so tools/decode/runs_diff.php numbers|lists [SEED] [COUNT]
// Exit status 1 if any case differs (the first three are saved to
// /tmp/runs_diff.fail.SHAPE.SEED.N).
ini_set('serialize_precision', '-1');
$shape = $argv[1] ?? 'numbers';
$seed = (int)($argv[2] ?? 1);
$count = (int)($argv[3] ?? 2000);
if (!in_array($shape, ['numbers', 'lists'], true)) {
    fwrite(STDERR, "usage: runs_diff.php numbers|lists [SEED] [COUNT]\n");
    exit(2);
}

function pick(array $a)
{
    return $a[mt_rand(0, count($a) - 1)];
}

/** A document holding a long run of numbers. */
function numbers_doc(): string
{
    static $nums = ['0', '-0', '7', '-12', '0.5', '-0.0636837780476', '2.34647130966', '1e5', '-2.5E-3', '0.0', '1e400',
        '123456789012345678', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '1.7976931348623157e308',
        '4.9e-324', '0.1', '12345678901234567890123', '1E-400', '-1.0', '100', '3.14159265358979323846'];
    static $seps = [',', ', ', ' ,', " , ", "\n,\n", "\t,\r\n", ",\n  ", ",  ", ",\t"];
    static $bad = ['x', '01', '1.', '-', '1e', '.5', '+1', '--1', '1 2', ',,', '"s"', 'true', 'null', 'false', '[1,2]', '[]', '{"k":1}',
        "1\x01", '}', ']', '1]', '1x', '1.5.5', '1-2', '0x1', '2e5e', '1:', "\x00", "\xc3\xa9", '"\xc3"', '"\xff"', '1"', '1{', '1[', ', ', "\x7f", '"a\\u00e9"'];
    static $tails = [']', ' ]', "\n]", ',"str"]', ', [1, 2]]', ', {"a":1}]', ',]', ', ', '', ',', ', "x', ', "\xff"]', ', "\xc3\xa9"]',
        ', tru]', ', 1e400]', "]\x01", '] x', ']]', ']}', '],', ' , 5 ]', ', 1 , 2 ]', ', 1,2,3, "s", 4]'];
    $heads = ['', '"pad",', '"\xc3\xa9\xc3\xa9",', '"\xe2\x82\xac' . str_repeat('\xe2\x82\xac', 40) . '",', '"\xff",', '"\xc3",', '{"a":1},', '[1,2],', "\"\t\","];
    $len = mt_rand(0, 3) ? mt_rand(300, 3000) : mt_rand(1, 300);
    $sep = pick($seps);
    $items = [];
    // One run in three is small ints (up to 7 digits; rarely 9 digits or
    // another number): the short-int loop's shape, through table growth.
    $ints = mt_rand(0, 2) === 0;
    for ($i = 0; $i < $len; $i++) {
        if ($ints) {
            $items[] = mt_rand(0, 1500) ? (string)mt_rand(0, mt_rand(0, 500) ? [9, 99, 9999, 9999999][mt_rand(0, 3)] : 999999999)
                : pick($nums);
            continue;
        }
        $items[] = mt_rand(0, 4) === 0 ? pick($nums) : (mt_rand(0, 1) ? (string)mt_rand(-999999, 999999)
            : sprintf('%.' . mt_rand(1, 15) . 'f', mt_rand(-1000000, 1000000) / 7919));
    }
    if (mt_rand(0, 1)) {
        $items[mt_rand(0, $len - 1)] = pick($bad);
    }
    $pad = str_repeat(' ', mt_rand(0, 70)) . '"' . str_repeat('p', mt_rand(0, 5000)) . '"';
    $head = pick($heads);
    $list = '[' . implode($sep, $items) . pick($tails);
    return match (mt_rand(0, 3)) {
        0 => '[' . $pad . ',' . $head . $list . ']',
        1 => '{"pad":' . $pad . ',"v":' . $list . ',"w":2}',
        2 => $list,
        3 => '[' . $pad . ',' . $head . $list . ',' . $list . ']',
    };
}

/** A document holding a long array of lists of one or two numbers. */
function lists_doc(): string
{
    static $nums = ['0', '-0', '7', '-12', '0.5', '-65.613616999999977', '43.420273000000009', '1e5', '-2.5E-3', '1e400',
        '123456789012345678', '9223372036854775808', '-9223372036854775809', '4.9e-324', '12345678901234567890123', '-1.0'];
    static $seps = [',', ', ', ' ,', " , ", "\n,\n", "\t,\r\n", ",\n  "];
    static $bad = ['[x]', '[01]', '[1.]', '[-]', '[1 2]', '[1,,2]', '["s"]', '[true]', '[1,2,3]', '[]', '[[1]]', '{"k":1}', "[1\x01]", '[1]]',
        '[1,]', '[,1]', '1', '"s"', '[1 , 2 ]', '[ 1 ,2]', "[\xc3\xa9]", '[1,"\xff"]', '[1}', '[1,2}', '[1e400,1]', '[9223372036854775808]'];
    static $tails = [']', ' ]', "\n]", ',"str"]', ', [1, 2, 3]]', ', {"a":1}]', ',]', ', ', '', ',', ', [', ', [1', ', [1,', ', "\xff"]', ', [1,2]',
        "]\x01", '] x', ']]', ']}', ', 5]'];
    $heads = ['', '"pad",', '"' . str_repeat("\xc3\xa9", 50) . '",', '"\xff",', '[1,2],'];
    $len = mt_rand(0, 3) ? mt_rand(150, 1500) : mt_rand(1, 150);
    $sep = pick($seps);
    $isep = pick([',', ', ', ' , ', ",\n"]);
    $items = [];
    for ($i = 0; $i < $len; $i++) {
        $k = mt_rand(0, 9) ? 2 : 1;
        $xs = [];
        for ($j = 0; $j < $k; $j++) {
            $xs[] = mt_rand(0, 5) === 0 ? pick($nums) : sprintf('%.' . mt_rand(1, 15) . 'f', mt_rand(-10000000, 10000000) / 7919);
        }
        $items[] = (mt_rand(0, 7) ? '[' : '[ ') . implode($isep, $xs) . (mt_rand(0, 7) ? ']' : ' ]');
    }
    if (mt_rand(0, 1)) {
        $items[mt_rand(0, $len - 1)] = pick($bad);
    }
    $pad = str_repeat(' ', mt_rand(0, 70)) . '"' . str_repeat('p', mt_rand(0, 5000)) . '"';
    $head = pick($heads);
    $list = '[' . implode($sep, $items) . pick($tails);
    return match (mt_rand(0, 4)) {
        0 => '[' . $pad . ',' . $head . $list . ']',
        1 => '{"pad":' . $pad . ',"v":' . $list . ',"w":2}',
        2 => $list,
        3 => '{"pad":' . $pad . ',"coordinates":[' . $list . ',' . $list . ']}',
        // A list that is an object member: `, [` after it is an error.
        4 => '{"pad":' . $pad . ',"o":{"a":' . implode($sep, array_slice($items, 0, 400)) . '}}',
    };
}

mt_srand($seed);
$diffs = 0;
$errs = [];
for ($c = 0; $c < $count; $c++) {
    $doc = $shape === 'numbers' ? numbers_doc() : lists_doc();
    if (mt_rand(0, 9) === 0) {
        $doc = substr($doc, 0, mt_rand(1, strlen($doc)));
    }
    if (mt_rand(0, 9) === 0) {
        $doc[mt_rand(0, strlen($doc) - 1)] = chr(mt_rand(0, 255));
    }
    $assoc = pick([true, false, null]);
    $depth = mt_rand(0, 5) ? 512 : mt_rand(1, $shape === 'numbers' ? 4 : 5);
    $flags = pick([0, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_OBJECT_AS_ARRAY,
        JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_SUBSTITUTE]);
    $r = [];
    foreach (['0', '1'] as $on) {
        ini_set('rustjson.decode', $on);
        $v = json_decode($doc, $assoc, $depth, $flags);
        $r[] = serialize($v) . '#' . json_last_error() . json_last_error_msg();
    }
    $errs[json_last_error()] = ($errs[json_last_error()] ?? 0) + 1;
    if ($r[0] !== $r[1]) {
        $diffs++;
        if ($diffs < 4) {
            file_put_contents("/tmp/runs_diff.fail.$shape.$seed.$diffs", $doc);
            echo "DIFF seed $seed case $c\n";
        }
    }
}
ksort($errs);
echo "runs_diff $shape seed $seed: $count cases, $diffs differences, stock's errors ", json_encode($errs), "\n";
exit($diffs ? 1 : 0);
