--TEST--
json_encode(): strings whose escaped end (or failing byte) falls just before or after a page boundary of the output buffer: stock's output and error, and no higher peak (the escaper grows the buffer only by what the string certainly writes, never by its blind stores' slack)
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks'); ?>
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// PHP's encoder grows its buffer by exactly what it appends (and a
// string's length plus its quotes first); from past 3 KB the buffer grows
// in pages. An escaper that asks for more room than it then writes can
// leave its buffer a page larger than stock's where the output ends (or
// the encode fails) right after. Each string here is `$base + $d` clean
// bytes, then a tail that needs work, so that the tail's output crosses
// the page boundary at every offset; alone, in a list, and as a map value
// followed by more members; under the escaping flag sets.
$tails = [
    "\u{e9}", "\u{e9}\u{e9}\u{e9}", "\u{20ac}", "\u{1f600}", "\u{2028}", '"', "\n", '/', "\x01", '<&>\'',
    "\u{e9}x", "\"\u{20ac}\"",
    // Invalid UTF-8 at the end, after escapes, in the middle.
    "\xe9", "\xe2\x82", "\xf0\x9f\x98", "\xff",
    "\u{e9}\u{e9}\u{e9}\u{e9}\xff", "\xffabc",
    // ASCII escapes just before a byte that fails or is dropped
    // (JSON_INVALID_UTF8_IGNORE): the escaper keeps room for the string's
    // unread bytes, which stock's encoder never writes there, so past a
    // growth such a string's output goes to a spill (kernel.rs `grow`).
    '""""' . "\xff", "////\xffabc",
];
$flagsets = [
    0, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE,
    JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT,
];
// On a debug PHP (about ten times slower) a smaller plan: one base, four
// flag sets, two shapes (the count checked is that plan's).
$debug = PHP_DEBUG === 1;
if ($debug) {
    $flagsets = [0, JSON_UNESCAPED_UNICODE, JSON_INVALID_UTF8_IGNORE, JSON_PRETTY_PRINT];
}
$bad = 0;
$cases = 0;
foreach ($debug ? [4096] : [4096, 12288] as $base) {
    for ($d = -44; $d <= 4; $d++) {
        foreach ($tails as $tail) {
            $s = str_repeat('a', $base + $d) . $tail;
            foreach ($flagsets as $f) {
                $shapes = ['lone' => $s, 'list' => [$s], 'map' => ['k' => $s, 'n' => 1]];
                if ($debug) {
                    unset($shapes['list']);
                }
                foreach ($shapes as $shape => $v) {
                    $r = [];
                    foreach ([0, 1] as $on) {
                        ini_set('rustjson.enabled', (string)$on);
                        memory_reset_peak_usage();
                        $p0 = memory_get_peak_usage();
                        $out = json_encode($v, $f);
                        $r[$on] = [$out === false ? false : md5($out), json_last_error(), memory_get_peak_usage() - $p0];
                        unset($out);
                    }
                    ini_set('rustjson.enabled', '1');
                    $cases++;
                    if ($r[0][0] !== $r[1][0] || $r[0][1] !== $r[1][1] || $r[1][2] > $r[0][2]) {
                        if (++$bad <= 10) {
                            printf("base %d%+d tail %s flags %d %s: stock %s rustjson %s\n", $base, $d, bin2hex($tail), $f, $shape,
                                json_encode($r[0]), json_encode($r[1]));
                        }
                    }
                }
            }
        }
    }
}
echo $cases === ($debug ? 7840 : 52920) ? 'cases: as planned' : "cases: $cases", ", $bad differ\n";
?>
--EXPECT--
cases: as planned, 0 differ
