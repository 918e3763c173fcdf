<?php
// Regenerates the hand-case table of core/tests/validate_cases.rs from the
// PHP on PATH: for each input, json_decode($s, true, $depth, $flags) +
// json_last_error() (json_validate()'s scanner and parser) with flags 0 and
// JSON_INVALID_UTF8_IGNORE.
//
//   php -n tools/validate_cases_gen.php > /tmp/table.rs
//
// Each row: (input, depth, code with flags 0, code with IGNORE).

$d = 512;
$cases = [
    // --- valid documents, scalars at the top level
    ['1', $d], ['-0', $d], ['0.5', $d], ['-1.5e+10', $d], ['1E5', $d], ['1e-5', $d], ['0e0', $d],
    ['123456789012345678901234567890', $d], ['1e999', $d], ['-9223372036854775809', $d],
    ['true', $d], ['false', $d], ['null', $d], ['""', $d], ['"abc"', $d], ['[]', $d], ['{}', $d],
    ['[1,"a",true,false,null,{},[],-0.0]', $d], ['{"a":1,"a":2}', $d], ['{"":{"":[]}}', $d],
    ['{"\u0000a":1}', $d], ['" \t\r\n 1 "', $d], [" \t\r\n[ 1 , 2 ]\r\n\t ", $d], ["\r1", $d],
    ["\"\x7f\"", $d], ["\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xef\xbf\xbf\xf4\x8f\xbf\xbf\"", $d],
    ['"\\"\\\\\\/\\b\\f\\n\\r\\t"', $d], ['"\\u0000\\u00e9\\u20AC\\uFFFF\\ud7ff\\uE000"', $d],
    ['"\\uD800\\uDC00\\udbff\\udfff\\uD83D\\uDE00"', $d],
    // --- whitespace set: only space \t \n \r
    ["\f1", $d], ["1\f", $d], ["\v1", $d], ["[1,\v2]", $d], ["\xc2\xa01", $d], ["\xef\xbb\xbf1", $d],
    ["\xe2\x80\xa81", $d], [' ', $d], ["\n\r\t ", $d],
    // --- embedded NUL and the terminator
    ["1\x00", $d], ["\x00", $d], ["\x001", $d], ["[1,\x002]", $d], ["\"a\x00b\"", $d], ["[1]\x00", $d],
    ["\x00\x00", $d],
    // --- numbers
    ['01', $d], ['00', $d], ['-01', $d], ['1.', $d], ['1.e1', $d], ['.5', $d], ['-', $d], ['-a', $d],
    ['--1', $d], ['+1', $d], ['1e', $d], ['1e+', $d], ['1E-', $d], ['1ee1', $d], ['1.5.5', $d], ['0x1', $d],
    ['NaN', $d], ['Infinity', $d], ['-Infinity', $d], ['[01]', $d], ['[1.]', $d], ['[1e]', $d], ['[-]', $d],
    ["1.\x01", $d], ["[1.\x01]", $d], ["1.\xff", $d], ["[-\x01]", $d], ['1 2', $d], ['[1 2]', $d],
    ['1true', $d], ['[1true]', $d], ['-0.0e-0', $d],
    // --- literals
    ['True', $d], ['NULL', $d], ['nul', $d], ['tru', $d], ['fals', $d], ['nulll', $d], ['truex', $d],
    ["nul\x01", $d], ["[nul\x01]", $d], ["null\x01", $d], ["true\xff", $d], ['[truefalse]', $d],
    // --- control characters outside and inside strings
    ["\x01", $d], ["\x1f", $d], ["[\x08]", $d], ["\"\x01\"", $d], ["\"\x1f\"", $d], ["\"\t\"", $d], ["\"\n\"", $d],
    ["\"\x7f\"", $d],
    // --- unterminated strings: the terminator is a control char
    ['"', $d], ['"abc', $d], ['["abc', $d], ['{"a', $d], ['{"a":"b', $d], ["\"abc\xff", $d], ["\"abc\xc3", $d],
    ['"abc\\', $d], ['"\\u', $d], ['"\\u12', $d], ['"\\uD800', $d], ['"\\uD800\\', $d], ['"\\uD800\\u', $d],
    ['"\\uD800\\uDC0', $d],
    // --- escapes
    ['"\\a"', $d], ['"\\x41"', $d], ["\"\\'\"", $d], ['"\\0"', $d], ['"\\U0041"', $d], ['"\\u12"', $d],
    ['"\\u123"', $d], ['"\\u12G4"', $d], ['"\\uZZZZ"', $d], ["\"\\\x01\"", $d], ["\"\\\xff\"", $d],
    ["\"\\u12\x01\"", $d], ["\"\\a\x01\"", $d], ["\"\\a\xff\"", $d], ['"\\ "', $d],
    // --- lone surrogates (E10) and their precedence
    ['"\\uD800"', $d], ['"\\uDBFF"', $d], ['"\\uDC00"', $d], ['"\\uDFFF"', $d], ['"\\udc00\\ud800"', $d],
    ['"\\uD800\\uD800"', $d], ['"\\uD800\\u0041"', $d], ['"\\uD800\\uZZZZ"', $d], ['"\\uD800\\u12"', $d],
    ['"\\uD800 \\uDC00"', $d], ['"\\uD800\\\\uDC00"', $d], ["\"\\uD800\x01\"", $d], ["\"\\uD800\xff\"", $d],
    ["\"\x01\\uD800\"", $d], ["\"\xff\\uD800\"", $d], ['["\\uDC00", 1 2]', $d], ['[1 2, "\\uDC00"]', $d],
    // --- UTF-8 inside strings (IGNORE skips bad bytes there)
    ["\"\xff\"", $d], ["\"\x80\"", $d], ["\"\xbf\"", $d], ["\"\xc0\x80\"", $d], ["\"\xc1\xbf\"", $d],
    ["\"\xc2\"", $d], ["\"\xc3\x28\"", $d], ["\"\xe2\x82\"", $d], ["\"\xe0\x80\x80\"", $d], ["\"\xe0\x9f\xbf\"", $d],
    ["\"\xed\xa0\x80\"", $d], ["\"\xed\xbf\xbf\"", $d], ["\"\xed\x9f\xbf\"", $d], ["\"\xf0\x80\x80\x80\"", $d],
    ["\"\xf0\x8f\xbf\xbf\"", $d], ["\"\xf0\x9f\x98\"", $d], ["\"\xf4\x90\x80\x80\"", $d], ["\"\xf5\x80\x80\x80\"", $d],
    ["\"\xf8\x88\x80\x80\x80\"", $d], ["\"\xfe\"", $d], ["\"a\xffb\xfec\"", $d],
    ["\"\x01\xff\"", $d], ["\"\xff\x01\"", $d], ["\"\xff\\a\"", $d], ["\"\\a\xff\"", $d], ["\"\xff\\uD800\"", $d],
    ["\"\xe2\x82\x01\"", $d], ["\"\xe2\x82\\\"", $d], ["\"\xe2\x82\"", $d], ["\"\xe2\"\"", $d], ["\"\xe2", $d],
    ["[\"\xff\", 1 2]", $d], ["[1 2, \"\xff\"]", $d], ["{\"\xff\":1}", $d], ["[\"\xff\"", $d],
    ["\"" . str_repeat('a', 40) . "\xff" . str_repeat('b', 40) . "\"", $d],
    ["\"" . str_repeat("\xc3\xa9", 40) . "\xff" . str_repeat('b', 40) . "\"", $d],
    ["\"" . str_repeat("\xc3\xa9", 40) . "\"" . str_repeat(' ', 40) . "\xff", $d],
    ["[\"\xc3\xa9\",\"\xff\",\"\xc3\xa9\",\"\xff\x01\"]", $d],
    // --- UTF-8 outside strings: valid char -> E4, invalid -> E5, IGNORE does not apply
    ["\xff", $d], ["\xc3\xa9", $d], ["\xc3", $d], ["[\xff]", $d], ["[\xc3\xa9]", $d], ["[1,\xe2\x82]", $d],
    ["\xed\xa0\x80", $d], ["\xf0\x9f\x98\x80", $d], ["\"\xc3\xa9\" \xc3\xa9", $d], ["\"\xc3\xa9\" \xff", $d],
    ["\"\xff\" \xff", $d], ["\"\xff\" \xc3\xa9", $d],
    // --- other bytes that start no token
    ['a', $d], ["'a'", $d], ['<', $d], ['#', $d], ['/', $d], ['/*c*/1', $d], ['=', $d], ['(1)', $d],
    // --- structure: E2 (state mismatch) and E4
    ['[1}', $d], ['{"a":1]', $d], ['[}', $d], ['{]', $d], ['[1,2}', $d], ['{"a":1,"b":2]', $d], ['[[1}]', $d],
    ['[{]', $d], ['[{}}', $d], ['{"a":[}', $d], ['{"a":{]', $d], ['[1}x', $d], ["[1}\x01", $d],
    ['[1,]', $d], ['[,1]', $d], ['[,]', $d], ['[1,,2]', $d], ['{,}', $d], ['{"a":1,}', $d], ['{"a"}', $d],
    ['{"a" 1}', $d], ['{"a":}', $d], ['{"a"::1}', $d], ['{1:1}', $d], ['{null:1}', $d], ['{"a":1 "b":2}', $d],
    ['{"a":1,,"b":2}', $d], ['[1', $d], ['[1,', $d], ['[', $d], ['{', $d], ['{"a":1', $d], ['{"a":', $d],
    ['{"a"', $d], [']', $d], ['}', $d], [',', $d], [':', $d], ['1]', $d], ['[]]', $d], ['{}}', $d],
    ['[1] [2]', $d], ['[]{}', $d], ['"a" "b"', $d], ['"a":1', $d], ['[1:2]', $d], ['[]1', $d], ["[1]\x01", $d],
    ["[1]\xff", $d], ["[1] \xc3\xa9", $d], ['{"a":1}"', $d], ['["a"', $d], ['[1,]]', $d], ['[}]', $d],
    // --- precedence in scan order
    ["[\x01,\xff]", $d], ["[\xff,\x01]", $d], ["[1}\xff", $d], ["[\"\xff\"}", $d], ["[\"\x01\"}", $d],
    ["{\"a\":1]\xff", $d], ["[1,]\x01", $d], ["{\"a\":\"\\uD800\"]", $d], ["[\"\\uD800\",}", $d],
    // --- depth (PHP's parser depth starts at 1; E1 as soon as the bracket is read)
    ['1', 1], ['"x"', 1], ['[]', 1], ['{}', 1], ['[]', 2], ['[[]]', 2], ['[[1]]', 2], ['[[1]]', 3], ['{"a":{}}', 2],
    ['{"a":{}}', 3], ['[{"a":[]}]', 3], ['[{"a":[]}]', 4], ['[1,[2,[3]]]', 3], ['[1,[2,[3]]]', 4],
    ["[[\x01", 2], ['[[x', 2], ["[[\"\xff\"]]", 2], ["[1,[2,\"\x01\"]]", 2], ["[\x01[", 2], ["[\xff,[", 2],
    ['[1}[', 1], ['[1}', 2], ['[[1}', 2], ['[[1]}', 2], ['{"a":[', 2], ['[[]', 2], ['[', 1], ['{', 1], ['[}', 1],
    ['[]', 2147483647], ['[[[[[[[[[[]]]]]]]]]]', 11], ['[[[[[[[[[[]]]]]]]]]]', 10],
];

function rust_bytes(string $s): string
{
    $o = 'b"';
    for ($i = 0; $i < strlen($s); $i++) {
        $c = ord($s[$i]);
        if ($s[$i] === '"' || $s[$i] === '\\') {
            $o .= '\\' . $s[$i];
        } elseif ($c >= 0x20 && $c < 0x7F) {
            $o .= $s[$i];
        } elseif ($c === 0x0A) {
            $o .= '\n';
        } elseif ($c === 0x0D) {
            $o .= '\r';
        } elseif ($c === 0x09) {
            $o .= '\t';
        } else {
            $o .= sprintf('\x%02x', $c);
        }
    }
    return $o . '"';
}

echo "// Generated by tools/validate_cases_gen.php on PHP " . PHP_VERSION . ".\n";
echo "const CASES: &[(&[u8], u32, i32, i32)] = &[\n";
foreach ($cases as [$s, $depth]) {
    json_decode($s, true, $depth);
    $e0 = json_last_error();
    json_decode($s, true, $depth, JSON_INVALID_UTF8_IGNORE);
    $e1 = json_last_error();
    printf("    (%s, %d, %d, %d),\n", rust_bytes($s), $depth, $e0, $e1);
}
echo "];\n";
