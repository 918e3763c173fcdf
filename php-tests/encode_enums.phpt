--TEST--
json_encode(): enums: backed int/string (flags apply), pure (error 11, `0` in partial mode), JsonSerializable enums
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';

enum IntE: int { case One = 1; case Neg = -5; case Big = PHP_INT_MAX; }
enum StrE: string { case A = 'a'; case Num = '1'; case Float = '1.50'; case Html = '<a href="/x">&\'</a>'; case Uni = "é\u{2028}"; case Empty = ''; case Bad = "\xff"; }
enum Pure { case X; case Y; }
enum JsE implements JsonSerializable {
    case J;
    public function jsonSerialize(): mixed { return ['enum' => $this->name]; }
}
enum JsSelf: string implements JsonSerializable {
    case S = 's';
    public function jsonSerialize(): mixed { return $this; }
}
enum WithConst: int {
    case C = 3;
    const ALIAS = self::C;
}

$F = ['none' => 0, 'partial' => JSON_PARTIAL_OUTPUT_ON_ERROR, 'throw' => JSON_THROW_ON_ERROR];
$cases = [
    'IntE::One' => IntE::One, 'IntE::Neg' => IntE::Neg, 'IntE::Big' => IntE::Big,
    'StrE::A' => StrE::A, 'StrE::Num' => StrE::Num, 'StrE::Float' => StrE::Float, 'StrE::Html' => StrE::Html,
    'StrE::Uni' => StrE::Uni, 'StrE::Empty' => StrE::Empty, 'StrE::Bad' => StrE::Bad,
    'Pure::X' => Pure::X, '[Pure::X,Pure::Y]' => [Pure::X, 'k' => Pure::Y], 'JsE::J' => JsE::J, 'JsSelf::S' => JsSelf::S,
    'WithConst::ALIAS' => WithConst::ALIAS, 'list' => [IntE::One, StrE::A, ['nested' => StrE::Num]],
    'object prop' => (object)['e' => IntE::Neg, 'p' => Pure::X],
];
foreach ($cases as $label => $v) {
    echo "== $label\n";
    foreach ($F as $name => $f) {
        rj_enc("  $name", $v, $f);
    }
}
echo "== flags apply to backing values\n";
rj_enc('numeric check', [StrE::Num, StrE::Float, StrE::A, IntE::One], JSON_NUMERIC_CHECK);
rj_enc('numeric check + pzf', [StrE::Num, StrE::Float], JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION);
rj_enc('hex all', StrE::Html, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES);
rj_enc('unicode', StrE::Uni, JSON_UNESCAPED_UNICODE);
rj_enc('unicode+lt', StrE::Uni, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS);
rj_enc('bad subst', StrE::Bad, JSON_INVALID_UTF8_SUBSTITUTE);
rj_enc('pretty', ['a' => [IntE::One, Pure::X]], JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR);
echo "== enums do not count towards depth\n";
rj_enc('depth 0', IntE::One, 0, 0);
rj_enc('pure depth 0', Pure::X, 0, 0);
rj_enc('[e] depth 1', [IntE::One], 0, 1);
echo "== cases() and from()\n";
rj_enc('cases', StrE::cases());
rj_enc('from', IntE::from(1));
?>
--EXPECT--
== IntE::One
  none: 1 #0
  partial: 1 #0
  throw: 1 #0
== IntE::Neg
  none: -5 #0
  partial: -5 #0
  throw: -5 #0
== IntE::Big
  none: 9223372036854775807 #0
  partial: 9223372036854775807 #0
  throw: 9223372036854775807 #0
== StrE::A
  none: "a" #0
  partial: "a" #0
  throw: "a" #0
== StrE::Num
  none: "1" #0
  partial: "1" #0
  throw: "1" #0
== StrE::Float
  none: "1.50" #0
  partial: "1.50" #0
  throw: "1.50" #0
== StrE::Html
  none: "<a href=\"\/x\">&'<\/a>" #0
  partial: "<a href=\"\/x\">&'<\/a>" #0
  throw: "<a href=\"\/x\">&'<\/a>" #0
== StrE::Uni
  none: "\u00e9\u2028" #0
  partial: "\u00e9\u2028" #0
  throw: "\u00e9\u2028" #0
== StrE::Empty
  none: "" #0
  partial: "" #0
  throw: "" #0
== StrE::Bad
  none: false #5
  partial: null #5
  throw: JsonException(5): Malformed UTF-8 characters, possibly incorrectly encoded #5
== Pure::X
  none: false #11
  partial: 0 #11
  throw: JsonException(11): Non-backed enums have no default serialization #11
== [Pure::X,Pure::Y]
  none: false #11
  partial: {"0":0,"k":0} #11
  throw: JsonException(11): Non-backed enums have no default serialization #11
== JsE::J
  none: {"enum":"J"} #0
  partial: {"enum":"J"} #0
  throw: {"enum":"J"} #0
== JsSelf::S
  none: {"name":"S","value":"s"} #0
  partial: {"name":"S","value":"s"} #0
  throw: {"name":"S","value":"s"} #0
== WithConst::ALIAS
  none: 3 #0
  partial: 3 #0
  throw: 3 #0
== list
  none: [1,"a",{"nested":"1"}] #0
  partial: [1,"a",{"nested":"1"}] #0
  throw: [1,"a",{"nested":"1"}] #0
== object prop
  none: false #11
  partial: {"e":-5,"p":0} #11
  throw: JsonException(11): Non-backed enums have no default serialization #11
== flags apply to backing values
numeric check: [1,1.5,"a",1] #0
numeric check + pzf: [1,1.5] #0
hex all: "\u003Ca href=\u0022/x\u0022\u003E\u0026\u0027\u003C/a\u003E" #0
unicode: u:"é\u2028" #0
unicode+lt: x:22c3a9e280a822 #0
bad subst: "\ufffd" #0
pretty: {
    "a": [
        1,
        0
    ]
} #11
== enums do not count towards depth
depth 0: 1 #0
pure depth 0: false #11
[e] depth 1: [1] #0
== cases() and from()
cases: false #5
from: 1 #0
