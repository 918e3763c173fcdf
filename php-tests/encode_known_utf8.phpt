--TEST--
json_encode(): strings PHP knows to be valid UTF-8 (IS_STR_VALID_UTF8: every string rustjson's json_decode() returns, subjects of a /u match) skip the large-output size walk's UTF-8 check; one changed in place, appended to or made by other means is checked: stock's output, error and no higher peak, for large outputs
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip compares the Zend allocator\'s peaks'); ?>
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// A value of about 3 MB of JSON (past PHP's largest in-chunk block: the
// encoder sizes its output first, walking the value; a string it cannot
// prove valid UTF-8 ends that walk, since stock stops there).
function make_doc(): string
{
    $items = [];
    for ($i = 0; $i < 6000; $i++) {
        $items[] = [
            'id' => $i,
            'name' => "n\u{e9}me $i " . str_repeat('abc ', 20),
            'city' => ['M\u{fc}nchen', 'S\u{e3}o Paulo', '\u{6771}\u{4eac}', 'Paris'][$i % 4],
            'url' => "https://example.com/items/$i?x=1&y=2",
            'tags' => ["t$i", "\u{2603}", str_repeat('x', $i % 40)],
        ];
    }
    return json_encode(['items' => $items]);
}

/** json_encode() by stock (rustjson.enabled=0) or rustjson: output, error, peak growth. */
function enc(bool $rust, mixed $v, int $flags): array
{
    ini_set('rustjson.enabled', $rust ? '1' : '0');
    memory_reset_peak_usage();
    $p0 = memory_get_peak_usage();
    $s = json_encode($v, $flags);
    $out = [$s === false ? false : md5($s), json_last_error(), memory_get_peak_usage() - $p0];
    unset($s);
    ini_set('rustjson.enabled', '1');
    return $out;
}

$doc = make_doc();
$bad = 0;
$cases = 0;
$check = function (string $label, mixed $v) use (&$bad, &$cases) {
    foreach ([0, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT] as $f) {
        $cases++;
        $s = enc(false, $v, $f);
        $r = enc(true, $v, $f);
        if ($s[0] !== $r[0] || $s[1] !== $r[1] || $r[2] > $s[2]) {
            $bad++;
            printf("%s flags %d: stock %s/%d/%d rustjson %s/%d/%d\n", $label, $f, var_export($s[0], true), $s[1], $s[2],
                var_export($r[0], true), $r[1], $r[2]);
        }
    }
};

// Decoded by rustjson (strings marked) and by stock (not marked).
foreach (['rustjson' => '1', 'stock' => '0'] as $who => $on) {
    ini_set('rustjson.decode', $on);
    $v = json_decode($doc, true);
    ini_set('rustjson.decode', '1');
    $check("decoded by $who", $v);
    // A decoded string changed in place to invalid UTF-8 (PHP drops the mark).
    $w = $v;
    $w['items'][3000]['name'][0] = "\xff";
    $check("decoded by $who, one string changed in place", $w);
    // Appended to with an invalid byte (a concatenation: unmarked).
    $w = $v;
    $w['items'][4000]['city'] .= "\xc3";
    $check("decoded by $who, one string appended to", $w);
    // A valid change in place: still valid, unmarked.
    $w = $v;
    $w['items'][5000]['name'][1] = 'E';
    $check("decoded by $who, one string changed in place (valid)", $w);
    // Strings of a /u match (PCRE marks them) and an invalid one after them.
    $w = $v;
    foreach ($w['items'] as $k => $item) {
        preg_match('/./u', $w['items'][$k]['url']);
    }
    $check("decoded by $who, urls matched with /u", $w);
    $w['items'][5999]['url'] = "bad\xe2\x82";
    $check("decoded by $who, urls matched with /u, the last one invalid", $w);
    // Keys: a decoded object whose keys are marked, and an invalid key.
    $o = json_decode($doc);
    $check("object decoded by $who", $o);
    $o->items[100]->{"k\xff"} = 1;
    $check("object decoded by $who, an invalid key added", $o);
    unset($v, $w, $o);
}
echo "$cases cases, $bad differ\n";

// What rustjson's json_decode() marks is valid UTF-8: every string and key
// it returns, under each UTF-8 flag (a fresh copy is checked: PCRE trusts
// the mark on the string itself).
$docs = [
    "[\"a\xff\", \"\xc3\", \"\xe2\x82x\", \"ok \\u00e9 \\ud83d\\ude00\", \"\\u0000\", \"\xed\xa0\x80\"]",
    "{\"k\xff\": \"v\", \"\\u00e9\xc0\": [\"\xf0\x9f\x98\", \"\xf4\x90\x80\x80\"], \"long\": \"" . str_repeat("\u{e9}x\xff", 400) . "\"}",
];
$strings = 0;
$invalid = 0;
$walk = function (mixed $v) use (&$walk, &$strings, &$invalid): void {
    if (is_array($v) || is_object($v)) {
        foreach ($v as $k => $x) {
            if (is_string($k)) {
                $strings++;
                $invalid += preg_match('//u', strrev(strrev($k))) === 1 ? 0 : 1;
            }
            $walk($x);
        }
    } elseif (is_string($v)) {
        $strings++;
        $invalid += preg_match('//u', strrev(strrev($v))) === 1 ? 0 : 1;
    }
};
foreach ($docs as $d) {
    foreach ([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $f) {
        foreach ([true, false] as $assoc) {
            $walk(json_decode($d, $assoc, 512, $f));
        }
    }
}
echo "decoded strings: $strings, invalid UTF-8: $invalid\n";
?>
--EXPECT--
48 cases, 0 differ
decoded strings: 52, invalid UTF-8: 0
