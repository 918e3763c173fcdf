--TEST--
json_encode(): objects walked by their property table, where protected and private members (mangled names starting with a NUL byte) are skipped wherever they sit (first, between, last, only), with names and class names of every key length class (under 16, 16-32, past 32 bytes), under compact, JSON_HEX_*, pretty and partial output: stock's bytes and errors
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
#[AllowDynamicProperties]
class A { public $pub = 1; protected $prot = 2; private $priv = 3; }
#[AllowDynamicProperties]
class B { private $a_private_member_name_of_some_length = 'x'; public $b = '<&>'; protected $c_protected_member_longer_than_thirty_two = 'y'; }
#[AllowDynamicProperties]
class AVeryLongClassNameForMangledPrivateNamesXyz { private $p = 1; private $q_private_name_sixteen_plus = 2; public $r = "it's"; }
#[AllowDynamicProperties]
class OnlyHidden { protected $h = 1; private $i = 2; }
#[AllowDynamicProperties]
class Hooks { public $x = 1; private $y = [1, 2]; protected $z = null; }
$make = [];
foreach (['A', 'B', 'AVeryLongClassNameForMangledPrivateNamesXyz', 'OnlyHidden', 'Hooks'] as $cls) {
    foreach ([[], ['dyn' => 1], ['a_dynamic_property_name_of_20' => "<b>"], ['d1' => 1, 'an_even_longer_dynamic_property_name_past_32' => 'q', 'd3' => "\u{e9}"]] as $dyn) {
        $make[] = function () use ($cls, $dyn) {
            $o = new $cls();
            foreach ($dyn as $k => $v) {
                $o->$k = $v;
            }
            return $o;
        };
    }
}
$flagsets = [0, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT, JSON_PRETTY_PRINT, JSON_PRETTY_PRINT | JSON_HEX_TAG | JSON_HEX_APOS, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_HEX_AMP, JSON_FORCE_OBJECT, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES];
$bad = 0;
$n = 0;
foreach ($make as $i => $mk) {
    foreach ($flagsets as $f) {
        foreach (['alone' => fn($o) => $o, 'in a list' => fn($o) => [$o, $o], 'nested' => fn($o) => ['k' => [$o], 'o' => (object)['in' => $o]]] as $w => $wrap) {
            $n++;
            $v = $wrap($mk());
            // The members enumerated once (get_object_vars inside the class
            // is not needed: a foreach materializes the property table).
            foreach ([$v] as $_) {
            }
            ini_set('rustjson.enabled', '0');
            $s = json_encode($v, $f);
            $se = json_last_error();
            ini_set('rustjson.enabled', '1');
            $r = json_encode($v, $f);
            $re = json_last_error();
            if ($s !== $r || $se !== $re) {
                $bad++;
                echo "case $i $w flags $f: stock ", var_export($s, true), " #$se; rustjson ", var_export($r, true), " #$re\n";
            }
        }
    }
}
echo "$n cases, $bad differences\n";
// One object whose property table exists (a dynamic property), hidden members first.
$o = new OnlyHidden();
$o->z = 1;
echo json_encode($o), ' ', json_encode($o, JSON_PRETTY_PRINT | JSON_HEX_TAG), "\n";
?>
--EXPECT--
420 cases, 0 differences
{"z":1} {
    "z": 1
}
