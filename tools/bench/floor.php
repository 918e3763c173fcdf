<?php
/*
 * tools/bench/floor.php: the memory floor of re-encoding the corpora (make bench-floor).
 *
 *   php -n -d extension=PROBE_SO tools/bench/floor.php [--filter=REGEX] [--rounds=N] [--corpora=DIR]
 *       [--markdown=FILE] [--readme=FILE]
 *
 * PROBE_SO is rustjson built with the floor-probe feature (never shipped): with its option bit,
 * json_encode() only reads what an encoder must read (every table slot, key and string byte,
 * declared property slot) and returns false (src/probe.rs). For each corpus, decoded to arrays
 * and to objects, default flags, three sides run interleaved (stock, rustjson, read-only probe),
 * each round ~30 ms of calls, and the medians are printed:
 *
 *   struct MB    memory the decoded value takes (memory_get_usage before/after json_decode)
 *   floor        the probe's µs per call: bringing the structure into the core, nothing else
 *   ratio        rustjson / stock (as in make bench)
 *   floor/stock  the ratio no encoder that reads the value can go under on this machine
 *   over floor   (rustjson - floor) / (stock - floor): our time above the floor against stock's
 *
 * --markdown=FILE writes the table (make bench-floor: tools/bench/floor.md); --readme=FILE also
 * replaces the text between <!-- bench-floor:begin --> and <!-- bench-floor:end --> in FILE.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

bench_require_ext();
ini_set('memory_limit', '-1');

const PROBE = 1 << 30;
const WRITE = 1 << 28;

$opts = getopt('', ['filter:', 'rounds:', 'corpora:', 'markdown:', 'readme:']);
$rounds = max(1, (int)bench_opt($opts, 'rounds', 7));
$filter = bench_opt($opts, 'filter', null);
$dir = bench_corpora_dir(bench_opt($opts, 'corpora', null));
$files = glob(rtrim($dir, '/') . '/*.json') ?: [];
if ($files === []) {
    fwrite(STDERR, "no corpora in $dir\n");
    exit(2);
}

/** CPU ns per call of json_encode($v, $flags) over $n calls, with rustjson on or off. */
function per_call(mixed $v, int $flags, int $n, bool $on): float
{
    ini_set('rustjson.enabled', $on ? '1' : '0');
    $c = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        json_encode($v, $flags);
    }
    return (cpu_ns() - $c) / $n;
}

function calls_for(mixed $v, int $flags, bool $on): int
{
    $t = max(1.0, per_call($v, $flags, 3, $on));
    return max(3, (int)(30e6 / $t));
}

function med(array $xs): float
{
    sort($xs);
    return $xs[intdiv(count($xs), 2)];
}

// The probe must be there: with it, json_encode() returns false for any value.
ini_set('rustjson.enabled', '1');
if (json_encode([1], PROBE) !== false) {
    fwrite(STDERR, "this rustjson.so has no floor probe (build with --features floor-probe)\n");
    exit(2);
}

gc_disable();
$info = bench_machine_info();
printf("%-22s %9s %10s %10s %9s %7s %11s %10s %9s %9s %10s\n", 'input', 'struct MB', 'stock µs', 'rustjson', 'floor µs', 'ratio', 'floor/stock', 'over floor', 'write µs', '+w/stock', 'over +w');
$md = "## The memory floor of re-encoding the corpora (default flags), and of issue #19's shapes\n\n";
foreach (bench_info_lines($info) as $l) {
    $md .= "$l\n";
}
$md .= "- Method: `make bench-floor` (tools/bench/floor.php): stock, rustjson and the read-only probe "
    . "(src/probe.rs, built with `--features floor-probe`) interleaved, $rounds rounds of ~30 ms each, "
    . "median µs per call of process CPU time. The probe reads what an encoder must read; JsonSerializable members are "
    . "called (the user code stock runs too) and their results read, backed enums read as their values. Below the corpora: "
    . "the shapes of `make bench` (small values: the floor is the call itself) and large outputs under other flags. "
    . "write: the write probe's cost of returning an output of the row's length, beyond a call that returns an empty one "
    . "(one allocation as rustjson's cheapest route makes it: past 2 MiB a fresh huge block advised for huge pages and "
    . "populated, below it an exact one; every byte stored with memset; the string freed by the next call).\n\n"
    . "| input | structure MB | stock µs | rustjson µs | floor µs | ratio | floor / stock | over floor | write µs | (floor + write) / stock | over floor + write |\n"
    . "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
/**
 * One row: stock, rustjson and the probe on $v under $flags, interleaved, and the write probe for
 * an output of the same length (its cost beyond a call that writes nothing); prints the row and
 * returns its markdown line.
 */
function floor_row(string $name, mixed $v, int $flags, float $mb, int $rounds): string
{
    ini_set('rustjson.enabled', '1');
    $len = strlen((string)json_encode($v, $flags));
    $sides = [
        'stock' => [$v, $flags, false],
        'rustjson' => [$v, $flags, true],
        'floor' => [$v, $flags | PROBE, true],
        'write' => [[$len], PROBE | WRITE, true],
        'write0' => [[0], PROBE | WRITE, true],
    ];
    $n = [];
    foreach ($sides as $k => [$val, $fl, $on]) {
        $n[$k] = calls_for($val, $fl, $on);
    }
    $t = array_fill_keys(array_keys($sides), []);
    for ($r = 0; $r < $rounds; $r++) {
        foreach ($sides as $k => [$val, $fl, $on]) {
            $t[$k][] = per_call($val, $fl, $n[$k], $on);
        }
    }
    $s = med($t['stock']) / 1000;
    $o = med($t['rustjson']) / 1000;
    $fl = med($t['floor']) / 1000;
    $w = max(0.0, (med($t['write']) - med($t['write0'])) / 1000);
    $over = ($o - $fl) / max(1e-9, $s - $fl);
    $fw = $fl + $w;
    $overw = ($o - $fw) / max(1e-9, $s - $fw);
    printf("%-22s %9.1f %10.3f %10.3f %9.3f %7.3f %11.3f %10.3f %9.3f %9.3f %10.3f\n", $name, $mb, $s, $o, $fl, $o / $s, $fl / $s, $over, $w, $fw / $s, $overw);
    $dec = $s < 10 ? 3 : 1;
    return sprintf("| `%s` | %.1f | %.{$dec}f | %.{$dec}f | %.{$dec}f | %.3f | %.3f | %.3f | %.{$dec}f | %.3f | %.3f |\n", $name, $mb, $s, $o, $fl, $o / $s, $fl / $s, $over, $w, $fw / $s, $overw);
}

foreach ($files as $f) {
    foreach (['arrays' => true, 'objects' => false] as $mode => $assoc) {
        $name = basename($f, '.json') . ":$mode";
        if ($filter !== null && !preg_match("~$filter~", $name)) {
            continue;
        }
        $m0 = memory_get_usage();
        $v = json_decode((string)file_get_contents($f), $assoc);
        $mb = (memory_get_usage() - $m0) / 1048576;
        $md .= floor_row($name, $v, 0, $mb, $rounds);
        unset($v);
    }
}

// Issue #19's shapes and flag rows: small values (where the call itself is the floor), lists, nests,
// records with JsonSerializable and enum members (the probe makes the user calls stock makes), and
// the large outputs under their bench flags.
$extra = [];
foreach (bench_shape_inputs() as $in) {
    $extra[substr($in['name'], strlen('shape:'))] = [$in['make'], $in['flags']];
}
foreach (['gsoc-2018:arrays:uu+us' => ['gsoc-2018', true, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES],
          'gsoc-2018:objects:hex' => ['gsoc-2018', false, BENCH_HEX],
          'marine_ik:arrays:pretty' => ['marine_ik', true, JSON_PRETTY_PRINT],
          'canada:arrays:pretty' => ['canada', true, JSON_PRETTY_PRINT]] as $name => [$corpus, $assoc, $fl]) {
    $path = rtrim($dir, '/') . "/$corpus.json";
    if (is_file($path)) {
        $extra[$name] = [static fn() => json_decode((string)file_get_contents($path), $assoc), $fl];
    }
}
foreach ($extra as $name => [$make, $fl]) {
    if ($filter !== null && !preg_match("~$filter~", $name)) {
        continue;
    }
    $m0 = memory_get_usage();
    $v = $make();
    $mb = (memory_get_usage() - $m0) / 1048576;
    $md .= floor_row($name, $v, $fl, $mb, $rounds);
    unset($v);
}
ini_set('rustjson.enabled', '1');
$md .= "\nfloor: the probe's time, reading the value as the encoder does (its prefetches included, the user calls made) "
    . "and writing nothing; floor / stock: the ratio no encoder that reads the value this way can "
    . "go under here; over floor: (rustjson - floor) / (stock - floor). write: what returning the output alone costs "
    . "(the kernel's page clearing and faults, PHP's allocator, the stores); (floor + write) / stock: the ratio no "
    . "encoder that reads the value this way and returns a fresh string can go under; over floor + write: "
    . "(rustjson - floor - write) / (stock - floor - write).\n";
$mdPath = bench_opt($opts, 'markdown', '');
if ($mdPath !== '' && $mdPath !== 'none') {
    file_put_contents($mdPath, $md);
    echo "wrote $mdPath\n";
}
$readme = bench_opt($opts, 'readme', '');
if ($readme !== '') {
    echo bench_readme($readme, 'bench-floor', $md), "\n";
}
