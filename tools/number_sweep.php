<?php
// PHP side of tools/number_sweep.sh: read raw little-endian doubles from the
// file named in argv[1] in chunks and print, one line per double,
// json_encode($v) . ' ' . json_encode($v, JSON_PRESERVE_ZERO_FRACTION).
// Run with `php -n -d serialize_precision=-1`.
if ($argc !== 2) {
    fwrite(STDERR, "usage: php number_sweep.php DOUBLES.bin\n");
    exit(2);
}
if (ini_get('serialize_precision') !== '-1') {
    fwrite(STDERR, "serialize_precision must be -1\n");
    exit(2);
}
$fh = fopen($argv[1], 'rb');
if ($fh === false) {
    exit(2);
}
const CHUNK = 8192; // doubles per read
$out = fopen('php://stdout', 'wb');
while (!feof($fh)) {
    $raw = fread($fh, 8 * CHUNK);
    if ($raw === false || $raw === '') {
        break;
    }
    if (strlen($raw) % 8 !== 0) {
        fwrite(STDERR, "truncated input\n");
        exit(2);
    }
    $vals = unpack('e*', $raw);
    $buf = '';
    foreach ($vals as $v) {
        $buf .= json_encode($v) . ' ' . json_encode($v, JSON_PRESERVE_ZERO_FRACTION) . "\n";
    }
    fwrite($out, $buf);
}
