--TEST--
json_encode(): references, recursion (error 6) in arrays and objects, repeated non-recursive references
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$F = ['none' => 0, 'partial' => JSON_PARTIAL_OUTPUT_ON_ERROR, 'throw' => JSON_THROW_ON_ERROR,
      'partial|pretty' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT];

$a = [];
$a[] = &$a;
$b = ['x' => 1];
$b['self'] = &$b;
$c = ['l1' => ['l2' => []]];
$c['l1']['l2']['back'] = &$c;
$copy = [1];
$copy[] = $copy;
$shared = [1, 2];
$twice = [&$shared, &$shared, $shared];
$o = new stdClass;
$o->self = $o;
$o2 = new stdClass;
$o2->list = [1, $o2];
$p = new stdClass;
$q = new stdClass;
$p->q = $q;
$q->p = $p;
$same = new stdClass;
$same->v = 1;
$sameTwice = [$same, $same, 'n' => ['again' => $same]];
$refref = 1;
$r1 = &$refref;
$r2 = [&$r1];
$arrInObj = new stdClass;
$arrInObj->arr = [];
$arrInObj->arr['obj'] = $arrInObj;

$cases = [
    '$a[]=&$a' => $a, '$b[self]=&$b' => $b, 'deep back-ref' => $c, 'by-value copy' => $copy,
    'shared twice' => $twice, 'obj self' => $o, 'obj via list' => $o2, 'p<->q' => $p,
    'same object twice' => $sameTwice, 'ref to ref' => $r2, 'array in object back' => $arrInObj,
    '[$o, $o]' => [$o, 1, $o],
];
foreach ($cases as $label => $v) {
    echo "== $label\n";
    foreach ($F as $name => $f) {
        rj_enc("  $name", $v, $f);
    }
}
echo "== the structures are unchanged and reusable afterwards\n";
rj_enc('again partial', $a, JSON_PARTIAL_OUTPUT_ON_ERROR);
rj_enc('same again', $sameTwice);
?>
--EXPECT--
== $a[]=&$a
  none: false #6
  partial: [null] #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: [
    null
] #6
== $b[self]=&$b
  none: false #6
  partial: {"x":1,"self":null} #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: {
    "x": 1,
    "self": null
} #6
== deep back-ref
  none: false #6
  partial: {"l1":{"l2":{"back":null}}} #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: {
    "l1": {
        "l2": {
            "back": null
        }
    }
} #6
== by-value copy
  none: [1,[1]] #0
  partial: [1,[1]] #0
  throw: [1,[1]] #0
  partial|pretty: [
    1,
    [
        1
    ]
] #0
== shared twice
  none: [[1,2],[1,2],[1,2]] #0
  partial: [[1,2],[1,2],[1,2]] #0
  throw: [[1,2],[1,2],[1,2]] #0
  partial|pretty: [
    [
        1,
        2
    ],
    [
        1,
        2
    ],
    [
        1,
        2
    ]
] #0
== obj self
  none: false #6
  partial: {"self":null} #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: {
    "self": null
} #6
== obj via list
  none: false #6
  partial: {"list":[1,null]} #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: {
    "list": [
        1,
        null
    ]
} #6
== p<->q
  none: false #6
  partial: {"q":{"p":null}} #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: {
    "q": {
        "p": null
    }
} #6
== same object twice
  none: {"0":{"v":1},"1":{"v":1},"n":{"again":{"v":1}}} #0
  partial: {"0":{"v":1},"1":{"v":1},"n":{"again":{"v":1}}} #0
  throw: {"0":{"v":1},"1":{"v":1},"n":{"again":{"v":1}}} #0
  partial|pretty: {
    "0": {
        "v": 1
    },
    "1": {
        "v": 1
    },
    "n": {
        "again": {
            "v": 1
        }
    }
} #0
== ref to ref
  none: [1] #0
  partial: [1] #0
  throw: [1] #0
  partial|pretty: [
    1
] #0
== array in object back
  none: false #6
  partial: {"arr":{"obj":null}} #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: {
    "arr": {
        "obj": null
    }
} #6
== [$o, $o]
  none: false #6
  partial: [{"self":null},1,{"self":null}] #6
  throw: JsonException(6): Recursion detected #6
  partial|pretty: [
    {
        "self": null
    },
    1,
    {
        "self": null
    }
] #6
== the structures are unchanged and reusable afterwards
again partial: [null] #6
same again: {"0":{"v":1},"1":{"v":1},"n":{"again":{"v":1}}} #0
