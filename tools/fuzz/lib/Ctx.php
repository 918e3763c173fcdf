<?php
declare(strict_types=1);

namespace Fuzz;

/**
 * State of one value's generation. Ids (objects and shared references) are
 * handed out in generation order, which is also Build's and Emit's
 * construction order, so a back-reference only names what already exists.
 */
final class Ctx
{
    public int $id = 0;
    /** Nodes left; containers stop growing at 0. */
    public int $budget;
    /**
     * Roles of the enclosing 'ca' arrays, outermost first: 'rec' (reached
     * again through 'up' references: recursion) or 'mut' (changed by a
     * 'mutate' jsonSerialize() through a reference). Never both: changing an
     * array that is reached again makes PHP separate it into a fresh,
     * unprotected copy on every visit, and stock PHP recurses until it
     * crashes.
     */
    public array $ca = [];
    /** Ids of enclosing objects (cycle targets), innermost last. */
    public array $anc = [];
    /** id => public property names of every object created so far. */
    public array $objs = [];
    /**
     * id => property names of an object that a jsonSerialize() may set or
     * unset in the middle of encoding it: names that hold (or will hold) only
     * scalars, plus 'scratch'. Overwriting a slot that holds the object being
     * serialized is a use-after-free in stock PHP (the serializable object is
     * not addref'd), so the fuzzer must never do that.
     */
    public array $safe = [];
    /**
     * Objects reached through 'or' (cycles, sharing) and objects changed by a
     * 'mutate' jsonSerialize(): kept disjoint. Changing an object whose
     * property table is being encoded separates the table, and if the object
     * is then reached again its fresh table is not recursion-protected:
     * stock PHP recurses until it crashes.
     */
    public array $orTargets = [];
    public array $mutTargets = [];
    /** Ids of shared references created so far. */
    public array $refs = [];
    /**
     * Encoded size so far, in nodes, counting a shared object or reference
     * cell once per use: sharing must not make output grow exponentially.
     */
    public int $weight = 0;
    /** id => weight of each object / reference cell, for share decisions. */
    public array $weights = [];
    /** 'nested' JsonSerializable objects so far: JSON inside JSON strings doubles the escaping per level. */
    public int $nested = 0;
    /** JsonSerializable objects so far (deep call chains cost C stack). */
    public int $js = 0;
    /** The value holds doubles (or numeric strings): vary serialize_precision. */
    public bool $doubles = false;
    /** Back-references (recursion) allowed. */
    public bool $cycles = false;
    /** Invalid-UTF-8 keys are favoured. */
    public bool $badKeys = false;

    /** @param array<string,int> $w node-kind weights (see GenContainer::node) */
    public function __construct(public Rng $r, public array $w, int $budget)
    {
        $this->budget = $budget;
    }

    public function id(): int
    {
        return ++$this->id;
    }

    /** ['or', id] for one of $ids that may be referenced again, or null. */
    public function objRef(array $ids): ?array
    {
        $ids = array_values(array_filter($ids, fn ($id) => !isset($this->mutTargets[$id])));
        if ($ids === []) {
            return null;
        }
        $id = $this->r->pick($ids);
        $this->orTargets[$id] = true;
        return ['or', $id];
    }

    /** An 'up' distance (0 = innermost 'ca') to an enclosing 'ca' of this role, or null. */
    public function up(string $role): ?int
    {
        $ks = [];
        foreach (array_reverse($this->ca) as $k => $r) {
            if ($r === $role) {
                $ks[] = $k;
            }
        }
        return $ks === [] ? null : $this->r->pick($ks);
    }
}
