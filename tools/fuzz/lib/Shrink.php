<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Greedy minimization of a failing case: repeatedly take the first
 * simplification that still shows a stock/rustjson difference (any
 * difference), until none does or the budget runs out. Simplifications:
 * default call style / depth / serialize_precision, fewer flag bits, a
 * subtree replaced by null or by one of its children, entries and
 * properties removed, strings cut down.
 */
final class Shrink
{
    private int $tries = 0;
    private float $until;

    private function __construct(private int $budget, float $seconds)
    {
        $this->until = microtime(true) + $seconds;
    }

    /** @return array{0: array, 1: int} [smallest failing case found, predicate evaluations] */
    public static function run(array $case, int $budget = 2000, float $seconds = 15.0): array
    {
        $s = new self($budget, $seconds);
        do {
            $progress = false;
            foreach ($s->candidates($case) as $cand) {
                if (++$s->tries > $s->budget || microtime(true) > $s->until) {
                    break 2;
                }
                if (self::valid($cand['v']) && Compare::differs($cand)) {
                    $case = $cand;
                    $progress = true;
                    break;
                }
            }
        } while ($progress);
        return [$case, $s->tries];
    }

    /**
     * Keeps the generator's safety rules (Ctx::$ca, Ctx::$orTargets): moving
     * subtrees around could otherwise build a value stock PHP crashes on.
     */
    public static function valid(array $v): bool
    {
        $or = [];
        $mut = [];
        $ok = true;
        $walk = static function (array $n, array $roles) use (&$walk, &$or, &$mut, &$ok): void {
            switch ($n[0]) {
                case 'up':
                    $ok = $ok && ($roles[count($roles) - 1 - $n[1]] ?? 'rec') === 'rec';
                    return;
                case 'or':
                    $or[$n[1]] = true;
                    return;
                case 'ca':
                    $roles[] = $n[3];
                    break;
                case 'j':
                    if ($n[3] === 'mutate' && $n[7] !== null) {
                        if ($n[7][0] === 'up') {
                            $ok = $ok && ($roles[count($roles) - 1 - $n[7][1]] ?? 'mut') === 'mut';
                        } else {
                            $mut[$n[7][1]] = true;
                        }
                    } elseif ($n[3] === 'mutate' && in_array($n[4][0], ['sset', 'sunset'], true)) {
                        $mut[$n[2]] = true;
                    }
                    break;
            }
            foreach (self::kids($n) as [, $kid]) {
                if ($kid !== null) {
                    $walk($kid, $roles);
                }
            }
        };
        $walk($v, []);
        return $ok && array_intersect_key($or, $mut) === [];
    }

    private function candidates(array $case): \Generator
    {
        if ($case['prec'] !== -1) {
            yield ['prec' => -1] + $case;
        }
        if (is_int($case['flags']) && (is_int($case['depth']) || $case['depth'] === null)
            && !in_array($case['call'], ['pos1', 'pos2', 'pos3'], true)) {
            yield ['call' => $case['depth'] === null ? 'pos2' : 'pos3'] + $case;
        }
        if ($case['depth'] !== null && $case['depth'] !== 512 && in_array($case['call'], ['pos2', 'pos3'], true)) {
            yield ['depth' => null, 'call' => 'pos2'] + $case;
        }
        if (is_int($case['flags'])) {
            if ($case['flags'] === -1) {
                yield ['flags' => array_sum(Flags::ALL)] + $case;
            }
            foreach (array_merge(array_values(Flags::ALL), [~array_sum(Flags::ALL)]) as $bit) {
                if ($case['flags'] & $bit) {
                    yield ['flags' => $case['flags'] & ~$bit] + $case;
                }
            }
        }
        foreach ($this->nodeCandidates($case['v'], true) as $v) {
            yield ['v' => $v] + $case;
        }
    }

    /** Every simplification of $n or of a node below it, outermost first. */
    private function nodeCandidates(array $n, bool $root = false): \Generator
    {
        if (!$root && $n[0] !== 'n') {
            yield ['n'];
        }
        foreach (self::kids($n) as [, $kid]) {
            if ($kid !== null && $kid[0] !== 'up' && $kid[0] !== 'r') {
                yield $kid;
            } elseif ($kid !== null && $kid[0] === 'r' && $kid[2] !== null) {
                yield $kid[2];
            }
        }
        yield from self::local($n);
        foreach (self::kids($n) as [$path, $kid]) {
            if ($kid === null) {
                continue;
            }
            foreach ($this->nodeCandidates($kid) as $k) {
                $m = $n;
                $ref = &$m;
                foreach ($path as $step) {
                    $ref = &$ref[$step];
                }
                $ref = $k;
                unset($ref);
                yield $m;
            }
        }
    }

    /** Simplifications of the node itself (not of its children). */
    private static function local(array $n): \Generator
    {
        switch ($n[0]) {
            case 'a':
            case 'ca':
                $cnt = count($n[1]);
                if ($cnt >= 4) {
                    $h = intdiv($cnt, 2);
                    yield array_replace($n, [1 => array_slice($n[1], $h)]);
                    yield array_replace($n, [1 => array_slice($n[1], 0, $h)]);
                }
                for ($i = 0; $i < $cnt; $i++) {
                    $e = $n[1];
                    array_splice($e, $i, 1);
                    yield array_replace($n, [1 => $e]);
                }
                if ($n[2] !== []) {
                    yield array_replace($n, [2 => []]);
                }
                if ($n[0] === 'ca') {
                    yield ['a', $n[1], $n[2]];
                }
                break;
            case 'o':
                for ($i = 0; $i < count($n[3]); $i++) {
                    $m = $n;
                    array_splice($m[3], $i, 1);
                    yield $m;
                }
                if ($n[4] !== []) {
                    $m = $n;
                    $m[4] = [];
                    yield $m;
                }
                if ($n[1] !== 'stdClass' && !in_array('@ro', array_column($n[3], 0), true)) {
                    $m = $n;
                    $m[1] = 'stdClass';
                    yield $m;
                }
                break;
            case 'oc':
                yield $n[1];
                break;
            case 'j':
                for ($i = 0; $i < count($n[6]); $i++) {
                    $m = $n;
                    array_splice($m[6], $i, 1);
                    yield $m;
                }
                if ($n[7] !== null) {
                    $m = $n;
                    $m[7] = null;
                    yield $m;
                }
                if ($n[3] !== 'ret') {
                    $m = $n;
                    $m[3] = 'ret';
                    $m[4] = [];
                    yield $m;
                }
                if ($n[5] !== null) {
                    $m = $n;
                    $m[5] = null;
                    yield $m;
                }
                if ($n[1] !== 'FzJs') {
                    $m = $n;
                    $m[1] = 'FzJs';
                    yield $m;
                }
                break;
            case 'h':
                foreach ([3, 4] as $f) {
                    for ($i = 0; $i < count($n[$f]); $i++) {
                        $m = $n;
                        array_splice($m[$f], $i, 1);
                        yield $m;
                    }
                }
                foreach ($n[3] as $i => $h) {
                    if ($h[1] !== 'backing' && $h[1] !== 'ret') {
                        $m = $n;
                        $m[3][$i] = [$h[0], 'ret', [], $h[3]];
                        yield $m;
                    }
                }
                if (array_diff_key($n[5], ['js' => 1]) !== []) {
                    $m = $n;
                    $m[5] = array_intersect_key($n[5], ['js' => 1]);
                    yield $m;
                }
                break;
            case 'lz':
                for ($i = 0; $i < count($n[7]); $i++) {
                    $m = $n;
                    array_splice($m[7], $i, 1);
                    yield $m;
                }
                if ($n[4] !== 'plain') {
                    $m = $n;
                    $m[4] = 'plain';
                    $m[5] = array_intersect_key($n[5], ['ctor' => 1]);
                    yield $m;
                }
                if ($n[1] === 'proxy') {
                    yield array_replace($n, [1 => 'ghost', 6 => ['n']]);
                }
                break;
            case 's':
                $s = $n[1];
                $len = strlen($s);
                for ($chunk = intdiv($len, 2); $chunk >= 1; $chunk = intdiv($chunk, 2)) {
                    for ($at = 0; $at + $chunk <= $len; $at += $chunk) {
                        yield ['s', substr($s, 0, $at) . substr($s, $at + $chunk)];
                    }
                    if ($len > 64 && $chunk < 8) {
                        break;
                    }
                }
                break;
            case 'i':
                if ($n[1] !== 0) {
                    yield ['i', 0];
                }
                break;
            case 'd':
                if (!is_nan($n[1]) && $n[1] !== 0.0) {
                    yield ['d', 0.0];
                }
                break;
        }
    }

    /** @return list<array{0: list<int|string>, 1: ?array}> [path inside the node, child] */
    private static function kids(array $n): array
    {
        $out = [];
        switch ($n[0]) {
            case 'a':
            case 'ca':
                foreach ($n[1] as $i => $e) {
                    $out[] = [[1, $i, 1], $e[1]];
                }
                break;
            case 'o':
                foreach ($n[3] as $i => $e) {
                    $out[] = [[3, $i, 1], $e[1]];
                }
                break;
            case 'oc':
                $out[] = [[1], $n[1]];
                break;
            case 'j':
                $out[] = [[5], $n[5]];
                foreach ($n[6] as $i => $e) {
                    $out[] = [[6, $i, 1], $e[1]];
                }
                break;
            case 'ji':
                $out[] = [[2], $n[2]];
                break;
            case 'h':
                foreach ($n[3] as $i => $e) {
                    $out[] = [[3, $i, 3], $e[3]];
                }
                foreach ($n[4] as $i => $e) {
                    $out[] = [[4, $i, 1], $e[1]];
                }
                break;
            case 'lz':
                $out[] = [[6], $n[6]];
                foreach ($n[7] as $i => $a) {
                    if (isset($a[2])) {
                        $out[] = [[7, $i, 2], $a[2]];
                    }
                }
                break;
            case 'r':
                $out[] = [[2], $n[2]];
                break;
            case 'x':
                if (in_array($n[1], ['sfa', 'dll'], true)) {
                    foreach ($n[2] as $i => $c) {
                        $out[] = [[2, $i], $c];
                    }
                } elseif (in_array($n[1], ['ao', 'fzao', 'jsao', 'ai'], true)) {
                    $out[] = [[2], $n[2]];
                }
                break;
        }
        return $out;
    }
}
