<?php
/*
 * tools/bench/lib.php: shared by bench.php (wall clock) and callgrind.php (instruction counts).
 *
 *   - the input set (generated strings and structures, the corpora, the tiny document)
 *   - machine information for the report header
 *   - the markdown table and the SVG bar chart
 *
 * Every generated input is deterministic (fixed seed), so a callgrind child process that rebuilds
 * one input by name gets exactly the value the parent measured.
 */

declare(strict_types=1);

const BENCH_HEX = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT;

/** getopt() value of $k; a repeated option (Makefile default, then BENCH_ARGS) gives the last one. */
function bench_opt(array $opts, string $k, mixed $default = null): mixed
{
    if (!array_key_exists($k, $opts)) {
        return $default;
    }
    $v = $opts[$k];
    if (is_array($v)) {
        $v = end($v);
    }
    return $v === false ? '' : (string)$v;
}

/** CPU time (user+sys, ns) of this process: immune to time spent descheduled on a shared VM. */
function cpu_ns(): int
{
    $u = getrusage();
    return ($u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec']) * 1_000_000_000
        + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) * 1000;
}

/** Short names for the flag sets used in input names. */
function bench_flag_sets(): array
{
    return [
        'default' => 0,
        'uu+us'   => JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES,
        'pretty'  => JSON_PRETTY_PRINT,
        'hex'     => BENCH_HEX,
    ];
}

/**
 * Flag sets benched on gsoc-2018 only: the flags that let an encode go on past invalid UTF-8
 * (PARTIAL_OUTPUT_ON_ERROR with INVALID_UTF8_SUBSTITUTE, as loggers set them) on a multi-MB output.
 */
function bench_lenient_flag_sets(): array
{
    return ['partial+sub' => JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE];
}

/** Where the corpora live: --corpora=DIR, $RUSTJSON_CORPORA, or ../shared/corpora next to the repo. */
function bench_corpora_dir(?string $opt): string
{
    if ($opt !== null && $opt !== '') {
        return $opt;
    }
    $env = getenv('RUSTJSON_CORPORA');
    if (is_string($env) && $env !== '') {
        return $env;
    }
    // tools/bench -> tools -> repo -> parent of repo
    return dirname(__DIR__, 3) . '/shared/corpora';
}

/** Repeat $unit (a UTF-8 text) until $bytes bytes, cut back to a whole character. */
function bench_fill(string $unit, int $bytes): string
{
    $s = str_repeat($unit, intdiv($bytes, strlen($unit)) + 1);
    $s = substr($s, 0, $bytes);
    // drop a trailing partial UTF-8 sequence
    while ($s !== '' && !mb_check_encoding_compat($s)) {
        $s = substr($s, 0, -1);
    }
    return $s;
}

/** UTF-8 validity without mbstring (php -n may run without it): preg's /u does the check. */
function mb_check_encoding_compat(string $s): bool
{
    return preg_match('//u', $s) === 1;
}

function bench_text_inputs(): array
{
    static $cache = null;
    if ($cache !== null) {
        return $cache;
    }
    $lorem = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut '
           . 'labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco. ';
    $k4 = 4096;
    $t = [];
    $t['ascii-16B'] = 'Hello, world 123';
    $t['ascii-4K'] = bench_fill($lorem, $k4);
    $t['ascii-64K'] = bench_fill($lorem, 65536);
    $t['html-4K'] = bench_fill('<div class="item"><a href="/wiki/Main_Page?x=1&amp;y=2" title=\'Home\'>Home &amp; away</a>'
        . ' <span>&lt;b&gt; 42 &gt; 7</span></div>' . "\n", $k4);
    $t['urls-4K'] = bench_fill('https://api.example.com/v1/users/1234567/repos?page=2&per_page=100 '
        . 'http://cdn.example.org/static/img/logo-2x.png ', $k4);
    $t['quote-every-16B-4K'] = bench_fill('abcdefghijklmno"', $k4);
    $t['quotes-only-4K'] = str_repeat('"', $k4);
    $t['newline-every-40B-4K'] = bench_fill(substr(str_repeat('The quick brown fox jumps over the dog. ', 2), 0, 39) . "\n", $k4);
    $t['cyrillic-4K'] = bench_fill('Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний. ', $k4);
    $t['cjk-4K'] = bench_fill('我能吞下玻璃而不伤身体。日本語の文章を書いています。東京都千代田区丸の内一丁目、漢字とかな。', $k4);
    $t['emoji-4K'] = bench_fill('😀🎉🚀👍🏽❤️🔥✨🐘🦀😂🙈👨‍👩‍👧🌍🍕⚡', $k4);
    $t['french-4K'] = bench_fill('Les élèves étudièrent à l\'école près de la forêt; où est le garçon? Ça va très bien, merci. '
        . 'Noël approche et la fête sera déjà là. ', $k4);
    // ASCII with an é at 64 random positions (fixed seed)
    mt_srand(20261129);
    $chars = str_split(bench_fill($lorem, $k4 - 64));
    for ($i = 0; $i < 64; $i++) {
        $p = mt_rand(0, count($chars));
        array_splice($chars, $p, 0, ["\u{e9}"]);
    }
    $t['ascii+e-acute-random-4K'] = implode('', $chars);
    return $cache = $t;
}

/** 10 declared properties, for the "objects" input. */
final class BenchRow
{
    public int $id = 0;
    public string $uuid = '';
    public string $name = '';
    public string $email = '';
    public bool $active = false;
    public float $score = 0.0;
    public string $created = '';
    public ?int $parent = null;
    public int $count = 0;
    public string $note = '';
}

function bench_row_fields(int $i): array
{
    return [
        'id' => $i,
        'uuid' => sprintf('%08x-%04x-4%03x-a%03x-%012x', $i * 2654435761 & 0xffffffff, $i & 0xffff, $i & 0xfff, ($i * 7) & 0xfff, $i * 40503),
        'name' => "User number $i",
        'email' => "user$i@example.com",
        'active' => $i % 3 !== 0,
        'score' => $i * 1.25 + 0.1,
        'created' => sprintf('2024-%02d-%02dT%02d:%02d:%02dZ', 1 + $i % 12, 1 + $i % 28, $i % 24, $i % 60, ($i * 7) % 60),
        'parent' => $i % 4 === 0 ? null : $i - 1,
        'count' => $i * 37 % 1000,
        'note' => $i % 5 === 0 ? 'needs review' : 'ok',
    ];
}

function bench_struct_arrays(): array
{
    $a = [];
    for ($i = 0; $i < 1000; $i++) {
        $a[] = bench_row_fields($i);
    }
    return $a;
}

function bench_struct_objects(): array
{
    $a = [];
    for ($i = 0; $i < 1000; $i++) {
        $o = new BenchRow();
        foreach (bench_row_fields($i) as $k => $v) {
            $o->$k = $v;
        }
        $a[] = $o;
    }
    return $a;
}

/** A value object of the API records (shape:records-500): serialized by user code. */
final class BenchMoney implements JsonSerializable
{
    public function __construct(private int $cents, private string $currency)
    {
    }

    public function jsonSerialize(): mixed
    {
        return ['amount' => sprintf('%d.%02d', intdiv($this->cents, 100), $this->cents % 100), 'currency' => $this->currency];
    }
}

enum BenchStatus: string
{
    case Active = 'active';
    case Pending = 'pending';
    case Closed = 'closed';
}

/** 500 API records: short multilingual strings, URLs, a JsonSerializable value object and a backed enum per row. */
function bench_records(): array
{
    $names = ['Zoë Müller', 'José Álvarez', 'Андрей Петров', '山田太郎', 'Chloé Dubois', 'Ólafur Arnalds', 'Łukasz Żak', 'محمد علي'];
    $cities = ['München', 'São Paulo', 'Москва', '東京', 'Paris', 'Reykjavík', 'Kraków', 'القاهرة'];
    $st = BenchStatus::cases();
    $a = [];
    for ($i = 0; $i < 500; $i++) {
        $a[] = [
            'id' => 100000 + $i,
            'name' => $names[$i % 8],
            'city' => $cities[($i * 3) % 8],
            'url' => "https://api.example.com/v2/customers/" . (100000 + $i) . "/orders?page=1&sort=-created_at",
            'avatar' => "https://cdn.example.org/img/u/$i/avatar@2x.png",
            'balance' => new BenchMoney($i * 1234 % 1000000, $i % 2 ? 'EUR' : 'USD'),
            'status' => $st[$i % 3],
            'verified' => $i % 4 !== 0,
            'tags' => ['vip' . ($i % 3), "<b>" . ($i % 7) . "</b>", "it's"],
        ];
    }
    return $a;
}

/** A flat row of 20 fields (ints, strings, bools, a float, a null). */
function bench_row20(): array
{
    $r = [];
    for ($i = 0; $i < 20; $i++) {
        $r["field_$i"] = match ($i % 5) {
            0 => $i * 1001,
            1 => "value number $i",
            2 => $i % 2 === 0,
            3 => $i + 0.25,
            default => null,
        };
    }
    return $r;
}

/** A $depth-deep nest of one-element arrays around an int. */
function bench_nest(int $depth): array
{
    $v = [1];
    for ($i = 1; $i < $depth; $i++) {
        $v = [$v];
    }
    return $v;
}

/** 64 ASCII strings of 128 KiB each (about 8 MB out). */
function bench_big_strings(): array
{
    $unit = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt. ';
    $a = [];
    for ($i = 0; $i < 64; $i++) {
        $a[] = substr(str_repeat(chr(65 + $i % 26) . $unit, 1500), 0, 131072);
    }
    return $a;
}

/** The shapes of issue #19: small values, small documents, lists, nests, records, big strings. */
function bench_shape_inputs(): array
{
    $in = [];
    $one = static function (string $name, callable $make, int $flags = 0, string $key = '') use (&$in) {
        $in[] = ['name' => "shape:$name", 'key' => 'shape:' . ($key !== '' ? $key : $name), 'make' => $make,
                 'flags' => $flags, 'calls' => null];
    };
    $one('true:default', static fn() => true, 0, 'true');
    $one('null:default', static fn() => null, 0, 'null');
    $one('int:default', static fn() => 123456, 0, 'int');
    $one('float:default', static fn() => 1.5, 0, 'float');
    $one('doc-50B:default', static fn() => ['id' => 1234, 'name' => 'Al', 'ok' => true, 'tags' => ['x', 'y']], 0, 'doc50');
    $one('row-20:default', 'bench_row20', 0, 'row20');
    $one('ints-100k:default', static fn() => array_map(static fn($i) => $i * 7919 % 1000003, range(0, 99999)), 0, 'ints');
    $one('nest-400:default', static fn() => bench_nest(400), 0, 'nest');
    $one('records-500:default', 'bench_records', 0, 'records');
    $one('records-500:hex', 'bench_records', BENCH_HEX, 'records');
    $one('strings-64x128K:default', 'bench_big_strings', 0, 'big');
    return $in;
}

/**
 * The input list. Each entry:
 *   name  unique id used by --filter (group:what:flags)
 *   key   values with the same key are the same PHP value (a decode is shared by the 4 flag sets)
 *   make  closure building the value
 *   flags json_encode flags
 *   calls fixed call count per round (null = calibrated)
 *   bytes_in (corpora) size of the source file
 * Returns [inputs, notes].
 */
function bench_inputs(string $corpora): array
{
    $in = [];
    $notes = [];
    foreach (bench_text_inputs() as $what => $_) {
        foreach (['default' => 0, 'uu' => JSON_UNESCAPED_UNICODE] as $fname => $flags) {
            $in[] = [
                'name' => "str:$what:$fname",
                'key' => "str:$what",
                'make' => static fn() => bench_text_inputs()[$what],
                'flags' => $flags,
                'calls' => null,
            ];
        }
    }
    $in[] = ['name' => 'struct:arrays-1000x10:default', 'key' => 'struct:arrays',
             'make' => 'bench_struct_arrays', 'flags' => 0, 'calls' => null];
    $in[] = ['name' => 'struct:objects-1000x10:default', 'key' => 'struct:objects',
             'make' => 'bench_struct_objects', 'flags' => 0, 'calls' => null];
    $in[] = ['name' => 'tiny:doc-x100000:default', 'key' => 'tiny',
             'make' => static fn() => ['id' => 42, 'ok' => true, 'name' => 'tiny', 'tags' => ['a', 'b']],
             'flags' => 0, 'calls' => 100000];
    foreach (bench_shape_inputs() as $x) {
        $in[] = $x;
    }

    if (!is_dir($corpora)) {
        $notes[] = "corpora directory $corpora not found: corpus inputs skipped";
    } else {
        $files = glob(rtrim($corpora, '/') . '/*.json') ?: [];
        sort($files);
        if ($files === []) {
            $notes[] = "no *.json files in $corpora: corpus inputs skipped";
        }
        foreach ($files as $file) {
            $base = basename($file, '.json');
            foreach (['arr' => true, 'obj' => false] as $kind => $assoc) {
                $sets = bench_flag_sets() + ($base === 'gsoc-2018' ? bench_lenient_flag_sets() : []);
                foreach ($sets as $fname => $flags) {
                    $in[] = [
                        'name' => "corpus:$base:$kind:$fname",
                        'key' => "corpus:$base:$kind",
                        'make' => static function () use ($file, $assoc) {
                            // Built by stock's decoder, as every earlier measurement was: the value's
                            // heap layout (and so the result buffer's in-place growth) then does not
                            // depend on which decoder is on.
                            $old = ini_get('rustjson.decode');
                            if ($old !== false) {
                                ini_set('rustjson.decode', '0');
                            }
                            $v = json_decode((string)file_get_contents($file), $assoc, 512, JSON_THROW_ON_ERROR);
                            if ($old !== false) {
                                ini_set('rustjson.decode', $old);
                            }
                            return $v;
                        },
                        'flags' => $flags,
                        'calls' => null,
                        'bytes_in' => filesize($file),
                    ];
                }
            }
        }
    }
    return [$in, $notes];
}

function bench_filter(array $inputs, ?string $re): array
{
    if ($re === null || $re === '') {
        return $inputs;
    }
    $pat = '~' . str_replace('~', '\~', $re) . '~';
    if (@preg_match($pat, '') === false) {
        fwrite(STDERR, "bad --filter regex: $re\n");
        exit(2);
    }
    return array_values(array_filter($inputs, static fn($i) => preg_match($pat, $i['name']) === 1));
}

function bench_flags_text(int $flags): string
{
    if ($flags === 0) {
        return '0';
    }
    $names = [];
    foreach (['JSON_HEX_TAG', 'JSON_HEX_AMP', 'JSON_HEX_APOS', 'JSON_HEX_QUOT', 'JSON_PRETTY_PRINT',
              'JSON_UNESCAPED_SLASHES', 'JSON_UNESCAPED_UNICODE'] as $c) {
        if ($flags & constant($c)) {
            $names[] = $c;
        }
    }
    return implode('|', $names);
}

function bench_sh(string $cmd): string
{
    if (!function_exists('shell_exec')) {
        return '';
    }
    $r = @shell_exec($cmd . ' 2>/dev/null');
    return is_string($r) ? trim($r) : '';
}

/** Machine / build description for report headers. */
function bench_machine_info(): array
{
    $cpu = 'unknown';
    $ncpu = 0;
    $flagsHint = '';
    $ci = @file_get_contents('/proc/cpuinfo');
    if (is_string($ci)) {
        if (preg_match('/^model name\s*:\s*(.+)$/m', $ci, $m)) {
            $cpu = trim($m[1]);
        }
        $ncpu = preg_match_all('/^processor\s*:/m', $ci);
        if (preg_match('/^flags\s*:\s*(.+)$/m', $ci, $m)) {
            $f = ' ' . $m[1] . ' ';
            $simd = [];
            foreach (['sse4_2', 'avx2', 'avx512f', 'avx512bw'] as $x) {
                if (str_contains($f, " $x ")) {
                    $simd[] = $x;
                }
            }
            $flagsHint = implode(' ', $simd);
        }
    }
    $op = 'not loaded';
    if (extension_loaded('Zend OPcache')) {
        $en = ini_get('opcache.enable_cli') ? 'enable_cli=1' : 'enable_cli=0';
        $jit = ini_get('opcache.jit');
        $jitBuf = ini_get('opcache.jit_buffer_size');
        $op = "loaded, $en, jit=" . ($jit === false ? 'n/a' : $jit) . ', jit_buffer_size=' . ($jitBuf === false ? 'n/a' : $jitBuf);
    }
    $repo = dirname(__DIR__, 2);
    $commit = bench_sh('git -C ' . escapeshellarg($repo) . ' rev-parse --short HEAD');
    if ($commit !== '' && bench_sh('git -C ' . escapeshellarg($repo) . ' status --porcelain --untracked-files=no') !== '') {
        $commit .= ' (+ uncommitted changes)';
    }
    // the loaded .so, from this process's memory map
    $soInfo = '';
    $maps = @file_get_contents('/proc/self/maps');
    if (is_string($maps) && preg_match('~\s(/\S*rustjson[^/\s]*\.so)$~m', $maps, $m) && is_file($m[1])) {
        $soInfo = sprintf('; %s (%s, file time %s UTC)', $m[1], substr((string)sha1_file($m[1]), 0, 12), gmdate('Y-m-d H:i', (int)filemtime($m[1])));
    }
    return [
        'date' => gmdate('Y-m-d H:i') . ' UTC',
        'cpu' => $cpu . ($ncpu ? " ($ncpu logical CPUs" . ($flagsHint !== '' ? "; $flagsHint" : '') . ')' : ''),
        'php' => PHP_VERSION . ' ' . PHP_SAPI . (PHP_ZTS ? ' ZTS' : ' NTS') . (PHP_DEBUG ? ' debug' : ''),
        'opcache' => $op,
        'os' => php_uname('s') . ' ' . php_uname('r') . ' ' . php_uname('m'),
        'commit' => $commit !== '' ? $commit : 'unknown',
        'rustjson' => (phpversion('rustjson') ?: 'loaded'),
        'so' => $soInfo,
    ];
}

function bench_info_lines(array $info): array
{
    return [
        "- Date: {$info['date']}",
        "- CPU: {$info['cpu']}",
        "- OS: {$info['os']}",
        "- PHP: {$info['php']}; opcache: {$info['opcache']}",
        "- rustjson: {$info['rustjson']}, commit {$info['commit']}{$info['so']}",
    ];
}

function bench_fmt_int(float $v): string
{
    return number_format($v, 0, '.', ',');
}

function bench_fmt_ns(float $v): string
{
    if ($v >= 100) {
        return number_format($v, 0, '.', ',');
    }
    if ($v >= 10) {
        return number_format($v, 1, '.', ',');
    }
    return number_format($v, 2, '.', ',');
}

function bench_fmt_ratio(float $r): string
{
    return $r >= 0.1 ? sprintf('%.3f', $r) : sprintf('%.4f', $r);
}

function bench_fmt_speedup(float $r): string
{
    if ($r <= 0) {
        return '-';
    }
    $s = 1 / $r;
    return ($s >= 10 ? sprintf('%.1f', $s) : sprintf('%.2f', $s)) . '×';
}

function bench_geomean(array $xs): float
{
    $xs = array_values(array_filter($xs, static fn($x) => $x > 0));
    if ($xs === []) {
        return 0.0;
    }
    $s = 0.0;
    foreach ($xs as $x) {
        $s += log($x);
    }
    return exp($s / count($xs));
}

/** Group for summaries: str / struct / tiny / corpus:<flagset>. */
function bench_group(string $name): string
{
    $p = explode(':', $name);
    if ($p[0] === 'corpus') {
        return 'corpus, ' . end($p);
    }
    if ($p[0] === 'str') {
        return 'strings, ' . end($p);
    }
    return $p[0];
}

/**
 * Rows: [name, bytes, stock, rust, ratio, note]. $unit: 'ns/call' or 'Ir/call'.
 * Returns markdown text.
 */
function bench_markdown(string $title, array $infoLines, array $extraLines, array $rows, string $unit): string
{
    $md = "## $title\n\n";
    foreach ($infoLines as $l) {
        $md .= "$l\n";
    }
    foreach ($extraLines as $l) {
        $md .= "$l\n";
    }
    $md .= "\nratio = rustjson / stock (below 1 = rustjson faster); speedup = stock / rustjson.\n\n";
    $md .= "| input | bytes out | stock $unit | rustjson $unit | ratio | speedup |\n";
    $md .= "|---|---:|---:|---:|---:|---:|\n";
    $fmt = $unit === 'Ir/call' ? 'bench_fmt_int' : 'bench_fmt_ns';
    foreach ($rows as $r) {
        $ratio = $r['ratio'];
        $flag = $r['note'] !== '' ? ' **' . $r['note'] . '**' : ($ratio > 1 ? ' ⚠' : '');
        $md .= sprintf("| `%s`%s | %s | %s | %s | %s | %s |\n", $r['name'], $flag, bench_fmt_int($r['bytes']),
            $fmt($r['stock']), $fmt($r['rust']), bench_fmt_ratio($ratio), bench_fmt_speedup($ratio));
    }
    // group summary
    $groups = [];
    foreach ($rows as $r) {
        $groups[bench_group($r['name'])][] = $r['ratio'];
    }
    $md .= "\nGeometric mean per group:\n\n| group | inputs | geomean ratio | speedup |\n|---|---:|---:|---:|\n";
    $all = [];
    foreach ($groups as $g => $rs) {
        $gm = bench_geomean($rs);
        $all = array_merge($all, $rs);
        $md .= sprintf("| %s | %d | %s | %s |\n", $g, count($rs), bench_fmt_ratio($gm), bench_fmt_speedup($gm));
    }
    $gm = bench_geomean($all);
    $md .= sprintf("| **all** | %d | %s | %s |\n", count($all), bench_fmt_ratio($gm), bench_fmt_speedup($gm));
    $slow = array_filter($rows, static fn($r) => $r['ratio'] > 1);
    $md .= "\nInputs where rustjson is slower than stock (ratio > 1): "
        . ($slow === [] ? "none.\n" : implode(', ', array_map(static fn($r) => '`' . $r['name'] . '` (' . bench_fmt_ratio($r['ratio']) . ')', $slow)) . ".\n");
    return $md;
}

function bench_xml(string $s): string
{
    return htmlspecialchars($s, ENT_QUOTES | ENT_XML1, 'UTF-8');
}

/**
 * Horizontal bar chart of ratios on a log axis; bars grow from the 1.0 line
 * (left/green = rustjson faster, right/red = slower).
 */
function bench_svg(string $title, string $subtitle, array $rows): string
{
    $n = count($rows);
    $rowH = 16;
    $labelW = 300;
    $plotW = 560;
    $rightW = 90;
    $top = 62;
    $bottom = 34;
    $W = $labelW + $plotW + $rightW;
    $H = $top + max(1, $n) * $rowH + $bottom;
    $ratios = array_map(static fn($r) => max(1e-4, (float)$r['ratio']), $rows);
    $lo = $ratios ? min($ratios) : 0.1;
    $hi = $ratios ? max($ratios) : 2.0;
    $lgLo = floor(log10(min($lo, 0.5)) * 2) / 2;   // half-decade steps
    $lgHi = ceil(log10(max($hi, 1.5)) * 2) / 2;
    if ($lgHi - $lgLo < 1) {
        $lgLo = $lgHi - 1;
    }
    $x = static fn(float $r) => $labelW + (log10($r) - $lgLo) / ($lgHi - $lgLo) * $plotW;
    $o = [];
    $o[] = sprintf('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">', $W, $H, $W, $H);
    $o[] = sprintf('<rect width="%d" height="%d" fill="#ffffff"/>', $W, $H);
    $o[] = sprintf('<text x="10" y="20" font-size="15" font-weight="bold">%s</text>', bench_xml($title));
    $o[] = sprintf('<text x="10" y="38" fill="#555">%s</text>', bench_xml($subtitle));
    // grid: 1-2-5 ticks
    $plotTop = $top;
    $plotBot = $top + $n * $rowH;
    for ($d = (int)floor($lgLo); $d <= (int)ceil($lgHi); $d++) {
        foreach ([1, 2, 5] as $m) {
            $v = $m * 10 ** $d;
            $lv = log10($v);
            if ($lv < $lgLo - 1e-9 || $lv > $lgHi + 1e-9) {
                continue;
            }
            $xx = $x($v);
            $o[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e3e3e3"/>', $xx, $plotTop, $xx, $plotBot);
            $lab = $v >= 1 ? rtrim(rtrim(sprintf('%.2f', $v), '0'), '.') : rtrim(sprintf('%.4f', $v), '0');
            $o[] = sprintf('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>', $xx, $plotBot + 14, $lab);
        }
    }
    $o[] = sprintf('<text x="%d" y="%d" fill="#555">ratio rustjson/stock (log scale; left of 1.0 = rustjson faster)</text>', $labelW, $plotBot + 28);
    $x1 = $x(1.0);
    foreach (array_values($rows) as $i => $r) {
        $y = $top + $i * $rowH;
        $ratio = max(1e-4, (float)$r['ratio']);
        $xr = $x($ratio);
        $color = $r['note'] !== '' ? '#7b1fa2' : ($ratio > 1.0 ? '#d32f2f' : '#2e7d32');
        if ($i % 2 === 0) {
            $o[] = sprintf('<rect x="0" y="%d" width="%d" height="%d" fill="#f7f7f7"/>', $y, $W, $rowH);
        }
        $o[] = sprintf('<text x="%d" y="%d" text-anchor="end">%s</text>', $labelW - 6, $y + 12, bench_xml($r['name']));
        $bx = min($xr, $x1);
        $bw = max(1.0, abs($xr - $x1));
        $o[] = sprintf('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: ratio %s</title></rect>',
            $bx, $y + 3, $bw, $rowH - 6, $color, bench_xml($r['name']), bench_fmt_ratio($ratio));
        $o[] = sprintf('<text x="%d" y="%d" fill="%s">%s %s</text>', $labelW + $plotW + 6, $y + 12, $color,
            bench_fmt_ratio($ratio), bench_xml($ratio > 1 ? '(slower)' : bench_fmt_speedup($ratio)));
    }
    $o[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000" stroke-width="1.5"/>', $x1, $plotTop - 4, $x1, $plotBot);
    $o[] = sprintf('<text x="%.1f" y="%d" text-anchor="middle" font-weight="bold">1.0</text>', $x1, $plotTop - 8);
    $o[] = '</svg>';
    return implode("\n", $o) . "\n";
}

function bench_write(string $path, string $text): void
{
    $dir = dirname($path);
    if (!is_dir($dir)) {
        @mkdir($dir, 0777, true);
    }
    if (file_put_contents($path, $text) === false) {
        fwrite(STDERR, "cannot write $path\n");
        exit(1);
    }
}

function bench_require_ext(): void
{
    if (!extension_loaded('rustjson')) {
        fwrite(STDERR, "the rustjson extension is not loaded: run as\n  php -n -d extension=\$PWD/modules/rustjson.so " . ($_SERVER['argv'][0] ?? 'bench.php') . "\n");
        exit(2);
    }
    if (ini_get('rustjson.enabled') === false) {
        fwrite(STDERR, "ini rustjson.enabled not found\n");
        exit(2);
    }
}

function bench_side(bool $rust): void
{
    if (ini_set('rustjson.enabled', $rust ? '1' : '0') === false) {
        fwrite(STDERR, "ini_set(rustjson.enabled) failed\n");
        exit(2);
    }
}

/**
 * Encode $value once with stock and once with rustjson (also a warm-up):
 * [stock output, stock error, rustjson output, rustjson error].
 */
function bench_both(mixed $value, int $flags): array
{
    bench_side(false);
    $a = json_encode($value, $flags);
    $ea = json_last_error();
    bench_side(true);
    $b = json_encode($value, $flags);
    $eb = json_last_error();
    return [$a, $ea, $b, $eb];
}

/**
 * The report of bench.php and callgrind.php: the notes and a MISMATCH line join $extra, then the
 * markdown table is printed and written to $mdPath, copied into the README section $marker
 * (--readme=FILE, see bench_readme) and drawn as an SVG chart into $svgPath ('none' skips a file).
 */
function bench_publish(array $opts, array $info, string $title, array $extra, array $notes, int $mismatches,
    array $rows, string $unit, string $marker, string $mdPath, string $svgPath, string $svgTitle,
    string $svgSubtitle): void
{
    foreach ($notes as $n) {
        $extra[] = "- Note: $n";
    }
    if ($mismatches) {
        $extra[] = "- **$mismatches input(s) MISMATCH: rustjson output differs from stock**";
    }
    $md = bench_markdown($title, bench_info_lines($info), $extra, $rows, $unit);
    echo "\n", $md;
    if ($mdPath !== 'none') {
        bench_write($mdPath, $md);
        echo "\nwrote $mdPath\n";
    }
    $readme = bench_opt($opts, 'readme', '');
    if ($readme !== '') {
        echo bench_readme($readme, $marker, $md), "\n";
    }
    if ($svgPath !== 'none') {
        bench_write($svgPath, bench_svg($svgTitle, $svgSubtitle, $rows));
        echo "wrote $svgPath\n";
    }
}

/**
 * --readme=FILE: replace the text between "<!-- $marker:begin -->" and "<!-- $marker:end -->"
 * in FILE with $md (the markers stay). Returns a message for the console.
 */
function bench_readme(string $path, string $marker, string $md): string
{
    $txt = @file_get_contents($path);
    if (!is_string($txt)) {
        return "readme: cannot read $path";
    }
    $b = "<!-- $marker:begin -->";
    $e = "<!-- $marker:end -->";
    $i = strpos($txt, $b);
    $j = strpos($txt, $e);
    if ($i === false || $j === false || $j < $i) {
        return "readme: $path has no $b ... $e markers; not updated";
    }
    $md = preg_replace('/^## /m', '### ', $md);
    $new = substr($txt, 0, $i + strlen($b)) . "\n" . $md . substr($txt, $j);
    bench_write($path, $new);
    return "updated $path ($marker)";
}

/** Calls per round so that a round takes about $targetNs ($run(k) returns ns/call of k calls). */
function bench_calls_for(callable $run, int $targetNs): int
{
    $run(1);                                       // warm-up
    $k = 1;
    while (true) {
        $t = $run($k) * $k;
        if ($t >= 5e6 || $k >= 1 << 22) break;
        $k *= 4;
    }
    return max(1, (int)($targetNs * $k / max(1.0, $t)));
}

function bench_median(array $xs): float
{
    sort($xs);
    $n = count($xs);
    return $n % 2 ? $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}
