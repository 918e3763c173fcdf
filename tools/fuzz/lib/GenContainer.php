<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * The node dispatcher and the array generators: lists, hashes, holes,
 * hash-backed lists, sparse and negative keys, big arrays, PHP references
 * (shared and refcount-1), self-referential arrays through references
 * ('ca' + 'up'), and deep chains (ext-json-behaviour.md §5).
 */
final class GenContainer
{
    private const CONTAINERS = ['arr', 'obj', 'js', 'internal', 'hook', 'lazy'];

    /**
     * One node. $slot: the node goes into an array element or an object
     * property, where PHP references ('r', 'up') can live.
     */
    public static function node(Ctx $c, int $depth, bool $slot = false): array
    {
        $c->budget--;
        $c->weight++;
        $w = $c->w;
        if ($depth <= 0 || $c->budget <= 0) {
            foreach (self::CONTAINERS as $k) {
                unset($w[$k]);
            }
        }
        $kind = $c->r->weighted($w);
        switch ($kind) {
            case 'null':
            case 'bool':
            case 'int':
                return GenScalar::node($c->r, $kind);
            case 'double':
                $c->doubles = true;
                return ['d', GenDouble::value($c->r)];
            case 'string':
                return ['s', GenString::string($c->r)];
            case 'numstr':
                $c->doubles = true;
                return ['s', GenString::numeric($c->r)];
            case 'arr':
                return self::array($c, $depth);
            case 'obj':
                return GenObject::object($c, $depth);
            case 'js':
                return GenObject::js($c, $depth);
            case 'enum':
                return GenObject::enum($c->r);
            case 'internal':
                return GenObject::internal($c, $depth);
            case 'hook':
                return GenHook::hooked($c, $depth);
            case 'lazy':
                return GenHook::lazy($c, $depth);
            case 'res':
                return [$c->r->chance(0.7) ? 'res' : 'resc'];
            case 'back':
                return self::back($c, $slot);
            case 'share':
                return self::share($c, $slot);
            case 'bad':
                return self::bad($c);
            case 'lit':
                return ['lit', $c->r->int(0, count(\FzLit::ALL) - 1)];
        }
        throw new \LogicException("unknown node kind $kind");
    }

    /** A node for an array element / object property; sometimes behind a fresh PHP reference. */
    public static function slot(Ctx $c, int $depth): array
    {
        $w = $c->weight;
        $n = self::node($c, $depth, true);
        if ($n[0] !== 'up' && $n[0] !== 'r' && $c->r->chance(0.06)) {
            $id = $c->id();
            $n = ['r', $id, $n];
            $c->refs[] = $id; // after the child: a cell never contains itself
            $c->weights[$id] = $c->weight - $w;
        }
        return $n;
    }

    /** A leaf that makes json_encode fail (or not, with the right flags). */
    public static function bad(Ctx $c): array
    {
        $r = $c->r;
        return match ($r->int(0, 6)) {
            0 => ['d', $r->pick([NAN, INF, -INF])],
            1, 2 => ['s', GenString::ascii($r, $r->int(0, 3)) . $r->pick(GenString::INVALID) . GenString::ascii($r, $r->int(0, 3))],
            3 => [$r->chance(0.7) ? 'res' : 'resc'],
            4 => ['e', 'FzPure', $r->pick(['A', 'B'])],
            5 => ['j', 'FzJs', $c->id(), 'throw', ['RuntimeException', 'boom', 9, null], null, [], null],
            6 => ['s', $r->pick(GenString::INVALID)],
        };
    }

    public static function array(Ctx $c, int $depth): array
    {
        $r = $c->r;
        $shape = $r->weighted([
            'list' => 34, 'map' => 30, 'holes' => 8, 'sparse' => 7, 'hashlist' => 4, 'empty' => 9,
            'big' => $c->budget > 200 ? 2 : 0,
        ]);
        $n = match ($shape) {
            'empty' => 0,
            'big' => $r->int(50, 1500),
            default => $r->size(12),
        };
        $cyc = $c->cycles && $r->chance(0.5);
        $role = $cyc ? ($c->r->chance(0.6) ? 'rec' : 'mut') : null;
        if ($cyc) {
            $c->ca[] = $role;
        }
        $entries = [];
        $holes = [];
        $seen = []; // no duplicate keys: a second write would go through a PHP reference
        if ($shape === 'hashlist') {
            $entries[] = ['x', ['i', 0]]; // string key first, unset later: a list in a hash table
            $holes[] = 'x';
            $seen['x'] = true;
        }
        for ($i = 0; $i < $n; $i++) {
            $key = match ($shape) {
                'map' => $c->badKeys && $r->chance(0.4) ? $r->pick(GenString::INVALID) : GenString::key($r),
                'sparse' => $r->pick([$i * 2, -$i, $n - $i, $i + 1, $r->int(-3, 20)]),
                'big' => $r->chance(0.9) ? $i : GenString::key($r),
                default => $i,
            };
            if (array_key_exists($key, $seen)) {
                continue;
            }
            $seen[$key] = true;
            if ($shape === 'big') {
                $entries[] = [$key, $r->chance(0.5) ? ['i', $r->int(-1000, 100000)] : ['s', GenString::piece($r)]];
                $c->budget--;
            } else {
                $entries[] = [$key, self::slot($c, $depth - 1)];
            }
        }
        if ($entries !== [] && ($shape === 'holes' || $r->chance(0.04))) {
            for ($k = $r->int(1, 3); $k > 0; $k--) {
                $holes[] = $r->pick($entries)[0];
            }
        }
        if ($cyc) {
            array_pop($c->ca);
        }
        return $cyc ? ['ca', $entries, $holes, $role] : ['a', $entries, $holes];
    }

    /** A back-reference: to an enclosing 'ca' array (PHP reference) or an enclosing object. */
    private static function back(Ctx $c, bool $slot): array
    {
        $up = $slot ? $c->up('rec') : null;
        if ($up !== null && ($c->anc === [] || $c->r->chance(0.6))) {
            return ['up', $up];
        }
        return $c->objRef($c->anc) ?? ['s', 'no-back-target'];
    }

    /** Sharing without recursion: an earlier object, or an earlier reference cell. */
    private static function share(Ctx $c, bool $slot): array
    {
        $cell = $slot && $c->r->chance(0.5);
        $ids = $cell ? $c->refs : array_keys($c->objs);
        $id = $ids === [] ? null : $c->r->pick($ids);
        $w = $id === null ? 0 : $c->weights[$id] ?? 1000000; // unknown: still being built
        if ($id === null || $w > 200 || $c->weight + $w > 3000 || (!$cell && isset($c->mutTargets[$id]))) {
            return ['n'];
        }
        $c->weight += $w;
        if ($cell) {
            return ['r', $id, null];
        }
        $c->orTargets[$id] = true;
        return ['or', $id];
    }

    /**
     * A chain of $n nested containers of mixed kinds around one leaf. The
     * jsonSerialize() share is capped: each call is a C-level re-entry.
     */
    public static function chain(Ctx $c, int $n): array
    {
        $r = $c->r;
        $node = $r->chance(0.3) ? self::bad($c) : self::node($c, 0);
        for ($i = 0; $i < $n; $i++) {
            $w = $r->weighted(['list' => 40, 'map' => 22, 'obj' => 15, 'ao' => 5, 'js' => $c->js < 60 ? 6 : 0,
                'jsthis' => $c->js < 60 ? 3 : 0, 'wide' => 9]);
            if ($w === 'ao' && !in_array($node[0], ['a', 'o'], true)) {
                $w = 'list';
            }
            if ($w === 'js' || $w === 'jsthis') {
                $c->js++;
            }
            $node = match ($w) {
                'list' => ['a', [[0, $node]], []],
                'map' => ['a', [['k', $node]], []],
                'obj' => ['o', 'stdClass', $c->id(), [['p', $node]], []],
                'ao' => ['x', 'ao', $node, 0],
                'js' => ['j', 'FzJs', $c->id(), 'ret', [], $node, [], null],
                'jsthis' => ['j', 'FzJs', $c->id(), 'this', [], null, [['in', $node]], null],
                'wide' => ['a', [[0, self::node($c, 0)], [1, $node], [2, self::node($c, 0)]], []],
            };
        }
        return $node;
    }
}
