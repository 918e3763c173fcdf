--TEST--
json_encode(): \uXXXX escapes, surrogate pairs, JSON_UNESCAPED_UNICODE, U+2028/U+2029 and JSON_UNESCAPED_LINE_TERMINATORS
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$strs = [
    "\u{80}", "\u{7FF}", "\u{800}", "\u{FFF}", "\u{D7FF}", "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}",
    "\u{10000}", "\u{1F600}", "\u{10FFFF}", "é", "€", "日本語", "Grüße, Jürgen ❤",
    "\u{2028}", "\u{2029}", "a\u{2028}b\u{2029}c", "\u{2027}\u{202A}", "\u{A0}\u{AD}",
    "mixed ascii \u{1F600} and é", str_repeat("é", 40), str_repeat("a\u{10437}", 10),
];
$flagsets = [
    0,
    JSON_UNESCAPED_UNICODE,
    JSON_UNESCAPED_LINE_TERMINATORS,
    JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS,
    JSON_UNESCAPED_UNICODE | JSON_HEX_TAG | JSON_HEX_QUOT,
];
foreach ($flagsets as $f) {
    echo "== flags $f\n";
    foreach ($strs as $i => $s) {
        rj_enc("s$i", $s, $f);
    }
    rj_enc('key', ["\u{1F600}\u{2028}é" => "\u{2029}"], $f);
    rj_enc('obj', (object)["ключ" => "значение"], $f);
}
?>
--EXPECT--
== flags 0
s0: "\u0080" #0
s1: "\u07ff" #0
s2: "\u0800" #0
s3: "\u0fff" #0
s4: "\ud7ff" #0
s5: "\ue000" #0
s6: "\ufeff" #0
s7: "\ufffd" #0
s8: "\uffff" #0
s9: "\ud800\udc00" #0
s10: "\ud83d\ude00" #0
s11: "\udbff\udfff" #0
s12: "\u00e9" #0
s13: "\u20ac" #0
s14: "\u65e5\u672c\u8a9e" #0
s15: "Gr\u00fc\u00dfe, J\u00fcrgen \u2764" #0
s16: "\u2028" #0
s17: "\u2029" #0
s18: "a\u2028b\u2029c" #0
s19: "\u2027\u202a" #0
s20: "\u00a0\u00ad" #0
s21: "mixed ascii \ud83d\ude00 and \u00e9" #0
s22: "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9" #0
s23: "a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37" #0
key: {"\ud83d\ude00\u2028\u00e9":"\u2029"} #0
obj: {"\u043a\u043b\u044e\u0447":"\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435"} #0
== flags 256
s0: x:22c28022 #0
s1: u:"߿" #0
s2: u:"ࠀ" #0
s3: x:22e0bfbf22 #0
s4: x:22ed9fbf22 #0
s5: x:22ee808022 #0
s6: x:22efbbbf22 #0
s7: u:"�" #0
s8: x:22efbfbf22 #0
s9: u:"𐀀" #0
s10: u:"😀" #0
s11: x:22f48fbfbf22 #0
s12: u:"é" #0
s13: u:"€" #0
s14: u:"日本語" #0
s15: u:"Grüße, Jürgen ❤" #0
s16: "\u2028" #0
s17: "\u2029" #0
s18: "a\u2028b\u2029c" #0
s19: x:22e280a7e280aa22 #0
s20: x:22c2a0c2ad22 #0
s21: u:"mixed ascii 😀 and é" #0
s22: u:"éééééééééééééééééééééééééééééééééééééééé" #0
s23: u:"a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷" #0
key: u:{"😀\u2028é":"\u2029"} #0
obj: u:{"ключ":"значение"} #0
== flags 2048
s0: "\u0080" #0
s1: "\u07ff" #0
s2: "\u0800" #0
s3: "\u0fff" #0
s4: "\ud7ff" #0
s5: "\ue000" #0
s6: "\ufeff" #0
s7: "\ufffd" #0
s8: "\uffff" #0
s9: "\ud800\udc00" #0
s10: "\ud83d\ude00" #0
s11: "\udbff\udfff" #0
s12: "\u00e9" #0
s13: "\u20ac" #0
s14: "\u65e5\u672c\u8a9e" #0
s15: "Gr\u00fc\u00dfe, J\u00fcrgen \u2764" #0
s16: "\u2028" #0
s17: "\u2029" #0
s18: "a\u2028b\u2029c" #0
s19: "\u2027\u202a" #0
s20: "\u00a0\u00ad" #0
s21: "mixed ascii \ud83d\ude00 and \u00e9" #0
s22: "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9" #0
s23: "a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37a\ud801\udc37" #0
key: {"\ud83d\ude00\u2028\u00e9":"\u2029"} #0
obj: {"\u043a\u043b\u044e\u0447":"\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435"} #0
== flags 2304
s0: x:22c28022 #0
s1: u:"߿" #0
s2: u:"ࠀ" #0
s3: x:22e0bfbf22 #0
s4: x:22ed9fbf22 #0
s5: x:22ee808022 #0
s6: x:22efbbbf22 #0
s7: u:"�" #0
s8: x:22efbfbf22 #0
s9: u:"𐀀" #0
s10: u:"😀" #0
s11: x:22f48fbfbf22 #0
s12: u:"é" #0
s13: u:"€" #0
s14: u:"日本語" #0
s15: u:"Grüße, Jürgen ❤" #0
s16: x:22e280a822 #0
s17: x:22e280a922 #0
s18: x:2261e280a862e280a96322 #0
s19: x:22e280a7e280aa22 #0
s20: x:22c2a0c2ad22 #0
s21: u:"mixed ascii 😀 and é" #0
s22: u:"éééééééééééééééééééééééééééééééééééééééé" #0
s23: u:"a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷" #0
key: x:7b22f09f9880e280a8c3a9223a22e280a9227d #0
obj: u:{"ключ":"значение"} #0
== flags 265
s0: x:22c28022 #0
s1: u:"߿" #0
s2: u:"ࠀ" #0
s3: x:22e0bfbf22 #0
s4: x:22ed9fbf22 #0
s5: x:22ee808022 #0
s6: x:22efbbbf22 #0
s7: u:"�" #0
s8: x:22efbfbf22 #0
s9: u:"𐀀" #0
s10: u:"😀" #0
s11: x:22f48fbfbf22 #0
s12: u:"é" #0
s13: u:"€" #0
s14: u:"日本語" #0
s15: u:"Grüße, Jürgen ❤" #0
s16: "\u2028" #0
s17: "\u2029" #0
s18: "a\u2028b\u2029c" #0
s19: x:22e280a7e280aa22 #0
s20: x:22c2a0c2ad22 #0
s21: u:"mixed ascii 😀 and é" #0
s22: u:"éééééééééééééééééééééééééééééééééééééééé" #0
s23: u:"a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷a𐐷" #0
key: u:{"😀\u2028é":"\u2029"} #0
obj: u:{"ключ":"значение"} #0
