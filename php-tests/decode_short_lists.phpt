--TEST--
json_decode(): lists of one or two elements (lists of one or two numbers are made in one call) give stock's values, tables and memory, and behave as stock's under later writes, also those that turn a packed table into a hash; a list whose first tokens look short but that holds more (`[1, [], 2]`) is exact too (rustjson.decode=1)
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
rustjson.decode=1
serialize_precision=-1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Documents past 1,024 bytes (the stage-1 route, where the parser hands
// lists of one or two numbers to the builder whole). Each is decoded by
// stock (rustjson.decode=0) and by rustjson; compared: serialize(), debug_zval_dump() (packed or
// hash tables, refcounts), the error, and the memory the result holds
// (never more than stock's).
mt_srand(7);
$scalars = ['0', '-1', '2.5', '1e400', '"a"', '""', '"\u00e9"', 'true', 'false', 'null', '123456789012345678901'];
$others = ['[]', '{}', '[1]', '[1,2]', '{"k":1}', '[[]]'];
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }
function one(string $doc, bool $assoc) {
    $before = memory_get_usage();
    $r = json_decode($doc, $assoc);
    $held = memory_get_usage() - $before;
    ob_start();
    debug_zval_dump($r);
    $dump = preg_replace('/\)#\d+ /', ')# ', ob_get_clean());
    return [md5(serialize($r) . $dump) . ' #' . json_last_error(), $held, $r];
}
$cases = $same = 0;
for ($doc_i = 0; $doc_i < 300; $doc_i++) {
    $items = [];
    $n = mt_rand(1, 120);
    for ($i = 0; $i < $n; $i++) {
        switch (mt_rand(0, 5)) {
            case 0: $items[] = '[' . pick($scalars) . ']'; break;
            case 1: $items[] = '[' . pick($scalars) . ',' . pick($scalars) . ']'; break;
            // Short by its first tokens (the one after the comma is a
            // container, not a number), but three or more elements.
            case 2: $items[] = '[' . pick($scalars) . ',' . pick(['[]', '{}']) . ',' . pick($scalars) . ']'; break;
            case 3: $items[] = '[' . pick($scalars) . ' , ' . pick($others) . ']'; break;
            case 4: $items[] = '[' . implode(',', array_map(fn() => pick($scalars), range(1, mt_rand(3, 10)))) . ']'; break;
            default: $items[] = '{"p":[' . pick($scalars) . ',' . pick($scalars) . '],"q":[' . pick($scalars) . ']}';
        }
    }
    $doc = '["' . str_repeat('p', mt_rand(1030, 5000)) . '",' . implode(mt_rand(0, 1) ? ',' : ",\n ", $items) . ']';
    if ($doc_i % 10 === 9) {
        // An error somewhere after the lists.
        $doc = substr($doc, 0, -1) . ',[1,2,}]';
    }
    foreach ([true, false] as $assoc) {
        $got = [];
        foreach ([0, 1] as $on) {
            ini_set('rustjson.decode', $on);
            $got[$on] = one($doc, $assoc);
        }
        ini_set('rustjson.decode', 1);
        $cases++;
        if ($got[0][0] === $got[1][0] && $got[1][1] <= $got[0][1]) {
            $same++;
        } else {
            echo "DIFF doc=$doc_i assoc=", (int) $assoc, ": stock {$got[0][0]} {$got[0][1]} rustjson {$got[1][0]} {$got[1][1]}\n";
        }
    }
}
echo "$cases cases, $same as stock\n";

// 2,000 coordinate pairs: the tables' share of memory.
$doc = '[' . implode(',', array_map(fn($i) => "[$i.5,-$i.25]", range(1, 2000))) . ']';
$held = [];
foreach ([0, 1] as $on) {
    ini_set('rustjson.decode', $on);
    $held[$on] = one($doc, true)[1];
}
ini_set('rustjson.decode', 1);
// Stock's table sizes (a packed table of fewer than 8 slots is not valid
// in Zend: its SSE2 HT_HASH_RESET assumes at least 8 when the table
// becomes a hash, as the 'sparse' writes below make it).
echo "2000 pairs: rustjson holds ", $held[1] === $held[0] ? "stock's memory" : "{$held[1]} bytes, stock {$held[0]}", "\n";

// Later writes into decoded short lists: the same arrays (serialize) and
// the same tables (debug_zval_dump: packed or hash) as stock's after each,
// among them writes that turn the packed table into a hash.
$ops = [
    'append' => function (array &$a) { $a[] = 'x'; $a[] = 'y'; $a[] = 'z'; },
    'append many' => function (array &$a) { for ($i = 0; $i < 20; $i++) { $a[] = $i; } },
    'pop push' => function (array &$a) { array_pop($a); $a[] = 1; array_push($a, 2, 3); },
    'unshift' => function (array &$a) { array_unshift($a, 'u'); },
    'shift' => function (array &$a) { array_shift($a); $a[] = 's'; },
    'sparse' => function (array &$a) { $a[5] = 'f'; $a[3] = 't'; $a[] = 'n'; },
    'far' => function (array &$a) { $a[100] = 'f'; $a[] = 'n'; },
    'to hash' => function (array &$a) { $a['k'] = 'v'; for ($i = 0; $i < 20; $i++) { $a["k$i"] = $i; } },
    'string key' => function (array &$a) { $a['k'] = 1; $a[] = 2; },
    'unset' => function (array &$a) { unset($a[0]); $a[] = 3; $a[0] = 4; },
    'sort' => function (array &$a) { $a[] = -5; sort($a); rsort($a); },
    'splice' => function (array &$a) { array_splice($a, 1, 0, ['m', 'n']); },
    'by ref' => function (array &$a) { foreach ($a as &$v) { $v = [$v]; } unset($v); $a[] = 1; },
];
$lists = ['[1]', '[1,2]', '["a","b"]', '[null]', '[true,false]', '[2.5,-1]'];
$doc = '{"pad":"' . str_repeat('p', 1100) . '","l":[' . implode(',', $lists) . ']}';
$checked = 0;
foreach ($ops as $name => $op) {
    $r = [];
    foreach ([0, 1] as $on) {
        ini_set('rustjson.decode', $on);
        $r[$on] = json_decode($doc, true)['l'];
    }
    ini_set('rustjson.decode', 1);
    foreach ($r[0] as $i => $stock_list) {
        $ours = $r[1][$i];
        $op($stock_list);
        $op($ours);
        $a = serialize($stock_list);
        $b = serialize($ours);
        if ($a !== $b) {
            echo "DIFF $name {$lists[$i]}: $a / $b\n";
        }
        ob_start();
        debug_zval_dump($stock_list);
        $da = ob_get_clean();
        ob_start();
        debug_zval_dump($ours);
        if ($da !== ob_get_clean()) {
            echo "DIFF dump $name {$lists[$i]}\n";
        }
        $checked++;
    }
}
echo "$checked writes as stock\n";
?>
--EXPECT--
600 cases, 600 as stock
2000 pairs: rustjson holds stock's memory
78 writes as stock
