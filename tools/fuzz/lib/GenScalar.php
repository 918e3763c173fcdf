<?php
declare(strict_types=1);

namespace Fuzz;

/** null, bool and int leaves. Ints favour the limits (append_long edge cases). */
final class GenScalar
{
    public const INTS = [
        0, 1, -1, 2, 7, 9, 10, -10, 42, 99, 100, 127, 128, 255, 256, 1000, -1000, 65535, 65536,
        2147483647, -2147483648, 2147483648, -2147483649, 4294967295, 4294967296,
        9007199254740991, 9007199254740992, 9007199254740993, -9007199254740993,
        999999999999999999, 1000000000000000000, -999999999999999999, -1000000000000000000,
        PHP_INT_MAX, PHP_INT_MAX - 1, PHP_INT_MIN, PHP_INT_MIN + 1,
    ];

    public static function int(Rng $r): int
    {
        return match ($r->int(0, 3)) {
            0, 1 => $r->pick(self::INTS),
            2 => $r->int(-1000, 1000),
            3 => $r->chance(0.5) ? $r->u64() : $r->u64() >> $r->int(1, 62),
        };
    }

    public static function node(Rng $r, string $kind): array
    {
        return match ($kind) {
            'null' => ['n'],
            'bool' => ['b', $r->chance(0.5)],
            'int' => ['i', self::int($r)],
        };
    }
}
