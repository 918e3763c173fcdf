<?php
// json_encode() under memory_limit: the least room (memory_limit minus
// memory_get_usage(true) before the call, bisected to 4 KiB) with which the
// call completes, stock (rustjson.enabled=0) against rustjson, one child
// process per try. Prints one line per shape; exits 1 when any boundary
// differs.
//
//   php -n -d extension=modules/rustjson.so tools/memlimit_boundary.php [SHAPE ...]
//
// Shapes: rows, strings, escapes (the three of
// php-tests/encode_memory_limit_boundary.phpt, which runs in `make test`),
// escapes48, escapes96 (more of the escapes shape). With no argument: all.
//
// escapes48 is 48 strings of 112 KB whose escaped output (10 MB) is nearly
// twice the large-output bound (5.4 MB, bytes and quotes). Before the bound
// also needed room for twice the output's upper bound (issue #19,
// 2026-12-03), rustjson took it at 2 MiB, its block grew in place only to
// 6.2 MB, and the copy after that needed 6.2 + 6.4 MB at once where stock's
// copy came at 4.2 MB: stock completed from 12,083,200 bytes of room,
// rustjson from about 14.0 MB. php-tests/encode_memory_limit_boundary.phpt
// runs it too.

if (!extension_loaded('rustjson')) {
    fwrite(STDERR, "load rustjson: php -n -d extension=modules/rustjson.so " . $argv[0] . "\n");
    exit(2);
}
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~\s(/\S*rustjson[^/\s]*\.so)$~', trim($line), $m)) {
        $so = $m[1];
        break;
    }
}
if ($so === null) {
    fwrite(STDERR, "rustjson.so not found in /proc/self/maps\n");
    exit(2);
}

$child = <<<'PHP'
[$on, $room, $shape] = [$argv[1], $argv[2], $argv[3]];
switch ($shape) {
    case 'rows':
        $v = [];
        for ($i = 0; $i < 3000; $i++) {
            $v["k$i"] = ['id' => $i, 'name' => str_repeat(chr(97 + $i % 26), 700 + $i % 90), 'tags' => ['a', "é$i"]];
        }
        break;
    case 'strings':
        $v = array_fill(0, 30, str_repeat('x', 100000));
        break;
    case 'escapes48':
        $v = array_fill(0, 48, str_repeat("ab/\"c\u{e9}", 16000));
        break;
    case 'escapes96':
        $v = array_fill(0, 96, str_repeat("ab/\"c\u{e9}", 4000));
        break;
    default:
        $v = array_fill(0, 24, str_repeat("ab/\"c\u{e9}", 16000));
}
ini_set('rustjson.enabled', $on);
ini_set('memory_limit', (string)(memory_get_usage(true) + (int)$room));
$s = json_encode($v);
echo "ok ", strlen($s), "\n";
PHP;

function completes(string $so, string $child, string $on, int $room, string $shape): bool
{
    $p = proc_open(
        [PHP_BINARY, '-n', '-d', "extension=$so", '-r', $child, '--', $on, (string)$room, $shape],
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
        $pipes
    );
    $out = stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    proc_close($p);
    return str_starts_with($out, 'ok ');
}

function boundary(string $so, string $child, string $on, string $shape): int|string
{
    [$lo, $hi] = [1 << 20, 64 << 20];
    if (!completes($so, $child, $on, $hi, $shape)) {
        return 'never';
    }
    while ($hi - $lo > 4096) {
        $mid = intdiv($lo + $hi, 2 * 4096) * 4096;
        if (completes($so, $child, $on, $mid, $shape)) {
            $hi = $mid;
        } else {
            $lo = $mid;
        }
    }
    return $hi;
}

$shapes = array_slice($argv, 1) ?: ['rows', 'strings', 'escapes', 'escapes48', 'escapes96'];
$differ = 0;
foreach ($shapes as $shape) {
    $stock = boundary($so, $child, '0', $shape);
    $rust = boundary($so, $child, '1', $shape);
    if ($stock === $rust) {
        echo "$shape: same boundary ($stock)\n";
    } else {
        echo "$shape: stock completes from $stock, rustjson from $rust\n";
        $differ++;
    }
}
exit($differ > 0 ? 1 : 0);
