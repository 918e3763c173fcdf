--TEST--
json_encode(): invalid UTF-8 in array keys and property names (ignored error without PARTIAL, "" with PARTIAL)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

class Logger implements JsonSerializable {
    public function __construct(public string $n) {}
    public function jsonSerialize(): mixed { echo "[jsonSerialize {$this->n}]"; return $this->n; }
}

$cases = [
    'one bad key' => ["\xff" => 1],
    'bad key mid' => ["a" => 1, "b\xffc" => 2, "d" => 3],
    'two bad keys' => ["\xff" => 1, "\xfe" => 2],
    'bad key+value' => ["\xff" => "\xfe"],
    'bad key NAN' => ["\xff" => NAN],
    'NAN then bad key' => ["n" => NAN, "\xff" => 1],
    'bad key then NAN' => ["\xff" => 1, "n" => NAN],
    'bad key nested' => ["x" => ["\xC3\xC0" => [1, 2]], "y" => true],
    'bad key JS' => ["\xff" => new Logger('v1'), "ok" => new Logger('v2')],
    'surrogate key' => ["\xED\xA0\x80" => "s"],
    'obj bad prop' => (object)["\xff" => 1, "ok" => 2],
    'valid utf8 key' => ["\xC3\xA9" => 1],
];
$flagsets = [
    'none' => 0,
    'PARTIAL' => JSON_PARTIAL_OUTPUT_ON_ERROR,
    'IGNORE' => JSON_INVALID_UTF8_IGNORE,
    'SUBST' => JSON_INVALID_UTF8_SUBSTITUTE,
    'SUBST|UNESC' => JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE,
    'PARTIAL|PRETTY' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT,
    'THROW' => JSON_THROW_ON_ERROR,
];
foreach ($cases as $label => $v) {
    echo "== $label\n";
    foreach ($flagsets as $name => $f) {
        rj_enc("  $name", $v, $f);
    }
}
?>
--EXPECT--
== one bad key
  none: false #5
  PARTIAL: {"":1} #5
  IGNORE: {"":1} #0
  SUBST: {"\ufffd":1} #0
  SUBST|UNESC: u:{"�":1} #0
  PARTIAL|PRETTY: {
    "": 1
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== bad key mid
  none: false #5
  PARTIAL: {"a":1,"":2,"d":3} #5
  IGNORE: {"a":1,"bc":2,"d":3} #0
  SUBST: {"a":1,"b\ufffdc":2,"d":3} #0
  SUBST|UNESC: u:{"a":1,"b�c":2,"d":3} #0
  PARTIAL|PRETTY: {
    "a": 1,
    "": 2,
    "d": 3
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== two bad keys
  none: false #5
  PARTIAL: {"":1,"":2} #5
  IGNORE: {"":1,"":2} #0
  SUBST: {"\ufffd":1,"\ufffd":2} #0
  SUBST|UNESC: u:{"�":1,"�":2} #0
  PARTIAL|PRETTY: {
    "": 1,
    "": 2
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== bad key+value
  none: false #5
  PARTIAL: {"":null} #5
  IGNORE: {"":""} #0
  SUBST: {"\ufffd":"\ufffd"} #0
  SUBST|UNESC: u:{"�":"�"} #0
  PARTIAL|PRETTY: {
    "": null
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== bad key NAN
  none: false #7
  PARTIAL: {"":0} #7
  IGNORE: false #7
  SUBST: false #7
  SUBST|UNESC: false #7
  PARTIAL|PRETTY: {
    "": 0
} #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
== NAN then bad key
  none: false #5
  PARTIAL: {"n":0,"":1} #5
  IGNORE: false #7
  SUBST: false #7
  SUBST|UNESC: false #7
  PARTIAL|PRETTY: {
    "n": 0,
    "": 1
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== bad key then NAN
  none: false #7
  PARTIAL: {"":1,"n":0} #7
  IGNORE: false #7
  SUBST: false #7
  SUBST|UNESC: false #7
  PARTIAL|PRETTY: {
    "": 1,
    "n": 0
} #7
  THROW: JsonException(7): Inf and NaN cannot be JSON encoded #7
== bad key nested
  none: false #5
  PARTIAL: {"x":{"":[1,2]},"y":true} #5
  IGNORE: {"x":{"":[1,2]},"y":true} #0
  SUBST: {"x":{"\ufffd":[1,2]},"y":true} #0
  SUBST|UNESC: u:{"x":{"�":[1,2]},"y":true} #0
  PARTIAL|PRETTY: {
    "x": {
        "": [
            1,
            2
        ]
    },
    "y": true
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== bad key JS
[jsonSerialize v1][jsonSerialize v2]  none: false #5
[jsonSerialize v1][jsonSerialize v2]  PARTIAL: {"":"v1","ok":"v2"} #5
[jsonSerialize v1][jsonSerialize v2]  IGNORE: {"":"v1","ok":"v2"} #0
[jsonSerialize v1][jsonSerialize v2]  SUBST: {"\ufffd":"v1","ok":"v2"} #0
[jsonSerialize v1][jsonSerialize v2]  SUBST|UNESC: u:{"�":"v1","ok":"v2"} #0
[jsonSerialize v1][jsonSerialize v2]  PARTIAL|PRETTY: {
    "": "v1",
    "ok": "v2"
} #5
[jsonSerialize v1][jsonSerialize v2]  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== surrogate key
  none: false #5
  PARTIAL: {"":"s"} #5
  IGNORE: {"":"s"} #0
  SUBST: {"\ufffd":"s"} #0
  SUBST|UNESC: u:{"�":"s"} #0
  PARTIAL|PRETTY: {
    "": "s"
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== obj bad prop
  none: false #5
  PARTIAL: {"":1,"ok":2} #5
  IGNORE: {"":1,"ok":2} #0
  SUBST: {"\ufffd":1,"ok":2} #0
  SUBST|UNESC: u:{"�":1,"ok":2} #0
  PARTIAL|PRETTY: {
    "": 1,
    "ok": 2
} #5
  THROW: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== valid utf8 key
  none: {"\u00e9":1} #0
  PARTIAL: {"\u00e9":1} #0
  IGNORE: {"\u00e9":1} #0
  SUBST: {"\u00e9":1} #0
  SUBST|UNESC: u:{"é":1} #0
  PARTIAL|PRETTY: {
    "\u00e9": 1
} #0
  THROW: {"\u00e9":1} #0
