<?php
/*
 * tools/bench/decode.php: json_decode() benchmark, stock ext/json (rustjson.decode=0) vs rustjson
 * (rustjson.decode=1), in one process, on the same strings.
 *
 *   php -n -d extension=$PWD/modules/rustjson.so tools/bench/decode.php \
 *       [--filter=REGEX] [--rounds=N] [--target-ms=MS] [--quick] [--markdown=FILE|none] [--corpora=DIR]
 *
 * Per input (every corpus of ../shared/corpora in assoc and object mode, a generated 1 MB document of
 * text as PHP's own json_encode() writes it (`gen:escaped-text`: \uXXXX escapes and surrogate pairs),
 * a ~50-byte document, a 16-byte string):
 *   - time: N calls per round (N calibrated per side so a round takes --target-ms, default 40), 7
 *     rounds interleaved stock, rustjson, stock, ...; the median ns/call of process CPU time (getrusage
 *     user+sys). A call's time includes freeing the previous result (the loop reassigns it).
 *   - floor: what any decoder pays outside building the value: json_validate() of the same string
 *     (rustjson's stage-1 scan + grammar check) plus freeing the decoded value (K values decoded by
 *     rustjson into an array, the time of unset() / K). floor/stock is the ratio reachable at best.
 *   - peak: memory_get_peak_usage() growth during one call after memory_reset_peak_usage() (PHP's
 *     allocator; the string held by the caller is not counted), stock and rustjson.
 *   - retained: memory_get_usage() growth while the result is held.
 *   - RSS: VmHWM of a fresh `php -n` process that reads the corpus and decodes it once (rustjson.decode
 *     0 or 1), and of one that only reads it (base).
 * Then, per corpus, in assoc and object mode: the time of a copy with one byte broken near the end
 * (the last closing bracket replaced by `x`: a syntax error after the whole document was scanned)
 * against the valid one, for both sides (the issue's goals: rustjson invalid <= 2x rustjson valid,
 * and never above stock; in object mode a failed decode also frees its objects as stock does).
 * Before timing, both sides must give the same serialize() and json_last_error() (else MISMATCH, exit 1).
 * Results: printed and written to tools/bench/decode.md (--markdown=none skips the file).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

ini_set('memory_limit', '-1');
ini_set('serialize_precision', '-1');
$opts = getopt('', ['filter:', 'rounds:', 'target-ms:', 'quick', 'markdown:', 'corpora:', 'no-rss']);
$quick = array_key_exists('quick', $opts);
$rounds = (int)bench_opt($opts, 'rounds', $quick ? '3' : '7');
$targetNs = (int)((float)bench_opt($opts, 'target-ms', $quick ? '15' : '40') * 1e6);
$filter = bench_opt($opts, 'filter');
$mdPath = bench_opt($opts, 'markdown', __DIR__ . '/decode.md');
$corpora = bench_corpora_dir(bench_opt($opts, 'corpora'));
$doRss = !array_key_exists('no-rss', $opts);

if (ini_get('rustjson.decode') === false) {
    fwrite(STDERR, "rustjson is not loaded (no rustjson.decode): php -n -d extension=\$PWD/modules/rustjson.so tools/bench/decode.php\n");
    exit(2);
}

function side(bool $rust): void
{
    ini_set('rustjson.decode', $rust ? '1' : '0');
}

/** ns/call of N decodes (CPU time). */
function time_decode(string $s, bool $assoc, int $n): float
{
    $t = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        $r = json_decode($s, $assoc);
    }
    unset($r);
    return (cpu_ns() - $t) / $n;
}

function time_validate(string $s, int $n): float
{
    $t = cpu_ns();
    for ($i = 0; $i < $n; $i++) {
        $r = json_validate($s);
    }
    return (cpu_ns() - $t) / $n;
}

/** Median ns/call of each side, rounds interleaved. */
function bench_pair(string $s, bool $assoc, int $rounds, int $targetNs): array
{
    $n = [];
    foreach ([false, true] as $rust) {
        side($rust);
        $n[(int)$rust] = bench_calls_for(fn($k) => time_decode($s, $assoc, $k), $targetNs);
    }
    $t = [[], []];
    for ($r = 0; $r < $rounds; $r++) {
        foreach ([false, true] as $rust) {
            side($rust);
            $t[(int)$rust][] = time_decode($s, $assoc, $n[(int)$rust]);
        }
    }
    side(false);
    return [bench_median($t[0]), bench_median($t[1])];
}

/** [peak growth, retained growth] in bytes of one call. */
function mem_one(string $s, bool $assoc, bool $rust): array
{
    side($rust);
    gc_collect_cycles();
    $m0 = memory_get_usage();
    memory_reset_peak_usage();
    $r = json_decode($s, $assoc);
    $peak = memory_get_peak_usage() - $m0;
    $kept = memory_get_usage() - $m0;
    unset($r);
    side(false);
    return [$peak, $kept];
}

/**
 * ns to free one decoded value (rustjson-built): batches of K values decoded into an array, the
 * unset() of each batch timed (hrtime); small documents in many batches of 64, so the memory freed is
 * as warm as in a decode loop.
 */
function free_ns(string $s, bool $assoc): float
{
    side(true);
    if (strlen($s) < 1000) {
        [$k, $batches] = [64, 300];
    } else {
        [$k, $batches] = [max(2, min(200, intdiv(4_000_000, strlen($s)))), 1];
    }
    $t = 0;
    for ($b = 0; $b < $batches; $b++) {
        $keep = [];
        for ($i = 0; $i < $k; $i++) {
            $keep[] = json_decode($s, $assoc);
        }
        $t0 = hrtime(true);
        unset($keep);
        $t += hrtime(true) - $t0;
    }
    side(false);
    return $t / ($k * $batches);
}

/**
 * Fresh-process memory of reading $file and decoding it once: [VmHWM, VmHWM - RssFile] in KB.
 * RssFile counts the file-backed pages the process touched (the php binary's and the extension's code
 * and read-only data: shared page cache, not memory the call allocates); VmHWM minus it is the private
 * (anonymous) high-water mark, up to the file pages touched after the peak (they only grow).
 */
function rss_kb(string $file, int $mode, bool $assoc): array
{
    // mode: -1 read only, 0 stock, 1 rustjson
    $code = '$s = file_get_contents($argv[1]);'
        . ($mode >= 0 ? ' $r = json_decode($s, (bool)$argv[2]);' : '')
        . ' $t = file_get_contents("/proc/self/status"); preg_match("/VmHWM:\\s+(\\d+)/", $t, $m);'
        . ' preg_match("/RssFile:\\s+(\\d+)/", $t, $f); echo $m[1], " ", $f[1];';
    $so = '';
    $maps = (string)file_get_contents('/proc/self/maps');
    if (preg_match('~\s(/\S*rustjson[^/\s]*\.so)$~m', $maps, $m)) $so = $m[1];
    $cmd = escapeshellarg(PHP_BINARY) . ' -n -d memory_limit=-1 -d extension=' . escapeshellarg($so)
        . ' -d rustjson.decode=' . max(0, $mode) . ' -r ' . escapeshellarg($code) . ' ' . escapeshellarg($file) . ' ' . (int)$assoc;
    [$hwm, $filePages] = array_map('intval', explode(' ', trim((string)shell_exec($cmd))) + [0, 0]);
    return [$hwm, $hwm - $filePages];
}

// ---- inputs
$inputs = [];   // name => [string, assoc, file|null]
$files = glob("$corpora/*.json") ?: [];
if (!$files) echo "note: no corpora in $corpora\n";
foreach ($files as $f) {
    $b = basename($f, '.json');
    $s = (string)file_get_contents($f);
    $inputs["corpus:$b:arr"] = [$s, true, $f];
    $inputs["corpus:$b:obj"] = [$s, false, $f];
}
// What PHP's own json_encode() writes for chat-like text (generated, the same every run): every
// non-ASCII character a \uXXXX escape, every emoji a surrogate pair; 3,000 rows, about 770 KB.
$words = ['hello', 'world', 'ok', 'great', 'Grüße', 'café', 'привет', 'こんにちは', 'so', 'much', 'fun', '!'];
$emoji = ["\u{1F600}", "\u{1F602}", "\u{2764}\u{FE0F}", "\u{1F44D}", "\u{1F389}", "\u{1F64F}", "\u{1F60D}", "\u{1F525}"];
mt_srand(7);
$rowsE = [];
for ($i = 0; $i < 3000; $i++) {
    $t = '';
    for ($j = 0; $j < 12; $j++) {
        $t .= $words[mt_rand(0, count($words) - 1)] . ' ' . $emoji[mt_rand(0, count($emoji) - 1)] . ' ';
    }
    $rowsE[] = ['id' => $i, 'user' => "user$i", 'text' => $t, 'likes' => mt_rand(0, 1000)];
}
$escaped = json_encode($rowsE);
unset($rowsE);
$inputs['gen:escaped-text:arr'] = [$escaped, true, null];
$inputs['gen:escaped-text:obj'] = [$escaped, false, null];
$tiny = '{"id":12345,"name":"Ada Lovelace","ok":true,"t":[1,2.5]}';
$inputs['tiny:doc-' . strlen($tiny) . 'B:arr'] = [$tiny, true, null];
$inputs['tiny:doc-' . strlen($tiny) . 'B:obj'] = [$tiny, false, null];
$inputs['str:16B'] = ['"0123456789abcdef"', true, null];
// Small-input section: lone scalars, empty and tiny containers, short escaped strings (the per-call setup).
$small = [
    'str:empty' => '""', 'str:1B' => '"a"', 'int:1' => '1', 'int:123456' => '123456', 'double:1.5' => '1.5',
    'lit:true' => 'true', 'lit:null' => 'null', 'arr:empty' => '[]', 'obj:empty' => '{}', 'arr:1,2,3' => '[1,2,3]',
    'obj:a1' => '{"a":1}', 'doc-50B' => '{"id":12345,"name":"widget","ok":true,"v":[1,2.5]}',
    'str:esc-16B' => '"abcdefg\nhijklmn"', 'str:esc-64B' => '"' . str_repeat('abcdefghijklmn\n', 4) . '"',
];
foreach ($small as $k => $v) {
    $inputs["small:$k"] = [$v, true, null];
}
if ($filter !== null && $filter !== '') {
    $inputs = array_filter($inputs, fn($k) => preg_match("~$filter~", $k) === 1, ARRAY_FILTER_USE_KEY);
}

$t0 = microtime(true);
$load0 = trim((string)@file_get_contents('/proc/loadavg'));
$info = bench_machine_info();
$mismatch = 0;
$rows = [];
foreach ($inputs as $name => [$s, $assoc, $file]) {
    side(false);
    $a = serialize(json_decode($s, $assoc)) . json_last_error();
    side(true);
    $b = serialize(json_decode($s, $assoc)) . json_last_error();
    side(false);
    if ($a !== $b) {
        echo "MISMATCH $name: stock and rustjson decode differently\n";
        $mismatch++;
        continue;
    }
    unset($a, $b);
    [$ts, $tr] = bench_pair($s, $assoc, $rounds, $targetNs);
    $nv = bench_calls_for(fn($k) => time_validate($s, $k), $targetNs);
    $tv = [];
    for ($r = 0; $r < $rounds; $r++) $tv[] = time_validate($s, $nv);
    $tv = bench_median($tv);
    $tf = [];
    for ($r = 0; $r < ($quick ? 1 : 3); $r++) $tf[] = free_ns($s, $assoc);
    $tf = bench_median($tf);
    [$ps, $ks] = mem_one($s, $assoc, false);
    [$pr, $kr] = mem_one($s, $assoc, true);
    $rss = ['-', '-', '-'];
    if ($doRss && $file !== null) {
        $rss = [rss_kb($file, -1, $assoc), rss_kb($file, 0, $assoc), rss_kb($file, 1, $assoc)];
    }
    $row = compact('name', 'ts', 'tr', 'tv', 'tf', 'ps', 'ks', 'pr', 'kr', 'rss') + ['bytes' => strlen($s)];
    $rows[] = $row;
    printf("%-28s stock %12s ns  rustjson %12s ns  ratio %s  floor %s (%s)  peak %s/%s KB  retained %s/%s KB  RSS %s/%s MB\n",
        $name, bench_fmt_ns($ts), bench_fmt_ns($tr), bench_fmt_ratio($tr / $ts), bench_fmt_ns($tv + $tf),
        bench_fmt_ratio(($tv + $tf) / $ts), number_format($ps / 1024, 0), number_format($pr / 1024, 0),
        number_format($ks / 1024, 0), number_format($kr / 1024, 0),
        is_array($rss[1]) ? number_format($rss[1][0] / 1024, 1) : '-', is_array($rss[2]) ? number_format($rss[2][0] / 1024, 1) : '-');
}

// ---- invalid vs valid (assoc and object mode)
$inv = [];
foreach ($inputs as $name => [$s, $assoc, $file]) {
    if ($file === null) continue;
    $p = strrpos($s, ']');
    $q = strrpos($s, '}');
    $p = max($p === false ? -1 : $p, $q === false ? -1 : $q);
    if ($p < 0) continue;
    $bad = substr($s, 0, $p) . 'x' . substr($s, $p + 1);
    side(false);
    json_decode($bad, $assoc);
    $ea = json_last_error();
    side(true);
    json_decode($bad, $assoc);
    $eb = json_last_error();
    side(false);
    if ($ea !== $eb || $ea === 0) {
        echo "MISMATCH $name (broken): error $ea vs $eb\n";
        $mismatch++;
        continue;
    }
    [$vs, $vr] = bench_pair($s, $assoc, $rounds, $targetNs);
    [$is, $ir] = bench_pair($bad, $assoc, $rounds, $targetNs);
    $inv[] = ['name' => $name, 'mode' => $assoc ? 'assoc' : 'object', 'vs' => $vs, 'vr' => $vr, 'is' => $is, 'ir' => $ir,
        'err' => $ea, 'at' => strlen($s) - $p];
    printf("%-28s broken %d bytes from the end (E%d): stock %s / %s ns, rustjson %s / %s ns (invalid/valid %.2f)\n",
        $name, strlen($s) - $p, $ea, bench_fmt_ns($is), bench_fmt_ns($vs), bench_fmt_ns($ir), bench_fmt_ns($vr), $ir / $vr);
}
$secs = (int)round(microtime(true) - $t0);

// ---- report
$kb = fn($b) => number_format($b / 1024, $b < 10240 ? 1 : 0);
$mb = fn($k, $i = 0) => is_array($k) ? number_format($k[$i] / 1024, 1) : '-';
$md = "## json_decode: stock ext/json vs rustjson\n\n";
foreach (bench_info_lines($info) as $l) $md .= "$l\n";
$md .= "- Method: `php -n`, one process, `rustjson.decode` 0/1 switched with ini_set(); per input $rounds interleaved rounds"
    . " (stock, rustjson, ...), each ~" . ($targetNs / 1e6) . " ms (call count calibrated per side), median ns/call of process CPU time"
    . " (getrusage user+sys); the time of a call includes freeing the previous result. Outputs checked identical (serialize, json_last_error) first.\n";
$md .= "- floor = json_validate() of the same string (rustjson's stage-1 scan and grammar) + freeing the decoded value"
    . " (batches of K rustjson-decoded values, unset() timed / K): the part of a call outside building the value. floor ratio = floor / stock: the best ratio reachable.\n";
$md .= "- peak = memory_get_peak_usage() growth during one call after memory_reset_peak_usage(); retained = memory_get_usage()"
    . " growth holding the result (PHP's allocator, KB). RSS = VmHWM of a fresh `php -n` reading the file and decoding it once"
    . " (base: reading only), MB; private = that VmHWM minus the process's file-backed pages (RssFile: the php binary's and the"
    . " extension's code and read-only data, shared page cache), i.e. its anonymous memory high-water mark.\n";
$load1 = trim((string)@file_get_contents('/proc/loadavg'));
$md .= "- Bench runtime: {$secs} s; /proc/loadavg at start: `$load0`, at end: `$load1`\n\n";
$md .= "ratio = rustjson / stock (below 1 = rustjson faster).\n\n";
$md .= "| input | bytes | stock ns/call | rustjson ns/call | ratio | floor ns | floor ratio | peak KB stock | peak KB rustjson | peak ratio | retained KB stock | retained KB rustjson | RSS MB base | RSS MB stock | RSS MB rustjson | private MB stock | private MB rustjson |\n";
$md .= "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
$g = [];
foreach ($rows as $r) {
    $ratio = $r['tr'] / $r['ts'];
    $floor = $r['tv'] + $r['tf'];
    $pk = $r['ps'] > 0 ? $r['pr'] / $r['ps'] : 0;
    $md .= sprintf("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
        $r['name'], bench_fmt_int($r['bytes']), bench_fmt_ns($r['ts']), bench_fmt_ns($r['tr']), bench_fmt_ratio($ratio),
        bench_fmt_ns($floor), bench_fmt_ratio($floor / $r['ts']), $kb($r['ps']), $kb($r['pr']), $pk ? sprintf('%.2f', $pk) : '-',
        $kb($r['ks']), $kb($r['kr']), $mb($r['rss'][0]), $mb($r['rss'][1]), $mb($r['rss'][2]), $mb($r['rss'][1], 1), $mb($r['rss'][2], 1));
    $grp = str_starts_with($r['name'], 'corpus:') ? 'corpora, ' . (str_ends_with($r['name'], ':arr') ? 'assoc' : 'object') : null;
    if ($grp !== null) {
        $g[$grp]['ratio'][] = $ratio;
        $g[$grp]['floor'][] = $floor / $r['ts'];
        $g[$grp]['peak'][] = $pk;
        $g[$grp]['kept'][] = $r['ks'] > 0 ? $r['kr'] / $r['ks'] : 0;
        if (is_array($r['rss'][1]) && $r['rss'][1][0] > 0) {
            $g[$grp]['rss'][] = $r['rss'][2][0] / $r['rss'][1][0];
            $g[$grp]['priv'][] = $r['rss'][2][1] / max(1, $r['rss'][1][1]);
        }
    }
}
$md .= "\nGeomeans over the corpora (rustjson / stock):\n\n| group | time ratio | floor ratio | peak ratio | retained ratio | RSS ratio | private ratio |\n|---|---:|---:|---:|---:|---:|---:|\n";
foreach ($g as $grp => $x) {
    $md .= sprintf("| %s | %s | %s | %.3f | %.3f | %s | %s |\n", $grp, bench_fmt_ratio(bench_geomean($x['ratio'])),
        bench_fmt_ratio(bench_geomean($x['floor'])), bench_geomean($x['peak']), bench_geomean($x['kept']),
        isset($x['rss']) ? sprintf('%.3f', bench_geomean($x['rss'])) : '-',
        isset($x['priv']) ? sprintf('%.3f', bench_geomean($x['priv'])) : '-');
}
if ($inv) {
    $md .= "\n### Invalid vs valid (assoc and object mode)\n\nThe corpus with its last closing bracket replaced by `x` (a syntax error at the end), timed like the rows above.\n\n";
    $md .= "| input | mode | broken at (bytes from end) | error | stock valid ns | stock invalid ns | stock invalid/valid | rustjson valid ns | rustjson invalid ns | rustjson invalid/valid | rustjson invalid / stock invalid |\n";
    $md .= "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    $gi = [];
    foreach ($inv as $r) {
        $md .= sprintf("| `%s` | %s | %d | %d | %s | %s | %.2f | %s | %s | %.2f | %s |\n", $r['name'], $r['mode'], $r['at'], $r['err'],
            bench_fmt_ns($r['vs']), bench_fmt_ns($r['is']), $r['is'] / $r['vs'], bench_fmt_ns($r['vr']), bench_fmt_ns($r['ir']),
            $r['ir'] / $r['vr'], bench_fmt_ratio($r['ir'] / $r['is']));
        foreach (['all', $r['mode']] as $grp) {
            $gi[$grp][0][] = $r['is'] / $r['vs'];
            $gi[$grp][1][] = $r['ir'] / $r['vr'];
            $gi[$grp][2][] = $r['ir'] / $r['is'];
        }
    }
    foreach (['assoc', 'object', 'all'] as $grp) {
        if (!isset($gi[$grp])) continue;
        $md .= sprintf("| geomean | %s | | | | | %.2f | | | %.2f | %s |\n", $grp === 'all' ? 'both' : $grp, bench_geomean($gi[$grp][0]),
            bench_geomean($gi[$grp][1]), bench_fmt_ratio(bench_geomean($gi[$grp][2])));
    }
}
if ($mismatch) $md .= "\n**MISMATCH: $mismatch input(s) decode differently; not timed.**\n";
echo "\n", $md;
if ($mdPath !== 'none' && $mdPath !== '') {
    bench_write($mdPath, $md);
    echo "\nwritten: $mdPath\n";
}
exit($mismatch ? 1 : 0);
