--TEST--
json_encode(): INF/-INF/NAN give error 7 and write 0 (partial output), do not abort the encoding
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$F = [
    'none' => 0,
    'PARTIAL' => JSON_PARTIAL_OUTPUT_ON_ERROR,
    'THROW' => JSON_THROW_ON_ERROR,
    'THROW|PARTIAL' => JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR,
    'PARTIAL|PZF' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION,
    'PARTIAL|PRETTY' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT,
];
$cases = [
    'INF' => INF, '-INF' => -INF, 'NAN' => NAN, '-NAN' => -NAN,
    'list' => [1, NAN, 2],
    'map' => ['a' => INF, 'b' => 'x', 'c' => -INF],
    'nested' => [[[NAN]], ['k' => [1.5, INF]]],
    'object' => (object)['n' => NAN, 'ok' => 1],
    'overflow' => [PHP_FLOAT_MAX * 2, -PHP_FLOAT_MAX * 2],
    'fdiv' => [fdiv(0, 0), fdiv(1, 0)],
];
foreach ($cases as $label => $v) {
    echo "== $label\n";
    foreach ($F as $name => $f) {
        rj_enc("  $name", $v, $f);
    }
}
echo "== strings that look like INF/NAN are not numbers\n";
rj_enc('numeric check', ["INF", "NAN", "1e999", "-1e999"], JSON_NUMERIC_CHECK);
echo "== serialize_precision does not change the placeholder\n";
ini_set('serialize_precision', '17');
rj_enc('p17', [NAN, 0.1], JSON_PARTIAL_OUTPUT_ON_ERROR);
?>
--EXPECT--
== INF
  none: false #7
  PARTIAL: 0 #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: 0 #7
  PARTIAL|PZF: 0 #7
  PARTIAL|PRETTY: 0 #7
== -INF
  none: false #7
  PARTIAL: 0 #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: 0 #7
  PARTIAL|PZF: 0 #7
  PARTIAL|PRETTY: 0 #7
== NAN
  none: false #7
  PARTIAL: 0 #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: 0 #7
  PARTIAL|PZF: 0 #7
  PARTIAL|PRETTY: 0 #7
== -NAN
  none: false #7
  PARTIAL: 0 #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: 0 #7
  PARTIAL|PZF: 0 #7
  PARTIAL|PRETTY: 0 #7
== list
  none: false #7
  PARTIAL: [1,0,2] #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: [1,0,2] #7
  PARTIAL|PZF: [1,0,2] #7
  PARTIAL|PRETTY: [
    1,
    0,
    2
] #7
== map
  none: false #7
  PARTIAL: {"a":0,"b":"x","c":0} #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: {"a":0,"b":"x","c":0} #7
  PARTIAL|PZF: {"a":0,"b":"x","c":0} #7
  PARTIAL|PRETTY: {
    "a": 0,
    "b": "x",
    "c": 0
} #7
== nested
  none: false #7
  PARTIAL: [[[0]],{"k":[1.5,0]}] #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: [[[0]],{"k":[1.5,0]}] #7
  PARTIAL|PZF: [[[0]],{"k":[1.5,0]}] #7
  PARTIAL|PRETTY: [
    [
        [
            0
        ]
    ],
    {
        "k": [
            1.5,
            0
        ]
    }
] #7
== object
  none: false #7
  PARTIAL: {"n":0,"ok":1} #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: {"n":0,"ok":1} #7
  PARTIAL|PZF: {"n":0,"ok":1} #7
  PARTIAL|PRETTY: {
    "n": 0,
    "ok": 1
} #7
== overflow
  none: false #7
  PARTIAL: [0,0] #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: [0,0] #7
  PARTIAL|PZF: [0,0] #7
  PARTIAL|PRETTY: [
    0,
    0
] #7
== fdiv
  none: false #7
  PARTIAL: [0,0] #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
  THROW|PARTIAL: [0,0] #7
  PARTIAL|PZF: [0,0] #7
  PARTIAL|PRETTY: [
    0,
    0
] #7
== strings that look like INF/NAN are not numbers
numeric check: ["INF","NAN","1e999","-1e999"] #0
== serialize_precision does not change the placeholder
p17: [0,0.10000000000000001] #7
