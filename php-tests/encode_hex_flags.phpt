--TEST--
json_encode(): JSON_HEX_TAG/AMP/APOS/QUOT, every combination, in values and keys
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$s = "<a href=\"x\">&'</a> \"&amp;\" '<>'";
$key = "<k>&'\"";
for ($f = 0; $f < 16; $f++) {
    rj_enc("value $f", $s, $f);
    rj_enc("key   $f", [$key => $s], $f);
    rj_enc("obj   $f", (object)[$key => 1, 'plain' => "<>"], $f);
}
echo "-- with other flags --\n";
$all = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;
rj_enc('all+unicode', "<é>&'\"", $all | JSON_UNESCAPED_UNICODE);
rj_enc('all+slashes', "</script>", $all | JSON_UNESCAPED_SLASHES);
rj_enc('all+numeric', ["<1>", "1", "'2'"], $all | JSON_NUMERIC_CHECK);
rj_enc('all+pretty', ["<" => ">", "&" => ["'", '"']], $all | JSON_PRETTY_PRINT);
rj_enc('long', str_repeat("a<b>&'\"", 50), $all);
rj_enc('quote only', '"', JSON_HEX_QUOT);
rj_enc('backslash', '\\"\\', JSON_HEX_QUOT);
?>
--EXPECT--
value 0: "<a href=\"x\">&'<\/a> \"&amp;\" '<>'" #0
key   0: {"<k>&'\"":"<a href=\"x\">&'<\/a> \"&amp;\" '<>'"} #0
obj   0: {"<k>&'\"":1,"plain":"<>"} #0
value 1: "\u003Ca href=\"x\"\u003E&'\u003C\/a\u003E \"&amp;\" '\u003C\u003E'" #0
key   1: {"\u003Ck\u003E&'\"":"\u003Ca href=\"x\"\u003E&'\u003C\/a\u003E \"&amp;\" '\u003C\u003E'"} #0
obj   1: {"\u003Ck\u003E&'\"":1,"plain":"\u003C\u003E"} #0
value 2: "<a href=\"x\">\u0026'<\/a> \"\u0026amp;\" '<>'" #0
key   2: {"<k>\u0026'\"":"<a href=\"x\">\u0026'<\/a> \"\u0026amp;\" '<>'"} #0
obj   2: {"<k>\u0026'\"":1,"plain":"<>"} #0
value 3: "\u003Ca href=\"x\"\u003E\u0026'\u003C\/a\u003E \"\u0026amp;\" '\u003C\u003E'" #0
key   3: {"\u003Ck\u003E\u0026'\"":"\u003Ca href=\"x\"\u003E\u0026'\u003C\/a\u003E \"\u0026amp;\" '\u003C\u003E'"} #0
obj   3: {"\u003Ck\u003E\u0026'\"":1,"plain":"\u003C\u003E"} #0
value 4: "<a href=\"x\">&\u0027<\/a> \"&amp;\" \u0027<>\u0027" #0
key   4: {"<k>&\u0027\"":"<a href=\"x\">&\u0027<\/a> \"&amp;\" \u0027<>\u0027"} #0
obj   4: {"<k>&\u0027\"":1,"plain":"<>"} #0
value 5: "\u003Ca href=\"x\"\u003E&\u0027\u003C\/a\u003E \"&amp;\" \u0027\u003C\u003E\u0027" #0
key   5: {"\u003Ck\u003E&\u0027\"":"\u003Ca href=\"x\"\u003E&\u0027\u003C\/a\u003E \"&amp;\" \u0027\u003C\u003E\u0027"} #0
obj   5: {"\u003Ck\u003E&\u0027\"":1,"plain":"\u003C\u003E"} #0
value 6: "<a href=\"x\">\u0026\u0027<\/a> \"\u0026amp;\" \u0027<>\u0027" #0
key   6: {"<k>\u0026\u0027\"":"<a href=\"x\">\u0026\u0027<\/a> \"\u0026amp;\" \u0027<>\u0027"} #0
obj   6: {"<k>\u0026\u0027\"":1,"plain":"<>"} #0
value 7: "\u003Ca href=\"x\"\u003E\u0026\u0027\u003C\/a\u003E \"\u0026amp;\" \u0027\u003C\u003E\u0027" #0
key   7: {"\u003Ck\u003E\u0026\u0027\"":"\u003Ca href=\"x\"\u003E\u0026\u0027\u003C\/a\u003E \"\u0026amp;\" \u0027\u003C\u003E\u0027"} #0
obj   7: {"\u003Ck\u003E\u0026\u0027\"":1,"plain":"\u003C\u003E"} #0
value 8: "<a href=\u0022x\u0022>&'<\/a> \u0022&amp;\u0022 '<>'" #0
key   8: {"<k>&'\u0022":"<a href=\u0022x\u0022>&'<\/a> \u0022&amp;\u0022 '<>'"} #0
obj   8: {"<k>&'\u0022":1,"plain":"<>"} #0
value 9: "\u003Ca href=\u0022x\u0022\u003E&'\u003C\/a\u003E \u0022&amp;\u0022 '\u003C\u003E'" #0
key   9: {"\u003Ck\u003E&'\u0022":"\u003Ca href=\u0022x\u0022\u003E&'\u003C\/a\u003E \u0022&amp;\u0022 '\u003C\u003E'"} #0
obj   9: {"\u003Ck\u003E&'\u0022":1,"plain":"\u003C\u003E"} #0
value 10: "<a href=\u0022x\u0022>\u0026'<\/a> \u0022\u0026amp;\u0022 '<>'" #0
key   10: {"<k>\u0026'\u0022":"<a href=\u0022x\u0022>\u0026'<\/a> \u0022\u0026amp;\u0022 '<>'"} #0
obj   10: {"<k>\u0026'\u0022":1,"plain":"<>"} #0
value 11: "\u003Ca href=\u0022x\u0022\u003E\u0026'\u003C\/a\u003E \u0022\u0026amp;\u0022 '\u003C\u003E'" #0
key   11: {"\u003Ck\u003E\u0026'\u0022":"\u003Ca href=\u0022x\u0022\u003E\u0026'\u003C\/a\u003E \u0022\u0026amp;\u0022 '\u003C\u003E'"} #0
obj   11: {"\u003Ck\u003E\u0026'\u0022":1,"plain":"\u003C\u003E"} #0
value 12: "<a href=\u0022x\u0022>&\u0027<\/a> \u0022&amp;\u0022 \u0027<>\u0027" #0
key   12: {"<k>&\u0027\u0022":"<a href=\u0022x\u0022>&\u0027<\/a> \u0022&amp;\u0022 \u0027<>\u0027"} #0
obj   12: {"<k>&\u0027\u0022":1,"plain":"<>"} #0
value 13: "\u003Ca href=\u0022x\u0022\u003E&\u0027\u003C\/a\u003E \u0022&amp;\u0022 \u0027\u003C\u003E\u0027" #0
key   13: {"\u003Ck\u003E&\u0027\u0022":"\u003Ca href=\u0022x\u0022\u003E&\u0027\u003C\/a\u003E \u0022&amp;\u0022 \u0027\u003C\u003E\u0027"} #0
obj   13: {"\u003Ck\u003E&\u0027\u0022":1,"plain":"\u003C\u003E"} #0
value 14: "<a href=\u0022x\u0022>\u0026\u0027<\/a> \u0022\u0026amp;\u0022 \u0027<>\u0027" #0
key   14: {"<k>\u0026\u0027\u0022":"<a href=\u0022x\u0022>\u0026\u0027<\/a> \u0022\u0026amp;\u0022 \u0027<>\u0027"} #0
obj   14: {"<k>\u0026\u0027\u0022":1,"plain":"<>"} #0
value 15: "\u003Ca href=\u0022x\u0022\u003E\u0026\u0027\u003C\/a\u003E \u0022\u0026amp;\u0022 \u0027\u003C\u003E\u0027" #0
key   15: {"\u003Ck\u003E\u0026\u0027\u0022":"\u003Ca href=\u0022x\u0022\u003E\u0026\u0027\u003C\/a\u003E \u0022\u0026amp;\u0022 \u0027\u003C\u003E\u0027"} #0
obj   15: {"\u003Ck\u003E\u0026\u0027\u0022":1,"plain":"\u003C\u003E"} #0
-- with other flags --
all+unicode: u:"\u003Cé\u003E\u0026\u0027\u0022" #0
all+slashes: "\u003C/script\u003E" #0
all+numeric: ["\u003C1\u003E",1,"\u00272\u0027"] #0
all+pretty: {
    "\u003C": "\u003E",
    "\u0026": [
        "\u0027",
        "\u0022"
    ]
} #0
long: "a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022a\u003Cb\u003E\u0026\u0027\u0022" #0
quote only: "\u0022" #0
backslash: "\\\u0022\\" #0
