<?php
/*
 * tools/bench/bench.php: wall-clock benchmark, stock ext/json vs rustjson, in one process.
 *
 *   php -n -d extension=$PWD/modules/rustjson.so tools/bench/bench.php \
 *       [--filter=REGEX] [--rounds=N] [--quick] [--target-ms=MS] [--clock=cpu|wall]
 *       [--markdown=FILE] [--svg=FILE] [--readme=FILE] [--corpora=DIR] [--list]
 *
 * For each input (see lib.php; --list prints the names, --filter selects by regex on the name):
 *   1. encode once with rustjson.enabled=0 and once with =1 and check that both outputs (and
 *      json_last_error()) are byte-identical; a difference prints MISMATCH and the run exits 1;
 *   2. calibrate, separately for each side, a call count so that one round takes ~target-ms
 *      (default 30 ms, 20 with --quick; the tiny document always runs 100,000 calls per round);
 *   3. run the rounds interleaved, stock then rustjson (A B A B ...), switching with ini_set();
 *   4. report the median ns/call of each side and ratio = rustjson / stock. The clock is the
 *      process CPU time (getrusage user+sys, default: time spent descheduled on a busy shared VM
 *      does not count) or wall time (--clock=wall, hrtime); both are taken, the other one's
 *      ratio is shown on the console line.
 * Writes a markdown table (default tools/bench/results.md) and an SVG bar chart (default
 * tools/bench/chart.svg); --svg=none / --markdown=none skip a file. --readme=FILE also replaces
 * the text between <!-- bench-wallclock:begin --> and <!-- bench-wallclock:end --> in FILE.
 * Corpora are read at run time from ../shared/corpora (or --corpora / $RUSTJSON_CORPORA).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

bench_require_ext();
ini_set('memory_limit', '-1');

$opts = getopt('', ['filter:', 'rounds:', 'quick', 'target-ms:', 'clock:', 'markdown:', 'svg:', 'corpora:', 'readme:', 'list', 'help']);
if (isset($opts['help'])) {
    preg_match('~/\*(.*?)\*/~s', (string)file_get_contents(__FILE__), $m);
    echo ltrim((string)preg_replace('/^ \* ?/m', '', $m[1]));
    exit(0);
}
$quick = isset($opts['quick']);
$rounds = max(1, (int)(bench_opt($opts, 'rounds', ($quick ? 3 : 7))));
$targetMs = max(1.0, (float)(bench_opt($opts, 'target-ms', ($quick ? 20 : 30))));
$mdPath = bench_opt($opts, 'markdown', __DIR__ . '/results.md');
$svgPath = bench_opt($opts, 'svg', __DIR__ . '/chart.svg');
$corpora = bench_corpora_dir(bench_opt($opts, 'corpora', null));
$clock = bench_opt($opts, 'clock', 'cpu');
if (!in_array($clock, ['cpu', 'wall'], true)) {
    fwrite(STDERR, "--clock must be cpu or wall\n");
    exit(2);
}

[$inputs, $notes] = bench_inputs($corpora);
$inputs = bench_filter($inputs, bench_opt($opts, 'filter', null));
if (isset($opts['list'])) {
    foreach ($inputs as $i) {
        echo $i['name'], "\n";
    }
    exit(0);
}
foreach ($notes as $n) {
    echo "note: $n\n";
}
if ($inputs === []) {
    fwrite(STDERR, "no input matches the filter\n");
    exit(2);
}

/** [wall ns, cpu ns] of $n calls. */
function run_calls(mixed $v, int $flags, int $n): array
{
    $f = getrusage()['ru_minflt'];
    $c = cpu_ns();
    $t = hrtime(true);
    for ($i = 0; $i < $n; $i++) {
        $r = json_encode($v, $flags);
    }
    $t = hrtime(true) - $t;
    $c = cpu_ns() - $c;
    return [$t, $c, getrusage()['ru_minflt'] - $f];
}

/**
 * Calls per round so that a round takes about $targetNs on clock $ci (0 wall, 1 cpu).
 * The byte-identity check just before is the warm-up.
 */
function calibrate(mixed $v, int $flags, float $targetNs, int $ci): int
{
    $n = 1;
    for (;;) {
        $t = max(1, run_calls($v, $flags, $n)[$ci]);
        if ($t >= 2_000_000 || $n >= (1 << 24)) {
            break;
        }
        $n *= max(2, min(64, intdiv(3_000_000, $t) + 1));
    }
    return max(1, (int)round($n * $targetNs / $t));
}

function median(array $xs): float
{
    sort($xs);
    $c = count($xs);
    return $c % 2 ? (float)$xs[intdiv($c, 2)] : ($xs[$c / 2 - 1] + $xs[$c / 2]) / 2;
}

function spread(array $xs): float
{
    $m = median($xs);
    return $m > 0 ? (max($xs) - min($xs)) / $m * 100 : 0.0;
}

function first_diff(string $a, string $b): int
{
    $n = min(strlen($a), strlen($b));
    for ($i = 0; $i < $n; $i++) {
        if ($a[$i] !== $b[$i]) {
            return $i;
        }
    }
    return $n;
}

$info = bench_machine_info();
$t0 = hrtime(true);
echo "rustjson wall-clock bench: ", count($inputs), " inputs, $rounds rounds, ~{$targetMs} ms per round and side\n";
foreach (bench_info_lines($info) as $l) {
    echo "$l\n";
}
echo "\n";

gc_disable();
$rows = [];
$large = [];
$peakOver = [];
$mismatches = 0;
$curKey = null;
$value = null;
foreach ($inputs as $in) {
    if ($in['key'] !== $curKey) {
        $value = null;
        $value = ($in['make'])();
        $curKey = $in['key'];
    }
    $flags = $in['flags'];

    // 1. byte-identical check (and warm-up)
    [$a, $ea, $b, $eb] = bench_both($value, $flags);
    $note = '';
    if ($a !== $b || $ea !== $eb) {
        $mismatches++;
        $note = 'MISMATCH';
        $sa = is_string($a) ? $a : '';
        $sb = is_string($b) ? $b : '';
        $d = first_diff($sa, $sb);
        fwrite(STDERR, "\n!!!!!!!! MISMATCH: {$in['name']} (flags " . bench_flags_text($flags) . ")\n"
            . "  stock:    " . (is_string($a) ? strlen($a) . ' bytes' : var_export($a, true)) . ", json_last_error $ea\n"
            . "  rustjson: " . (is_string($b) ? strlen($b) . ' bytes' : var_export($b, true)) . ", json_last_error $eb\n"
            . "  first difference at byte $d:\n"
            . "    stock:    " . var_export(substr($sa, max(0, $d - 20), 60), true) . "\n"
            . "    rustjson: " . var_export(substr($sb, max(0, $d - 20), 60), true) . "\n\n");
    }
    $bytes = is_string($a) ? strlen($a) : 0;
    unset($a, $b);

    // 2. call counts
    $targetNs = $targetMs * 1e6;
    if ($in['calls'] !== null) {
        $n = [false => $in['calls'], true => $in['calls']];
    } else {
        $ci = $clock === 'cpu' ? 1 : 0;
        bench_side(false);
        $nStock = calibrate($value, $flags, $targetNs, $ci);
        bench_side(true);
        $nRust = calibrate($value, $flags, $targetNs, $ci);
        $n = [false => $nStock, true => $nRust];
    }

    // 3. interleaved rounds
    $ns = ['wall' => [false => [], true => []], 'cpu' => [false => [], true => []], 'flt' => [false => [], true => []]];
    for ($r = 0; $r < $rounds; $r++) {
        foreach ([false, true] as $side) {
            bench_side($side);
            [$wall, $cpu, $flt] = run_calls($value, $flags, $n[$side]);
            $ns['wall'][$side][] = $wall / $n[$side];
            $ns['cpu'][$side][] = $cpu / $n[$side];
            $ns['flt'][$side][] = $flt / $n[$side];
        }
    }
    // Peak memory of one call (PHP's allocator), after the rounds freed their last result.
    $peak = [];
    foreach ([false, true] as $side) {
        bench_side($side);
        $r = null;
        $base = memory_get_usage();
        memory_reset_peak_usage();
        $r = json_encode($value, $flags);
        $peak[$side] = memory_get_peak_usage() - $base;
        $r = null;
    }
    bench_side(true);
    $stock = median($ns[$clock][false]);
    $rust = median($ns[$clock][true]);
    $ratio = $stock > 0 ? $rust / $stock : 0.0;
    $other = $clock === 'cpu' ? 'wall' : 'cpu';
    $oStock = median($ns[$other][false]);
    $oRatio = $oStock > 0 ? median($ns[$other][true]) / $oStock : 0.0;
    $rows[] = ['name' => $in['name'], 'bytes' => $bytes, 'stock' => $stock, 'rust' => $rust, 'ratio' => $ratio, 'note' => $note];
    if ($bytes >= 1 << 20) {
        $large[] = sprintf('| `%s` | %s | %.0f | %.0f | %s | %s | %.3f |', $in['name'], bench_fmt_int($bytes),
            median($ns['flt'][false]), median($ns['flt'][true]), bench_fmt_int($peak[false]), bench_fmt_int($peak[true]),
            $peak[false] > 0 ? $peak[true] / $peak[false] : 0.0);
    }
    if ($peak[true] > $peak[false]) {
        $peakOver[] = sprintf('%s (%s vs %s bytes)', $in['name'], bench_fmt_int($peak[true]), bench_fmt_int($peak[false]));
    }
    printf("%-40s %10s B  stock %11s ns  rust %11s ns  ratio %-6s %7s  (%s ratio %s; calls/round %d/%d; spread %.0f%%/%.0f%%)%s\n",
        $in['name'], bench_fmt_int($bytes), bench_fmt_ns($stock), bench_fmt_ns($rust), bench_fmt_ratio($ratio),
        bench_fmt_speedup($ratio), $other, bench_fmt_ratio($oRatio), $n[false], $n[true],
        spread($ns[$clock][false]), spread($ns[$clock][true]),
        $note !== '' ? "  <== $note" : ($ratio > 1 ? '  <== slower' : ''));
}
$value = null;
$elapsed = (hrtime(true) - $t0) / 1e9;

$extra = [
    sprintf('- Method: `php -n`, one process; per input %d interleaved rounds (stock, rustjson, stock, ...), each ~%s ms'
        . ' (call count calibrated per side; tiny document: 100,000 calls), median ns/call of %s; outputs checked byte-identical.%s',
        $rounds, rtrim(rtrim(sprintf('%.1f', $targetMs), '0'), '.'),
        $clock === 'cpu' ? 'process CPU time (getrusage user+sys; `--clock=wall` for hrtime)' : 'wall time (hrtime)',
        $quick ? ' `--quick`.' : ''),
    sprintf('- Bench runtime: %.0f s%s', $elapsed, isset($opts['filter']) ? '; filter `' . bench_opt($opts, 'filter') . '`' : ''),
    '- Peak memory of one call (memory_get_peak_usage() over memory_get_usage() before it, PHP\'s allocator): '
        . ($peakOver === [] ? 'rustjson at or below stock on every row.' : 'ABOVE stock on: ' . implode(', ', $peakOver) . '.'),
];
if ($large !== []) {
    $extra[] = '';
    $extra[] = 'Outputs of 1 MB or more: minor page faults per call (getrusage, median of the rounds) and peak bytes of one call:';
    $extra[] = '';
    $extra[] = '| input | bytes out | faults stock | faults rustjson | peak stock | peak rustjson | peak ratio |';
    $extra[] = '|---|---:|---:|---:|---:|---:|---:|';
    foreach ($large as $l) {
        $extra[] = $l;
    }
    $extra[] = '';
}
bench_publish($opts, $info, 'json_encode wall clock: stock ext/json vs rustjson', $extra, $notes, $mismatches, $rows,
    'ns/call', 'bench-wallclock', $mdPath, $svgPath, "json_encode: rustjson / stock, $clock time per call",
    "{$info['date']} · {$info['cpu']} · PHP {$info['php']} · opcache {$info['opcache']} · $rounds rounds, medians");
printf("bench runtime: %.1f s\n", $elapsed);
if ($mismatches) {
    fwrite(STDERR, "\n!!!!!!!! $mismatches MISMATCH(ES): rustjson output is not byte-identical to stock\n");
    exit(1);
}
