//! The escape flags, resolved once per call.
//!
//! ext/json's option word is decoded here and nowhere else: [`Flags`] is
//! what every layer below `escape/mod.rs` takes (the class-table index and
//! the UTF-8 policy, tested through named methods), and [`EscapeMode`] adds
//! the constants of the short-string checks. The encoder builds one mode
//! per `json_encode()` call.

use crate::options::{
    HEX_AMP, HEX_APOS, HEX_QUOT, HEX_TAG, INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE,
    UNESCAPED_LINE_TERMINATORS, UNESCAPED_SLASHES, UNESCAPED_UNICODE,
};

/// The escaping flags, as the layers below `escape/mod.rs` see them:
/// only through the named methods below (this module is the only one that
/// knows ext/json's bit layout). The word keeps ext/json's bits, so that
/// making one costs nothing and each test is one `and`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flags(u32);

impl Flags {
    /// The flags of ext/json `options` (bits that do not change the
    /// escaping are ignored).
    #[inline(always)]
    pub(super) const fn new(options: u32) -> Flags {
        Flags(options)
    }

    /// The class-table index (0..32): bits 0-3 `JSON_HEX_TAG`, `_AMP`,
    /// `_APOS`, `_QUOT`, bit 4 `JSON_UNESCAPED_SLASHES`.
    #[inline(always)]
    pub(super) const fn table_index(self) -> usize {
        const _: () = assert!(
            HEX_TAG == 1 && HEX_AMP == 2 && HEX_APOS == 4 && HEX_QUOT == 8,
            "the HEX flags are the table index's low bits"
        );
        ((self.0 & 15) | ((self.0 & UNESCAPED_SLASHES) >> 2)) as usize
    }

    /// Whether `<`, `>`, `&` or `'` needs an escape (a `JSON_HEX_*` flag
    /// other than `JSON_HEX_QUOT`): the scanners compare 7 bytes, not 3.
    #[inline(always)]
    pub(super) const fn hex(self) -> bool {
        self.0 & (HEX_TAG | HEX_AMP | HEX_APOS) != 0
    }

    /// `JSON_HEX_QUOT`: `"` is `\u0022`, not `\"`.
    #[inline(always)]
    // Used by the x86-64 kernels only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) const fn hex_quot(self) -> bool {
        self.0 & HEX_QUOT != 0
    }

    /// The bytes a SIMD or SWAR scan must stop at, besides `< 0x20` and
    /// `>= 0x80` (`tables::stop_bytes`).
    ///
    /// Slots of escapes that the flags switch off repeat `"`, so every
    /// scanner can compare against a fixed number of bytes (3 without any
    /// HEX flag, else 7). (A `const fn`: compile-time tables are built
    /// from it too. Written on the bits: the code LLVM makes of it is
    /// shorter than from the named tests, which matters once per string.)
    #[inline(always)]
    pub(super) const fn stop_bytes(self) -> [u8; 7] {
        const fn pick(options: u32, flag: u32, b: u8) -> u8 {
            if options & flag != 0 {
                b
            } else {
                b'"'
            }
        }
        let options = self.0;
        [
            b'"',
            b'\\',
            if options & UNESCAPED_SLASHES != 0 {
                b'"'
            } else {
                b'/'
            },
            pick(options, HEX_TAG, b'<'),
            pick(options, HEX_TAG, b'>'),
            pick(options, HEX_AMP, b'&'),
            pick(options, HEX_APOS, b'\''),
        ]
    }

    /// `JSON_UNESCAPED_SLASHES`: `/` is written as it is.
    #[inline(always)]
    // Used by the x86-64 kernels only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) const fn raw_slashes(self) -> bool {
        self.0 & UNESCAPED_SLASHES != 0
    }

    /// `JSON_UNESCAPED_UNICODE`: valid UTF-8 is copied, not `\uXXXX`.
    #[inline(always)]
    pub(super) const fn unescaped_unicode(self) -> bool {
        self.0 & UNESCAPED_UNICODE != 0
    }

    /// `JSON_UNESCAPED_LINE_TERMINATORS`: U+2028/U+2029 are copied too
    /// (only meaningful with [`Flags::unescaped_unicode`]).
    #[inline(always)]
    pub(super) const fn keep_line_terminators(self) -> bool {
        self.0 & UNESCAPED_LINE_TERMINATORS != 0
    }

    /// `JSON_INVALID_UTF8_IGNORE`: invalid sequences are dropped.
    #[inline(always)]
    pub(super) const fn ignore_invalid(self) -> bool {
        self.0 & INVALID_UTF8_IGNORE != 0
    }

    /// `JSON_INVALID_UTF8_SUBSTITUTE`: invalid sequences become U+FFFD.
    #[inline(always)]
    pub(super) const fn substitute_invalid(self) -> bool {
        self.0 & INVALID_UTF8_SUBSTITUTE != 0
    }
}

/// How strings are escaped for one set of ext/json options: the flags,
/// decoded once, and the constants of the short-string checks. Build one
/// per `json_encode()` call with [`EscapeMode::new`] and pass it to
/// [`escape_with`](super::escape_with), [`write_key`](super::write_key)
/// and [`write_short_string`](super::write_short_string).
#[derive(Clone, Copy)]
pub struct EscapeMode {
    pub(super) flags: Flags,
    /// Strings shorter than this take the one-load check: 16, or 0 under a
    /// `JSON_HEX_*` flag (one comparison instead of a flag test and a
    /// length test).
    #[cfg(target_arch = "x86_64")]
    pub(super) short_limit: usize,
    /// The byte compared with besides `"`, `\` and controls: `/`, or `"`
    /// again under `JSON_UNESCAPED_SLASHES`, spread over a vector.
    #[cfg(target_arch = "x86_64")]
    pub(super) third: [u8; 16],
}

impl EscapeMode {
    /// The mode of ext/json `options` (`JSON_NUMERIC_CHECK` and the bits
    /// that do not change escaping are ignored).
    #[inline(always)]
    pub fn new(options: u32) -> Self {
        let flags = Flags::new(options);
        EscapeMode {
            flags,
            #[cfg(target_arch = "x86_64")]
            short_limit: if flags.hex() { 0 } else { 16 },
            #[cfg(target_arch = "x86_64")]
            third: [if flags.raw_slashes() { b'"' } else { b'/' }; 16],
        }
    }
}
