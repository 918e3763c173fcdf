<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Strings assembled from adversarial pieces: every escape class, DEL,
 * U+2028/2029, valid sequences at every length boundary, every shape of
 * invalid UTF-8 (ext-json-behaviour.md §4.4), ASCII runs that move the
 * interesting bytes across 16/32/64-byte block boundaries, and numeric
 * strings for NUMERIC_CHECK (§4.2).
 */
final class GenString
{
    /** Bytes the escaper treats specially, and neighbours that it must not. */
    public const ESCAPES = [
        '"', '\\', '/', '<', '>', '&', "'", "\x7f", ' ', '~', "\x08", "\x0c", "\n", "\r", "\t", "\x00",
        "\x01", "\x0b", "\x0e", "\x1f", "\x1b",
    ];

    public const VALID = [
        "\u{80}", "\u{a0}", "\u{e9}", "\u{7ff}", "\u{800}", "\u{20ac}", "\u{2028}", "\u{2029}", "\u{2027}",
        "\u{202a}", "\u{d7ff}", "\u{e000}", "\u{feff}", "\u{fffd}", "\u{ffff}", "\u{10000}", "\u{1f600}",
        "\u{10ffff}", "\u{2028}\u{2029}",
    ];

    public const INVALID = [
        // lone continuation bytes
        "\x80", "\xbf", "\x80\x80", "\xa0\xa1",
        // invalid leads
        "\xc0", "\xc1", "\xf5", "\xf7", "\xf8", "\xfb", "\xfc", "\xfe", "\xff", "\xff\xfe",
        // overlongs
        "\xc0\x80", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x80\xaf", "\xe0\x9f\xbf", "\xf0\x80\x80\x80",
        "\xf0\x8f\xbf\xbf", "\xf8\x88\x80\x80\x80", "\xfc\x84\x80\x80\x80\x80",
        // surrogates (and a CESU-8 pair)
        "\xed\xa0\x80", "\xed\xaf\xbf", "\xed\xb0\x80", "\xed\xbf\xbf", "\xed\xa0\xbd\xed\xb8\x80",
        // above U+10FFFF
        "\xf4\x90\x80\x80", "\xf4\xbf\xbf\xbf", "\xf7\xbf\xbf\xbf",
        // truncated sequences
        "\xc2", "\xdf", "\xe0", "\xe2\x82", "\xe0\xa0", "\xef\xbf", "\xf0", "\xf0\x9f", "\xf0\x9f\x98",
        "\xf4\x8f\xbf",
        // lead followed by a non-continuation
        "\xc3A", "\xc3\xc0", "\xc3\xc3\xa9", "\xc2\x7f", "\xe2\x28\xa1", "\xe2\x82\x28", "\xe2\x82\xc0",
        "\xe2A\xa1", "\xf0\x28\x8c\xbc", "\xf0\x90\x28\xbc", "\xf0\x28\x8c\x28", "\xf0\x9f\x98A",
        "\xf0\x9f\xe2\x82\xac", "\xe0\xe0\xa0\x80",
    ];

    public const NUMERIC = [
        '0', '1', '-1', '-0', '+0', '007', '+5', ' 1', '1 ', " 1 \n", "\t\n1", "\v1\f", "1\0", "\0001",
        '1.', '.5', '-.5e-3', '1.0', '1.50', '1e2', '1E+2', '1e-7', '1e', '1e+', '.', '-', '+', '+.5',
        '1e999', '-1e999', '1e308', '2e308', '4.9e-324', '1e-400', '0.1', '0.30000000000000004',
        '9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809',
        '18446744073709551616', '123456789012345678901234567890', '0x1A', '0b11', '1_000', 'INF', 'NAN',
        '1e5 ', ' ', "\u{a0}1", '12abc', '1.2.3', '--1', '1e2e3', '0.000021', '100000000000000000000',
        '1e15', '1e16', '1e17', '123e4', '0e0', '-0.0', '1.5e300', '3.14159265358979323846',
    ];

    public static function piece(Rng $r): string
    {
        return match ($r->weighted([
            'ascii' => 20, 'esc' => 18, 'valid' => 12, 'cp' => 8, 'invalid' => 14, 'randinv' => 6,
            'bytes' => 5, 'numeric' => 3, 'ctl' => 4,
        ])) {
            'ascii' => self::ascii($r, $r->chance(0.8) ? $r->int(1, 8) : $r->int(9, 70)),
            'esc' => $r->pick(self::ESCAPES),
            'valid' => $r->pick(self::VALID),
            'cp' => self::codePoint($r),
            'invalid' => $r->pick(self::INVALID),
            'randinv' => chr($r->int(0x80, 0xff)) . $r->bytes($r->int(0, 3)),
            'bytes' => $r->bytes($r->int(1, 12)),
            'numeric' => $r->pick(self::NUMERIC),
            'ctl' => chr($r->int(0, 0x1f)),
        };
    }

    public static function string(Rng $r): string
    {
        $s = '';
        if ($r->chance(0.3)) {
            $s .= self::ascii($r, $r->int(0, 70)); // shift what follows across block boundaries
        }
        $n = $r->chance(0.9) ? $r->int(0, 6) : $r->int(7, 60);
        for ($i = 0; $i < $n; $i++) {
            $s .= self::piece($r);
        }
        if ($r->chance(0.01)) {
            $s .= str_repeat(self::piece($r), $r->int(100, 3000)); // long runs, buffer growth
        }
        return $s;
    }

    public static function ascii(Rng $r, int $n): string
    {
        $s = '';
        for ($i = 0; $i < $n; $i++) {
            $s .= chr($r->chance(0.8) ? $r->int(0x61, 0x7a) : $r->int(0x20, 0x7e));
        }
        return $s;
    }

    /** A random valid scalar value, UTF-8 encoded by hand (mbstring may be absent). */
    public static function codePoint(Rng $r): string
    {
        $cp = match ($r->int(0, 3)) {
            0 => $r->int(0x80, 0x7ff),
            1 => $r->int(0x800, 0xd7ff),
            2 => $r->int(0xe000, 0xffff),
            3 => $r->int(0x10000, 0x10ffff),
        };
        return self::utf8($cp);
    }

    public static function utf8(int $cp): string
    {
        if ($cp < 0x80) {
            return chr($cp);
        }
        if ($cp < 0x800) {
            return chr(0xc0 | $cp >> 6) . chr(0x80 | $cp & 0x3f);
        }
        if ($cp < 0x10000) {
            return chr(0xe0 | $cp >> 12) . chr(0x80 | $cp >> 6 & 0x3f) . chr(0x80 | $cp & 0x3f);
        }
        return chr(0xf0 | $cp >> 18) . chr(0x80 | $cp >> 12 & 0x3f) . chr(0x80 | $cp >> 6 & 0x3f)
            . chr(0x80 | $cp & 0x3f);
    }

    /** Strings NUMERIC_CHECK may convert: curated edges and random compositions. */
    public static function numeric(Rng $r): string
    {
        if ($r->chance(0.4)) {
            return $r->pick(self::NUMERIC);
        }
        $ws = [' ', "\t", "\n", "\r", "\v", "\f"];
        $s = '';
        for ($i = $r->chance(0.8) ? 0 : $r->int(1, 2); $i > 0; $i--) {
            $s .= $r->pick($ws);
        }
        if ($r->chance(0.3)) {
            $s .= $r->pick(['-', '+']);
        }
        $digits = static function (int $n) use ($r): string {
            $d = '';
            for ($i = 0; $i < $n; $i++) {
                $d .= chr(0x30 + $r->int(0, 9));
            }
            return $d;
        };
        $s .= $digits($r->chance(0.8) ? $r->int(0, 4) : $r->int(5, 25));
        if ($r->chance(0.4)) {
            $s .= '.' . $digits($r->int(0, $r->chance(0.8) ? 4 : 20));
        }
        if ($r->chance(0.3)) {
            $s .= $r->pick(['e', 'E']) . ($r->chance(0.5) ? $r->pick(['-', '+']) : '')
                . ($r->chance(0.8) ? (string) $r->int(0, 30) : (string) $r->int(290, 400));
        }
        for ($i = $r->chance(0.85) ? 0 : $r->int(1, 2); $i > 0; $i--) {
            $s .= $r->chance(0.9) ? $r->pick($ws) : $r->pick(["\0", 'x', '_']);
        }
        return $s;
    }

    /** An array key: ints (also negative and at the limits) and strings of every kind. */
    public static function key(Rng $r): int|string
    {
        return match ($r->weighted(['int' => 20, 'small' => 20, 'word' => 25, 'str' => 20, 'num' => 8, 'odd' => 7])) {
            'int' => GenScalar::int($r),
            'small' => $r->int(-2, 12),
            'word' => $r->pick(['a', 'b', 'id', 'name', 'x', 'key', 'value', 'A', 'é', '0x', 'a b', 'a/b', '<k>']),
            'str' => self::string($r),
            'num' => $r->pick(['0', '1', '-0', '01', '1.5', ' 1', '9223372036854775807', '9223372036854775808', '-1']),
            'odd' => $r->pick(['', "\0", "\0x", "\0*\0p", "a\0b", "\xff", "\u{2028}", "\xed\xa0\x80", '"', '\\']),
        };
    }
}
