<?php
/*
 * tools/arm64/escape_sweep.php: the exhaustive escape sweep at the extension level, stock vs rustjson in
 * one process (rustjson.enabled=0 is stock ext/json, 1 is rustjson). Run by tools/arm64/leg.sh (stage
 * escape-sweep) on the arm64 PHP, where rustjson escapes through NEON; it runs on any PHP with rustjson.
 *
 *   php -n -d extension=rustjson.so tools/arm64/escape_sweep.php [--quick]
 *
 * Strings: every 0-, 1- and 2-byte string x the 9 flag sets of core/tests/escape_naive (FLAG_SETS), and
 * every 3-byte string with a C0..FF lead under INVALID_UTF8_SUBSTITUTE (leads E0..F4 also with
 * SUBSTITUTE|UNESCAPED_UNICODE), as core/tests/escape_php.rs does. Each string is encoded in three
 * places: alone (under 16 bytes: the SWAR path of the NEON scanner), after 15 clean bytes and before 17
 * (it straddles the first 16-byte NEON block boundary; the string is >= 32 bytes, so the block loop and
 * not the short path handles it), and after 30 clean bytes (the overlapping last-block reload).
 * The strings go to json_encode() in arrays of BATCH, with JSON_PARTIAL_OUTPUT_ON_ERROR added (an
 * invalid string becomes null and the error code is kept, so one bad string does not hide the
 * others); output and json_last_error() must be identical. --quick: every 16th 3-byte lead only.
 *
 * Closing line: "escape-sweep: N passed, M failed (S strings x contexts, ...)"; exit 1 on a difference.
 */
$quick = in_array('--quick', array_slice($argv, 1), true);
if (!extension_loaded('rustjson') || ini_get('rustjson.enabled') === false) {
    echo "escape-sweep: ERROR: rustjson is not loaded\nescape-sweep: 0 passed, 1 failed\n";
    exit(1);
}
const BATCH = 8192;
$U = JSON_UNESCAPED_UNICODE;
$FLAG_SETS = [
    0, $U, $U | JSON_UNESCAPED_LINE_TERMINATORS, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_INVALID_UTF8_SUBSTITUTE | $U, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
    JSON_UNESCAPED_SLASHES, JSON_INVALID_UTF8_IGNORE | $U,
];
$clean = 'abcXYZ019 ~!#%';
$pad = static fn (int $n): string => substr(str_repeat($clean, 4), 0, $n);
$P15 = $pad(15);
$P17 = $pad(17);
$P30 = $pad(30);
$chr = [];
for ($i = 0; $i < 256; $i++) {
    $chr[$i] = chr($i);
}

$strings = 0;
$batches = 0;
$diffs = 0;
$buf = [];

// compare one batch: one json_encode() call per side
function flush_batch(array &$buf, int $flags): void
{
    global $batches, $diffs, $strings;
    if (!$buf) {
        return;
    }
    $f = $flags | JSON_PARTIAL_OUTPUT_ON_ERROR;
    ini_set('rustjson.enabled', '0');
    $want = json_encode($buf, $f);
    $wantErr = json_last_error();
    ini_set('rustjson.enabled', '1');
    $got = json_encode($buf, $f);
    $gotErr = json_last_error();
    $batches++;
    $strings += count($buf);
    if ($got !== $want || $gotErr !== $wantErr) {
        // find the strings that differ, one call each
        foreach ($buf as $s) {
            foreach ([$flags, $f] as $ff) {
                ini_set('rustjson.enabled', '0');
                $w = json_encode($s, $ff);
                $we = json_last_error();
                ini_set('rustjson.enabled', '1');
                $g = json_encode($s, $ff);
                $ge = json_last_error();
                if ($g !== $w || $ge !== $we) {
                    if (++$diffs <= 20) {
                        printf("escape-sweep: DIFF flags %#x input %s: stock %s (error %d), rustjson %s (error %d)\n",
                            $ff, bin2hex($s), var_export($w, true), $we, var_export($g, true), $ge);
                    }
                }
            }
        }
    }
    $buf = [];
}

// add S in its three places
$add = static function (string $s, int $flags) use (&$buf, $P15, $P17, $P30): void {
    $buf[] = $s;
    $buf[] = $P15 . $s . $P17;
    $buf[] = $P30 . $s;
    if (count($buf) >= BATCH) {
        flush_batch($buf, $flags);
    }
};

$t0 = microtime(true);
foreach ($FLAG_SETS as $flags) {
    $add('', $flags);
    for ($a = 0; $a < 256; $a++) {
        $add($chr[$a], $flags);
    }
    for ($a = 0; $a < 256; $a++) {
        for ($b = 0; $b < 256; $b++) {
            $add($chr[$a] . $chr[$b], $flags);
        }
    }
    flush_batch($buf, $flags);
}
$short = $strings;
$t1 = microtime(true);
$sets = [JSON_INVALID_UTF8_SUBSTITUTE => [0xc0, 0xff], JSON_INVALID_UTF8_SUBSTITUTE | $U => [0xe0, 0xf4]];
foreach ($sets as $flags => [$lo, $hi]) {
    for ($a = $lo; $a <= $hi; $a++) {
        if ($quick && $a % 16 !== 0) {
            continue;
        }
        for ($b = 0; $b < 256; $b++) {
            $ab = $chr[$a] . $chr[$b];
            for ($c = 0; $c < 256; $c++) {
                $add($ab . $chr[$c], $flags);
            }
        }
        flush_batch($buf, $flags);
    }
}
$t2 = microtime(true);
printf("escape-sweep: 0-2 byte strings x 9 flag sets x 3 places: %d strings (%.1fs); 3-byte C0..FF leads x 3 places: %d strings (%.1fs); %d json_encode() batches per side\n",
    $short, $t1 - $t0, $strings - $short, $t2 - $t1, $batches);
if ($diffs) {
    echo "escape-sweep: 0 passed, 1 failed ($diffs differing strings)\n";
    exit(1);
}
printf("escape-sweep: 1 passed, 0 failed (%d strings, 0 differences; escaping: %s)\n", $strings,
    preg_match('/String escaping => (\S+)/', (function () { ob_start(); (new ReflectionExtension('rustjson'))->info(); return ob_get_clean(); })(), $m) ? $m[1] : '?');
