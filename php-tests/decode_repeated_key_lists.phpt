--TEST--
json_decode(): objects that repeat a key list (tables built at their close from the value stack, keys shared through the key cache) give stock's values, lookups of every key, tables after writes and memory: colliding hashes, the interned "" key, long and early keys, duplicates, many lists interleaved, nested repeats (rustjson.decode=1)
--INI--
rustjson.decode=1
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
// An object's table is made at its close, from the members waiting on the
// value stack, each key linked into its hash chain (rustjson_fill_assoc /
// rustjson_fill_object); past the first 16 keys, repeated keys are one
// shared string (the key cache). Each decoded table is checked against
// stock's: its value, a lookup of every key (a wrong hash part or chain
// link fails one), and the table after writes (every other key removed,
// new keys added, the rest looked up again). Peak and retained memory may
// not exceed stock's.
$valgrind = getenv('USE_ZEND_ALLOC') === '0';
$reps = $valgrind ? 3 : 12;

/** Lookups and writes on every table of a decoded value, as one string. */
function probe(mixed $v): string
{
    $out = '';
    $walk = function (mixed $v) use (&$walk, &$out): void {
        if (is_object($v)) {
            $a = get_object_vars($v);
            foreach ($a as $k => $x) {
                $out .= (isset($v->$k) || property_exists($v, $k)) && $v->$k === $x ? '' : "miss o[$k] ";
            }
            $c = clone $v;
            $i = 0;
            foreach ($a as $k => $_) {
                if ($i++ % 2) {
                    unset($c->$k);
                }
            }
            for ($j = 0; $j < 9; $j++) {
                $c->{"new$j"} = $j;
            }
            foreach ($a as $k => $x) {
                $out .= property_exists($c, $k) ? '1' : '0';
            }
            $out .= md5(serialize($c)) . ' ';
            foreach ($a as $x) {
                $walk($x);
            }
            return;
        }
        if (!is_array($v)) {
            return;
        }
        foreach ($v as $k => $x) {
            $out .= array_key_exists($k, $v) && $v[$k] === $x ? '' : "miss a[$k] ";
        }
        $c = $v;
        $i = 0;
        foreach ($v as $k => $_) {
            if ($i++ % 2) {
                unset($c[$k]);
            }
        }
        for ($j = 0; $j < 9; $j++) {
            $c["new$j"] = $j;
        }
        foreach ($v as $k => $_) {
            $out .= array_key_exists($k, $c) ? '1' : '0';
        }
        $out .= md5(serialize($c)) . ' ';
        foreach ($v as $x) {
            $walk($x);
        }
    };
    $walk($v);
    return $out;
}

function measure(string $on, string $json, bool $assoc): array
{
    ini_set('rustjson.decode', $on);
    memory_reset_peak_usage();
    $p0 = memory_get_peak_usage();
    $m0 = memory_get_usage();
    $r = json_decode($json, $assoc);
    $out = [serialize($r), json_last_error(), memory_get_peak_usage() - $p0, memory_get_usage() - $m0, probe($r)];
    unset($r);
    ini_set('rustjson.decode', '1');
    return $out;
}

/** An object of these keys; member values from $i (nested lists and objects now and then). */
function obj(array $keys, int $i, array $inner = []): string
{
    $m = [];
    foreach ($keys as $j => $k) {
        $v = match (($i + $j) % 5) {
            0 => (string)($i * 31 + $j),
            1 => '"v' . $i . '"',
            2 => $inner ? obj($inner, $i + $j) : 'null',
            3 => '[' . $i . ',' . $j . ']',
            default => ($i % 2 ? 'true' : '1.5'),
        };
        $m[] = json_encode((string)$k) . ':' . $v;
    }
    return '{' . implode(',', $m) . '}';
}

// Key lists. DJB hashes collide for "Ez"/"FY" pairs: one bucket, chains.
$collide = ['EzEz', 'EzFY', 'FYEz', 'FYFY', 'EzEzEz', 'FYFYFY', 'EzFYEz'];
$names = array_map(fn($i) => "field_$i", range(0, 70));
$long = array_map(fn($i) => str_repeat('L', 33) . $i, range(0, 3)); // past KEY_MAX: never cached
$lists = [
    'one' => ['a'],
    'two' => ['id', 'name'],
    'eight' => array_slice($names, 0, 8),
    'nine' => array_slice($names, 0, 9),
    'collide' => $collide,
    'collide+names' => array_merge($collide, array_slice($names, 0, 10)),
    'empty key' => ['', 'x', 'y'],
    'empty only' => [''],
    'long' => array_merge(['p'], $long, ['q']),
    'sixteen' => array_slice($names, 0, 16),
    'seventeen' => array_slice($names, 0, 17),
    'thirty-three' => array_slice($names, 0, 33),
    'sixty-four' => array_slice($names, 0, 64),
    'sixty-five' => array_slice($names, 0, 65),
    'dup' => ['d', 'e', 'd'],
    'escaped' => ["q\"", "b\\", "\u{e9}t\u{e9}", "tab\t"],
    'numeric' => ['k', '12', 'm'],
];
// Before the key cache: 20 keys that start the document.
$pre = [];
for ($i = 0; $i < 20; $i++) {
    $pre[] = '"pre' . $i . '":' . $i;
}
$pre = implode(',', $pre);

$docs = [];
foreach ($lists as $name => $keys) {
    // The list repeated, alone, with objects of another list inside.
    $items = [];
    for ($i = 0; $i < $reps; $i++) {
        $items[] = obj($keys, $i, $i % 3 ? ['id', 'name'] : []);
    }
    $docs["$name: repeated"] = '{' . $pre . ',"items":[' . implode(',', $items) . ']}';
    // The same list as the first keys of a document (before the cache).
    $docs["$name: early"] = '[' . implode(',', array_slice($items, 0, 3)) . ']';
}
// Many key lists interleaved, of 1 to 64 keys.
$items = [];
for ($r = 0; $r < ($valgrind ? 2 : 4); $r++) {
    for ($s = 0; $s < 48; $s++) {
        $keys = array_map(fn($j) => "s{$s}_$j", range(0, ($s * 7) % 64));
        $items[] = obj($keys, $r * 100 + $s);
    }
}
$docs['interleaved'] = '{' . $pre . ',"items":[' . implode(',', $items) . ']}';
// The same key list in the same object's members and in its children.
$docs['nested same'] = '{' . $pre . ',"t":' . str_repeat('{"a":1,"b":', 40) . '0' . str_repeat('}', 40) . '}';

$bad = 0;
$cases = 0;
foreach ($docs as $label => $json) {
    foreach ([true, false] as $assoc) {
        $cases++;
        $s = measure('0', $json, $assoc);
        $r = measure('1', $json, $assoc);
        $what = [];
        if ($s[0] !== $r[0] || $s[1] !== $r[1]) {
            $what[] = 'value or error';
        }
        if ($s[4] !== $r[4]) {
            $what[] = 'lookups or writes';
        }
        if (!$valgrind && ($r[2] > $s[2] || $r[3] > $s[3])) {
            $what[] = "memory (peak $r[2] vs $s[2], retained $r[3] vs $s[3])";
        }
        if (str_contains($r[4], 'miss')) {
            $what[] = 'a key not found';
        }
        if ($what) {
            $bad++;
            echo "$label (assoc ", (int)$assoc, '): ', implode(', ', $what), "\n";
        }
    }
}
echo "$cases cases, $bad differ\n";
?>
--EXPECT--
72 cases, 0 differ
