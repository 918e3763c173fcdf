--TEST--
json_encode(): JSON_THROW_ON_ERROR (JsonException message/code/previous/line), THROW|PARTIAL, json_last_error() untouched under THROW
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

enum Pure { case X; }
$res = fopen('php://memory', 'r');
$rec = [];
$rec[] = &$rec;
$cases = [
    'depth' => [[[1]]],
    'utf8' => "\xff",
    'recursion' => $rec,
    'inf' => INF,
    'resource' => $res,
    'enum' => Pure::X,
];
foreach ($cases as $label => $v) {
    json_decode('[');               // last error = 4 (Syntax error)
    try {
        $line = __LINE__ + 1;
        json_encode($v, JSON_THROW_ON_ERROR, $label === 'depth' ? 1 : 512);
        echo "$label: no exception\n";
    } catch (JsonException $e) {
        echo "$label: ", get_class($e), " code=", $e->getCode(), " msg=", $e->getMessage(),
             " previous=", var_export($e->getPrevious(), true),
             " line_ok=", var_export($e->getLine() === $line, true),
             " file_ok=", var_export($e->getFile() === __FILE__, true),
             " last_error=", json_last_error(), " last_msg=", json_last_error_msg(), "\n";
    }
}
echo "== success under THROW keeps the old error code\n";
json_decode('[');
var_dump(json_encode([1, 2], JSON_THROW_ON_ERROR), json_last_error());
json_encode(NAN);
var_dump(json_encode("ok", JSON_THROW_ON_ERROR), json_last_error(), json_last_error_msg());
echo "== THROW|PARTIAL: no exception, error code set\n";
json_decode('[');
var_dump(json_encode("\x80", JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR), json_last_error());
var_dump(json_encode([1, NAN], JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR), json_last_error());
var_dump(json_encode([1], JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR), json_last_error());
echo "== THROW|SUBSTITUTE / IGNORE: no error\n";
var_dump(json_encode("a\xffb", JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE));
var_dump(json_encode("a\xffb", JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_IGNORE));
echo "== JsonException is the ext/json class\n";
try {
    json_encode(NAN, JSON_THROW_ON_ERROR);
} catch (Exception $e) {
    var_dump($e instanceof JsonException, get_parent_class($e), (new ReflectionClass($e))->getExtensionName());
}
echo "== exception from nested structure, later jsonSerialize not called\n";
class L implements JsonSerializable {
    public function __construct(public string $n) {}
    public function jsonSerialize(): mixed { echo "[call {$this->n}]"; return $this->n; }
}
try {
    json_encode([new L('a'), "\xff", new L('b')], JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo " caught ", $e->getCode(), "\n";
}
try {
    json_encode([new L('a'), NAN, new L('b')], JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo " caught ", $e->getCode(), "\n";
}
?>
--EXPECT--
depth: JsonException code=1 msg=Maximum stack depth exceeded previous=NULL line_ok=true file_ok=true last_error=4 last_msg=Syntax error
utf8: JsonException code=5 msg=Malformed UTF-8 characters, possibly incorrectly encoded previous=NULL line_ok=true file_ok=true last_error=4 last_msg=Syntax error
recursion: JsonException code=6 msg=Recursion detected previous=NULL line_ok=true file_ok=true last_error=4 last_msg=Syntax error
inf: JsonException code=7 msg=Inf and NaN cannot be JSON encoded previous=NULL line_ok=true file_ok=true last_error=4 last_msg=Syntax error
resource: JsonException code=8 msg=Type is not supported previous=NULL line_ok=true file_ok=true last_error=4 last_msg=Syntax error
enum: JsonException code=11 msg=Non-backed enums have no default serialization previous=NULL line_ok=true file_ok=true last_error=4 last_msg=Syntax error
== success under THROW keeps the old error code
string(5) "[1,2]"
int(4)
string(4) ""ok""
int(7)
string(34) "Inf and NaN cannot be JSON encoded"
== THROW|PARTIAL: no exception, error code set
string(4) "null"
int(5)
string(5) "[1,0]"
int(7)
string(3) "[1]"
int(0)
== THROW|SUBSTITUTE / IGNORE: no error
string(10) ""a\ufffdb""
string(4) ""ab""
== JsonException is the ext/json class
bool(true)
string(9) "Exception"
string(4) "json"
== exception from nested structure, later jsonSerialize not called
[call a] caught 5
[call a][call b] caught 7
