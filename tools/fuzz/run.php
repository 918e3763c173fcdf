<?php
declare(strict_types=1);

/*
 * Differential fuzzer: json_encode() with rustjson.enabled=0 (stock ext/json)
 * vs rustjson.enabled=1, in one process. See tools/fuzz/README.md.
 *
 *   php -n -d extension=modules/rustjson.so tools/fuzz/run.php [options]
 *
 *   --seed=S          run seed (default: random, printed); case I of seed S is always the same value
 *   --count=N         random cases (default 200000)
 *   --start=I         first case index (default 0); --start=I --count=1 re-runs one case
 *   --mode=M          random | sweep | all (default all)
 *   --sweeps=a,b      subset of: bytes12, utf8-3, utf8-4, positions, numeric, doubles
 *   --quiet           only warnings, differences and the final lines
 *   --no-write        do not write php-tests/fuzz_regress_*.phpt
 *   --no-shrink       report differences as generated
 *   --max-reports=N   detailed reports per run (default 10); all differences are counted
 *   --dump            print each random case's reproduction script instead of comparing (with --count)
 *   --check-repro     self-test: also build each value from its emitted PHP source and check that
 *                     stock output matches the recipe-built value (slow)
 *   --inject-bug=K    self-test of the failure path: corrupt rustjson's side (ufffd|inf|calls|throw)
 *
 * Last line: "fuzz: N passed, D failed" (N = comparisons without a difference). Exit 0 iff D = 0.
 */

require __DIR__ . '/lib/bootstrap.php';

use Fuzz\Compare;
use Fuzz\GenCase;
use Fuzz\Report;
use Fuzz\SelfTest;
use Fuzz\Sweeps;

$opt = ['seed' => null, 'count' => '200000', 'start' => '0', 'mode' => 'all', 'sweeps' => implode(',', Sweeps::NAMES),
    'max-reports' => '10', 'inject-bug' => null];
$flags = ['quiet' => false, 'no-write' => false, 'no-shrink' => false, 'dump' => false, 'check-repro' => false];
foreach (array_slice($argv, 1) as $arg) {
    if (preg_match('/^--([a-z-]+)(?:=(.*))?$/s', $arg, $m) && (array_key_exists($m[1], $opt) || isset($flags[$m[1]]))) {
        if (isset($flags[$m[1]])) {
            $flags[$m[1]] = true;
        } else {
            $opt[$m[1]] = $m[2] ?? '';
        }
        continue;
    }
    fwrite(STDERR, "fuzz: unknown argument '$arg' (see the header of tools/fuzz/run.php)\n");
    exit(2);
}
$seed = $opt['seed'] ?? (string) random_int(1, PHP_INT_MAX);
$count = (int) $opt['count'];
$start = (int) $opt['start'];
$quiet = $flags['quiet'];
$sweeps = array_filter(explode(',', $opt['sweeps']));
if (!in_array($opt['mode'], ['random', 'sweep', 'all'], true) || array_diff($sweeps, Sweeps::NAMES) !== []
    || ($opt['inject-bug'] !== null && !in_array($opt['inject-bug'], SelfTest::BUGS, true))) {
    fwrite(STDERR, "fuzz: bad --mode, --sweeps or --inject-bug value\n");
    exit(2);
}

Report::$write = !$flags['no-write'];
Report::$shrink = !$flags['no-shrink'];
Report::$maxReports = (int) $opt['max-reports'];
Report::$testDir = dirname(__DIR__, 2) . '/php-tests';
Report::$php = Report::detectPhp();
SelfTest::$inject = $opt['inject-bug'];

if (!extension_loaded('rustjson')) {
    echo "fuzz: WARNING: rustjson is not loaded; both sides are stock ext/json (this only checks that the harness is deterministic)\n";
} elseif (ini_get('rustjson.enabled') === false) {
    echo "fuzz: ERROR: rustjson is loaded but registers no rustjson.enabled ini; cannot switch sides\n";
    exit(2);
} elseif (ini_set('rustjson.enabled', '1') === false || ini_get('rustjson.enabled') !== '1') {
    echo "fuzz: ERROR: ini_set('rustjson.enabled', '1') does not take effect\n";
    exit(2);
}
if ($opt['inject-bug'] !== null) {
    echo "fuzz: WARNING: --inject-bug={$opt['inject-bug']}: differences are fake (harness self-test)\n";
}
if (!$quiet) {
    echo "fuzz: seed=$seed mode={$opt['mode']}", $opt['mode'] === 'sweep' ? '' : " count=$count", ' php=', PHP_VERSION,
        extension_loaded('rustjson') ? '' : ' (stock only)', "\n";
}

$t0 = microtime(true);
$digest = hash_init('sha256');
$compared = 0;
$failed = 0;
$seen = ['err' => [], 'exc' => [], 'calls' => 0, 'false' => 0]; // what the stock side did: coverage at a glance

if ($opt['mode'] !== 'sweep') {
    $every = max(1, intdiv($count, 4));
    for ($i = $start; $i < $start + $count; $i++) {
        $case = GenCase::make($seed, $i);
        if ($flags['dump']) {
            echo "// ---- case $i ($case[profile]) ", Report::params($case), "\n", Report::script($case), "\n";
            continue;
        }
        [$a, $b] = Compare::run($case);
        $compared++;
        hash_update($digest, serialize($a));
        if (!isset($a['build'])) {
            $seen['err'][$a['err']] = ($seen['err'][$a['err']] ?? 0) + 1;
            $x = $a['exc'][0][0] ?? null;
            if ($x !== null) {
                $seen['exc'][$x] = ($seen['exc'][$x] ?? 0) + 1;
            }
            $seen['calls'] += count($a['calls']);
            $seen['false'] += (int) ($a['out'] === false);
        }
        if (isset($a['build'])) {
            echo "fuzz: WARNING: case $i: recipe does not build ($a[build]); generator bug\n";
        } elseif ($a !== $b) {
            $failed++;
            Report::failure($case, $a, $b);
        }
        if ($flags['check-repro'] && !isset($a['build'])) {
            SelfTest::repro($case, $a);
        }
        if (!$quiet && ($i - $start + 1) % $every === 0) {
            printf("fuzz: random %d/%d cases (%.1f s)\n", $i - $start + 1, $count, microtime(true) - $t0);
        }
    }
}

if ($flags['dump']) {
    exit(0);
}
if (!$quiet && $compared > 0) {
    ksort($seen['err']);
    arsort($seen['exc']);
    $fmt = static fn (array $m) => implode(' ', array_map(static fn ($k, $n) => "$k:$n", array_keys($m), $m));
    echo 'fuzz: stock side: json_last_error ', $fmt($seen['err']), "; returned false $seen[false]",
        "; jsonSerialize calls + logged events $seen[calls]; exceptions ", $fmt($seen['exc']), "\n";
}

if ($opt['mode'] !== 'random') {
    $sw = new Sweeps($digest, $quiet);
    $sw->run($sweeps);
    $compared += $sw->compared;
    $failed += $sw->failed;
}

printf("fuzz: digest %s (%.1f s)\n", substr(hash_final($digest), 0, 16), microtime(true) - $t0);
echo 'fuzz: ', $compared - $failed, " passed, $failed failed\n";
exit($failed === 0 ? 0 : 1);
