--TEST--
json_encode(): maps whose opening brace is written with their first member (string, int and packed keys, tables with no visible member, a first member that fails) against stock
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

#[AllowDynamicProperties]
class OnlyHidden { protected $p = 1; private $q = 2; }
#[AllowDynamicProperties]
class FirstHidden { private $q = 2; public $a = 3; }
function so(array $a): stdClass { $o = new stdClass; foreach ($a as $k => $v) $o->$k = $v; return $o; }

$holes = [1, 2, 3]; unset($holes[1]);
$lead = [1, 2, 3]; unset($lead[0]);
$emptied = ['a' => 1]; unset($emptied['a']); $emptied[] = 5; unset($emptied[0]);
$hidden = new OnlyHidden; $hidden->dyn = 1; unset($hidden->dyn);   // property table exists, nothing public
$first = new FirstHidden; $first->d = 4;

$values = [
    'string keys' => ['a' => 1, 'b' => [2]],
    'int keys' => [5 => 'x', -7 => 'y', 'z' => 0],
    'holes' => $holes,
    'leading hole' => $lead,
    'emptied' => $emptied,
    'only hidden' => $hidden,
    'first hidden' => $first,
    'nested' => [[['k' => 1]], [so([])], ['' => ['' => []]], [[$holes, $lead]]],
    'list of maps' => [['a' => 1], so(['b' => 2]), [3 => 3], new OnlyHidden],
];
foreach ($values as $name => $v) {
    foreach ([0, JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT] as $f) {
        rj_enc("$name/$f", $v, $f);
        rj_enc("$name/$f wrapped", ['w' => $v, 'l' => [$v]], $f);
    }
}

// The first member fails: partial output keeps the brace, stock output is false.
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    rj_enc("bad first/$f", [['a' => "\xff", 'b' => 1], [7 => NAN], so(['s' => INF])], $f);
    rj_enc("bad first key/$f", [["k\xff" => 1], so(["\xfe" => 2])], $f);
    rj_enc("deep first/$f", [['a' => ['b' => ['c' => 1]]]], $f, 2);
    rj_enc("deep empty/$f", [[so([])], [$hidden]], $f, 1);
}
?>
--EXPECT--
string keys/0: {"a":1,"b":[2]} #0
string keys/0 wrapped: {"w":{"a":1,"b":[2]},"l":[{"a":1,"b":[2]}]} #0
string keys/16: {"a":1,"b":{"0":2}} #0
string keys/16 wrapped: {"w":{"a":1,"b":{"0":2}},"l":{"0":{"a":1,"b":{"0":2}}}} #0
string keys/512: {"a":1,"b":[2]} #0
string keys/512 wrapped: {"w":{"a":1,"b":[2]},"l":[{"a":1,"b":[2]}]} #0
string keys/128: {
    "a": 1,
    "b": [
        2
    ]
} #0
string keys/128 wrapped: {
    "w": {
        "a": 1,
        "b": [
            2
        ]
    },
    "l": [
        {
            "a": 1,
            "b": [
                2
            ]
        }
    ]
} #0
int keys/0: {"5":"x","-7":"y","z":0} #0
int keys/0 wrapped: {"w":{"5":"x","-7":"y","z":0},"l":[{"5":"x","-7":"y","z":0}]} #0
int keys/16: {"5":"x","-7":"y","z":0} #0
int keys/16 wrapped: {"w":{"5":"x","-7":"y","z":0},"l":{"0":{"5":"x","-7":"y","z":0}}} #0
int keys/512: {"5":"x","-7":"y","z":0} #0
int keys/512 wrapped: {"w":{"5":"x","-7":"y","z":0},"l":[{"5":"x","-7":"y","z":0}]} #0
int keys/128: {
    "5": "x",
    "-7": "y",
    "z": 0
} #0
int keys/128 wrapped: {
    "w": {
        "5": "x",
        "-7": "y",
        "z": 0
    },
    "l": [
        {
            "5": "x",
            "-7": "y",
            "z": 0
        }
    ]
} #0
holes/0: {"0":1,"2":3} #0
holes/0 wrapped: {"w":{"0":1,"2":3},"l":[{"0":1,"2":3}]} #0
holes/16: {"0":1,"2":3} #0
holes/16 wrapped: {"w":{"0":1,"2":3},"l":{"0":{"0":1,"2":3}}} #0
holes/512: {"0":1,"2":3} #0
holes/512 wrapped: {"w":{"0":1,"2":3},"l":[{"0":1,"2":3}]} #0
holes/128: {
    "0": 1,
    "2": 3
} #0
holes/128 wrapped: {
    "w": {
        "0": 1,
        "2": 3
    },
    "l": [
        {
            "0": 1,
            "2": 3
        }
    ]
} #0
leading hole/0: {"1":2,"2":3} #0
leading hole/0 wrapped: {"w":{"1":2,"2":3},"l":[{"1":2,"2":3}]} #0
leading hole/16: {"1":2,"2":3} #0
leading hole/16 wrapped: {"w":{"1":2,"2":3},"l":{"0":{"1":2,"2":3}}} #0
leading hole/512: {"1":2,"2":3} #0
leading hole/512 wrapped: {"w":{"1":2,"2":3},"l":[{"1":2,"2":3}]} #0
leading hole/128: {
    "1": 2,
    "2": 3
} #0
leading hole/128 wrapped: {
    "w": {
        "1": 2,
        "2": 3
    },
    "l": [
        {
            "1": 2,
            "2": 3
        }
    ]
} #0
emptied/0: [] #0
emptied/0 wrapped: {"w":[],"l":[[]]} #0
emptied/16: {} #0
emptied/16 wrapped: {"w":{},"l":{"0":{}}} #0
emptied/512: [] #0
emptied/512 wrapped: {"w":[],"l":[[]]} #0
emptied/128: [] #0
emptied/128 wrapped: {
    "w": [],
    "l": [
        []
    ]
} #0
only hidden/0: {} #0
only hidden/0 wrapped: {"w":{},"l":[{}]} #0
only hidden/16: {} #0
only hidden/16 wrapped: {"w":{},"l":{"0":{}}} #0
only hidden/512: {} #0
only hidden/512 wrapped: {"w":{},"l":[{}]} #0
only hidden/128: {} #0
only hidden/128 wrapped: {
    "w": {},
    "l": [
        {}
    ]
} #0
first hidden/0: {"a":3,"d":4} #0
first hidden/0 wrapped: {"w":{"a":3,"d":4},"l":[{"a":3,"d":4}]} #0
first hidden/16: {"a":3,"d":4} #0
first hidden/16 wrapped: {"w":{"a":3,"d":4},"l":{"0":{"a":3,"d":4}}} #0
first hidden/512: {"a":3,"d":4} #0
first hidden/512 wrapped: {"w":{"a":3,"d":4},"l":[{"a":3,"d":4}]} #0
first hidden/128: {
    "a": 3,
    "d": 4
} #0
first hidden/128 wrapped: {
    "w": {
        "a": 3,
        "d": 4
    },
    "l": [
        {
            "a": 3,
            "d": 4
        }
    ]
} #0
nested/0: [[{"k":1}],[{}],{"":{"":[]}},[[{"0":1,"2":3},{"1":2,"2":3}]]] #0
nested/0 wrapped: {"w":[[{"k":1}],[{}],{"":{"":[]}},[[{"0":1,"2":3},{"1":2,"2":3}]]],"l":[[[{"k":1}],[{}],{"":{"":[]}},[[{"0":1,"2":3},{"1":2,"2":3}]]]]} #0
nested/16: {"0":{"0":{"k":1}},"1":{"0":{}},"2":{"":{"":{}}},"3":{"0":{"0":{"0":1,"2":3},"1":{"1":2,"2":3}}}} #0
nested/16 wrapped: {"w":{"0":{"0":{"k":1}},"1":{"0":{}},"2":{"":{"":{}}},"3":{"0":{"0":{"0":1,"2":3},"1":{"1":2,"2":3}}}},"l":{"0":{"0":{"0":{"k":1}},"1":{"0":{}},"2":{"":{"":{}}},"3":{"0":{"0":{"0":1,"2":3},"1":{"1":2,"2":3}}}}}} #0
nested/512: [[{"k":1}],[{}],{"":{"":[]}},[[{"0":1,"2":3},{"1":2,"2":3}]]] #0
nested/512 wrapped: {"w":[[{"k":1}],[{}],{"":{"":[]}},[[{"0":1,"2":3},{"1":2,"2":3}]]],"l":[[[{"k":1}],[{}],{"":{"":[]}},[[{"0":1,"2":3},{"1":2,"2":3}]]]]} #0
nested/128: [
    [
        {
            "k": 1
        }
    ],
    [
        {}
    ],
    {
        "": {
            "": []
        }
    },
    [
        [
            {
                "0": 1,
                "2": 3
            },
            {
                "1": 2,
                "2": 3
            }
        ]
    ]
] #0
nested/128 wrapped: {
    "w": [
        [
            {
                "k": 1
            }
        ],
        [
            {}
        ],
        {
            "": {
                "": []
            }
        },
        [
            [
                {
                    "0": 1,
                    "2": 3
                },
                {
                    "1": 2,
                    "2": 3
                }
            ]
        ]
    ],
    "l": [
        [
            [
                {
                    "k": 1
                }
            ],
            [
                {}
            ],
            {
                "": {
                    "": []
                }
            },
            [
                [
                    {
                        "0": 1,
                        "2": 3
                    },
                    {
                        "1": 2,
                        "2": 3
                    }
                ]
            ]
        ]
    ]
} #0
list of maps/0: [{"a":1},{"b":2},{"3":3},{}] #0
list of maps/0 wrapped: {"w":[{"a":1},{"b":2},{"3":3},{}],"l":[[{"a":1},{"b":2},{"3":3},{}]]} #0
list of maps/16: {"0":{"a":1},"1":{"b":2},"2":{"3":3},"3":{}} #0
list of maps/16 wrapped: {"w":{"0":{"a":1},"1":{"b":2},"2":{"3":3},"3":{}},"l":{"0":{"0":{"a":1},"1":{"b":2},"2":{"3":3},"3":{}}}} #0
list of maps/512: [{"a":1},{"b":2},{"3":3},{}] #0
list of maps/512 wrapped: {"w":[{"a":1},{"b":2},{"3":3},{}],"l":[[{"a":1},{"b":2},{"3":3},{}]]} #0
list of maps/128: [
    {
        "a": 1
    },
    {
        "b": 2
    },
    {
        "3": 3
    },
    {}
] #0
list of maps/128 wrapped: {
    "w": [
        {
            "a": 1
        },
        {
            "b": 2
        },
        {
            "3": 3
        },
        {}
    ],
    "l": [
        [
            {
                "a": 1
            },
            {
                "b": 2
            },
            {
                "3": 3
            },
            {}
        ]
    ]
} #0
bad first/0: false #5
bad first key/0: false #5
deep first/0: false #1
deep empty/0: false #1
bad first/512: [{"a":null,"b":1},{"7":0},{"s":0}] #7
bad first key/512: [{"":1},{"":2}] #5
deep first/512: [{"a":{"b":{"c":1}}}] #1
deep empty/512: [[{}],[{}]] #1
