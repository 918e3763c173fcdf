<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Checks of the harness itself: fake rustjson bugs (--inject-bug) so the
 * failure path (report, shrink, .phpt) can be exercised without a real one,
 * and the emitted reproduction source checked against the recipe (--check-repro).
 */
final class SelfTest
{
    public const BUGS = ['ufffd', 'inf', 'calls', 'throw'];

    /** The fake bug of this run, or null. */
    public static ?string $inject = null;

    /** A rustjson-side record with the fake bug applied. */
    public static function corrupt(array $rec): array
    {
        switch (self::$inject) {
            case 'ufffd': // uppercase hex for the substitute character
                if (is_string($rec['out'])) {
                    $rec['out'] = str_replace('\\ufffd', '\\uFFFD', $rec['out']);
                }
                break;
            case 'inf': // INF/NAN reported as E5
                if ($rec['err'] === 7) {
                    $rec['err'] = 5;
                }
                break;
            case 'calls': // one logged call (jsonSerialize() or PHP error) too few
                array_pop($rec['calls']);
                break;
            case 'throw': // JSON_THROW_ON_ERROR resets json_last_error() instead of leaving it
                if ($rec['exc'] !== null && $rec['exc'][0][0] === 'JsonException') {
                    $rec['err'] = 0;
                }
                break;
        }
        return $rec;
    }

    /** The same for a sweep's result list (outputs and error codes); only 'ufffd' applies. */
    public static function corruptList(array $out): array
    {
        if (self::$inject !== 'ufffd') {
            return $out;
        }
        return array_map(static fn ($o) => is_string($o) ? str_replace('\\ufffd', '\\uFFFD', $o) : $o, $out);
    }

    /**
     * --check-repro: the value built by Emit's source must encode like the
     * recipe-built one (stock side only). Only cases called as plain
     * json_encode($v, $f[, $d]) are comparable; the exception's file:line
     * and the post-state fingerprint legitimately differ and are ignored.
     */
    public static function repro(array $case, array $a): void
    {
        if (!is_int($case['flags']) || !is_int($case['depth'] ?? 512) || !in_array($case['call'], ['pos2', 'pos3'], true)) {
            return;
        }
        $code = Emit::value($case['v']);
        $v = (static function () use ($code) {
            eval($code);
            return $v;
        })();
        [$json, $pd] = Compare::PRIOR[$case['prior']];
        ini_set('serialize_precision', (string) $case['prec']);
        ini_set('rustjson.enabled', '0');
        json_decode($json, false, $pd);
        \FzLog::$calls = [];
        try {
            $r = json_encode($v, $case['flags'], $case['depth'] ?? 512);
        } catch (\Throwable $e) {
            $r = $e;
        }
        $e = \FzLog::record($r, $v, false);
        ini_set('serialize_precision', '-1');
        $strip = static fn (array $r) => ['out' => $r['out'], 'err' => $r['err'], 'calls' => $r['calls'],
            'exc' => array_map(static fn ($x) => [$x[0], $x[1], $x[2]], $r['exc'] ?? [])];
        if ($strip($a) !== $strip($e)) {
            echo "fuzz: REPRO MISMATCH case $case[index] ($case[profile]):\n", \FzLog::format($a), "--- emitted:\n",
                \FzLog::format($e), $code, "\n";
        }
    }
}
