--TEST--
json_encode(): arrays whose counted copy and recursion mark are taken late (only once user code can run) behave as stock's: ancestors changed, unset or returned by jsonSerialize(), destructors at release, the depth limit around the fast frames
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

$one = (int) '1';   // arrays built at run time: counted (literal ones are immutable)

// jsonSerialize() changes the arrays being walked (each ancestor level).
class Mutate implements JsonSerializable {
    public function __construct(public int $level) {}
    public function jsonSerialize(): mixed {
        global $data;
        switch ($this->level) {
            case 0: $data[] = 'appended'; unset($data[0]); break;
            case 1: $data['a'][] = 'x'; $data['a'][0] = 'changed'; break;
            case 2: $data['a']['b'] = null; break;
            case 3: $data = 'replaced'; break;
        }
        debug_zval_dump($data);
        return "m{$this->level}";
    }
}
foreach ([0, 1, 2, 3] as $lv) {
    $data = [[$one, 2], 'a' => [[$one], 'b' => [$one, new Mutate($lv), [3, $one]], 'c' => [$one]], 'z' => [$one]];
    rj_enc("mutate $lv", $data);
    var_dump($data === 'replaced' ? $data : count($data));
}

// jsonSerialize() returns an ancestor (the same table): recursion, as stock.
class ReturnAncestor implements JsonSerializable {
    public function __construct(public string $path) {}
    public function jsonSerialize(): mixed {
        global $data;
        return match ($this->path) {
            'root' => $data,
            'parent' => $data['a'],
            'sibling' => $data['s'],
            'ref' => [&$data],
        };
    }
}
foreach (['root', 'parent', 'sibling', 'ref'] as $p) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
        $data = ['s' => [$one, [$one]], 'a' => [$one, ['k' => new ReturnAncestor($p)]]];
        rj_enc("return $p/$f", $data, $f);
    }
}

// The last reference to an array goes while it is walked: destroyed when its
// walk ends (its objects' destructors run then), as with stock's copy.
class Noisy {
    public function __construct(public string $n) {}
    public function __destruct() { echo "destruct {$this->n}\n"; }
}
class Drop implements JsonSerializable {
    public function jsonSerialize(): mixed {
        global $data;
        echo "drop\n";
        $data = null;
        return 'dropped';
    }
}
$data = [[$one, new Noisy('outer')], ['in' => [new Drop, new Noisy('inner')], 'after' => [$one]], new Noisy('last')];
rj_enc('drop', $data);
echo "after drop\n";

// The same through a reference, whose target loses its last other reference
// mid-walk: destroyed when the walk of it ends, before what follows it.
class DropRef implements JsonSerializable {
    public function jsonSerialize(): mixed {
        global $inner;
        echo "drop ref\n";
        $inner = null;
        return 'dropped';
    }
}
$inner = [[$one, new Noisy('r1')], new DropRef, [new Noisy('r2')]];
$data = [[$one, &$inner, [new Noisy('after ref')]]];
rj_enc('drop ref', $data);
unset($data);
echo "after drop ref\n";

// References inside plain arrays: held before the reference is followed.
$x = [$one, 2];
$data = [[$one, [&$x, [$one]]], &$x];
rj_enc('refs', $data);
$cyc = [$one];
$cyc[] = &$cyc;
foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
    rj_enc("ref cycle/$f", [[$one, $cyc]], $f);
}

// Around the depth limit: containers at, just under and just over $depth,
// with and without partial output, arrays and objects mixed.
function nest(int $n, mixed $leaf): mixed { for ($i = 0; $i < $n; $i++) { $leaf = ($i % 3 == 2) ? (object)['o' => $leaf] : [$leaf, $i]; } return $leaf; }
foreach ([1, 2, 3, 5, 127, 128, 129, 130] as $depth) {
    foreach ([$depth - 1, $depth, $depth + 1] as $n) {
        foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $f) {
            $r = json_encode(nest($n, [$one]), $f, $depth);
            echo "depth $depth nest $n/$f: ", $r === false ? 'false' : md5($r) . ' ' . strlen($r), ' #', json_last_error(), "\n";
        }
    }
}

// Deep plain nesting (past 128 levels) with user code at the bottom, which
// sees every level counted.
class Bottom implements JsonSerializable {
    public function jsonSerialize(): mixed {
        global $deep;
        $c = 0; $a = $deep;
        while (is_array($a)) { $c++; $a = $a[0]; }
        echo "bottom sees $c levels\n";
        debug_zval_dump($deep[1]);
        return 'b';
    }
}
$deep = [new Bottom, $one];
for ($i = 0; $i < 140; $i++) { $deep = [$deep, [$one]]; }
$r = json_encode($deep, 0, 1000);
echo md5($r), ' ', strlen($r), ' #', json_last_error(), "\n";
?>
--EXPECT--
array(3) refcount(2){
  ["a"]=>
  *RECURSION*
  ["z"]=>
  array(1) refcount(2){
    [0]=>
    int(1)
  }
  [1]=>
  string(8) "appended" interned
}
mutate 0: {"0":[1,2],"a":{"0":[1],"b":[1,"m0",[3,1]],"c":[1]},"z":[1]} #0
int(3)
array(3) refcount(2){
  [0]=>
  array(2) refcount(2){
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
  ["a"]=>
  array(4) refcount(1){
    [0]=>
    string(7) "changed" interned
    ["b"]=>
    *RECURSION*
    ["c"]=>
    array(1) refcount(2){
      [0]=>
      int(1)
    }
    [1]=>
    string(1) "x" interned
  }
  ["z"]=>
  array(1) refcount(2){
    [0]=>
    int(1)
  }
}
mutate 1: {"0":[1,2],"a":{"0":[1],"b":[1,"m1",[3,1]],"c":[1]},"z":[1]} #0
int(3)
array(3) refcount(2){
  [0]=>
  array(2) refcount(2){
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
  ["a"]=>
  array(3) refcount(1){
    [0]=>
    array(1) refcount(2){
      [0]=>
      int(1)
    }
    ["b"]=>
    NULL
    ["c"]=>
    array(1) refcount(2){
      [0]=>
      int(1)
    }
  }
  ["z"]=>
  array(1) refcount(2){
    [0]=>
    int(1)
  }
}
mutate 2: {"0":[1,2],"a":{"0":[1],"b":[1,"m2",[3,1]],"c":[1]},"z":[1]} #0
int(3)
string(8) "replaced" interned
mutate 3: {"0":[1,2],"a":{"0":[1],"b":[1,"m3",[3,1]],"c":[1]},"z":[1]} #0
string(8) "replaced"
return root/0: false #6
return root/512: {"s":[1,[1]],"a":[1,{"k":null}]} #6
return parent/0: false #6
return parent/512: {"s":[1,[1]],"a":[1,{"k":null}]} #6
return sibling/0: {"s":[1,[1]],"a":[1,{"k":[1,[1]]}]} #0
return sibling/512: {"s":[1,[1]],"a":[1,{"k":[1,[1]]}]} #0
return ref/0: false #6
return ref/512: {"s":[1,[1]],"a":[1,{"k":[null]}]} #6
drop
drop: [[1,{"n":"outer"}],{"in":["dropped",{"n":"inner"}],"after":[1]},{"n":"last"}] #0
destruct outer
destruct inner
destruct last
after drop
drop ref
destruct r1
destruct r2
drop ref: [[1,[[1,{"n":"r1"}],"dropped",[{"n":"r2"}]],[{"n":"after ref"}]]] #0
destruct after ref
after drop ref
refs: [[1,[[1,2],[1]]],[1,2]] #0
ref cycle/0: false #6
ref cycle/512: [[1,[1,null]]] #6
depth 1 nest 0/0: 35dba5d75538a9bbe0b4da4422759a0e 3 #0
depth 1 nest 0/512: 35dba5d75538a9bbe0b4da4422759a0e 3 #0
depth 1 nest 1/0: false #1
depth 1 nest 1/512: 9bb89c2ab80c72f575f3c4d474c62337 7 #1
depth 1 nest 2/0: false #1
depth 1 nest 2/512: a5a7fd8c786c25a445568976434cc0ff 11 #1
depth 2 nest 1/0: 9bb89c2ab80c72f575f3c4d474c62337 7 #0
depth 2 nest 1/512: 9bb89c2ab80c72f575f3c4d474c62337 7 #0
depth 2 nest 2/0: false #1
depth 2 nest 2/512: a5a7fd8c786c25a445568976434cc0ff 11 #1
depth 2 nest 3/0: false #1
depth 2 nest 3/512: 3993f5330ca233c48a00a473f719493a 17 #1
depth 3 nest 2/0: a5a7fd8c786c25a445568976434cc0ff 11 #0
depth 3 nest 2/512: a5a7fd8c786c25a445568976434cc0ff 11 #0
depth 3 nest 3/0: false #1
depth 3 nest 3/512: 3993f5330ca233c48a00a473f719493a 17 #1
depth 3 nest 4/0: false #1
depth 3 nest 4/512: 6b8a91f54defb19dc96c5b8c7fbcaeb1 21 #1
depth 5 nest 4/0: 6b8a91f54defb19dc96c5b8c7fbcaeb1 21 #0
depth 5 nest 4/512: 6b8a91f54defb19dc96c5b8c7fbcaeb1 21 #0
depth 5 nest 5/0: false #1
depth 5 nest 5/512: 21d35e2c75bac670bf7051d440a529b3 25 #1
depth 5 nest 6/0: false #1
depth 5 nest 6/512: 73a20f7a313b99340b34ab3a319e7aaf 31 #1
depth 127 nest 126/0: 51193bbfef59d9b66695629b4ef3f62e 685 #0
depth 127 nest 126/512: 51193bbfef59d9b66695629b4ef3f62e 685 #0
depth 127 nest 127/0: false #1
depth 127 nest 127/512: b857fc83996bdfb0ce0515b8efd6e8e5 691 #1
depth 127 nest 128/0: false #1
depth 127 nest 128/512: be833d984a688bad779a66d7071f8ff6 697 #1
depth 128 nest 127/0: b857fc83996bdfb0ce0515b8efd6e8e5 691 #0
depth 128 nest 127/512: b857fc83996bdfb0ce0515b8efd6e8e5 691 #0
depth 128 nest 128/0: false #1
depth 128 nest 128/512: be833d984a688bad779a66d7071f8ff6 697 #1
depth 128 nest 129/0: false #1
depth 128 nest 129/512: e466ccc13b89a496e96bed40312ae7b9 703 #1
depth 129 nest 128/0: be833d984a688bad779a66d7071f8ff6 697 #0
depth 129 nest 128/512: be833d984a688bad779a66d7071f8ff6 697 #0
depth 129 nest 129/0: false #1
depth 129 nest 129/512: e466ccc13b89a496e96bed40312ae7b9 703 #1
depth 129 nest 130/0: false #1
depth 129 nest 130/512: 8cd7736e02e2377d8182004922dd5dc0 709 #1
depth 130 nest 129/0: e466ccc13b89a496e96bed40312ae7b9 703 #0
depth 130 nest 129/512: e466ccc13b89a496e96bed40312ae7b9 703 #0
depth 130 nest 130/0: false #1
depth 130 nest 130/512: 8cd7736e02e2377d8182004922dd5dc0 709 #1
depth 130 nest 131/0: false #1
depth 130 nest 131/512: c8bfeb1da68657c4a77fe3d62c5b6939 715 #1
bottom sees 141 levels
array(1) refcount(2){
  [0]=>
  int(1)
}
a2dbad56caf270a9f04338f7d08d0835 847 #0
