//! The body of one JSON string token, decoded exactly as PHP's scanner
//! decodes it (json_scanner.re, conditions STR_P1 and STR_P2_*).
//!
//! Input: the bytes between the opening and the closing quote, as the
//! tokenizer found them (so no unescaped `"`; one would be copied as is).
//! This function checks everything else itself, so it is exact on its own:
//! - a raw byte 0x00-0x1F is error 3 (`JSON_ERROR_CTRL_CHAR`);
//! - `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` are the usual bytes;
//! - `\uXXXX` (hex digits of either case) is the code point in UTF-8;
//!   `\u0000` gives a NUL byte; a high surrogate D800-DBFF followed at once
//!   by `\u` and a low surrogate DC00-DFFF is one supplementary code point;
//!   any other surrogate is error 10 (`JSON_ERROR_UTF16`);
//! - any other escape, `\u` with fewer than four hex digits included, is
//!   error 4 (`JSON_ERROR_SYNTAX`);
//! - strict UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF) is
//!   copied; a byte where no such sequence starts is invalid, one byte at a
//!   time (the scanner retries at the very next byte): error 5
//!   (`JSON_ERROR_UTF8`), or dropped under `JSON_INVALID_UTF8_IGNORE`, or
//!   one U+FFFD per invalid byte under `JSON_INVALID_UTF8_SUBSTITUTE` (which
//!   wins when both are set).
//!
//! Errors come in PHP's scan order: the first problem from the left wins
//! (`"\x01\xff"` is 3, `"\xff\x01"` is 5, and 3 under IGNORE).
//!
//! PHP scans twice (measure, then copy); this scans once. Clean runs (no
//! `\`, no byte below 0x20, no byte at or above 0x80) move eight bytes at a
//! time, and the output room is reserved once up front: the input length,
//! which is exact for a string without escapes and an upper bound
//! otherwise (every escape shrinks), except that each substituted byte
//! grows by two.
//!
//! Not emulated: PHP's `int` escape counter overflowing past 2^31 escapes
//! in one string (undefined behaviour in C). Emulated: SUBSTITUTE's counter
//! limit (the 2^30 - 1'th invalid byte of one string is error 5).

use crate::options::{INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE};
use crate::scan::{hex4, hex4_word};
use crate::Sink;

/// What to do with a byte that starts no valid UTF-8 sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvalidUtf8 {
    /// Error 5 (no flag).
    Error,
    /// Drop the byte (`JSON_INVALID_UTF8_IGNORE`).
    Ignore,
    /// Write U+FFFD for the byte (`JSON_INVALID_UTF8_SUBSTITUTE`, with or
    /// without IGNORE).
    Substitute,
}

impl InvalidUtf8 {
    /// The mode json_decode's `$flags` select.
    #[inline]
    pub fn from_flags(flags: u32) -> Self {
        if flags & INVALID_UTF8_SUBSTITUTE != 0 {
            Self::Substitute
        } else if flags & INVALID_UTF8_IGNORE != 0 {
            Self::Ignore
        } else {
            Self::Error
        }
    }
}

/// A scanner error, with PHP's code from [`StringError::code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringError {
    /// A raw byte 0x00-0x1F: `JSON_ERROR_CTRL_CHAR` (3).
    CtrlChar,
    /// A bad escape: `JSON_ERROR_SYNTAX` (4).
    Syntax,
    /// Invalid UTF-8 without IGNORE/SUBSTITUTE: `JSON_ERROR_UTF8` (5).
    Utf8,
    /// A lone surrogate escape: `JSON_ERROR_UTF16` (10).
    Utf16,
}

impl StringError {
    /// `json_last_error()` after this error.
    #[inline]
    pub fn code(self) -> i32 {
        use crate::options::error;
        match self {
            Self::CtrlChar => error::CTRL_CHAR,
            Self::Syntax => error::SYNTAX,
            Self::Utf8 => error::UTF8,
            Self::Utf16 => error::UTF16,
        }
    }
}

/// A decoded string's facts the parser needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Bytes appended to the sink.
    pub len: usize,
    /// The decoded bytes start with NUL: as an object key (no
    /// OBJECT_AS_ARRAY) that is `JSON_ERROR_INVALID_PROPERTY_NAME` (9).
    pub starts_with_nul: bool,
}

/// Bytes of U+FFFD in UTF-8.
const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];

/// SUBSTITUTE mode counts invalid bytes twice in a C `int` and fails with
/// error 5 once that count would pass `INT_MAX - 2`.
const SUBSTITUTE_LIMIT: u64 = (1 << 30) - 1;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// One bit (0x80) per byte of `x` that is `\`, below 0x20 or at/above 0x80;
/// the lowest flagged byte is exact (the borrow-based tests can only flag
/// extra bytes above a true hit).
#[inline(always)]
fn special_mask(x: u64) -> u64 {
    let ctrl = x.wrapping_sub(ONES * 0x20) & !x;
    let bs = x ^ (ONES * b'\\' as u64);
    let bs = bs.wrapping_sub(ONES) & !bs;
    (x | ctrl | bs) & HIGHS
}

/// [`special_mask`] without the bytes >= 0x80: one bit (0x80) per byte
/// below 0x20 or `\`, the lowest flagged byte exact (a byte >= 0x80 is
/// never flagged on its own: the tests borrow only into bytes above a
/// true hit).
#[inline(always)]
fn ctrl_or_backslash_mask(x: u64) -> u64 {
    let ctrl = x.wrapping_sub(ONES * 0x20) & !x;
    let bs = x ^ (ONES * b'\\' as u64);
    let bs = bs.wrapping_sub(ONES) & !bs;
    (ctrl | bs) & HIGHS
}

#[inline(always)]
fn cont(b: Option<&u8>, lo: u8, hi: u8) -> bool {
    matches!(b, Some(&c) if c >= lo && c <= hi)
}

/// Length of the strict UTF-8 sequence starting at `s[i]` (a byte >= 0x80),
/// or 0 when that byte starts none (the scanner's `ANY` rule).
#[inline(always)]
fn utf8_len(s: &[u8], i: usize) -> usize {
    let b1 = s.get(i + 1);
    let b2 = s.get(i + 2);
    let b3 = s.get(i + 3);
    let t = |b| cont(b, 0x80, 0xBF);
    match s.get(i) {
        Some(0xC2..=0xDF) if t(b1) => 2,
        Some(0xE0) if cont(b1, 0xA0, 0xBF) && t(b2) => 3,
        Some(0xE1..=0xEC | 0xEE..=0xEF) if t(b1) && t(b2) => 3,
        Some(0xED) if cont(b1, 0x80, 0x9F) && t(b2) => 3,
        Some(0xF0) if cont(b1, 0x90, 0xBF) && t(b2) && t(b3) => 4,
        Some(0xF1..=0xF3) if t(b1) && t(b2) && t(b3) => 4,
        Some(0xF4) if cont(b1, 0x80, 0x8F) && t(b2) && t(b3) => 4,
        _ => 0,
    }
}

/// The sink's spare room, written through a raw pointer.
///
/// Invariant (checked by the callers' reasoning, asserted in debug builds):
/// `room - n >= body.len() - i` at every step of [`decode`], where `i` is
/// the input position: every step consumes at least as many input bytes as
/// it writes, except a substitution, which makes its own room first.
struct Room {
    ptr: *mut u8,
    room: usize,
    n: usize,
}

impl Room {
    #[inline(always)]
    fn new<S: Sink>(out: &mut S, want: usize) -> Self {
        out.reserve(want);
        Room {
            ptr: out.spare_ptr(),
            room: out.spare(),
            n: 0,
        }
    }

    /// Write `bytes` (at most `room - n` of them: the caller's invariant).
    #[inline(always)]
    fn put(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.len() <= self.room - self.n);
        // SAFETY: `ptr` has `room` writable bytes (Sink contract after
        // reserve), `n + bytes.len() <= room` by the invariant above, and
        // the input slice cannot overlap the sink's spare capacity.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr.add(self.n), bytes.len()) }
        self.n += bytes.len();
    }

    /// Write one byte (room for it by the invariant).
    #[inline(always)]
    fn put1(&mut self, b: u8) {
        debug_assert!(self.n < self.room);
        // SAFETY: `n < room` by the invariant; `ptr` has `room` writable bytes.
        unsafe { self.ptr.add(self.n).write(b) }
        self.n += 1;
    }

    /// Write all eight bytes of `w` but count only `keep` of them (the rest
    /// is overwritten later or lies beyond the committed length).
    #[inline(always)]
    fn put8(&mut self, w: [u8; 8], keep: usize) {
        debug_assert!(8 <= self.room - self.n && keep <= 8);
        // SAFETY: `n + 8 <= room`: the caller has at least eight input bytes
        // left, and the invariant gives that much room.
        unsafe { self.ptr.add(self.n).cast::<[u8; 8]>().write_unaligned(w) }
        self.n += keep;
    }

    /// Write all four bytes of `w` but count only `keep` of them (the
    /// caller has at least four input bytes left, or checked the room).
    #[inline(always)]
    fn put4(&mut self, w: [u8; 4], keep: usize) {
        debug_assert!(4 <= self.room - self.n && keep <= 4);
        // SAFETY: `n + 4 <= room`: the caller has at least four input bytes
        // left, and the invariant gives that much room, or it checked.
        unsafe { self.ptr.add(self.n).cast::<[u8; 4]>().write_unaligned(w) }
        self.n += keep;
    }

    /// Commit what was written and reserve `want` more.
    #[inline(never)]
    #[cold]
    fn regrow<S: Sink>(&mut self, out: &mut S, want: usize) {
        // SAFETY: the first `n` spare bytes were written by put*/put8 and
        // `n <= room <= spare()`.
        unsafe { out.commit(self.n) };
        *self = Room::new(out, want);
    }

    #[inline(always)]
    fn finish<S: Sink>(self, out: &mut S) {
        // SAFETY: as in `regrow`: `n` bytes written, `n <= spare()`.
        unsafe { out.commit(self.n) }
    }
}

/// Decode one string body (the bytes between its quotes) into `out`.
///
/// On success the decoded bytes are appended and their length returned; on
/// an error `out` is left as it was (cut back to its length on entry).
#[inline]
pub fn decode<S: Sink>(
    body: &[u8],
    mode: InvalidUtf8,
    out: &mut S,
) -> Result<Decoded, StringError> {
    let start = out.len();
    match decode_inner(body, mode, out) {
        Ok(()) => {
            let len = out.len() - start;
            let starts_with_nul = out.as_bytes().get(start) == Some(&0);
            Ok(Decoded {
                len,
                starts_with_nul,
            })
        }
        Err(e) => {
            out.truncate(start);
            Err(e)
        }
    }
}

/// [`decode`] of a body whose UTF-8 is already known to be well-formed
/// (stage 1 validated the blocks holding it): the same result, but the
/// bytes of non-ASCII characters are copied with the plain ASCII ones,
/// eight at a time, instead of sequence by sequence. Only escapes and control bytes stop the copy.
/// Long bodies (see [`MEASURE_FROM`]) take [`decode`]'s measured route.
/// Out of line: the callers' hot loops keep their registers.
#[inline(never)]
pub fn decode_valid_utf8<S: Sink>(
    body: &[u8],
    mode: InvalidUtf8,
    out: &mut S,
) -> Result<Decoded, StringError> {
    let from = if mode == InvalidUtf8::Substitute {
        SUBSTITUTE_MEASURE_FROM
    } else {
        MEASURE_FROM
    };
    if body.len() > from {
        return decode(body, mode, out);
    }
    let start = out.len();
    match decode_loop::<S, false, true>(body, mode, out, body.len()) {
        Ok(()) => {
            let len = out.len() - start;
            let starts_with_nul = out.as_bytes().get(start) == Some(&0);
            Ok(Decoded {
                len,
                starts_with_nul,
            })
        }
        Err(e) => {
            out.truncate(start);
            Err(e)
        }
    }
}

/// Bodies longer than this are measured before they are decoded (without
/// SUBSTITUTE), and the room reserved is their decoded length (exact on
/// success): a sink that allocates what is reserved (a PHP string) then
/// allocates what stock's scanner allocates, never a larger block that
/// would raise the peak memory. Shorter bodies reserve their own length
/// (a sink may decode them elsewhere first: src/decode's bounce room).
pub const MEASURE_FROM: usize = 4096;

/// Under JSON_INVALID_UTF8_SUBSTITUTE bodies longer than this are
/// measured too: each invalid byte becomes three, so a body of more than a
/// third of [`MEASURE_FROM`] bytes may decode to more than that.
const SUBSTITUTE_MEASURE_FROM: usize = MEASURE_FROM / 3;

#[inline(always)]
fn decode_inner<S: Sink>(body: &[u8], mode: InvalidUtf8, out: &mut S) -> Result<(), StringError> {
    let from = if mode == InvalidUtf8::Substitute {
        SUBSTITUTE_MEASURE_FROM
    } else {
        MEASURE_FROM
    };
    if body.len() > from {
        return decode_measured(body, mode, out);
    }
    decode_loop::<S, false, false>(body, mode, out, body.len())
}

/// A long body (see [`MEASURE_FROM`]): its decoded length first, then
/// the decode into that much room. Under the IGNORE and SUBSTITUTE modes
/// the invalid UTF-8 bytes are counted too (each dropped, or three bytes
/// of U+FFFD), so the length is exact there as well.
#[inline(never)]
#[cold]
fn decode_measured<S: Sink>(
    body: &[u8],
    mode: InvalidUtf8,
    out: &mut S,
) -> Result<(), StringError> {
    let mut want = decoded_len_bound(body);
    if mode != InvalidUtf8::Error {
        let bad = invalid_utf8_bytes(body);
        if bad > 0 {
            // Each invalid byte was counted as one byte of output.
            want = if mode == InvalidUtf8::Substitute {
                want + 2 * bad
            } else {
                want - bad
            };
            return decode_loop::<S, true, false>(body, mode, out, want);
        }
    }
    if want < body.len() {
        decode_loop::<S, true, false>(body, mode, out, want)
    } else {
        decode_loop::<S, false, false>(body, mode, out, body.len())
    }
}

/// The bytes of `body` that the decode meets as invalid UTF-8 (each
/// dropped or substituted on its own): the bytes >= 0x80 that do not
/// start, or are not part of, a well-formed sequence. Escapes are ASCII
/// (a backslash before another byte is an error), so walking sequences
/// from the start meets the same bytes as the decode.
fn invalid_utf8_bytes(body: &[u8]) -> usize {
    let mut bad = 0usize;
    let mut i = 0usize;
    loop {
        while let Some(chunk) = body.get(i..).and_then(|s| s.first_chunk::<8>()) {
            if u64::from_le_bytes(*chunk) & HIGHS != 0 {
                break;
            }
            i += 8;
        }
        match body.get(i) {
            None => return bad,
            Some(0..=0x7F) => i += 1,
            Some(_) => match utf8_len(body, i) {
                0 => {
                    bad += 1;
                    i += 1;
                }
                n => i += n,
            },
        }
    }
}

/// The next `\` at or after `i`.
#[inline(always)]
fn find_backslash(b: &[u8], mut i: usize) -> Option<usize> {
    while let Some(chunk) = b.get(i..).and_then(|s| s.first_chunk::<8>()) {
        let x = u64::from_le_bytes(*chunk);
        let bs = x ^ (ONES * b'\\' as u64);
        // The lowest flagged byte is exact (see `special_mask`).
        let m = bs.wrapping_sub(ONES) & !bs & HIGHS;
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let rest = b.get(i..)?;
    rest.iter().position(|&c| c == b'\\').map(|p| i + p)
}

/// The length `body` decodes to without SUBSTITUTE: exact when it decodes
/// without error under JSON_ERROR_UTF8's rule, an upper bound under IGNORE
/// (dropped bytes). For a body that fails, still at least what the decode
/// writes before its error: each escape counted shrinks by no more than
/// its own length, and the escapes before the failing one are counted as
/// the decode writes them.
fn decoded_len_bound(body: &[u8]) -> usize {
    let mut saved = 0usize;
    let mut i = 0usize;
    while let Some(j) = find_backslash(body, i) {
        // (input bytes, bytes saved)
        let (skip, save) = match body.get(j + 1) {
            Some(b'u') => match hex4(body, j + 2) {
                Some(0..=0x7F) => (6, 5),
                Some(0x80..=0x7FF) => (6, 4),
                Some(0xD800..=0xDBFF)
                    if body.get(j + 6) == Some(&b'\\')
                        && body.get(j + 7) == Some(&b'u')
                        && matches!(hex4(body, j + 8), Some(0xDC00..=0xDFFF)) =>
                {
                    (12, 8)
                }
                Some(_) => (6, 3),
                None => (2, 0),
            },
            Some(_) => (2, 1),
            None => (1, 0),
        };
        saved += save;
        i = j + skip;
    }
    body.len() - saved
}

/// The decode loop. `want` bytes of room are reserved: the body's length
/// (`EXACT` false: the room never runs out, so eight- and four-byte
/// stores may write past what they keep), or its measured decoded length
/// (`EXACT` true: wide stores only where the room has them).
#[inline(always)]
fn decode_loop<S: Sink, const EXACT: bool, const VALID_UTF8: bool>(
    body: &[u8],
    mode: InvalidUtf8,
    out: &mut S,
    want: usize,
) -> Result<(), StringError> {
    let mut room = Room::new(out, want);
    let mut i = 0usize;
    let mut invalid: u64 = 0;
    loop {
        // Clean run, sixteen bytes at a time (SSE2), then eight. A clean
        // step moves both positions by a constant, so the next step does
        // not wait on this one's mask; a step that meets a special byte
        // stops at it, and the special byte is handled next.
        'clean: {
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            while let Some(chunk) = body.get(i..i + 16) {
                if EXACT && room.room - room.n < 16 {
                    break;
                }
                let m = clean16::<VALID_UTF8>(chunk, &mut room);
                if m != 0 {
                    let keep = m.trailing_zeros() as usize;
                    room.n += keep;
                    i += keep;
                    break 'clean;
                }
                room.n += 16;
                i += 16;
            }
            while let Some(chunk) = body.get(i..i + 8) {
                if EXACT && room.room - room.n < 8 {
                    break;
                }
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                let x = u64::from_le_bytes(w);
                let m = if VALID_UTF8 {
                    ctrl_or_backslash_mask(x)
                } else {
                    special_mask(x)
                };
                if m != 0 {
                    let keep = (m.trailing_zeros() / 8) as usize;
                    room.put8(w, keep);
                    i += keep;
                    break 'clean;
                }
                room.put8(w, 8);
                i += 8;
            }
            // Clean bytes the 8-byte loop could not take (fewer than eight
            // left), one at a time.
            // Trusted UTF-8: bytes >= 0x80 too (the eight-byte loop may have
            // stopped inside a character).
            while let Some(&c @ 0x20..) = body.get(i) {
                if c == b'\\' || (!VALID_UTF8 && c >= 0x80) {
                    break;
                }
                room.put1(c);
                i += 1;
            }
        }
        let Some(&b) = body.get(i) else { break };
        match b {
            b'\\' => {
                // A run of escapes (escaped text): the next one at once.
                loop {
                    i = match unicode_bmp::<EXACT>(body, i, &mut room) {
                        Some(next) => next,
                        None => escape(body, i, &mut room)?,
                    };
                    if body.get(i) != Some(&b'\\') {
                        break;
                    }
                }
            }
            0x00..=0x1F => return Err(StringError::CtrlChar),
            0x20..=0x7F => {
                // A clean byte (the loop above takes these; kept for totality).
                room.put1(b);
                i += 1;
            }
            _ => {
                let n = utf8_len(body, i);
                if n != 0 {
                    i = copy_utf8::<EXACT>(body, i, n, &mut room);
                    // Non-Latin text: stay here while characters follow.
                    while let Some(0x80..) = body.get(i) {
                        let n = utf8_len(body, i);
                        if n == 0 {
                            break;
                        }
                        i = copy_utf8::<EXACT>(body, i, n, &mut room);
                    }
                } else {
                    match mode {
                        InvalidUtf8::Error => return Err(StringError::Utf8),
                        InvalidUtf8::Ignore => {}
                        InvalidUtf8::Substitute => {
                            if invalid >= SUBSTITUTE_LIMIT {
                                return Err(StringError::Utf8);
                            }
                            let rest = body.len() - i;
                            // Measured room (EXACT) counts the substitutions.
                            if !EXACT && room.room - room.n < rest + 2 {
                                // Room for this and the next 15 substitutions.
                                room.regrow(out, rest + 32);
                            }
                            room.put(&REPLACEMENT);
                        }
                    }
                    invalid += 1;
                    i += 1;
                }
            }
        }
    }
    room.finish(out);
    Ok(())
}

/// Store the 16 bytes of `chunk` (room for them: the caller's, at `n`,
/// which is not moved) and return the mask of its `\\`, control bytes and
/// (unless `VALID_UTF8`) bytes >= 0x80 (0: all clean; else the caller
/// keeps the bytes before the lowest bit).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn clean16<const VALID_UTF8: bool>(chunk: &[u8], room: &mut Room) -> u32 {
    use core::arch::x86_64::*;
    debug_assert!(chunk.len() >= 16 && room.room - room.n >= 16);
    // SAFETY: SSE2 is part of x86_64; the load reads 16 bytes of `chunk`
    // (the caller's slice is at least that long); the store writes 16
    // bytes at `n`, and `n + 16 <= room` (the caller has 16 input bytes
    // left, and the room invariant, or it checked).
    unsafe {
        let x = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
        _mm_storeu_si128(room.ptr.add(room.n).cast::<__m128i>(), x);
        let bs = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8));
        let ctrl = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1F)), x);
        let mut m = _mm_movemask_epi8(_mm_or_si128(bs, ctrl)) as u32;
        if !VALID_UTF8 {
            m |= _mm_movemask_epi8(x) as u32;
        }
        m
    }
}

/// Copy the valid `n`-byte UTF-8 sequence at `body[i]`; returns `i + n`.
#[inline(always)]
fn copy_utf8<const EXACT: bool>(body: &[u8], i: usize, n: usize, room: &mut Room) -> usize {
    let wide = body.get(i..).and_then(|s| s.first_chunk::<4>());
    if let Some(four) = wide.filter(|_| !EXACT || room.room - room.n >= 4) {
        // Four input bytes remain, so four bytes of room do (measured
        // room: checked).
        room.put4(*four, n);
    } else if let Some(seq) = body.get(i..i + n) {
        room.put(seq);
    }
    i + n
}

/// The common `\uXXXX` at `body[i]` (a `\`): four hex digits whose value
/// is not a surrogate, or a high surrogate followed at once by a `\uXXXX`
/// low one, read as words ([`hex4_word`]) and written as their UTF-8;
/// returns the position after them. `None` for anything else (another
/// escape, a lone surrogate, an error), which [`escape`] takes from the
/// start.
#[inline(always)]
fn unicode_bmp<const EXACT: bool>(body: &[u8], i: usize, room: &mut Room) -> Option<usize> {
    let q = body.get(i..i.wrapping_add(6))?;
    if q[..2] != *b"\\u" {
        return None;
    }
    let cp = hex4_word(u32::from_le_bytes([q[2], q[3], q[4], q[5]]))?;
    let (w, n, len) = if cp < 0x80 {
        (cp, 1, 6)
    } else if cp < 0x800 {
        (0x80C0 | (cp >> 6) | (cp & 0x3F) << 8, 2, 6)
    } else if cp & 0xF800 != 0xD800 {
        (
            0x0080_80E0 | (cp >> 12) | ((cp >> 6) & 0x3F) << 8 | (cp & 0x3F) << 16,
            3,
            6,
        )
    } else {
        // A surrogate: a high one with its low one right after.
        let r = body.get(i + 6..i.wrapping_add(12))?;
        if cp >= 0xDC00 || r[..2] != *b"\\u" {
            return None;
        }
        let lo = hex4_word(u32::from_le_bytes([r[2], r[3], r[4], r[5]]))?;
        if lo & 0xFC00 != 0xDC00 {
            return None;
        }
        let c = 0x10000 + ((cp & 0x3FF) << 10) + (lo & 0x3FF);
        let w = 0x8080_80F0
            | (c >> 18)
            | ((c >> 12) & 0x3F) << 8
            | ((c >> 6) & 0x3F) << 16
            | (c & 0x3F) << 24;
        (w, 4, 12)
    };
    if !EXACT || room.room - room.n >= 4 {
        // At least six input bytes remain, so (the room invariant) four
        // bytes of room do; measured room is checked. One store, `n` kept.
        room.put4(w.to_le_bytes(), n);
    } else {
        room.put(&w.to_le_bytes()[..n]);
    }
    Some(i + len)
}

/// Decode the escape at `body[i]` (a `\`); returns the position after it.
#[inline(always)]
fn escape(body: &[u8], i: usize, room: &mut Room) -> Result<usize, StringError> {
    let c = match body.get(i + 1) {
        Some(b'"') => b'"',
        Some(b'\\') => b'\\',
        Some(b'/') => b'/',
        Some(b'b') => 0x08,
        Some(b'f') => 0x0C,
        Some(b'n') => b'\n',
        Some(b'r') => b'\r',
        Some(b't') => b'\t',
        Some(b'u') => return unicode_escape(body, i, room),
        _ => return Err(StringError::Syntax),
    };
    room.put1(c);
    Ok(i + 2)
}

/// `\uXXXX` at `body[i]`, or a surrogate pair of them.
#[inline(always)]
fn unicode_escape(body: &[u8], i: usize, room: &mut Room) -> Result<usize, StringError> {
    let Some(cp) = hex4(body, i + 2) else {
        return Err(StringError::Syntax);
    };
    match cp {
        0..=0x7F => room.put1(cp as u8),
        0x80..=0x7FF => room.put(&[0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8]),
        0xD800..=0xDBFF => {
            let low = if body.get(i + 6) == Some(&b'\\') && body.get(i + 7) == Some(&b'u') {
                hex4(body, i + 8)
            } else {
                None
            };
            let Some(lo @ 0xDC00..=0xDFFF) = low else {
                return Err(StringError::Utf16);
            };
            let c = 0x10000 + ((cp & 0x3FF) << 10) + (lo & 0x3FF);
            room.put(&[
                0xF0 | (c >> 18) as u8,
                0x80 | ((c >> 12) & 0x3F) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
            return Ok(i + 12);
        }
        0xDC00..=0xDFFF => return Err(StringError::Utf16),
        _ => {
            let c3 = [
                0xE0 | (cp >> 12) as u8,
                0x80 | ((cp >> 6) & 0x3F) as u8,
                0x80 | (cp & 0x3F) as u8,
            ];
            if room.room - room.n >= 4 {
                // One four-byte store, three kept.
                room.put4([c3[0], c3[1], c3[2], 0], 3);
            } else {
                room.put(&c3);
            }
        }
    }
    Ok(i + 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(body: &[u8], mode: InvalidUtf8) -> Result<Vec<u8>, i32> {
        let r = run_with(body, mode, decode);
        if core::str::from_utf8(body).is_ok() {
            // Well-formed UTF-8: the route that trusts it gives the same.
            assert_eq!(run_with(body, mode, decode_valid_utf8), r, "{body:?}");
        }
        r
    }

    type DecodeFn = fn(&[u8], InvalidUtf8, &mut Vec<u8>) -> Result<Decoded, StringError>;

    fn run_with(body: &[u8], mode: InvalidUtf8, f: DecodeFn) -> Result<Vec<u8>, i32> {
        let mut out = b"prefix".to_vec();
        match f(body, mode, &mut out) {
            Ok(d) => {
                assert_eq!(d.len, out.len() - 6);
                assert_eq!(d.starts_with_nul, out.get(6) == Some(&0));
                Ok(out.split_off(6))
            }
            Err(e) => {
                assert_eq!(out, b"prefix");
                Err(e.code())
            }
        }
    }

    #[test]
    fn escapes() {
        use InvalidUtf8::*;
        assert_eq!(
            run(br#"a\"\\\/\b\f\n\r\tz"#, Error),
            Ok(b"a\"\\/\x08\x0c\n\r\tz".to_vec())
        );
        assert_eq!(run(br"\u0000", Error), Ok(vec![0]));
        assert_eq!(run(br"\u00e9\u00E9", Error), Ok("éé".as_bytes().to_vec()));
        assert_eq!(run(br"\u20ac", Error), Ok("€".as_bytes().to_vec()));
        assert_eq!(run(br"\ud83d\ude00", Error), Ok("😀".as_bytes().to_vec()));
        assert_eq!(run(br"\ud83d", Error), Err(10));
        assert_eq!(run(br"\ude00", Error), Err(10));
        assert_eq!(run(br"\ud83d\u0041", Error), Err(10));
        assert_eq!(run(br"\ud83d\ude0", Error), Err(10));
        assert_eq!(run(br"\u12", Error), Err(4));
        assert_eq!(run(br"\x", Error), Err(4));
        assert_eq!(run(br"\", Error), Err(4));
    }

    #[test]
    fn utf8_modes_and_order() {
        use InvalidUtf8::*;
        assert_eq!(run(b"\x01\xff", Error), Err(3));
        assert_eq!(run(b"\xff\x01", Error), Err(5));
        assert_eq!(run(b"\xff\x01", Ignore), Err(3));
        assert_eq!(run(b"a\xffb", Ignore), Ok(b"ab".to_vec()));
        assert_eq!(
            run(b"a\xe0\x80b", Substitute),
            Ok(b"a\xef\xbf\xbd\xef\xbf\xbdb".to_vec())
        );
        assert_eq!(run(b"\xed\xa0\x80", Error), Err(5));
        assert_eq!(run(b"\xf4\x90\x80\x80", Error), Err(5));
        assert_eq!(
            run("ÿ€😀".as_bytes(), Error),
            Ok("ÿ€😀".as_bytes().to_vec())
        );
        let long = [0xFFu8; 100];
        assert_eq!(run(&long, Substitute), Ok(REPLACEMENT.repeat(100)));
        assert!(run(b"\xff\\u0000", Ignore).is_ok_and(|v| v == [0]));
    }

    #[test]
    fn measured_long_bodies() {
        use InvalidUtf8::*;
        let escapes: [&[u8]; 8] = [
            br"\n",
            br"\u00e9",
            br"\u20ac",
            br"\ud83d\ude00",
            br"\\",
            br"\u0041",
            "é".as_bytes(),
            b"z",
        ];
        for len in [
            MEASURE_FROM - 3,
            MEASURE_FROM + 1,
            MEASURE_FROM + 7,
            3 * MEASURE_FROM,
        ] {
            for e in escapes {
                for every in [1, 2, 7] {
                    let mut body = Vec::new();
                    let mut k = 0;
                    while body.len() < len {
                        if k % every == every - 1 {
                            body.extend_from_slice(e);
                        } else {
                            body.push(b'a' + (k % 26) as u8);
                        }
                        k += 1;
                    }
                    // The reference: the same body decoded through the
                    // unmeasured loop.
                    let mut want = Vec::new();
                    let r =
                        decode_loop::<Vec<u8>, false, false>(&body, Error, &mut want, body.len());
                    assert!(r.is_ok());
                    let mut got = Vec::new();
                    assert!(decode(&body, Error, &mut got).is_ok());
                    assert_eq!(got, want);
                    if body.len() > MEASURE_FROM {
                        assert_eq!(decoded_len_bound(&body), want.len());
                    }
                    for mode in [Error, Ignore] {
                        // Cut anywhere (errors, truncated escapes): the
                        // same result as the unmeasured loop.
                        for cut in [
                            body.len() - 1,
                            body.len() - 3,
                            body.len() - 5,
                            body.len() - 11,
                        ] {
                            let mut tail = body[..cut].to_vec();
                            tail.extend_from_slice(b"\xff\\u12");
                            for b in [&body[..cut], &tail[..]] {
                                let mut w = Vec::new();
                                let rw =
                                    decode_loop::<Vec<u8>, false, false>(b, mode, &mut w, b.len());
                                let mut g = Vec::new();
                                let rg = decode(b, mode, &mut g);
                                assert_eq!(rg.map(|_| ()), rw);
                                if rw.is_ok() {
                                    assert_eq!(g, w);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn valid_utf8_route_every_position() {
        // Characters of 1-4 bytes, escapes and a control byte at every
        // position of bodies of up to 40 bytes, in every mode: `run`
        // checks decode_valid_utf8 against decode.
        let pieces: [&[u8]; 8] = [
            "é".as_bytes(),
            "€".as_bytes(),
            "😀".as_bytes(),
            br"\n",
            br"\u00e9",
            br"\ud83d\ude00",
            b"\x01",
            br"\",
        ];
        for len in 0..40 {
            for pos in 0..=len {
                for p in pieces {
                    for fill in [b'a', 0xC3] {
                        let mut body = Vec::new();
                        for k in 0..len {
                            if k == pos {
                                body.extend_from_slice(p);
                            }
                            if fill == b'a' {
                                body.push(b'a');
                            } else {
                                body.extend_from_slice("ß".as_bytes());
                            }
                        }
                        for mode in [
                            InvalidUtf8::Error,
                            InvalidUtf8::Ignore,
                            InvalidUtf8::Substitute,
                        ] {
                            let _ = run(&body, mode);
                        }
                    }
                }
            }
        }
        // Long bodies go through the measured route either way.
        let long = "é\\n".repeat(MEASURE_FROM);
        assert!(run(long.as_bytes(), InvalidUtf8::Error).is_ok());
    }

    #[test]
    fn long_runs_every_special_position() {
        for len in 0..40 {
            for pos in 0..len {
                for special in [b'\\', 0x01, 0xFF] {
                    let mut body = vec![b'a'; len];
                    body[pos] = special;
                    let r = run(&body, InvalidUtf8::Ignore);
                    match special {
                        b'\\' => assert_eq!(r, Err(4)),
                        0x01 => assert_eq!(r, Err(3)),
                        _ => assert_eq!(r, Ok(vec![b'a'; len - 1])),
                    }
                }
            }
        }
    }
}
