<?php
/*
 * tools/decode/cg_invalid.php: instructions per json_decode() call under callgrind, stock
 * (rustjson.decode=0) vs rustjson (=1), for valid and failing documents (issue #18: a failing decode
 * may cost at most 2x a valid one of the same size, and never more than stock).
 *
 *   php -n -d extension=$PWD/modules/rustjson.so tools/decode/cg_invalid.php \
 *       [--so=A.so,B.so,...] [--corpora=LIST] [--variants=LIST] [--modes=arr,obj] [--corpora-dir=DIR]
 *
 * Per corpus and mode, ONE valgrind run per .so (default: this build's modules/rustjson.so) of a
 * child process (this script with --child) that decodes each variant once per side as warm-up, then
 * each variant once per side again, every call between usleep(0) markers (valgrind --dump-before=usleep
 * cuts the profile there): instructions of one call. Stock's column comes from the first .so's run.
 * Variants (the corpus with trailing whitespace removed first):
 *   valid  the corpus itself
 *   cut1   the last byte removed (a missing closing bracket: E4 at the end)
 *   cut2   the last two bytes removed
 *   mid    the first structural byte (, : [ {) outside strings at or after the middle replaced by `x`
 *   ctrl   the middle byte replaced by a control byte (0x01): stage 1 rejects its block
 * Error codes are checked equal on both sides (MISMATCH otherwise, exit 1).
 * Environment: VALGRIND (default valgrind).
 */

declare(strict_types=1);

const VARIANTS = ['valid', 'cut1', 'cut2', 'mid', 'ctrl'];

$opts = getopt('', ['child', 'so:', 'corpora:', 'variants:', 'modes:', 'corpora-dir:', 'corpus:', 'mode:']);
$dir = $opts['corpora-dir'] ?? (__DIR__ . '/../../../shared/corpora');
if (!is_dir($dir)) {
    $dir = '/work/shared/corpora';
}
$variants = explode(',', $opts['variants'] ?? implode(',', VARIANTS));

function variant(string $s, string $v): string
{
    $s = rtrim($s, " \t\r\n");
    switch ($v) {
        case 'valid':
            return $s;
        case 'cut1':
            return substr($s, 0, -1);
        case 'cut2':
            return substr($s, 0, -2);
        case 'mid':
            $in = false;
            $n = strlen($s);
            for ($i = 0; $i < $n; $i++) {
                $c = $s[$i];
                if ($in) {
                    if ($c === '\\') {
                        $i++;
                    } elseif ($c === '"') {
                        $in = false;
                    }
                } elseif ($c === '"') {
                    $in = true;
                } elseif ($i >= intdiv($n, 2) && strpbrk($c, ',:[{') !== false) {
                    return substr($s, 0, $i) . 'x' . substr($s, $i + 1);
                }
            }
            return $s . 'x';
        case 'ctrl':
            $i = intdiv(strlen($s), 2);
            return substr($s, 0, $i) . "\x01" . substr($s, $i + 1);
    }
    fwrite(STDERR, "unknown variant $v\n");
    exit(2);
}

// ---------------------------------------------------------------- child (runs under valgrind)
if (isset($opts['child'])) {
    ini_set('memory_limit', '-1');
    $s0 = (string)file_get_contents("$dir/{$opts['corpus']}.json");
    $assoc = $opts['mode'] === 'arr';
    $docs = [];
    foreach ($variants as $v) {
        $docs[$v] = variant($s0, $v);
    }
    gc_disable();
    foreach ([0, 1] as $side) {
        ini_set('rustjson.decode', (string)$side);
        foreach ($docs as $d) {
            $r = json_decode($d, $assoc);
            $r = null;
        }
    }
    $codes = [];
    foreach ($docs as $v => $d) {
        foreach ([0, 1] as $side) {
            ini_set('rustjson.decode', (string)$side);
            usleep(0);
            $r = json_decode($d, $assoc);
            $r = null;
            usleep(0);
            $codes[] = json_last_error();
        }
    }
    echo implode(' ', $codes), "\n";
    exit(0);
}

// ---------------------------------------------------------------- parent
$sos = explode(',', $opts['so'] ?? (__DIR__ . '/../../modules/rustjson.so'));
$corpora = explode(',', $opts['corpora'] ?? 'twitter,github_events,numbers,instruments,apache_builds,mesh,citm_catalog');
$modes = explode(',', $opts['modes'] ?? 'arr,obj');
$valgrind = getenv('VALGRIND') ?: 'valgrind';
$tmp = sys_get_temp_dir() . '/rustjson-cginv-' . getmypid();
@mkdir($tmp, 0777, true);

/** Instructions of each part (the parts between the usleep markers), in order. */
function parts(string $dir): array
{
    $parts = [];
    foreach (glob("$dir/cg.out*") ?: [] as $file) {
        $txt = (string)file_get_contents($file);
        if (!preg_match('/^part:\s*(\d+)/m', $txt, $pm) || !preg_match('/^(?:summary|totals):\s*(\d+)/m', $txt, $sm)) {
            continue;
        }
        $parts[(int)$pm[1]] = (int)$sm[1];
        unlink($file);
    }
    ksort($parts);
    return array_values($parts);
}

$mismatch = 0;
$res = [];   // [corpus][mode][variant] => [stock, so1, so2, ...]
foreach ($corpora as $c) {
    foreach ($modes as $m) {
        foreach ($sos as $k => $so) {
            $d = "$tmp/$c-$m-$k";
            @mkdir($d);
            $cmd = [$valgrind, '--tool=callgrind', '--dump-before=usleep', "--callgrind-out-file=$d/cg.out",
                PHP_BINARY, '-n', '-d', "extension=$so", __FILE__, '--child', "--corpus=$c", "--mode=$m",
                '--variants=' . implode(',', $variants), "--corpora-dir=$dir"];
            $out = [];
            exec(implode(' ', array_map('escapeshellarg', $cmd)) . ' 2>/dev/null', $out, $rc);
            $codes = explode(' ', trim($out[0] ?? ''));
            $p = parts($d);
            @rmdir($d);
            // Parts: 0 = before the first marker; then per call: the call, the gap after it.
            if ($rc !== 0 || count($codes) !== 2 * count($variants)) {
                fwrite(STDERR, "$c $m $so: child failed (rc $rc)\n");
                $mismatch++;
                continue;
            }
            foreach ($variants as $i => $v) {
                [$ea, $eb] = [$codes[2 * $i], $codes[2 * $i + 1]];
                if ($ea !== $eb) {
                    echo "MISMATCH $c $m $v: error $ea vs $eb ($so)\n";
                    $mismatch++;
                }
                $res[$c][$m][$v]['err'] = $ea;
                if ($k === 0) {
                    $res[$c][$m][$v]['ir'][0] = $p[1 + 4 * $i] ?? 0;
                }
                $res[$c][$m][$v]['ir'][$k + 1] = $p[1 + 4 * $i + 2] ?? 0;
            }
            fwrite(STDERR, ".");
        }
    }
}
fwrite(STDERR, "\n");
@rmdir($tmp);

// A build's name: the tree above its modules/ directory, else the file's name.
$names = array_map(fn($so) => basename(dirname($so)) === 'modules' ? basename(dirname($so, 2)) : basename($so, '.so'), $sos);
$hdr = '| corpus | mode | variant | error | stock Ir';
$sep = '|---|---|---|---:|---:';
foreach ($names as $n) {
    $hdr .= " | $n Ir | $n / stock | $n / own valid";
    $sep .= '|---:|---:|---:';
}
echo "$hdr |\n$sep|\n";
foreach ($res as $c => $byMode) {
    foreach ($byMode as $m => $byVar) {
        foreach ($byVar as $v => $r) {
            $line = sprintf('| %s | %s | %s | %s | %s', $c, $m, $v, $r['err'], number_format($r['ir'][0]));
            foreach ($names as $k => $n) {
                $x = $r['ir'][$k + 1] ?? 0;
                $own = $byVar['valid']['ir'][$k + 1] ?? 0;
                $line .= sprintf(' | %s | %.3f | %s', number_format($x), $x / max(1, $r['ir'][0]),
                    $own ? sprintf('%.2f', $x / $own) : '-');
            }
            echo "$line |\n";
        }
    }
}
exit($mismatch ? 1 : 0);
