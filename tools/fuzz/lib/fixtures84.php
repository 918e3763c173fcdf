<?php
// PHP 8.4+ fixture classes for the differential fuzzer: property hooks, asymmetric visibility and lazy
// objects. This file does not parse before 8.4: bootstrap.php loads it only when PHP_VERSION_ID >= 80400,
// and only the 8.4 generators (GenHook) use these classes.
//
// Same rules as fixtures.php: global namespace, coercive typing, every class self-contained between
// its `class` line and its closing brace (reproductions copy them), nothing that prints object
// handles. Every hook call and every lazy initializer call is logged in FzLog::$calls, so a different
// number or order of calls is a difference.

/**
 * Property hooks of every kind. What a get hook does is chosen per object and property (setHook()):
 *   'backing' its backing value (backed properties) or null (virtual ones)
 *   'ret'     a payload value (nested arrays, objects, JsonSerializable, strings, doubles, ...)
 *   'this'    the object itself (recursion)
 *   'throw'   [class, message, code]
 *   'nested'  [flags, depth, subject 'this'|'ret', catch]: json_encode() inside the hook; returns the result
 *   'sset'    sets $this->scratch (a scalar slot), returns the payload
 *   'sunset'  unset($this->scratch), returns the payload
 *   'dyn'     adds the dynamic property "hook-dyn", returns the payload
 */
#[AllowDynamicProperties] class FzHook
{
    public $plain = 'plain';
    public $scratch = 'scratch';
    protected $prot = 'prot';
    private $priv = 'priv';
    public int $typed;
    public readonly int $ro;
    /** virtual, get only */
    public mixed $virt { get => $this->hook('virt', null); }
    /** virtual, set only: never encoded */
    public mixed $wo { set { FzLog::$calls[] = static::class . "#{$this->id} set wo"; } }
    /** backed, get hook */
    public mixed $bk = 'bk' { get => $this->hook('bk', $this->bk); }
    /** backed, get and set hooks */
    public mixed $gs = 'gs' {
        get => $this->hook('gs', $this->gs);
        set { FzLog::$calls[] = static::class . "#{$this->id} set gs"; $this->gs = $value; }
    }
    /** backed, set hook only: encoded as its backing value */
    public mixed $so = 'so' { set { FzLog::$calls[] = static::class . "#{$this->id} set so"; $this->so = $value; } }
    /** typed, backed, get hook */
    public ?int $ti = 7 { get => $this->hook('ti', $this->ti); }
    public private(set) mixed $asym = 'asym';
    public protected(set) mixed $asym2 = 'asym2';
    protected private(set) mixed $pasym = 'pasym';
    /** private, virtual: never encoded */
    private mixed $pv { get => $this->hook('pv', 'private virtual'); }
    private array $how = [];

    public function __construct(private int $id = 0) {}

    public function setHook(string $name, string $mode, array $opt = [], mixed $ret = null): void
    {
        $this->how[$name] = [$mode, $opt, $ret];
    }

    public function initRo(int $v): void { $this->ro = $v; }

    public function setAsym(mixed $v): void { $this->asym = $v; }

    protected function hook(string $name, mixed $backing): mixed
    {
        FzLog::$calls[] = static::class . "#{$this->id} get $name";
        [$mode, $o, $ret] = $this->how[$name] ?? ['backing', [], null];
        switch ($mode) {
            case 'ret':
                return $ret;
            case 'this':
                return $this;
            case 'throw':
                throw new $o[0]($o[1], $o[2]);
            case 'nested':
                $subject = $o[2] === 'this' ? $this : $ret;
                if ($o[3]) {
                    try {
                        $r = json_encode($subject, $o[0], $o[1]);
                    } catch (JsonException $e) {
                        $r = 'JsonException ' . $e->getCode() . ' ' . $e->getMessage();
                    }
                } else {
                    $r = json_encode($subject, $o[0], $o[1]);
                }
                FzLog::$calls[] = "hook nested -> " . FzLog::show($r) . ' err=' . json_last_error();
                return $r;
            case 'sset':
                $this->scratch = 'hook-set';
                return $ret;
            case 'sunset':
                unset($this->scratch);
                return $ret;
            case 'dyn':
                $this->{'hook-dyn'} = 'added';
                return $ret;
            default:
                return $backing;
        }
    }
}

/** Overriding hooks: the parent's hook through parent::$x::get(), a hook added to an inherited property. */
#[AllowDynamicProperties] class FzHookChild extends FzHook
{
    public $extra = 'extra';
    private $priv = 'child-priv';
    public mixed $bk = 'child-bk' { get => ['child' => parent::$bk::get()]; }
    public mixed $virt { get => $this->hook('child-virt', 'child-virtual'); }
    public $plain { get => $this->hook('plain', $this->plain); }
    public mixed $cv { get => $this->hook('cv', null); }
}

/** A hooked class that is JsonSerializable: jsonSerialize() returns $this, a hooked value or get_object_vars(). */
#[AllowDynamicProperties] class FzHookJs extends FzHook implements JsonSerializable
{
    private string $js = 'this';

    public function setJs(string $js): void { $this->js = $js; }

    public function jsonSerialize(): mixed
    {
        FzLog::$calls[] = 'FzHookJs jsonSerialize ' . $this->js;
        return match ($this->js) {
            'virt' => $this->virt,
            'vars' => get_object_vars($this),
            default => $this,
        };
    }
}

/** A typed backed property with hooks that may be uninitialized: reading it throws an Error. */
class FzHookUninit
{
    public int $n {
        get { FzLog::$calls[] = "FzHookUninit#{$this->id} get n"; return $this->n; }
        set { FzLog::$calls[] = "FzHookUninit#{$this->id} set n"; $this->n = $value; }
    }
    public ?string $u;
    public $after = 'after';

    public function __construct(private int $id = 0) {}
}

/** Constructor-promoted properties with hooks. */
class FzHookCtor
{
    public function __construct(
        private int $id = 0,
        public mixed $first = 'first' { get { FzLog::$calls[] = "FzHookCtor#{$this->id} get first"; return $this->first; } },
        public mixed $second = 'second' { set { FzLog::$calls[] = "FzHookCtor#{$this->id} set second"; $this->second = $value; } },
    ) {}
}

/**
 * Lazy objects (ReflectionClass::newLazyGhost / newLazyProxy). The initializer logs its call, then
 * by $mode: 'plain'; 'throw' [class, message, code, before steps?]; 'nested' (json_encode() of the
 * object being initialized, logged). A ghost's initializer applies $steps to the object; a proxy's
 * factory returns $real. $steps / $real are filled in after the object is made (by reference), so
 * their values may refer back to the lazy object.
 *
 * Steps: ['ctor', args] (__construct), ['set', name, value], ['ro', value] (initRo), ['asym', value],
 * ['hook', name, mode, opt, payload] (setHook), ['js', mode] (setJs), ['ret', value] (FzJs::setRet),
 * ['unset', name].
 */
final class FzLazy
{
    public static function ghost(string $class, int $id, string $mode, array $opt, mixed &$steps): object
    {
        return (new ReflectionClass($class))->newLazyGhost(static function (object $o) use ($id, $mode, $opt, &$steps) {
            FzLog::$calls[] = "init ghost #$id";
            self::before($o, $mode, $opt);
            foreach ($steps ?? [] as $s) {
                self::apply($o, $s);
            }
            self::after($mode, $opt);
        });
    }

    public static function proxy(string $class, int $id, string $mode, array $opt, mixed &$real): object
    {
        return (new ReflectionClass($class))->newLazyProxy(static function (object $o) use ($id, $mode, $opt, &$real) {
            FzLog::$calls[] = "init proxy #$id";
            self::before($o, $mode, $opt);
            self::after($mode, $opt);
            return $real;
        });
    }

    private static function before(object $o, string $mode, array $opt): void
    {
        if ($mode === 'nested') {
            $r = json_encode($o);
            FzLog::$calls[] = 'init nested -> ' . FzLog::show($r) . ' err=' . json_last_error();
        } elseif ($mode === 'throw' && $opt[3]) {
            throw new $opt[0]($opt[1], $opt[2]);
        }
    }

    private static function after(string $mode, array $opt): void
    {
        if ($mode === 'throw' && !$opt[3]) {
            throw new $opt[0]($opt[1], $opt[2]);
        }
    }

    private static function apply(object $o, array $s): void
    {
        switch ($s[0]) {
            case 'ctor':
                $o->__construct(...$s[1]);
                break;
            case 'set':
                $o->{$s[1]} = $s[2];
                break;
            case 'ro':
                $o->initRo($s[1]);
                break;
            case 'asym':
                $o->setAsym($s[1]);
                break;
            case 'hook':
                $o->setHook($s[1], $s[2], $s[3], $s[4]);
                break;
            case 'js':
                $o->setJs($s[1]);
                break;
            case 'ret':
                $o->setRet($s[1]);
                break;
            case 'unset':
                unset($o->{$s[1]});
                break;
        }
    }

    /** Before the encode: ['skip', name], ['raw', name, value], ['init'], ['mark']. */
    public static function pre(object $o, array $a): void
    {
        $r = new ReflectionClass($o);
        switch ($a[0]) {
            case 'skip':
                $r->getProperty($a[1])->skipLazyInitialization($o);
                break;
            case 'raw':
                $r->getProperty($a[1])->setRawValueWithoutLazyInitialization($o, $a[2]);
                break;
            case 'init':
                $r->initializeLazyObject($o);
                break;
            case 'mark':
                $r->markLazyObjectAsInitialized($o);
                break;
        }
    }
}
