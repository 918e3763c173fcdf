--TEST--
json_encode(): '/' escaping and JSON_UNESCAPED_SLASHES, in values and keys
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$strs = ["/", "//", "a/b", "http://example.com/a/b?c=d#e", "</script>", "\\/", "/\\", str_repeat("/", 20)];
foreach ([0, JSON_UNESCAPED_SLASHES, JSON_UNESCAPED_SLASHES | JSON_HEX_TAG, JSON_HEX_TAG] as $f) {
    echo "== flags $f\n";
    foreach ($strs as $s) {
        rj_enc(rj_str($s), $s, $f);
    }
    rj_enc('key', ["a/b" => "/"], $f);
    rj_enc('obj', (object)["/x/" => ["/"]], $f);
    rj_enc('pretty', ["k/" => "v/"], $f | JSON_PRETTY_PRINT);
}
?>
--EXPECT--
== flags 0
/: "\/" #0
//: "\/\/" #0
a/b: "a\/b" #0
http://example.com/a/b?c=d#e: "http:\/\/example.com\/a\/b?c=d#e" #0
</script>: "<\/script>" #0
\/: "\\\/" #0
/\: "\/\\" #0
////////////////////: "\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/" #0
key: {"a\/b":"\/"} #0
obj: {"\/x\/":["\/"]} #0
pretty: {
    "k\/": "v\/"
} #0
== flags 64
/: "/" #0
//: "//" #0
a/b: "a/b" #0
http://example.com/a/b?c=d#e: "http://example.com/a/b?c=d#e" #0
</script>: "</script>" #0
\/: "\\/" #0
/\: "/\\" #0
////////////////////: "////////////////////" #0
key: {"a/b":"/"} #0
obj: {"/x/":["/"]} #0
pretty: {
    "k/": "v/"
} #0
== flags 65
/: "/" #0
//: "//" #0
a/b: "a/b" #0
http://example.com/a/b?c=d#e: "http://example.com/a/b?c=d#e" #0
</script>: "\u003C/script\u003E" #0
\/: "\\/" #0
/\: "/\\" #0
////////////////////: "////////////////////" #0
key: {"a/b":"/"} #0
obj: {"/x/":["/"]} #0
pretty: {
    "k/": "v/"
} #0
== flags 1
/: "\/" #0
//: "\/\/" #0
a/b: "a\/b" #0
http://example.com/a/b?c=d#e: "http:\/\/example.com\/a\/b?c=d#e" #0
</script>: "\u003C\/script\u003E" #0
\/: "\\\/" #0
/\: "\/\\" #0
////////////////////: "\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/\/" #0
key: {"a\/b":"\/"} #0
obj: {"\/x\/":["\/"]} #0
pretty: {
    "k\/": "v\/"
} #0
