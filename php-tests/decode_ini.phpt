--TEST--
rustjson.decode: default On (rustjson serves json_decode), rustjson.decode=0 and rustjson.enabled=0 give stock's back, switched by ini_set, shown by phpinfo; the three settings give the same results
--DESCRIPTION--
rustjson-specific (skipped in stock-oracle mode). The kill switches for json_encode() and json_validate()
(rustjson.enabled=0) are tested in rustjson_ini_toggle.phpt, rustjson_ini_disabled.phpt and
rustjson_kill_switch_validate.phpt; decode_ini_off.phpt sets rustjson.decode=0 from the ini.
--SKIPIF--
<?php if (get_cfg_var('rustjson_test.stock')) die('skip rustjson-specific test (stock-oracle mode)'); ?>
--FILE--
<?php
require __DIR__ . '/rustjson_test.inc';
function served(): string {
    ob_start();
    phpinfo(INFO_MODULES);
    $s = ob_get_clean();
    preg_match('/^json_decode => (.*)$/m', $s, $m);
    preg_match('/^rustjson\.decode => (.*)$/m', $s, $d);
    return ($m[1] ?? 'missing') . ' [directive: ' . ($d[1] ?? 'missing') . ']';
}
function calls(): string {
    $o = json_decode('{"a":[1,{"b":null}],"c":"\u00e9"}');
    $r = serialize(json_decode('{"a":[1,{"b":null}],"c":"\u00e9"}', true)) . ' ' . serialize($o);
    unset($o);
    json_decode('{"a":{"b":{}}, x');
    $r .= ' E' . json_last_error();
    try {
        json_decode('[1', false, 512, JSON_THROW_ON_ERROR);
    } catch (JsonException $e) {
        $r .= ' ' . $e->getMessage();
    }
    return $r . ' ' . json_encode(['x' => 1.5]) . ' ' . var_export(json_validate('[1]'), true);
}
var_dump(ini_get('rustjson.decode'));
echo served(), "\n", calls(), "\n";
var_dump(ini_set('rustjson.decode', '0'));
echo served(), "\n", calls(), "\n";
ini_set('rustjson.decode', '1');
ini_set('rustjson.enabled', '0');
echo served(), "\n", calls(), "\n";
ini_set('rustjson.enabled', '1');
ini_set('rustjson.decode', '0');
ini_restore('rustjson.decode');
var_dump(ini_get('rustjson.decode'));
echo served(), "\n", calls(), "\n";
--EXPECT--
string(1) "1"
served by rustjson (rustjson.decode=1) [directive: 1 => 1]
a:2:{s:1:"a";a:2:{i:0;i:1;i:1;a:1:{s:1:"b";N;}}s:1:"c";s:2:"é";} O:8:"stdClass":2:{s:1:"a";a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"b";N;}}s:1:"c";s:2:"é";} E4 Syntax error {"x":1.5} true
string(1) "1"
stock (rustjson.decode=0) [directive: 0 => 1]
a:2:{s:1:"a";a:2:{i:0;i:1;i:1;a:1:{s:1:"b";N;}}s:1:"c";s:2:"é";} O:8:"stdClass":2:{s:1:"a";a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"b";N;}}s:1:"c";s:2:"é";} E4 Syntax error {"x":1.5} true
stock (rustjson.enabled=0) [directive: 1 => 1]
a:2:{s:1:"a";a:2:{i:0;i:1;i:1;a:1:{s:1:"b";N;}}s:1:"c";s:2:"é";} O:8:"stdClass":2:{s:1:"a";a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"b";N;}}s:1:"c";s:2:"é";} E4 Syntax error {"x":1.5} true
string(1) "1"
served by rustjson (rustjson.decode=1) [directive: 1 => 1]
a:2:{s:1:"a";a:2:{i:0;i:1;i:1;a:1:{s:1:"b";N;}}s:1:"c";s:2:"é";} O:8:"stdClass":2:{s:1:"a";a:2:{i:0;i:1;i:1;O:8:"stdClass":1:{s:1:"b";N;}}s:1:"c";s:2:"é";} E4 Syntax error {"x":1.5} true
