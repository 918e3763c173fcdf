<?php
// Differential helper for core/tests/escape_php.rs (run with `php -n`).
// Reads lines "FLAGS HEX" from stdin; for each writes one line:
// bin2hex(json_encode(hex2bin(HEX), FLAGS)), or "false" when it fails.
$in = fopen('php://stdin', 'r');
$out = fopen('php://stdout', 'w');
$buf = '';
while (($line = fgets($in)) !== false) {
    $line = rtrim($line, "\n");
    $sp = strpos($line, ' ');
    $flags = (int) substr($line, 0, $sp);
    $str = hex2bin(substr($line, $sp + 1));
    $r = json_encode($str, $flags);
    $buf .= ($r === false ? 'false' : bin2hex($r)) . "\n";
    if (strlen($buf) > 65536) {
        fwrite($out, $buf);
        $buf = '';
    }
}
fwrite($out, $buf);
