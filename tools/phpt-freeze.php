<?php
/*
 * tools/phpt-freeze.php: freeze STOCK PHP's output into the --EXPECT-- section of
 * rustjson's phpt tests. Stock PHP is the oracle.
 *
 *   php tools/phpt-freeze.php php-tests/foo.phpt ...   freeze tests whose --EXPECT-- is __FREEZE__
 *   php tools/phpt-freeze.php --all php-tests/*.phpt   re-freeze every --EXPECT-- test
 *   php tools/phpt-freeze.php --so=$(tools/phpt-stub/build.sh) php-tests/rustjson_x.phpt
 *       freeze a rustjson-specific test (one that skips in stock mode) with the given extension loaded.
 *       Use the STUB from tools/phpt-stub: it registers the rustjson.enabled ini (and, on 8.2, an
 *       8.3-faithful json_validate()) and leaves json_encode() alone, so that the frozen output is
 *       still stock PHP's. Never freeze from rustjson itself.
 *
 * Each test runs through tools/run-phpt.sh --stock, so exactly the same run-tests.php
 * environment is used, and the output run-tests.php kept (<test>.out) is copied in.
 * Tests that skip in stock mode (rustjson-specific) and tests using --EXPECTF--/--EXPECTREGEX--
 * are left alone: write those expectations by hand.
 * Always review the diff (git diff php-tests) before keeping a freeze.
 */

$all = false;
$so = null;
$files = [];
foreach (array_slice($argv, 1) as $a) {
    if ($a === '--all') { $all = true; continue; }
    if (str_starts_with($a, '--so=')) { $so = realpath(substr($a, 5)) ?: exit("no such file: $a\n"); continue; }
    $files[] = $a;
}
if (!$files) {
    fwrite(STDERR, "usage: php tools/phpt-freeze.php [--all] php-tests/x.phpt...\n");
    exit(2);
}
$root = dirname(__DIR__);
$status = 0;
foreach ($files as $f) {
    $orig = file_get_contents($f);
    if ($orig === false) { fwrite(STDERR, "$f: cannot read\n"); $status = 1; continue; }
    $pos = strpos($orig, "\n--EXPECT--\n");
    if ($pos === false) { echo "$f: no --EXPECT-- section, left alone\n"; continue; }
    $head = substr($orig, 0, $pos + strlen("\n--EXPECT--\n"));
    $rest = substr($orig, strlen($head));
    /* --EXPECT-- must be the last section (this tool's convention). */
    if (preg_match('/^--[A-Z_]+--$/m', $rest)) { fwrite(STDERR, "$f: --EXPECT-- is not the last section\n"); $status = 1; continue; }
    if (!$all && trim($rest) !== '__FREEZE__') { echo "$f: already frozen (use --all to redo)\n"; continue; }

    file_put_contents($f, $head . "__FREEZE__\n");
    $base = substr($f, 0, -strlen('.phpt'));
    @unlink("$base.out");
    $cmd = $so === null
        ? escapeshellarg("$root/tools/run-phpt.sh") . ' --stock '
        : 'RUSTJSON_SO=' . escapeshellarg($so) . ' ' . escapeshellarg("$root/tools/run-phpt.sh") . ' ';
    exec($cmd . escapeshellarg(realpath($f)) . ' 2>&1', $o, $rc);
    $out = @file_get_contents("$base.out");
    foreach (['out', 'diff', 'exp', 'log', 'php', 'sh', 'skip.php', 'clean.php', 'mem'] as $ext) {
        @unlink("$base.$ext");
    }
    if ($out === false) {
        file_put_contents($f, $orig);
        echo "$f: NOT frozen (skipped in stock mode or no output); restored\n";
        continue;
    }
    file_put_contents($f, $head . $out . "\n");
    echo "$f: frozen (" . strlen($out) . " bytes)\n";
}
exit($status);
