<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * One random case from (seed, index): a value recipe from one of the
 * profiles below, flags, depth (often n-1/n/n+1 around the value's
 * nesting), serialize_precision (varied when doubles are involved), the
 * json_last_error() left by a previous call, and the call style.
 */
final class GenCase
{
    public const PROFILES = [
        'scalar' => 6, 'string' => 14, 'double' => 10, 'tree' => 20, 'object' => 12, 'js' => 12,
        'recursion' => 8, 'errmix' => 9, 'deep' => 3, 'enum' => 3, 'internal' => 4, 'args' => 2,
        // PHP 8.4+ only (weight 0 before: the 8.2 case stream is unchanged)
        'hook' => GenHook::ON ? 8 : 0, 'lazy' => GenHook::ON ? 8 : 0,
    ];

    /** Node-kind weights of the 8.4+ objects (GenHook), appended to the object-heavy profiles. */
    private const W84 = ['hook' => GenHook::ON ? 3 : 0, 'lazy' => GenHook::ON ? 3 : 0];

    /** Node-kind weights (GenContainer::node) of the general tree. */
    private const BASE = [
        'null' => 3, 'bool' => 3, 'int' => 8, 'double' => 7, 'string' => 18, 'numstr' => 4, 'arr' => 14,
        'obj' => 8, 'js' => 6, 'enum' => 3, 'internal' => 2, 'res' => 1, 'share' => 1, 'back' => 0, 'bad' => 2,
        'lit' => 1, 'hook' => GenHook::ON ? 2 : 0, 'lazy' => GenHook::ON ? 2 : 0,
    ];

    /** Non-int flags/depth: ZPP coercion, deprecations and TypeErrors must match too. */
    private const ODD_ARGS = ['5', ' 5', '5 ', '5abc', 'abc', '', '0x1A', 5.0, 5.5, -0.0, 1e20, NAN, null, true, false, []];

    public static function make(string $seed, int $index): array
    {
        $r = Rng::forCase($seed, $index);
        $profile = $r->weighted(self::PROFILES);
        $c = new Ctx($r, self::BASE, $r->int(5, 150));
        $v = self::value($c, $profile);

        $flags = Flags::random($r);
        if ($c->doubles && $r->chance(0.5)) {
            $flags |= $r->pick([JSON_NUMERIC_CHECK, JSON_PRESERVE_ZERO_FRACTION, JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION]);
        }
        $nest = Nest::of($v);
        $depth = Flags::depth($r, $nest);
        if ($nest > 600 && is_int($flags) && $r->chance(0.8)) {
            $flags &= ~JSON_PRETTY_PRINT; // O(nest^2) output
        }
        $prec = $c->doubles || $r->chance(0.03) ? GenDouble::precision($r) : -1;
        $prior = $r->pick([0, 4, 4, 4, 5, 1, 3, 2, 10]);

        if ($profile === 'args') {
            $flags = $r->chance(0.6) ? $r->pick(self::ODD_ARGS) : $flags;
            $depth = $r->chance(0.6) ? $r->pick(self::ODD_ARGS) : ($depth ?? 512);
            $call = $r->pick(['pos3', 'pos3', 'strict', 'named', 'cuf', 'noargs', 'extra', 'badname']);
        } elseif ($depth === null) {
            $call = $flags === 0 && $r->chance(0.3) ? 'pos1' : $r->pick(['pos2', 'pos2', 'pos2', 'named2']);
        } else {
            $styles = ['pos3', 'pos3', 'pos3', 'pos3', 'pos3', 'pos3', 'named', 'cuf', 'cufa', 'spread', 'dyn', 'fcc', 'strict'];
            if ($flags === 0) {
                $styles[] = 'named_d';
            }
            $call = $r->pick($styles);
        }
        return [
            'seed' => $seed, 'index' => $index, 'profile' => $profile, 'v' => $v, 'flags' => $flags,
            'depth' => $depth, 'prec' => $prec, 'prior' => $prior, 'call' => $call, 'nest' => $nest,
        ];
    }

    private static function value(Ctx $c, string $profile): array
    {
        $r = $c->r;
        switch ($profile) {
            case 'scalar':
                $c->w = ['null' => 1, 'bool' => 2, 'int' => 6, 'double' => 2, 'string' => 1];
                return GenContainer::node($c, 0);
            case 'string':
                $c->w = ['string' => 12, 'numstr' => 2, 'arr' => 3];
                $c->badKeys = $r->chance(0.5);
                return $r->chance(0.6) ? ['s', GenString::string($r)] : GenContainer::array($c, 2);
            case 'double':
                $c->doubles = true;
                $c->w = ['double' => 12, 'numstr' => 4, 'int' => 1, 'arr' => 2];
                return $r->chance(0.6) ? ['d', GenDouble::value($r)] : GenContainer::array($c, 2);
            case 'tree':
                return GenContainer::node($c, $r->int(1, 6));
            case 'object':
                $c->w = ['obj' => 14, 'arr' => 5, 'internal' => 3, 'string' => 8, 'int' => 4, 'double' => 2,
                    'null' => 2, 'share' => 3, 'enum' => 1, 'js' => 2, 'bad' => 1] + self::W84;
                return GenObject::object($c, $r->int(1, 5));
            case 'js':
                $c->w = ['js' => 12, 'arr' => 6, 'obj' => 4, 'string' => 8, 'int' => 4, 'double' => 3, 'null' => 2,
                    'share' => 2, 'enum' => 2, 'bad' => 2, 'internal' => 1] + self::W84;
                return $r->chance(0.6) ? GenObject::js($c, $r->int(1, 5)) : GenContainer::array($c, $r->int(1, 5));
            case 'recursion':
                $c->cycles = true;
                $c->w = ['arr' => 14, 'obj' => 7, 'js' => 7, 'back' => 12, 'share' => 3, 'string' => 6, 'int' => 5,
                    'double' => 2, 'null' => 2, 'bad' => 2] + self::W84;
                return match ($r->int(0, 2)) {
                    0 => GenContainer::array($c, $r->int(1, 5)),
                    1 => GenObject::object($c, $r->int(1, 5)),
                    2 => GenObject::js($c, $r->int(1, 5)),
                };
            case 'errmix':
                // Last-error-wins and abort/continue rules (§2): several error sources in one value.
                $c->badKeys = true;
                $c->w = ['bad' => 14, 'arr' => 12, 'string' => 6, 'int' => 4, 'double' => 3, 'js' => 3, 'obj' => 2,
                    'null' => 1];
                return GenContainer::array($c, $r->int(1, 3));
            case 'deep':
                $n = match ($r->int(0, 9)) {
                    0, 1, 2, 3 => $r->int(2, 10),
                    4, 5, 6 => $r->int(11, 100),
                    7, 8 => $r->int(101, 600),
                    9 => $r->int(601, 2000),
                };
                return GenContainer::chain($c, $n);
            case 'enum':
                $c->w = ['enum' => 12, 'arr' => 4, 'string' => 2, 'int' => 1, 'js' => 1];
                return GenContainer::node($c, 2);
            case 'internal':
                $c->w = ['internal' => 10] + self::BASE;
                return GenObject::internal($c, $r->int(1, 4));
            case 'hook':
            case 'lazy':
                // PHP 8.4+: hooked and lazy objects, holding (and held by) the other kinds
                $c->cycles = $r->chance(0.3);
                $c->w = ['hook' => 8, 'lazy' => 8, 'obj' => 5, 'js' => 4, 'arr' => 6, 'string' => 8, 'int' => 4,
                    'double' => 3, 'null' => 2, 'share' => 3, 'back' => $c->cycles ? 4 : 0, 'bad' => 2, 'enum' => 1];
                return $profile === 'hook' ? GenHook::hooked($c, $r->int(1, 5)) : GenHook::lazy($c, $r->int(1, 5));
            default: // 'args'
                return GenContainer::node($c, 2);
        }
    }
}

/** Container nesting of a recipe's value as json_encode counts it (§5.3), for depth n-1/n/n+1. */
final class Nest
{
    public static function of(array $n): int
    {
        switch ($n[0]) {
            case 'a':
            case 'ca':
                return 1 + self::max(array_column($n[1], 1));
            case 'o':
                return 1 + self::max(array_column($n[3], 1));
            case 'oc':
                return 1 + self::max(array_column($n[1][1], 1));
            case 'j':
                if ($n[3] === 'this') {
                    return 1 + self::max(array_column($n[6], 1));
                }
                return $n[5] === null ? 0 : self::of($n[5]);
            case 'ji':
                return 0;
            case 'h':
                return 1 + max(self::max(array_column($n[4], 1)), self::max(array_filter(array_column($n[3], 3))));
            case 'lz':
                return self::of($n[6]);
            case 'lit':
                return self::value(\FzLit::ALL[$n[1]]);
            case 'r':
                return $n[2] === null ? 0 : self::of($n[2]);
            case 'e':
                return $n[1] === 'FzJsEnum' && in_array($n[2], ['This', 'Arr'], true) ? 1 : 0;
            case 'x':
                return match ($n[1]) {
                    'jd' => self::value(json_decode($n[2], $n[3])),
                    'ao', 'fzao', 'ai', 'jsao' => max(1, self::of($n[2])),
                    'sfa' => 1 + self::max($n[2]),
                    default => 1,
                };
            default:
                return 0;
        }
    }

    /** Nesting of a plain value (arrays and stdClass). */
    private static function value(mixed $v): int
    {
        if (!is_array($v) && !is_object($v)) {
            return 0;
        }
        $m = 0;
        foreach ((array) $v as $x) {
            $m = max($m, self::value($x));
        }
        return 1 + $m;
    }

    private static function max(array $nodes): int
    {
        $m = 0;
        foreach ($nodes as $c) {
            $m = max($m, self::of($c));
        }
        return $m;
    }
}
