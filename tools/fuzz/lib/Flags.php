<?php
declare(strict_types=1);

namespace Fuzz;

/** The 15 json_encode() flags, their symbolic form, and random flag/depth choices. */
final class Flags
{
    public const ALL = [
        'JSON_HEX_TAG' => JSON_HEX_TAG,
        'JSON_HEX_AMP' => JSON_HEX_AMP,
        'JSON_HEX_APOS' => JSON_HEX_APOS,
        'JSON_HEX_QUOT' => JSON_HEX_QUOT,
        'JSON_FORCE_OBJECT' => JSON_FORCE_OBJECT,
        'JSON_NUMERIC_CHECK' => JSON_NUMERIC_CHECK,
        'JSON_UNESCAPED_SLASHES' => JSON_UNESCAPED_SLASHES,
        'JSON_PRETTY_PRINT' => JSON_PRETTY_PRINT,
        'JSON_UNESCAPED_UNICODE' => JSON_UNESCAPED_UNICODE,
        'JSON_PARTIAL_OUTPUT_ON_ERROR' => JSON_PARTIAL_OUTPUT_ON_ERROR,
        'JSON_PRESERVE_ZERO_FRACTION' => JSON_PRESERVE_ZERO_FRACTION,
        'JSON_UNESCAPED_LINE_TERMINATORS' => JSON_UNESCAPED_LINE_TERMINATORS,
        'JSON_INVALID_UTF8_IGNORE' => JSON_INVALID_UTF8_IGNORE,
        'JSON_INVALID_UTF8_SUBSTITUTE' => JSON_INVALID_UTF8_SUBSTITUTE,
        'JSON_THROW_ON_ERROR' => JSON_THROW_ON_ERROR,
    ];

    /** Per-flag probability in random(); the error-mode flags are favoured. */
    private const P = [
        JSON_PARTIAL_OUTPUT_ON_ERROR => 0.3,
        JSON_THROW_ON_ERROR => 0.3,
        JSON_INVALID_UTF8_IGNORE => 0.2,
        JSON_INVALID_UTF8_SUBSTITUTE => 0.25,
    ];

    /** Bits json_encode() ignores, or drops with its (int) cast. */
    private const UNKNOWN = [1 << 12, 1 << 13, 1 << 19, 1 << 23, 1 << 30, 1 << 31, 1 << 32, 1 << 40, PHP_INT_MIN];

    public static function random(Rng $r): int
    {
        if ($r->chance(0.01)) {
            return -1; // every bit, THROW included
        }
        $f = 0;
        foreach (self::ALL as $bit) {
            if ($r->chance(self::P[$bit] ?? 0.22)) {
                $f |= $bit;
            }
        }
        if ($r->chance(0.03)) {
            $f |= $r->pick(self::UNKNOWN);
        }
        return $f;
    }

    /** `JSON_HEX_TAG | JSON_PRETTY_PRINT | (1 << 30)`; non-int values as PHP literals. */
    public static function symbolic(mixed $flags): string
    {
        if (!is_int($flags)) {
            return Emit::literal($flags);
        }
        if ($flags === 0) {
            return '0';
        }
        if ($flags === -1) {
            return '-1';
        }
        $parts = [];
        foreach (self::ALL as $name => $bit) {
            if ($flags & $bit) {
                $parts[] = $name;
                $flags &= ~$bit;
            }
        }
        for ($b = 0; $b < 64 && $flags !== 0; $b++) {
            if ($flags & (1 << $b)) {
                $parts[] = $b === 63 ? 'PHP_INT_MIN' : "(1 << $b)";
                $flags &= ~(1 << $b);
            }
        }
        return implode(' | ', $parts);
    }

    /**
     * A depth around $nest (the value's container nesting) or one of the
     * edge values: 0, negative, and > INT_MAX (json_encode keeps the low 32
     * bits). null = argument omitted (512).
     */
    public static function depth(Rng $r, int $nest): ?int
    {
        return match ($r->weighted([
            'omit' => 30, 'n' => 14, 'n-1' => 12, 'n+1' => 10, '512' => 3, 'zero' => 4, 'one' => 4,
            'small' => 6, 'neg' => 3, 'big' => 8, '2^32+n' => 3,
        ])) {
            'omit' => null,
            'n' => $nest,
            'n-1' => $nest - 1,
            'n+1' => $nest + 1,
            '512' => 512,
            'zero' => 0,
            'one' => 1,
            'small' => $r->int(2, 8),
            'neg' => $r->pick([-1, -2, -512, PHP_INT_MIN, -2147483648, -2147483649]),
            'big' => $r->pick([PHP_INT_MAX, 2147483647, 2147483648, 4294967295, 4294967296, 4294967297, 1 << 40]),
            '2^32+n' => (1 << 32) + $nest + $r->int(-1, 1),
        };
    }
}
