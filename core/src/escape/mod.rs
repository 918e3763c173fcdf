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
//!   without dispatch or vector setup; a dirty one under 16 bytes takes the
//!   SWAR path, under 32 bytes the SSE2 one;
//! - blocks of input are stored blindly and checked with one mask: AVX2
//!   (runtime-detected) or SSE2 on x86_64, NEON on aarch64, SWAR (8-byte
//!   words) elsewhere; the escapes of a dirty block are handled from its
//!   mask, and runs of blocks of two-byte escapes are expanded with
//!   shuffles (AVX2); see `kernel.rs` for the loop and the output space
//!   rule, and `x86.rs` / `swar.rs` for the scans;
//! - object keys of up to 64 bytes that need no escape are written with
//!   their comma, quotes and colon in one reservation ([`write_short_key`],
//!   [`write_mid_key`]); for a key or value that is a `zend_string`, whose
//!   header precedes its bytes, the check under 16 bytes is one load of the
//!   16 bytes ending where the string ends ([`write_short_key_tail16`],
//!   [`write_short_string_tail16`]);
//! - UTF-8 is decoded inline from word loads, several sequences at a time;
//!   `\uXXXX` is one 8-byte store from two 256-entry tables; runs of 3-byte
//!   sequences (CJK) become escapes four at a time with SSSE3 (AVX2 and SSE2
//!   scanners, when the CPU has it); under `JSON_UNESCAPED_UNICODE` a run of
//!   valid sequences is copied in one go;
//! - under `JSON_UNESCAPED_UNICODE` with AVX2, non-ASCII text is validated
//!   and copied 32 bytes at a time (the lookup-table validation of
//!   simdjson/simdutf8, plus the ASCII escapes and U+2028/U+2029 in the same
//!   pass); only a block holding something else takes the paths above;
//!   strings of at most 64 bytes are checked in one or two such blocks
//!   (under 32 bytes padded with spaces) and copied without the loop.
//!
//! The implementation is chosen once (cached in an atomic) and can be forced
//! with [`force_implementation`]; all of them produce identical output.

mod kernel;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod neon;
mod swar;
mod tables;
mod utf8;
#[cfg(target_arch = "x86_64")]
mod x86;

use crate::Sink;
use core::sync::atomic::{AtomicU8, Ordering};

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
/// `php_json_escape_string()` does with the given ext/json `options`.
///
/// `JSON_NUMERIC_CHECK` is not handled here (the caller does it); option bits
/// other than the escaping ones are ignored. An empty string gives `""`.
///
/// On invalid UTF-8 when neither `JSON_INVALID_UTF8_IGNORE` nor
/// `JSON_INVALID_UTF8_SUBSTITUTE` is set, the sink is truncated back to its
/// length at entry (nothing written, no opening quote) and
/// `Err(InvalidUtf8)` is returned.
///
/// Memory: reserves `s.len() + 2` at entry, and later at most "unread input
/// + 16" at a time, when escapes make the output longer than the input.
#[inline(always)]
pub fn escape_string<S: Sink>(out: &mut S, s: &[u8], options: u32) -> Result<(), InvalidUtf8> {
    // Most JSON strings (and nearly all keys) are short. A clean one is one
    // check and one small copy, without dispatch or vector setup; a dirty
    // one takes the SWAR path (under JSON_UNESCAPED_UNICODE, after a check
    // for text to copy as it is). This much is inlined into the caller.
    if s.len() < 16 {
        if is_clean_lt16(s, options) {
            write_clean_lt16(out, s);
            return Ok(());
        }
        #[cfg(target_arch = "x86_64")]
        if options & crate::options::UNESCAPED_UNICODE != 0 {
            return escape_short_raw(out, s, options);
        }
        return swar::escape(out, s, options);
    }
    escape_long(out, s, options)
}

/// Whether `s`, shorter than 16 bytes, needs no escape under `options`: one
/// SSE2 mask on x86_64 (without a `JSON_HEX_*` flag), else a few table
/// lookups.
#[inline(always)]
fn is_clean_lt16(s: &[u8], options: u32) -> bool {
    #[cfg(target_arch = "x86_64")]
    if !tables::has_hex(options) {
        return x86::is_clean_lt16(s, options);
    }
    let table = tables::class_table(options);
    s.iter().fold(0u8, |acc, &b| acc | table[usize::from(b)]) == tables::CLEAN
}

/// What the short-key check needs for one option set, computed once per
/// encode (the byte that `/` or, under `JSON_UNESCAPED_SLASHES`, `"` is
/// compared with, already spread over a vector).
#[derive(Clone, Copy)]
pub struct KeyCheck {
    options: u32,
    /// Strings shorter than this take the one-load check: 16, or 0 under a
    /// `JSON_HEX_*` flag (one comparison instead of a flag test and a
    /// length test).
    #[cfg(target_arch = "x86_64")]
    short_limit: usize,
    #[cfg(target_arch = "x86_64")]
    third: [u8; 16],
}

impl KeyCheck {
    pub fn new(options: u32) -> Self {
        let _third = if options & crate::options::UNESCAPED_SLASHES != 0 {
            b'"'
        } else {
            b'/'
        };
        KeyCheck {
            options,
            #[cfg(target_arch = "x86_64")]
            short_limit: if tables::has_hex(options) { 0 } else { 16 },
            #[cfg(target_arch = "x86_64")]
            third: [_third; 16],
        }
    }
}

/// [`write_short_key`] with the check's constants computed beforehand.
#[inline(always)]
pub fn write_short_key_with<S: Sink>(
    out: &mut S,
    s: &[u8],
    check: &KeyCheck,
    sep: Option<u8>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if !tables::has_hex(check.options) {
        if s.len() >= 16 || !x86::is_clean_lt16_third(s, &check.third) {
            return false;
        }
        write_key_lt16(out, s, sep);
        return true;
    }
    write_short_key(out, s, check.options, sep)
}

/// [`write_short_key_with`] for a key stored at the end of a larger object
/// (a `zend_string`'s bytes follow its header): the check is one load of
/// the 16 bytes that end where the key ends, without a branch on the key's
/// length.
///
/// # Safety
/// The 16 bytes that end at `s.as_ptr() + s.len()` must be readable.
#[inline(always)]
pub unsafe fn write_short_key_tail16<S: Sink>(
    out: &mut S,
    s: &[u8],
    check: &KeyCheck,
    sep: Option<u8>,
) -> bool {
    // SAFETY: forwarded.
    match unsafe { clean_tail16(s, check) } {
        Some(true) => {
            write_key_lt16(out, s, sep);
            true
        }
        Some(false) => false,
        None => write_short_key_with(out, s, check, sep),
    }
}

/// [`write_short_key_tail16`], and keys of 16 to 32 bytes the same way:
/// two loads, the first and the last 16 bytes, checked with the same
/// constants (under `JSON_HEX_*`, out of line, with the flags' bytes),
/// then `sep"key":` in one reserve and one commit. For any other key
/// nothing is written and `false` is returned.
///
/// # Safety
/// As for [`write_short_key_tail16`].
#[inline(always)]
pub unsafe fn write_key_tail16_to_32<S: Sink>(
    out: &mut S,
    s: &[u8],
    check: &KeyCheck,
    sep: Option<u8>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if s.len() >= 16 {
        let clean = s.len() <= 32
            && if check.short_limit != 0 {
                x86::is_clean_16_to_32_third(s, &check.third)
            } else {
                // Under JSON_HEX_* (short_limit 0).
                clean_16_to_32_hex(s, check)
            };
        if !clean {
            return false;
        }
        // SAFETY: copy_16_to_64 copies 16 <= n <= 64 bytes within both
        // regions.
        unsafe { write_key_framed(out, s, sep, copy_16_to_64) };
        return true;
    }
    // SAFETY: forwarded.
    unsafe { write_short_key_tail16(out, s, check, sep) }
}

/// [`write_key_tail16_to_32`]'s check of a 16 to 32 byte key under
/// `JSON_HEX_*`, out of line (as `clean_tail16_hex`): the common case's
/// code stays as it is.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn clean_16_to_32_hex(s: &[u8], check: &KeyCheck) -> bool {
    x86::is_clean_16_to_32_hex(s, &check.third, x86::hex_pairs(check.options))
}

/// The one-load check of [`write_short_key_tail16`]: whether `s` is under
/// 16 bytes and needs no escape, or `None` where the check does not apply
/// (not x86_64).
///
/// # Safety
/// As for [`write_short_key_tail16`].
#[inline(always)]
unsafe fn clean_tail16(s: &[u8], check: &KeyCheck) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    {
        if s.len() < check.short_limit {
            // SAFETY: forwarded (the check reads the 16 bytes ending at the
            // end of `s` only when it is under 16 bytes).
            return Some(unsafe { x86::is_clean_tail16(s, &check.third) });
        }
        if s.len() >= 16 {
            return Some(false);
        }
        // SAFETY: as above.
        Some(unsafe { clean_tail16_hex(s, check) })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (s, check);
        None
    }
}

/// [`clean_tail16`] for a string under 16 bytes past the common case: under
/// `JSON_HEX_*` (limit 0), the same check with the extra bytes. Out of
/// line, so that the common case stays straight.
///
/// # Safety
/// As for [`write_short_key_tail16`].
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
unsafe fn clean_tail16_hex(s: &[u8], check: &KeyCheck) -> bool {
    // Reached only with short_limit 0, which means a JSON_HEX_* flag.
    debug_assert!(tables::has_hex(check.options));
    // SAFETY: forwarded (`s` is under 16 bytes).
    unsafe { x86::is_clean_tail16_hex(s, &check.third, x86::hex_pairs(check.options)) }
}

/// A string under 16 bytes that needs no escape, as `"s"` (what
/// [`escape_string`] writes for it, with the same reservation), checked as
/// in [`write_short_key_tail16`]; for any other string nothing is written
/// and `false` is returned.
///
/// # Safety
/// As for [`write_short_key_tail16`].
#[inline(always)]
pub unsafe fn write_short_string_tail16<S: Sink>(out: &mut S, s: &[u8], check: &KeyCheck) -> bool {
    // SAFETY: forwarded.
    if unsafe { clean_tail16(s, check) } != Some(true) {
        return false;
    }
    write_clean_lt16(out, s);
    true
}

/// An object key that needs no escape, with what surrounds it: `sep` when
/// given (the `,` or `{` before the key), then `"key":`, in one reserve and
/// one commit. Only keys under 16 bytes are taken; for any other key nothing is written and `false` is
/// returned (the caller writes it the long way, with [`escape_string`]).
///
/// Memory: reserves exactly what it writes (stock appends the same bytes
/// in three steps).
#[inline(always)]
pub fn write_short_key<S: Sink>(out: &mut S, s: &[u8], options: u32, sep: Option<u8>) -> bool {
    if s.len() >= 16 || !is_clean_lt16(s, options) {
        return false;
    }
    write_key_lt16(out, s, sep);
    true
}

/// `sep` (when given) + `"s":` for a clean key `s` under 16 bytes.
#[inline(always)]
fn write_key_lt16<S: Sink>(out: &mut S, s: &[u8], sep: Option<u8>) {
    // SAFETY: copy_lt16 copies n < 16 bytes within both regions.
    unsafe { write_key_framed(out, s, sep, kernel::copy_lt16) }
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

/// [`write_short_key`] for keys of 16 to 64 bytes: `sep` when given, then
/// `"key":`, in one reserve and one commit, for a key that needs no escape
/// (checked with two or four SSE2 loads; x86_64 only). For any other key
/// nothing is written and `false` is returned.
#[inline(always)]
pub fn write_mid_key<S: Sink>(out: &mut S, s: &[u8], options: u32, sep: Option<u8>) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let n = s.len();
        if !(16..=64).contains(&n) || !x86::is_clean_16_to_64(s, options) {
            return false;
        }
        // SAFETY: copy_16_to_64 copies 16 <= n <= 64 bytes within both
        // regions.
        unsafe { write_key_framed(out, s, sep, copy_16_to_64) };
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (out, s, options, sep);
        false
    }
}

/// [`escape_string`] for 16 bytes or more (out of line: keeps the inlined
/// part small).
#[inline(never)]
fn escape_long<S: Sink>(out: &mut S, s: &[u8], options: u32) -> Result<(), InvalidUtf8> {
    #[cfg(target_arch = "x86_64")]
    if s.len() <= 64 {
        // Clean: two or four SSE2 loads, a few stores.
        if x86::is_clean_16_to_64(s, options) {
            write_clean_16_to_64(out, s);
            return Ok(());
        }
        if options & crate::options::UNESCAPED_UNICODE != 0 {
            return escape_short_raw(out, s, options);
        }
        if s.len() < 32 {
            // Too short for an AVX2 block: SSE2 (baseline) does the same
            // work with less setup, and without dispatch.
            return x86::escape_sse2(out, s, options);
        }
    }
    run(selected(), out, s, options)
}

/// A string of at most 64 bytes that needs more than a copy by the checks
/// above, under `JSON_UNESCAPED_UNICODE`: with AVX2, one more check
/// recognizes valid non-ASCII text with nothing to escape, which is then
/// copied; anything else goes the usual way (SWAR under 16 bytes, SSE2
/// under 32, else the selected implementation).
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn escape_short_raw<S: Sink>(out: &mut S, s: &[u8], options: u32) -> Result<(), InvalidUtf8> {
    // SAFETY: `Avx2` is only ever selected after AVX2 was detected.
    let imp = selected();
    if imp == Imp::Avx2 && unsafe { x86::is_raw_clean_le64(s, options) } {
        if s.len() < 16 {
            write_clean_lt16(out, s);
        } else {
            write_clean_16_to_64(out, s);
        }
        return Ok(());
    }
    if s.len() < 16 {
        swar::escape(out, s, options)
    } else if s.len() < 32 {
        x86::escape_sse2(out, s, options)
    } else {
        run(imp, out, s, options)
    }
}

/// `"` + `s` + `"` for a string of fewer than 16 bytes that needs no escape.
#[inline(always)]
fn write_clean_lt16<S: Sink>(out: &mut S, s: &[u8]) {
    let n = s.len();
    debug_assert!(n < 16);
    // Stock reserves len + 2 for every string (smart_str_alloc): so do we.
    out.reserve(n + 2);
    // SAFETY: n + 2 bytes of spare capacity were reserved; every write below
    // lies within them, every read within `s`.
    unsafe {
        let dst = out.spare_ptr();
        dst.write(b'"');
        let body = dst.add(1);
        kernel::copy_lt16(s.as_ptr(), body, n);
        body.add(n).write(b'"');
        out.commit(n + 2);
    }
}

/// Copies `16 <= n <= 64` bytes with two or four overlapping 32-byte-wide
/// copies.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `n` bytes, no overlap.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn copy_16_to_64(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((16..=64).contains(&n));
    // SAFETY: every access lies within the first n bytes.
    unsafe {
        if n > 32 {
            kernel::copy_lt32(src, dst, 32);
            kernel::copy_lt32(src.add(n - 32), dst.add(n - 32), 32);
        } else {
            kernel::copy_lt32(src, dst, n);
        }
    }
}

/// `"` + `s` + `"` for a string of 16 to 64 bytes that needs no escape.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn write_clean_16_to_64<S: Sink>(out: &mut S, s: &[u8]) {
    let n = s.len();
    debug_assert!((16..=64).contains(&n));
    out.reserve(n + 2);
    // SAFETY: n + 2 bytes of spare capacity were reserved; every write below
    // lies within them, every read within `s`.
    unsafe {
        let dst = out.spare_ptr();
        dst.write(b'"');
        let body = dst.add(1);
        copy_16_to_64(s.as_ptr(), body, n);
        body.add(n).write(b'"');
        out.commit(n + 2);
    }
}

/// Like [`escape_string`], with the named implementation for every length
/// (no short-string shortcut): for tests and benchmarks. `None` if the
/// implementation is unknown or not available on this CPU.
pub fn escape_string_using<S: Sink>(
    implementation: &str,
    out: &mut S,
    s: &[u8],
    options: u32,
) -> Option<Result<(), InvalidUtf8>> {
    let imp = Imp::from_name(implementation)?;
    if !imp.available() {
        return None;
    }
    Some(run(imp, out, s, options))
}

/// Name of the implementation in use: `"avx2"`, `"sse2"`, `"neon"` or
/// `"scalar"`.
pub fn implementation_name() -> &'static str {
    selected().name()
}

/// Forces an implementation (tests, an ini setting). `"auto"` goes back to
/// the best one for this CPU. Returns false, changing nothing, if the name is
/// unknown or the implementation is not available on this CPU.
pub fn force_implementation(name: &str) -> bool {
    let imp = if name == "auto" {
        Imp::best()
    } else {
        match Imp::from_name(name) {
            Some(imp) if imp.available() => imp,
            _ => return false,
        }
    };
    SELECTED.store(imp as u8, Ordering::Relaxed);
    true
}

/// All implementations available on this CPU, best first.
pub fn available_implementations() -> Vec<&'static str> {
    Imp::ALL
        .iter()
        .filter(|imp| imp.available())
        .map(|imp| imp.name())
        .collect()
}

/// An implementation; the discriminant is what [`SELECTED`] stores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
enum Imp {
    Avx2 = 1,
    Sse2 = 2,
    Neon = 3,
    Scalar = 4,
}

/// The selected implementation; 0 until the first use.
static SELECTED: AtomicU8 = AtomicU8::new(0);

impl Imp {
    /// Best first.
    const ALL: [Imp; 4] = [Imp::Avx2, Imp::Sse2, Imp::Neon, Imp::Scalar];

    fn name(self) -> &'static str {
        match self {
            Imp::Avx2 => "avx2",
            Imp::Sse2 => "sse2",
            Imp::Neon => "neon",
            Imp::Scalar => "scalar",
        }
    }

    fn from_name(name: &str) -> Option<Imp> {
        Imp::ALL.into_iter().find(|imp| imp.name() == name)
    }

    fn available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Imp::Avx2 => {
                std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("popcnt")
                    && std::is_x86_feature_detected!("bmi1")
            }
            Imp::Sse2 => cfg!(target_arch = "x86_64"),
            Imp::Neon => cfg!(all(target_arch = "aarch64", target_endian = "little")),
            Imp::Scalar => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    fn best() -> Imp {
        Imp::ALL
            .into_iter()
            .find(|imp| imp.available())
            .unwrap_or(Imp::Scalar)
    }
}

/// The implementation in use, detected on first call.
#[inline(always)]
fn selected() -> Imp {
    match SELECTED.load(Ordering::Relaxed) {
        1 => Imp::Avx2,
        2 => Imp::Sse2,
        3 => Imp::Neon,
        4 => Imp::Scalar,
        _ => detect(),
    }
}

#[cold]
fn detect() -> Imp {
    let imp = Imp::best();
    // A racing `force_implementation` may win or lose; both are valid.
    let _ = SELECTED.compare_exchange(0, imp as u8, Ordering::Relaxed, Ordering::Relaxed);
    imp
}

/// Runs implementation `imp`, which must be available (checked by every
/// caller: `selected()` only yields available ones).
#[inline(always)]
fn run<S: Sink>(imp: Imp, out: &mut S, s: &[u8], options: u32) -> Result<(), InvalidUtf8> {
    match imp {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Avx2` is only ever selected after AVX2 was detected.
        Imp::Avx2 => unsafe {
            if options & crate::options::UNESCAPED_UNICODE != 0 {
                x86::escape_avx2::<S, true>(out, s, options)
            } else {
                x86::escape_avx2::<S, false>(out, s, options)
            }
        },
        #[cfg(target_arch = "x86_64")]
        Imp::Sse2 => x86::escape_sse2(out, s, options),
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        Imp::Neon => neon::escape(out, s, options),
        _ => swar::escape(out, s, options),
    }
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
        let table = tables::class_table(options);
        s.iter().all(|&b| table[usize::from(b)] == tables::CLEAN)
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
            let check = KeyCheck::new(options);
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
                        // SAFETY: 16 bytes precede s in buf.
                        let tb = unsafe { write_short_key_tail16(&mut b, s, &check, Some(b',')) };
                        assert_eq!((ta, &a), (tb, &b), "{byte:#x} at {pos} of {n}, {options}");
                        assert_eq!(ta, table_clean(s, options), "{byte:#x} {options}");
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
            let check = KeyCheck::new(options);
            for n in 15usize..=33 {
                for pos in [0, 1, n / 2, n - 16, n - 2, n - 1] {
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
                            // SAFETY: 16 bytes precede s in buf.
                            let ta = unsafe { write_key_tail16_to_32(&mut a, s, &check, sep) };
                            let mut b = b"[".to_vec();
                            let tb = if n < 16 {
                                // SAFETY: as above.
                                unsafe { write_short_key_tail16(&mut b, s, &check, sep) }
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

    #[test]
    fn short_keys_tail16() {
        for options in option_sets() {
            let check = KeyCheck::new(options);
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
                                // SAFETY: 16 bytes precede s in buf.
                                let tb = unsafe { write_short_key_tail16(&mut b, s, &check, sep) };
                                assert_eq!((ta, &a), (tb, &b), "{key:?} {options}");
                                // A value: taken exactly when the key is,
                                // written as escape_string writes it.
                                let mut c = Vec::new();
                                // SAFETY: as above.
                                let tc = unsafe { write_short_string_tail16(&mut c, s, &check) };
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
            let check = KeyCheck::new(options);
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
