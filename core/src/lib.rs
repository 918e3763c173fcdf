//! PHP-free cores of rustjson.
//!
//! Everything here works on plain bytes and writes through the [`Sink`]
//! trait, so it can be unit-tested with `cargo test -p rustjson-core` and no
//! PHP at all. The extension (`../src`) implements [`Sink`] over an
//! emalloc'd `zend_string`, so the same code writes straight into PHP's
//! result string.
//!
//! - [`escape`]: a JSON string body exactly as ext/json's
//!   `php_json_escape_string()` writes it (flags, UTF-8 grouping, SIMD scan).
//! - [`number`]: integers and doubles laid out exactly like PHP.
//! - [`scan`]: stage 1 of reading JSON (token starts of 64-byte blocks,
//!   string/escape/UTF-8 checks), for json_validate() and a decoder.
//! - [`validate`]: json_validate() with PHP's scanner/parser error codes.
//! - [`decode`]: json_decode()'s leaves: number tokens, string bodies and
//!   numeric keys exactly as PHP's scanner and `zend_symtable_update` read them
//!   (the parser that drives them is issue #18's next step).
//! - [`isa`]: CPU detection, once, for all of them: levels and tokens.
#![deny(unsafe_op_in_unsafe_fn)]

pub mod decode;
pub mod escape;
pub mod isa;
pub mod number;
pub mod options;
pub mod scan;
pub mod sink;
pub mod validate;

pub use sink::Sink;
