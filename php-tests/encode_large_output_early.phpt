--TEST--
json_encode(): outputs that look large at 256/512 KiB take the bound early and move into a fresh huge block (src/php/outbuf.rs early_move): stock's bytes and errors, and peak no higher than stock's, also when the encode fails or meets a cycle after the move (an output with user code or a reference after that point, whose length the walk cannot see, takes no bound)
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks (and is slow under valgrind)'); ?>
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function measure($on, $v, $flags, $depth) {
    ini_set('rustjson.enabled', $on);
    $m0 = memory_get_usage();
    memory_reset_peak_usage();
    $r = json_encode($v, $flags, $depth);
    $out = [is_string($r) ? md5($r) . ':' . strlen($r) : var_export($r, true), json_last_error(), memory_get_peak_usage() - $m0];
    unset($r);
    ini_set('rustjson.enabled', '1');
    return $out;
}
class Late implements JsonSerializable {
    public function jsonSerialize(): mixed { return ['late' => str_repeat('z', 50000)]; }
}
mt_srand(19);
// Rows of about 1 KB (a map of 3000: the position in it guesses the size).
function rows($n, $obj) {
    $rows = [];
    for ($i = 0; $i < $n; $i++) {
        $r = ['id' => $i, 'name' => str_repeat(chr(97 + $i % 26), 700 + $i % 90), 'url' => "https://example.com/x/$i/y",
            'score' => $i / 7, 'tags' => ['a', 'b', "é$i"], 'ok' => $i % 2 === 0, 'none' => null];
        $rows["k$i"] = $obj ? (object)$r : $r;
    }
    return $rows;
}
$s = str_repeat('x', 100000);
$cases = [];
$cases['strings'] = array_fill(0, 40, $s);
$cases['rows'] = rows(3000, false);
$cases['rows-obj'] = (object)rows(3000, true);
$cases['rows-list'] = array_values(rows(3000, true));
$cases['rows-bad-utf8'] = rows(2800, false) + ['bad' => "a\xffb"] + rows(300, false);
$cases['rows-inf'] = rows(2800, false) + ['inf' => [1.5, INF]];
$cases['rows-user-code'] = rows(2800, false) + ['late' => new Late] + rows(200, false);
$cases['rows-deep'] = rows(2800, false) + ['deep' => [[[[[[[['x']]]]]]]]];
$cases['rows-resource'] = rows(2800, false) + ['res' => STDIN];
$o = (object)rows(2800, true); $o->self = $o;
$cases['rows-cycle'] = $o;
$r = [1];
$cases['rows-reference'] = rows(2800, false) + ['ref' => &$r] + rows(100, false);
$bad = 0;
$n = 0;
foreach ($cases as $name => $v) {
    foreach ([0, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_FORCE_OBJECT, JSON_UNESCAPED_SLASHES] as $f) {
        foreach ([512, 6] as $depth) {
            $n++;
            [$r0, $e0, $p0] = measure('0', $v, $f, $depth);
            [$r1, $e1, $p1] = measure('1', $v, $f, $depth);
            // (As in encode_large_output_presize.phpt: a failing call may peak a page above stock's.)
            if ($r0 === $r1 && $e0 === $e1 && $e0 !== 0 && $p1 > $p0 && $p1 <= $p0 + 4096) {
                continue;
            }
            if ($r0 !== $r1 || $e0 !== $e1 || $p1 > $p0) {
                $bad++;
                echo "$name flags $f depth $depth: stock $r0 error $e0 peak $p0; rustjson $r1 error $e1 peak $p1\n";
            }
        }
    }
}
echo "$n cases, $bad differences\n";
?>
--EXPECT--
88 cases, 0 differences
