<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Runs one case on each side, in this process: rustjson.enabled=0 (stock
 * ext/json) then 1 (rustjson). Each side builds its own fresh value from the
 * recipe, so jsonSerialize() side effects and mutations cannot leak across.
 */
final class Compare
{
    /** Call styles: how json_encode() is reached, with $v, $f, $d in scope. */
    public const CALLS = [
        'pos1' => 'json_encode($v)',
        'pos2' => 'json_encode($v, $f)',
        'pos3' => 'json_encode($v, $f, $d)',
        'named' => 'json_encode(depth: $d, value: $v, flags: $f)',
        'named2' => 'json_encode($v, flags: $f)',
        'named_d' => 'json_encode($v, depth: $d)',
        'cuf' => "call_user_func('json_encode', \$v, \$f, \$d)",
        'cufa' => "call_user_func_array('json_encode', ['value' => \$v, 'flags' => \$f, 'depth' => \$d])",
        'spread' => 'json_encode(...[$v, $f, $d])',
        'dyn' => "('json_encode')(\$v, \$f, \$d)",
        'fcc' => 'json_encode(...)($v, $f, $d)',
        'strict' => 'json_encode($v, $f, $d)', // from a declare(strict_types=1) scope
        'noargs' => 'json_encode()',
        'extra' => 'json_encode($v, $f, $d, 1)',
        'badname' => 'json_encode($v, flag: $f)',
    ];

    /** json_last_error() before the call => the json_decode() that sets it. */
    public const PRIOR = [
        0 => ['0', 512], 1 => ['[[1]]', 1], 2 => ['[1}', 512], 3 => ["\"\x01\"", 512], 4 => ['{', 512],
        5 => ["\"\xff\"", 512], 10 => ['"\ud800"', 512],
    ];

    /** @var array<string,\Closure> */
    private static array $fns = [];

    public static function init(): void
    {
        foreach (self::CALLS as $name => $expr) {
            $strict = $name === 'strict' ? 'declare(strict_types=1); ' : '';
            self::$fns[$name] = eval("{$strict}return static function (\$v, \$f, \$d) { return $expr; };");
        }
    }

    /** @return array{0: array, 1: array} [stock record, rustjson record] */
    public static function run(array $case): array
    {
        $out = [];
        foreach ([false, true] as self::$rust) {
            $out[] = self::side($case); // one call site: same trace either side
        }
        return $out;
    }

    public static function differs(array $case): bool
    {
        [$a, $b] = self::run($case);
        return $a !== $b && !isset($a['build']);
    }

    /**
     * Which side side() runs. Not a parameter: exception objects built into
     * values carry a trace whose arguments must not differ between sides.
     */
    private static bool $rust = false;

    public static function side(array $case): array
    {
        $rust = self::$rust;
        try {
            $v = Build::value($case['v']);
        } catch (\Throwable $e) {
            return ['build' => get_class($e) . ': ' . $e->getMessage()];
        }
        [$json, $depth] = self::PRIOR[$case['prior']];
        ini_set('serialize_precision', (string) $case['prec']);
        ini_set('rustjson.enabled', $rust ? '1' : '0');
        json_decode($json, false, $depth);
        \FzLog::$calls = [];
        try {
            $r = (self::$fns[$case['call']])($v, $case['flags'], $case['depth'] ?? 512);
        } catch (\Throwable $e) {
            $r = $e;
        }
        $rec = \FzLog::record($r, $v, ($case['nest'] ?? 0) <= 200);
        ini_set('rustjson.enabled', '0');
        ini_set('serialize_precision', '-1');
        return $rust ? SelfTest::corrupt($rec) : $rec;
    }
}
