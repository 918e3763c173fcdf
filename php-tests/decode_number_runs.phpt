--TEST--
json_decode(): arrays of numbers on the stage-1 route (the parser's number runs: long lists, pairs, whitespace, chunk edges, table growth, errors and depth limits inside a run) give stock's results and hold no more memory than stock's (rustjson.decode=1)
--INI--
rustjson.decode=1
serialize_precision=-1
pcre.jit=0
--FILE--
<?php
// Documents past 1,024 bytes (the stage-1 route) holding arrays that
// start with a number: the parser takes `, number` elements as runs
// straight into the array's table, and the array's `]`. Each document is
// decoded by stock (rustjson.decode=0) and by rustjson in the same
// process; compared: serialize(), debug_zval_dump() (packed or hash
// tables, refcounts), the error code and message, and the memory the
// result holds (table sizes): never more than stock's (less where the
// document has lists of one or two elements: their tables get two slots,
// stock's eight; php-tests/decode_short_lists.phpt checks that). Lists of 1-1,300 elements (a table grows at
// 8, 16, ..., 1,024 elements; 4,032-byte stage-1 chunks end inside
// them) at shifting offsets, with several separators; then one change
// at a random element: a malformed number, a missing or doubled comma,
// another kind of value, a nested array (with a $depth it exceeds), a
// big integer (JSON_BIGINT_AS_STRING), a control byte, truncation.
mt_srand(18);
$numbers = ['0', '-0', '7', '-12', '4278190080', '9223372036854775807', '-9223372036854775808',
    '0.5', '-0.0636837780476', '2.34647130966', '1e5', '-2.5E-3', '0.0', '1e400', '123456789012345678'];
$seps = [',', ', ', ' ,', "\n    ,\n    ", "\t,\r\n"];
$bad = ['x', '01', '1.', '-', '1e', '.5', '+1', '--1', '1 2', ',,', '"s"', 'true', 'null', 'false',
    '[1,2]', '[3]', '[]', '{"k":1}', '9223372036854775808', '-9223372036854775809', "1\x01", '}', ']', '1]',
    '1x', '1.5.5', '1-2', '0x1', '2e5e', '1:', '1 2 3', '4 5,6', '7]8', '9 ]'];
function num($numbers) {
    return mt_rand(0, 3) === 0 ? $numbers[mt_rand(0, count($numbers) - 1)] : (string) mt_rand(-99999, 99999) . (mt_rand(0, 1) ? '.' . mt_rand(0, 999999) : '');
}
function one(string $doc, bool $assoc, int $depth, int $flags): array {
    $before = memory_get_usage();
    $r = json_decode($doc, $assoc, $depth, $flags);
    $held = memory_get_usage() - $before;
    ob_start();
    debug_zval_dump($r);
    // Object handles depend on the free list the earlier decode left
    // (tools/decode/handles.php compares them): not compared here.
    $dump = preg_replace('/\)#\d+ /', ')# ', ob_get_clean());
    return [md5(serialize($r) . $dump) . ' #' . json_last_error() . ' ' . json_last_error_msg(), $held];
}
$cases = $same = 0;
$codes = [];
// Under valgrind (USE_ZEND_ALLOC=0) a subset of the lengths runs: every
// length takes minutes there. It keeps the short lists, a table growth
// at 8 and 64, and lists past a stage-1 chunk.
$valgrind = getenv('USE_ZEND_ALLOC') === '0';
$lens = $valgrind ? [1, 2, 8, 9, 63, 65, 257, 1025]
    : [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 127, 129, 255, 257, 399, 400, 401, 511, 513, 1023, 1025, 1300];
foreach ($lens as $len) {
    foreach ($seps as $si => $sep) {
        for ($variant = 0; $variant < 6; $variant++) {
            $items = [];
            for ($i = 0; $i < $len; $i++) {
                $items[] = num($numbers);
            }
            $mutate = $variant >= 2;
            if ($mutate) {
                $at = mt_rand(0, $len - 1);
                $items[$at] = $bad[mt_rand(0, count($bad) - 1)];
            }
            $list = '[' . ($si === 3 ? "\n    " : '') . implode($sep, $items) . ($si === 3 ? "\n" : '') . ']';
            // Shapes: a bare list, a list after a pad (the offset moves
            // the chunk edges), lists of pairs around it, a list in an
            // object next to other members.
            $pad = str_repeat('p', 1030 + mt_rand(0, 4100));
            switch ($variant % 3) {
                case 0:
                    $doc = '[' . str_repeat('[1.5,-2],', mt_rand(0, 300)) . '"' . $pad . '",' . $list . ',5,[[0,1],[2,3]],' . $list . ',6 , 7]';
                    break;
                case 1:
                    $doc = '{"pad":"' . $pad . '","positions":' . $list . ',"pairs":[[1,2],[3 , 4],[5,6,7],[8]],"n":' . $list . '}';
                    break;
                default:
                    $doc = ' ' . $list . "\n";
                    if (strlen($doc) <= 1024) {
                        $doc = '[' . $list . ',"' . $pad . '"]';
                    }
            }
            if ($variant === 5) {
                $doc = substr($doc, 0, mt_rand(1030, strlen($doc) - 1));
            }
            foreach ([[true, 512, 0], [false, 512, 0], [true, 512, JSON_BIGINT_AS_STRING], [false, 3, 0], [true, 2, JSON_BIGINT_AS_STRING]] as [$assoc, $depth, $flags]) {
                $got = [];
                foreach ([0, 1] as $on) {
                    ini_set('rustjson.decode', $on);
                    $got[$on] = one($doc, $assoc, $depth, $flags);
                }
                ini_set('rustjson.decode', 1);
                $cases++;
                if ($got[0][0] === $got[1][0] && $got[1][1] <= $got[0][1]) {
                    $same++;
                } else {
                    echo "DIFF len=$len sep=$si variant=$variant assoc=", (int) $assoc, " depth=$depth flags=$flags: stock {$got[0][0]} {$got[0][1]} rustjson {$got[1][0]} {$got[1][1]}\n";
                }
                $code = (int) substr($got[0][0], strpos($got[0][0], '#') + 1);
                $codes[$code] = ($codes[$code] ?? 0) + 1;
            }
        }
    }
}
ksort($codes);
$summary = "$cases cases, $same as stock";
foreach ($codes as $code => $count) {
    $summary .= ", error $code: $count";
}
// Each plan's cases and stock's error codes over them, as planned.
$planned = $valgrind ? '1200 cases, 1200 as stock, error 0: 355, error 1: 330, error 2: 16, error 3: 67, error 4: 432'
    : '3750 cases, 3750 as stock, error 0: 1116, error 1: 985, error 2: 16, error 3: 108, error 4: 1525';
echo $summary === $planned ? "cases: as planned\n" : "cases: $summary\nplanned: $planned\n";
--EXPECT--
cases: as planned
