//! One JSON number token, valued exactly as PHP's scanner values it.
//!
//! The scanner (json_scanner.re) matches
//! `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (longest match) and
//! then:
//! - an integer token (no `.`, no exponent) whose digits "fit" becomes
//!   `ZEND_STRTOL(token)`. "Fits" is a digit count test, not a range test:
//!   fewer than 19 digits always fit; exactly 19 digits fit when they compare
//!   below `"9223372036854775808"`, or equal to it with a `-` (that is
//!   `i64::MIN`); 20 and more never fit. `-0` is the int 0.
//! - an integer token that does not fit is the token itself as a string
//!   under `JSON_BIGINT_AS_STRING`, otherwise `zend_strtod(token)`;
//! - every other token is `zend_strtod(token)`.
//!
//! zend_strtod is David Gay's correctly rounded strtod (round to nearest,
//! ties to even; overflow gives INF, underflow gives 0 or the exact
//! subnormal; `-0.0` keeps its sign). Three tiers, each exact:
//! 1. Clinger's fast path (at most 19 significant digits, a value at most
//!    2^53 and a small decimal exponent): the digits are an exact double
//!    and one multiplication or division by an exact power of ten rounds
//!    once, correctly.
//! 2. `wide.rs`: the digits times a 128-bit power of five, accepted only
//!    when both ends of the error interval round to the same double (more
//!    than 19 digits: the interval of the truncated digits and one more).
//! 3. Rust's `str::parse::<f64>` (correctly rounded) for what is left:
//!    halfway-close values and deep underflow.
//!
//! All checked against PHP by tools/decode/leaf_check.sh, halfway cases
//! included.

mod wide;

/// What PHP's scanner makes of one number token.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number<'a> {
    /// `PHP_JSON_T_INT`: a PHP int.
    Int(i64),
    /// `PHP_JSON_T_STRING` for a big integer under `JSON_BIGINT_AS_STRING`:
    /// the token's bytes, unchanged.
    BigIntString(&'a [u8]),
    /// `PHP_JSON_T_DOUBLE`.
    Double(f64),
}

/// The 19 digits of `-i64::MIN`, as a number: PHP's `LONG_MIN_DIGITS`.
const LONG_MIN_DIGITS: u64 = 9_223_372_036_854_775_808;

/// Integer tokens with this many digits need the comparison with
/// [`LONG_MIN_DIGITS`] (`PHP_JSON_INT_MAX_LENGTH`, 64-bit).
const INT_MAX_LENGTH: usize = 19;

/// Significant digits kept in a `u64` (10^19 - 1 < 2^64).
const MAX_DIGITS: u32 = 19;

/// Exponent digits are read saturating here: far beyond any exponent that
/// can change the result, and small enough not to overflow `i64` arithmetic.
const EXP_CAP: i64 = 1_000_000;

/// The powers of ten that are exact doubles.
const POW10_F64: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// 10^k as integers, for the "disguised" fast path (k <= 15).
const POW10_U64: [u64; 16] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
];

/// Largest integer below which every integer is an exact double.
const EXACT_INT_LIMIT: u64 = 1 << 53;

#[inline(always)]
fn digit(b: Option<&u8>) -> Option<u8> {
    match b {
        Some(&c) if c.is_ascii_digit() => Some(c - b'0'),
        _ => None,
    }
}

/// The length of the longest match of the JSON number grammar at the start
/// of `input`, as re2c's longest-match rule finds it; 0 when there is none
/// (`-`, `-x`, a non-digit). The byte after the match is whatever the
/// parser sees next: `01` matches `0`, `1.` matches `1`, `1e+` matches `1`.
#[inline]
pub fn match_len(input: &[u8]) -> usize {
    let mut i = usize::from(input.first() == Some(&b'-'));
    match input.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            i += 1;
            while digit(input.get(i)).is_some() {
                i += 1;
            }
        }
        _ => return 0,
    }
    if input.get(i) == Some(&b'.') && digit(input.get(i + 1)).is_some() {
        i += 2;
        while digit(input.get(i)).is_some() {
            i += 1;
        }
    }
    if matches!(input.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(input.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if digit(input.get(j)).is_some() {
            i = j + 1;
            while digit(input.get(i)).is_some() {
                i += 1;
            }
        }
    }
    i
}

/// How many of eight bytes (first in the low byte) are digits before the
/// first non-digit (8: all of them).
#[inline(always)]
fn digit_count8(v: u64) -> usize {
    // A byte below '0' has its high bit set after `- 0x30`, one above '9'
    // after `+ 0x46` (0x3A + 0x46 = 0x80), and a byte of 0x80 or more
    // after one of the two; a digit after neither. A borrow or carry moves
    // only into the byte above a non-digit, so the lowest flagged byte is
    // exact.
    let flags = (v.wrapping_sub(0x3030_3030_3030_3030) | v.wrapping_add(0x4646_4646_4646_4646))
        & 0x8080_8080_8080_8080;
    (flags.trailing_zeros() / 8) as usize
}

/// The value of the first `k` (1..=8) of eight ASCII digits (first digit in
/// the low byte): the digits move to the top bytes (zero bytes below are
/// leading zeros), then pairs, quads and the whole are combined, one
/// multiply-add per step.
#[inline(always)]
pub(super) fn digits_value(v: u64, k: usize) -> u64 {
    let v = v.wrapping_sub(0x3030_3030_3030_3030) << (8 * (8 - k));
    let v = (v * 10 + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    let v = (v * 100 + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    (v * 10_000 + (v >> 32)) & 0xFFFF_FFFF
}

/// An integer token of 1 to 7 digits with a comma right after it, from
/// the eight bytes at its start (the common element of a list of small
/// ints: `12, `): its value and length; `None` for anything else (a sign,
/// more digits, a leading zero before a digit, any other byte after the
/// digits), which [`parse_prefix`] takes. Such a token always fits.
#[inline(always)]
pub fn short_int_comma(bytes: [u8; 8]) -> Option<(i64, usize)> {
    let v = u64::from_le_bytes(bytes);
    let k = digit_count8(v);
    // k in 1..=7, the byte after the digits a comma; `0` only alone.
    if k.wrapping_sub(1) >= 7 || bytes[k & 7] != b',' || (k > 1 && bytes[0] == b'0') {
        return None;
    }
    Some((digits_value(v, k) as i64, k))
}

/// Byte classes of 32 bytes, one bit per byte (bit `i` for `a[i]`):
/// ASCII digits, commas and spaces.
#[derive(Clone, Copy)]
pub(super) struct ListMasks {
    pub digits: u64,
    pub commas: u64,
    pub spaces: u64,
}

/// [`ListMasks`] of `a`: on x86_64 two SSE2 compares per class (part of
/// the baseline: no dispatch), elsewhere byte by byte.
#[inline(always)]
pub(super) fn list_masks(a: &[u8; 32]) -> ListMasks {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        use core::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        // SAFETY: SSE2 is part of x86_64; each load reads 16 of the 32
        // bytes of `a`.
        unsafe {
            let half = |at: usize| -> (u64, u64, u64) {
                let v = _mm_loadu_si128(a[at..at + 16].as_ptr().cast::<__m128i>());
                let (_, d) = digit_lanes(v);
                let c = _mm_cmpeq_epi8(v, _mm_set1_epi8(b',' as i8));
                let s = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
                (
                    u64::from(_mm_movemask_epi8(d) as u16),
                    u64::from(_mm_movemask_epi8(c) as u16),
                    u64::from(_mm_movemask_epi8(s) as u16),
                )
            };
            let (d0, c0, s0) = half(0);
            let (d1, c1, s1) = half(16);
            ListMasks {
                digits: d0 | d1 << 16,
                commas: c0 | c1 << 16,
                spaces: s0 | s1 << 16,
            }
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        let mut m = ListMasks {
            digits: 0,
            commas: 0,
            spaces: 0,
        };
        for (i, &c) in a.iter().enumerate() {
            m.digits |= u64::from(c.is_ascii_digit()) << i;
            m.commas |= u64::from(c == b',') << i;
            m.spaces |= u64::from(c == b' ') << i;
        }
        m
    }
}

/// The comma and space masks of 32 bytes (bit `i` for `a[i]`), as
/// [`list_masks`] has them (inlined, its unused digit compares are left
/// out).
#[inline(always)]
pub(super) fn comma_space_masks(a: &[u8; 32]) -> (u64, u64) {
    let m = list_masks(a);
    (m.commas, m.spaces)
}

/// Read the digit run at `input[i..]` into `w` (up to MAX_DIGITS in all,
/// counted in `nd`); returns the position after the run and how many
/// digits of it did not fit.
#[inline(always)]
fn digits(input: &[u8], mut i: usize, w: &mut u64, nd: &mut u32) -> (usize, usize) {
    // Eight bytes at a time while they are there and the digits fit.
    while let Some(chunk) = input.get(i..).and_then(|s| s.first_chunk::<8>()) {
        let v = u64::from_le_bytes(*chunk);
        let k = digit_count8(v);
        if *nd as usize + k > MAX_DIGITS as usize {
            break;
        }
        if k > 0 {
            let scale = POW10_U64.get(k).copied().unwrap_or(1);
            *w = *w * scale + digits_value(v, k);
            *nd += k as u32;
            i += k;
        }
        if k < 8 {
            return (i, 0);
        }
    }
    // The last few bytes of the input, or more digits than `w` holds.
    let mut extra = 0;
    while let Some(&c) = input.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if *nd < MAX_DIGITS {
            *w = *w * 10 + u64::from(d);
            *nd += 1;
        } else {
            extra += 1;
        }
        i += 1;
    }
    (i, extra)
}

/// Bytes [`quick`] may look at: a sign, two 8-byte integer chunks, the
/// dot, two 8-byte fraction chunks and the byte after them (34), rounded up.
const QUICK_SPAN: usize = 40;

/// Eight bytes of `a` from `at` (first in the low byte); `at` is clamped
/// so the read stays inside `a` (callers never pass more than 32).
#[inline(always)]
fn load8(a: &[u8; QUICK_SPAN], at: usize) -> u64 {
    let at = at.min(QUICK_SPAN - 8);
    let mut v = [0u8; 8];
    v.copy_from_slice(&a[at..at + 8]);
    u64::from_le_bytes(v)
}

/// `w * 10^k + digits_value(v, k)` for `k` in 0..=8 (`k` = 0 leaves `w`).
#[inline(always)]
fn append(w: u64, v: u64, k: usize) -> u64 {
    if k == 0 {
        w
    } else {
        w * POW10_U64[k & 15] + digits_value(v, k)
    }
}

/// How many digits follow the dot at `a[i]` (`i <= 16`), up to 16 (16:
/// 16 or more): on x86_64 one SSE2 compare of the sixteen bytes after the
/// dot (part of the baseline: no dispatch), elsewhere [`digit_count8`]
/// on one or two words. On x86_64 [`quick`] takes [`fraction_digits`]
/// (the count and the bytes); this serves the other targets and the tests.
#[inline(always)]
#[cfg_attr(all(target_arch = "x86_64", not(miri)), allow(dead_code))]
fn fraction_len(a: &[u8; QUICK_SPAN], i: usize) -> usize {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        fraction_digits(a, i).0
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        // i + 1 <= 17: the clamp never moves the read, it only bounds it.
        let at = (i + 1).min(QUICK_SPAN - 16);
        let f1 = digit_count8(load8(a, at));
        if f1 < 8 {
            f1
        } else {
            8 + digit_count8(load8(a, at + 8))
        }
    }
}

/// Sixteen bytes minus `'0'`, and the lanes that are ASCII digits (0xFF):
/// a digit is a byte that `- '0'` takes to 0..=9, unsigned (x86_64, SSE2).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn digit_lanes(
    v: core::arch::x86_64::__m128i,
) -> (core::arch::x86_64::__m128i, core::arch::x86_64::__m128i) {
    use core::arch::x86_64::{_mm_cmpeq_epi8, _mm_min_epu8, _mm_set1_epi8, _mm_sub_epi8};
    // SAFETY: SSE2 is part of x86_64; register operations only.
    unsafe {
        let t = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
        (t, _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(9)), t))
    }
}

/// [`fraction_len`] on x86_64, and the sixteen bytes after the dot minus
/// `'0'` (what [`fraction16`] converts): one SSE2 compare (part of the
/// baseline: no dispatch).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn fraction_digits(a: &[u8; QUICK_SPAN], i: usize) -> (usize, core::arch::x86_64::__m128i) {
    use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8};
    // i + 1 <= 17: the clamp never moves the read, it only bounds it.
    let at = (i + 1).min(QUICK_SPAN - 16);
    let bytes = &a[at..at + 16];
    // SAFETY: SSE2 is part of x86_64; the load reads the 16 bytes of
    // `bytes`.
    unsafe {
        let (t, d) = digit_lanes(_mm_loadu_si128(bytes.as_ptr().cast::<__m128i>()));
        let digits = _mm_movemask_epi8(d) as u32;
        // Bit 16 is clear in `digits`: the count stops there.
        ((!digits).trailing_zeros() as usize, t)
    }
}

/// The first `f` (1..=16) digits of `t` (the sixteen bytes after the dot
/// minus `'0'`, from [`fraction_digits`]) as a 16-digit integer, zeros after them (`.25` gives 2500000000000000): the
/// fraction's exact value times 10^16, so no shift by `f` is needed
/// (x86_64 only: [`digits16`]).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn fraction16(t: core::arch::x86_64::__m128i, f: usize) -> u64 {
    // SAFETY: SSE2 is part of x86_64; register operations only.
    unsafe { digits16(core::arch::x86_64::_mm_and_si128(t, keep_first(f))) }
}

/// Sixteen 0xFF bytes, then sixteen zeros: from `16 - f` on, the mask
/// that keeps the first `f` bytes ([`keep_first`]).
#[cfg(all(target_arch = "x86_64", not(miri)))]
static KEEP: [u8; 32] = {
    let mut k = [0u8; 32];
    let mut j = 0;
    while j < 16 {
        k[j] = 0xFF;
        j += 1;
    }
    k
};

/// A mask of the first `f` (at most 16) of sixteen lanes (x86_64, SSE2).
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn keep_first(f: usize) -> core::arch::x86_64::__m128i {
    let f = f.min(16);
    let keep = &KEEP[16 - f..32 - f];
    // SAFETY: SSE2 is part of x86_64; the load reads the 16 bytes of
    // `keep`.
    unsafe { core::arch::x86_64::_mm_loadu_si128(keep.as_ptr().cast()) }
}

/// Sixteen digit values (0..=9, the first in the low byte) as one
/// 16-digit integer: digits become pairs, pairs quads and quads eights in
/// three vector steps (SSE2, part of the x86_64 baseline); the two eights
/// are joined as integers.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn digits16(d: core::arch::x86_64::__m128i) -> u64 {
    use core::arch::x86_64::{
        _mm_add_epi16, _mm_add_epi64, _mm_and_si128, _mm_cvtsi128_si64, _mm_madd_epi16,
        _mm_mul_epu32, _mm_mullo_epi16, _mm_set1_epi16, _mm_set1_epi32, _mm_set1_epi64x,
        _mm_srli_epi16, _mm_srli_epi64, _mm_srli_si128,
    };
    // SAFETY: SSE2 is part of x86_64; register operations only.
    unsafe {
        // Pairs: the first digit of each is the low byte (times 10).
        let p = _mm_add_epi16(
            _mm_mullo_epi16(_mm_and_si128(d, _mm_set1_epi16(0xFF)), _mm_set1_epi16(10)),
            _mm_srli_epi16(d, 8),
        );
        // Quads: the first pair of each is the low half (times 100).
        let q = _mm_madd_epi16(p, _mm_set1_epi32((1 << 16) | 100));
        // Eights: the first quad of each is the low half (times 10,000).
        let e = _mm_add_epi64(
            _mm_mul_epu32(q, _mm_set1_epi64x(10_000)),
            _mm_srli_epi64(q, 32),
        );
        let hi = _mm_cvtsi128_si64(e) as u64;
        let lo = _mm_cvtsi128_si64(_mm_srli_si128(e, 8)) as u64;
        hi * 100_000_000 + lo
    }
}

/// A double token `-?(0|[1-9][0-9]*)\.[0-9]+` of `len` bytes (3 to 16)
/// at the end of `head` (its end is known: a list's comma found it): its
/// value; `None` for any other token or length (an integer, an exponent,
/// a leading zero, no digit on one side of the dot, any other byte),
/// which the caller then parses as usual. Such a token has at most 15
/// digits, so they are an exact double, and so is the power of ten of its
/// at most 14 fraction digits: one division rounds once, correctly, as
/// zend_strtod does. On x86_64 (SSE2, the baseline) the bytes are
/// checked by three masks, the dot is closed up by one byte shift, and
/// the digits are valued as in [`fraction16`]: no per-digit step and no
/// digit count; elsewhere `None` (the usual parse).
#[inline(always)]
pub fn ended_double(head: &[u8], len: usize) -> Option<f64> {
    #[cfg(feature = "number-probe")]
    if PROBE_SKIP_VALUES.load(core::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    // The shortest such token is `0.0`.
    if len.wrapping_sub(3) > 13 {
        return None;
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        ended_double_sse2(head.last_chunk::<16>()?, len)
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        let _ = head;
        None
    }
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn ended_double_sse2(tail: &[u8; 16], len: usize) -> Option<f64> {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_slli_si128,
    };
    // len in 3..=16 (the caller's check).
    let start = 16 - len;
    let neg = tail[start] == b'-';
    // The first lane of the integer part.
    let first = start + usize::from(neg);
    let body = (0xFFFF_u32 << first) & 0xFFFF;
    // SAFETY: SSE2 is part of x86_64; the load reads the 16 bytes of
    // `tail`.
    unsafe {
        let raw = _mm_loadu_si128(tail.as_ptr().cast::<__m128i>());
        let (t, d) = digit_lanes(raw);
        let digits = _mm_movemask_epi8(d) as u32;
        let dots = _mm_movemask_epi8(_mm_cmpeq_epi8(raw, _mm_set1_epi8(b'.' as i8))) as u32 & body;
        // The body is digits and one dot, with digits on both sides of it.
        let p = dots.trailing_zeros() as usize;
        if (digits | dots) & body != body
            || dots & dots.wrapping_sub(1) != 0
            || p <= first
            || p >= 15
        {
            return None;
        }
        // `0` is a whole integer part only (first < p < 15 here).
        if tail[first] == b'0' && p != first + 1 {
            return None;
        }
        // The integer digits move one lane on, over the dot: lane j takes
        // lane j - 1 for j in first + 1..=p; the fraction stays in p + 1..16;
        // every other lane is 0.
        let (below_int, to_dot) = (keep_first(first + 1), keep_first(p + 1));
        let d = _mm_or_si128(
            _mm_and_si128(_mm_slli_si128(t, 1), _mm_andnot_si128(below_int, to_dot)),
            _mm_andnot_si128(to_dot, t),
        );
        // At most 15 digits (below 2^53) over 10^(15 - p) (at most 10^14):
        // both exact doubles.
        let v = digits16(d) as i64 as f64 / POW10_F64[15 - p];
        Some(if neg { -v } else { v })
    }
}

/// What [`quick`] read: the token's length and its value.
enum Quick {
    /// An integer token of at most 15 digits (it always fits).
    Int(i64, usize),
    /// A double token: its value.
    Double(f64, usize),
}

/// The common number shapes, from a window of [`QUICK_SPAN`] bytes: an
/// integer part of at most 15 digits, an optional fraction of at most 16
/// digits, at most 19 digits in all and no exponent. Digits are read eight
/// at a time into `w`; the value is `w * 10^-f` (`f` fraction digits,
/// leading zeros included: they only make `w` smaller). `None` for
/// anything else (no number, an exponent, more digits, a value the
/// interval check cannot decide): the general scan then starts over.
#[inline(always)]
fn quick(a: &[u8; QUICK_SPAN]) -> Option<Quick> {
    let neg = a[0] == b'-';
    let s = usize::from(neg);
    let v1 = load8(a, s);
    let k1 = digit_count8(v1);
    if k1 == 0 {
        return None;
    }
    let (w, n) = if v1 & 0xFF == u64::from(b'0') {
        // `0` is the whole integer part (`01` matches `0`).
        (0, 1)
    } else if k1 < 8 {
        (digits_value(v1, k1), k1)
    } else {
        let v2 = load8(a, s + 8);
        let k2 = digit_count8(v2);
        if k2 == 8 {
            return None;
        }
        (append(digits_value(v1, 8), v2, k2), 8 + k2)
    };
    let i = s + n;
    let c = a[i.min(QUICK_SPAN - 1)];
    if c == b'.' {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        let (f, t) = fraction_digits(a, i);
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        let f = fraction_len(a, i);
        if f > 0 {
            // Every digit count is checked before it is appended: `w`
            // never holds more than MAX_DIGITS digits.
            if f > 15 || n + f > MAX_DIGITS as usize {
                return None;
            }
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            if f > 8 && n <= 3 {
                // More fraction digits than one eight-digit step takes,
                // at most 3 integer digits: the integer part times 10^16
                // plus the fraction as 16 digits has at most 18 digits,
                // exact in a u64, and the value is that times 10^-16.
                let j = i + 1 + f;
                if a[j.min(QUICK_SPAN - 1)] | 0x20 == b'e' {
                    return None;
                }
                let w = w * 10_000_000_000_000_000 + fraction16(t, f);
                let v = if w <= EXACT_INT_LIMIT {
                    // Both exact doubles: one correctly rounded division.
                    w as f64 / 1e16
                } else {
                    wide::to_f64(w, -16)?
                };
                return Some(Quick::Double(if neg { -v } else { v }, j));
            }
            let v3 = load8(a, i + 1);
            let w = if f < 8 {
                append(w, v3, f)
            } else {
                append(append(w, v3, 8), load8(a, i + 9), f - 8)
            };
            let j = i + 1 + f;
            if a[j.min(QUICK_SPAN - 1)] | 0x20 == b'e' {
                return None;
            }
            let v = if w <= EXACT_INT_LIMIT {
                // Both exact doubles (f <= 19 <= 22): one correctly
                // rounded division. 0 stays 0 (-0.0 with the sign).
                w as f64 / POW10_F64[f.min(22)]
            } else {
                wide::to_f64(w, -(f as i64))?
            };
            return Some(Quick::Double(if neg { -v } else { v }, j));
        }
    } else if c | 0x20 == b'e' {
        return None;
    }
    // At most 15 digits: the int always fits; -0 is 0.
    let v = w as i64;
    Some(Quick::Int(if neg { -v } else { v }, i))
}

/// Scan the longest number match at the start of `input` and value it in
/// the same pass: `Some((value, length))`, or `None` when no number starts
/// there (see [`match_len`]). `bigint_as_string` is
/// `flags & JSON_BIGINT_AS_STRING != 0`.
#[inline(always)]
pub fn parse_prefix(input: &[u8], bigint_as_string: bool) -> Option<(Number<'_>, usize)> {
    #[cfg(feature = "number-probe")]
    if PROBE_SKIP_VALUES.load(core::sync::atomic::Ordering::Relaxed) {
        return probe_prefix(input);
    }
    if let Some(a) = input.first_chunk::<QUICK_SPAN>() {
        match quick(a) {
            Some(Quick::Double(v, len)) => return Some((Number::Double(v), len)),
            Some(Quick::Int(v, len)) => return Some((Number::Int(v), len)),
            None => {}
        }
    }
    parse_general(input, bigint_as_string)
}

/// Measurement builds only (`number-probe`): while set, [`parse_prefix`]
/// scans each token's length and values every number as `0.0`, so that a
/// decode's time without number conversion can be measured (the rest of
/// the parser and the values built are unchanged in shape).
#[cfg(feature = "number-probe")]
pub static PROBE_SKIP_VALUES: core::sync::atomic::AtomicBool =
    core::sync::atomic::AtomicBool::new(false);

/// [`parse_prefix`] under [`PROBE_SKIP_VALUES`]: the match's length (eight
/// bytes at a time over digit runs), no value.
#[cfg(feature = "number-probe")]
#[inline(always)]
fn probe_prefix(input: &[u8]) -> Option<(Number<'_>, usize)> {
    let neg = usize::from(input.first() == Some(&b'-'));
    if !input.get(neg).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut i = crate::scan::skip_digits(input, neg);
    if input.get(i) == Some(&b'.') && input.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i = crate::scan::skip_digits(input, i + 1);
    }
    if matches!(input.get(i), Some(b'e' | b'E')) {
        return parse_general(input, false);
    }
    Some((Number::Double(0.0), i))
}

/// [`parse_prefix`] for any token: the digits beyond what `w` holds, the
/// exponent, the 19-digit rule, the last bytes of the input.
#[inline(never)]
fn parse_general(input: &[u8], bigint_as_string: bool) -> Option<(Number<'_>, usize)> {
    let neg = input.first() == Some(&b'-');
    let int_start = usize::from(neg);
    // Significant digits (at most MAX_DIGITS of them) as `w`, times 10^e10;
    // `many` when more digits exist than `w` holds.
    let mut w: u64 = 0;
    let mut nd: u32 = 0;
    let (mut i, int_extra) = match input.get(int_start) {
        Some(b'0') => (int_start + 1, 0),
        Some(b'1'..=b'9') => digits(input, int_start, &mut w, &mut nd),
        _ => return None,
    };
    let int_digits = i - int_start;
    // Integer digits past MAX_DIGITS scale the ones kept.
    let mut many = int_extra > 0;
    let mut e10 = int_extra as i64;
    let mut is_double = false;

    if input.get(i) == Some(&b'.') && input.get(i + 1).is_some_and(u8::is_ascii_digit) {
        is_double = true;
        i += 1;
        if w == 0 {
            // Leading zeros of `0.000123` only scale.
            while input.get(i) == Some(&b'0') {
                e10 -= 1;
                i += 1;
            }
        }
        let before = nd;
        let (end, extra) = digits(input, i, &mut w, &mut nd);
        many |= extra > 0;
        e10 -= i64::from(nd - before);
        i = end;
    }

    if matches!(input.get(i), Some(b'e' | b'E')) {
        let (eneg, sign_len) = match input.get(i + 1) {
            Some(b'-') => (true, 1),
            Some(b'+') => (false, 1),
            _ => (false, 0),
        };
        let mut j = i + 1 + sign_len;
        if input.get(j).is_some_and(u8::is_ascii_digit) {
            is_double = true;
            let mut exp: i64 = 0;
            while let Some(&c) = input.get(j) {
                let d = c.wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                if exp < EXP_CAP {
                    exp = exp * 10 + i64::from(d);
                }
                j += 1;
            }
            e10 += if eneg { -exp } else { exp };
            i = j;
        }
    }

    // `i` only ever advanced over bytes of `input`.
    let token = input.get(..i).unwrap_or(input);
    if !is_double {
        let fits = match int_digits {
            n if n < INT_MAX_LENGTH => true,
            INT_MAX_LENGTH => w < LONG_MIN_DIGITS || (w == LONG_MIN_DIGITS && neg),
            _ => false,
        };
        if fits {
            // w <= 2^63; `0 - w` wraps to i64::MIN exactly for w == 2^63.
            let v = if neg { 0u64.wrapping_sub(w) } else { w };
            return Some((Number::Int(v as i64), i));
        }
        if bigint_as_string {
            return Some((Number::BigIntString(token), i));
        }
    }
    Some((Number::Double(to_f64(neg, w, e10, many, token)), i))
}

/// The value of one whole number token (`token` must be exactly one match
/// of the number grammar, as the scanner hands it over). Not a number, or
/// trailing bytes: the value of the longest prefix match, or `Int(0)` when
/// there is none; never a panic.
#[inline]
pub fn parse(token: &[u8], bigint_as_string: bool) -> Number<'_> {
    match parse_prefix(token, bigint_as_string) {
        Some((n, _)) => n,
        None => Number::Int(0),
    }
}

/// `zend_strtod(token)` for a token whose significant digits are `w`
/// (exactly, unless `many`) times 10^`e10`.
#[inline(always)]
fn to_f64(neg: bool, w: u64, e10: i64, many: bool, token: &[u8]) -> f64 {
    let v = if !many {
        fast_path(w, e10).or_else(|| wide::to_f64(w, e10))
    } else {
        // The true digits lie between w and w + 1 (w + 1 <= 10^19 < 2^64).
        match (wide::to_f64(w, e10), wide::to_f64(w + 1, e10)) {
            (Some(a), Some(b)) if a.to_bits() == b.to_bits() => Some(a),
            _ => None,
        }
    };
    match v {
        Some(v) if neg => -v,
        Some(v) => v,
        None => slow_path(token),
    }
}

/// Clinger's fast path: exact when `w` and the power of ten are both exact
/// doubles, because then the one operation rounds once, correctly.
#[inline(always)]
fn fast_path(w: u64, e10: i64) -> Option<f64> {
    if w == 0 {
        // Zero digits are zero whatever the exponent (0e999, 0.0e-999).
        return Some(0.0);
    }
    if w > EXACT_INT_LIMIT {
        return None;
    }
    let f = w as f64;
    if (0..=22).contains(&e10) {
        POW10_F64.get(e10 as usize).map(|p| f * p)
    } else if (-22..0).contains(&e10) {
        POW10_F64.get((-e10) as usize).map(|p| f / p)
    } else if (23..=22 + 15).contains(&e10) {
        // w * 10^(e10-22) may still be an exact integer below 2^53.
        let scaled = POW10_U64
            .get((e10 - 22) as usize)
            .and_then(|p| w.checked_mul(*p))?;
        if scaled > EXACT_INT_LIMIT {
            return None;
        }
        Some(scaled as f64 * 1e22)
    } else {
        None
    }
}

/// The correctly rounded value of a matched token, through core's parser.
#[inline(never)]
fn slow_path(token: &[u8]) -> f64 {
    debug_assert!(token.is_ascii());
    // SAFETY: `token` is a prefix of the input that `parse_prefix` matched
    // byte by byte against the number grammar: only `-`, `+`, `.`, `e`,
    // `E` and digits, all ASCII, so it is valid UTF-8.
    let text = unsafe { core::str::from_utf8_unchecked(token) };
    // Grammar tokens are always accepted by core's parser; NaN is unreachable.
    text.parse::<f64>().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> f64 {
        match parse(s.as_bytes(), false) {
            Number::Double(v) => v,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn short_int_comma_is_parse_prefix_on_its_shape() {
        // Every 8-byte window over a small alphabet around the shape:
        // where short_int_comma answers, parse_prefix gives the same int
        // and length, and a comma follows; where the shape holds, it
        // answers.
        let alpha = b"0159,-.e ]";
        let mut idx = [0usize; 8];
        let mut taken = 0;
        loop {
            let mut w = [0u8; 8];
            for (b, &i) in w.iter_mut().zip(&idx) {
                *b = alpha[i];
            }
            let k = w.iter().take_while(|c| c.is_ascii_digit()).count();
            let shape = (1..=7).contains(&k) && w[k] == b',' && (k == 1 || w[0] != b'0');
            match short_int_comma(w) {
                Some((v, len)) => {
                    assert!(shape, "{w:?}");
                    assert_eq!(
                        parse_prefix(&w, false),
                        Some((Number::Int(v), len)),
                        "{w:?}"
                    );
                    assert_eq!(len, k);
                    taken += 1;
                }
                None => assert!(!shape, "{w:?}"),
            }
            let mut j = 0;
            while j < 8 {
                idx[j] += 1;
                if idx[j] < alpha.len() {
                    break;
                }
                idx[j] = 0;
                j += 1;
            }
            if j == 8 {
                break;
            }
        }
        assert!(taken > 100_000, "{taken}");
    }

    /// The shape [`ended_double`] takes: `-?(0|[1-9][0-9]*)\.[0-9]+`.
    fn is_short_double(t: &[u8]) -> bool {
        let b = t.strip_prefix(b"-").unwrap_or(t);
        let Some(p) = b.iter().position(|&c| c == b'.') else {
            return false;
        };
        let (int, frac) = (&b[..p], &b[p + 1..]);
        !int.is_empty()
            && !frac.is_empty()
            && int.iter().chain(frac).all(u8::is_ascii_digit)
            && (int.len() == 1 || int[0] != b'0')
    }

    /// [`ended_double`] of `token` at the end of `before` + `token`: where
    /// it answers, the shape holds and parse_prefix (with a comma after the
    /// token) gives the same double, bit for bit, and the token's length;
    /// where the shape holds in at most 16 bytes, it answers (on x86_64).
    fn check_ended(before: &[u8], token: &[u8]) -> bool {
        let mut head = before.to_vec();
        head.extend_from_slice(token);
        let got = ended_double(&head, token.len());
        let shape = is_short_double(token);
        let mut with_comma = token.to_vec();
        with_comma.push(b',');
        match got {
            Some(v) => {
                assert!(shape, "{:?}", String::from_utf8_lossy(token));
                let Some((Number::Double(want), len)) = parse_prefix(&with_comma, false) else {
                    panic!("{:?}", String::from_utf8_lossy(token));
                };
                assert_eq!(len, token.len(), "{:?}", String::from_utf8_lossy(token));
                assert_eq!(
                    v.to_bits(),
                    want.to_bits(),
                    "{:?}",
                    String::from_utf8_lossy(token)
                );
                true
            }
            None => {
                #[cfg(all(target_arch = "x86_64", not(miri)))]
                assert!(
                    !(shape && token.len() <= 16 && head.len() >= 16),
                    "{:?}",
                    String::from_utf8_lossy(token)
                );
                false
            }
        }
    }

    #[test]
    fn ended_double_is_parse_prefix_on_its_shape() {
        // Every token of 0-6 bytes over an alphabet around the shape,
        // after bytes that look like a number's (they must not matter).
        let alpha = b"0159.-e,";
        let before = b"-12.5e-0,7.0";
        let mut taken = 0;
        for n in 0..=6u32 {
            for code in 0..alpha.len().pow(n) {
                let mut c = code;
                let token: Vec<u8> = (0..n)
                    .map(|_| {
                        let b = alpha[c % alpha.len()];
                        c /= alpha.len();
                        b
                    })
                    .collect();
                taken += usize::from(check_ended(before, &token));
            }
        }
        assert!(taken > 2_000, "{taken}");
        // Random tokens of 1-20 bytes: the shape (integer parts of 1-8
        // digits, fractions of 1-15), some with one byte replaced, after
        // random bytes; and the input's start (fewer than 16 bytes).
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let noise = b"0123456789.-eE+ ,x";
        let mut taken = 0;
        for _ in 0..400_000 {
            let r = next();
            let mut t = Vec::new();
            if r & 1 != 0 {
                t.push(b'-');
            }
            let ni = 1 + (r >> 1) % 8;
            for k in 0..ni {
                let dg = (next() % 10) as u8;
                // A leading zero now and then.
                t.push(if k == 0 && dg == 0 && r >> 62 != 0 {
                    b'7'
                } else {
                    b'0' + dg
                });
            }
            t.push(b'.');
            for _ in 0..1 + (r >> 5) % 15 {
                t.push(b'0' + (next() % 10) as u8);
            }
            if (r >> 10) % 4 == 0 {
                let at = (next() as usize) % t.len();
                t[at] = noise[(next() as usize) % noise.len()];
            }
            let nb = if (r >> 14) % 8 == 0 {
                (r >> 20) as usize % 16
            } else {
                16
            };
            let before: Vec<u8> = (0..nb)
                .map(|_| noise[(next() as usize) % noise.len()])
                .collect();
            taken += usize::from(check_ended(&before, &t));
        }
        assert!(taken > 100_000, "{taken}");
        // Lengths outside 3..=16 are never taken.
        assert_eq!(ended_double(b"0000000000001.25", 17), None);
        assert_eq!(ended_double(b"000000000000001.", 2), None);
    }

    #[test]
    fn integers_and_the_19_digit_rule() {
        assert_eq!(parse(b"0", false), Number::Int(0));
        assert_eq!(parse(b"-0", false), Number::Int(0));
        assert_eq!(parse(b"9223372036854775807", false), Number::Int(i64::MAX));
        assert_eq!(parse(b"-9223372036854775808", false), Number::Int(i64::MIN));
        assert_eq!(
            parse(b"9223372036854775808", true),
            Number::BigIntString(b"9223372036854775808")
        );
        assert_eq!(
            parse(b"-9223372036854775809", true),
            Number::BigIntString(b"-9223372036854775809")
        );
        assert_eq!(
            parse(b"9223372036854775808", false),
            Number::Double(9223372036854775808.0)
        );
        assert_eq!(
            parse(b"1000000000000000000", false),
            Number::Int(1_000_000_000_000_000_000)
        );
        assert_eq!(
            parse(b"10000000000000000000", true),
            Number::BigIntString(b"10000000000000000000")
        );
    }

    #[test]
    fn doubles() {
        assert_eq!(d("-0.0").to_bits(), (-0.0f64).to_bits());
        assert_eq!(d("-0e999").to_bits(), (-0.0f64).to_bits());
        assert_eq!(d("0.0e-999").to_bits(), 0);
        assert_eq!(d("1E400"), f64::INFINITY);
        assert_eq!(d("-1e400"), f64::NEG_INFINITY);
        assert_eq!(d("1e-400"), 0.0);
        assert_eq!(d("1.5"), 1.5);
        assert_eq!(d("4.9406564584124654e-324").to_bits(), 1);
        assert_eq!(d("2.4703282292062327e-324").to_bits(), 0);
        assert_eq!(d("2.4703282292062328e-324").to_bits(), 1);
        assert_eq!(d("1.7976931348623157e308"), f64::MAX);
        assert_eq!(d("1.7976931348623159e308"), f64::INFINITY);
        assert_eq!(d("1e99999999999999999999999"), f64::INFINITY);
        assert_eq!(d("1e23"), 1e23);
        assert_eq!(d("9007199254740993.0"), 9007199254740992.0);
        assert_eq!(d("123e30"), 123e30);
    }

    #[test]
    fn long_fractions_agree_with_the_general_scan() {
        // Integer parts of 0-4 digits, fractions of 1-20 digits, with and
        // without an exponent or a trailing byte, in a 40-byte window or
        // at the input's end: quick's route gives parse_general's value
        // and length, and the correctly rounded double.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..300_000 {
            let r = next();
            let mut t = String::new();
            if r & 1 != 0 {
                t.push('-');
            }
            let ni = (r >> 1) % 5;
            if ni == 0 || r >> 60 == 0 {
                t.push('0');
            } else {
                t.push(char::from(b'1' + ((r >> 8) % 9) as u8));
                for k in 1..ni {
                    t.push(char::from(b'0' + ((r >> (12 + 4 * k)) % 10) as u8));
                }
            }
            t.push('.');
            let r2 = next();
            for k in 0..1 + r2 % 20 {
                t.push(char::from(b'0' + ((r2 >> (5 + k)) % 10) as u8));
            }
            match next() % 6 {
                0 => t.push_str("e-3"),
                1 => t.push(','),
                2 => t.push_str("]  "),
                3 => t.push_str(&" ".repeat(40)),
                _ => {}
            }
            let b = t.as_bytes();
            let got = parse_prefix(b, false);
            let want = parse_general(b, false);
            assert_eq!(got, want, "{t}");
            if let Some((Number::Double(v), len)) = got {
                let exact: f64 = t[..len].parse().unwrap();
                assert_eq!(v.to_bits(), exact.to_bits(), "{t}");
            }
        }
    }

    #[test]
    fn digit_count8_is_the_digit_run() {
        // Every byte value at every position after a run of digits, with
        // the bytes above it random (they must not matter).
        let mut x = 0x0123_4567_89AB_CDEFu64;
        for pos in 0..8 {
            for b in 0..=255u8 {
                for _ in 0..16 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let mut bytes = x.to_le_bytes();
                    for (k, byte) in bytes.iter_mut().enumerate().take(pos) {
                        *byte = b'0' + ((x >> (4 * k)) % 10) as u8;
                    }
                    bytes[pos] = b;
                    let want = if b.is_ascii_digit() {
                        pos + 1
                            + bytes[pos + 1..]
                                .iter()
                                .take_while(|c| c.is_ascii_digit())
                                .count()
                    } else {
                        pos
                    };
                    assert_eq!(digit_count8(u64::from_le_bytes(bytes)), want, "{bytes:?}");
                }
            }
        }
    }

    #[test]
    fn list_masks_classify_every_byte() {
        // Every byte value at every position, among others of the
        // classes the masks separate (and their neighbours '/', ':', '+').
        let fill = b"0 9,/:+-\x80\xff";
        let mut seed = 0x5eed_u64;
        for v in 0..=255u8 {
            for at in 0..32 {
                let mut a = [0u8; 32];
                for c in a.iter_mut() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    *c = fill[(seed % fill.len() as u64) as usize];
                }
                a[at] = v;
                let m = list_masks(&a);
                for (i, &c) in a.iter().enumerate() {
                    assert_eq!((m.digits >> i) & 1 == 1, c.is_ascii_digit(), "{a:?} {i}");
                    assert_eq!((m.commas >> i) & 1 == 1, c == b',', "{a:?} {i}");
                    assert_eq!((m.spaces >> i) & 1 == 1, c == b' ', "{a:?} {i}");
                }
                assert_eq!((m.digits | m.commas | m.spaces) >> 32, 0);
                assert_eq!(comma_space_masks(&a), (m.commas, m.spaces));
            }
        }
    }

    #[test]
    fn fraction_len_counts_up_to_16() {
        // Every dot position, every fraction length 0-17, every byte
        // value after it, the rest digits: the digit run capped at 16.
        for i in 0..=16usize {
            for f in 0..=17usize {
                for b in 0..=255u8 {
                    let mut a = [b'7'; QUICK_SPAN];
                    a[i] = b'.';
                    if i + 1 + f < QUICK_SPAN {
                        a[i + 1 + f] = b;
                    }
                    let run = a[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                    assert_eq!(fraction_len(&a, i), run.min(16), "i={i} f={f} b={b}");
                }
            }
        }
    }

    #[test]
    fn match_lengths() {
        for (s, n) in [
            ("0", 1),
            ("01", 1),
            ("-", 0),
            ("-x", 0),
            ("x", 0),
            ("", 0),
            ("1.", 1),
            ("1.5", 3),
            ("1e", 1),
            ("1e+", 1),
            ("1e+5", 4),
            ("1.5E-07,", 7),
            ("-0.0e0]", 6),
            (".5", 0),
            ("12a", 2),
        ] {
            assert_eq!(match_len(s.as_bytes()), n, "{s}");
            assert_eq!(
                parse_prefix(s.as_bytes(), false).map_or(0, |(_, l)| l),
                n,
                "{s}"
            );
        }
    }
}
