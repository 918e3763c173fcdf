<?php
// Times PHP's own json_validate() (PHP >= 8.3) or, on older PHP,
// json_decode($s, true) (same scanner and parser, plus building values),
// for tools/validate_bench.sh.
//
//   php -n tools/validate_bench.php FILE...
//
// Prints one line per file: "NAME FUNCTION MEDIAN_US BEST_US".
$fn = function_exists('json_validate') ? 'json_validate' : 'json_decode';
foreach (array_slice($argv, 1) as $f) {
    $s = file_get_contents($f);
    $t = [];
    $reps = max(5, min(2000, (int)(1.5e9 / max(1, strlen($s) * 3))));
    for ($i = 0; $i < $reps; $i++) {
        $a = hrtime(true);
        if ($fn === 'json_validate') {
            json_validate($s);
        } else {
            json_decode($s, true);
        }
        $t[] = (hrtime(true) - $a) / 1000;
    }
    sort($t);
    printf("%s %s %.1f %.1f\n", basename($f), $fn, $t[intdiv(count($t), 2)], $t[0]);
}
