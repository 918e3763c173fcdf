<?php
// The PHP side of tools/decode/leaf_check.sh: reads `KIND FLAGS HEX` lines
// (see core/examples/decode_leaf/main.rs) and prints what stock ext/json makes of
// each input, one line per input, in the format eval.rs there prints.
$in = fopen('php://stdin', 'r');
$buf = '';
while (($line = fgets($in)) !== false) {
    [$kind, $flags, $hex] = explode(' ', rtrim($line, "\n"));
    $b = hex2bin($hex);
    $flags = (int) $flags;
    switch ($kind) {
        case 'n':
            $v = json_decode($b, false, 512, $flags);
            if (json_last_error() !== 0) {
                $r = 'e:' . json_last_error();
            } elseif (is_int($v)) {
                $r = "i:$v";
            } elseif (is_string($v)) {
                $r = 's:' . bin2hex($v);
            } elseif (is_float($v)) {
                $r = 'd:' . bin2hex(pack('E', $v));
            } else {
                $r = '?';
            }
            break;
        case 's':
            $v = json_decode('"' . $b . '"', false, 512, $flags);
            $r = json_last_error() !== 0 ? 'e:' . json_last_error() : 's:' . bin2hex($v);
            break;
        case 'o':
            json_decode('{"' . $b . '":1}', false, 512, $flags);
            $r = json_last_error() !== 0 ? 'e:' . json_last_error() : 'ok';
            break;
        case 'k':
            $a = json_decode('{"' . $b . '":1}', true);
            $k = array_keys($a)[0];
            $r = is_int($k) ? "i:$k" : 's:' . bin2hex($k);
            break;
        default:
            $r = '?';
    }
    $buf .= $r . "\n";
    if (strlen($buf) > 65536) {
        fwrite(STDOUT, $buf);
        $buf = '';
    }
}
fwrite(STDOUT, $buf);
