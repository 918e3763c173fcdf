<?php
/*
 * tools/bench/decode_floor.php: how much of json_decode()'s time is number conversion, and what the
 * rest costs (issue #18's number-heavy goals). Needs the probe build (`make bench-decode-floor`:
 * --features floor-probe, never shipped), where json_decode()'s flag bit 1 << 30 makes the parser
 * scan each number token's length and value it as 0.0 (core decode::number::PROBE_SKIP_VALUES):
 * same tokens, same grammar, same values built (every number a double), no conversion.
 *
 *   php -n -d extension=$PWD/target-probe/release/librustjson.so tools/bench/decode_floor.php \
 *       [--rounds=N] [--target-ms=MS] [--markdown=FILE|none] [--corpora=DIR] [--filter=REGEX] [--modes=arr,obj]
 *
 * Per corpus and mode (--modes: arr = assoc, obj = objects; both by default): stock, rustjson, and rustjson without number values ("no numbers"), the
 * median ns/call of 7 interleaved rounds of process CPU time (as tools/bench/decode.php times).
 * "no numbers / stock" is the ratio rustjson would reach if valuing numbers cost nothing; the
 * difference rustjson - no numbers, per number token, is what a number costs in context.
 *
 * The build floor: json_validate() of the text (rustjson's stage 1 and grammar walk, the scan any
 * decoder of this design makes) plus "copy", the probe build's json_encode($v, 1 << 30 | 1 << 29):
 * a deep copy of the decoded value made in one pass per table (header and hash part copied, each
 * slot written once, keys shared as the decoder's key cache shares them, no hashing or probing),
 * each string a fresh copy, each object a new stdClass with its property table copied so, timed with
 * the previous copy freed as a decode frees the previous result. validate + copy is
 * what a decoder pays with parsing itself (numbers, strings, keys, the walk's decisions) free:
 * "floor / stock" is the lowest ratio such a decoder can reach on this machine.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

const PROBE = 1 << 30;
const PROBE_CLONE = 1 << 29;

ini_set('memory_limit', '-1');
$opts = getopt('', ['rounds:', 'target-ms:', 'markdown:', 'corpora:', 'filter:', 'modes:']);
$rounds = (int)bench_opt($opts, 'rounds', '7');
$targetNs = (int)((float)bench_opt($opts, 'target-ms', '40') * 1e6);
$mdPath = bench_opt($opts, 'markdown', __DIR__ . '/decode_floor.md');
$corpora = bench_corpora_dir(bench_opt($opts, 'corpora'));
$filter = bench_opt($opts, 'filter');
$modes = explode(',', (string)bench_opt($opts, 'modes', 'arr,obj'));

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

/** ns/call of $n json_validate() calls (CPU time). */
function run_validate(string $s, int $n): float
{
    $t = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        $r = json_validate($s);
    }
    return (cpu_ns() - $t) / $n;
}

/** ns/call of $n deep copies of $v (CPU time), each freeing the one before. */
function run_copy(array|object $v, int $n): float
{
    $t = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        $r = json_encode($v, PROBE | PROBE_CLONE);
    }
    unset($r);
    return (cpu_ns() - $t) / $n;
}

/** ns/call of $n decodes with $flags (CPU time); the side is set by the caller. */
function run_n(string $s, bool $assoc, int $flags, int $n): float
{
    $t = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        $r = json_decode($s, $assoc, 512, $flags);
    }
    unset($r);
    return (cpu_ns() - $t) / $n;
}

$sides = [['stock', '0', 0], ['rustjson', '1', 0], ['no numbers', '1', PROBE]];
$rows = [];
$t0 = microtime(true);
foreach (['canada', 'mesh', 'numbers', 'marine_ik', 'citm_catalog', 'twitter', 'github_events', 'gsoc-2018'] as $name) {
    if ($filter !== null && !preg_match("~$filter~", $name)) continue;
    $s = @file_get_contents("$corpora/$name.json");
    if (!is_string($s)) continue;
    $tokens = preg_match_all('/(?<![\w".])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/', $s);
    foreach ($modes as $mode) {
        $assoc = $mode !== 'obj';
        ini_set('rustjson.decode', '1');
        $v = json_decode($s, $assoc);
        $copy = json_encode($v, PROBE | PROBE_CLONE);
        if (!(is_array($copy) || is_object($copy)) || serialize($copy) !== serialize($v)) {
            fwrite(STDERR, "decode_floor: the probe's copy of $name ($mode) differs from the value\n");
            exit(1);
        }
        unset($copy);
        // Sides 0-2 decode; 3 validates; 4 copies.
        $n = [];
        foreach ($sides as $i => [, $on, $fl]) {
            ini_set('rustjson.decode', $on);
            $n[$i] = bench_calls_for(fn($k) => run_n($s, $assoc, $fl, $k), $targetNs);
        }
        $n[3] = bench_calls_for(fn($k) => run_validate($s, $k), $targetNs);
        $n[4] = bench_calls_for(fn($k) => run_copy($v, $k), $targetNs);
        $t = [[], [], [], [], []];
        for ($r = 0; $r < $rounds; $r++) {
            foreach ($sides as $i => [, $on, $fl]) {
                ini_set('rustjson.decode', $on);
                $t[$i][] = run_n($s, $assoc, $fl, $n[$i]);
            }
            $t[3][] = run_validate($s, $n[3]);
            $t[4][] = run_copy($v, $n[4]);
        }
        unset($v);
        [$st, $rj, $nn, $va, $cp] = array_map('bench_median', $t);
        $label = "$name:$mode";
        $rows[] = [$label, strlen($s), $tokens, $st, $rj, $nn, $va, $cp];
        printf("%-18s stock %11s  rustjson %11s (%.3f)  no numbers %11s (%.3f)  %.1f ns/number  validate %s + copy %s = floor %.3f (copy alone %.3f)\n", $label,
            bench_fmt_ns($st), bench_fmt_ns($rj), $rj / $st, bench_fmt_ns($nn), $nn / $st, $tokens ? ($rj - $nn) / $tokens : 0,
            bench_fmt_ns($va), bench_fmt_ns($cp), ($va + $cp) / $st, $cp / $st);
    }
}
ini_set('rustjson.decode', '1');

$md = "## json_decode's floors: without number conversion, and validate + copy\n\n"
    . implode("\n", bench_info_lines(bench_machine_info())) . "\n"
    . "- Method: `make bench-decode-floor`: the probe build's json_decode() with flag bit 1 << 30 scans each number token's length and values it as 0.0 (same tokens, grammar and shape of the value built). Modes: arr = assoc, obj = objects; median of $rounds interleaved rounds of process CPU time, ~" . ($targetNs / 1e6) . " ms each; a call's time includes freeing the previous result.\n"
    . "- validate: rustjson's json_validate() of the text (stage 1 and the grammar walk: the scan of this decoder's design). copy: the probe's deep copy of the decoded value (`rustjson_probe_clone`: one pass per table, its header and hash part copied and each slot written once, keys shared, no hashing or probing; each string a fresh copy; each object a new stdClass with its property table copied the same way; the previous copy freed). copy / stock: the part of the lowest ratio that is PHP's allocator and memory, outside any decoder. floor = validate + copy: a decoder with parsing itself free (numbers, strings, keys, the walk's decisions) would still pay it; floor / stock is the lowest ratio reachable that way on this machine.\n"
    . sprintf("- Bench runtime: %.0f s\n\n", microtime(true) - $t0)
    . "| corpus:mode | bytes | number tokens | stock ns/call | rustjson ns/call | ratio | no numbers ns/call | no numbers / stock | numbers' share of rustjson | ns per number | validate ns | copy ns | copy / stock | floor / stock |\n"
    . "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
foreach ($rows as [$name, $bytes, $tokens, $st, $rj, $nn, $va, $cp]) {
    $md .= sprintf("| %s | %s | %s | %s | %s | %.3f | %s | %.3f | %.0f%% | %s | %s | %s | %.3f | %.3f |\n", $name, number_format($bytes), number_format($tokens),
        bench_fmt_int($st), bench_fmt_int($rj), $rj / $st, bench_fmt_int($nn), $nn / $st, 100 * ($rj - $nn) / $rj,
        $tokens ? sprintf('%.1f', ($rj - $nn) / $tokens) : '-', bench_fmt_int($va), bench_fmt_int($cp), $cp / $st, ($va + $cp) / $st);
}
if ($mdPath !== 'none') {
    bench_write($mdPath, $md);
    echo "written: $mdPath\n";
}
