--TEST--
json_encode(): JSON_PRETTY_PRINT layout (nesting, empty containers, objects, skipped members, errors, nested json_encode)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class OnlyPrivate { private $a = 1; protected $b = 2; }
class MixedVis { public $x = 1; private $y = 2; public $z = [3]; }
class Inner implements JsonSerializable {
    public function jsonSerialize(): mixed { return json_encode(['inner' => [1]], JSON_PRETTY_PRINT); }
}
class Nested implements JsonSerializable {
    public function jsonSerialize(): mixed { return ['k' => [1, ['m' => []]], 'e' => new stdClass]; }
}
$cases = [
    'scalar' => 1,
    'string' => "a\nb",
    'empty list' => [],
    'empty object' => new stdClass,
    'list' => [1, 2, 3],
    'map' => ['a' => 1, 'b' => 'two'],
    'nested' => ['a' => [1, [2, [3, []]]], 'b' => ['c' => new stdClass, 'd' => []], 'e' => [[]], 'f' => [new stdClass]],
    '[[]]' => [[]],
    '{"a":{}}' => ['a' => new stdClass],
    'only private' => new OnlyPrivate,
    '[only private]' => [new OnlyPrivate, new OnlyPrivate],
    'mixed object' => new MixedVis,
    'JsonSerializable nested' => ['x' => new Nested],
    'inner json_encode' => [new Inner],
    'unicode keys' => ["é" => ["ü" => "ß"]],
    'deep' => [[[[[['deep' => true]]]]]],
];
foreach ($cases as $label => $v) {
    echo "== $label\n";
    rj_enc('pretty', $v, JSON_PRETTY_PRINT);
    rj_enc('pretty|force', $v, JSON_PRETTY_PRINT | JSON_FORCE_OBJECT);
}
echo "== errors in pretty mode\n";
$res = fopen('php://memory', 'r');
rj_enc('partial resource', ['a' => [1, $res], 'b' => 2], JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('after failure', ['a' => [1, 2]], JSON_PRETTY_PRINT);
rj_enc('failure', ['a' => [1, $res]], JSON_PRETTY_PRINT);
rj_enc('after failure again', ['a' => ['b' => [1]]], JSON_PRETTY_PRINT);
rj_enc('partial depth', ['a' => ['b' => ['c' => []]]], JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR, 2);
echo "== pretty print never adds a trailing newline\n";
var_dump(json_encode([1], JSON_PRETTY_PRINT));
?>
--EXPECT--
== scalar
pretty: 1 #0
pretty|force: 1 #0
== string
pretty: "a\nb" #0
pretty|force: "a\nb" #0
== empty list
pretty: [] #0
pretty|force: {} #0
== empty object
pretty: {} #0
pretty|force: {} #0
== list
pretty: [
    1,
    2,
    3
] #0
pretty|force: {
    "0": 1,
    "1": 2,
    "2": 3
} #0
== map
pretty: {
    "a": 1,
    "b": "two"
} #0
pretty|force: {
    "a": 1,
    "b": "two"
} #0
== nested
pretty: {
    "a": [
        1,
        [
            2,
            [
                3,
                []
            ]
        ]
    ],
    "b": {
        "c": {},
        "d": []
    },
    "e": [
        []
    ],
    "f": [
        {}
    ]
} #0
pretty|force: {
    "a": {
        "0": 1,
        "1": {
            "0": 2,
            "1": {
                "0": 3,
                "1": {}
            }
        }
    },
    "b": {
        "c": {},
        "d": {}
    },
    "e": {
        "0": {}
    },
    "f": {
        "0": {}
    }
} #0
== [[]]
pretty: [
    []
] #0
pretty|force: {
    "0": {}
} #0
== {"a":{}}
pretty: {
    "a": {}
} #0
pretty|force: {
    "a": {}
} #0
== only private
pretty: {} #0
pretty|force: {} #0
== [only private]
pretty: [
    {},
    {}
] #0
pretty|force: {
    "0": {},
    "1": {}
} #0
== mixed object
pretty: {
    "x": 1,
    "z": [
        3
    ]
} #0
pretty|force: {
    "x": 1,
    "z": {
        "0": 3
    }
} #0
== JsonSerializable nested
pretty: {
    "x": {
        "k": [
            1,
            {
                "m": []
            }
        ],
        "e": {}
    }
} #0
pretty|force: {
    "x": {
        "k": {
            "0": 1,
            "1": {
                "m": {}
            }
        },
        "e": {}
    }
} #0
== inner json_encode
pretty: [
    "{\n    \"inner\": [\n        1\n    ]\n}"
] #0
pretty|force: {
    "0": "{\n    \"inner\": [\n        1\n    ]\n}"
} #0
== unicode keys
pretty: {
    "\u00e9": {
        "\u00fc": "\u00df"
    }
} #0
pretty|force: {
    "\u00e9": {
        "\u00fc": "\u00df"
    }
} #0
== deep
pretty: [
    [
        [
            [
                [
                    {
                        "deep": true
                    }
                ]
            ]
        ]
    ]
] #0
pretty|force: {
    "0": {
        "0": {
            "0": {
                "0": {
                    "0": {
                        "deep": true
                    }
                }
            }
        }
    }
} #0
== errors in pretty mode
partial resource: {
    "a": [
        1,
        null
    ],
    "b": 2
} #8
after failure: {
    "a": [
        1,
        2
    ]
} #0
failure: false #8
after failure again: {
    "a": {
        "b": [
            1
        ]
    }
} #0
partial depth: {
    "a": {
        "b": {
            "c": []
        }
    }
} #1
== pretty print never adds a trailing newline
string(9) "[
    1
]"
