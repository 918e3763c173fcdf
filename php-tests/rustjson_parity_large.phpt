--TEST--
rustjson: a large generated mixed value encodes identically with rustjson.enabled=1 and =0, for many flag combinations
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode). The value is generated deterministically (mt_srand).
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--INI--
memory_limit=256M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class Js implements JsonSerializable {
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
class Pt { public $x; public $y; protected $z = 'hidden'; public function __construct($x, $y) { $this->x = $x; $this->y = $y; } }
enum Color: string { case Red = 'red'; case Num = '12'; }
enum Level: int { case Low = 1; case High = 10; }

mt_srand(20240229);
function rstr(bool $dirty = false): string {
    if ($dirty && mt_rand(0, 40) === 0) {
        return ["\xff", "a\xed\xa0\x80b", "\xe2\x82", "x\xc3", "\xf4\x90\x80\x80"][mt_rand(0, 4)];
    }
    static $pieces = ['a', 'Z', ' ', '/', '\\', '"', "'", '<', '>', '&', "\n", "\t", "\x01", "\x1f", "\x7f", 'é', '€', '😀',
                      "\u{2028}", "\u{2029}", '日本', '0', '1.5', 'http://x.y/z?q=1&r=2', '', "\xc3\xa9"];
    $s = '';
    $n = mt_rand(0, 12);
    for ($i = 0; $i < $n; $i++) {
        $s .= $pieces[mt_rand(0, count($pieces) - 1)];
    }
    return $s;
}
function rnum(bool $dirty = false): int|float|string {
    if ($dirty && mt_rand(0, 60) === 0) {
        return [NAN, INF, -INF][mt_rand(0, 2)];
    }
    switch (mt_rand(0, 6)) {
        case 0: return mt_rand(-1000, 1000);
        case 1: return mt_rand() * (mt_rand(0, 1) ? 1 : -1) * 4294967296;
        case 2: return mt_rand(-100000, 100000) / 7;
        case 3: return (float)mt_rand(0, 100);
        case 4: return mt_rand(1, 9) * 10 ** mt_rand(-20, 25);
        case 5: return (string)(mt_rand(-99, 99) / 4);
        default: return -0.0;
    }
}
function gen(int $depth, bool $dirty = false): mixed {
    $k = mt_rand(0, $depth > 0 ? 14 : 8);
    switch ($k) {
        case 0: return null;
        case 1: return (bool)mt_rand(0, 1);
        case 2: case 3: return rnum($dirty);
        case 4: case 5: case 6: return rstr($dirty);
        case 7: return Color::from(mt_rand(0, 1) ? 'red' : '12');
        case 8: return Level::from(mt_rand(0, 1) ? 1 : 10);
        case 9: case 10: {
            $a = [];
            for ($i = mt_rand(0, 6); $i > 0; $i--) { $a[] = gen($depth - 1, $dirty); }
            return $a;
        }
        case 11: {
            $a = [];
            for ($i = mt_rand(0, 6); $i > 0; $i--) { $a[rstr($dirty) . mt_rand(0, 3)] = gen($depth - 1, $dirty); }
            return $a;
        }
        case 12: {
            $o = new stdClass;
            for ($i = mt_rand(0, 4); $i > 0; $i--) { $o->{'p' . mt_rand(0, 9)} = gen($depth - 1, $dirty); }
            return $o;
        }
        case 13: return new Js(gen($depth - 1, $dirty));
        default: return new Pt(gen($depth - 1, $dirty), rnum($dirty));
    }
}
$clean = [];
for ($i = 0; $i < 3000; $i++) {
    $clean[] = gen(5);
}
$dirty = [];
for ($i = 0; $i < 1000; $i++) {
    $dirty[] = gen(5, true);
}
$cleanFlags = [
    0, JSON_PRETTY_PRINT, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS,
    JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT, JSON_NUMERIC_CHECK, JSON_PRESERVE_ZERO_FRACTION,
    JSON_FORCE_OBJECT, JSON_NUMERIC_CHECK | JSON_PRETTY_PRINT | JSON_PRESERVE_ZERO_FRACTION,
];
$dirtyFlags = [
    0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT,
];
$diff = 0;
foreach (['clean' => [$clean, $cleanFlags], 'dirty' => [$dirty, $dirtyFlags]] as $name => [$value, $flagsets]) {
    foreach ($flagsets as $f) {
        foreach (['-1', '17'] as $prec) {
            ini_set('serialize_precision', $prec);
            ini_set('rustjson.enabled', '1');
            $on = json_encode($value, $f);
            $onErr = json_last_error();
            ini_set('rustjson.enabled', '0');
            $off = json_encode($value, $f);
            $offErr = json_last_error();
            ini_set('rustjson.enabled', '1');
            $same = $on === $off && $onErr === $offErr;
            if (!$same) {
                $diff++;
            }
            printf("%s flags %-7d precision %-3s: %s len=%d md5=%s #%d\n", $name, $f, $prec, $same ? 'identical' : 'DIFFERENT',
                   is_string($off) ? strlen($off) : -1, is_string($off) ? md5($off) : '-', $offErr);
        }
    }
}
echo "$diff different\n";
?>
--EXPECT--
clean flags 0       precision -1 : identical len=195786 md5=5d9b9b350998e80e3cb6e8f4608983a9 #0
clean flags 0       precision 17 : identical len=197684 md5=6bda5b7af47e951a9b8e43d5d47b9eec #0
clean flags 128     precision -1 : identical len=386507 md5=d813aee61fb626a1225d598396613695 #0
clean flags 128     precision 17 : identical len=388405 md5=e37ca7f154bfb51273a2f09f6e485151 #0
clean flags 256     precision -1 : identical len=168610 md5=fecfd7d6db388352da700206e05dbcf8 #0
clean flags 256     precision 17 : identical len=170508 md5=fb259b6cad87d111dc254af6d7ff1e52 #0
clean flags 2368    precision -1 : identical len=157535 md5=297f3a51a6390e0a349ab65caab5c916 #0
clean flags 2368    precision 17 : identical len=159433 md5=ff408e93b8749b1c0957ef89e7961f5b #0
clean flags 15      precision -1 : identical len=228168 md5=799c4c859d556b207363a7d7bff411b9 #0
clean flags 15      precision 17 : identical len=230066 md5=c1188ebafcf11d26c3c07f9633c8f4b2 #0
clean flags 32      precision -1 : identical len=194087 md5=d266bc5087003b96448ee6101f9bcef5 #0
clean flags 32      precision 17 : identical len=195985 md5=9231b4397cd9718508e722d86908723e #0
clean flags 1024    precision -1 : identical len=197168 md5=47a84a957a067f4c80aa6064dfb99e5b #0
clean flags 1024    precision 17 : identical len=199066 md5=f88d4e169596ef200c267efdebb2f922 #0
clean flags 16      precision -1 : identical len=232448 md5=bd5231c1505ef3cac1eafbf05d753947 #0
clean flags 16      precision 17 : identical len=234346 md5=0d8c9af8630a26097d09a45438984670 #0
clean flags 1184    precision -1 : identical len=386190 md5=d3cfe4ea520a5fc93f07dca6f03f661a #0
clean flags 1184    precision 17 : identical len=388088 md5=a2667bd88e7e18b66793da419f89230f #0
dirty flags 0       precision -1 : identical len=-1 md5=- #5
dirty flags 0       precision 17 : identical len=-1 md5=- #5
dirty flags 512     precision -1 : identical len=68204 md5=68f9e4a8b6a80c548eba69f530a38670 #5
dirty flags 512     precision 17 : identical len=68886 md5=4b1bee93471cae4b6784d1b5c24a1954 #5
dirty flags 2097152 precision -1 : identical len=-1 md5=- #7
dirty flags 2097152 precision 17 : identical len=-1 md5=- #7
dirty flags 1049088 precision -1 : identical len=68194 md5=d9458418a5609a607c4128269f1668f0 #7
dirty flags 1049088 precision 17 : identical len=68876 md5=a43e3937af15e6aef9d085c78c1341c0 #7
dirty flags 2098048 precision -1 : identical len=127056 md5=f32cd4662e523ffb63b758e105af9ab9 #7
dirty flags 2098048 precision 17 : identical len=127738 md5=db8e12e92e16a7591c7ad4ae77e82453 #7
0 different
