--TEST--
json_decode(): long lists of doubles of at most 16 bytes, valued from the end a list's comma gives them (core number::ended_double), next to the tokens that route must refuse (a leading zero, an exponent, no digit on one side of the dot, two dots, an int, 17 bytes or more, whitespace after the comma) give stock's values, bit for bit, and stock's errors (rustjson.decode=1)
--INI--
rustjson.decode=1
serialize_precision=-1
--FILE--
<?php
// Past a 4,032-byte stage-1 chunk, a list of numbers of 12 bytes or more
// is read by a window over the bytes (core decode::parse long_run): a
// double of at most 16 bytes is valued from the 16 bytes ending at the
// comma after it; anything else goes through the usual parse. Each
// document is decoded by stock (rustjson.decode=0) and rustjson in the
// same process, assoc and object mode; compared: serialize() (doubles
// as their shortest round-trip text) plus every double's bits, the error
// code and message.
mt_srand(2026);
function shaped(): string {
    // -?(0|[1-9][0-9]*)\.[0-9]+ in 12 to 16 bytes, at most 15 digits.
    $neg = mt_rand(0, 1) ? '-' : '';
    $len = mt_rand(12, 16) - strlen($neg);
    $int = mt_rand(0, 3) ? (string)mt_rand(0, 9) : (string)mt_rand(1, 99999999);
    $frac = '';
    while (strlen($int) + 1 + strlen($frac) < $len) {
        $frac .= (string)mt_rand(0, 9);
    }
    return $neg . $int . '.' . ($frac === '' ? '5' : $frac);
}
// Valid tokens the route leaves to the usual parse, and bad ones.
$others = ['1.5e3', '-2.5E-3', '123456789012', '-65.613616999999977', '43.4202730000000091', '0.000000000000001',
    '-0.0', '0.0', '9999999999.99999', '123456789.012345', '-1234567.0123456', ' 2.5', '1e400', '4.9e-324',
    '12345678901234567890', '0.1', '1.0000000000000002'];
$bad = ['01.5', '-01.25', '00.0', '1.', '-1.', '.5', '-.5', '1..5', '1.5.5', '-', '--1.5', '+1.5', '1.5-', '0x1.5',
    '1.5x', '1,5.', "1.\x005", '1.5e', '0-.5', '-0.0.', '12.34.56'];
$seps = [',', ', ', ",\n"];
$cases = $same = 0;
$codes = [];
function bits($v, &$out): void {
    if (is_float($v)) {
        $out .= bin2hex(pack('e', $v)) . ' ';
    } elseif (is_array($v) || is_object($v)) {
        foreach ($v as $x) {
            bits($x, $out);
        }
    }
}
for ($d = 0; $d < 120; $d++) {
    $n = mt_rand(600, 1500);
    $items = [];
    for ($i = 0; $i < $n; $i++) {
        $items[] = mt_rand(0, 12) ? shaped() : $others[mt_rand(0, count($others) - 1)];
    }
    if ($d % 2 === 1) {
        // One bad token past the first chunk, after two of the shape.
        $k = mt_rand((int)($n / 2), $n - 1);
        $items[$k - 2] = shaped();
        $items[$k - 1] = shaped();
        $items[$k] = $bad[($d >> 1) % count($bad)];
    }
    $doc = '{"pad":"' . str_repeat('p', mt_rand(0, 64)) . '","list":[' . implode($seps[$d % 3], $items) . ']}';
    foreach ([true, false] as $assoc) {
        $r = [];
        foreach ([0, 1] as $side) {
            ini_set('rustjson.decode', (string)$side);
            $v = json_decode($doc, $assoc);
            $b = '';
            bits($v, $b);
            $r[$side] = md5(serialize($v) . $b) . ' #' . json_last_error() . ' ' . json_last_error_msg();
        }
        $cases++;
        if ($r[0] === $r[1]) {
            $same++;
        } else {
            echo "doc $d assoc ", var_export($assoc, true), ": stock $r[0], rustjson $r[1]\n";
        }
        $codes[json_last_error()] = true;
    }
}
ksort($codes);
echo "$same of $cases the same; error codes seen: ", implode(',', array_keys($codes)), "\n";
?>
--EXPECT--
240 of 240 the same; error codes seen: 0,4
