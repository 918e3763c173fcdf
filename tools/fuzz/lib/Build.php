<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Recipe -> live PHP value. A recipe is plain data (nested arrays), so it
 * can be built twice into two fresh, identical object graphs (one per side
 * of a comparison), shrunk, and printed as PHP source by Emit, which must
 * mirror this class statement for statement.
 *
 * Node kinds ([0] of each node):
 *   ['n'] ['b',bool] ['i',int] ['d',float] ['s',string]
 *   ['a',  [[key,node]...], [hole keys]]   array, entries assigned in order, holes unset after
 *   ['ca', [[key,node]...], [hole keys], role]   the same, built in a PHP reference so that
 *   ['up', k]                               (element/property only) can point back at the
 *                                           k-th enclosing 'ca' (0 = innermost): recursion;
 *                                           role 'rec' (an 'up' target) or 'mut' (a 'mutate'
 *                                           target), never both: see Ctx::$ca
 *   ['r', id, node|null]                    (element/property only) a PHP reference cell;
 *                                           later uses of id (node null) share it
 *   ['o', class, id, [[name,node]...], {unset:[names], mat:bool}]
 *   ['oc', arrayNode, id]                   (object) cast
 *   ['or', id]                              an object built earlier (or an enclosing one)
 *   ['j', class, id, mode, opt, payload|null, [[name,node]...], bind|null]   FzJs
 *   ['ji', id, node]                        FzJsInt
 *   ['e', enum, case]
 *   ['lit', i]                              FzLit::ALL[i], a compile-time (immutable) array
 *   ['x', kind, ...]                        internal classes (see internal()); 'jd': json_decode()
 *   ['res'] ['resc']                        open / closed stream resource
 * Unknown ids and 'up' without a target build as null: the shrinker may cut
 * the node an id points to.
 */
final class Build
{
    private array $objs = [];
    private array $refs = [];
    /** References to the enclosing 'ca' arrays, outermost first. */
    private array $stack = [];

    public static function value(array $node): mixed
    {
        return (new self())->node($node);
    }

    private function node(array $n): mixed
    {
        switch ($n[0]) {
            case 'n':
                return null;
            case 'b':
            case 'i':
            case 'd':
            case 's':
                return $n[1];
            case 'a':
                $a = [];
                foreach ($n[1] as [$k, $c]) {
                    $this->put($a, $k, $c);
                }
                foreach ($n[2] as $k) {
                    unset($a[$k]);
                }
                return $a;
            case 'ca':
                $cell = [];
                $this->stack[] = &$cell;
                foreach ($n[1] as [$k, $c]) {
                    $this->put($cell, $k, $c);
                }
                foreach ($n[2] as $k) {
                    unset($cell[$k]);
                }
                array_pop($this->stack);
                return $cell;
            case 'o':
                $o = new $n[1]();
                $this->objs[$n[2]] = $o;
                foreach ($n[3] as [$name, $c]) {
                    $this->prop($o, $name, $c);
                }
                foreach ($n[4]['unset'] ?? [] as $name) {
                    unset($o->$name);
                }
                if (!empty($n[4]['mat'])) {
                    get_object_vars($o);
                }
                return $o;
            case 'oc':
                $o = (object) $this->node($n[1]);
                $this->objs[$n[2]] = $o;
                return $o;
            case 'or':
                return $this->objs[$n[1]] ?? null;
            case 'j':
                [, $cls, $id, $mode, $opt, $payload, $props, $bind] = $n;
                $o = new $cls($id, $mode, $opt);
                $this->objs[$id] = $o;
                if ($payload !== null) {
                    $o->setRet($this->node($payload));
                }
                foreach ($props as [$name, $c]) {
                    $this->prop($o, $name, $c);
                }
                if ($bind !== null && $bind[0] === 'up') {
                    $i = count($this->stack) - 1 - $bind[1];
                    if ($i >= 0) {
                        $o->bind($this->stack[$i]);
                    }
                } elseif ($bind !== null && isset($this->objs[$bind[1]])) {
                    $o->bindObj($this->objs[$bind[1]]);
                }
                return $o;
            case 'ji':
                $o = new \FzJsInt($n[1], $this->node($n[2]));
                $this->objs[$n[1]] = $o;
                return $o;
            case 'e':
                return constant($n[1] . '::' . $n[2]);
            case 'lit':
                return \FzLit::ALL[$n[1]];
            case 'x':
                return $this->internal($n);
            case 'res':
                return fopen('php://memory', 'r');
            case 'resc':
                return \FzLog::closedResource();
            case 'r':
                return $n[2] === null ? ($this->refs[$n[1]] ?? null) : $this->node($n[2]);
            default: // 'up' outside an element/property: null; PHP 8.4+: 'h', 'lz' (see GenHook)
                return $n[0] === 'h' ? $this->hooked($n) : ($n[0] === 'lz' ? $this->lazy($n) : null);
        }
    }

    private function put(array &$a, int|string $k, array $c): void
    {
        if ($c[0] === 'up') {
            $i = count($this->stack) - 1 - $c[1];
            if ($i >= 0) {
                $a[$k] = &$this->stack[$i];
            } else {
                $a[$k] = null;
            }
        } elseif ($c[0] === 'r') {
            $this->cell($c);
            $a[$k] = &$this->refs[$c[1]];
        } else {
            $a[$k] = $this->node($c);
        }
    }

    private function prop(object $o, string $name, array $c): void
    {
        if ($name === '@ro') {
            $o->initRo($this->node($c));
        } elseif ($c[0] === 'up') {
            $i = count($this->stack) - 1 - $c[1];
            if ($i >= 0) {
                $o->$name = &$this->stack[$i];
            } else {
                $o->$name = null;
            }
        } elseif ($c[0] === 'r') {
            $this->cell($c);
            $o->$name = &$this->refs[$c[1]];
        } else {
            $o->$name = $this->node($c);
        }
    }

    private function cell(array $c): void
    {
        if (!array_key_exists($c[1], $this->refs)) {
            $this->refs[$c[1]] = $c[2] === null ? null : $this->node($c[2]);
        }
    }

    private function internal(array $n): mixed
    {
        switch ($n[1]) {
            case 'ao':
                return new \ArrayObject($this->node($n[2]), $n[3]);
            case 'fzao':
                return new \FzAO($this->node($n[2]), $n[3]);
            case 'jsao':
                return new \FzJsAO($this->node($n[2]), $n[3]);
            case 'ai':
                return new \ArrayIterator($this->node($n[2]), $n[3]);
            case 'dt':
                return new \DateTime($n[2], new \DateTimeZone($n[3]));
            case 'dti':
                return new \DateTimeImmutable($n[2], new \DateTimeZone($n[3]));
            case 'fzdt':
                return new \FzDT($n[2], new \DateTimeZone($n[3]));
            case 'dtz':
                return new \DateTimeZone($n[2]);
            case 'jd':
                return json_decode($n[2], $n[3]);
            case 'di':
                return new \DateInterval($n[2]);
            case 'dp':
                return new \DatePeriod(new \DateTime('2020-01-01', new \DateTimeZone('UTC')), new \DateInterval('P1D'), 2);
            case 'cl':
                return static function ($x = 1) { return $x; };
            case 'gen':
                return (static function () { yield 1; })();
            case 'sfa':
                return \SplFixedArray::fromArray(array_map($this->node(...), $n[2]));
            case 'dll':
                $l = new \SplDoublyLinkedList();
                foreach ($n[2] as $c) {
                    $l->push($this->node($c));
                }
                return $l;
            case 'wm':
                return new \WeakMap();
            case 'exc':
                return new \Exception('an exception object', 3);
            case 'refl':
                return new \ReflectionClass('FzPlain');
            case 'sos':
                $s = new \SplObjectStorage();
                $s->attach(new \stdClass(), 'data');
                return $s;
        }
        throw new \LogicException("unknown internal kind $n[1]");
    }

    /** PHP 8.4+: an object with property hooks. */
    private function hooked(array $n): object
    {
        [, $cls, $id, $hooks, $props, $opt] = $n;
        $o = new $cls($id);
        $this->objs[$id] = $o;
        foreach ($hooks as [$name, $mode, $hopt, $payload]) {
            $o->setHook($name, $mode, $hopt, $payload === null ? null : $this->node($payload));
        }
        if (isset($opt['js'])) {
            $o->setJs($opt['js']);
        }
        foreach ($props as [$name, $c]) {
            if ($name === '@asym') {
                $o->setAsym($this->node($c));
            } else {
                $this->prop($o, $name, $c);
            }
        }
        foreach ($opt['unset'] ?? [] as $name) {
            unset($o->$name);
        }
        if (!empty($opt['mat'])) {
            $o->{'fz:mat'} = 1; // a dynamic property materializes the property table
            unset($o->{'fz:mat'});
        }
        return $o;
    }

    /** PHP 8.4+: a lazy ghost (its initializer applies the steps) or proxy (its factory returns $real). */
    private function lazy(array $n): object
    {
        [, $kind, $cls, $id, $mode, $opt, $inner, $pre] = $n;
        $fill = null;
        $o = $kind === 'ghost' ? \FzLazy::ghost($cls, $id, $mode, $opt, $fill) : \FzLazy::proxy($cls, $id, $mode, $opt, $fill);
        $this->objs[$id] = $o;
        if ($kind === 'ghost') {
            $fill = [];
            foreach (self::steps($n) as $s) {
                $v = array_pop($s);
                $fill[] = [...$s, $v === null ? null : $this->node($v)];
            }
        } else {
            $fill = $this->node($inner);
        }
        foreach ($pre as $a) {
            \FzLazy::pre($o, isset($a[2]) ? [$a[0], $a[1], $this->node($a[2])] : $a);
        }
        return $o;
    }

    /**
     * A ghost's initializer steps (FzLazy::apply) for its inner recipe, each with its value
     * node last (null: no value), in construction order. Shared with Emit.
     * @return list<array>
     */
    public static function steps(array $lz): array
    {
        [, , $cls, $id, , $opt, $n] = $lz;
        $out = [];
        if (!empty($opt['ctor'])) {
            $out[] = ['ctor', [], null];
        }
        switch ($n[0]) {
            case 'o':
                $props = $n[3];
                $unset = $n[4]['unset'] ?? [];
                break;
            case 'j':
                $out[] = ['ctor', [$id, $n[3], $n[4]], null];
                if ($n[5] !== null) {
                    $out[] = ['ret', $n[5]];
                }
                $props = $n[6];
                $unset = [];
                break;
            case 'h':
                $out[] = ['ctor', [$id], null];
                foreach ($n[3] as [$name, $mode, $hopt, $payload]) {
                    $out[] = ['hook', $name, $mode, $hopt, $payload];
                }
                if (isset($n[5]['js'])) {
                    $out[] = ['js', $n[5]['js'], null];
                }
                $props = $n[4];
                $unset = $n[5]['unset'] ?? [];
                break;
            default:
                return $out;
        }
        foreach ($props as [$name, $c]) {
            $out[] = match ($name) {
                '@ro' => ['ro', $c],
                '@asym' => ['asym', $c],
                default => ['set', $name, $c],
            };
        }
        foreach ($unset as $name) {
            $out[] = ['unset', $name, null];
        }
        return $out;
    }
}
