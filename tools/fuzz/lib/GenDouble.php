<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Doubles for php_gcvt/zend_dtoa (ext-json-behaviour.md §3.5): random bit
 * patterns, subnormals, powers of ten and two ±1 ulp, the fixed/exponential
 * layout boundaries, ties, ±0, INF and NAN.
 */
final class GenDouble
{
    /** serialize_precision values to run double-heavy cases under (-1 = shortest round trip). */
    public const PRECISIONS = [-1, -1, -1, -1, 0, 1, 14, 17, 100, -1, 0, 1, 14, 17, 100, 2, 5, 15, 16, 309, 1000];

    public const SPECIAL = [
        0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, 1.5, 2.5, 0.1, 0.2, 0.3, 0.1 + 0.2, 1 / 3, 2 / 3, 10.0, 100.0,
        PHP_FLOAT_MAX, -PHP_FLOAT_MAX, PHP_FLOAT_MIN, PHP_FLOAT_EPSILON, 5e-324, -5e-324, 2.2250738585072009e-308,
        1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 1e25, 1e-4, 1e-5, 1.5e-7, 0.0001, 0.00001, 0.001234, 5e-5,
        9007199254740992.0, 9007199254740993.0, 123456789012345678.0, 9.2233720368547758e18, 1.7976931348623157e308,
        4.35, 0.015, 1.005, 2.675, 1e100, 1e-100, 123.456, -123.456e-10, 3.141592653589793, 2.718281828459045,
    ];

    public static function value(Rng $r): float
    {
        $d = match ($r->weighted([
            'bits' => 18, 'special' => 16, 'decimal' => 14, 'pow10' => 14, 'pow2' => 7, 'sub' => 7,
            'integral' => 10, 'tie' => 8, 'digits17' => 6,
        ])) {
            'bits' => self::fromBits($r->u64()),
            'special' => $r->pick(self::SPECIAL),
            'decimal' => $r->int(-999999, 999999) / 10 ** $r->int(0, 12),
            'pow10' => self::ulps(10.0 ** $r->int(-325, 309), $r->int(-2, 2)),
            'pow2' => self::ulps(2.0 ** $r->int(-1074, 1023), $r->int(-1, 1)),
            'sub' => self::fromBits($r->int(1, (1 << 52) - 1)),
            'integral' => (float) ($r->chance(0.5) ? $r->int(-100000, 100000) : $r->u64() >> $r->int(0, 40)),
            'tie' => ($r->int(0, 99999) + 0.5) * 10.0 ** $r->int(-20, 20),
            'digits17' => (float) sprintf('%d.%016de%d', $r->int(1, 9), $r->int(0, 9999999999999999), $r->int(-30, 30)),
        };
        return $r->chance(0.15) ? -$d : $d;
    }

    public static function fromBits(int $bits): float
    {
        return unpack('e', pack('q', $bits))[1];
    }

    public static function bits(float $d): int
    {
        return unpack('q', pack('e', $d))[1];
    }

    /** $d moved by $n units in the last place (towards larger magnitude for $n > 0). */
    public static function ulps(float $d, int $n): float
    {
        if ($n === 0 || is_nan($d) || is_infinite($d)) {
            return $d;
        }
        $b = self::bits($d) + $n;
        return $b < 0 ? $d : self::fromBits($b);
    }

    public static function precision(Rng $r): int
    {
        return $r->pick(self::PRECISIONS);
    }
}
