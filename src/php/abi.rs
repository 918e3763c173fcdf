//! Compile-time checks that the values rustjson's cores use are PHP's own:
//! every json_encode()/json_validate() flag in `rustjson_core::options` and
//! every error code in `rustjson_core::options::error` against the
//! `PHP_JSON_*` constants of the headers built against (bindgen, sys.rs).
//! A mismatch fails the build.
use super::sys;
use rustjson_core::options::{self as opt, error};

macro_rules! same {
    ($($ours:expr => $php:expr),* $(,)?) => {
        $(const _: () = assert!($ours as i64 == $php as i64, stringify!($ours));)*
    };
}

same! {
    opt::HEX_TAG => sys::PHP_JSON_HEX_TAG,
    opt::HEX_AMP => sys::PHP_JSON_HEX_AMP,
    opt::HEX_APOS => sys::PHP_JSON_HEX_APOS,
    opt::HEX_QUOT => sys::PHP_JSON_HEX_QUOT,
    opt::FORCE_OBJECT => sys::PHP_JSON_FORCE_OBJECT,
    opt::NUMERIC_CHECK => sys::PHP_JSON_NUMERIC_CHECK,
    opt::UNESCAPED_SLASHES => sys::PHP_JSON_UNESCAPED_SLASHES,
    opt::PRETTY_PRINT => sys::PHP_JSON_PRETTY_PRINT,
    opt::UNESCAPED_UNICODE => sys::PHP_JSON_UNESCAPED_UNICODE,
    opt::PARTIAL_OUTPUT_ON_ERROR => sys::PHP_JSON_PARTIAL_OUTPUT_ON_ERROR,
    opt::PRESERVE_ZERO_FRACTION => sys::PHP_JSON_PRESERVE_ZERO_FRACTION,
    opt::UNESCAPED_LINE_TERMINATORS => sys::PHP_JSON_UNESCAPED_LINE_TERMINATORS,
    opt::INVALID_UTF8_IGNORE => sys::PHP_JSON_INVALID_UTF8_IGNORE,
    opt::INVALID_UTF8_SUBSTITUTE => sys::PHP_JSON_INVALID_UTF8_SUBSTITUTE,
    opt::THROW_ON_ERROR => sys::PHP_JSON_THROW_ON_ERROR,
    error::NONE => sys::PHP_JSON_ERROR_NONE,
    error::DEPTH => sys::PHP_JSON_ERROR_DEPTH,
    error::STATE_MISMATCH => sys::PHP_JSON_ERROR_STATE_MISMATCH,
    error::CTRL_CHAR => sys::PHP_JSON_ERROR_CTRL_CHAR,
    error::SYNTAX => sys::PHP_JSON_ERROR_SYNTAX,
    error::UTF8 => sys::PHP_JSON_ERROR_UTF8,
    error::RECURSION => sys::PHP_JSON_ERROR_RECURSION,
    error::INF_OR_NAN => sys::PHP_JSON_ERROR_INF_OR_NAN,
    error::UNSUPPORTED_TYPE => sys::PHP_JSON_ERROR_UNSUPPORTED_TYPE,
    error::INVALID_PROPERTY_NAME => sys::PHP_JSON_ERROR_INVALID_PROPERTY_NAME,
    error::UTF16 => sys::PHP_JSON_ERROR_UTF16,
    error::NON_BACKED_ENUM => sys::PHP_JSON_ERROR_NON_BACKED_ENUM,
    // json_validate()'s and the walk's defaults.
    512 => sys::PHP_JSON_PARSER_DEFAULT_DEPTH,
}
