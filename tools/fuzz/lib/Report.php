<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * What happens on a difference: shrink the case, print seed / case / flags
 * / depth / serialize_precision and both records (hex-escaped), print a
 * standalone PHP reproduction, and turn it into
 * php-tests/fuzz_regress_<seed>_<index>.phpt whose --EXPECT-- is the stock
 * output of that very file (run in a subprocess without the extension).
 */
final class Report
{
    public static bool $write = true;
    public static bool $shrink = true;
    public static int $maxReports = 10;
    public static string $testDir = '';
    /** PHP binary and options of this run (extension=...), for subprocesses. */
    public static array $php = [];

    private static int $reported = 0;

    public static function failure(array $case, array $a, array $b): void
    {
        if (++self::$reported > self::$maxReports) {
            if (self::$reported === self::$maxReports + 1) {
                echo "fuzz: more differences; details only for the first ", self::$maxReports, " (--max-reports)\n";
            }
            return;
        }
        echo "\nfuzz: DIFFERENCE seed=$case[seed] case=$case[index] profile=$case[profile]\n";
        echo '  as generated: ', self::params($case), "\n";
        $min = $case;
        if (self::$shrink) {
            [$min, $tries] = Shrink::run($case);
            [$a, $b] = Compare::run($min);
            echo "  minimized ($tries tries): ", self::params($min), "\n";
        }
        echo "  stock (rustjson.enabled=0):\n", self::indent(\FzLog::format($a), 4);
        echo "  rustjson (rustjson.enabled=1):\n", self::indent(\FzLog::format($b), 4);
        $snippet = self::script($min, false);
        if (strlen($snippet) > 20000) {
            $snippet = substr($snippet, 0, 20000) . "\n... (" . strlen($snippet) . " bytes; cut here)\n";
        }
        echo "  reproduction:\n----8<----\n$snippet----8<----\n";
        if (self::$write) {
            echo '  ', self::writeTest($min, self::script($min, true)), "\n";
        }
        echo "\n";
    }

    public static function params(array $case): string
    {
        return 'flags=' . Flags::symbolic($case['flags']) . (is_int($case['flags']) ? " ($case[flags])" : '')
            . ' depth=' . ($case['depth'] === null ? 'omitted(512)' : Emit::literal($case['depth']))
            . " serialize_precision=$case[prec] call=$case[call] prior_error=$case[prior]";
    }

    /**
     * A PHP script: the fixtures it needs (copied in if $standalone, else
     * required from tools/fuzz), the value, the call, the printed record.
     */
    public static function script(array $case, bool $standalone = true): string
    {
        [$json, $pd] = Compare::PRIOR[$case['prior']];
        $prior = 'json_decode(' . Emit::literal($json) . ($pd !== 512 ? ", false, $pd" : '') . ');';
        $depth = $case['depth'] === null ? '512; // not passed' : Emit::literal($case['depth']) . ';';
        return "<?php\n"
            . "// rustjson fuzz reproduction: seed $case[seed], case $case[index] ($case[profile]).\n"
            . "// Stock: php -n -d rustjson.enabled=0 ...; rustjson: php -n -d extension=.../rustjson.so ...\n\n"
            . ($standalone ? self::classSource(array_keys(Emit::classes($case['v'])))
                : 'require ' . Emit::literal((new \ReflectionClass('FzLog'))->getFileName()) . ";\n"
                    . (GenHook::ON ? 'require ' . Emit::literal((new \ReflectionClass('FzLazy'))->getFileName()) . ";\n" : '')) . "\n"
            . "set_error_handler([FzLog::class, 'onError']);\n"
            . Emit::value($case['v']) . "\n"
            . '$f = ' . Flags::symbolic($case['flags']) . ";\n"
            . "\$d = $depth\n"
            . "ini_set('serialize_precision', '$case[prec]');\n"
            . "$prior // json_last_error() = $case[prior] beforehand: JSON_THROW_ON_ERROR must leave it\n"
            . "FzLog::\$calls = [];\n"
            . "try {\n    \$r = " . Emit::call($case['call']) . ";\n} catch (Throwable \$e) {\n    \$r = \$e;\n}\n"
            . "echo FzLog::format(FzLog::record(\$r, \$v));\n";
    }

    /** Source text of the fixture classes (plus FzLog and parents), in file order. */
    public static function classSource(array $names): string
    {
        $want = ['FzLog' => true];
        foreach ($names as $name) {
            for ($c = new \ReflectionClass($name); $c !== false; $c = $c->getParentClass()) {
                if ($c->isUserDefined()) {
                    $want[$c->getName()] = true;
                }
            }
        }
        $files = [];
        $spans = [];
        foreach (array_keys($want) as $name) {
            $c = new \ReflectionClass($name);
            $file = $c->getFileName(); // fixtures.php, or fixtures84.php (PHP 8.4+ classes)
            $lines = $files[$file] ??= file($file);
            $start = $c->getStartLine();
            while ($start > 1 && preg_match('~^\s*(/\*\*|\*)~', $lines[$start - 2])) {
                $start--; // keep the doc comment
            }
            $spans[str_ends_with($file, '84.php') ? 1 : 0][$start] = implode('', array_slice($lines, $start - 1, $c->getEndLine() - $start + 1));
        }
        ksort($spans);
        $out = [];
        foreach ($spans as $s) {
            ksort($s);
            array_push($out, ...array_values($s));
        }
        return implode("\n", $out);
    }

    /**
     * Writes the regression .phpt (php-tests/ conventions: the FILE section
     * starts with rustjson_test.inc; no SKIPIF). --EXPECT-- is the output of
     * that FILE section run as php-tests/<name>.php by stock PHP in the
     * prelude's stock-oracle mode, as tools/run-phpt.sh --stock would.
     * Returns a one-line status.
     */
    private static function writeTest(array $case, string $script): string
    {
        $name = preg_replace('/[^A-Za-z0-9_.-]+/', '-', "fuzz_regress_$case[seed]_$case[index]");
        if (!is_dir(self::$testDir)) {
            mkdir(self::$testDir, 0777, true);
        }
        $file = "<?php\nrequire __DIR__ . '/rustjson_test.inc';\n" . substr($script, strlen("<?php\n"));
        $php = self::$testDir . "/$name.php"; // where run-tests.php puts it: same file name and lines
        file_put_contents($php, $file);
        [$stock, $okA] = self::runScript([self::phpBinary(), '-n', '-d', 'rustjson_test.stock=1'], $php);
        $rust = null;
        if (extension_loaded('rustjson')) {
            [$rust] = self::runScript(self::$php, $php);
        }
        unlink($php);
        if (!$okA) {
            return "regression test NOT written: the reproduction fails under stock PHP:\n" . self::indent($stock, 4);
        }
        $status = match (true) {
            SelfTest::$inject !== null => 'injected bug: not expected to reproduce standalone',
            $rust === null => 'rustjson not loaded: not run against it',
            $rust !== $stock => 'reproduces standalone',
            default => 'does NOT reproduce standalone: depends on process state?',
        };
        $phpt = "--TEST--\nrustjson fuzz regression: seed $case[seed], case $case[index] ($case[profile])\n"
            . "--DESCRIPTION--\nFound by tools/fuzz/run.php: " . self::params($case) . "\n"
            . "--EXPECT-- is stock ext/json's output.\n"
            . "--FILE--\n$file--EXPECT--\n" . rtrim($stock, "\n") . "\n";
        file_put_contents(self::$testDir . "/$name.phpt", $phpt);
        return 'regression test: ' . self::$testDir . "/$name.phpt ($status)";
    }

    /** @return array{0: string, 1: bool} [stdout + stderr, exit code was 0] */
    private static function runScript(array $php, string $file): array
    {
        $p = proc_open(array_merge($php, [$file]), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $rc = proc_close($p);
        return [$out . $err, $rc === 0];
    }

    /** The PHP command line of this process minus the script: keeps -n, -d extension=... */
    public static function detectPhp(): array
    {
        $argv = @file_get_contents('/proc/self/cmdline');
        $script = realpath($_SERVER['SCRIPT_FILENAME'] ?? '');
        if ($argv !== false && $script !== false) {
            $args = explode("\0", rtrim($argv, "\0"));
            foreach ($args as $i => $arg) {
                if ($i > 0 && @realpath($arg) === $script) {
                    return array_merge([self::phpBinary()], array_slice($args, 1, $i - 1));
                }
            }
        }
        return [self::phpBinary(), '-n'];
    }

    /** The PHP to start child runs with: RUSTJSON_PHP_BINARY when set (the arm64 leg's qemu wrapper:
     * there PHP_BINARY is an aarch64 binary the host cannot exec), else PHP_BINARY. */
    private static function phpBinary(): string
    {
        $b = getenv('RUSTJSON_PHP_BINARY');
        return is_string($b) && $b !== '' ? $b : PHP_BINARY;
    }

    private static function indent(string $s, int $n): string
    {
        $pad = str_repeat(' ', $n);
        return $pad . str_replace("\n", "\n$pad", rtrim($s, "\n")) . "\n";
    }
}
