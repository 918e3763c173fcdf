--TEST--
json_encode(): internal classes (ArrayObject, ArrayIterator, DateTime*, Closure, SplFixedArray, SPL containers, Exception, WeakMap, Generator)
--INI--
date.timezone=UTC
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

function gen() { yield 1; }
$ao = new ArrayObject([1, 2, 3]);
$aoMap = new ArrayObject(['a' => 1, 'b' => [2]]);
$aoProps = new ArrayObject([1, 2], ArrayObject::STD_PROP_LIST);
$aoObj = new ArrayObject((object)['x' => 1]);
$ai = new ArrayIterator(['k' => 'v']);
$fixed = SplFixedArray::fromArray([1, 'two', [3]]);
$stack = new SplStack;
$stack->push(1);
$queue = new SplQueue;
$queue->enqueue('a');
$heap = new SplMinHeap;
$heap->insert(3);
$storage = new SplObjectStorage;
$storage->attach(new stdClass);
$dll = new SplDoublyLinkedList;
$dll->push('x');
$wm = new WeakMap;
$k = new stdClass;
$wm[$k] = 1;

$cases = [
    'ArrayObject list' => $ao,
    'ArrayObject map' => $aoMap,
    'ArrayObject STD_PROP_LIST' => $aoProps,
    'ArrayObject(object)' => $aoObj,
    'ArrayObject empty' => new ArrayObject([]),
    'ArrayIterator' => $ai,
    'DateTime' => new DateTime('2020-01-02 03:04:05.678901'),
    'DateTimeImmutable' => new DateTimeImmutable('2021-12-31 23:59:59', new DateTimeZone('Europe/Berlin')),
    'DateTime offset' => new DateTime('2000-01-01 00:00:00+05:30'),
    'DateTime abbr' => new DateTime('2000-01-01 00:00:00 EST'),
    'DateTimeZone' => new DateTimeZone('America/New_York'),
    'DateInterval' => new DateInterval('P1Y2M3DT4H5M6S'),
    'DatePeriod' => new DatePeriod(new DateTimeImmutable('2020-01-01'), new DateInterval('P1D'), 2),
    'Closure' => function () { return 1; },
    'fn closure' => fn() => 2,
    'SplFixedArray' => $fixed,
    'SplFixedArray empty' => new SplFixedArray(0),
    'SplFixedArray(2)' => new SplFixedArray(2),
    'SplStack' => $stack,
    'SplQueue' => $queue,
    'SplMinHeap' => $heap,
    'SplObjectStorage' => $storage,
    'SplDoublyLinkedList' => $dll,
    'Exception' => new Exception('msg', 3),
    'WeakMap' => $wm,
    'WeakReference' => WeakReference::create($k),
    'Generator' => gen(),
    'stdClass' => new stdClass,
];
foreach ($cases as $label => $v) {
    rj_enc(str_pad($label, 26), $v);
}
echo "== inside arrays and with flags\n";
rj_enc('array', ['ao' => $ao, 'dt' => new DateTime('2020-01-01 00:00:00'), 'fixed' => $fixed], JSON_PRETTY_PRINT);
rj_enc('force', [$ao, $fixed], JSON_FORCE_OBJECT);
rj_enc('depth 1', [$ao], 0, 1);
rj_enc('depth 1 partial', [$ao], JSON_PARTIAL_OUTPUT_ON_ERROR, 1);
echo "== ArrayObject recursion\n";
$self = new ArrayObject([]);
$self['me'] = $self;
rj_enc('self', $self);
rj_enc('self partial', $self, JSON_PARTIAL_OUTPUT_ON_ERROR);
?>
--EXPECT--
ArrayObject list          : {"0":1,"1":2,"2":3} #0
ArrayObject map           : {"a":1,"b":[2]} #0
ArrayObject STD_PROP_LIST : {} #0
ArrayObject(object)       : {"x":1} #0
ArrayObject empty         : {} #0
ArrayIterator             : {"k":"v"} #0
DateTime                  : {"date":"2020-01-02 03:04:05.678901","timezone_type":3,"timezone":"UTC"} #0
DateTimeImmutable         : {"date":"2021-12-31 23:59:59.000000","timezone_type":3,"timezone":"Europe\/Berlin"} #0
DateTime offset           : {"date":"2000-01-01 00:00:00.000000","timezone_type":1,"timezone":"+05:30"} #0
DateTime abbr             : {"date":"2000-01-01 00:00:00.000000","timezone_type":2,"timezone":"EST"} #0
DateTimeZone              : {"timezone_type":3,"timezone":"America\/New_York"} #0
DateInterval              : {"y":1,"m":2,"d":3,"h":4,"i":5,"s":6,"f":0,"invert":0,"days":false,"from_string":false} #0
DatePeriod                : {"start":{"date":"2020-01-01 00:00:00.000000","timezone_type":3,"timezone":"UTC"},"current":null,"end":null,"interval":{"y":0,"m":0,"d":1,"h":0,"i":0,"s":0,"f":0,"invert":0,"days":false,"from_string":false},"recurrences":3,"include_start_date":true,"include_end_date":false} #0
Closure                   : {} #0
fn closure                : {} #0
SplFixedArray             : [1,"two",[3]] #0
SplFixedArray empty       : [] #0
SplFixedArray(2)          : [null,null] #0
SplStack                  : {} #0
SplQueue                  : {} #0
SplMinHeap                : {} #0
SplObjectStorage          : {} #0
SplDoublyLinkedList       : {} #0
Exception                 : {} #0
WeakMap                   : {} #0
WeakReference             : {} #0
Generator                 : {} #0
stdClass                  : {} #0
== inside arrays and with flags
array: {
    "ao": {
        "0": 1,
        "1": 2,
        "2": 3
    },
    "dt": {
        "date": "2020-01-01 00:00:00.000000",
        "timezone_type": 3,
        "timezone": "UTC"
    },
    "fixed": [
        1,
        "two",
        [
            3
        ]
    ]
} #0
force: {"0":{"0":1,"1":2,"2":3},"1":{"0":1,"1":"two","2":{"0":3}}} #0
depth 1: false #1
depth 1 partial: [{"0":1,"1":2,"2":3}] #1
== ArrayObject recursion
self: false #6
self partial: {"me":null} #6
