<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * Exhaustive sweeps. Strings go through each of the FLAGSETS, both as a
 * value and as an array key; chunks of a few thousand strings are encoded
 * on one side, then the other, and the result lists compared. Per string
 * the list holds the output (or "X<code> <message>" when
 * JSON_THROW_ON_ERROR threw) and json_last_error().
 */
final class Sweeps
{
    public const NAMES = ['bytes12', 'utf8-3', 'utf8-4', 'positions', 'numeric', 'doubles'];

    /** Flag sets for the string sweeps: every escape-relevant flag, alone and mixed. */
    public const FLAGSETS = [
        0,
        JSON_INVALID_UTF8_IGNORE,
        JSON_INVALID_UTF8_SUBSTITUTE,
        JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE,
        JSON_UNESCAPED_UNICODE,
        JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_UNESCAPED_SLASHES,
        JSON_UNESCAPED_LINE_TERMINATORS,
        JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT,
        JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE | JSON_HEX_QUOT
            | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT,
        JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_HEX_APOS,
        JSON_THROW_ON_ERROR | JSON_NUMERIC_CHECK,
    ];

    /** Bytes that are not continuation bytes, one per class the UTF-8 decoder distinguishes. */
    public const NON_CONT = [0x00, 0x0a, 0x22, 0x2f, 0x41, 0x5c, 0x7f, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff];

    /** Multi-byte pieces the 'positions' sweep also moves through every offset. */
    private const PIECES = [
        "\xc3\xa9", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xef\xbf\xbd", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf",
        "\xed\xa0\x80", "\xe0\x80\x80", "\xf0\x9f\x98", "\xe2\x82", "\xc3", "\xc3\xc3", "\xf4\x90\x80\x80",
        "\xc0\xaf", "\xed\xa0\xbd\xed\xb8\x80", "\"\\/<>&'",
    ];

    public int $compared = 0;
    public int $failed = 0;
    /** Differences reported in detail per (sweep, flags, key/value). */
    private array $reportedFor = [];

    public function __construct(private \HashContext $digest, private bool $quiet) {}

    public function run(array $names): void
    {
        foreach ($names as $name) {
            $t = microtime(true);
            $before = $this->compared;
            match ($name) {
                'bytes12' => $this->strings($name, $this->bytes12()),
                'utf8-3' => $this->strings($name, $this->utf8(3)),
                'utf8-4' => $this->strings($name, $this->utf8(4)),
                'positions' => $this->strings($name, $this->positions()),
                'numeric' => $this->numeric(),
                'doubles' => $this->doubles(),
            };
            if (!$this->quiet) {
                printf("fuzz: sweep %-9s %9d comparisons (%.1f s)\n", $name, $this->compared - $before, microtime(true) - $t);
            }
        }
    }

    /** Every 1-byte and 2-byte string (65,792). */
    private function bytes12(): \Generator
    {
        $one = [];
        for ($a = 0; $a < 256; $a++) {
            $one[] = chr($a);
        }
        yield $one;
        for ($a = 0; $a < 256; $a += 16) {
            $chunk = [];
            for ($x = $a; $x < $a + 16; $x++) {
                for ($b = 0; $b < 256; $b++) {
                    $chunk[] = chr($x) . chr($b);
                }
            }
            yield $chunk;
        }
    }

    /**
     * Every lead E0-EF (3 bytes) or F0-F4 (4 bytes) followed by every
     * continuation byte or a NON_CONT byte in each position; for 4-byte leads
     * also the 3-byte prefixes (truncated at the end of the string).
     */
    private function utf8(int $len): \Generator
    {
        $follow = array_merge(range(0x80, 0xbf), self::NON_CONT);
        $leads = $len === 3 ? range(0xe0, 0xef) : range(0xf0, 0xf4);
        foreach ($leads as $lead) {
            foreach ($follow as $b1) {
                $p = chr($lead) . chr($b1);
                $chunk = [];
                foreach ($follow as $b2) {
                    if ($len === 3) {
                        $chunk[] = $p . chr($b2);
                        continue;
                    }
                    $q = $p . chr($b2);
                    $chunk[] = $q;
                    foreach ($follow as $b3) {
                        $chunk[] = $q . chr($b3);
                    }
                }
                yield $chunk;
            }
        }
    }

    /**
     * Every byte value at every position of strings of length 1..80 made of
     * clean ASCII (plus ""), and the PIECES at every offset: crosses every
     * 16/32/64-byte block boundary a vectorized scanner may have.
     */
    private function positions(): \Generator
    {
        $clean = str_repeat('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 2);
        yield [''];
        for ($len = 1; $len <= 80; $len++) {
            $chunk = [];
            for ($pos = 0; $pos < $len; $pos++) {
                $pre = substr($clean, 0, $pos);
                $post = substr($clean, $pos + 1, $len - $pos - 1);
                for ($b = 0; $b < 256; $b++) {
                    $chunk[] = $pre . chr($b) . $post;
                }
            }
            foreach (self::PIECES as $piece) {
                for ($pos = 0; $pos <= $len; $pos++) {
                    $chunk[] = substr($clean, 0, $pos) . $piece . substr($clean, $pos, $len - $pos);
                }
            }
            yield $chunk;
        }
    }

    /** Runs a chunked string sweep under every FLAGSET, as values and as keys. */
    private function strings(string $name, \Generator $chunks): void
    {
        foreach ($chunks as $chunk) {
            foreach (self::FLAGSETS as $f) {
                foreach ([false, true] as $key) {
                    $a = self::encode($chunk, $f, $key, '0');
                    $b = self::encode($chunk, $f, $key, '1');
                    $this->account($name, $chunk, $a, $b, $f, $key, -1);
                }
            }
        }
    }

    private static function encode(array $chunk, int $f, bool $key, string $enabled): array
    {
        ini_set('rustjson.enabled', $enabled);
        json_decode('{'); // prior error 4: JSON_THROW_ON_ERROR must leave it
        $out = [];
        if ($key) {
            foreach ($chunk as $s) {
                try {
                    $out[] = json_encode([$s => 1], $f);
                } catch (\JsonException $e) {
                    $out[] = 'X' . $e->getCode() . ' ' . $e->getMessage();
                }
                $out[] = json_last_error();
            }
        } else {
            foreach ($chunk as $s) {
                try {
                    $out[] = json_encode($s, $f);
                } catch (\JsonException $e) {
                    $out[] = 'X' . $e->getCode() . ' ' . $e->getMessage();
                }
                $out[] = json_last_error();
            }
        }
        ini_set('rustjson.enabled', '0');
        return $enabled === '1' ? SelfTest::corruptList($out) : $out;
    }

    /** Strings over a numeric alphabet, length 0..5, under NUMERIC_CHECK variants and precisions. */
    private function numeric(): void
    {
        $alpha = ['0', '1', '9', '.', 'e', '-', '+', ' ', "\n", 'x'];
        $level = [''];
        $all = [''];
        for ($len = 1; $len <= 5; $len++) {
            $next = [];
            foreach ($level as $p) {
                foreach ($alpha as $c) {
                    $next[] = $p . $c;
                }
            }
            array_push($all, ...$next);
            $level = $next;
        }
        $combos = [
            [JSON_NUMERIC_CHECK, -1],
            [JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION, 17],
            [JSON_NUMERIC_CHECK | JSON_THROW_ON_ERROR | JSON_PRETTY_PRINT, 0],
        ];
        foreach (array_chunk($all, 8192) as $chunk) {
            foreach ($combos as [$f, $prec]) {
                ini_set('serialize_precision', (string) $prec);
                $a = self::encode($chunk, $f, false, '0');
                $b = self::encode($chunk, $f, false, '1');
                ini_set('serialize_precision', '-1');
                $this->account('numeric', $chunk, $a, $b, $f, false, $prec);
            }
        }
    }

    /** Powers of ten and two ±1 ulp, subnormals, boundaries: under many precisions, with and without PRESERVE_ZERO_FRACTION. */
    private function doubles(): void
    {
        $ds = GenDouble::SPECIAL;
        for ($e = -325; $e <= 309; $e++) {
            $p = 10.0 ** $e;
            array_push($ds, GenDouble::ulps($p, -1), $p, GenDouble::ulps($p, 1), 5 * $p, 1.5 * $p);
        }
        for ($e = -1074; $e <= 1023; $e++) {
            $p = 2.0 ** $e;
            array_push($ds, GenDouble::ulps($p, -1), $p, GenDouble::ulps($p, 1));
        }
        for ($i = 1; $i < 64; $i++) {
            $ds[] = GenDouble::fromBits((1 << 52) - $i); // largest subnormals
            $ds[] = GenDouble::fromBits($i);             // smallest subnormals
            $ds[] = $i / 10;
            $ds[] = $i + 0.5;
        }
        $ds = array_merge($ds, array_map(static fn ($d) => -$d, $ds));
        foreach (array_chunk($ds, 4096) as $chunk) {
            foreach ([-1, 0, 1, 2, 5, 14, 15, 16, 17, 18, 100, 309, 1000] as $prec) {
                foreach ([0, JSON_PRESERVE_ZERO_FRACTION, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION] as $f) {
                    ini_set('serialize_precision', (string) $prec);
                    $a = self::encode($chunk, $f, false, '0');
                    $b = self::encode($chunk, $f, false, '1');
                    ini_set('serialize_precision', '-1');
                    $this->account('doubles', $chunk, $a, $b, $f, false, $prec);
                }
            }
        }
    }

    private function account(string $name, array $chunk, array $a, array $b, int $f, bool $key, int $prec): void
    {
        $this->compared += count($chunk);
        hash_update($this->digest, implode("\x1f", $a) . "\x1e");
        if ($a === $b) {
            return;
        }
        $first = null;
        foreach ($chunk as $i => $s) {
            if ($a[2 * $i] !== $b[2 * $i] || $a[2 * $i + 1] !== $b[2 * $i + 1]) {
                $this->failed++;
                $first ??= $i;
            }
        }
        $tag = "$name/$f/" . ($key ? 'key' : 'value');
        if ($first === null || isset($this->reportedFor[$tag])) {
            return;
        }
        $this->reportedFor[$tag] = true;
        $s = $chunk[$first];
        $v = is_float($s) ? ['d', $s] : ['s', $s];
        $case = [
            'seed' => 'sweep', 'index' => "$name-" . substr(md5("$tag/" . serialize($s)), 0, 8),
            'profile' => "sweep $name " . ($key ? 'key' : 'value'),
            'v' => $key ? ['a', [[$s, ['i', 1]]], []] : $v,
            'flags' => $f, 'depth' => null, 'prec' => $prec, 'prior' => 4, 'call' => 'pos2',
        ];
        Report::failure($case, ...Compare::run($case));
    }
}
