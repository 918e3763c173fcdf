<?php
// Fixture classes for the differential json_encode() fuzzer (tools/fuzz).
//
// Global namespace and no declare(strict_types) on purpose:
// - reproductions and regression .phpt files copy the definitions they use
//   verbatim (Report::classSource() cuts each class out by its reflection
//   line range), so every class must be self-contained between its
//   `class`/`enum` line and its closing brace, with attributes on that line;
// - return-type coercion in jsonSerialize() (FzJsInt) is part of what is
//   tested, and that needs coercive mode in this file.
//
// Nothing here may print object handles, resource ids or addresses: the two
// sides of a comparison build separate object graphs.

final class FzLog
{
    /** @var list<string> jsonSerialize() calls, nested results, PHP errors, in order */
    public static array $calls = [];

    public static function onError(int $no, string $str): bool
    {
        self::$calls[] = "php error $no: " . self::norm($str);
        return true;
    }

    /** Resource ids differ between the two sides; blank them. */
    public static function norm(string $s): string
    {
        return preg_replace('/Resource id #\d+/', 'Resource id #N', $s);
    }

    /**
     * Printable ASCII kept, every other byte as \xHH. JSON output never
     * contains "\x", so this stays unambiguous for encoder results.
     */
    public static function esc(string $s): string
    {
        return preg_replace_callback('/[^\x20-\x7e]/', static fn ($m) => sprintf('\\x%02X', ord($m[0])), $s);
    }

    public static function show(mixed $v): string
    {
        if (is_string($v)) {
            return 'string(' . strlen($v) . ') "' . self::esc($v) . '"';
        }
        return is_object($v) ? get_class($v) . ' object' : self::norm(var_export($v, true));
    }

    public static function closedResource(): mixed
    {
        $h = fopen('php://memory', 'r');
        fclose($h);
        return $h;
    }

    /**
     * Everything observable about one json_encode() call. Must be called
     * right after it: json_last_error() is read first.
     * $r is the return value, or the Throwable that escaped the call;
     * $post: also fingerprint $value afterwards (print_r is O(nesting^2)).
     */
    public static function record(mixed $r, mixed $value, bool $post = true): array
    {
        $err = json_last_error();
        $msg = json_last_error_msg();
        $exc = null;
        if ($r instanceof Throwable) {
            $exc = [];
            for ($e = $r; $e !== null; $e = $e->getPrevious()) {
                $frames = [];
                foreach ($e->getTrace() as $f) {
                    $frames[] = ($f['class'] ?? '') . ($f['type'] ?? '') . $f['function'];
                    if ($f['function'] === 'json_encode') {
                        break;
                    }
                }
                $exc[] = [get_class($e), self::norm($e->getMessage()), $e->getCode(),
                    basename($e->getFile()) . ':' . $e->getLine(), implode(' < ', $frames)];
            }
            $r = null;
        }
        return [
            'out' => $r,
            'err' => $err,
            'msg' => $msg,
            'exc' => $exc,
            'calls' => self::$calls,
            // The encoded value afterwards (mutations by jsonSerialize, or by the encoder).
            'post' => $post ? substr(md5(self::norm(print_r($value, true))), 0, 12) : 'not taken',
        ];
    }

    public static function format(array $rec): string
    {
        $o = $rec['out'];
        $s = 'out: ' . ($o === null ? '(no return: exception)' : self::show($o)) . "\n";
        $s .= 'json_last_error: ' . $rec['err'] . ' "' . $rec['msg'] . "\"\n";
        foreach ($rec['exc'] ?? [] as $i => [$cls, $m, $code, $where, $trace]) {
            $s .= ($i ? 'previous: ' : 'exception: ') . "$cls code=$code \"" . self::esc($m) . "\" at $where"
                . ($trace === '' ? '' : " via $trace") . "\n";
        }
        foreach ($rec['calls'] as $c) {
            $s .= 'call: ' . self::esc($c) . "\n";
        }
        return $s . 'post: ' . $rec['post'] . "\n";
    }
}

final class FzEx extends Exception {}

/**
 * Compile-time (immutable) arrays: never recursion-marked by the encoder
 * (GC_TRY_PROTECT_RECURSION), and read-only shared memory under opcache.
 */
final class FzLit
{
    public const ALL = [
        [1, 2, 3],
        ['a' => 1, 'b' => [true, null, 1.5], 'c' => ['d' => ['e' => 'f']]],
        [0 => 'x', 2 => 'y'],
        [[[[[[]]]]]],
        ['<>&\'"/' => "\u{2028}\u{e9}", '' => '', '0' => 0, -1 => -0.0],
        [1 => 'a', 0 => 'b'],
        ['9223372036854775807' => PHP_INT_MAX, 'min' => PHP_INT_MIN, 'f' => 1e100, 's' => ' 12 '],
        ["\xff" => 1, 'bad' => "a\xc3"],
        [INF],
    ];
}

class FzPlain { public $a = 1; protected $b = 'prot'; private $c = 'priv'; public $d = null; public static $st = 'static'; }

class FzChild extends FzPlain { private $c = 'child-priv'; public $e = 'e'; protected $f = 'f'; public $a2; }

class FzTyped
{
    public int $i;
    public ?string $s;
    public float $f = 1.5;
    public array $arr = [];
    public bool $bl;
    public mixed $m;
    public readonly int $ro;

    public function initRo(int $v): void { $this->ro = $v; }
}

#[AllowDynamicProperties] class FzDyn { public $x = 'x'; private $hidden = 'hidden'; }

class FzPrivOnly { private $a = 1; protected $b = 2; }

class FzEmpty {}

class FzCtor { public function __construct(public mixed $first = 1, protected mixed $mid = 2, public mixed $last = 3) {} }

class FzAO extends ArrayObject { public $pub = 'pub'; }

class FzDT extends DateTime { public $extra = 'extra'; }

class FzJsAO extends ArrayObject implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        FzLog::$calls[] = 'FzJsAO';
        return $this->getArrayCopy();
    }
}

/**
 * The general JsonSerializable fixture. $mode picks what jsonSerialize()
 * does; $opt holds the mode's parameters (see GenObject::js()).
 */
#[AllowDynamicProperties] class FzJs implements JsonSerializable
{
    public $p = 'js';
    private mixed $ret = null;
    private mixed $target = null;

    public function __construct(private int $id = 0, private string $mode = 'ret', private array $opt = []) {}

    public function setRet(mixed $v): void { $this->ret = $v; }

    /** Target of 'mutate': an enclosing array (by reference) or an object. */
    public function bind(mixed &$t): void { $this->target = &$t; }

    public function bindObj(object $o): void { $this->target = $o; }

    public function jsonSerialize(): mixed
    {
        FzLog::$calls[] = static::class . '#' . $this->id . ' ' . $this->mode;
        $o = $this->opt;
        switch ($this->mode) {
            case 'this':
                return $this;
            case 'throw': // [class, message, code, previous class|null]
                throw new $o[0]($o[1], $o[2], $o[3] === null ? null : new $o[3]('previous', 77));
            case 'nested': // [flags, depth, subject 'this'|'ret', catch, return 'result'|'this'|'ret']
                $subject = $o[2] === 'this' ? $this : $this->ret;
                if ($o[3]) {
                    try {
                        $r = json_encode($subject, $o[0], $o[1]);
                    } catch (JsonException $e) {
                        $r = 'JsonException ' . $e->getCode() . ' ' . $e->getMessage();
                    }
                } else {
                    $r = json_encode($subject, $o[0], $o[1]);
                }
                FzLog::$calls[] = 'nested -> ' . FzLog::show($r) . ' err=' . json_last_error();
                return $o[4] === 'result' ? $r : ($o[4] === 'this' ? $this : $this->ret);
            case 'mutate': // [op, name|null, return 'this'|'ret']
                $t = &$this->target;
                switch ($o[0]) {
                    case 'pop': if (is_array($t)) { array_pop($t); } break;
                    case 'shift': if (is_array($t) && $t) { unset($t[array_key_first($t)]); } break;
                    case 'push': if (is_array($t)) { $t[] = 'pushed'; } break;
                    case 'clear': if (is_array($t)) { $t = []; } break;
                    case 'setk': if (is_array($t)) { $t[$o[1]] = 'set'; } break;
                    case 'oset': if (is_object($t)) { $t->{$o[1]} = 'set'; } break;
                    case 'ounset': if (is_object($t)) { unset($t->{$o[1]}); } break;
                    case 'sset': $this->{$o[1]} = 'self-set'; break;
                    case 'sunset': unset($this->{$o[1]}); break;
                }
                return $o[2] === 'this' ? $this : $this->ret;
            case 'inspect': // [what, return 'this'|'ret']
                $s = match ($o[0]) {
                    'print_r' => print_r($this, true),
                    'var_export' => var_export($this, true),
                    'vars' => implode(',', array_keys(get_object_vars($this))),
                    'cast' => implode(',', array_keys((array) $this)),
                    'json' => var_export(json_encode($this), true) . ' err=' . json_last_error(),
                };
                FzLog::$calls[] = 'inspect ' . $o[0] . ': ' . (strlen($s) > 300 ? md5(FzLog::norm($s)) : FzLog::norm($s));
                return $o[1] === 'this' ? $this : $this->ret;
            case 'decode': // [json, flags]: a nested json_decode() writes JSON_G(error_code) (bug72069)
                try {
                    json_decode($o[0], false, 512, $o[1]);
                } catch (JsonException $e) {
                    FzLog::$calls[] = 'decode threw ' . $e->getCode();
                }
                FzLog::$calls[] = 'decode err=' . json_last_error();
                return $this->ret;
            case 'prec': // [serialize_precision]: changed in the middle of an encode
                ini_set('serialize_precision', (string) $o[0]);
                return $this->ret;
            case 'gen':
                return (static function () { yield 1; })();
            default:
                return $this->ret;
        }
    }
}

#[AllowDynamicProperties] class FzJsChild extends FzJs { public $q = 'child'; }

/** Return-type coercion of jsonSerialize(): "5" -> 5, 1.5 -> deprecation, "x" -> TypeError. */
class FzJsInt implements JsonSerializable
{
    public function __construct(private int $id, private mixed $v) {}

    public function jsonSerialize(): int
    {
        FzLog::$calls[] = 'FzJsInt#' . $this->id;
        return $this->v;
    }
}

enum FzPure { case A; case B; }

enum FzInt: int { case Zero = 0; case Neg = -1; case N42 = 42; case Max = PHP_INT_MAX; case Min = PHP_INT_MIN; }

enum FzStr: string
{
    case Empty = '';
    case One = '1';
    case Exp = ' 1e2';
    case Flt = '1.0';
    case Big = '9223372036854775808';
    case Inf = '1e999';
    case Slash = 'a/b';
    case Html = '<a href="x">&\'</a>';
    case Uni = "\u{e9}\u{2028}\u{1F600}";
    case Ctl = "\x00\x1f\x7f";
    case Bad = "ok\xff";
}

enum FzJsEnum: string implements JsonSerializable
{
    case This = 'this';
    case Arr = 'arr';
    case Other = 'other';
    case Throw = 'throw';

    public function jsonSerialize(): mixed
    {
        FzLog::$calls[] = 'FzJsEnum::' . $this->name;
        return match ($this) {
            self::This => $this,
            self::Arr => [$this->value, FzInt::N42, FzStr::One],
            self::Other => FzPure::A,
            self::Throw => throw new RuntimeException('from enum', 3),
        };
    }
}
