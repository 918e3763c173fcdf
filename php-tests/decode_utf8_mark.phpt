--TEST--
json_decode(): the strings rustjson returns are marked valid UTF-8 (IS_STR_VALID_UTF8, which PCRE trusts); PHP drops the mark when one is changed in place or appended to, so /u matches on changed copies give stock's results and errors
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Each side decodes the same document (rustjson.decode=0 is stock's
// decoder), changes some strings, and runs /u matches on them: the same
// match results and PCRE errors either way (a mark left on a string made
// invalid would make PCRE skip its UTF-8 check and match).
function run(string $on): string
{
    ini_set('rustjson.decode', $on);
    $a = json_decode('{"k\u00e9y": ["abcdef", "gh\u00e9ijkl", "mnopqr", "stuvwx", "\u00e9\u00e9"], "n": "x"}', true);
    ini_set('rustjson.decode', '1');
    $out = [];
    $list = $a["k\u{e9}y"];
    $s = $list[0];
    $s[1] = "\xff";                 // a copy changed (separated)
    $list[1][0] = "\xc3";           // changed in place, in the array
    $list[2] .= "\xe2\x82";         // appended to
    $list[3] = substr($list[3], 0, 3) . "\xf0"; // a new string
    $list[4][1] = 'x';              // a valid change that breaks a sequence
    foreach ([$s, ...$list, $a['n'], array_key_first($a)] as $x) {
        $out[] = var_export(preg_match('/^.*$/u', $x), true) . '/' . preg_last_error();
    }
    return implode(' ', $out);
}
$stock = run('0');
$rust = run('1');
echo $stock, "\n", $stock === $rust ? 'same as stock' : "rustjson: $rust", "\n";
?>
--EXPECT--
false/4 1/0 false/4 false/4 false/4 false/4 1/0 1/0
same as stock
