<?php
/*
 * tools/zts-threads/threads.php: what every thread of tools/zts-threads/main.c runs, in each of its
 * requests, at the same time as the other threads: rj_thread_main(). Returns [checks, failures].
 *
 * Per iteration (thread-specific schedules, so that the threads are in different states at any time):
 *   - the thread's own serialize_precision (-1, 17, 14, 10, 5, 1, 20, 0; changed every few iterations):
 *     json_encode of fixed floats must give that precision's frozen stock bytes;
 *   - the thread's own base rustjson.enabled (flipped every few iterations, spelled 1/On/yes/true or
 *     0/Off/no/false/'', sometimes by ini_restore()); with the timing probe on, a 256 KB ASCII string
 *     must encode at the speed of the implementation that setting selects (stock on a debug PHP is
 *     ~20x slower than rustjson; calibrated per request);
 *   - differential json_encode: random values (strings with escapes/invalid UTF-8/line terminators,
 *     ints, floats incl. INF/NAN/-0.0, lists, maps, stdClass, JsonSerializable incl. throwing and nested
 *     json_encode calls and one that flips rustjson.enabled mid-encode, backed and pure enums, resources,
 *     references, recursion, deep nesting), random flags (all 15, THROW_ON_ERROR and
 *     PARTIAL_OUTPUT_ON_ERROR included) and depths, some unusual argument types; stock
 *     (rustjson.enabled=0) and rustjson in this thread must agree on the result, json_last_error(),
 *     json_last_error_msg(), exception, warnings and the jsonSerialize() call order;
 *   - differential json_validate (PHP 8.2: json_decode()'s error code; 8.3+: stock json_validate);
 *   - json_last_error isolation: produce this thread's error (codes 1, 3, 4, 5, 6, 7, 8, 11 in a
 *     thread-specific order), sleep/spin while the other threads set theirs, then json_last_error()
 *     and json_last_error_msg() must still be this thread's.
 * Request start: rustjson.enabled, serialize_precision and json_last_error() are at their defaults
 * although the thread's previous request left them changed. Leak self-check: zend_leak_bytes(16).
 */

final class RjT
{
    public static int $tid = 0, $req = 0, $checks = 0, $fails = 0, $shown = 0;
    public static array $log = [], $warnings = [];
    public static string $base = '1';   // the thread's current base rustjson.enabled value (as set)
    public static int $baseOn = 1;
    public static int $prec = -1;
    public static float $tStock = 0.0, $tRust = 0.0;
    public static string $probe = '';
    public static $res = null;
}

const RJ_FLAGS = [JSON_HEX_TAG, JSON_HEX_AMP, JSON_HEX_APOS, JSON_HEX_QUOT, JSON_FORCE_OBJECT, JSON_NUMERIC_CHECK,
    JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT, JSON_UNESCAPED_UNICODE, JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_PRESERVE_ZERO_FRACTION, JSON_UNESCAPED_LINE_TERMINATORS, JSON_INVALID_UTF8_IGNORE,
    JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR];

// serialize_precision => stock json_encode([1/3, 0.1, 1e22, -0.0, 123456.789]) (frozen from PHP 8.2)
const RJ_PRECISION = [
    -1 => '[0.3333333333333333,0.1,1.0e+22,-0,123456.789]',
    17 => '[0.33333333333333331,0.10000000000000001,1.0e+22,-0,123456.789]',
    14 => '[0.33333333333333,0.1,1.0e+22,-0,123456.789]',
    10 => '[0.3333333333,0.1,1.0e+22,-0,123456.789]',
    5 => '[0.33333,0.1,1.0e+22,-0,1.2346e+5]',
    1 => '[0.3,0.1,1.0e+22,-0,1.0e+5]',
    20 => '[0.33333333333333331483,0.10000000000000000555,1.0e+22,-0,123456.78900000000431]',
    0 => '[0.3,0.1,1.0e+22,-0.0e+0,1.0e+5]',
];

const RJ_ERRMSG = [0 => 'No error', 1 => 'Maximum stack depth exceeded', 3 => 'Control character error, possibly incorrectly encoded',
    4 => 'Syntax error', 5 => 'Malformed UTF-8 characters, possibly incorrectly encoded', 6 => 'Recursion detected',
    7 => 'Inf and NaN cannot be JSON encoded', 8 => 'Type is not supported', 11 => 'Non-backed enums have no default serialization'];

const RJ_ON = ['1', 'On', 'yes', 'true', '1'];
const RJ_OFF = ['0', 'Off', 'no', 'false', ''];

const RJ_PIECES = ['a', 'Zz', ' ', '"', '\\', '/', '<', '>', '&', "'", "\u{e9}", "\u{20ac}", "\u{1f600}", "\n", "\t", "\x01",
    "\x1f", "\x7f", "\u{2028}", "\u{2029}", '0', '12', '-1.5e3', 'x y', "\u{ffff}", "\u{10ffff}"];
const RJ_BAD = ["\xc3", "\xff", "\xed\xa0\x80", "\xf0\x9f\x98", "\xc0\xaf", "\xe2\x82", "\xf4\x90\x80\x80", "\x80"];

enum RjSuit: string
{
    case Hearts = 'h';
    case Spades = "s\u{e9}/\"";
}

enum RjNum: int
{
    case One = 1;
    case Big = PHP_INT_MAX;
}

enum RjPure
{
    case A;
}

class RjSer implements JsonSerializable
{
    public function __construct(public mixed $v, public string $tag, public int $mode = 0, public int $flags = 0)
    {
    }

    public function jsonSerialize(): mixed
    {
        RjT::$log[] = $this->tag;
        switch ($this->mode) {
            case 1:
                throw new RuntimeException("thrown by {$this->tag}", 42);
            case 2:
                return $this;                                       // encoded as its public properties
            case 3:
                return ['nested' => json_encode($this->v, $this->flags), 'err' => json_last_error()];
            case 4:                                                 // flip this thread's switch mid-encode
                $old = ini_get('rustjson.enabled');
                ini_set('rustjson.enabled', $old === '0' || $old === '' ? '1' : '0');
                $r = [json_encode($this->v, $this->flags), json_last_error(), $this->v];
                ini_set('rustjson.enabled', $old);
                return $r;
            default:
                return $this->v;
        }
    }
}

class RjPriv
{
    public $a = 1;
    protected $b = 2;
    private $c = 3;
    public int $typedUnset;
    public ?string $s = "x\u{e9}";
}

function rj_short(mixed $v): string
{
    $s = print_r($v, true);
    return addcslashes(strlen($s) > 700 ? substr($s, 0, 700) . '...' : $s, "\0..\37\177..\377");
}

function rj_check(bool $ok, string $what, mixed $detail = null): void
{
    RjT::$checks++;
    if ($ok) {
        return;
    }
    RjT::$fails++;
    if (RjT::$shown++ < 6) {
        echo 'thread ', RjT::$tid, ' request ', RjT::$req, ": MISMATCH $what",
            $detail === null ? '' : ': ' . rj_short($detail), "\n";
    }
}

function rj_float(): float
{
    $f = [0.0, -0.0, 1.0, 0.1, 1 / 3, 1e15, 1e22, 1.5e-7, 123456789.125, M_PI, 1e300, -1e-300, 5e-324, 2.0 ** 53,
        PHP_FLOAT_MAX, 100.0, -2.5, INF, -INF, NAN];
    $k = mt_rand(0, count($f) + 2);
    if ($k < count($f)) {
        return $f[$k];
    }
    return mt_rand() / mt_getrandmax() * 10 ** mt_rand(-25, 25) * (mt_rand(0, 1) ? 1 : -1);
}

function rj_str(): string
{
    switch (mt_rand(0, 11)) {
        case 0:
            return '';
        case 1:
            return (string) mt_rand(-100000, 100000);
        case 2:
            return ['1.5', '1e400', '-0', '0x1A', ' 12', '12 ', '.5', '1e2', '9223372036854775808', '-0.0', '1E-7'][mt_rand(0, 10)];
        case 3:
            return str_repeat(RJ_PIECES[mt_rand(0, count(RJ_PIECES) - 1)], mt_rand(1, 300));
    }
    $s = mt_rand(0, 3) === 0 ? str_repeat('abcdefghijklmnop', mt_rand(1, 60)) : '';
    for ($n = mt_rand(1, 24); $n > 0; $n--) {
        $s .= RJ_PIECES[mt_rand(0, count(RJ_PIECES) - 1)];
    }
    if (mt_rand(0, 5) === 0) {
        $p = mt_rand(0, strlen($s));
        $s = substr($s, 0, $p) . RJ_BAD[mt_rand(0, count(RJ_BAD) - 1)] . substr($s, $p);
    }
    return $s;
}

function rj_key(): string|int
{
    return mt_rand(0, 3) ? rj_str() : mt_rand(-5, 50);
}

function rj_value(int $d): mixed
{
    switch (mt_rand(0, $d >= 4 ? 6 : 16)) {
        case 0:
            return null;
        case 1:
            return (bool) mt_rand(0, 1);
        case 2:
            return [0, -1, 1, PHP_INT_MAX, PHP_INT_MIN, mt_rand(), -mt_rand()][mt_rand(0, 6)];
        case 3:
            return rj_float();
        case 4:
        case 5:
            return rj_str();
        case 6:
            return [RjSuit::Hearts, RjSuit::Spades, RjNum::One, RjNum::Big, RjPure::A, RjT::$res, 'plain'][mt_rand(0, 6)];
        case 7:
        case 8:
            $a = [];
            for ($n = mt_rand(0, 6); $n > 0; $n--) {
                $a[] = rj_value($d + 1);
            }
            return $a;
        case 9:
        case 10:
            $a = [];
            for ($n = mt_rand(0, 6); $n > 0; $n--) {
                $a[rj_key()] = rj_value($d + 1);
            }
            return $a;
        case 11:
            $o = new stdClass();
            for ($n = mt_rand(0, 5); $n > 0; $n--) {
                $o->{(string) rj_key()} = rj_value($d + 1);
            }
            return $o;
        case 12:
            $m = [0, 0, 0, 1, 2, 3, 4][mt_rand(0, 6)];
            $f = mt_rand(0, 1) ? 0 : RJ_FLAGS[mt_rand(0, count(RJ_FLAGS) - 2)];
            return new RjSer(rj_value($d + 1), 't' . mt_rand(0, 99), $m, $f);
        case 13:
            return [new RjPriv(), new ArrayObject([1, 'a' => 2]), function () {},
                new DateTimeImmutable('2020-01-02 03:04:05.678901', new DateTimeZone('UTC')), new ArrayIterator([])][mt_rand(0, 4)];
        case 14:                                                    // references
            $x = rj_value($d + 1);
            $a = ['r1' => &$x, 'r2' => &$x, 'v' => $x];
            return $a;
        case 15:                                                    // recursion
            if (mt_rand(0, 1)) {
                $a = ['x' => rj_value($d + 1)];
                $a['self'] = &$a;
                return $a;
            }
            $o = new stdClass();
            $o->x = rj_value($d + 1);
            $o->self = $o;
            return $o;
        default:                                                    // deep nesting around the default 512
            $v = mt_rand(0, 1) ? [] : rj_str();
            for ($n = mt_rand(2, 3) === 2 ? mt_rand(500, 520) : mt_rand(2, 40); $n > 0; $n--) {
                $v = mt_rand(0, 3) ? [$v] : ['k' => $v];
            }
            return $v;
    }
}

function rj_flags(): int
{
    $f = 0;
    foreach (RJ_FLAGS as $flag) {
        if (mt_rand(0, $flag === JSON_THROW_ON_ERROR ? 9 : 3) === 0) {
            $f |= $flag;
        }
    }
    return $f;
}

function rj_error_handler(int $no, string $str): bool
{
    RjT::$warnings[] = "$no:$str";
    return true;
}

/** One json_encode() call with everything observable about it. */
function rj_encode(mixed $v, mixed $flags, mixed $depth, int $argc): array
{
    RjT::$log = [];
    RjT::$warnings = [];
    json_decode('{');   // an error left behind by a previous call
    try {
        $r = match ($argc) {
            1 => json_encode($v),
            2 => json_encode($v, $flags),
            default => json_encode($v, $flags, $depth),
        };
        $ex = null;
    } catch (Throwable $e) {
        $r = null;
        $ex = get_class($e) . '#' . $e->getCode() . ': ' . $e->getMessage();
        for ($p = $e->getPrevious(); $p; $p = $p->getPrevious()) {
            $ex .= ' <- ' . get_class($p) . '#' . $p->getCode() . ': ' . $p->getMessage();
        }
    }
    return ['result' => $r, 'error' => json_last_error(), 'msg' => json_last_error_msg(), 'exception' => $ex,
        'jsonSerialize' => RjT::$log, 'warnings' => RjT::$warnings];
}

function rj_set_enabled(string $v): void
{
    if (ini_set('rustjson.enabled', $v) === false) {
        rj_check(false, "ini_set('rustjson.enabled', '$v') failed");
    }
}

function rj_diff(mixed $v, mixed $flags, mixed $depth, int $argc): void
{
    rj_set_enabled('0');
    $want = rj_encode($v, $flags, $depth, $argc);
    rj_set_enabled('1');
    $got = rj_encode($v, $flags, $depth, $argc);
    rj_set_enabled(RjT::$base);
    if ($want !== $got) {
        rj_check(false, 'json_encode stock vs rustjson', ['flags' => $flags, 'depth' => $depth, 'argc' => $argc,
            'value' => $v, 'stock' => $want, 'rustjson' => $got]);
    } else {
        rj_check(true, '');
    }
}

function rj_validate_oracle(string $doc, int $depth, int $flags): array
{
    if (PHP_VERSION_ID >= 80300) {
        rj_set_enabled('0');
        json_decode('{');
        $r = json_validate($doc, $depth, $flags);
        $w = [$r, json_last_error()];
        rj_set_enabled(RjT::$base);
        return $w;
    }
    // Stock's json_decode() (rustjson serves it by default).
    $dec = ini_get('rustjson.decode');
    if ($dec !== false) {
        ini_set('rustjson.decode', '0');
    }
    json_decode($doc, true, $depth, $flags);
    $e = json_last_error();
    if ($dec !== false) {
        ini_set('rustjson.decode', $dec);
    }
    return [$e === 0, $e];
}

function rj_validate_diff(): void
{
    try {
        $doc = json_encode(rj_value(2), JSON_PARTIAL_OUTPUT_ON_ERROR | (mt_rand(0, 1) ? JSON_PRETTY_PRINT : 0)
            | (mt_rand(0, 1) ? JSON_UNESCAPED_UNICODE : 0), 600);
    } catch (Throwable) {
        $doc = null;
    }
    if (!is_string($doc)) {
        $doc = '[1,2';
    }
    for ($m = mt_rand(0, 2); $m > 0 && $doc !== ''; $m--) {
        $p = mt_rand(0, strlen($doc));
        $ins = ['[', ']', '{', '}', ',', ':', '"', '\\', "\x00", "\x01", "\xff", "\xc3", ' ', 'e', '-', '.'][mt_rand(0, 15)];
        $doc = mt_rand(0, 1) ? substr($doc, 0, $p) . $ins . substr($doc, $p) : substr($doc, 0, $p);
    }
    $depth = [512, 512, 1, 2, 3, 600][mt_rand(0, 5)];
    $flags = mt_rand(0, 2) ? 0 : JSON_INVALID_UTF8_IGNORE;
    $want = rj_validate_oracle($doc, $depth, $flags);
    rj_set_enabled('1');
    json_decode('{');
    $got = [json_validate($doc, $depth, $flags), json_last_error()];
    rj_set_enabled(RjT::$base);
    rj_check($want === $got, 'json_validate', ['doc' => $doc, 'depth' => $depth, 'flags' => $flags, 'oracle' => $want,
        'rustjson' => $got]);
}

/** Produce json_last_error() = $code with the thread's current implementation. */
function rj_make_error(int $code): void
{
    switch ($code) {
        case 1: json_encode([[1]], 0, 1); break;
        case 3: json_validate("\"\x01\""); break;
        case 4: json_validate('{'); break;
        case 5: json_encode("ok\xff"); break;
        case 6: $o = new stdClass(); $o->o = $o; json_encode($o); $o->o = null; break;
        case 7: json_encode([1, NAN]); break;
        case 8: json_encode(RjT::$res); break;
        case 11: json_encode(['e' => RjPure::A]); break;
    }
}

/** Which implementation serves json_encode() in this thread right now: 1 rustjson, 0 stock (by speed). */
function rj_probe_time(int $n): float
{
    $best = INF;
    for ($i = 0; $i < $n; $i++) {
        $t = hrtime(true);
        json_encode(RjT::$probe);
        $best = min($best, hrtime(true) - $t);
    }
    return $best;
}

function rj_calibrate(): bool
{
    for ($try = 0; $try < 3; $try++) {
        rj_set_enabled('0');
        RjT::$tStock = rj_probe_time(5);
        rj_set_enabled('1');
        RjT::$tRust = rj_probe_time(7);
        rj_set_enabled(RjT::$base);
        if (RjT::$tStock > 3 * RjT::$tRust) {
            return true;
        }
    }
    return false;
}

function rj_probe(string $when): void
{
    $t = rj_probe_time(5);
    $impl = $t * $t < RjT::$tStock * RjT::$tRust ? 1 : 0;   // below the geometric mean: rustjson
    rj_check($impl === RjT::$baseOn, "$when: rustjson.enabled='" . RjT::$base . "' but json_encode is served by "
        . ($impl ? 'rustjson' : 'stock'), sprintf('probe %.0f us; calibrated stock %.0f us, rustjson %.0f us',
        $t / 1e3, RjT::$tStock / 1e3, RjT::$tRust / 1e3));
}

function rj_thread_main(int $tid, int $req, int $nthreads, int $iters, int $seed, int $timing, int $enabled0, int $leak): array
{
    RjT::$tid = $tid;
    RjT::$req = $req;
    RjT::$base = (string) $enabled0;
    RjT::$baseOn = $enabled0;
    RjT::$probe = str_repeat('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.,;', 4000);
    RjT::$res = fopen('php://memory', 'r');
    mt_srand($seed + 1000 * $tid + $req);
    set_error_handler('rj_error_handler');
    $t0 = hrtime(true);

    // the previous request of this thread left everything changed: all back at the defaults?
    rj_check(ini_get('rustjson.enabled') === (string) $enabled0, 'request start: rustjson.enabled',
        ini_get('rustjson.enabled'));
    rj_check(ini_get('serialize_precision') === '-1', 'request start: serialize_precision', ini_get('serialize_precision'));
    rj_check(json_last_error() === 0, 'request start: json_last_error', json_last_error());
    rj_check(json_encode([1 / 3, 0.1, 1e22, -0.0, 123456.789]) === RJ_PRECISION[-1], 'request start: precision -1');
    if ($timing) {
        rj_check(rj_calibrate(), 'timing calibration: stock and rustjson not told apart',
            sprintf('stock %.0f us, rustjson %.0f us', RjT::$tStock / 1e3, RjT::$tRust / 1e3));
        rj_probe('request start');
    }

    $precs = array_keys(RJ_PRECISION);
    $errs = [1, 3, 4, 5, 6, 7, 8, 11];
    $stretch = 2 + $tid % 5;
    for ($i = 0; $i < $iters; $i++) {
        // this thread's base rustjson.enabled, flipped every $stretch iterations
        if ($i % $stretch === 0) {
            $on = (intdiv($i, $stretch) + $tid + $enabled0) % 2;
            if ($on === $enabled0 && mt_rand(0, 2) === 0) {
                ini_restore('rustjson.enabled');
                RjT::$base = (string) $enabled0;
            } else {
                RjT::$base = ($on ? RJ_ON : RJ_OFF)[mt_rand(0, 4)];
                rj_set_enabled(RjT::$base);
            }
            RjT::$baseOn = $on;
        }
        rj_check(ini_get('rustjson.enabled') === RjT::$base, 'rustjson.enabled changed under this thread',
            [ini_get('rustjson.enabled'), RjT::$base]);
        // this thread's serialize_precision
        if ($i % (3 + $tid % 4) === 0) {
            RjT::$prec = $precs[($tid + intdiv($i, 3 + $tid % 4)) % count($precs)];
            ini_set('serialize_precision', (string) RjT::$prec);
        }
        $p = json_encode([1 / 3, 0.1, 1e22, -0.0, 123456.789]);
        rj_check($p === RJ_PRECISION[RjT::$prec] && ini_get('serialize_precision') === (string) RjT::$prec,
            'serialize_precision ' . RjT::$prec . ' of this thread', [$p, ini_get('serialize_precision')]);

        // differential json_encode/json_validate
        for ($k = 0; $k < 6; $k++) {
            $v = rj_value(0);
            switch (mt_rand(0, 19)) {
                case 0: rj_diff($v, 0, 512, 1); break;
                case 1: rj_diff($v, [(string) rj_flags(), null, 1.0, true][mt_rand(0, 3)], 512, 2); break;
                case 2: rj_diff($v, rj_flags(), [0, -1, PHP_INT_MAX, '7', null][mt_rand(0, 4)], 3); break;
                case 3: case 4: rj_diff($v, rj_flags(), mt_rand(1, 6), 3); break;
                default: rj_diff($v, rj_flags(), 512, 3); break;
            }
        }
        for ($k = 0; $k < 2; $k++) {
            rj_validate_diff();
        }

        // json_last_error isolation: this thread's error survives the others' calls
        $code = $errs[($tid * 3 + $i) % count($errs)];
        rj_make_error($code);
        rj_check(json_last_error() === $code, "json_last_error() right after error $code", json_last_error());
        if (mt_rand(0, 1)) {
            usleep(mt_rand(20, 400));
        } else {
            for ($s = '', $n = mt_rand(100, 2000); $n > 0; $n--) {
                $s .= chr($n & 127);
            }
        }
        rj_check(json_last_error() === $code && json_last_error_msg() === RJ_ERRMSG[$code],
            "json_last_error() of this thread ($code) after sleeping", [json_last_error(), json_last_error_msg()]);
        json_encode(['fine']);
        rj_check(json_last_error() === 0, 'json_last_error() after a good call', json_last_error());

        if ($timing && $i % 10 === 5) {
            rj_probe("iteration $i");
        }
    }

    // leave this request's state changed; the next request of this thread must not see it
    ini_set('rustjson.enabled', $enabled0 ? 'Off' : 'On');
    ini_set('serialize_precision', '17');
    json_encode("\xff");
    fclose(RjT::$res);
    if ($leak) {
        zend_leak_bytes(16);
    }
    restore_error_handler();
    printf("thread %d request %d: %d checks, %d failed (%.2fs%s)\n", $tid, $req, RjT::$checks, RjT::$fails,
        (hrtime(true) - $t0) / 1e9, $timing ? sprintf('; probe calibration: stock %.0f us, rustjson %.0f us',
        RjT::$tStock / 1e3, RjT::$tRust / 1e3) : '');
    return [RjT::$checks, RjT::$fails];
}
