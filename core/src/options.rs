//! ext/json's flag values (php_json.h). They must match PHP exactly.

pub const HEX_TAG: u32 = 1;
pub const HEX_AMP: u32 = 2;
pub const HEX_APOS: u32 = 4;
pub const HEX_QUOT: u32 = 8;
pub const FORCE_OBJECT: u32 = 16;
pub const NUMERIC_CHECK: u32 = 32;
pub const UNESCAPED_SLASHES: u32 = 64;
pub const PRETTY_PRINT: u32 = 128;
pub const UNESCAPED_UNICODE: u32 = 256;
pub const PARTIAL_OUTPUT_ON_ERROR: u32 = 512;
pub const PRESERVE_ZERO_FRACTION: u32 = 1024;
pub const UNESCAPED_LINE_TERMINATORS: u32 = 2048;
pub const INVALID_UTF8_IGNORE: u32 = 1 << 20;
pub const INVALID_UTF8_SUBSTITUTE: u32 = 1 << 21;
pub const THROW_ON_ERROR: u32 = 1 << 22;

/// Error codes (php_json.h `php_json_error_code`).
pub mod error {
    pub const NONE: i32 = 0;
    pub const DEPTH: i32 = 1;
    pub const STATE_MISMATCH: i32 = 2;
    pub const CTRL_CHAR: i32 = 3;
    pub const SYNTAX: i32 = 4;
    pub const UTF8: i32 = 5;
    pub const RECURSION: i32 = 6;
    pub const INF_OR_NAN: i32 = 7;
    pub const UNSUPPORTED_TYPE: i32 = 8;
    pub const INVALID_PROPERTY_NAME: i32 = 9;
    pub const UTF16: i32 = 10;
    pub const NON_BACKED_ENUM: i32 = 11;
}
