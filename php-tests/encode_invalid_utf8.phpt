--TEST--
json_encode(): invalid UTF-8 in values, with no flag, PARTIAL, IGNORE, SUBSTITUTE and combinations (per-sequence grouping)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$seqs = [
    // single bad bytes
    "\x80", "\xBF", "\xC0", "\xC1", "\xF5", "\xF8", "\xFE", "\xFF",
    // 2-byte leads
    "\xC0\x80", "\xC1\xBF", "\xC2", "\xC2\x41", "\xC2\xC2\xA9", "\xC3\xC0", "\xC3A", "\xC3\xFF", "\xDF",
    "\xC2\x80" /* valid */, "\xDF\xBF" /* valid */,
    // 3-byte leads
    "\xE2\x82", "\xE2\x82A", "\xE2A\x82", "\xE2\x82\xC0", "\xE2\x82\xE2\x82\xAC", "\xE2\xC3\xA9", "\xE2\xFF\x80",
    "\xED\xA0\x80", "\xED\xBF\xBF", "\xED\x9F\xBF" /* valid */, "\xE0\x80\x80", "\xE0\x9F\xBF", "\xE0\xA0\x80" /* valid */,
    "\xEF\xBF\xBF" /* valid U+FFFF */, "\xEF\xBF", "\xE0",
    // 4-byte leads
    "\xF0\x80\x80\x80", "\xF0\x8F\xBF\xBF", "\xF0\x90\x80\x80" /* valid */, "\xF4\x8F\xBF\xBF" /* valid */,
    "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF7\xBF\xBF\xBF", "\xF0\x9F\x98", "\xF0\x9F\x98A", "\xF0\x9FA",
    "\xF0A", "\xF0", "\xF0\x9F", "\xF0\x9F\x98\xC0", "\xF0\xC0\x80\x80", "\xF8\x88\x80\x80\x80", "\xFC\x84\x80\x80\x80\x80",
    // several errors in one string
    "a\xffb\xfec", "\xff\xff\xff", "\x80\x80", "\xe9t\xe9", "\xC3\xA9\xE9\xC3\xA9", "\xED\xA0\x80\xED\xB0\x80",
];
$flagsets = [
    'none' => 0,
    'PARTIAL' => JSON_PARTIAL_OUTPUT_ON_ERROR,
    'IGNORE' => JSON_INVALID_UTF8_IGNORE,
    'SUBST' => JSON_INVALID_UTF8_SUBSTITUTE,
    'IGNORE|SUBST' => JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE,
    'SUBST|UNESC' => JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE,
    'IGNORE|UNESC' => JSON_INVALID_UTF8_IGNORE | JSON_UNESCAPED_UNICODE,
    'UNESC' => JSON_UNESCAPED_UNICODE,
    'SUBST|PARTIAL' => JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR,
];
foreach ($seqs as $s) {
    echo "== ", bin2hex($s), "\n";
    foreach ($flagsets as $name => $f) {
        rj_enc("  $name", "<" . $s . ">", $f);
    }
    // the same sequence at the very end of the string (truncated-sequence rules)
    rj_enc("  at end: SUBST", "<" . $s, JSON_INVALID_UTF8_SUBSTITUTE);
    rj_enc("  at end: IGNORE", "<" . $s, JSON_INVALID_UTF8_IGNORE);
    rj_enc("  alone: SUBST", $s, JSON_INVALID_UTF8_SUBSTITUTE);
}
echo "== in containers\n";
foreach ($flagsets as $name => $f) {
    rj_enc("  list $name", ["ok", "b\xffd", "\xC3\xA9"], $f);
    rj_enc("  nested $name", ["a" => ["b" => ["\xED\xA0\x80"]], "z" => 1], $f);
    rj_enc("  top $name", "\x80", $f);
}
rj_enc('throw', "\xff", JSON_THROW_ON_ERROR);
rj_enc('throw|partial', "\xff", JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('throw|subst', "\xff", JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE);
rj_enc('long subst', str_repeat("ab\xffcd\xC3", 40), JSON_INVALID_UTF8_SUBSTITUTE);
?>
--EXPECT--
== 80
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== bf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== c0
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== c1
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f5
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f8
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== fe
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== ff
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== c080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<��>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd" #0
== c1bf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<��>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd" #0
== c2
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== c241
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA>" #0
  at end: SUBST: "<\ufffdA" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA" #0
== c2c2a9
  none: false #5
  PARTIAL: null #5
  IGNORE: "<\u00a9>" #0
  SUBST: "<\ufffd\u00a9>" #0
  IGNORE|SUBST: "<\u00a9>" #0
  SUBST|UNESC: u:"<�©>" #0
  IGNORE|UNESC: u:"<©>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\u00a9>" #0
  at end: SUBST: "<\ufffd\u00a9" #0
  at end: IGNORE: "<\u00a9" #0
  alone: SUBST: "\ufffd\u00a9" #0
== c3c0
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== c341
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA>" #0
  at end: SUBST: "<\ufffdA" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA" #0
== c3ff
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== df
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== c280
  none: "<\u0080>" #0
  PARTIAL: "<\u0080>" #0
  IGNORE: "<\u0080>" #0
  SUBST: "<\u0080>" #0
  IGNORE|SUBST: "<\u0080>" #0
  SUBST|UNESC: x:223cc2803e22 #0
  IGNORE|UNESC: x:223cc2803e22 #0
  UNESC: x:223cc2803e22 #0
  SUBST|PARTIAL: "<\u0080>" #0
  at end: SUBST: "<\u0080" #0
  at end: IGNORE: "<\u0080" #0
  alone: SUBST: "\u0080" #0
== dfbf
  none: "<\u07ff>" #0
  PARTIAL: "<\u07ff>" #0
  IGNORE: "<\u07ff>" #0
  SUBST: "<\u07ff>" #0
  IGNORE|SUBST: "<\u07ff>" #0
  SUBST|UNESC: u:"<߿>" #0
  IGNORE|UNESC: u:"<߿>" #0
  UNESC: u:"<߿>" #0
  SUBST|PARTIAL: "<\u07ff>" #0
  at end: SUBST: "<\u07ff" #0
  at end: IGNORE: "<\u07ff" #0
  alone: SUBST: "\u07ff" #0
== e282
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== e28241
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA>" #0
  at end: SUBST: "<\ufffdA" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA" #0
== e24182
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA\ufffd>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A�>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA\ufffd>" #0
  at end: SUBST: "<\ufffdA\ufffd" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA\ufffd" #0
== e282c0
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== e282e282ac
  none: false #5
  PARTIAL: null #5
  IGNORE: "<\u20ac>" #0
  SUBST: "<\ufffd\u20ac>" #0
  IGNORE|SUBST: "<\u20ac>" #0
  SUBST|UNESC: u:"<�€>" #0
  IGNORE|UNESC: u:"<€>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\u20ac>" #0
  at end: SUBST: "<\ufffd\u20ac" #0
  at end: IGNORE: "<\u20ac" #0
  alone: SUBST: "\ufffd\u20ac" #0
== e2c3a9
  none: false #5
  PARTIAL: null #5
  IGNORE: "<\u00e9>" #0
  SUBST: "<\ufffd\u00e9>" #0
  IGNORE|SUBST: "<\u00e9>" #0
  SUBST|UNESC: u:"<�é>" #0
  IGNORE|UNESC: u:"<é>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\u00e9>" #0
  at end: SUBST: "<\ufffd\u00e9" #0
  at end: IGNORE: "<\u00e9" #0
  alone: SUBST: "\ufffd\u00e9" #0
== e2ff80
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== eda080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== edbfbf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== ed9fbf
  none: "<\ud7ff>" #0
  PARTIAL: "<\ud7ff>" #0
  IGNORE: "<\ud7ff>" #0
  SUBST: "<\ud7ff>" #0
  IGNORE|SUBST: "<\ud7ff>" #0
  SUBST|UNESC: x:223ced9fbf3e22 #0
  IGNORE|UNESC: x:223ced9fbf3e22 #0
  UNESC: x:223ced9fbf3e22 #0
  SUBST|PARTIAL: "<\ud7ff>" #0
  at end: SUBST: "<\ud7ff" #0
  at end: IGNORE: "<\ud7ff" #0
  alone: SUBST: "\ud7ff" #0
== e08080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== e09fbf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== e0a080
  none: "<\u0800>" #0
  PARTIAL: "<\u0800>" #0
  IGNORE: "<\u0800>" #0
  SUBST: "<\u0800>" #0
  IGNORE|SUBST: "<\u0800>" #0
  SUBST|UNESC: u:"<ࠀ>" #0
  IGNORE|UNESC: u:"<ࠀ>" #0
  UNESC: u:"<ࠀ>" #0
  SUBST|PARTIAL: "<\u0800>" #0
  at end: SUBST: "<\u0800" #0
  at end: IGNORE: "<\u0800" #0
  alone: SUBST: "\u0800" #0
== efbfbf
  none: "<\uffff>" #0
  PARTIAL: "<\uffff>" #0
  IGNORE: "<\uffff>" #0
  SUBST: "<\uffff>" #0
  IGNORE|SUBST: "<\uffff>" #0
  SUBST|UNESC: x:223cefbfbf3e22 #0
  IGNORE|UNESC: x:223cefbfbf3e22 #0
  UNESC: x:223cefbfbf3e22 #0
  SUBST|PARTIAL: "<\uffff>" #0
  at end: SUBST: "<\uffff" #0
  at end: IGNORE: "<\uffff" #0
  alone: SUBST: "\uffff" #0
== efbf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== e0
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f0808080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f08fbfbf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f0908080
  none: "<\ud800\udc00>" #0
  PARTIAL: "<\ud800\udc00>" #0
  IGNORE: "<\ud800\udc00>" #0
  SUBST: "<\ud800\udc00>" #0
  IGNORE|SUBST: "<\ud800\udc00>" #0
  SUBST|UNESC: u:"<𐀀>" #0
  IGNORE|UNESC: u:"<𐀀>" #0
  UNESC: u:"<𐀀>" #0
  SUBST|PARTIAL: "<\ud800\udc00>" #0
  at end: SUBST: "<\ud800\udc00" #0
  at end: IGNORE: "<\ud800\udc00" #0
  alone: SUBST: "\ud800\udc00" #0
== f48fbfbf
  none: "<\udbff\udfff>" #0
  PARTIAL: "<\udbff\udfff>" #0
  IGNORE: "<\udbff\udfff>" #0
  SUBST: "<\udbff\udfff>" #0
  IGNORE|SUBST: "<\udbff\udfff>" #0
  SUBST|UNESC: x:223cf48fbfbf3e22 #0
  IGNORE|UNESC: x:223cf48fbfbf3e22 #0
  UNESC: x:223cf48fbfbf3e22 #0
  SUBST|PARTIAL: "<\udbff\udfff>" #0
  at end: SUBST: "<\udbff\udfff" #0
  at end: IGNORE: "<\udbff\udfff" #0
  alone: SUBST: "\udbff\udfff" #0
== f4908080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f5808080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<����>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd\ufffd\ufffd" #0
== f7bfbfbf
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<����>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd\ufffd\ufffd" #0
== f09f98
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f09f9841
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA>" #0
  at end: SUBST: "<\ufffdA" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA" #0
== f09f41
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA>" #0
  at end: SUBST: "<\ufffdA" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA" #0
== f041
  none: false #5
  PARTIAL: null #5
  IGNORE: "<A>" #0
  SUBST: "<\ufffdA>" #0
  IGNORE|SUBST: "<A>" #0
  SUBST|UNESC: u:"<�A>" #0
  IGNORE|UNESC: "<A>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdA>" #0
  at end: SUBST: "<\ufffdA" #0
  at end: IGNORE: "<A" #0
  alone: SUBST: "\ufffdA" #0
== f0
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f09f
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f09f98c0
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f0c08080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd>" #0
  at end: SUBST: "<\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd" #0
== f888808080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd\ufffd\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<�����>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd\ufffd\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd\ufffd\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd\ufffd\ufffd\ufffd" #0
== fc8480808080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<������>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd" #0
== 61ff62fe63
  none: false #5
  PARTIAL: null #5
  IGNORE: "<abc>" #0
  SUBST: "<a\ufffdb\ufffdc>" #0
  IGNORE|SUBST: "<abc>" #0
  SUBST|UNESC: u:"<a�b�c>" #0
  IGNORE|UNESC: "<abc>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<a\ufffdb\ufffdc>" #0
  at end: SUBST: "<a\ufffdb\ufffdc" #0
  at end: IGNORE: "<abc" #0
  alone: SUBST: "a\ufffdb\ufffdc" #0
== ffffff
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<���>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd\ufffd" #0
== 8080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<��>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd" #0
== e974e9
  none: false #5
  PARTIAL: null #5
  IGNORE: "<t>" #0
  SUBST: "<\ufffdt\ufffd>" #0
  IGNORE|SUBST: "<t>" #0
  SUBST|UNESC: u:"<�t�>" #0
  IGNORE|UNESC: "<t>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffdt\ufffd>" #0
  at end: SUBST: "<\ufffdt\ufffd" #0
  at end: IGNORE: "<t" #0
  alone: SUBST: "\ufffdt\ufffd" #0
== c3a9e9c3a9
  none: false #5
  PARTIAL: null #5
  IGNORE: "<\u00e9\u00e9>" #0
  SUBST: "<\u00e9\ufffd\u00e9>" #0
  IGNORE|SUBST: "<\u00e9\u00e9>" #0
  SUBST|UNESC: u:"<é�é>" #0
  IGNORE|UNESC: u:"<éé>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\u00e9\ufffd\u00e9>" #0
  at end: SUBST: "<\u00e9\ufffd\u00e9" #0
  at end: IGNORE: "<\u00e9\u00e9" #0
  alone: SUBST: "\u00e9\ufffd\u00e9" #0
== eda080edb080
  none: false #5
  PARTIAL: null #5
  IGNORE: "<>" #0
  SUBST: "<\ufffd\ufffd>" #0
  IGNORE|SUBST: "<>" #0
  SUBST|UNESC: u:"<��>" #0
  IGNORE|UNESC: "<>" #0
  UNESC: false #5
  SUBST|PARTIAL: "<\ufffd\ufffd>" #0
  at end: SUBST: "<\ufffd\ufffd" #0
  at end: IGNORE: "<" #0
  alone: SUBST: "\ufffd\ufffd" #0
== in containers
  list none: false #5
  nested none: false #5
  top none: false #5
  list PARTIAL: ["ok",null,"\u00e9"] #5
  nested PARTIAL: {"a":{"b":[null]},"z":1} #5
  top PARTIAL: null #5
  list IGNORE: ["ok","bd","\u00e9"] #0
  nested IGNORE: {"a":{"b":[""]},"z":1} #0
  top IGNORE: "" #0
  list SUBST: ["ok","b\ufffdd","\u00e9"] #0
  nested SUBST: {"a":{"b":["\ufffd"]},"z":1} #0
  top SUBST: "\ufffd" #0
  list IGNORE|SUBST: ["ok","bd","\u00e9"] #0
  nested IGNORE|SUBST: {"a":{"b":[""]},"z":1} #0
  top IGNORE|SUBST: "" #0
  list SUBST|UNESC: u:["ok","b�d","é"] #0
  nested SUBST|UNESC: u:{"a":{"b":["�"]},"z":1} #0
  top SUBST|UNESC: u:"�" #0
  list IGNORE|UNESC: u:["ok","bd","é"] #0
  nested IGNORE|UNESC: {"a":{"b":[""]},"z":1} #0
  top IGNORE|UNESC: "" #0
  list UNESC: false #5
  nested UNESC: false #5
  top UNESC: false #5
  list SUBST|PARTIAL: ["ok","b\ufffdd","\u00e9"] #0
  nested SUBST|PARTIAL: {"a":{"b":["\ufffd"]},"z":1} #0
  top SUBST|PARTIAL: "\ufffd" #0
throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #0
throw|partial: null #5
throw|subst: "\ufffd" #5
long subst: "ab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffdab\ufffdcd\ufffd" #0
