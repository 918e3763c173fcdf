--TEST--
json_encode(): a large encode that fits memory_limit succeeds, and its memory is released afterwards
--INI--
memory_limit=64M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$data = [];
for ($i = 0; $i < 20000; $i++) {
    $data[] = ['id' => $i, 'name' => "item \u{e9} $i", 'tags' => ['a', 'b/c', "<$i>"], 'score' => $i / 7, 'ok' => $i % 2 === 0];
}
$base = memory_get_usage();
$r = json_encode($data);
echo strlen($r), ' ', md5($r), ' #', json_last_error(), "\n";
$r2 = json_encode($data, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_HEX_TAG);
echo strlen($r2), ' ', md5($r2), "\n";
unset($r, $r2);
$after = memory_get_usage();
echo "released: ", var_export($after - $base < 65536, true), "\n";
$big = str_repeat('x', 8 * 1024 * 1024);
$r = json_encode($big);
echo strlen($r), ' ', md5($r), "\n";
?>
--EXPECT--
2068125 f43823c74ed36ca994085a794634aa88 #0
4328126 487271297896f444c5aa5e686016f06c
released: true
8388610 ac81a39ac6884f134d5b07e961f76773
