//! THE ESCAPE API BOUNDARY: every call of `rustjson_core::escape` made by
//! the extension is in this file (`EscapeMode::new` in `Encoder::new`
//! aside): string values, keys, and the lone-string call of json_encode().
//! Porting a change of the escape API means changing these functions only.
use super::layout::Layout;
use super::Encoder;
use crate::php::outbuf::OutBuf;
use crate::php::view::ZStr;
use rustjson_core::options as opt;
use rustjson_core::{escape, number, Sink};

/// json_encode() of a lone string (no walk, no encoder state):
/// `php_json_escape_string`; returns the error code (0 or UTF8).
#[inline(always)]
pub fn encode_lone_string(buf: &mut OutBuf, s: &[u8], options: u32) -> i32 {
    if escape::escape_string(buf, s, options).is_ok() {
        0
    } else {
        super::scalars::utf8_failure(buf, options)
    }
}

impl Encoder {
    /// A string value without NUMERIC_CHECK: a short clean one inline
    /// (`true`), else `false` (nothing written). (`L::HEX`: the check
    /// with the `JSON_HEX_*` bytes inline.)
    #[inline(always)]
    pub(super) fn write_short_string<L: Layout>(&mut self, s: ZStr) -> bool {
        // SAFETY: a live zend_string's window (ZStr::window): at least 24
        // bytes, ending with its `len` bytes.
        let key = unsafe { escape::Key::at_end(s.window(), s.bytes().len()) };
        if L::HEX {
            escape::write_short_string_as::<_, true>(&mut self.buf, key, &self.mode)
        } else {
            escape::write_short_string(&mut self.buf, key, &self.mode)
        }
    }

    /// [`Encoder::escape_bytes`] of a string that
    /// [`Encoder::write_short_string`] did not take (16 bytes or more, or
    /// dirty): not checked for a clean short string again.
    #[inline(always)]
    pub(super) fn escape_not_short_clean(&mut self, s: &[u8]) -> Result<(), ()> {
        escape::escape_not_short_clean(&mut self.buf, s, &self.mode).map_err(|_| ())
    }

    /// `php_json_escape_string` of `s` under the call's escape mode
    /// (NUMERIC_CHECK already handled); `Err` for invalid UTF-8 (the output
    /// cut back to before the string).
    #[inline(always)]
    pub(super) fn escape_bytes(&mut self, s: &[u8]) -> Result<(), ()> {
        escape::escape_with(&mut self.buf, s, &self.mode).map_err(|_| ())
    }

    /// A string key in a map walk, after `sep` (`{` or `,`): `sep"key":`
    /// (or the layout's framing around `"key":`). Clean keys of up to 32
    /// bytes are written inline, others by [`Encoder::key_slow`].
    #[inline(always)]
    pub(super) fn map_str_key<L: Layout>(&mut self, k: ZStr, sep: u8) {
        self.map_key::<false, L>(k, sep);
    }

    /// [`Encoder::map_str_key`] for a member of an object's property table:
    /// false, having written nothing, for a protected or private member
    /// (its mangled name starts with a NUL byte), which is skipped. Where
    /// the layout writes nothing before the key (compact), the NUL is looked
    /// for only after the inline write declined the key (a NUL byte is never
    /// clean): a load and a branch on the key's first byte ahead of the
    /// clean check cost up to 15% of an object-heavy encode under the
    /// `JSON_HEX_*` flags (instruments.json in objects).
    #[inline(always)]
    pub(super) fn map_member_key<L: Layout>(&mut self, k: ZStr, sep: u8) -> bool {
        if L::LEAD_WRITES && k.bytes().first() == Some(&0) {
            return false;
        }
        self.map_key::<true, L>(k, sep)
    }

    #[inline(always)]
    fn map_key<const MEMBER: bool, L: Layout>(&mut self, k: ZStr, sep: u8) -> bool {
        let sep = L::key_lead(self, sep);
        let bytes = k.bytes();
        // SAFETY: a live zend_string's window (ZStr::window): at least 24
        // bytes, ending with its `len` bytes.
        let key = unsafe { escape::Key::at_end(k.window(), bytes.len()) };
        let done = if L::HEX {
            escape::write_key_as::<_, 0, 32, true>(&mut self.buf, key, &self.mode, sep)
        } else {
            escape::write_key::<_, 0, 32>(&mut self.buf, key, &self.mode, sep)
        };
        if !done {
            if MEMBER && !L::LEAD_WRITES && bytes.first() == Some(&0) {
                return false;
            }
            self.key_slow(bytes, sep);
        }
        debug_assert!(!(MEMBER && done && bytes.first() == Some(&0)));
        L::key_trail(self);
        true
    }

    /// An integer key in a map walk, after `sep`: `sep"h":` (or the
    /// layout's framing around `"h":`).
    #[inline(always)]
    pub(super) fn map_int_key<L: Layout>(&mut self, h: i64, sep: u8) {
        let sep = L::key_lead(self, sep);
        number::write_int_key(&mut self.buf, h, sep);
        L::key_trail(self);
    }

    /// A key that the inline write does not take: 16 to 64 clean bytes
    /// through [`escape::write_key`], else `sep` when given, the escaped
    /// key, `:`.
    #[inline(never)]
    fn key_slow(&mut self, key: &[u8], sep: Option<u8>) {
        if escape::write_key::<_, 16, 64>(&mut self.buf, escape::Key::new(key), &self.mode, sep) {
            return;
        }
        if let Some(b) = sep {
            self.buf.push(b);
        }
        self.write_key(key);
        self.buf.push(b':');
    }

    /// An object key (or property name): escaped without NUMERIC_CHECK; a
    /// bad key becomes `""` in partial mode and is otherwise ignored.
    #[inline]
    fn write_key(&mut self, key: &[u8]) {
        if self
            .escape_string(key, self.options & !opt::NUMERIC_CHECK)
            .is_err()
            && self.partial()
        {
            let len = self.buf.len();
            self.buf.truncate(len.saturating_sub(4));
            self.buf.extend(b"\"\"");
        }
    }
}
