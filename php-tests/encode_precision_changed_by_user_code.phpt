--TEST--
json_encode(): serialize_precision changed by jsonSerialize() in the middle of a call applies to the doubles after it (read at each double, as stock reads it)
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

final class SetPrecision implements JsonSerializable
{
    public function __construct(private string $p) {}
    public function jsonSerialize(): mixed
    {
        ini_set('serialize_precision', $this->p);
        return 1 / 3;
    }
}

ini_set('serialize_precision', '-1');
rj_enc('list', [0.1, 1 / 3, new SetPrecision('3'), 0.1, 1 / 3, 2 / 3, new SetPrecision('-1'), 0.1, 1 / 3]);
ini_set('serialize_precision', '-1');
rj_enc('nested', ['a' => [1 / 3, 2 / 3], 'set' => new SetPrecision('5'), 'b' => [1 / 3, 2 / 3, 1e20], 'c' => 0.1]);
ini_set('serialize_precision', '-1');
$long = [];
for ($i = 0; $i < 2000; $i++) {
    $long[] = $i / 7;
    if ($i === 1000) {
        $long[] = new SetPrecision('2');
    }
}
$j = json_encode($long);
echo 'long list: ', md5($j), ' ', strlen($j), ' ', substr($j, 7000, 60), ' ', substr($j, -40), "\n";
echo ini_get('serialize_precision'), "\n";
?>
--EXPECT--
list: [0.1,0.3333333333333333,0.333,0.1,0.333,0.667,0.3333333333333333,0.1,0.3333333333333333] #0
nested: {"a":[0.3333333333333333,0.6666666666666666],"set":0.33333,"b":[0.33333,0.66667,1.0e+20],"c":0.1} #0
long list: 127eb67b08d6caaca96d4ff47e14e1f9 23016 285714285715,60.857142857142854,61,61.142857142857146,61.285 ,2.8e+2,285,2.9e+2,2.9e+2,2.9e+2,2.9e+2]
2
