--TEST--
json_encode(): output larger than memory_limit (16M) gives PHP's normal "Allowed memory size" fatal error; shutdown functions still run
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is only enforced by the Zend allocator (not under valgrind)'); ?>
--INI--
memory_limit=16M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

register_shutdown_function(function () {
    $e = error_get_last();
    echo "shutdown function ran; last error type: ", $e['type'] ?? 'none', "\n";
});
$s = str_repeat("\x01", 3 * 1024 * 1024);        // 3 MiB, each byte becomes 6 ("\u0001")
echo "before\n";
$r = json_encode([$s, 'tail']);
echo "not reached: ", strlen($r), "\n";
?>
--EXPECTF--
before

Fatal error: Allowed memory size of 16777216 bytes exhausted%s(tried to allocate %d bytes) in %s on line %d
shutdown function ran; last error type: 1
