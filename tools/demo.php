<?php
/*
 * tools/demo.php: rustjson demo (run it with `make demo`).
 *
 *   php -n -d extension=modules/rustjson.so tools/demo.php [--rounds=30] [--records=2000]
 *
 * 1. Builds a twitter-like document in memory: N status records with unicode text, URLs,
 *    hashtags, user objects, numbers, nested arrays and some nulls.
 * 2. Turns it into JSON text and json_decode()s it (once to objects, once to assoc arrays),
 *    as an application would after reading an API response.
 * 3. Encodes the decoded value with rustjson.enabled=0 (stock ext/json) and =1 (rustjson).
 *    It shows that the outputs are byte-identical (length + sha1) and times both. The rounds
 *    are interleaved (A B B A ...). It reports median times and the speed ratio.
 * No files are read; the data is generated here with a fixed seed.
 */

if (!extension_loaded('rustjson')) {
    fwrite(STDERR, "demo: the rustjson extension is not loaded (run: make demo)\n");
    exit(1);
}
$opts = getopt('', ['rounds:', 'records:']);
$rounds = max(1, (int)($opts['rounds'] ?? 30));
$records = max(1, (int)($opts['records'] ?? 2000));

mt_srand(42);
$words = ['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dog', 'café', 'naïve', 'Ελληνικά', 'русский',
          '日本語', '中文', '한국어', 'emoji 😀', '🚀', '✓', 'ünïcödé', 'façade', 'São Paulo', 'Zürich', '東京', '"quoted"',
          "it's", '<b>bold</b>', 'a&b', 'line\nbreak', 'tab\there'];
$langs = ['en', 'ja', 'de', 'fr', 'es', 'ru', 'zh', 'ko', 'pt'];
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }
function sentence(array $words, int $n): string {
    $s = [];
    for ($i = 0; $i < $n; $i++) {
        $s[] = pick($words);
    }
    return implode(' ', $s);
}

$statuses = [];
for ($i = 0; $i < $records; $i++) {
    $uid = mt_rand(1000, 999999999);
    $hashtags = [];
    for ($h = mt_rand(0, 3); $h > 0; $h--) {
        $hashtags[] = ['text' => pick($words), 'indices' => [mt_rand(0, 50), mt_rand(51, 140)]];
    }
    $urls = [];
    for ($u = mt_rand(0, 2); $u > 0; $u--) {
        $id = mt_rand(100000, 999999);
        $urls[] = ['url' => "https://t.co/$id", 'expanded_url' => "https://example.com/articles/$id?ref=feed&lang=" . pick($langs),
                   'display_url' => "example.com/articles/$id", 'indices' => [mt_rand(0, 70), mt_rand(71, 140)]];
    }
    $statuses[] = [
        'created_at' => sprintf('Sun Aug %02d %02d:%02d:%02d +0000 2024', mt_rand(1, 31), mt_rand(0, 23), mt_rand(0, 59), mt_rand(0, 59)),
        'id' => 1000000000000000000 + $i * 7919,
        'id_str' => (string)(1000000000000000000 + $i * 7919),
        'text' => sentence($words, mt_rand(5, 20)),
        'source' => '<a href="https://mobile.example.com" rel="nofollow">Example for iPhone</a>',
        'truncated' => (bool)mt_rand(0, 1),
        'in_reply_to_status_id' => mt_rand(0, 3) ? null : mt_rand(1, PHP_INT_MAX),
        'user' => [
            'id' => $uid,
            'name' => sentence($words, 2),
            'screen_name' => 'user_' . $uid,
            'location' => pick(['', 'Berlin', 'São Paulo', '東京', 'New York, NY', null]),
            'description' => sentence($words, mt_rand(0, 12)),
            'url' => mt_rand(0, 1) ? "https://example.org/~user$uid" : null,
            'followers_count' => mt_rand(0, 5000000),
            'friends_count' => mt_rand(0, 5000),
            'verified' => mt_rand(0, 9) === 0,
            'profile_image_url_https' => "https://pbs.example.com/profile_images/$uid/photo_normal.jpg",
            'profile_background_color' => sprintf('%06X', mt_rand(0, 0xFFFFFF)),
        ],
        'geo' => mt_rand(0, 4) ? null : ['type' => 'Point', 'coordinates' => [mt_rand(-90000000, 90000000) / 1e6, mt_rand(-180000000, 180000000) / 1e6]],
        'entities' => ['hashtags' => $hashtags, 'symbols' => [], 'urls' => $urls, 'user_mentions' => []],
        'retweet_count' => mt_rand(0, 100000),
        'favorite_count' => mt_rand(0, 250000),
        'possibly_sensitive' => false,
        'lang' => pick($langs),
        'score' => mt_rand(0, 1000000) / 1000,
    ];
}
$doc = ['statuses' => $statuses, 'search_metadata' => ['completed_in' => 0.087, 'max_id' => PHP_INT_MAX, 'count' => $records,
        'next_results' => '?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1']];

ini_set('rustjson.enabled', '0');
$text = json_encode($doc, JSON_UNESCAPED_SLASHES);
ini_set('rustjson.enabled', '1');
printf("document: %d records, %s bytes of JSON (generated, seed 42)\n\n", $records, number_format(strlen($text)));

function median(array $xs): float {
    sort($xs);
    $n = count($xs);
    return $n % 2 ? $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}
function encode_with(string $enabled, mixed $value, int $flags): array {
    ini_set('rustjson.enabled', $enabled);
    $t0 = hrtime(true);
    $out = json_encode($value, $flags);
    $t1 = hrtime(true);
    return [$out, ($t1 - $t0) / 1e6];
}

$scenarios = [
    'objects, flags 0' => [json_decode($text), 0],
    'assoc arrays, flags 0' => [json_decode($text, true), 0],
    'objects, PRETTY_PRINT|UNESCAPED_UNICODE|UNESCAPED_SLASHES' => [json_decode($text), JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES],
];
gc_disable();   // no cycle collection inside the timed calls
$allIdentical = true;
foreach ($scenarios as $name => [$value, $flags]) {
    // warm-up and correctness check
    [$stock] = encode_with('0', $value, $flags);
    $stockErr = json_last_error();
    [$rust] = encode_with('1', $value, $flags);
    $rustErr = json_last_error();
    $identical = $stock === $rust && $stockErr === $rustErr;
    $allIdentical = $allIdentical && $identical;

    $times = ['0' => [], '1' => []];
    for ($r = 0; $r < $rounds; $r++) {
        $order = $r % 2 ? ['1', '0'] : ['0', '1'];     // interleaved: A B, B A, A B, ...
        foreach ($order as $e) {
            [$out, $ms] = encode_with($e, $value, $flags);
            $times[$e][] = $ms;
            if ($out !== $stock) {
                $identical = $allIdentical = false;
            }
        }
    }
    ini_set('rustjson.enabled', '1');
    $mStock = median($times['0']);
    $mRust = median($times['1']);
    echo "== $name\n";
    printf("  stock ext/json  (rustjson.enabled=0): %9s bytes  sha1 %s\n", number_format(strlen((string)$stock)), sha1((string)$stock));
    printf("  rustjson        (rustjson.enabled=1): %9s bytes  sha1 %s\n", number_format(strlen((string)$rust)), sha1((string)$rust));
    printf("  byte-identical: %s (error codes %d / %d)\n", $identical ? 'YES' : 'NO', $stockErr, $rustErr);
    printf("  median of %d interleaved rounds: stock %.3f ms, rustjson %.3f ms, speed-up stock/rustjson = %.2fx\n\n",
           $rounds, $mStock, $mRust, $mRust > 0 ? $mStock / $mRust : 0);
}
echo "(wall-clock times on a shared machine: differences of up to about 10% are noise)\n";
echo $allIdentical ? "demo: all outputs byte-identical\n" : "demo: OUTPUTS DIFFER\n";
exit($allIdentical ? 0 : 1);
