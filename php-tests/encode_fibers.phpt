--TEST--
json_encode() inside Fibers: the same result as on the main stack (JsonSerializable, deep nesting, Fiber::suspend() inside jsonSerialize())
--DESCRIPTION--
Regression: rustjson once took its C-stack limit from the thread's stack even while running
on a Fiber's own stack, so every JsonSerializable object and every value nested 128+ deep
gave false/error 1 inside a Fiber.
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class J implements JsonSerializable {
    public function __construct(private $v) {}
    public function jsonSerialize(): mixed { return ['v' => $this->v, 'nested' => [1, [2, [3]]]]; }
}
class Suspending implements JsonSerializable {
    public function __construct(private $id) {}
    public function jsonSerialize(): mixed {
        $got = Fiber::suspend("suspended in {$this->id}");
        return [$this->id => $got];
    }
}
function deep(int $n) { $a = 'x'; for ($i = 0; $i < $n; $i++) { $a = [$a]; } return $a; }

$f = new Fiber(function () {
    var_dump(json_encode(new J("é/\"")));
    var_dump(json_encode([new J(1), new J([new J(2)])], JSON_PRETTY_PRINT));
    $d = json_encode(deep(300));
    var_dump(strlen($d), json_last_error());
    $d = json_encode(deep(3000), 0, 5000);
    var_dump(strlen($d), json_last_error());
    var_dump(json_encode(deep(600), 0, 500), json_last_error_msg());
    // A fiber inside a fiber.
    $g = new Fiber(function () { return json_encode(['in' => new J(deep(200))]); });
    $g->start();
    var_dump(strlen($g->getReturn()), json_last_error());
    return json_encode(['a' => new Suspending('a'), 'b' => new Suspending('b')]);
});
$s = $f->start();
var_dump($s);
$s = $f->resume('first');
var_dump($s);
// The main stack encodes while the fiber is suspended mid-encode.
var_dump(json_encode(['main' => new J(0)]), json_last_error());
$f->resume('second');
var_dump($f->getReturn(), json_last_error());

// Errors raised in a fiber are the fiber's call's, the main stack's are its own.
$f = new Fiber(function () {
    var_dump(json_encode("\xff"), json_last_error());
    Fiber::suspend();
    var_dump(json_last_error());
});
$f->start();
var_dump(json_encode(1), json_last_error());
$f->resume();
?>
--EXPECT--
string(39) "{"v":"\u00e9\/\"","nested":[1,[2,[3]]]}"
string(644) "[
    {
        "v": 1,
        "nested": [
            1,
            [
                2,
                [
                    3
                ]
            ]
        ]
    },
    {
        "v": [
            {
                "v": 2,
                "nested": [
                    1,
                    [
                        2,
                        [
                            3
                        ]
                    ]
                ]
            }
        ],
        "nested": [
            1,
            [
                2,
                [
                    3
                ]
            ]
        ]
    }
]"
int(603)
int(0)
int(6003)
int(0)
bool(false)
string(28) "Maximum stack depth exceeded"
int(437)
int(0)
string(14) "suspended in a"
string(14) "suspended in b"
string(37) "{"main":{"v":0,"nested":[1,[2,[3]]]}}"
int(0)
string(38) "{"a":{"a":"first"},"b":{"b":"second"}}"
int(0)
bool(false)
int(5)
string(1) "1"
int(0)
int(0)
