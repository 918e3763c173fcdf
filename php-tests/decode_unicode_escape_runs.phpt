--TEST--
json_decode()/json_validate(): runs of \uXXXX escapes (every range, surrogate pairs, lone surrogates, a literal backslash before them, bad digits, cut short) at every offset around stage 1's 64-byte blocks, and at the end of long (measured) strings (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// Stage 1 checks `\uXXXX` escapes whose digits lie inside one 64-byte
// block by vector and hands the rest (surrogates, escapes across blocks,
// errors) to its scalar check; the string decoder writes the common ones
// from one word. Every item at every offset: one digest per item, over
// both decode modes, json_last_error() and json_validate().
$pad = '"pad":"' . str_repeat('p', 1100) . '"';
$runs = [
    '\\u0041\\u00e9\\u20AC\\u4e2d\\uFFFF',
    '\\u007f\\u0080\\u07FF\\u0800\\uD7FF\\uE000',
    '\\u0000\\u0001\\u001f\\u0020',
    '\\ud83d\\ude00\\u0041\\uD83D\\uDE00',
    '\\uDBFF\\uDFFF\\uD800\\uDC00',
    '\\ud83d',
    '\\ude00\\u0041',
    '\\ud83d\\u0041',
    '\\ud83dx\\ude00',
    '\\u00g1',
    '\\u12',
    '\\uD83D\\uD83D\\uDE00',
    '\\u3042\\u3044\\u3046\\u3048\\u304a\\u304B\\u304D\\u304F\\u3051\\u3053\\u3055',
    '\\u30c6\\u30b9\\u30c8\\n\\u0074\\/\\u00FC',
    '\\u0041\\u',
    '\\uABCD\\uabcd\\uAbCd\\uG000',
    '\\\\ud83d\\ude00',
    '\\\\\\ud83d\\ude00',
    '\\ud83d\\ude00\\ude00',
    '\\ud83d\\\\ude00',
    '\\ud800\\udc00\\udbff\\udfff\\uD834\\uDD1E\\u00e9\\ud83c\\udf89',
];
foreach ($runs as $run) {
    $all = '';
    $n = 0;
    for ($off = 0; $off < 130; $off++) {
        // The item starts $off bytes after a block boundary's worth of
        // shifts (the pad moves every later byte).
        $body = str_repeat('a', $off) . $run . 'z';
        $docs = [
            '{' . $pad . ',"s":"' . $body . '","k":{"' . $body . '":1}}',
            '[' . json_encode(str_repeat('q', 1100)) . ',"' . $body . '"]',
            '"' . $body . '"',
        ];
        foreach ($docs as $d) {
            foreach ([true, false] as $assoc) {
                $r = json_decode($d, $assoc);
                $all .= ($r === null ? 'null' : md5(serialize($r))) . ' #' . json_last_error() . "\n";
                $n++;
            }
            $all .= (json_validate($d) ? 'v' : 'i') . json_last_error() . "\n";
        }
    }
    // Long strings (decoded into measured room): the run at the very end,
    // after ASCII and after escapes.
    foreach ([4096, 4097, 5000, 9000] as $len) {
        foreach (['a', '\\u00e9'] as $fill) {
            $body = str_repeat($fill, intdiv($len, strlen($fill))) . $run;
            foreach (['"' . $body . '"', '{' . $pad . ',"s":"' . $body . '"}'] as $d) {
                $r = json_decode($d, true);
                $all .= ($r === null ? 'null' : md5(serialize($r))) . ' #' . json_last_error() . "\n";
                $n++;
            }
        }
    }
    echo substr($run, 0, 24), ': ', $n, ' decodes, ', substr_count($all, ' #0'), ' ok, md5 ', md5($all), "\n";
}
--EXPECT--
\u0041\u00e9\u20AC\u4e2d: 796 decodes, 796 ok, md5 582a7bdf6dd3535a2e8a79cd7ba6e3b2
\u007f\u0080\u07FF\u0800: 796 decodes, 796 ok, md5 c1f2a2eeb0c881e8f26da693e84776fd
\u0000\u0001\u001f\u0020: 796 decodes, 795 ok, md5 74acb1dfd63f83de9facbab96f32f6c3
\ud83d\ude00\u0041\uD83D: 796 decodes, 796 ok, md5 64bf5f35f495c65f6e16f26ad95eef75
\uDBFF\uDFFF\uD800\uDC00: 796 decodes, 796 ok, md5 1820e6c6847f5c73c9a567ef0a39e26d
\ud83d: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\ude00\u0041: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\ud83d\u0041: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\ud83dx\ude00: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\u00g1: 796 decodes, 0 ok, md5 6bb243a844c187f9df33f34e44f69e6f
\u12: 796 decodes, 0 ok, md5 6bb243a844c187f9df33f34e44f69e6f
\uD83D\uD83D\uDE00: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\u3042\u3044\u3046\u3048: 796 decodes, 796 ok, md5 11bfe955cc0245506118c5c1acaed9ed
\u30c6\u30b9\u30c8\n\u00: 796 decodes, 796 ok, md5 c8c27b014a31b381837682c32b0e50a5
\u0041\u: 796 decodes, 0 ok, md5 6bb243a844c187f9df33f34e44f69e6f
\uABCD\uabcd\uAbCd\uG000: 796 decodes, 0 ok, md5 6bb243a844c187f9df33f34e44f69e6f
\\ud83d\ude00: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\\\ud83d\ude00: 796 decodes, 796 ok, md5 a06c21faab8730e4444b2b51587bd183
\ud83d\ude00\ude00: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\ud83d\\ude00: 796 decodes, 0 ok, md5 d91f3fc4f21d9738affd41a3c064547c
\ud800\udc00\udbff\udfff: 796 decodes, 796 ok, md5 c374a5548b63f97d043e2df3005ad186
