<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Recipe -> PHP source that builds the same value, statement for statement
 * in Build's order (so object ids, reference cells and 'ca' cells line up),
 * with literals wherever nothing needs a name. Also the PHP-literal form of
 * scalars and of the call styles, for reproductions and regression tests.
 */
final class Emit
{
    private array $lines = [];
    private array $objs = [];
    private array $refs = [];
    /** Variable names of the enclosing 'ca' arrays, outermost first. */
    private array $stack = [];
    private array $count = [];

    /** Statements that leave the value in $v. */
    public static function value(array $node): string
    {
        $e = new self();
        $x = $e->expr($node);
        $e->lines[] = "\$v = $x;";
        return implode("\n", $e->lines);
    }

    /** The json_encode() call of a case, as PHP source (uses $v, $f, $d). */
    public static function call(string $style): string
    {
        $expr = Compare::CALLS[$style];
        if ($style === 'strict') {
            return "(eval('declare(strict_types=1); return static fn (\$v, \$f, \$d) => $expr;'))(\$v, \$f, \$d)";
        }
        return $expr;
    }

    /** Class and enum names a recipe needs (fixtures), including what FzJs may throw. */
    public static function classes(array $node, array &$out = []): array
    {
        switch ($node[0]) {
            case 'o':
                $out[$node[1]] = true;
                foreach ($node[3] as [, $c]) {
                    self::classes($c, $out);
                }
                break;
            case 'j':
                $out[$node[1]] = true;
                if ($node[3] === 'throw') {
                    $out[$node[4][0]] = true;
                }
                if ($node[5] !== null) {
                    self::classes($node[5], $out);
                }
                foreach ($node[6] as [, $c]) {
                    self::classes($c, $out);
                }
                break;
            case 'lit':
                $out['FzLit'] = true;
                break;
            case 'h':
                $out[$node[1]] = true;
                foreach ($node[3] as [, $mode, $hopt, $payload]) {
                    if ($mode === 'throw') {
                        $out[$hopt[0]] = true;
                    }
                    if ($payload !== null) {
                        self::classes($payload, $out);
                    }
                }
                foreach ($node[4] as [, $c]) {
                    self::classes($c, $out);
                }
                break;
            case 'lz':
                $out['FzLazy'] = true;
                $out[$node[2]] = true;
                if ($node[4] === 'throw') {
                    $out[$node[5][0]] = true;
                }
                self::classes($node[6], $out);
                foreach ($node[7] as $a) {
                    if (isset($a[2])) {
                        self::classes($a[2], $out);
                    }
                }
                break;
            case 'ji':
                $out['FzJsInt'] = true;
                self::classes($node[2], $out);
                break;
            case 'e':
                $out[$node[1]] = true;
                if ($node[1] === 'FzJsEnum') {
                    $out += ['FzInt' => true, 'FzStr' => true, 'FzPure' => true];
                }
                break;
            case 'a':
            case 'ca':
                foreach ($node[1] as [, $c]) {
                    self::classes($c, $out);
                }
                break;
            case 'oc':
                self::classes($node[1], $out);
                break;
            case 'r':
                if ($node[2] !== null) {
                    self::classes($node[2], $out);
                }
                break;
            case 'x':
                $out += match ($node[1]) {
                    'fzao' => ['FzAO' => true], 'jsao' => ['FzJsAO' => true], 'fzdt' => ['FzDT' => true],
                    'refl' => ['FzPlain' => true], default => [],
                };
                if (isset($node[2]) && is_array($node[2])) {
                    if (in_array($node[1], ['sfa', 'dll'], true)) {
                        foreach ($node[2] as $c) {
                            self::classes($c, $out);
                        }
                    } else {
                        self::classes($node[2], $out);
                    }
                }
                break;
        }
        return $out;
    }

    private function var(string $prefix): string
    {
        $this->count[$prefix] = ($this->count[$prefix] ?? 0) + 1;
        return '$' . $prefix . $this->count[$prefix];
    }

    private function expr(array $n): string
    {
        switch ($n[0]) {
            case 'n':
                return 'null';
            case 'b':
            case 'i':
            case 'd':
            case 's':
                return self::literal($n[1]);
            case 'a':
                if ($n[2] === []) {
                    $parts = [];
                    $list = true;
                    foreach ($n[1] as $i => [$k, $c]) {
                        $parts[] = [$k, $this->slot($c)];
                        $list = $list && $k === $i;
                    }
                    $items = array_map(static fn ($p) => $list ? $p[1] : self::literal($p[0]) . ' => ' . $p[1], $parts);
                    return '[' . implode(', ', $items) . ']';
                }
                $t = $this->var('t');
                $this->lines[] = "$t = [];";
                foreach ($n[1] as [$k, $c]) {
                    $x = $this->slot($c);
                    $this->lines[] = "{$t}[" . self::literal($k) . "] = $x;";
                }
                foreach ($n[2] as $k) {
                    $this->lines[] = "unset({$t}[" . self::literal($k) . ']);';
                }
                return $t;
            case 'ca':
                $t = $this->var('a');
                $this->lines[] = "$t = []; // reached again through PHP references below";
                $this->stack[] = $t;
                foreach ($n[1] as [$k, $c]) {
                    $x = $this->slot($c);
                    $this->lines[] = "{$t}[" . self::literal($k) . "] = $x;";
                }
                foreach ($n[2] as $k) {
                    $this->lines[] = "unset({$t}[" . self::literal($k) . ']);';
                }
                array_pop($this->stack);
                return $t;
            case 'o':
                $o = $this->var('o');
                $this->objs[$n[2]] = $o;
                $this->lines[] = "$o = new $n[1]();";
                foreach ($n[3] as [$name, $c]) {
                    $this->prop($o, $name, $c);
                }
                foreach ($n[4]['unset'] ?? [] as $name) {
                    $this->lines[] = 'unset(' . $o . self::arrow($name) . ');';
                }
                if (!empty($n[4]['mat'])) {
                    $this->lines[] = "get_object_vars($o); // materializes the property table (slow path)";
                }
                return $o;
            case 'oc':
                $x = $this->expr($n[1]);
                $o = $this->var('o');
                $this->objs[$n[2]] = $o;
                $this->lines[] = "$o = (object) $x;";
                return $o;
            case 'or':
                return $this->objs[$n[1]] ?? 'null';
            case 'j':
                [, $cls, $id, $mode, $opt, $payload, $props, $bind] = $n;
                $o = $this->var('o');
                $this->objs[$id] = $o;
                $this->lines[] = "$o = new $cls($id, '$mode', " . self::literal($opt) . ');';
                if ($payload !== null) {
                    $x = $this->expr($payload);
                    $this->lines[] = "{$o}->setRet($x);";
                }
                foreach ($props as [$name, $c]) {
                    $this->prop($o, $name, $c);
                }
                if ($bind !== null && $bind[0] === 'up') {
                    $i = count($this->stack) - 1 - $bind[1];
                    if ($i >= 0) {
                        $this->lines[] = "{$o}->bind({$this->stack[$i]});";
                    }
                } elseif ($bind !== null && isset($this->objs[$bind[1]])) {
                    $this->lines[] = "{$o}->bindObj({$this->objs[$bind[1]]});";
                }
                return $o;
            case 'h':
                return $this->hooked($n);
            case 'lz':
                return $this->lazy($n);
            case 'ji':
                $x = $this->expr($n[2]);
                $o = $this->var('o');
                $this->objs[$n[1]] = $o;
                $this->lines[] = "$o = new FzJsInt($n[1], $x);";
                return $o;
            case 'e':
                return "$n[1]::$n[2]";
            case 'lit':
                return "FzLit::ALL[$n[1]]";
            case 'x':
                return $this->internal($n);
            case 'res':
                return "fopen('php://memory', 'r')";
            case 'resc':
                return 'FzLog::closedResource()';
            case 'r':
                return $n[2] === null ? ($this->refs[$n[1]] ?? 'null') : $this->expr($n[2]);
            default:
                return 'null';
        }
    }

    /** An element/property value: references as `&$x`. */
    private function slot(array $c): string
    {
        if ($c[0] === 'up') {
            $i = count($this->stack) - 1 - $c[1];
            return $i >= 0 ? '&' . $this->stack[$i] : 'null';
        }
        if ($c[0] === 'r') {
            if (!isset($this->refs[$c[1]])) {
                $x = $c[2] === null ? 'null' : $this->expr($c[2]);
                $r = $this->var('r');
                $this->lines[] = "$r = $x;";
                $this->refs[$c[1]] = $r;
            }
            return '&' . $this->refs[$c[1]];
        }
        return $this->expr($c);
    }

    private function prop(string $o, string $name, array $c): void
    {
        $x = $this->slot($c);
        $this->lines[] = match ($name) {
            '@ro' => "{$o}->initRo($x);",
            '@asym' => "{$o}->setAsym($x);",
            default => $o . self::arrow($name) . " = $x;",
        };
    }

    /** PHP 8.4+: Build::hooked(). */
    private function hooked(array $n): string
    {
        [, $cls, $id, $hooks, $props, $opt] = $n;
        $o = $this->var('o');
        $this->objs[$id] = $o;
        $this->lines[] = "$o = new $cls($id);";
        foreach ($hooks as [$name, $mode, $hopt, $payload]) {
            $x = $payload === null ? 'null' : $this->expr($payload);
            $this->lines[] = "{$o}->setHook(" . self::literal($name) . ", '$mode', " . self::literal($hopt) . ", $x);";
        }
        if (isset($opt['js'])) {
            $this->lines[] = "{$o}->setJs('{$opt['js']}');";
        }
        foreach ($props as [$name, $c]) {
            $this->prop($o, $name, $c);
        }
        foreach ($opt['unset'] ?? [] as $name) {
            $this->lines[] = 'unset(' . $o . self::arrow($name) . ');';
        }
        if (!empty($opt['mat'])) {
            $this->lines[] = "{$o}->{'fz:mat'} = 1; // materializes the property table";
            $this->lines[] = "unset({$o}->{'fz:mat'});";
        }
        return $o;
    }

    /** PHP 8.4+: Build::lazy(). */
    private function lazy(array $n): string
    {
        [, $kind, $cls, $id, $mode, $opt, $inner, $pre] = $n;
        $o = $this->var('o');
        $f = $this->var('z');
        $this->objs[$id] = $o;
        $this->lines[] = "$o = FzLazy::$kind('$cls', $id, '$mode', " . self::literal($opt) . ", $f);";
        if ($kind === 'ghost') {
            $steps = [];
            foreach (Build::steps($n) as $st) {
                $v = array_pop($st);
                $parts = array_map(self::literal(...), $st);
                $parts[] = $v === null ? 'null' : $this->expr($v);
                $steps[] = '[' . implode(', ', $parts) . ']';
            }
            $this->lines[] = "$f = [" . implode(', ', $steps) . ']; // what the initializer applies';
        } else {
            $x = $this->expr($inner);
            $this->lines[] = "$f = $x; // what the factory returns";
        }
        foreach ($pre as $a) {
            $parts = [self::literal($a[0])];
            if (isset($a[1])) {
                $parts[] = self::literal($a[1]);
            }
            if (isset($a[2])) {
                $parts[] = $this->expr($a[2]);
            }
            $this->lines[] = "FzLazy::pre($o, [" . implode(', ', $parts) . ']);';
        }
        return $o;
    }

    private static function arrow(string $name): string
    {
        return preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/D', $name) ? "->$name" : '->{' . self::literal($name) . '}';
    }

    private function internal(array $n): string
    {
        switch ($n[1]) {
            case 'ao':
            case 'fzao':
            case 'jsao':
            case 'ai':
                $cls = ['ao' => 'ArrayObject', 'fzao' => 'FzAO', 'jsao' => 'FzJsAO', 'ai' => 'ArrayIterator'][$n[1]];
                return "new $cls(" . $this->expr($n[2]) . ", $n[3])";
            case 'dt':
            case 'dti':
            case 'fzdt':
                $cls = ['dt' => 'DateTime', 'dti' => 'DateTimeImmutable', 'fzdt' => 'FzDT'][$n[1]];
                return "new $cls(" . self::literal($n[2]) . ', new DateTimeZone(' . self::literal($n[3]) . '))';
            case 'dtz':
                return 'new DateTimeZone(' . self::literal($n[2]) . ')';
            case 'jd':
                return 'json_decode(' . self::literal($n[2]) . ', ' . self::literal($n[3]) . ')';
            case 'di':
                return 'new DateInterval(' . self::literal($n[2]) . ')';
            case 'dp':
                return "new DatePeriod(new DateTime('2020-01-01', new DateTimeZone('UTC')), new DateInterval('P1D'), 2)";
            case 'cl':
                return 'static function ($x = 1) { return $x; }';
            case 'gen':
                return '(static function () { yield 1; })()';
            case 'sfa':
                return 'SplFixedArray::fromArray([' . implode(', ', array_map($this->expr(...), $n[2])) . '])';
            case 'dll':
                $l = $this->var('l');
                $this->lines[] = "$l = new SplDoublyLinkedList();";
                foreach ($n[2] as $c) {
                    $x = $this->expr($c);
                    $this->lines[] = "{$l}->push($x);";
                }
                return $l;
            case 'wm':
                return 'new WeakMap()';
            case 'exc':
                return "new Exception('an exception object', 3)";
            case 'refl':
                return "new ReflectionClass('FzPlain')";
            case 'sos':
                $s = $this->var('s');
                $this->lines[] = "$s = new SplObjectStorage();";
                $this->lines[] = "{$s}->attach(new stdClass(), 'data');";
                return $s;
        }
        return 'null';
    }

    /** A PHP literal for a scalar or an array of scalars; floats round-trip exactly. */
    public static function literal(mixed $v): string
    {
        if (is_string($v)) {
            $out = '';
            $n = strlen($v);
            for ($i = 0; $i < $n; $i++) {
                $c = $v[$i];
                $o = ord($c);
                $out .= match (true) {
                    $c === '\\', $c === '"', $c === '$' => '\\' . $c,
                    $o >= 0x20 && $o < 0x7f => $c,
                    default => sprintf('\\x%02x', $o),
                };
            }
            return '"' . $out . '"';
        }
        if (is_int($v)) {
            return $v === PHP_INT_MIN ? 'PHP_INT_MIN' : (string) $v;
        }
        if (is_float($v)) {
            if (is_nan($v)) {
                return 'NAN';
            }
            if (is_infinite($v)) {
                return $v > 0 ? 'INF' : '-INF';
            }
            if ($v == 0) {
                return fdiv(1, $v) < 0 ? '-0.0' : '0.0';
            }
            $old = ini_set('serialize_precision', '-1'); // shortest round-trip repr
            $s = var_export($v, true);
            ini_set('serialize_precision', (string) $old);
            return $s;
        }
        if (is_array($v)) {
            $parts = [];
            $list = array_is_list($v);
            foreach ($v as $k => $x) {
                $parts[] = ($list ? '' : self::literal($k) . ' => ') . self::literal($x);
            }
            return '[' . implode(', ', $parts) . ']';
        }
        return $v === null ? 'null' : var_export($v, true);
    }
}
