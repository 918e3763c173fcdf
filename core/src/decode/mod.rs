//! The PHP-free leaves of json_decode() (groundwork for issue #18).
//!
//! PHP's decoder is ext/json's re2c scanner (json_scanner.re) plus a bison
//! parser (json_parser.y). The parser rustjson will build calls three small
//! pieces, each exact to PHP 8.2-8.5 and each working on plain bytes:
//!
//! - [`number`]: one number token to `Int` / `BigIntString` / `Double`,
//!   with the scanner's 19-digit "fits" rule and zend_strtod's correctly
//!   rounded doubles; plus the longest number-grammar match at a position.
//! - [`string`]: the bytes between the quotes of one string token, decoded
//!   (escapes, `\uXXXX`, surrogate pairs, invalid UTF-8 under the
//!   IGNORE/SUBSTITUTE modes) into a [`crate::Sink`], with the scanner's
//!   error code in its scan order.
//! - [`key`]: whether a decoded object key becomes an integer key in an
//!   array (`zend_symtable_update`'s ZEND_HANDLE_NUMERIC_STR rule).
//!
//! `tools/decode/leaf_check.sh` compares all three against the real PHP.
//!
//! On top of them, [`parse`] is the parser itself (PHP's value and error
//! code for any input, depth and flags), driving a [`build::Builder`] that
//! builds the values (zvals on the PHP side; [`build::Tree`] in tests).
//! `tools/decode/parse_check.sh` compares it with PHP's json_decode().

pub mod build;
pub mod key;
pub mod number;
pub mod parse;
pub mod string;

/// `JSON_OBJECT_AS_ARRAY` (php_json.h). Not used by the leaves; named here
/// for the parser that will use them.
pub const OBJECT_AS_ARRAY: u32 = 1;
/// `JSON_BIGINT_AS_STRING` (php_json.h).
pub const BIGINT_AS_STRING: u32 = 2;
