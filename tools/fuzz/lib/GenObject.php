<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Objects (ext-json-behaviour.md §6): declared classes with public /
 * protected / private / typed-uninitialized / readonly / unset / dynamic
 * properties, fast path vs materialized property table, (object) casts with
 * "", "\0"-mangled and numeric keys; JsonSerializable in every mode of
 * FzJs; enums; internal classes; resources.
 */
final class GenObject
{
    /** Public property names a plain assignment may set. */
    public const PUBLIC = [
        'stdClass' => [], 'FzPlain' => ['a', 'd'], 'FzChild' => ['a', 'd', 'e', 'a2'], 'FzDyn' => ['x'],
        'FzCtor' => ['first', 'last'], 'FzPrivOnly' => [], 'FzEmpty' => [], 'FzJs' => ['p'], 'FzJsChild' => ['p', 'q'],
        'FzTyped' => ['i', 's', 'f', 'arr', 'bl', 'm'],
    ];

    private const DYNAMIC = ['stdClass' => true, 'FzDyn' => true, 'FzJs' => true, 'FzJsChild' => true];

    /** Valid dynamic property names (non-empty, no leading NUL). */
    public const DYN_NAMES = ['a', 'b', 'p', 'x', 'zz', '0', '12', '-1', ' ', "\u{e9}", "\u{2028}", 'a/b', '<>',
        "\xff", "a\xc3", 'x y', '1.5', "tab\t", '"q"', 'a\\b'];

    /** (object) cast keys: "" is kept, "\0…" is skipped, ints become "N". */
    private const CAST_KEYS = ['', "\0x", "\0*\0prot", "\0FzPlain\0c", "\0", "a\0b", 0, 1, -5, '12', 'k', "\xff"];

    public static function object(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $cls = $r->weighted(['stdClass' => 22, 'FzPlain' => 12, 'FzChild' => 8, 'FzTyped' => 10, 'FzDyn' => 12,
            'FzPrivOnly' => 4, 'FzEmpty' => 4, 'FzCtor' => 5, 'cast' => 15]);
        if ($cls === 'cast') {
            return self::cast($c, $depth);
        }
        $id = $c->id();
        $w0 = $c->weight;
        $c->anc[] = $id;
        $c->objs[$id] = self::PUBLIC[$cls];
        $names = [];
        foreach (self::PUBLIC[$cls] as $name) {
            if ($r->chance(0.6)) {
                $names[] = $name;
            }
        }
        if ($cls === 'FzTyped' && $r->chance(0.5)) {
            $names[] = '@ro'; // readonly, set from class scope via initRo()
        }
        if (isset(self::DYNAMIC[$cls])) {
            for ($k = $r->size(8); $k > 0; $k--) {
                $names[] = $r->chance(0.8) ? $r->pick(self::DYN_NAMES) : 'd' . $r->int(0, 99);
            }
        }
        $names = array_values(array_unique($names)); // a second write would go through a PHP reference
        if ($r->chance(0.5)) {
            $names = $r->shuffle($names);
        }
        $c->safe[$id] = array_merge(['scratch'], array_diff(self::PUBLIC[$cls], $names));
        $props = [];
        foreach ($names as $name) {
            $props[] = $p = [$name, $cls === 'FzTyped' ? self::typed($c, $name, $depth) : GenContainer::slot($c, $depth - 1)];
            self::noteSafe($c, $id, $p);
        }
        $all = array_values(array_unique(array_merge(self::PUBLIC[$cls], array_diff($names, ['@ro']))));
        $c->objs[$id] = $all;
        $opt = [];
        if ($all !== [] && $r->chance(0.15)) {
            $opt['unset'] = [$r->pick($all)];
        }
        if ($r->chance(0.2)) {
            $opt['mat'] = true; // materialize obj->properties: the slow path
        }
        array_pop($c->anc);
        $c->weights[$id] = $c->weight - $w0;
        return ['o', $cls, $id, $props, $opt];
    }

    /** A value that fits FzTyped's declared type for $name. */
    private static function typed(Ctx $c, string $name, int $depth): array
    {
        $r = $c->r;
        return match ($name) {
            'i', '@ro' => ['i', GenScalar::int($r)],
            's' => $r->chance(0.2) ? ['n'] : ['s', GenString::string($r)],
            'f' => $r->chance(0.2) ? ['i', $r->int(-5, 5)] : ['d', GenDouble::value($r)],
            'arr' => GenContainer::array($c, $depth - 1),
            'bl' => ['b', $r->chance(0.5)],
            'm' => GenContainer::slot($c, $depth - 1),
        };
    }

    /** (object) [...]: property tables with keys no declared class can have. */
    private static function cast(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $entries = [];
        $seen = [];
        $w0 = $c->weight;
        for ($k = $r->size(8); $k > 0; $k--) {
            $key = $r->chance(0.4) ? $r->pick(self::CAST_KEYS) : GenString::key($r);
            if (!array_key_exists($key, $seen)) {
                $seen[$key] = true;
                $entries[] = [$key, GenContainer::slot($c, $depth - 1)];
            }
        }
        $id = $c->id(); // the object exists only after its array
        $c->objs[$id] = [];
        $c->weights[$id] = $c->weight - $w0;
        return ['oc', ['a', $entries, []], $id];
    }

    public static function js(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $c->js++;
        if ($r->chance(0.07)) {
            return ['ji', $c->id(), $r->pick([['i', 5], ['s', '5'], ['s', ' 7'], ['s', 'abc'], ['d', 1.5], ['d', 2.0],
                ['n'], ['b', true], ['d', NAN], ['i', PHP_INT_MIN]])];
        }
        $cls = $r->chance(0.8) ? 'FzJs' : 'FzJsChild';
        $id = $c->id();
        $w0 = $c->weight;
        $names = self::PUBLIC[$cls];
        $c->objs[$id] = $names;
        $mode = $r->weighted(['ret' => 32, 'this' => 16, 'throw' => 9, 'nested' => $c->nested < 3 ? 12 : 0, 'mutate' => 10,
            'inspect' => 7, 'decode' => 4, 'prec' => $c->doubles ? 6 : 1, 'gen' => 2]);
        if ($mode === 'nested') {
            $c->nested++;
        }
        $opt = match ($mode) {
            'throw' => [
                $r->pick(['Exception', 'RuntimeException', 'LogicException', 'FzEx', 'Error', 'TypeError',
                    'JsonException', 'ValueError']),
                $r->pick(['boom', '', "bad \xff bytes", 'Failed calling FzJs::jsonSerialize()', 'Recursion detected']),
                $r->pick([0, 1, 5, 6, -1, PHP_INT_MAX]),
                $r->pick([null, null, 'Exception', 'LogicException']),
            ],
            'nested' => [
                $r->chance(0.3) ? 0 : Flags::random($r) & ~(1 << 40), $r->pick([512, 512, 0, 1, 2, 3]),
                $r->chance(0.4) ? 'this' : 'ret', $r->chance(0.5), $r->pick(['result', 'this', 'ret']),
            ],
            'inspect' => [$r->pick(['print_r', 'var_export', 'vars', 'cast', 'json']), $r->pick(['this', 'ret'])],
            'decode' => [$r->pick(['', '{', '[1}', "\"\xff\"", '[[1]]', '1', '"\ud800"', "\"\x01\""]),
                $r->pick([0, 0, JSON_THROW_ON_ERROR])],
            'prec' => [$r->pick([-1, 0, 1, 5, 14, 17, 100])],
            default => [],
        };
        $c->anc[] = $id;
        $c->safe[$id] = ['scratch'];
        $payload = null;
        if (in_array($mode, ['ret', 'nested', 'mutate', 'inspect', 'decode', 'prec'], true) && $r->chance(0.9)) {
            $payload = GenContainer::node($c, $depth - 1);
        }
        $props = [];
        if ($mode === 'this' || $r->chance(0.3)) {
            for ($k = $r->size(5); $k > 0; $k--) {
                $name = $r->pick(self::DYN_NAMES);
                if (in_array($name, array_column($props, 0), true)) {
                    continue;
                }
                $back = $c->cycles && $r->chance(0.3) ? $c->objRef($r->chance(0.5) ? [$id] : $c->anc) : null;
                $props[] = $p = [$name, $back ?? GenContainer::slot($c, $depth - 1)];
                self::noteSafe($c, $id, $p);
                $names[] = $name;
            }
            $c->objs[$id] = $names = array_values(array_unique($names));
        }
        $bind = null;
        if ($mode === 'mutate') {
            $c->safe[$id] = array_merge($c->safe[$id], array_diff(self::PUBLIC[$cls], array_column($props, 0)));
            [$opt, $bind] = self::mutation($c, $id);
        }
        array_pop($c->anc);
        $c->weights[$id] = $c->weight - $w0;
        return ['j', $cls, $id, $mode, $opt, $payload, $props, $bind];
    }

    /**
     * What a 'mutate' jsonSerialize() changes mid-encode: an enclosing array
     * through a PHP reference (bug77843), an enclosing object, or itself.
     * @return array{0: array, 1: ?array} [opt, bind target]
     */
    private static function mutation(Ctx $c, int $id): array
    {
        $r = $c->r;
        $ret = $r->pick(['this', 'ret']);
        $others = array_values(array_diff($c->anc, [$id]));
        $others = array_values(array_filter($others, static fn ($o) => !isset($c->orTargets[$o])));
        $up = $c->up('mut');
        $target = $r->weighted(['up' => $up !== null ? 4 : 0, 'obj' => $others !== [] ? 3 : 0,
            'self' => isset($c->orTargets[$id]) ? 0 : 2, 'none' => 1]);
        if ($target === 'up') {
            // 'setk' uses a key no generator makes: writing through an existing element that is
            // a PHP reference could free the object being serialized (see Ctx::$safe).
            $op = $r->pick(['pop', 'shift', 'push', 'clear', 'setk']);
            return [[$op, $op === 'setk' ? 'fuzz:setk' : null, $ret], ['up', $up]];
        }
        if ($target === 'none') {
            return [['none', null, $ret], null];
        }
        if ($target === 'obj') {
            $oid = $r->pick($others);
            $c->mutTargets[$oid] = true;
            return [[$r->pick(['oset', 'ounset']), $r->pick($c->safe[$oid] ?? ['scratch']), $ret], ['or', $oid]];
        }
        $c->mutTargets[$id] = true;
        return [[$r->pick(['sset', 'sunset']), $r->pick($c->safe[$id]), $ret], null];
    }

    /** A property whose value is a scalar may be overwritten mid-encode (see Ctx::$safe). */
    private static function noteSafe(Ctx $c, int $id, array $prop): void
    {
        if (in_array($prop[1][0], ['n', 'b', 'i', 'd', 's'], true) && $prop[0] !== '@ro') {
            $c->safe[$id][] = $prop[0];
        }
    }

    public static function enum(Rng $r): array
    {
        return match ($r->weighted(['pure' => 30, 'int' => 25, 'str' => 30, 'js' => 15])) {
            'pure' => ['e', 'FzPure', $r->pick(['A', 'B'])],
            'int' => ['e', 'FzInt', $r->pick(['Zero', 'Neg', 'N42', 'Max', 'Min'])],
            'str' => ['e', 'FzStr', $r->pick(array_map(static fn ($e) => $e->name, \FzStr::cases()))],
            'js' => ['e', 'FzJsEnum', $r->pick(['This', 'Arr', 'Other', 'Throw'])],
        };
    }

    /** Internal classes: whatever their get_properties(_for) handler or jsonSerialize() yields. */
    public static function internal(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $kind = $r->weighted(['ao' => 20, 'fzao' => 8, 'jsao' => 6, 'ai' => 6, 'dt' => 10, 'dti' => 5, 'fzdt' => 5,
            'dtz' => 4, 'di' => 4, 'dp' => 2, 'cl' => 8, 'gen' => 4, 'sfa' => 6, 'dll' => 3, 'wm' => 2, 'exc' => 3,
            'refl' => 2, 'sos' => 2, 'jd' => 6]);
        switch ($kind) {
            case 'ao':
            case 'fzao':
            case 'jsao':
            case 'ai':
                $storage = $r->chance(0.75) ? GenContainer::array($c, $depth - 1) : self::object($c, $depth - 1);
                return ['x', $kind, $storage, $r->pick([0, 0, \ArrayObject::STD_PROP_LIST, \ArrayObject::ARRAY_AS_PROPS, 3])];
            case 'dt':
            case 'dti':
            case 'fzdt':
                return ['x', $kind, $r->pick(['2020-01-02 03:04:05.678901', '1970-01-01 00:00:00', '-0001-11-30 12:00',
                    '9999-12-31 23:59:59.999999', '2021-03-28 02:30:00']),
                    $r->pick(['UTC', 'Europe/Amsterdam', '+05:30', 'America/New_York', 'EST'])];
            case 'dtz':
                return ['x', $kind, $r->pick(['UTC', 'Europe/Amsterdam', '+05:30', 'EST'])];
            case 'di':
                return ['x', $kind, $r->pick(['P1Y2M3DT4H5M6S', 'PT0S', 'P10D', 'PT36H'])];
            case 'jd': // objects and arrays as json_decode() builds them
                return ['x', $kind, $r->pick(['{"0":1,"":2,"a":{"b":[1,2,{"c":null}]}}', '{"12":{"-1":[]},"x":{}}',
                    '[{"a":1},{"a":2.0}]', '{"\\u00e9":"\\u2028","a\\/b":"<&>"}', '{"a":{"a":{"a":{"a":1.0}}}}',
                    '{"1e2":"1e2","-0":-0.0,"big":12345678901234567890}']), $r->chance(0.3)];
            case 'sfa':
            case 'dll':
                $items = [];
                for ($k = $r->size(5); $k > 0; $k--) {
                    $items[] = GenContainer::node($c, $depth - 1);
                }
                return ['x', $kind, $items];
            default: // dp, cl, gen, wm, exc, refl, sos
                return ['x', $kind];
        }
    }
}
