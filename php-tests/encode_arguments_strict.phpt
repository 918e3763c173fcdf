--TEST--
json_encode(): argument types under declare(strict_types=1)
--FILE--
<?php
declare(strict_types=1);
require __DIR__ . '/rustjson_test.inc';

function t(string $label, callable $fn): void {
    try {
        $r = $fn();
        echo "$label: ", rj_res($r), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
t('int flags', fn() => json_encode(['/'], JSON_UNESCAPED_SLASHES));
t('string flags', fn() => json_encode([1], "1"));
t('float flags', fn() => json_encode([1], 1.0));
t('bool flags', fn() => json_encode([1], true));
t('null flags', fn() => json_encode([1], null));
t('string depth', fn() => json_encode([1], 0, "1"));
t('null depth', fn() => json_encode([1], 0, null));
t('float depth', fn() => json_encode([1], 0, 1.0));
t('value any type', fn() => json_encode(1.5) . json_encode(null) . json_encode("s"));
?>
--EXPECT--
int flags: ["/"]
string flags: TypeError: json_encode(): Argument #2 ($flags) must be of type int, string given
float flags: TypeError: json_encode(): Argument #2 ($flags) must be of type int, float given
bool flags: TypeError: json_encode(): Argument #2 ($flags) must be of type int, bool given
null flags: TypeError: json_encode(): Argument #2 ($flags) must be of type int, null given
string depth: TypeError: json_encode(): Argument #3 ($depth) must be of type int, string given
null depth: TypeError: json_encode(): Argument #3 ($depth) must be of type int, null given
float depth: TypeError: json_encode(): Argument #3 ($depth) must be of type int, float given
value any type: 1.5null"s"
