<?php
/*
 * tools/bench/callgrind.php: instructions per json_encode() call, stock vs rustjson, under
 * valgrind --tool=callgrind. Normally started by tools/bench/callgrind.sh (make bench-callgrind):
 *
 *   php -n -d extension=$PWD/modules/rustjson.so tools/bench/callgrind.php \
 *       [--filter=REGEX | --all] [--jobs=N] [--markdown=FILE] [--svg=FILE] [--readme=FILE] [--corpora=DIR] [--list]
 *
 * Without --filter/--all a default subset of inputs runs (callgrind is ~50x slower than native).
 * Input names are those of bench.php (php ... tools/bench/bench.php --list).
 *
 * Per input, ONE valgrind run of a child process (this script with --child) that builds the input,
 * warms both sides up, then runs
 *     usleep(0); stock: N calls; usleep(0); rustjson: N calls; usleep(0); empty section; usleep(0)
 * with --dump-before=usleep, so callgrind writes one profile part per section. Instructions per
 * call = (section - empty section) / N; the empty section (ini_set + loop set-up + usleep) is the
 * overhead that is subtracted. The loop's own per-iteration cost (a few instructions) and the
 * freeing of the returned string are included on both sides.
 * N is chosen natively so that one side takes ~10 ms of CPU outside valgrind (1 <= N <= 100,000).
 * The parent also checks natively that both outputs are byte-identical (MISMATCH: exit 1).
 * Environment: VALGRIND (default valgrind), RUSTJSON_SO (default modules/rustjson.so).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

bench_require_ext();
ini_set('memory_limit', '-1');

const CG_DEFAULT_FILTER = '^(str:(ascii-16B|ascii-4K|html-4K|quotes-only-4K|cyrillic-4K|emoji-4K):default'
    . '|str:cyrillic-4K:uu|struct:.*|tiny:.*'
    . '|shape:(true|null|int|float|doc-50B|row-20|nest-400|records-500):default|shape:records-500:hex'
    . '|corpus:(twitter|citm_catalog|canada):arr:default|corpus:twitter:obj:uu\+us)$';

$opts = getopt('', ['child', 'input:', 'calls:', 'filter:', 'all', 'jobs:', 'markdown:', 'svg:', 'corpora:', 'readme:', 'list', 'help']);
if (isset($opts['help'])) {
    preg_match('~/\*(.*?)\*/~s', (string)file_get_contents(__FILE__), $m);
    echo ltrim((string)preg_replace('/^ \* ?/m', '', $m[1]));
    exit(0);
}
$corpora = bench_corpora_dir(bench_opt($opts, 'corpora', null));

function cg_find_input(string $corpora, string $name): array
{
    [$inputs] = bench_inputs($corpora);
    foreach ($inputs as $in) {
        if ($in['name'] === $name) {
            return $in;
        }
    }
    fwrite(STDERR, "unknown input $name\n");
    exit(2);
}

// ---------------------------------------------------------------- child (runs under valgrind)
if (isset($opts['child'])) {
    $in = cg_find_input($corpora, (string)bench_opt($opts, 'input', ''));
    $v = ($in['make'])();
    $f = $in['flags'];
    $n = max(1, (int)bench_opt($opts, 'calls', 1));
    gc_disable();
    // warm-up: first-call costs (allocator growth, lazy initialisation) stay out of the sections
    ini_set('rustjson.enabled', '0');
    $r = json_encode($v, $f);
    ini_set('rustjson.enabled', '1');
    $r = json_encode($v, $f);
    $r = null;
    usleep(0);
    ini_set('rustjson.enabled', '0');
    for ($i = 0; $i < $n; $i++) {
        $r = json_encode($v, $f);
    }
    $r = null;
    usleep(0);
    ini_set('rustjson.enabled', '1');
    for ($i = 0; $i < $n; $i++) {
        $r = json_encode($v, $f);
    }
    $r = null;
    usleep(0);
    ini_set('rustjson.enabled', '1');
    for ($i = 0; $i < 0; $i++) {
        $r = json_encode($v, $f);
    }
    $r = null;
    usleep(0);
    exit(0);
}

// ---------------------------------------------------------------- parent
[$inputs, $notes] = bench_inputs($corpora);
$filter = isset($opts['all']) ? null : (bench_opt($opts, 'filter', CG_DEFAULT_FILTER));
$inputs = bench_filter($inputs, $filter);
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
$valgrind = getenv('VALGRIND') ?: 'valgrind';
$so = getenv('RUSTJSON_SO') ?: dirname(__DIR__, 2) . '/modules/rustjson.so';
$so = realpath($so) ?: $so;
$jobs = max(1, (int)(bench_opt($opts, 'jobs', 1)));
$mdPath = bench_opt($opts, 'markdown', __DIR__ . '/callgrind.md');
$svgPath = bench_opt($opts, 'svg', __DIR__ . '/callgrind.svg');
$vgVersion = bench_sh(escapeshellarg($valgrind) . ' --version');
if ($vgVersion === '') {
    fwrite(STDERR, "valgrind not found ($valgrind): apt-get install -y valgrind\n");
    exit(2);
}

$info = bench_machine_info();
$t0 = hrtime(true);
echo "rustjson callgrind bench: ", count($inputs), " inputs, $vgVersion, jobs $jobs\n";
foreach (bench_info_lines($info) as $l) {
    echo "$l\n";
}
echo "\n";

// 1. natively: byte-identity, output size and N for every input
$plan = [];
$mismatches = 0;
$curKey = null;
$value = null;
foreach ($inputs as $in) {
    if ($in['key'] !== $curKey) {
        $value = null;
        $value = ($in['make'])();
        $curKey = $in['key'];
    }
    $f = $in['flags'];
    [$a, $ea, $b, $eb] = bench_both($value, $f);
    $note = '';
    if ($a !== $b || $ea !== $eb) {
        $mismatches++;
        $note = 'MISMATCH';
        fwrite(STDERR, "\n!!!!!!!! MISMATCH: {$in['name']}: stock " . (is_string($a) ? strlen($a) . ' bytes' : 'false')
            . " (error $ea), rustjson " . (is_string($b) ? strlen($b) . ' bytes' : 'false') . " (error $eb)"
            . " — run bench.php --filter for details\n\n");
    }
    // native CPU time of one stock call, measured over >= 5 ms
    bench_side(false);
    $reps = 1;
    for (;;) {
        $t = cpu_ns();
        for ($i = 0; $i < $reps; $i++) {
            $r = json_encode($value, $f);
        }
        $t = cpu_ns() - $t;
        if ($t >= 5_000_000 || $reps >= 1 << 20) {
            break;
        }
        $reps *= 4;
    }
    $per = $t / $reps;
    $calls = max(1, min(100_000, (int)round(10_000_000 / max(1, $per))));
    $plan[] = ['in' => $in, 'bytes' => is_string($a) ? strlen($a) : 0, 'calls' => $calls, 'note' => $note];
    unset($a, $b, $r);
}
$value = null;
bench_side(true);

// 2. valgrind runs
$tmp = sys_get_temp_dir() . '/rustjson-cg-' . getmypid();
@mkdir($tmp, 0777, true);

function cg_start(array $p, int $idx, string $tmp, string $valgrind, string $so, string $corpora): array
{
    $dir = "$tmp/$idx";
    @mkdir($dir);
    $cmd = [$valgrind, '--tool=callgrind', '--dump-before=usleep', "--callgrind-out-file=$dir/cg.out",
        PHP_BINARY, '-n', '-d', "extension=$so", __FILE__, '--child', '--input=' . $p['in']['name'],
        '--calls=' . $p['calls'], "--corpora=$corpora"];
    $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/stdout", 'w'], 2 => ['file', "$dir/stderr", 'w']], $pipes);
    if (!is_resource($proc)) {
        fwrite(STDERR, "cannot start valgrind\n");
        exit(2);
    }
    return ['proc' => $proc, 'dir' => $dir, 'idx' => $idx, 't' => hrtime(true)];
}

/** Totals of the profile parts, indexed by part number, or an error string. */
function cg_parts(string $dir): array|string
{
    $parts = [];
    foreach (glob("$dir/cg.out*") ?: [] as $file) {
        $txt = (string)file_get_contents($file);
        if (!preg_match('/^part:\s*(\d+)/m', $txt, $pm) || !preg_match('/^(?:summary|totals):\s*(\d+)/m', $txt, $sm)) {
            return "cannot parse $file";
        }
        $parts[(int)$pm[1]] = (int)$sm[1];
    }
    ksort($parts);
    if (count($parts) !== 5) {
        return 'expected 5 profile parts, got ' . count($parts) . ' (stderr: ' . trim((string)@file_get_contents("$dir/stderr")) . ')';
    }
    return array_values($parts);
}

$rows = [];
$results = [];
$running = [];
$next = 0;
$failed = 0;
while ($next < count($plan) || $running !== []) {
    while (count($running) < $jobs && $next < count($plan)) {
        $running[] = cg_start($plan[$next], $next, $tmp, $valgrind, $so, $corpora);
        $next++;
    }
    usleep(50_000);
    foreach ($running as $k => $r) {
        $st = proc_get_status($r['proc']);
        if ($st['running']) {
            continue;
        }
        proc_close($r['proc']);
        unset($running[$k]);
        $p = $plan[$r['idx']];
        $secs = (hrtime(true) - $r['t']) / 1e9;
        $parts = cg_parts($r['dir']);
        if (is_string($parts) || $st['exitcode'] !== 0) {
            $failed++;
            fwrite(STDERR, "{$p['in']['name']}: valgrind run failed (exit {$st['exitcode']}): "
                . (is_string($parts) ? $parts : '') . "\n" . @file_get_contents("{$r['dir']}/stderr") . "\n");
            continue;
        }
        // parts: 0 start-up+set-up+warm-up, 1 stock, 2 rustjson, 3 empty, 4 shutdown
        $n = $p['calls'];
        $stock = ($parts[1] - $parts[3]) / $n;
        $rust = ($parts[2] - $parts[3]) / $n;
        $ratio = $stock > 0 ? $rust / $stock : 0.0;
        $results[$r['idx']] = ['name' => $p['in']['name'], 'bytes' => $p['bytes'], 'stock' => $stock, 'rust' => $rust,
            'ratio' => $ratio, 'note' => $p['note']];
        printf("%-40s %10s B  stock %13s Ir  rust %13s Ir  ratio %-6s %7s  (N=%d, overhead %d Ir, %.1f s)%s\n",
            $p['in']['name'], bench_fmt_int($p['bytes']), bench_fmt_int($stock), bench_fmt_int($rust), bench_fmt_ratio($ratio),
            bench_fmt_speedup($ratio), $n, $parts[3], $secs,
            $p['note'] !== '' ? "  <== {$p['note']}" : ($ratio > 1 ? '  <== slower' : ''));
    }
}
foreach (glob("$tmp/*/*") ?: [] as $f) {
    @unlink($f);
}
foreach (glob("$tmp/*") ?: [] as $d) {
    @rmdir($d);
}
@rmdir($tmp);
ksort($results);
$rows = array_values($results);
$elapsed = (hrtime(true) - $t0) / 1e9;

$extra = [
    "- Method: $vgVersion `--tool=callgrind`, instructions (Ir) per json_encode() call = (section of N calls − empty section) / N,"
        . ' both sides in the same process after a warm-up call each; includes the PHP call and loop overhead and freeing the result.'
        . ' CPU features are those valgrind emulates (no AVX-512).',
    sprintf('- Run time: %.0f s (%d valgrind job%s)%s', $elapsed, $jobs, $jobs > 1 ? 's' : '',
        $filter !== null ? "; filter `$filter`" : '; all inputs'),
];
bench_publish($opts, $info, 'json_encode instructions per call (callgrind): stock ext/json vs rustjson', $extra, $notes,
    $mismatches, $rows, 'Ir/call', 'bench-callgrind', $mdPath, $svgPath,
    'json_encode: rustjson / stock instructions per call (callgrind)', "{$info['date']} · PHP {$info['php']} · $vgVersion");
printf("callgrind bench runtime: %.1f s\n", $elapsed);
if ($mismatches || $failed) {
    fwrite(STDERR, "\n!!!!!!!! " . ($mismatches ? "$mismatches MISMATCH(ES) " : '') . ($failed ? "$failed failed valgrind run(s)" : '') . "\n");
    exit(1);
}
