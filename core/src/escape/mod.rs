//! JSON string escaping, byte-identical to ext/json's
//! `php_json_escape_string()` (PHP 8.2), minus `JSON_NUMERIC_CHECK`.
//!
//! What PHP does, per byte of the input:
//!
//! - `0x00..=0x1F`: `\b \f \n \r \t`, else `\u00XX` (lowercase hex);
//! - `"` → `\"` (`\u0022` with `JSON_HEX_QUOT`), `\` → `\\`,
//!   `/` → `\/` (raw with `JSON_UNESCAPED_SLASHES`);
//! - `<` `>` `&` `'` raw, or `\u003C` `\u003E` (uppercase!) `\u0026`
//!   `\u0027` with `JSON_HEX_TAG`, `JSON_HEX_AMP`, `JSON_HEX_APOS`;
//! - every other ASCII byte, DEL (0x7F) included, raw;
//! - `>= 0x80`: one UTF-8 sequence, decoded like `php_next_utf8_char()`
//!   (see `utf8.rs` for how invalid bytes are grouped). Valid → `\uXXXX`
//!   (lowercase, surrogate pairs above U+FFFF), or the raw bytes with
//!   `JSON_UNESCAPED_UNICODE`, except U+2028/U+2029, which stay escaped unless
//!   `JSON_UNESCAPED_LINE_TERMINATORS` is also set. Invalid → dropped with
//!   `JSON_INVALID_UTF8_IGNORE`, else `\ufffd` (raw `EF BF BD` with
//!   `JSON_UNESCAPED_UNICODE`) with `JSON_INVALID_UTF8_SUBSTITUTE`, else an
//!   error that leaves the sink as it was.
//!
//! How it is fast:
//!
//! - one 256-byte class table per flag set (`tables.rs`), built at compile time;
//! - short strings: under 16 bytes a clean one is recognized with one SSE2
//!   mask over two overlapping word loads (x86_64; table lookups elsewhere
//!   and with `JSON_HEX_*`), inlined into the caller; 16 to 64 bytes
//!   (x86_64) with two or four SSE2 loads; and written with a few
//!   overlapping stores,
//!   without dispatch or vector setup; a dirty one of up to 64 bytes
//!   (x86_64), when the output already has room for the most it can
//!   write, is written from the mask of the whole string: each item from
//!   the tables, the clean bytes after it with blind 16-byte stores from a
//!   copy of the string (`kernel::escape_lt16_blind`,
//!   `kernel::escape_16_to_64_blind`; under `JSON_UNESCAPED_UNICODE`
//!   non-ASCII text is first offered to the copy check below); else, and at
//!   invalid UTF-8, under 16 bytes the SWAR path, under 32 bytes the SSE2
//!   one;
//! - blocks of input are stored blindly and checked with one mask: AVX2
//!   (runtime-detected) or SSE2 on x86_64, NEON on aarch64, SWAR (8-byte
//!   words) elsewhere; the escapes of a dirty block are handled from its
//!   mask, and runs of blocks of two-byte escapes are expanded with
//!   shuffles (AVX2); see `kernel.rs` for the loop and the output space
//!   rule, and `x86.rs` / `swar.rs` for the scans;
//! - object keys of up to 64 bytes that need no escape are written with
//!   their comma, quotes and colon in one reservation ([`write_key`]); for
//!   a key or value that is a `zend_string`, whose header precedes its
//!   bytes ([`Key::at_end`]), the check under 16 bytes is one load of the
//!   16 bytes ending where the string ends ([`write_key`],
//!   [`write_short_string`]);
//! - UTF-8 is decoded inline from word loads, several sequences at a time;
//!   `\uXXXX` is one 8-byte store from two 256-entry tables; runs of 3-byte
//!   sequences (CJK) become escapes four at a time with SSSE3 (the avx2 and
//!   ssse3 implementations); under `JSON_UNESCAPED_UNICODE` a run of
//!   valid sequences is copied in one go;
//! - under `JSON_UNESCAPED_UNICODE` with AVX2, non-ASCII text is validated
//!   and copied 32 bytes at a time (the lookup-table validation of
//!   simdjson/simdutf8, plus the ASCII escapes and U+2028/U+2029 in the same
//!   pass); only a block holding something else takes the paths above;
//!   strings of at most 64 bytes are checked in one or two such blocks
//!   (under 32 bytes padded with spaces) and copied without the loop.
//!
//!
//! ## Structure
//!
//! - `mod.rs` (this file): the public API ([`escape_with`], [`write_key`],
//!   [`write_short_string`], [`escape_string`] and [`escape_string_at`]),
//!   the short-string front end, and the dispatch: the implementation of
//!   [`isa::detected()`](crate::isa::detected) (the avx512 levels use
//!   avx2), or of the level a test or benchmark names. Each implementation
//!   is `kernel::escape` instantiated with one scanner: avx2
//!   (`x86::Avx2`, SSSE3 too), ssse3 (`x86::Sse2` with the SSSE3 3-byte
//!   run), sse2 (`x86::Sse2` without it: SSE2 only), neon (`neon::Neon`),
//!   scalar (`swar::Swar`); all of them produce identical output.
//! - `mode.rs`: [`EscapeMode`], made once per `json_encode()` call, and
//!   `Flags`, the only reader of ext/json's option bits; every layer below
//!   this file takes `Flags` and asks it by name.
//! - `kernel.rs`: the one escaping algorithm (block loop, dirty-block walk,
//!   general UTF-8 path, output-space rule), generic over a `Scanner`.
//! - `scan.rs` (leaf): the `Scanner` trait and the copy helpers.
//! - `x86.rs`, `neon.rs`, `swar.rs`: the scanners, and x86's short-string
//!   checks and AVX2 UTF-8 validation; `tables.rs`: class tables and escape
//!   spellings; `utf8.rs`: PHP's grouping of invalid UTF-8.
//!
//! Imports, with no cycle: `mod` → `kernel`, `x86`, `neon`, `swar`, `mode`,
//! `tables`, `scan`; `kernel` → `scan`, `tables`, `utf8`, `mode` (and the
//! error type [`InvalidUtf8`] from here); `x86` →
//! `scan`, `swar`, `tables`, `mode`; `neon` → `scan`, `swar`, `tables`,
//! `mode`; `swar` → `scan`, `tables`, `mode`; `scan` → `mode`; `tables` →
//! `mode`; `mode` and `utf8` import no sibling.

mod kernel;
mod mode;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod neon;
mod scan;
mod swar;
mod tables;
mod utf8;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use mode::EscapeMode;

use crate::isa::{self, Level};
use crate::Sink;
use mode::Flags;
use scan::Scanner;

/// The string is not valid UTF-8 and neither `JSON_INVALID_UTF8_IGNORE` nor
/// `JSON_INVALID_UTF8_SUBSTITUTE` was given (PHP's `JSON_ERROR_UTF8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidUtf8;

impl core::fmt::Display for InvalidUtf8 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Malformed UTF-8 characters, possibly incorrectly encoded")
    }
}

impl std::error::Error for InvalidUtf8 {}

/// Writes `s` as a JSON string, quotes included, exactly as
/// `php_json_escape_string()` does with the given ext/json `options`:
/// [`escape_with`] with the mode of `options` (a convenience; a caller
/// that escapes many strings builds the [`EscapeMode`] once).
#[inline(always)]
pub fn escape_string<S: Sink>(out: &mut S, s: &[u8], options: u32) -> Result<(), InvalidUtf8> {
    escape_with(out, s, &EscapeMode::new(options))
}

/// Writes `s` as a JSON string, quotes included, exactly as
/// `php_json_escape_string()` does with the options of `mode`.
///
/// `JSON_NUMERIC_CHECK` is not handled here (the caller does it). An empty
/// string gives `""`.
///
/// On invalid UTF-8 when neither `JSON_INVALID_UTF8_IGNORE` nor
/// `JSON_INVALID_UTF8_SUBSTITUTE` is set, the sink is truncated back to its
/// length at entry (nothing written, no opening quote) and
/// `Err(InvalidUtf8)` is returned.
///
/// Memory: reserves `s.len() + 2` at entry, and later at most "unread input
/// + 16" at a time, when escapes make the output longer than the input.
#[inline(always)]
pub fn escape_with<S: Sink>(out: &mut S, s: &[u8], mode: &EscapeMode) -> Result<(), InvalidUtf8> {
    // Most JSON strings (and nearly all keys) are short. A clean one is one
    // check and one small copy, without dispatch or vector setup; a dirty
    // one takes the SWAR path (under JSON_UNESCAPED_UNICODE, after a check
    // for text to copy as it is). This much is inlined into the caller.
    if s.len() < 16 {
        #[cfg(target_arch = "x86_64")]
        {
            // Under JSON_HEX_* (short_limit 0) the dirty path's own mask is
            // the check.
            if mode.short_limit != 0 && x86::is_clean_lt16_third(s, &mode.third) {
                write_clean_lt16(out, s);
                return Ok(());
            }
            return escape_lt16(out, s, mode);
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            if is_clean_lt16(s, mode) {
                write_clean_lt16(out, s);
                return Ok(());
            }
            return escape_scalar(out, s, mode.flags);
        }
    }
    escape_long(out, s, mode)
}

/// [`escape_with`] for a string that [`write_short_string`] (or
/// [`write_short_string_as`]) did not take under the same `mode`: one of
/// 16 bytes or more, or a shorter one that needs an escape (that check is
/// exact below 16 bytes), which goes to its escaping path without being
/// checked again. The same output and result as [`escape_with`].
#[inline(always)]
pub fn escape_not_short_clean<S: Sink>(
    out: &mut S,
    s: &[u8],
    mode: &EscapeMode,
) -> Result<(), InvalidUtf8> {
    #[cfg(target_arch = "x86_64")]
    if s.len() < 16 {
        return escape_lt16(out, s, mode);
    }
    escape_with(out, s, mode)
}

/// A string under 16 bytes past the inline clean check (x86_64): one load
/// and mask of the whole string, then its items from the mask
/// (`kernel::escape_lt16_blind`), when the spare room already holds the
/// most it can write; else, and at invalid UTF-8, the usual paths (which
/// write at the same place). The reservation is `escape`'s own (`len + 2`);
/// with that much room the kernel would not grow the sink either.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn escape_lt16<S: Sink>(out: &mut S, s: &[u8], mode: &EscapeMode) -> Result<(), InvalidUtf8> {
    let n = s.len();
    if n == 0 {
        out.extend(b"\"\"");
        return Ok(());
    }
    out.reserve(n + 2);
    if out.spare() >= 6 * n + 18 {
        let mut buf = [0u8; 32];
        let m = x86::load_mask_lt16(s, &mode.third, mode.flags, &mut buf);
        let dst = out.spare_ptr();
        // SAFETY: 1 <= n < 16, m < 1 << n; 6 * n + 18 bytes of spare room
        // at the write position.
        let written = unsafe { kernel::escape_lt16_blind(dst, &buf, m, n, mode.flags) };
        if let Some(k) = written {
            // SAFETY: the first k spare bytes were written.
            unsafe { out.commit(k) };
            return Ok(());
        }
    }
    if mode.flags.unescaped_unicode() {
        return escape_short_raw(out, s, mode.flags);
    }
    escape_scalar(out, s, mode.flags)
}

/// Whether `s`, shorter than 16 bytes, needs no escape under `mode`: one
/// SSE2 mask on x86_64 (without a `JSON_HEX_*` flag), else a few table
/// lookups.
#[inline(always)]
fn is_clean_lt16(s: &[u8], mode: &EscapeMode) -> bool {
    #[cfg(target_arch = "x86_64")]
    if mode.short_limit != 0 {
        return x86::is_clean_lt16_third(s, &mode.third);
    }
    let table = tables::class_table(mode.flags);
    s.iter().fold(0u8, |acc, &b| acc | table[usize::from(b)]) == tables::CLEAN
}

/// An object key or a short string value, for [`write_key`] and
/// [`write_short_string`]: its bytes, and, when the 16 bytes that end where
/// it ends are readable, those 16 bytes (then a key under 16 bytes is
/// checked with one load of them, without a branch on its length).
#[derive(Clone, Copy)]
pub struct Key<'a> {
    bytes: &'a [u8],
    /// The 16 bytes that end where `bytes` ends (a reference of its own:
    /// the load stays inside memory it was derived from).
    tail: Option<&'a [u8; 16]>,
}

impl<'a> Key<'a> {
    /// A key anywhere.
    #[inline(always)]
    pub fn new(bytes: &'a [u8]) -> Self {
        Key { bytes, tail: None }
    }

    /// The last `len` bytes of `window`, a key stored at the end of a larger
    /// object (a `zend_string`: `window` is its header and its bytes).
    ///
    /// # Safety
    /// `len <= window.len()` and `window.len() >= 16`.
    #[inline(always)]
    pub unsafe fn at_end(window: &'a [u8], len: usize) -> Self {
        debug_assert!(len <= window.len() && window.len() >= 16);
        let end = window.len();
        // SAFETY: the caller's contract: `end - len..end` and `end - 16..end`
        // lie within `window`, and a `[u8; 16]` has alignment 1.
        unsafe {
            Key {
                bytes: window.get_unchecked(end - len..),
                tail: Some(&*window.as_ptr().add(end - 16).cast::<[u8; 16]>()),
            }
        }
    }
}

/// Writes an object key that needs no escape with what surrounds it: `sep`
/// when given (the `,` between members, or the object's opening `{`), then
/// `"key":`, in one reserve and one commit, for a key of `MIN..=MAX` bytes
/// (`MIN` is 0 or 16, `MAX` 15, 32 or 64: how much of the check a call
/// site inlines). For any other key nothing is written and `false` is
/// returned (the caller writes it the long way, with [`escape_with`]).
///
/// The checks: under 16 bytes one SSE2 mask over two word loads, or one
/// load for a [`Key::at_end`] (table lookups under `JSON_HEX_*` and off
/// x86_64); 16 to 32 bytes (`MAX == 32`) the first and the last 16 bytes
/// with the same constants; 16 to 64 bytes (`MAX == 64`) two or four
/// loads compared with the scanner's stop set. Keys of 16 bytes or more
/// are only taken on x86_64.
///
/// Memory: reserves exactly what it writes (stock appends the same bytes
/// in three steps).
#[inline(always)]
pub fn write_key<S: Sink, const MIN: usize, const MAX: usize>(
    out: &mut S,
    key: Key<'_>,
    mode: &EscapeMode,
    sep: Option<u8>,
) -> bool {
    write_key_as::<S, MIN, MAX, false>(out, key, mode, sep)
}

/// [`write_key`] for a caller that knows at compile time whether `mode`
/// has a `JSON_HEX_*` flag other than `JSON_HEX_QUOT` (`HEX`): with `HEX`,
/// the one-load check of a [`Key::at_end`] under 16 bytes compares the
/// `JSON_HEX_*` bytes inline (without `HEX` that compare is out of line,
/// so that the common case's code stays as it is). The same result for
/// any mode either way (the `HEX` check also flags every byte the plain
/// one does; without a `JSON_HEX_*` flag its extra compares flag `"`
/// only).
#[inline(always)]
pub fn write_key_as<S: Sink, const MIN: usize, const MAX: usize, const HEX: bool>(
    out: &mut S,
    key: Key<'_>,
    mode: &EscapeMode,
    sep: Option<u8>,
) -> bool {
    const { assert!((MIN == 0 || MIN == 16) && (MAX == 15 || MAX == 32 || MAX == 64)) };
    let s = key.bytes;
    let n = s.len();
    if MAX >= 16 && n >= 16 {
        #[cfg(target_arch = "x86_64")]
        {
            let clean = if MAX <= 32 {
                n <= 32
                    && if mode.short_limit != 0 {
                        x86::is_clean_16_to_32_third(s, &mode.third)
                    } else {
                        // Under JSON_HEX_* (short_limit 0).
                        clean_16_to_32_hex(s, mode)
                    }
            } else {
                n <= MAX && x86::is_clean_16_to_64(s, mode.flags)
            };
            if !clean {
                return false;
            }
            // SAFETY: copy_16_to_64 copies 16 <= n <= 64 bytes within both
            // regions.
            unsafe { write_key_framed(out, s, sep, scan::copy_16_to_64) };
            return true;
        }
        #[cfg(not(target_arch = "x86_64"))]
        return false;
    }
    if MIN >= 16 || !is_clean_short::<HEX>(key, mode) {
        return false;
    }
    // SAFETY: copy_lt16 copies n < 16 bytes within both regions.
    unsafe { write_key_framed(out, s, sep, scan::copy_lt16) };
    true
}

/// A string value under 16 bytes that needs no escape, as `"s"` (what
/// [`escape_with`] writes for it, with the same reservation), checked as
/// in [`write_key`]; for any other string nothing is written and `false`
/// is returned.
#[inline(always)]
pub fn write_short_string<S: Sink>(out: &mut S, s: Key<'_>, mode: &EscapeMode) -> bool {
    write_short_string_as::<S, false>(out, s, mode)
}

/// [`write_short_string`] with `HEX` as in [`write_key_as`].
#[inline(always)]
pub fn write_short_string_as<S: Sink, const HEX: bool>(
    out: &mut S,
    s: Key<'_>,
    mode: &EscapeMode,
) -> bool {
    if !is_clean_short::<HEX>(s, mode) {
        return false;
    }
    write_clean_lt16(out, s.bytes);
    true
}

/// Whether a string of at most 64 bytes needs no escape under `mode` (its
/// JSON text is then `"s"`); `false` for longer strings.
#[inline(always)]
pub fn is_clean_le64(s: Key<'_>, mode: &EscapeMode) -> bool {
    let n = s.bytes.len();
    // Up to 16 bytes without JSON_HEX_*: one load of the 16 ending with the
    // string (all of them at 16 bytes, which the 16-64 byte check would
    // load twice).
    #[cfg(target_arch = "x86_64")]
    if n <= 16 && mode.short_limit != 0 {
        if let Some(tail) = s.tail {
            return x86::is_clean_tail16(tail, n, &mode.third);
        }
    }
    if n < 16 {
        return is_clean_short::<false>(s, mode);
    }
    #[cfg(target_arch = "x86_64")]
    if n <= 64 {
        return x86::is_clean_16_to_64(s.bytes, mode.flags);
    }
    false
}

/// Whether `key` is under 16 bytes and needs no escape (see [`write_key`];
/// `HEX` as in [`write_key_as`]).
#[inline(always)]
fn is_clean_short<const HEX: bool>(key: Key<'_>, mode: &EscapeMode) -> bool {
    if let Some(tail) = key.tail {
        if let Some(clean) = clean_tail16::<HEX>(tail, key.bytes.len(), mode) {
            return clean;
        }
    }
    key.bytes.len() < 16 && is_clean_lt16(key.bytes, mode)
}

/// [`write_key`]'s check of a 16 to 32 byte key under `JSON_HEX_*`, out of
/// line (as `clean_tail16_hex`): the common case's code stays as it is.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn clean_16_to_32_hex(s: &[u8], mode: &EscapeMode) -> bool {
    x86::is_clean_16_to_32_hex(s, &mode.third, x86::hex_pairs(mode.flags))
}

/// The one-load check of a [`Key::at_end`]: whether its last `n` bytes
/// (of the 16 in `tail`) are under 16 and need no escape, or `None` where
/// the check does not apply (not x86_64). `HEX` (see [`write_key_as`]):
/// the check with the `JSON_HEX_*` bytes, inline.
#[inline(always)]
fn clean_tail16<const HEX: bool>(tail: &[u8; 16], n: usize, mode: &EscapeMode) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    {
        if HEX {
            return Some(
                n < 16
                    && x86::is_clean_tail16_hex(tail, n, &mode.third, x86::hex_pairs(mode.flags)),
            );
        }
        if n < mode.short_limit {
            return Some(x86::is_clean_tail16(tail, n, &mode.third));
        }
        if n >= 16 {
            return Some(false);
        }
        Some(clean_tail16_hex(tail, n, mode))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (tail, n, mode);
        None
    }
}

/// [`clean_tail16`] for a string under 16 bytes past the common case: under
/// `JSON_HEX_*` (limit 0), the same check with the extra bytes. Out of
/// line, so that the common case stays straight.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn clean_tail16_hex(tail: &[u8; 16], n: usize, mode: &EscapeMode) -> bool {
    // Reached only with short_limit 0, which means a JSON_HEX_* flag.
    debug_assert!(mode.flags.hex());
    x86::is_clean_tail16_hex(tail, n, &mode.third, x86::hex_pairs(mode.flags))
}

/// `sep` (when given: the `,` between members, or the object's opening
/// `{` when the walk writes it with the first key) + `"s":` for a clean key
/// `s`, in one reserve and one commit; `copy(src, dst, n)` copies the key's
/// `n` bytes.
///
/// # Safety
/// `copy` must copy exactly `s.len()` bytes, reading and writing nothing
/// else.
#[inline(always)]
unsafe fn write_key_framed<S: Sink>(
    out: &mut S,
    s: &[u8],
    sep: Option<u8>,
    copy: unsafe fn(*const u8, *mut u8, usize),
) {
    let n = s.len();
    let c = usize::from(sep.is_some());
    out.reserve(n + 3 + c);
    // SAFETY: n + 3 + c bytes of spare capacity were reserved; every write
    // below lies within them (the separator, written unconditionally, is
    // overwritten by the quote when there is none), every read within `s`.
    unsafe {
        let dst = out.spare_ptr();
        dst.write(sep.unwrap_or(b'"'));
        let q = dst.add(c);
        q.write(b'"');
        let body = q.add(1);
        copy(s.as_ptr(), body, n);
        body.add(n).write(b'"');
        body.add(n + 1).write(b':');
        out.commit(n + 3 + c);
    }
}

/// [`escape_with`] for 16 bytes or more (out of line: keeps the inlined
/// part small).
#[inline(never)]
fn escape_long<S: Sink>(out: &mut S, s: &[u8], mode: &EscapeMode) -> Result<(), InvalidUtf8> {
    let flags = mode.flags;
    #[cfg(target_arch = "x86_64")]
    if s.len() <= 64 {
        // Two or four SSE2 loads and one mask: clean, a few stores.
        let dirt = if flags.hex() {
            x86::dirt_16_to_64::<true>(s, &mode.third, flags)
        } else {
            x86::dirt_16_to_64::<false>(s, &mode.third, flags)
        };
        if !dirt.any() {
            write_clean_16_to_64(out, s);
            return Ok(());
        }
        return escape_16_to_64(out, s, &dirt, flags);
    }
    #[cfg(target_arch = "x86_64")]
    if flags.hex() && s.len() <= 128 && escape_65_to_128(out, s, mode) {
        return Ok(());
    }
    // SAFETY: the detected level is available.
    unsafe { run(isa::detected(), out, s, flags) }
}

/// An ASCII string of 65 to 128 bytes under `JSON_HEX_TAG`, `_AMP` or
/// `_APOS` (x86_64): one mask of the whole string, then a clean one
/// copied as it is, else its items from
/// the mask with blind 16-byte stores of the clean bytes between them
/// (`kernel::escape_65_to_128_blind`), when the spare room already holds
/// the most it can write. Returns false, having written nothing, for a
/// string with a byte `>= 0x80` (the AVX2 kernel's blocks of sequences do
/// more per byte than the blind kernel's one sequence at a time) or
/// without that room (the usual paths, which write at the same place,
/// take it). The reservation is `escape`'s own (`len + 2`), as on the 16
/// to 64 byte path. (Only under those flags: their `\u00XX` escapes are
/// one item each in the AVX2 kernel too, while its blocks of two-byte
/// escapes, a URL's `\/`, cost less than the blind items: records-500
/// default +2.5% and twitter +2.7% instructions with this route taken
/// for every flag set. An AVX2 mask here, dispatched at run time, took
/// 0.3-2.7% fewer instructions under the HEX flags, but its dispatch made
/// the fat-LTO build of the encoder's walk take 0.3-1.2% more under
/// default flags (doc-50B 1,147 -> 1,159 a call; its routes measured in
/// 2026-12-06's session 28), so the mask stays SSE2.)
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn escape_65_to_128<S: Sink>(out: &mut S, s: &[u8], mode: &EscapeMode) -> bool {
    let n = s.len();
    debug_assert!((65..=128).contains(&n) && mode.flags.hex());
    let flags = mode.flags;
    let mut buf = core::mem::MaybeUninit::<[u8; 144]>::uninit();
    let Some(m) = x86::ascii_mask_65_to_128::<true>(s, &mode.third, flags, &mut buf) else {
        return false;
    };
    if m == 0 {
        // SAFETY: copy_65_to_128 copies the n bytes, 65 <= n <= 128.
        unsafe { write_clean(out, s, scan::copy_65_to_128) };
        return true;
    }
    out.reserve(n + 2);
    if out.spare() < 6 * n + 18 {
        return false;
    }
    let dst = out.spare_ptr();
    // SAFETY: 65 <= n <= 128, the mask has no bit at or above n; `buf`
    // holds `s` and 16 zero bytes after it; 6 * n + 18 bytes of spare room
    // at the write position.
    let written = unsafe { kernel::escape_65_to_128_blind(dst, buf.as_ptr().cast(), m, n, flags) };
    match written {
        Some(k) => {
            // SAFETY: the first k spare bytes were written.
            unsafe { out.commit(k) };
            true
        }
        None => false,
    }
}

/// A string of 16 to 64 bytes that needs work (x86_64), from its compare
/// results ([`x86::dirt_16_to_64`]): its items from their mask with blind
/// 16-byte stores of the clean bytes between them
/// (`kernel::escape_16_to_64_blind`), when the spare room already holds the
/// most it can write; else, and at invalid UTF-8, the usual paths (which
/// write at the same place). Under `JSON_UNESCAPED_UNICODE`, non-ASCII
/// text first takes the check that copies valid UTF-8 with nothing to
/// escape as it is (AVX2).
/// The reservation is `escape`'s own (`len + 2`). (Inlined: out of line,
/// the call and a second frame cost more than the clean strings save.)
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn escape_16_to_64<S: Sink>(
    out: &mut S,
    s: &[u8],
    dirt: &x86::Dirt16To64,
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    let n = s.len();
    let uu = flags.unescaped_unicode();
    if uu
        && dirt.any_high()
        && isa::detected() >= Level::Avx2
        // SAFETY: a detected level from Avx2 up has AVX2.
        && unsafe { x86::is_raw_clean_le64(s, flags) }
    {
        write_clean_16_to_64(out, s);
        return Ok(());
    }
    out.reserve(n + 2);
    if out.spare() >= 6 * n + 18 {
        let mut buf = core::mem::MaybeUninit::<[u8; 80]>::uninit();
        let src = x86::store_16_to_64(s, &mut buf);
        let dst = out.spare_ptr();
        // SAFETY: 16 <= n <= 64, the mask has no bit at or above n;
        // `src` holds `s` and 16 zero bytes after it; 6 * n + 18 bytes
        // of spare room at the write position.
        let written = unsafe { kernel::escape_16_to_64_blind(dst, src, dirt.mask(n), n, flags) };
        if let Some(k) = written {
            // SAFETY: the first k spare bytes were written.
            unsafe { out.commit(k) };
            return Ok(());
        }
    }
    if uu {
        return escape_short_raw(out, s, flags);
    }
    if n < 32 {
        // Too short for an AVX2 block: SSE2 (baseline, with SSSE3 where
        // the CPU has it) does the same work with less setup.
        return escape_lt32(out, s, flags);
    }
    // SAFETY: the detected level is available.
    unsafe { run(isa::detected(), out, s, flags) }
}

/// A string of at most 64 bytes that needs more than a copy by the checks
/// above, under `JSON_UNESCAPED_UNICODE`: with AVX2, one more check
/// recognizes valid non-ASCII text with nothing to escape, which is then
/// copied; anything else goes the usual way (SWAR under 16 bytes, SSE2
/// under 32, else the detected level's implementation).
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn escape_short_raw<S: Sink>(out: &mut S, s: &[u8], flags: Flags) -> Result<(), InvalidUtf8> {
    let level = isa::detected();
    // SAFETY: a detected level from Avx2 up has AVX2.
    if level >= Level::Avx2 && unsafe { x86::is_raw_clean_le64(s, flags) } {
        if s.len() < 16 {
            write_clean_lt16(out, s);
        } else {
            write_clean_16_to_64(out, s);
        }
        return Ok(());
    }
    if s.len() < 16 {
        escape_scalar(out, s, flags)
    } else if s.len() < 32 {
        escape_lt32(out, s, flags)
    } else {
        // SAFETY: the detected level is available.
        unsafe { run(level, out, s, flags) }
    }
}

/// `"` + `s` + `"` for a string of fewer than 16 bytes that needs no escape.
#[inline(always)]
fn write_clean_lt16<S: Sink>(out: &mut S, s: &[u8]) {
    debug_assert!(s.len() < 16);
    // SAFETY: copy_lt16 copies n < 16 bytes within both regions.
    unsafe { write_clean(out, s, scan::copy_lt16) }
}

/// `"` + `s` + `"` for a string of 16 to 64 bytes that needs no escape.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn write_clean_16_to_64<S: Sink>(out: &mut S, s: &[u8]) {
    debug_assert!((16..=64).contains(&s.len()));
    // SAFETY: copy_16_to_64 copies 16 <= n <= 64 bytes within both regions.
    unsafe { write_clean(out, s, scan::copy_16_to_64) }
}

/// `"` + `s` + `"` for a string that needs no escape; `copy(src, dst, n)`
/// copies its `n` bytes.
///
/// # Safety
/// `copy` must copy exactly `s.len()` bytes, reading and writing nothing
/// else.
#[inline(always)]
unsafe fn write_clean<S: Sink>(out: &mut S, s: &[u8], copy: unsafe fn(*const u8, *mut u8, usize)) {
    let n = s.len();
    // Stock reserves len + 2 for every string (smart_str_alloc): so do we.
    out.reserve(n + 2);
    // SAFETY: n + 2 bytes of spare capacity were reserved; every write below
    // lies within them, every read within `s`.
    unsafe {
        let dst = out.spare_ptr();
        dst.write(b'"');
        let body = dst.add(1);
        copy(s.as_ptr(), body, n);
        body.add(n).write(b'"');
        out.commit(n + 2);
    }
}

// The implementations: the kernel with each level's scanner.

/// Runs the kernel with scanner `Plain`, or `Hex` (which also compares the
/// `JSON_HEX_*` bytes) when `flags` need it.
///
/// # Safety
/// The CPU must support both scanners' instructions.
#[inline(always)]
unsafe fn with_scanner<S: Sink, Plain: Scanner, Hex: Scanner>(
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    // SAFETY: forwarded.
    unsafe {
        if flags.hex() {
            kernel::escape::<S, Hex>(out, s, flags)
        } else {
            kernel::escape::<S, Plain>(out, s, flags)
        }
    }
}

/// The scalar (portable, SWAR) implementation.
fn escape_scalar<S: Sink>(out: &mut S, s: &[u8], flags: Flags) -> Result<(), InvalidUtf8> {
    // SAFETY: SWAR needs nothing from the CPU.
    unsafe { with_scanner::<S, swar::Swar<false>, swar::Swar<true>>(out, s, flags) }
}

/// The SSE2 implementation: nothing beyond SSE2 (x86_64's baseline).
#[cfg(target_arch = "x86_64")]
fn escape_sse2<S: Sink>(
    _: isa::Sse2,
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    // SAFETY: the token proves SSE2.
    unsafe { with_scanner::<S, x86::Sse2<false, false>, x86::Sse2<true, false>>(out, s, flags) }
}

/// The SSSE3 implementation: the SSE2 scanner, with runs of 3-byte
/// sequences escaped four at a time with SSSE3.
#[cfg(target_arch = "x86_64")]
fn escape_ssse3<S: Sink>(
    _: isa::Ssse3,
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    // SAFETY: the token proves SSSE3 (and SSE2).
    unsafe { with_scanner::<S, x86::Sse2<false, true>, x86::Sse2<true, true>>(out, s, flags) }
}

/// A string under 32 bytes on x86_64: the SSE2 scanner (the AVX2 one's
/// blocks are too wide), with SSSE3 where the CPU has it.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn escape_lt32<S: Sink>(out: &mut S, s: &[u8], flags: Flags) -> Result<(), InvalidUtf8> {
    // One load of the cached level (`Ssse3::within` would read it twice).
    if isa::detected() >= Level::Ssse3 {
        // SAFETY: on x86_64 every detected level from Ssse3 up has SSSE3
        // (it is cumulative; Neon is never detected here).
        escape_ssse3(unsafe { isa::Ssse3::new_unchecked() }, out, s, flags)
    } else {
        escape_sse2(isa::Sse2::baseline(), out, s, flags)
    }
}

/// The AVX2 implementation. `RAW` (chosen by the caller exactly when
/// `JSON_UNESCAPED_UNICODE` is set) is the variant that copies valid
/// UTF-8 in blocks; each variant is a function of its own, so that the
/// code for the other flag sets is compiled as if the raw path did not
/// exist.
///
/// # Safety
/// The CPU must support AVX2 (with POPCNT and BMI1: `isa::Level::Avx2`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1")]
unsafe fn escape_avx2<S: Sink, const RAW: bool>(
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    // SAFETY: the caller guarantees AVX2; this function enables it, so the
    // inlined intrinsics compile to AVX2 code.
    unsafe { with_scanner::<S, x86::Avx2<false, RAW>, x86::Avx2<true, RAW>>(out, s, flags) }
}

/// The NEON implementation.
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
fn escape_neon<S: Sink>(
    _: isa::Neon,
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    // SAFETY: the token proves NEON.
    unsafe { with_scanner::<S, neon::Neon<false>, neon::Neon<true>>(out, s, flags) }
}

/// Runs the implementation of `level` (levels above AVX2 use the AVX2
/// one) for every length, without the short-string front end.
///
/// # Safety
/// `level` must be available on this CPU ([`Level::available`]).
#[inline(always)]
unsafe fn run<S: Sink>(
    level: Level,
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: an available level from Avx2 up has AVX2.
        Level::Avx2 | Level::Avx512 | Level::Avx512Vbmi2 => unsafe {
            if flags.unescaped_unicode() {
                escape_avx2::<S, true>(out, s, flags)
            } else {
                escape_avx2::<S, false>(out, s, flags)
            }
        },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: Ssse3 is available by the caller's guarantee.
        Level::Ssse3 => escape_ssse3(unsafe { isa::Ssse3::new_unchecked() }, out, s, flags),
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => escape_sse2(isa::Sse2::baseline(), out, s, flags),
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        Level::Neon => escape_neon(isa::Neon::baseline(), out, s, flags),
        _ => escape_scalar(out, s, flags),
    }
}

/// Like [`escape_string`], with the implementation of `level` for every
/// length (no short-string front end): for tests and benchmarks. `None` if
/// this CPU cannot run `level`.
pub fn escape_string_at<S: Sink>(
    level: Level,
    out: &mut S,
    s: &[u8],
    options: u32,
) -> Option<Result<(), InvalidUtf8>> {
    if !level.available() {
        return None;
    }
    // SAFETY: checked just above.
    Some(unsafe { run(level, out, s, Flags::new(options)) })
}

/// Name of the implementation that runs at `level`: `"avx2"` (also for
/// the AVX-512 levels), `"ssse3"`, `"sse2"`, `"neon"` or `"scalar"`.
pub const fn implementation_at(level: Level) -> &'static str {
    match level {
        Level::Avx2 | Level::Avx512 | Level::Avx512Vbmi2 => "avx2",
        Level::Ssse3 => "ssse3",
        Level::Sse2 => "sse2",
        Level::Neon => "neon",
        Level::Scalar => "scalar",
    }
}

/// Name of the implementation in use: [`implementation_at`] the detected
/// level.
pub fn implementation_name() -> &'static str {
    implementation_at(isa::detected())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option combination that changes which bytes need work.
    fn option_sets() -> Vec<u32> {
        use crate::options::*;
        (0..32u32)
            .map(|i| (i & 15) | if i & 16 != 0 { UNESCAPED_SLASHES } else { 0 })
            .collect()
    }

    fn table_clean(s: &[u8], options: u32) -> bool {
        let table = tables::class_table(Flags::new(options));
        s.iter().all(|&b| table[usize::from(b)] == tables::CLEAN)
    }

    // The call patterns of the encoder, each a `write_key` instance.

    fn write_short_key(out: &mut Vec<u8>, s: &[u8], options: u32, sep: Option<u8>) -> bool {
        write_key::<_, 0, 15>(out, Key::new(s), &EscapeMode::new(options), sep)
    }

    fn write_mid_key(out: &mut Vec<u8>, s: &[u8], options: u32, sep: Option<u8>) -> bool {
        write_key::<_, 16, 64>(out, Key::new(s), &EscapeMode::new(options), sep)
    }

    fn write_short_key_with(
        out: &mut Vec<u8>,
        s: &[u8],
        mode: &EscapeMode,
        sep: Option<u8>,
    ) -> bool {
        write_key::<_, 0, 15>(out, Key::new(s), mode, sep)
    }

    /// A key at the end of `buf` (of at least 16 bytes), as the encoder
    /// has a zend_string's.
    fn at_end(buf: &[u8], n: usize) -> Key<'_> {
        assert!(n <= buf.len() && buf.len() >= 16);
        // SAFETY: checked just above.
        unsafe { Key::at_end(buf, n) }
    }

    fn write_short_key_tail16(
        out: &mut Vec<u8>,
        buf: &[u8],
        n: usize,
        mode: &EscapeMode,
        sep: Option<u8>,
    ) -> bool {
        write_key::<_, 0, 15>(out, at_end(buf, n), mode, sep)
    }

    fn write_key_tail16_to_32(
        out: &mut Vec<u8>,
        buf: &[u8],
        n: usize,
        mode: &EscapeMode,
        sep: Option<u8>,
    ) -> bool {
        write_key::<_, 0, 32>(out, at_end(buf, n), mode, sep)
    }

    fn write_short_string_tail16(
        out: &mut Vec<u8>,
        buf: &[u8],
        n: usize,
        mode: &EscapeMode,
    ) -> bool {
        write_short_string(out, at_end(buf, n), mode)
    }

    fn is_clean_lt16(s: &[u8], options: u32) -> bool {
        super::is_clean_lt16(s, &EscapeMode::new(options))
    }

    /// The sse2 level runs no SSSE3 code: CJK text, whose runs the SSSE3
    /// levels escape with `pshufb`, never reaches that code at the sse2
    /// level (and does at the others, which shows the probe works).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_level_runs_no_ssse3() {
        let calls = || x86::tests::U3_CALLS.with(|c| c.get());
        let cjk = "漢字仮名交じり文の例です。".repeat(8);
        for len in [cjk.len(), 40, 30] {
            let s = &cjk.as_bytes()[..len - len % 3];
            let before = calls();
            let mut out = Vec::new();
            escape_string_at(Level::Sse2, &mut out, s, 0)
                .unwrap()
                .unwrap();
            assert_eq!(calls(), before, "the sse2 level ran SSSE3 code");
            let mut want = Vec::new();
            escape_string_at(Level::Scalar, &mut want, s, 0)
                .unwrap()
                .unwrap();
            assert_eq!(out, want);
            for level in isa::available_levels().filter(|&l| l >= Level::Ssse3) {
                let before = calls();
                let mut got = Vec::new();
                escape_string_at(level, &mut got, s, 0).unwrap().unwrap();
                assert!(calls() > before, "{level:?} did not use SSSE3");
                assert_eq!(got, want);
            }
        }
        // The scanner of the sse2 level has no SSSE3 step at all.
        const _: () = assert!(!<x86::Sse2<false, false> as Scanner>::U3);
        const _: () = assert!(!<x86::Sse2<true, false> as Scanner>::U3);
    }

    #[test]
    fn implementation_names() {
        assert_eq!(implementation_name(), implementation_at(isa::detected()));
        assert_eq!(implementation_at(Level::Avx512), "avx2");
        assert_eq!(implementation_at(Level::Ssse3), "ssse3");
        for level in isa::available_levels() {
            assert!(escape_string_at(level, &mut Vec::new(), b"x", 0).is_some());
        }
    }

    #[test]
    fn short_clean_check_matches_the_table() {
        // Every 0-2 byte string, then lengths 3..=15 with each position
        // taking every byte value in an otherwise clean string.
        for options in option_sets() {
            assert!(is_clean_lt16(b"", options));
            for a in 0..=255u8 {
                assert_eq!(is_clean_lt16(&[a], options), table_clean(&[a], options));
                for b in 0..=255u8 {
                    let s = [a, b];
                    assert_eq!(is_clean_lt16(&s, options), table_clean(&s, options));
                }
            }
            for n in 3..16usize {
                for pos in 0..n {
                    for v in 0..=255u8 {
                        let mut s = vec![b'k'; n];
                        s[pos] = v;
                        assert_eq!(
                            is_clean_lt16(&s, options),
                            table_clean(&s, options),
                            "{s:?} {options}"
                        );
                    }
                }
            }
        }
    }

    /// Keys of 16 to 64 bytes: one bad byte at every position (or none),
    /// against `,` + escape_string + `:`.
    #[test]
    fn mid_keys() {
        for options in option_sets() {
            for n in 16..=64 {
                for pos in 0..=n {
                    for bad in [
                        b'"', b'\\', b'/', 0x1f, 0x7f, 0x80, 0xc3, 0xff, b'<', b'>', b'&', b'\'',
                    ] {
                        let mut key: Vec<u8> = (0..n).map(|k| b"abcXYZ019_-.~ "[k % 14]).collect();
                        if pos < n {
                            key[pos] = bad;
                        }
                        for sep in [None, Some(b','), Some(b'{')] {
                            let mut out = b"{".to_vec();
                            let taken = write_mid_key(&mut out, &key, options, sep);
                            let mut want = b"{".to_vec();
                            want.extend_from_slice(sep.as_slice());
                            let ok = escape_string(&mut want, &key, options).is_ok();
                            want.push(b':');
                            // x86_64 takes exactly the keys the class
                            // table calls clean (JSON_HEX_* included).
                            #[cfg(target_arch = "x86_64")]
                            assert_eq!(taken, table_clean(&key, options), "{key:?} {options}");
                            if taken {
                                assert!(ok);
                                assert_eq!(out, want, "{key:?} {options}");
                                // Only clean keys are taken.
                                assert_eq!(want.len(), n + 3 + usize::from(sep.is_some()) + 1);
                            } else {
                                assert_eq!(out, b"{");
                            }
                        }
                    }
                }
            }
        }
    }

    /// The tail-load check takes and writes exactly what the plain one does
    /// (keys placed at the end of a 16-byte-padded buffer, with every byte
    /// value before them).
    #[test]
    fn short_keys_tail16_every_byte() {
        // Each byte value at the start, middle and end of keys of 1, 4 and
        // 15 bytes, under every option set (JSON_HEX_* ones included): the
        // one-load check takes a key exactly when the table says it is
        // clean.
        for options in option_sets() {
            let check = EscapeMode::new(options);
            for n in [1usize, 4, 15] {
                for pos in [0, n / 2, n - 1] {
                    for byte in 0..=255u8 {
                        let mut buf = vec![b'"'; 16];
                        let mut key = vec![b'k'; n];
                        key[pos] = byte;
                        buf.extend_from_slice(&key);
                        let s = &buf[16..];
                        let mut a = Vec::new();
                        let mut b = Vec::new();
                        let ta = write_short_key(&mut a, s, options, Some(b','));
                        let tb = write_short_key_tail16(&mut b, &buf, n, &check, Some(b','));
                        assert_eq!((ta, &a), (tb, &b), "{byte:#x} at {pos} of {n}, {options}");
                        assert_eq!(ta, table_clean(s, options), "{byte:#x} {options}");
                    }
                }
            }
        }
    }

    /// The `HEX` instances (the encoder's walk under `JSON_HEX_*`) write
    /// exactly what the plain ones write, under every option set (with
    /// and without a `JSON_HEX_*` flag), for keys and short string values
    /// of 0 to 17 bytes at the end of a window, each byte value at the
    /// start, middle and end, every byte before them a stop byte of some
    /// mode.
    #[test]
    fn hex_instances_match_every_byte() {
        for options in option_sets() {
            let mode = EscapeMode::new(options);
            for n in [0usize, 1, 2, 7, 8, 14, 15, 16, 17] {
                for pos in [0, n / 2, n.saturating_sub(1)] {
                    for byte in 0..=255u8 {
                        for fill in [b'<', b'\\', 0x80] {
                            let mut buf = vec![fill; 16];
                            let mut key = vec![b'k'; n];
                            if n > 0 {
                                key[pos] = byte;
                            }
                            buf.extend_from_slice(&key);
                            let what = format!("{byte:#x} at {pos} of {n}, {options}");
                            let (mut a, mut b) = (b"[".to_vec(), b"[".to_vec());
                            let ta =
                                write_key::<_, 0, 32>(&mut a, at_end(&buf, n), &mode, Some(b','));
                            let tb = write_key_as::<_, 0, 32, true>(
                                &mut b,
                                at_end(&buf, n),
                                &mode,
                                Some(b','),
                            );
                            assert_eq!((ta, &a), (tb, &b), "key {what}");
                            let (mut a, mut b) = (b"[".to_vec(), b"[".to_vec());
                            let ta = write_short_string(&mut a, at_end(&buf, n), &mode);
                            let tb =
                                write_short_string_as::<_, true>(&mut b, at_end(&buf, n), &mode);
                            assert_eq!((ta, &a), (tb, &b), "string {what}");
                            assert_eq!(ta, n < 16 && table_clean(&key, options), "{what}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn keys_16_to_32_every_byte() {
        // Each byte value at the first, a middle and the last position of
        // keys of 15 to 33 bytes, under every option set: the two-load check
        // takes a key of 16 to 32 bytes exactly when the table says it is
        // clean (JSON_HEX_* included), with the same bytes as the mid-key
        // path; other lengths go as write_short_key_tail16 has them.
        for options in option_sets() {
            let check = EscapeMode::new(options);
            for n in 15usize..=33 {
                for pos in [0, 1, n / 2, n.saturating_sub(16), n - 2, n - 1] {
                    if pos >= n {
                        continue;
                    }
                    for byte in 0..=255u8 {
                        let mut buf = vec![b'"'; 16];
                        let mut key: Vec<u8> = (0..n).map(|k| b"abcXYZ019_-.~ "[k % 14]).collect();
                        key[pos] = byte;
                        buf.extend_from_slice(&key);
                        let s = &buf[16..];
                        for sep in [None, Some(b',')] {
                            let mut a = b"[".to_vec();
                            let ta = write_key_tail16_to_32(&mut a, &buf, n, &check, sep);
                            let mut b = b"[".to_vec();
                            let tb = if n < 16 {
                                write_short_key_tail16(&mut b, &buf, n, &check, sep)
                            } else if n <= 32 && table_clean(s, options) {
                                write_mid_key(&mut b, s, options, sep)
                            } else {
                                false
                            };
                            assert_eq!((ta, &a), (tb, &b), "{byte:#x} at {pos} of {n}, {options}");
                            if ta {
                                assert!(table_clean(s, options), "{byte:#x} {options}");
                                let mut e = b"[".to_vec();
                                if let Some(c) = sep {
                                    e.push(c);
                                }
                                escape_string(&mut e, s, options & !crate::options::NUMERIC_CHECK)
                                    .unwrap();
                                e.push(b':');
                                assert_eq!(a, e, "{byte:#x} at {pos} of {n}, {options}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// Small enough for Miri (`cargo +nightly miri test -p rustjson-core
    /// --lib key_at_end`): the one-load check of a key at the end of a
    /// window reads only inside the window (Stacked Borrows flagged the
    /// former `Key::tail16`, which read before its slice), and takes a key
    /// exactly when the plain check does.
    #[test]
    fn key_at_end_small() {
        for options in [
            0,
            crate::options::UNESCAPED_UNICODE,
            crate::options::HEX_TAG,
        ] {
            let mode = EscapeMode::new(options);
            for n in 0..18usize {
                for bad in [None, Some(b'"'), Some(0x80)] {
                    let mut buf = vec![0xffu8; 16];
                    buf.extend_from_slice(
                        &(0..n).map(|k| b'a' + (k % 26) as u8).collect::<Vec<u8>>(),
                    );
                    if let (Some(b), true) = (bad, n > 0) {
                        buf[16 + n / 2] = b;
                    }
                    let s = &buf[16..];
                    let mut a = Vec::new();
                    let mut b = Vec::new();
                    let ta = write_key::<_, 0, 32>(&mut a, at_end(&buf, n), &mode, Some(b','));
                    let tb = write_key::<_, 0, 32>(&mut b, Key::new(s), &mode, Some(b','));
                    assert_eq!((ta, &a), (tb, &b), "{n} {bad:?} {options}");
                    let mut c = Vec::new();
                    let tc = write_short_string(&mut c, at_end(&buf, n), &mode);
                    assert_eq!(tc, n < 16 && ta, "{n} {bad:?} {options}");
                }
            }
        }
    }

    #[test]
    fn short_keys_tail16() {
        for options in option_sets() {
            let check = EscapeMode::new(options);
            for n in 0..16usize {
                for pos in 0..=n {
                    for bad in [
                        b'"', b'\\', b'/', 0x00, 0x1f, 0x7f, 0x80, 0xe9, b'<', b'>', b'&', b'\'',
                    ] {
                        for before in [0x00u8, b'"', 0xff] {
                            let mut buf = vec![before; 16];
                            let mut key: Vec<u8> =
                                (0..n).map(|k| b"abcXYZ019_-.~ "[k % 14]).collect();
                            if pos < n {
                                key[pos] = bad;
                            }
                            buf.extend_from_slice(&key);
                            let s = &buf[16..];
                            for sep in [None, Some(b','), Some(b'{')] {
                                let mut a = b"{".to_vec();
                                let mut b = b"{".to_vec();
                                let ta = write_short_key(&mut a, s, options, sep);
                                let tb = write_short_key_tail16(&mut b, &buf, n, &check, sep);
                                assert_eq!((ta, &a), (tb, &b), "{key:?} {options}");
                                // A value: taken exactly when the key is,
                                // written as escape_string writes it.
                                let mut c = Vec::new();
                                let tc = write_short_string_tail16(&mut c, &buf, n, &check);
                                if tc {
                                    let mut d = Vec::new();
                                    escape_string(&mut d, s, options).unwrap();
                                    assert_eq!(c, d, "{key:?} {options}");
                                } else {
                                    assert!(c.is_empty());
                                }
                                // (JSON_HEX_* included: its extra bytes are
                                // checked too.)
                                #[cfg(target_arch = "x86_64")]
                                assert_eq!(tc, ta, "{key:?} {options}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// The precomputed check takes and writes exactly what the plain one
    /// does.
    #[test]
    fn short_keys_with_check() {
        let keys: Vec<Vec<u8>> = (0u32..4000)
            .map(|i| {
                let n = (i % 17) as usize;
                (0..n)
                    .map(|k| {
                        let b = b"ab/\\\"\x01\x7f\xc3\xa9<>&'"[(i as usize * 7 + k * 3) % 13];
                        if (i + k as u32).is_multiple_of(3) {
                            b
                        } else {
                            b'k'
                        }
                    })
                    .collect()
            })
            .collect();
        for options in option_sets() {
            let check = EscapeMode::new(options);
            for key in &keys {
                for sep in [None, Some(b','), Some(b'{')] {
                    let mut a = b"{".to_vec();
                    let mut b = b"{".to_vec();
                    let ta = write_short_key(&mut a, key, options, sep);
                    let tb = write_short_key_with(&mut b, key, &check, sep);
                    assert_eq!((ta, &a), (tb, &b), "{key:?} {options}");
                }
            }
        }
    }

    #[test]
    fn short_keys() {
        for options in option_sets() {
            for (key, sep) in [
                (&b""[..], None),
                (b"id", Some(b',')),
                (b"fifteen_bytes__", None),
                (b"x", Some(b'{')),
            ] {
                let mut out = b"{".to_vec();
                assert!(write_short_key(&mut out, key, options, sep));
                let want = [
                    &b"{"[..],
                    match sep {
                        Some(b',') => b",",
                        Some(_) => b"{",
                        None => b"",
                    },
                    b"\"",
                    key,
                    b"\":",
                ]
                .concat();
                assert_eq!(out, want);
            }
            let mut out = Vec::new();
            let sep = Some(b',');
            assert!(!write_short_key(
                &mut out,
                b"sixteen_bytes___",
                options,
                sep
            ));
            assert!(!write_short_key(&mut out, b"a\"b", options, sep));
            assert!(!write_mid_key(&mut out, b"fifteen_bytes__", options, sep));
            assert!(!write_mid_key(&mut out, &[b'k'; 65], options, sep));
            assert!(!write_short_key(&mut out, "é".as_bytes(), options, None));
            assert!(out.is_empty());
        }
    }
}
