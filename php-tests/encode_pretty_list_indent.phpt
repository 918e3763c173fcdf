--TEST--
json_encode(): pretty-printed lists of doubles, strings and arrays at depths 0 to 10 (the indentation of a list element is two 16-byte stores of spaces when the buffer's spare room holds them, else a fill), at output offsets 0 to 64 around the 512-byte stack buffer and the heap growth, compared with stock in the same process
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
$diff=0; $n=0;
for ($depth=0; $depth<=10; $depth++) {
  for ($k=0; $k<=64; $k++) {
    foreach ([3, 9, 40, 300] as $len) {
      $l=[]; for($i=0;$i<$len;$i++) $l[] = ($i%3==0) ? 1.25*$i : (($i%3==1) ? str_repeat('a', ($i*7)%13) : [$i]);
      $v=$l; for($d=0;$d<$depth;$d++) $v = ($d&1) ? ['k'=>$v] : [$v];
      $v=[str_repeat('s',$k), $v];
      foreach ([JSON_PRETTY_PRINT, JSON_PRETTY_PRINT|JSON_FORCE_OBJECT] as $f) {
        ini_set('rustjson.enabled','0'); $a=json_encode($v,$f);
        ini_set('rustjson.enabled','1'); $b=json_encode($v,$f);
        $n++; if ($a!==$b) { $diff++; if ($diff<4) echo "DIFF depth=$depth k=$k len=$len f=$f\n"; }
      }
    }
  }
}
echo "cases $n diffs $diff\n";
?>
--EXPECT--
cases 5720 diffs 0
