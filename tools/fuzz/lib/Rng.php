<?php
declare(strict_types=1);

namespace Fuzz;

use Random\Engine\Xoshiro256StarStar;
use Random\Randomizer;

/**
 * Seeded RNG. Every case gets its own stream, derived from (run seed, case
 * index) only, so case I of seed S is the same value whatever ran before it
 * and whatever --count was.
 */
final class Rng
{
    private Randomizer $r;

    public function __construct(string $seed)
    {
        // 32 bytes of sha256 = the full xoshiro256** state; never all-zero.
        $this->r = new Randomizer(new Xoshiro256StarStar(hash('sha256', $seed, true)));
    }

    public static function forCase(string $seed, int|string $index): self
    {
        return new self("rustjson-fuzz/$seed/$index");
    }

    public function int(int $lo, int $hi): int
    {
        return $this->r->getInt($lo, $hi);
    }

    /** Any 64-bit integer. */
    public function u64(): int
    {
        return $this->r->getInt(PHP_INT_MIN, PHP_INT_MAX);
    }

    public function chance(float $p): bool
    {
        return $this->r->getInt(0, 999_999) < $p * 1_000_000;
    }

    public function pick(array $list): mixed
    {
        return $list[$this->r->getInt(0, count($list) - 1)];
    }

    /** @param array<string,int> $weights name => weight */
    public function weighted(array $weights): string
    {
        $x = $this->r->getInt(1, array_sum($weights));
        foreach ($weights as $name => $w) {
            $x -= $w;
            if ($x <= 0) {
                return (string) $name;
            }
        }
        return (string) array_key_last($weights);
    }

    public function bytes(int $n): string
    {
        return $n > 0 ? $this->r->getBytes($n) : '';
    }

    /** Small sizes most of the time, occasionally up to $max. */
    public function size(int $max): int
    {
        return $this->chance(0.85) ? $this->int(0, min($max, 6)) : $this->int(0, $max);
    }

    public function shuffle(array $list): array
    {
        return $this->r->shuffleArray($list);
    }
}
