<?php
/*
 * tools/bench/decode_floor.php: how much of json_decode()'s time is number conversion, and what the
 * rest costs (issue #18's number-heavy goals). Needs the probe build (`make bench-decode-floor`:
 * --features floor-probe, never shipped), where json_decode()'s flag bit 1 << 30 makes the parser
 * scan each number token's length and value it as 0.0 (core decode::number::PROBE_SKIP_VALUES):
 * same tokens, same grammar, same values built (every number a double), no conversion.
 *
 *   php -n -d extension=$PWD/target-probe/release/librustjson.so tools/bench/decode_floor.php \
 *       [--rounds=N] [--target-ms=MS] [--markdown=FILE|none] [--corpora=DIR] [--filter=REGEX]
 *
 * Per corpus (assoc mode): stock, rustjson, and rustjson without number values ("no numbers"), the
 * median ns/call of 7 interleaved rounds of process CPU time (as tools/bench/decode.php times).
 * "no numbers / stock" is the ratio rustjson would reach if valuing numbers cost nothing; the
 * difference rustjson - no numbers, per number token, is what a number costs in context.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

const PROBE = 1 << 30;

ini_set('memory_limit', '-1');
$opts = getopt('', ['rounds:', 'target-ms:', 'markdown:', 'corpora:', 'filter:']);
$rounds = (int)bench_opt($opts, 'rounds', '7');
$targetNs = (int)((float)bench_opt($opts, 'target-ms', '40') * 1e6);
$mdPath = bench_opt($opts, 'markdown', __DIR__ . '/decode_floor.md');
$corpora = bench_corpora_dir(bench_opt($opts, 'corpora'));
$filter = bench_opt($opts, 'filter');

if (ini_get('rustjson.decode') === false) {
    fwrite(STDERR, "rustjson is not loaded: run make bench-decode-floor\n");
    exit(2);
}
// The probe bit must change something: only the probe build skips number values.
ini_set('rustjson.decode', '1');
if (json_decode('[1.5]', true, 512, PROBE) !== [0.0]) {
    fwrite(STDERR, "decode_floor: not a probe build (json_decode('[1.5]', true, 512, 1 << 30) is not [0.0]): run make bench-decode-floor\n");
    exit(2);
}

/** ns/call of $n decodes with $flags (CPU time); the side is set by the caller. */
function run_n(string $s, int $flags, int $n): float
{
    $t = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        $r = json_decode($s, true, 512, $flags);
    }
    unset($r);
    return (cpu_ns() - $t) / $n;
}

$sides = [['stock', '0', 0], ['rustjson', '1', 0], ['no numbers', '1', PROBE]];
$rows = [];
$t0 = microtime(true);
foreach (['canada', 'mesh', 'numbers', 'marine_ik', 'citm_catalog', 'twitter'] as $name) {
    if ($filter !== null && !preg_match("~$filter~", $name)) continue;
    $s = @file_get_contents("$corpora/$name.json");
    if (!is_string($s)) continue;
    $tokens = preg_match_all('/(?<![\w".])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/', $s);
    $n = [];
    foreach ($sides as $i => [, $on, $fl]) {
        ini_set('rustjson.decode', $on);
        $n[$i] = bench_calls_for(fn($k) => run_n($s, $fl, $k), $targetNs);
    }
    $t = [[], [], []];
    for ($r = 0; $r < $rounds; $r++) {
        foreach ($sides as $i => [, $on, $fl]) {
            ini_set('rustjson.decode', $on);
            $t[$i][] = run_n($s, $fl, $n[$i]);
        }
    }
    [$st, $rj, $nn] = array_map('bench_median', $t);
    $rows[] = [$name, strlen($s), $tokens, $st, $rj, $nn];
    printf("%-14s stock %11s  rustjson %11s (%.3f)  no numbers %11s (%.3f)  %.1f ns/number\n", $name,
        bench_fmt_ns($st), bench_fmt_ns($rj), $rj / $st, bench_fmt_ns($nn), $nn / $st, $tokens ? ($rj - $nn) / $tokens : 0);
}
ini_set('rustjson.decode', '1');

$md = "## json_decode without number conversion (the number-heavy bound)\n\n"
    . implode("\n", bench_info_lines(bench_machine_info())) . "\n"
    . "- Method: `make bench-decode-floor`: the probe build's json_decode() with flag bit 1 << 30 scans each number token's length and values it as 0.0 (same tokens, grammar and shape of the value built). Assoc mode; median of $rounds interleaved rounds of process CPU time, ~" . ($targetNs / 1e6) . " ms each; a call's time includes freeing the previous result.\n"
    . sprintf("- Bench runtime: %.0f s\n\n", microtime(true) - $t0)
    . "| corpus | bytes | number tokens | stock ns/call | rustjson ns/call | ratio | no numbers ns/call | no numbers / stock | numbers' share of rustjson | ns per number |\n"
    . "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
foreach ($rows as [$name, $bytes, $tokens, $st, $rj, $nn]) {
    $md .= sprintf("| %s | %s | %s | %s | %s | %.3f | %s | %.3f | %.0f%% | %s |\n", $name, number_format($bytes), number_format($tokens),
        bench_fmt_int($st), bench_fmt_int($rj), $rj / $st, bench_fmt_int($nn), $nn / $st, 100 * ($rj - $nn) / $rj,
        $tokens ? sprintf('%.1f', ($rj - $nn) / $tokens) : '-');
}
if ($mdPath !== 'none') {
    bench_write($mdPath, $md);
    echo "written: $mdPath\n";
}
