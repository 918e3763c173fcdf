<?php
// tools/decode/number_quick.php [COUNT] [SEED]: json_decode() number tokens, stock
// (rustjson.decode=0) vs rustjson (1) in one process. Each token is followed by at least
// 40 bytes of document (the core's quick number path reads a 40-byte window) and also
// stands alone; it goes through short documents, documents of more than 1024 bytes
// (stage 1) and the exact route's walk (invalid UTF-8 under JSON_INVALID_UTF8_IGNORE).
// Tokens: integer parts of 1-17 digits, fractions of 0-20 digits (leading zeros too),
// signs, exponents now and then, halfway points between doubles of 17-19 significant
// digits and their neighbours, under both BIGINT_AS_STRING settings. Compared: the
// value's type and bits (doubles by pack('E')), the error code. Exits 1 on a difference.
$count = (int)($argv[1] ?? 200000);
mt_srand((int)($argv[2] ?? 1));
function digits(int $n, bool $lead): string {
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(48 + ($i === 0 && $lead ? mt_rand(1, 9) : mt_rand(0, 9)));
    }
    return $s;
}
function token(): string {
    if (mt_rand(0, 4) === 0) {
        // Halfway points in [2^50, 2^53): ulp 1/8 .. 1.
        $scale = mt_rand(0, 3);
        $m = (1 << 52) | mt_rand(0, (1 << 52) - 1);
        $num = 2 * $m + 1; // halfway = num / 2^scale ... of the binade 2^(53-scale)
        $int = $num >> $scale;
        $fracBits = $num & ((1 << $scale) - 1);
        $frac = $scale ? str_pad((string)($fracBits * 5 ** $scale), $scale, '0', STR_PAD_LEFT) : '0';
        $t = "$int.$frac";
        switch (mt_rand(0, 3)) {
            case 0: return $t;
            case 1: return $t . mt_rand(0, 9);
            case 2: return '-' . $t;
            default:
                $d = str_replace('.', '', $t);
                $p = strpos($t, '.');
                $d = (string)((int)$d + (mt_rand(0, 1) ? 1 : -1));
                return substr($d, 0, $p) . '.' . substr($d, $p);
        }
    }
    $il = mt_rand(1, 17);
    $t = (mt_rand(0, 1) ? '-' : '') . ($il === 1 && mt_rand(0, 3) === 0 ? '0' : digits($il, true));
    $fl = mt_rand(0, 20);
    if ($fl > 0) {
        $z = mt_rand(0, 2) === 0 ? mt_rand(0, $fl) : 0;
        $t .= '.' . str_repeat('0', $z) . digits($fl - $z, false);
    }
    if (mt_rand(0, 5) === 0) {
        $t .= ['e5', 'E-3', 'e+22', 'e-308', 'E400', 'e-400', 'e0', 'e-5', 'E+17'][mt_rand(0, 8)];
    }
    return $t;
}
function show($v): string {
    if (is_float($v)) return 'd' . bin2hex(pack('E', $v));
    if (is_array($v)) return implode(',', array_map('show', $v));
    return gettype($v) . ':' . var_export($v, true);
}
function both(string $doc, int $flags): array {
    $r = [];
    foreach ([0, 1] as $side) {
        ini_set('rustjson.decode', (string)$side);
        $v = json_decode($doc, true, 512, $flags);
        $r[] = show($v) . '#' . json_last_error();
    }
    return $r;
}
$pad = str_repeat(' ', 40);
$diffs = 0;
for ($i = 0; $i < $count; $i++) {
    $t = token();
    $flags = mt_rand(0, 1) ? JSON_BIGINT_AS_STRING : 0;
    foreach (["[$t$pad]", "[$t,\"" . str_repeat('x', 40) . "\"]", "{\"k\":$t}$pad", $t,
              "[$t," . token() . ',' . token() . "]$pad",
              // More than 1024 bytes: the stage-1 route, not the short-document one.
              "[$t," . token() . str_repeat(' ', 1100) . ']'] as $doc) {
        [$a, $b] = both($doc, $flags);
        if ($a !== $b) {
            if (++$diffs <= 20) fwrite(STDERR, "DIFF $doc flags=$flags\n  stock $a\n  rust  $b\n");
        }
    }
    // Invalid UTF-8 under JSON_INVALID_UTF8_IGNORE in a document of more than 1024 bytes:
    // the exact route's walk builds it.
    $doc = "[\"\xff\",$t,$t" . str_repeat(" ", 1100) . "]"; // past the short-document route
    [$a, $b] = both($doc, $flags | JSON_INVALID_UTF8_IGNORE);
    if ($a !== $b) {
        if (++$diffs <= 20) fwrite(STDERR, "DIFF (ignore) $doc flags=$flags\n  stock $a\n  rust  $b\n");
    }
}
echo "number_quick: $count tokens, $diffs differences\n";
exit($diffs ? 1 : 0);
