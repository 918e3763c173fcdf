<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * PHP 8.4+ objects: property hooks ('h') and lazy objects ('lz'). The fixture classes are in
 * fixtures84.php, which only 8.4+ loads; before 8.4 GenCase and GenContainer give these node kinds
 * weight 0, so the 8.2 case stream is unchanged.
 *
 * 'h' = ['h', class, id, [[name, mode, opt, payload|null]...], [[name, node]...], {unset, mat, js}]
 *   hooks (setHook) first, then the properties in order ('@ro' initRo, '@asym' setAsym; hooked
 *   names get plain values, never PHP references), then unset, then 'mat': a dynamic property
 *   set and unset again, which materializes the property table.
 * 'lz' = ['lz', 'ghost'|'proxy', class, id, init mode, init opt, inner node|['n'], [pre action...]]
 *   ghost: inner is an 'o' / 'j' / 'h' recipe with the same id, applied to the object by its
 *   initializer (FzLazy steps); proxy: inner is the real instance (its own id), built eagerly and
 *   returned by the factory. Pre actions, applied before the encode: ['skip', name],
 *   ['raw', name, node], ['init'], ['mark'].
 */
final class GenHook
{
    public const ON = PHP_VERSION_ID >= 80400;

    /**
     * Per hooked class: 'plain' public names that take any value (PHP references too), 'get'
     * hook keys for setHook(), 'assign' hooked names assigned plain values, 'dyn' dynamic
     * properties allowed, 'ro' / 'asym' / 'typed' available.
     */
    public const HOOKED = [
        'FzHook' => ['plain' => ['plain'], 'get' => ['virt', 'bk', 'gs', 'ti'], 'assign' => ['bk', 'gs', 'so', 'wo', 'ti'],
            'dyn' => true, 'extra' => true],
        'FzHookChild' => ['plain' => ['extra'], 'get' => ['child-virt', 'bk', 'gs', 'ti', 'plain', 'cv'],
            'assign' => ['bk', 'gs', 'so', 'wo', 'ti', 'plain'], 'dyn' => true, 'extra' => true],
        'FzHookJs' => ['plain' => ['plain'], 'get' => ['virt', 'bk', 'gs', 'ti'], 'assign' => ['bk', 'gs', 'so', 'wo', 'ti'],
            'dyn' => true, 'extra' => true],
        'FzHookUninit' => ['plain' => ['after'], 'get' => [], 'assign' => ['n', 'u'], 'dyn' => false, 'extra' => false],
        'FzHookCtor' => ['plain' => [], 'get' => [], 'assign' => ['first', 'second'], 'dyn' => false, 'extra' => false],
    ];

    /** Declared, non-virtual properties that take any value: targets of skip / setRawValue. */
    public const RAW = [
        'FzPlain' => ['a', 'b', 'c', 'd'], 'FzChild' => ['a', 'b', 'd', 'e', 'f', 'a2', 'c'], 'FzDyn' => ['x', 'hidden'],
        'FzPrivOnly' => ['a', 'b'], 'FzCtor' => ['first', 'mid', 'last'], 'FzJs' => ['p'], 'FzJsChild' => ['p', 'q'],
        'FzTyped' => ['m'], 'FzEmpty' => [],
        'FzHook' => ['plain', 'scratch', 'bk', 'gs', 'so', 'asym'], 'FzHookChild' => ['extra', 'bk', 'gs', 'so', 'plain'],
        'FzHookJs' => ['plain', 'bk', 'gs', 'so'], 'FzHookUninit' => ['after'], 'FzHookCtor' => ['first', 'second'],
    ];

    private const THROWS = ['Exception', 'RuntimeException', 'LogicException', 'FzEx', 'Error', 'TypeError', 'JsonException'];

    public static function hooked(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $cls = $r->weighted(['FzHook' => 10, 'FzHookChild' => 6, 'FzHookJs' => 5, 'FzHookUninit' => 3, 'FzHookCtor' => 2]);
        $meta = self::HOOKED[$cls];
        $id = $c->id();
        $w0 = $c->weight;
        $c->anc[] = $id;
        $c->objs[$id] = array_merge($meta['plain'], $meta['assign']);
        $c->safe[$id] = ['scratch'];

        $hooks = [];
        foreach ($meta['get'] as $name) {
            if (!$r->chance(0.6)) {
                continue;
            }
            $mode = $r->weighted(['backing' => 6, 'ret' => 30, 'this' => 4, 'throw' => 4,
                'nested' => $c->nested < 3 ? 6 : 0, 'sset' => 3, 'sunset' => 2, 'dyn' => 3]);
            if ($mode === 'nested') {
                $c->nested++;
            }
            $opt = match ($mode) {
                'throw' => [$r->pick(self::THROWS), $r->pick(['boom', '', "bad \xff bytes", 'Recursion detected']),
                    $r->pick([0, 1, 6, -1])],
                'nested' => [$r->chance(0.3) ? 0 : Flags::random($r) & ~(1 << 40), $r->pick([512, 512, 0, 1, 2, 3]),
                    $r->chance(0.4) ? 'this' : 'ret', $r->chance(0.5)],
                default => [],
            };
            $payload = in_array($mode, ['ret', 'nested', 'sset', 'sunset', 'dyn'], true) && $r->chance(0.9)
                ? GenContainer::node($c, $depth - 1) : null;
            $hooks[] = [$name, $mode, $opt, $payload];
        }

        $props = [];
        foreach ($meta['plain'] as $name) {
            if ($r->chance(0.5)) {
                $props[] = [$name, GenContainer::slot($c, $depth - 1)];
            }
        }
        if ($meta['extra']) {
            if ($r->chance(0.4)) {
                $props[] = ['typed', ['i', GenScalar::int($r)]];
            }
            if ($r->chance(0.4)) {
                $props[] = ['@ro', ['i', GenScalar::int($r)]];
            }
            if ($r->chance(0.3)) {
                $props[] = ['@asym', GenContainer::node($c, $depth - 1)];
            }
        }
        foreach ($meta['assign'] as $name) {
            if ($r->chance($name === 'n' ? 0.6 : 0.3)) {
                $props[] = [$name, self::assignValue($c, $name, $depth)];
            }
        }
        if ($meta['dyn']) {
            for ($k = $r->size(4); $k > 0; $k--) {
                $name = $r->chance(0.8) ? $r->pick(GenObject::DYN_NAMES) : 'd' . $r->int(0, 99);
                if (!in_array($name, array_column($props, 0), true)) {
                    $props[] = [$name, GenContainer::slot($c, $depth - 1)];
                }
            }
        }
        if ($r->chance(0.5)) {
            $props = $r->shuffle($props);
        }
        $opt = [];
        if ($r->chance(0.15)) {
            $opt['unset'] = [$r->pick(array_merge($meta['plain'], $meta['extra'] ? ['typed', 'scratch'] : []) ?: ['none'])];
            if ($opt['unset'] === ['none']) {
                unset($opt['unset']);
            }
        }
        if ($meta['dyn'] && $r->chance(0.25)) {
            $opt['mat'] = true;
        }
        if ($cls === 'FzHookJs') {
            $opt['js'] = $r->pick(['this', 'this', 'virt', 'vars']);
        }
        array_pop($c->anc);
        $c->weights[$id] = $c->weight - $w0;
        return ['h', $cls, $id, $hooks, $props, $opt];
    }

    /** A value that fits the hooked property $name. */
    private static function assignValue(Ctx $c, string $name, int $depth): array
    {
        $r = $c->r;
        return match ($name) {
            'ti' => $r->chance(0.3) ? ['n'] : ['i', GenScalar::int($r)],
            'n' => ['i', GenScalar::int($r)],
            'u' => $r->chance(0.3) ? ['n'] : ['s', GenString::string($r)],
            default => GenContainer::node($c, $depth - 1),
        };
    }

    public static function lazy(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $kind = $r->chance(0.6) ? 'ghost' : 'proxy';
        $what = $r->weighted(['obj' => 10, 'js' => 5, 'hook' => 8]);
        $inner = match ($what) {
            'obj' => GenObject::object($c, $depth),
            'js' => GenObject::js($c, $depth),
            'hook' => self::hooked($c, $depth),
        };
        if ($inner[0] === 'oc' || $inner[0] === 'ji') {
            return $inner; // (object) casts and FzJsInt: no lazy form
        }
        if ($inner[1] === 'stdClass') {
            $inner[1] = 'FzDyn'; // internal classes cannot be lazy
        }
        $cls = $inner[1];
        if ($kind === 'ghost') {
            $id = $inner[2];
            $inner = self::noRefs($inner);
        } else {
            $id = $c->id(); // the proxy; the real instance keeps its own id
            $c->objs[$id] = $c->objs[$inner[2]] ?? [];
            $c->safe[$id] = ['scratch'];
            $c->weights[$id] = $c->weights[$inner[2]] ?? 1;
        }
        $mode = $r->weighted(['plain' => 70, 'throw' => 10, 'nested' => $c->nested < 3 ? 8 : 0]);
        if ($mode === 'nested') {
            $c->nested++;
        }
        $opt = $mode === 'throw'
            ? [$r->pick(self::THROWS), $r->pick(['init failed', '', "bad \xff"]), $r->pick([0, 3]), $r->chance(0.5)]
            : [];
        if ($kind === 'ghost' && $cls === 'FzCtor') {
            $opt['ctor'] = $r->chance(0.5);
        }
        $pre = [];
        if ($r->chance(0.35)) {
            for ($k = $r->int(1, 3); $k > 0; $k--) {
                $a = $r->weighted(['skip' => 30, 'raw' => 30, 'init' => $mode === 'plain' ? 12 : 0, 'mark' => 4]);
                $names = self::RAW[$cls] ?? [];
                if (($a === 'skip' || $a === 'raw') && $names === []) {
                    continue;
                }
                $pre[] = match ($a) {
                    'skip' => ['skip', $r->pick($names)],
                    'raw' => ['raw', $r->pick($names), GenContainer::node($c, $depth - 1)],
                    default => [$a],
                };
                if ($a === 'init' || $a === 'mark') {
                    break; // a raw write to an initialized proxy would go through the real instance's PHP references
                }
            }
        }
        return ['lz', $kind, $cls, $id, $mode, $opt, $inner, $pre];
    }

    /**
     * A ghost's properties are set by its initializer, by value: the direct property slots
     * of its recipe lose PHP references ('r' cells, 'up'); a 'mutate' FzJs loses its target.
     */
    private static function noRefs(array $n): array
    {
        $i = match ($n[0]) {
            'o' => 3,
            'j' => 6,
            'h' => 4,
        };
        foreach ($n[$i] as $k => [$name, $v]) {
            if ($v[0] === 'up') {
                $n[$i][$k][1] = ['n'];
            } elseif ($v[0] === 'r') {
                $n[$i][$k][1] = $v[2] ?? ['n'];
            }
        }
        if ($n[0] === 'j') {
            $n[7] = null;
        }
        return $n;
    }
}
