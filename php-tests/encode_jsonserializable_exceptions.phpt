--TEST--
json_encode(): exceptions thrown by jsonSerialize() (propagate unchained, error code 0 or untouched, partial mode, later calls)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class Boom implements JsonSerializable {
    public static array $log = [];
    public function __construct(public string $name, public ?Throwable $prev = null) {}
    public function jsonSerialize(): mixed {
        self::$log[] = $this->name;
        throw new RuntimeException("boom {$this->name}", 42, $this->prev);
    }
}
class Ok implements JsonSerializable {
    public function __construct(public string $name) {}
    public function jsonSerialize(): mixed { Boom::$log[] = $this->name; return $this->name; }
}
function run(string $label, mixed $v, int $flags = 0): void {
    Boom::$log = [];
    json_decode('[');                               // last error = 4
    try {
        $r = json_encode($v, $flags);
        echo "$label: returned ", rj_res($r);
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), '(', $e->getCode(), '): ', $e->getMessage(),
             ' prev=', $e->getPrevious() ? get_class($e->getPrevious()) . ':' . $e->getPrevious()->getMessage() : 'none';
    }
    echo ' #', json_last_error(), ' calls=', implode(',', Boom::$log), "\n";
}

run('top', new Boom('top'));
run('top partial', new Boom('top'), JSON_PARTIAL_OUTPUT_ON_ERROR);
run('top throw', new Boom('top'), JSON_THROW_ON_ERROR);
run('top throw|partial', new Boom('top'), JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR);
$list = [new Ok('first'), new Boom('b1'), new Ok('middle'), new Boom('b2'), new Ok('last')];
run('list', $list);
run('list partial', $list, JSON_PARTIAL_OUTPUT_ON_ERROR);
run('list throw', $list, JSON_THROW_ON_ERROR);
run('with previous', new Boom('p', new LogicException('inner')));
run('nested in object', (object)['a' => ['b' => new Boom('deep')]]);
run('after NAN', [NAN, new Boom('afternan')]);
run('after NAN partial', [NAN, new Boom('afternan')], JSON_PARTIAL_OUTPUT_ON_ERROR);
run('before bad utf8', [new Boom('x'), "\xff"]);
run('before bad utf8 partial', [new Boom('x'), "\xff"], JSON_PARTIAL_OUTPUT_ON_ERROR);

echo "== an Error (not Exception)\n";
class Err implements JsonSerializable {
    public function jsonSerialize(): mixed { return intdiv(1, 0); }
}
run('DivisionByZeroError', [new Err]);
echo "== exception inside a nested json_encode() that the user catches\n";
class Catcher implements JsonSerializable {
    public function jsonSerialize(): mixed {
        try { json_encode(new Boom('inner')); } catch (RuntimeException $e) { return 'caught ' . $e->getMessage(); }
        return 'not caught';
    }
}
run('catcher', [new Catcher, new Ok('after')]);
echo "== state is clean afterwards\n";
rj_enc('after', [1, [2]], JSON_PRETTY_PRINT);
?>
--EXPECT--
top: RuntimeException(42): boom top prev=none #0 calls=top
top partial: RuntimeException(42): boom top prev=none #0 calls=top
top throw: RuntimeException(42): boom top prev=none #4 calls=top
top throw|partial: RuntimeException(42): boom top prev=none #0 calls=top
list: RuntimeException(42): boom b1 prev=none #0 calls=first,b1
list partial: RuntimeException(42): boom b1 prev=none #0 calls=first,b1
list throw: RuntimeException(42): boom b1 prev=none #4 calls=first,b1
with previous: RuntimeException(42): boom p prev=LogicException:inner #0 calls=p
nested in object: RuntimeException(42): boom deep prev=none #0 calls=deep
after NAN: RuntimeException(42): boom afternan prev=none #7 calls=afternan
after NAN partial: RuntimeException(42): boom afternan prev=none #7 calls=afternan
before bad utf8: RuntimeException(42): boom x prev=none #0 calls=x
before bad utf8 partial: RuntimeException(42): boom x prev=none #5 calls=x
== an Error (not Exception)
DivisionByZeroError: DivisionByZeroError(0): Division by zero prev=none #0 calls=
== exception inside a nested json_encode() that the user catches
catcher: returned ["caught boom inner","after"] #0 calls=inner,after
== state is clean afterwards
after: [
    1,
    [
        2
    ]
] #0
