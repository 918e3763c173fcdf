<?php
// Reads "DEPTH FLAGS ASSOC HEXDOC" lines (ASSOC: 0 false, 1 true, 2 null)
// and prints "CODE DUMP" per line: json_last_error() and, on success, the
// canonical dump of decode::build::Value::dump (doubles as their bits).
function d($v) {
    if ($v === null) return 'N';
    if (is_bool($v)) return $v ? 'b1' : 'b0';
    if (is_int($v)) return "i$v;";
    if (is_float($v)) return 'd' . bin2hex(strrev(pack('d', $v)));
    if (is_string($v)) return 's' . bin2hex($v) . ';';
    if (is_array($v)) {
        $o = 'a' . count($v) . '{';
        foreach ($v as $k => $x) {
            $o .= (is_int($k) ? "i$k;" : 's' . bin2hex($k) . ';') . d($x);
        }
        return $o . '}';
    }
    $o = '';
    $c = 0;
    foreach ($v as $k => $x) {
        $o .= 's' . bin2hex((string)$k) . ';' . d($x);
        $c++;
    }
    return "o$c{" . $o . '}';
}
while (($l = fgets(STDIN)) !== false) {
    $p = explode(' ', rtrim($l, "\n"));
    $a = $p[2] === '2' ? null : $p[2] === '1';
    $v = json_decode(hex2bin($p[3] ?? ''), $a, (int)$p[0], (int)$p[1]);
    $e = json_last_error();
    echo $e, ' ', $e ? '' : d($v), "\n";
}
