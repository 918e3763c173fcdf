/*
 * rustjson phpt STUB: a test oracle, NOT the real extension.
 *
 * It is called "rustjson" and registers the ini setting rustjson.enabled (PHP_INI_ALL, default 1),
 * so rustjson's phpt prelude accepts it. json_encode() stays stock ext/json. On PHP 8.2 it also
 * provides json_validate(): the PHP 8.3 argument checks (json.c) on top of
 * php_json_decode_ex(), which uses the same scanner and parser.
 *
 * Use: freeze the expectations of rustjson-specific phpt tests from stock behaviour,
 *   php tools/phpt-freeze.php --so=$(tools/phpt-stub/build.sh) php-tests/rustjson_x.phpt
 * or run the whole suite against it (every test must pass):
 *   RUSTJSON_SO=$(tools/phpt-stub/build.sh) tools/run-phpt.sh
 */
#include "php.h"
#include "php_ini.h"
#include "ext/json/php_json.h"
#include "ext/json/php_json_parser.h"

static ZEND_INI_MH(OnUpdateEnabled) { return SUCCESS; }

PHP_INI_BEGIN()
	PHP_INI_ENTRY("rustjson.enabled", "1", PHP_INI_ALL, OnUpdateEnabled)
PHP_INI_END()

#if PHP_VERSION_ID < 80300
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_json_validate, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

PHP_FUNCTION(json_validate)
{
	char *str;
	size_t str_len;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STRING(str, str_len)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	if ((options != 0) && (options != PHP_JSON_INVALID_UTF8_IGNORE)) {
		zend_argument_value_error(3, "must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)");
		RETURN_THROWS();
	}
	if (!str_len) {
		JSON_G(error_code) = PHP_JSON_ERROR_SYNTAX;
		RETURN_FALSE;
	}
	JSON_G(error_code) = PHP_JSON_ERROR_NONE;
	if (depth <= 0) {
		zend_argument_value_error(2, "must be greater than 0");
		RETURN_THROWS();
	}
	if (depth > INT_MAX) {
		zend_argument_value_error(2, "must be less than %d", INT_MAX);
		RETURN_THROWS();
	}
	zval tmp;
	php_json_decode_ex(&tmp, str, str_len, options | PHP_JSON_OBJECT_AS_ARRAY, depth);
	zval_ptr_dtor(&tmp);
	RETURN_BOOL(JSON_G(error_code) == PHP_JSON_ERROR_NONE);
}

static const zend_function_entry stub_functions[] = {
	PHP_FE(json_validate, arginfo_json_validate)
	PHP_FE_END
};
#else
static const zend_function_entry stub_functions[] = { PHP_FE_END };
#endif

static PHP_MINIT_FUNCTION(rustjson) { REGISTER_INI_ENTRIES(); return SUCCESS; }
static PHP_MSHUTDOWN_FUNCTION(rustjson) { UNREGISTER_INI_ENTRIES(); return SUCCESS; }

zend_module_entry rustjson_module_entry = {
	STANDARD_MODULE_HEADER, "rustjson", stub_functions,
	PHP_MINIT(rustjson), PHP_MSHUTDOWN(rustjson), NULL, NULL, NULL,
	"0.0.0-phpt-stub", STANDARD_MODULE_PROPERTIES
};
ZEND_GET_MODULE(rustjson)
