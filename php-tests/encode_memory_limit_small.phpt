--TEST--
json_encode(): exceeding a small memory_limit (4M) is the normal fatal error, not a hard exit
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is only enforced by the Zend allocator (not under valgrind)'); ?>
--INI--
memory_limit=4M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

register_shutdown_function(function () {
    echo "shutdown function ran\n";
});
$parts = [];
for ($i = 0; $i < 64; $i++) {
    $parts[] = str_repeat("\"\\/\x00", 4096);   // 16 KiB each, grows 4.5x when encoded
}
echo "before\n";
$r = json_encode($parts, JSON_PRETTY_PRINT);
echo "not reached: ", strlen($r), "\n";
?>
--EXPECTF--
before

Fatal error: Allowed memory size of 4194304 bytes exhausted%s(tried to allocate %d bytes) in %s on line %d
shutdown function ran
