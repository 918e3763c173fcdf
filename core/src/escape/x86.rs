//! SSE2 (x86_64 baseline) and AVX2 (runtime-detected) scanners.
//!
//! One step loads a block, stores it blindly at the output position (the
//! room invariant guarantees the space, see `kernel`), and builds a
//! movemask of the bytes that need work:
//!
//! - `< 0x20` or `>= 0x80` in one *signed* compare: `(i8)b < 0x20`;
//! - `"`, `\`, and `/` (or `"` again under `JSON_UNESCAPED_SLASHES`):
//!   three compares (SSE2), or with AVX2 one shuffle by low nibble and one
//!   compare (`NIBBLE_STOPS`);
//! - with a `JSON_HEX_*` flag, 4 more compares for `<`, `>`, `&`, `'`
//!   (disabled ones repeat `"`); with AVX2 the same shuffle finds all but
//!   `<`, which shares its low nibble with `\`, and one more compare `<`.
//!
//! What happens with the mask is the kernel's business (`kernel.rs`: a clean
//! block advances, a dirty one is walked bit by bit). Tails never read past
//! the input: a string at least one
//! block long reloads its last block (overlapping) and shifts the done bytes
//! out of the mask; shorter strings fall to the next narrower step (AVX2 →
//! SSE2 → SWAR).
//!
//! Under `JSON_UNESCAPED_UNICODE` the AVX2 scanner also validates and copies
//! whole blocks of non-ASCII text ([`Scanner::utf8_blocks`], see
//! `utf8_blocks32`).

use super::mode::Flags;
use super::scan::{copy_lt16, copy_lt32, tail_from_last_block, Scanner};
use super::swar::{swar_ctx, SwarCtx};
use super::tables::{stop_bytes, ESC_NIBBLES};
use core::arch::x86_64::*;

/// SSE2 scanner; `HEX` adds the `<>&'` compares, `U3` (only at a level
/// with SSSE3) the SSSE3 runs of 3-byte sequences
/// ([`Scanner::u_escape_3byte_run`]). Without `U3`, nothing on its path
/// uses an instruction beyond SSE2.
pub(super) struct Sse2<const HEX: bool, const U3: bool>;

/// Compare vectors for SSE2, plus the SWAR constants for strings < 16 bytes.
pub(super) struct Sse2Ctx {
    v: [__m128i; 7],
    w: SwarCtx,
}

#[inline(always)]
fn sse2_ctx(stops: &[u8; 7]) -> Sse2Ctx {
    Sse2Ctx {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        v: stops.map(|b| unsafe { _mm_set1_epi8(b as i8) }),
        w: swar_ctx(stops),
    }
}

/// Bit k set iff byte k of `v` needs work.
#[inline(always)]
fn mask16<const HEX: bool>(c: &[__m128i; 7], v: __m128i) -> u32 {
    // SAFETY: SSE2 is part of the x86_64 baseline; value-only intrinsics.
    unsafe {
        let mut acc = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[0]));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[1]));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[2]));
        if HEX {
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[3]));
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[4]));
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[5]));
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, c[6]));
        }
        _mm_movemask_epi8(acc) as u32
    }
}

/// Whether `s`, shorter than 16 bytes, needs no escape without a
/// `JSON_HEX_*` flag other than `JSON_HEX_QUOT`: the bytes gathered into
/// one vector from at most two overlapping word loads (never past the
/// end), one mask; the third compared byte (`/`, or `"` under
/// `JSON_UNESCAPED_SLASHES`) given as a vector, built once per encode
/// (`EscapeMode::third`).
#[inline(always)]
pub(super) fn is_clean_lt16_third(s: &[u8], third: &[u8; 16]) -> bool {
    let n = s.len();
    debug_assert!(n < 16);
    let p = s.as_ptr();
    // SAFETY: every load lies within the n bytes of `s`.
    let (a, b) = unsafe {
        if n >= 8 {
            (
                core::ptr::read_unaligned(p.cast::<u64>()),
                core::ptr::read_unaligned(p.add(n - 8).cast::<u64>()),
            )
        } else if n >= 4 {
            let w = u64::from(core::ptr::read_unaligned(p.cast::<u32>()))
                | u64::from(core::ptr::read_unaligned(p.add(n - 4).cast::<u32>())) << 32;
            (w, w)
        } else if n > 0 {
            // The unused bytes are a clean letter.
            let w = u64::from(*p)
                | u64::from(*p.add(n >> 1)) << 8
                | u64::from(*p.add(n - 1)) << 16
                | 0x6161_6161_6100_0000;
            (w, w)
        } else {
            return true;
        }
    };
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe { dirty_mask_third(_mm_set_epi64x(b as i64, a as i64), third) == 0 }
}

/// One bit per byte of `v` that needs an escape, for the short checks:
/// below 0x20 or non-ASCII (signed compare), `"`, `\`, or the byte in
/// `third`.
///
/// # Safety
/// None beyond SSE2, which is part of the x86_64 baseline.
#[inline(always)]
unsafe fn dirty_mask_third(v: __m128i, third: &[u8; 16]) -> u32 {
    // SAFETY: SSE2; `third` is 16 bytes.
    unsafe {
        let mut acc = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8)));
        acc = _mm_or_si128(
            acc,
            _mm_cmpeq_epi8(v, _mm_loadu_si128(third.as_ptr().cast())),
        );
        _mm_movemask_epi8(acc) as u32
    }
}

/// [`is_clean_lt16_third`] of the last `n` bytes of `tail` (`n <= 16`), from
/// one load of all 16; the bytes before them are ignored.
#[inline(always)]
pub(super) fn is_clean_tail16(tail: &[u8; 16], n: usize, third: &[u8; 16]) -> bool {
    debug_assert!(n <= 16);
    // SAFETY: the load reads the 16 bytes of `tail`; SSE2 is part of the
    // x86_64 baseline.
    unsafe {
        let v = _mm_loadu_si128(tail.as_ptr().cast());
        dirty_mask_third(v, third) >> (16 - n) == 0
    }
}

/// A string of 1 to 15 bytes copied to the start of `buf` (the rest of
/// `buf` zero), and the mask of its bytes that need work under `flags`
/// (`JSON_HEX_*` included; bit k for byte k, none past the end): at most
/// two overlapping word loads, never past the end, one SSE2 mask, one
/// store.
#[inline(always)]
pub(super) fn load_mask_lt16(s: &[u8], third: &[u8; 16], flags: Flags, buf: &mut [u8; 32]) -> u32 {
    let n = s.len();
    debug_assert!((1..16).contains(&n));
    let p = s.as_ptr();
    // SAFETY: every load lies within the n bytes of `s`.
    let (lo, hi) = unsafe {
        if n >= 8 {
            let a = u64::from_le(core::ptr::read_unaligned(p.cast::<u64>()));
            let b = u64::from_le(core::ptr::read_unaligned(p.add(n - 8).cast::<u64>()));
            // Bytes 8.. of the string: the last word without the 16 - n
            // bytes it shares with the first (two shifts: 64 for n = 8).
            (a, (b >> (8 * (15 - n))) >> 8)
        } else if n >= 4 {
            let a = u64::from(u32::from_le(core::ptr::read_unaligned(p.cast::<u32>())));
            let b = u64::from(u32::from_le(core::ptr::read_unaligned(
                p.add(n - 4).cast::<u32>(),
            )));
            (a | (b << (8 * (n - 4))), 0)
        } else {
            let w = u64::from(*p)
                | u64::from(*p.add(n >> 1)) << (8 * (n >> 1))
                | u64::from(*p.add(n - 1)) << (8 * (n - 1));
            (w, 0)
        }
    };
    // SAFETY: SSE2 is part of the x86_64 baseline; the stores lie within
    // `buf`.
    let m = unsafe {
        let x = _mm_set_epi64x(hi as i64, lo as i64);
        _mm_storeu_si128(buf.as_mut_ptr().cast(), x);
        _mm_storeu_si128(buf.as_mut_ptr().add(16).cast(), _mm_setzero_si128());
        let mut m = dirty_mask_third(x, third);
        if flags.hex() {
            m |= hex_mask(x, hex_pairs(flags));
        }
        m
    };
    // The zero bytes past the end count as controls: dropped.
    m & ((1u32 << n) - 1)
}

/// The compare results of a string of 16 to 64 bytes
/// ([`load_16_to_64`]): 0xFF at each byte that needs work, in two or four
/// 16-byte vectors: `k[0]` its first 16 bytes, `k[3]` its last 16; above
/// 32 bytes also `k[1]` bytes 16 to 31 and `k[2]` the 16 bytes before the
/// last 16 (at 32 bytes or less these two repeat `k[0]` and `k[3]`).
/// (Only the results are kept: the bytes are loaded again by the path that
/// needs them, which costs less than keeping them in registers through the
/// common, clean, case.)
#[derive(Clone, Copy)]
pub(super) struct Dirt16To64 {
    k: [__m128i; 4],
    /// The loads or-ed together: bit 7 of a byte set when a byte of the
    /// string is `>= 0x80`.
    or: __m128i,
}

/// The compare results of `s`, 16 to 64 bytes long ([`Dirt16To64`]: two
/// or four overlapping loads, never past the end), compared as by
/// [`dirty_mask_third`] and, with `HEX` (which must be `flags.hex()`),
/// [`hex_mask`].
#[inline(always)]
pub(super) fn dirt_16_to_64<const HEX: bool>(
    s: &[u8],
    third: &[u8; 16],
    flags: Flags,
) -> Dirt16To64 {
    let n = s.len();
    debug_assert!((16..=64).contains(&n) && HEX == flags.hex());
    let p = s.as_ptr();
    let pairs = hex_pairs(flags);
    // SAFETY: SSE2 is part of the x86_64 baseline; every load lies within
    // the n >= 16 (for the middle two, n > 32) bytes of `s`; `third` and
    // the pairs are 16 bytes each.
    unsafe {
        let t = _mm_loadu_si128(third.as_ptr().cast());
        let k = |v: __m128i| {
            let mut acc = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)));
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8)));
            acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, t));
            if HEX {
                for pair in pairs {
                    acc = _mm_or_si128(
                        acc,
                        _mm_cmpeq_epi8(
                            _mm_or_si128(v, _mm_loadu_si128(pair[0].as_ptr().cast())),
                            _mm_loadu_si128(pair[1].as_ptr().cast()),
                        ),
                    );
                }
            }
            acc
        };
        let a = _mm_loadu_si128(p.cast());
        let d = _mm_loadu_si128(p.add(n - 16).cast());
        let (ka, kd) = (k(a), k(d));
        if n > 32 {
            let b = _mm_loadu_si128(p.add(16).cast());
            let c = _mm_loadu_si128(p.add(n - 32).cast());
            Dirt16To64 {
                k: [ka, k(b), k(c), kd],
                or: _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d)),
            }
        } else {
            Dirt16To64 {
                k: [ka, ka, kd, kd],
                or: _mm_or_si128(a, d),
            }
        }
    }
}

/// The bits of the four vectors `w`, laid out as [`Dirt16To64::k`], for a
/// string of `n` bytes (16 to 64): bit i for byte i.
#[inline(always)]
fn bits_16_to_64(w: [__m128i; 4], n: usize) -> u64 {
    debug_assert!((16..=64).contains(&n));
    // SAFETY: SSE2 is part of the x86_64 baseline; value-only intrinsics.
    unsafe {
        let h = |v: __m128i| u64::from(_mm_movemask_epi8(v) as u32);
        let [a, b, c, d] = w;
        let mut m = h(a) | h(d) << (n - 16);
        if n > 32 {
            m |= h(b) << 16 | h(c) << (n - 32);
        }
        m
    }
}

/// `s`, 16 to 64 bytes long, in four 16-byte loads laid out as
/// [`Dirt16To64::k`].
#[inline(always)]
fn loads_16_to_64(s: &[u8]) -> [__m128i; 4] {
    let n = s.len();
    debug_assert!((16..=64).contains(&n));
    let p = s.as_ptr();
    // SAFETY: SSE2 is part of the x86_64 baseline; every load lies within
    // the n >= 16 (for the middle two, n > 32) bytes of `s`.
    unsafe {
        let a = _mm_loadu_si128(p.cast());
        let d = _mm_loadu_si128(p.add(n - 16).cast());
        if n > 32 {
            [
                a,
                _mm_loadu_si128(p.add(16).cast()),
                _mm_loadu_si128(p.add(n - 32).cast()),
                d,
            ]
        } else {
            [a, a, d, d]
        }
    }
}

impl Dirt16To64 {
    /// Whether a byte needs work.
    #[inline(always)]
    pub(super) fn any(&self) -> bool {
        let [a, b, c, d] = self.k;
        // SAFETY: SSE2 is part of the x86_64 baseline; value-only
        // intrinsics.
        unsafe { _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) != 0 }
    }

    /// Whether a byte is `>= 0x80`.
    #[inline(always)]
    pub(super) fn any_high(&self) -> bool {
        // SAFETY: SSE2 is part of the x86_64 baseline; a value-only
        // intrinsic.
        unsafe { _mm_movemask_epi8(self.or) != 0 }
    }

    /// One bit per byte that needs work (bit i for byte i; `n` is the
    /// string's length).
    #[inline(always)]
    pub(super) fn mask(&self, n: usize) -> u64 {
        bits_16_to_64(self.k, n)
    }
}

/// `s` (16 to 64 bytes) stored at the start of `buf`, followed by 16 zero
/// bytes; returns a pointer to them (the `n + 16` bytes from it are
/// initialized, the rest of `buf` may not be), for
/// `kernel::escape_16_to_64_blind`.
#[inline(always)]
pub(super) fn store_16_to_64(s: &[u8], buf: &mut core::mem::MaybeUninit<[u8; 80]>) -> *const u8 {
    let n = s.len();
    let [a, b, c, d] = loads_16_to_64(s);
    let p = buf.as_mut_ptr().cast::<u8>();
    // SAFETY: SSE2 is part of the x86_64 baseline; the stores cover
    // [0, 16), [n - 16, n), [n, n + 16) and, above 32 bytes, [16, 32) and
    // [n - 32, n - 16): all within `buf` (16 <= n <= 64), the first n
    // bytes those of the string, and together exactly [0, n + 16).
    unsafe {
        _mm_storeu_si128(p.cast(), a);
        if n > 32 {
            _mm_storeu_si128(p.add(16).cast(), b);
            _mm_storeu_si128(p.add(n - 32).cast(), c);
        }
        _mm_storeu_si128(p.add(n - 16).cast(), d);
        _mm_storeu_si128(p.add(n).cast(), _mm_setzero_si128());
    }
    p
}

/// For `kernel::escape_65_to_128_blind`: `s` (65 to 128 bytes) stored at
/// the start of `buf`, followed by 16 zero bytes (the `n + 16` bytes from
/// `buf`'s start are then initialized), and the mask of its bytes that
/// need work (bit i for byte i), compared as by [`dirty_mask_third`] and,
/// with `HEX` (which must be `flags.hex()`), [`hex_mask`]; `None` when a
/// byte is `>= 0x80` (`buf` then holds no promise). The 16 bytes at 0, 16,
/// 32, 48, and at 64, 80, 96, 112 while they end within the string, and
/// the last 16, each loaded once, never past the end. (The mask is made as
/// two words, each bit shifted by a constant or by less than 64.)
#[inline(always)]
pub(super) fn ascii_mask_65_to_128<const HEX: bool>(
    s: &[u8],
    third: &[u8; 16],
    flags: Flags,
    buf: &mut core::mem::MaybeUninit<[u8; 144]>,
) -> Option<u128> {
    let n = s.len();
    debug_assert!((65..=128).contains(&n) && HEX == flags.hex());
    let p = s.as_ptr();
    let dst = buf.as_mut_ptr().cast::<u8>();
    let pairs = hex_pairs(flags);
    // SAFETY: SSE2 is part of the x86_64 baseline; the loads lie within
    // the n bytes of `s` (at o with o + 16 <= n, and at n - 16 >= 49); the
    // stores within `buf` (the same offsets, and [n, n + 16) with
    // n + 16 <= 144); `third` and the pairs are 16 bytes each.
    unsafe {
        let k = |v: __m128i| {
            let hex = if HEX { hex_mask(v, pairs) } else { 0 };
            u64::from(dirty_mask_third(v, third) | hex)
        };
        let mut or;
        let lo = {
            let a = _mm_loadu_si128(p.cast());
            let b = _mm_loadu_si128(p.add(16).cast());
            let c = _mm_loadu_si128(p.add(32).cast());
            let d = _mm_loadu_si128(p.add(48).cast());
            _mm_storeu_si128(dst.cast(), a);
            _mm_storeu_si128(dst.add(16).cast(), b);
            _mm_storeu_si128(dst.add(32).cast(), c);
            _mm_storeu_si128(dst.add(48).cast(), d);
            or = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
            k(a) | k(b) << 16 | k(c) << 32 | k(d) << 48
        };
        let mut hi = 0u64;
        let mut o = 64;
        while o + 16 <= n {
            let v = _mm_loadu_si128(p.add(o).cast());
            _mm_storeu_si128(dst.add(o).cast(), v);
            hi |= k(v) << (o - 64);
            or = _mm_or_si128(or, v);
            o += 16;
        }
        if o < n {
            let l = n - 16;
            let v = _mm_loadu_si128(p.add(l).cast());
            _mm_storeu_si128(dst.add(l).cast(), v);
            // Its bytes below 64 (l >= 49) are in `lo` already.
            hi |= if l >= 64 {
                k(v) << (l - 64)
            } else {
                k(v) >> (64 - l)
            };
            or = _mm_or_si128(or, v);
        }
        _mm_storeu_si128(dst.add(n).cast(), _mm_setzero_si128());
        if _mm_movemask_epi8(or) != 0 {
            return None;
        }
        Some(u128::from(hi) << 64 | u128::from(lo))
    }
}

/// Whether `s`, 16 to 32 bytes long, needs no escape by the short checks'
/// test ([`dirty_mask_third`]): its first and its last 16 bytes (which
/// overlap under 32 bytes), two loads.
#[inline(always)]
pub(super) fn is_clean_16_to_32_third(s: &[u8], third: &[u8; 16]) -> bool {
    let n = s.len();
    debug_assert!((16..=32).contains(&n));
    // SAFETY: both loads lie within `s` (n >= 16); SSE2 is part of the
    // x86_64 baseline.
    unsafe {
        let head = _mm_loadu_si128(s.as_ptr().cast());
        let tail = _mm_loadu_si128(s.as_ptr().add(n - 16).cast());
        dirty_mask_third(head, third) | dirty_mask_third(tail, third) == 0
    }
}

/// The extra stop bytes of `JSON_HEX_TAG`/`AMP`/`APOS` (slots 3-6 of
/// [`stop_bytes`]) as two "or, then compare" tests, one set per combination
/// of the three flags, built at compile time: a byte `b` is flagged by a
/// pair `[or, eq]` when `b | or == eq`. `<` (3C) and `>` (3E) are the bytes
/// with `b | 2 == 3E`, `&` (26) and `'` (27) those with `b | 1 == 27`; a
/// slot whose flag is off holds `"`, a stop byte anyway, and drops out.
static HEX_PAIRS: [[[[u8; 16]; 2]; 2]; 8] = {
    /// The `[or, eq]` test flagging exactly `x` and `y` (or `"` too).
    const fn pair(x: u8, y: u8) -> [[u8; 16]; 2] {
        let (or, eq) = if x == b'"' {
            (0, y)
        } else if y == b'"' {
            (0, x)
        } else {
            // Only `<>` and `&'` get here: one bit apart.
            assert!((x ^ y).count_ones() == 1);
            (x ^ y, x | y)
        };
        [[or; 16], [eq; 16]]
    }
    let mut t = [[[[0; 16]; 2]; 2]; 8];
    let mut i = 0;
    while i < 8 {
        let b = stop_bytes(Flags::new(i as u32));
        t[i] = [pair(b[3], b[4]), pair(b[5], b[6])];
        i += 1;
    }
    t
};

/// [`HEX_PAIRS`] for `flags` (bits 0-2 of the table index are
/// `JSON_HEX_TAG`, `_AMP`, `_APOS`).
#[inline(always)]
pub(super) fn hex_pairs(flags: Flags) -> &'static [[[u8; 16]; 2]; 2] {
    &HEX_PAIRS[flags.table_index() & 7]
}

/// One bit per byte of `v` that is one of the `JSON_HEX_*` bytes of
/// `pairs` ([`hex_pairs`]).
///
/// # Safety
/// None beyond SSE2, which is part of the x86_64 baseline.
#[inline(always)]
unsafe fn hex_mask(v: __m128i, pairs: &[[[u8; 16]; 2]; 2]) -> u32 {
    // SAFETY: SSE2; every vector is 16 bytes.
    unsafe {
        let t = |p: &[[u8; 16]; 2]| {
            _mm_cmpeq_epi8(
                _mm_or_si128(v, _mm_loadu_si128(p[0].as_ptr().cast())),
                _mm_loadu_si128(p[1].as_ptr().cast()),
            )
        };
        _mm_movemask_epi8(_mm_or_si128(t(&pairs[0]), t(&pairs[1]))) as u32
    }
}

/// [`is_clean_tail16`] under `JSON_HEX_*`: also false when the last `n`
/// bytes of `tail` hold one of the bytes of `pairs` ([`hex_pairs`]).
#[inline(always)]
pub(super) fn is_clean_tail16_hex(
    tail: &[u8; 16],
    n: usize,
    third: &[u8; 16],
    pairs: &[[[u8; 16]; 2]; 2],
) -> bool {
    debug_assert!(n < 16);
    // SAFETY: the load reads the 16 bytes of `tail`; SSE2 is part of the
    // x86_64 baseline.
    unsafe {
        let v = _mm_loadu_si128(tail.as_ptr().cast());
        (dirty_mask_third(v, third) | hex_mask(v, pairs)) >> (16 - n) == 0
    }
}

/// [`is_clean_16_to_32_third`] under `JSON_HEX_*`, with `pairs` as in
/// [`is_clean_tail16_hex`].
#[inline(always)]
pub(super) fn is_clean_16_to_32_hex(
    s: &[u8],
    third: &[u8; 16],
    pairs: &[[[u8; 16]; 2]; 2],
) -> bool {
    let n = s.len();
    debug_assert!((16..=32).contains(&n));
    // SAFETY: both loads lie within `s` (n >= 16); SSE2 is part of the
    // x86_64 baseline.
    unsafe {
        let head = _mm_loadu_si128(s.as_ptr().cast());
        let tail = _mm_loadu_si128(s.as_ptr().add(n - 16).cast());
        (dirty_mask_third(head, third)
            | dirty_mask_third(tail, third)
            | hex_mask(head, pairs)
            | hex_mask(tail, pairs))
            == 0
    }
}

/// Whether `s`, 16 to 64 bytes long, needs no escape under `flags`
/// (`JSON_HEX_*` included): two or four (overlapping) SSE2 loads, one mask.
#[inline(always)]
pub(super) fn is_clean_16_to_64(s: &[u8], flags: Flags) -> bool {
    if flags.hex() {
        clean_16_to_64_hex(s, flags)
    } else {
        clean_16_to_64::<false>(s, flags)
    }
}

/// [`clean_16_to_64`] under `JSON_HEX_*`, out of line: the callers' code
/// (and its layout) stays that of the common case.
#[cold]
#[inline(never)]
fn clean_16_to_64_hex(s: &[u8], flags: Flags) -> bool {
    clean_16_to_64::<true>(s, flags)
}

/// [`is_clean_16_to_64`]; `HEX`: compare the `JSON_HEX_*` bytes too.
#[inline(always)]
fn clean_16_to_64<const HEX: bool>(s: &[u8], flags: Flags) -> bool {
    let n = s.len();
    debug_assert!((16..=64).contains(&n));
    let b = stop_bytes(flags);
    let p = s.as_ptr();
    // SAFETY: SSE2 is part of the x86_64 baseline; every load lies within
    // the n >= 16 (or, for the last two, n > 32) bytes of `s`.
    unsafe {
        let c = b.map(|x| _mm_set1_epi8(x as i8));
        let mut m = mask16::<HEX>(&c, _mm_loadu_si128(p.cast()))
            | mask16::<HEX>(&c, _mm_loadu_si128(p.add(n - 16).cast()));
        if n > 32 {
            m |= mask16::<HEX>(&c, _mm_loadu_si128(p.add(16).cast()))
                | mask16::<HEX>(&c, _mm_loadu_si128(p.add(n - 32).cast()));
        }
        m == 0
    }
}

/// Copies clean bytes from `s[i]` on in 16-byte steps, then an overlapping
/// tail (or SWAR for a string under 16 bytes), and returns the index of the
/// first byte needing work: the contract of [`Scanner::tail`] without its
/// length limit.
///
/// # Safety
/// As for [`Scanner::tail`], except that `s.len() - i` may be any size.
#[inline(always)]
unsafe fn skip16<const HEX: bool>(c: &Sse2Ctx, s: &[u8], mut i: usize, mut dst: *mut u8) -> usize {
    let len = s.len();
    let p = s.as_ptr();
    while len - i >= 16 {
        // SAFETY: i + 16 <= len for the load; room for len - i >= 16 bytes
        // at `dst` for the store.
        unsafe {
            let v = _mm_loadu_si128(p.add(i).cast());
            _mm_storeu_si128(dst.cast(), v);
            let m = mask16::<HEX>(&c.v, v);
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            dst = dst.add(16);
        }
        i += 16;
    }
    let rem = len - i;
    if rem == 0 {
        return i;
    }
    if len >= 16 {
        // SAFETY: the load covers [len - 16, len); forwarded.
        unsafe {
            let m = mask16::<HEX>(&c.v, _mm_loadu_si128(p.add(len - 16).cast()));
            return tail_from_last_block::<16, 0>(s, i, dst, m.into(), copy_lt16);
        }
    }
    // A string under 16 bytes: SWAR.
    // SAFETY: forwarded.
    unsafe { super::swar::skip8::<HEX>(&c.w, s, i, dst) }
}

impl<const HEX: bool, const U3: bool> Scanner for Sse2<HEX, U3> {
    const W: usize = 16;
    const SHIFT: u32 = 0;
    type Ctx = Sse2Ctx;

    const U3: bool = U3;

    #[inline(always)]
    unsafe fn u_escape_3byte_run(
        src: *const u8,
        avail: usize,
        dst: *mut u8,
        room: usize,
    ) -> (usize, usize) {
        // SAFETY: forwarded; `U3` scanners run only where the CPU has SSSE3.
        unsafe { u_escape_3byte_run(src, avail, dst, room) }
    }

    #[inline(always)]
    unsafe fn ctx(flags: Flags) -> Sse2Ctx {
        sse2_ctx(&stop_bytes(flags))
    }

    #[inline(always)]
    unsafe fn block(c: &Sse2Ctx, src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: the caller guarantees 16 readable and 16 writable bytes.
        unsafe {
            let v = _mm_loadu_si128(src.cast());
            _mm_storeu_si128(dst.cast(), v);
            u64::from(mask16::<HEX>(&c.v, v))
        }
    }

    #[inline(always)]
    unsafe fn copy(src: *const u8, dst: *mut u8) {
        // SAFETY: the caller guarantees 16 readable and 16 writable bytes.
        unsafe { _mm_storeu_si128(dst.cast(), _mm_loadu_si128(src.cast())) }
    }

    #[inline(always)]
    unsafe fn tail(c: &Sse2Ctx, s: &[u8], i: usize, dst: *mut u8) -> usize {
        // SAFETY: forwarded.
        unsafe { skip16::<HEX>(c, s, i, dst) }
    }
}

/// AVX2 scanner; `HEX` adds the `<>&'` compares, `RAW` (used only under
/// `JSON_UNESCAPED_UNICODE`) copies whole blocks of UTF-8 text
/// ([`Scanner::utf8_blocks`]). A separate instance, so that the code of the
/// other flag sets stays as it is.
pub(super) struct Avx2<const HEX: bool, const RAW: bool>;

/// Compare vectors for AVX2, plus the SSE2 ones for strings < 32 bytes.
pub(super) struct Avx2Ctx {
    /// [`lt_stop`] of the flags, for the `HEX` scanner.
    lt: __m256i,
    /// [`NIBBLE_STOPS`] of the flags in both halves.
    nib: __m256i,
    x: Sse2Ctx,
    /// The flags, for [`Scanner::expand`] (a scalar, so that the vectors
    /// above never need to be stored for the call).
    flags: Flags,
}

/// Lane k (each 128-bit half) is k for the control bytes with a two-byte
/// escape (`\b \t \n \f \r`), else 0x80, which no byte below 0x10 equals.
const NAMED: [u8; 16] = [
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x08, 0x09, 0x0a, 0x80, 0x0c, 0x0d, 0x80, 0x80,
];

/// The escape letter of those control bytes.
const LETTER: [u8; 16] = [
    0, 0, 0, 0, 0, 0, 0, 0, b'b', b't', b'n', 0, b'f', b'r', 0, 0,
];

/// Shuffle controls that expand 8 bytes (source lanes 0-7, a backslash in
/// lanes 8-15) to `8 + popcount(m)` bytes, each byte whose bit is set in
/// `m` preceded by a backslash.
static EXPAND8: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut o = 0;
        let mut k = 0;
        while k < 8 {
            if (m >> k) & 1 != 0 {
                t[m][o] = 8;
                o += 1;
            }
            t[m][o] = k as u8;
            o += 1;
            k += 1;
        }
        m += 1;
    }
    t
};

/// The 16 bytes of `t` in both halves of a 256-bit vector.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn splat_table(t: &[u8; 16]) -> __m256i {
    // SAFETY: the caller guarantees AVX2; the read covers the 16 bytes of `t`.
    unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
}

/// The stop bytes of each flag set (`"`, `\`, `/` unless
/// `JSON_UNESCAPED_SLASHES`, and the `JSON_HEX_*` ones but `<`) by low
/// nibble, for one shuffle: entry `l` is the stop byte whose low nibble is
/// `l` (they all differ in it but `<` and `\`, hence `<` apart: see
/// [`lt_stop`]), else `l` itself. So `shuffle(t, v) == v` holds for a byte
/// `v` exactly when it is one of those stop bytes, or a byte below 0x10 (a
/// control byte, flagged anyway); never for `v >= 0x80` (the shuffle gives
/// 0 there). Indexed by [`Flags::table_index`].
static NIBBLE_STOPS: [[u8; 16]; 32] = {
    const fn build(flags: Flags) -> [u8; 16] {
        let stops = stop_bytes(flags);
        let mut t = [0u8; 16];
        let mut l = 0;
        while l < 16 {
            t[l] = l as u8;
            l += 1;
        }
        let mut k = 0;
        while k < 7 {
            let b = stops[k];
            k += 1;
            if b == b'<' {
                continue;
            }
            let l = (b & 15) as usize;
            // No two stop bytes share a low nibble (disabled slots repeat `"`).
            assert!(t[l] == l as u8 || t[l] == b);
            assert!(b >= 0x20 && b < 0x80);
            t[l] = b;
        }
        t
    }
    let mut t = [[0u8; 16]; 32];
    let mut i = 0;
    while i < 32 {
        let options = (i as u32 & 15) | (i as u32 & 16) << 2;
        assert!(Flags::new(options).table_index() == i);
        t[i] = build(Flags::new(options));
        i += 1;
    }
    t
};

/// [`NIBBLE_STOPS`] of `flags` in both halves of a vector (`HEX` must be
/// `flags.hex()`; without it only `JSON_UNESCAPED_SLASHES` selects).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn nibble_stops<const HEX: bool>(flags: Flags) -> __m256i {
    debug_assert!(HEX == flags.hex());
    let index = if HEX {
        flags.table_index()
    } else {
        // (JSON_HEX_QUOT's bit changes no stop byte.)
        usize::from(flags.raw_slashes()) << 4
    };
    // SAFETY: the caller guarantees AVX2.
    unsafe { splat_table(&NIBBLE_STOPS[index]) }
}

/// The stop byte that [`NIBBLE_STOPS`] leaves out, for its own compare:
/// `<` under `JSON_HEX_TAG`, else `"` again (found by the shuffle anyway).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn lt_stop(flags: Flags) -> __m256i {
    // SAFETY: the caller guarantees AVX2.
    unsafe { _mm256_set1_epi8(stop_bytes(flags)[3] as i8) }
}

/// Bit k set iff byte k of `v` needs work: one signed compare for `< 0x20`
/// and `>= 0x80`, one shuffle of `nib` ([`nibble_stops`]) and one compare
/// for the stop bytes, and with `HEX` one more compare with `lt`
/// ([`lt_stop`]).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn stop_mask32<const HEX: bool>(lt: __m256i, nib: __m256i, v: __m256i) -> u32 {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        // `< 0x20` or `>= 0x80` (signed), or a stop byte (see
        // NIBBLE_STOPS; a byte below 0x10 it matches is flagged anyway).
        let low = _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v);
        let mut stop = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(nib, v), v);
        if HEX {
            stop = _mm256_or_si256(stop, _mm256_cmpeq_epi8(v, lt));
        }
        _mm256_movemask_epi8(_mm256_or_si256(low, stop)) as u32
    }
}

impl<const HEX: bool, const RAW: bool> Scanner for Avx2<HEX, RAW> {
    const W: usize = 32;
    const SHIFT: u32 = 0;
    type Ctx = Avx2Ctx;

    // AVX2 implies SSSE3.
    const U3: bool = true;

    #[inline(always)]
    unsafe fn u_escape_3byte_run(
        src: *const u8,
        avail: usize,
        dst: *mut u8,
        room: usize,
    ) -> (usize, usize) {
        // SAFETY: forwarded; AVX2 (the caller's) implies SSSE3.
        unsafe { u_escape_3byte_run(src, avail, dst, room) }
    }

    const EXPAND: bool = true;

    #[inline(always)]
    unsafe fn ctx(flags: Flags) -> Avx2Ctx {
        let stops = stop_bytes(flags);
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            Avx2Ctx {
                lt: if HEX {
                    lt_stop(flags)
                } else {
                    _mm256_setzero_si256()
                },
                nib: nibble_stops::<HEX>(flags),
                x: sse2_ctx(&stops),
                flags,
            }
        }
    }

    #[inline(always)]
    unsafe fn expand(
        c: &Avx2Ctx,
        src: *const u8,
        avail: usize,
        dst: *mut u8,
        room: usize,
    ) -> (usize, usize) {
        // SAFETY: forwarded.
        unsafe { expand32::<HEX>(c.flags, src, avail, dst, room) }
    }

    const UTF8: bool = RAW;

    #[inline(always)]
    unsafe fn utf8_blocks(c: &Avx2Ctx, src: *const u8, avail: usize, dst: *mut u8) -> usize {
        // SAFETY: forwarded.
        unsafe { utf8_blocks32(c.flags, src, avail, dst) }
    }

    #[inline(always)]
    unsafe fn block(c: &Avx2Ctx, src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: AVX2 and 32 readable / writable bytes by the caller.
        unsafe {
            let v = _mm256_loadu_si256(src.cast());
            _mm256_storeu_si256(dst.cast(), v);
            u64::from(stop_mask32::<HEX>(c.lt, c.nib, v))
        }
    }

    #[inline(always)]
    unsafe fn copy(src: *const u8, dst: *mut u8) {
        // SAFETY: AVX2 and 32 readable / writable bytes by the caller.
        unsafe { _mm256_storeu_si256(dst.cast(), _mm256_loadu_si256(src.cast())) }
    }

    #[inline(always)]
    unsafe fn tail(c: &Avx2Ctx, s: &[u8], i: usize, dst: *mut u8) -> usize {
        let len = s.len();
        let rem = len - i;
        if rem == 0 {
            return i;
        }
        let p = s.as_ptr();
        if len >= 32 {
            // SAFETY: AVX2 by the caller; the load covers [len - 32, len);
            // forwarded.
            unsafe {
                let m = stop_mask32::<HEX>(c.lt, c.nib, _mm256_loadu_si256(p.add(len - 32).cast()));
                return tail_from_last_block::<32, 0>(s, i, dst, m.into(), copy_lt32);
            }
        }
        // A string under 32 bytes: SSE2 (then SWAR).
        // SAFETY: forwarded.
        unsafe { skip16::<HEX>(&c.x, s, i, dst) }
    }
}

/// [`Scanner::expand`] for AVX2. Not inlined: called once per run of
/// escape-dense blocks, so that the block loop keeps its registers.
///
/// A qualifying block expands in four 8-byte quarters: a shuffle from
/// [`EXPAND8`], indexed by the quarter's mask, spreads its bytes and puts
/// a backslash (lane 8 of the source) before each escaped one, whose
/// letter (`b t n f r` for the control bytes) is already in place.
///
/// # Safety
/// As for [`Scanner::expand`] with `W = 32`; the CPU supports AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
#[inline(never)]
unsafe fn expand32<const HEX: bool>(
    flags: Flags,
    src: *const u8,
    avail: usize,
    dst: *mut u8,
    room: usize,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    // SAFETY: AVX2 and POPCNT by the caller; every load lies in the
    // `avail` bytes at `src`; every store in the `room` bytes at `dst`
    // (a block writes at most 32 + escapes + 8 bytes, checked below).
    unsafe {
        let lt = if HEX {
            lt_stop(flags)
        } else {
            _mm256_setzero_si256()
        };
        let nib = nibble_stops::<HEX>(flags);
        // `"` when it takes `\"`, else `\` again; `/` when it takes `\/`,
        // else `\` again.
        let quot2 = if flags.hex_quot() { b'\\' } else { b'"' };
        let slash2 = if flags.raw_slashes() { b'\\' } else { b'/' };
        let quot2 = _mm256_set1_epi8(quot2 as i8);
        let slash2 = _mm256_set1_epi8(slash2 as i8);
        let backslash = _mm256_set1_epi8(b'\\' as i8);
        let named_t = splat_table(&NAMED);
        let letter_t = splat_table(&LETTER);
        let bs = _mm_set1_epi8(b'\\' as i8);
        debug_assert!(room >= avail + 8);
        while avail - read >= 32 {
            let v = _mm256_loadu_si256(src.add(read).cast());
            let m = u64::from(stop_mask32::<HEX>(lt, nib, v));
            if m == 0 {
                // A clean block, stored as it is. The room check below
                // is not needed: room >= unread + 8 holds at every block
                // (the first by the contract, room >= avail + 8; each
                // block after one that was written), and a clean one
                // writes what it reads. (Tested after the escapes' check,
                // a clean block cost 34 instructions, now 14: once the run
                // starts, the string's clean blocks after it come here.)
                _mm256_storeu_si256(dst.add(written).cast(), v);
                read += 32;
                written += 32;
                continue;
            }
            // Bytes taking a two-byte escape.
            let named = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(named_t, v), v);
            let mut two = _mm256_or_si256(named, _mm256_cmpeq_epi8(v, backslash));
            two = _mm256_or_si256(two, _mm256_cmpeq_epi8(v, quot2));
            two = _mm256_or_si256(two, _mm256_cmpeq_epi8(v, slash2));
            // Every such byte is in `m`: equal masks mean nothing else is.
            if u64::from(_mm256_movemask_epi8(two) as u32) != m {
                break;
            }
            let pop = m.count_ones() as usize;
            if room - written < avail - read + pop + 8 {
                break;
            }
            let out = dst.add(written);
            // The byte after the backslash: the control letters, the
            // rest as it is.
            let letters = _mm256_blendv_epi8(v, _mm256_shuffle_epi8(letter_t, v), named);
            let lo = _mm256_castsi256_si128(letters);
            let hi = _mm256_extracti128_si256::<1>(letters);
            let quarters = [
                _mm_unpacklo_epi64(lo, bs),
                _mm_unpackhi_epi64(lo, bs),
                _mm_unpacklo_epi64(hi, bs),
                _mm_unpackhi_epi64(hi, bs),
            ];
            let mut o = 0;
            for (q, x) in quarters.into_iter().enumerate() {
                let m8 = ((m >> (8 * q)) & 0xff) as usize;
                let ctrl = _mm_loadu_si128(EXPAND8[m8].as_ptr().cast());
                _mm_storeu_si128(out.add(o).cast(), _mm_shuffle_epi8(x, ctrl));
                o += 8 + m8.count_ones() as usize;
            }
            read += 32;
            written += 32 + pop;
        }
    }
    (read, written)
}

// UTF-8 validation of a block by table lookups (Keiser and Lemire,
// "Validating UTF-8 In Less Than One Instruction Per Byte", 2021, as in
// simdjson and simdutf8). Every error shows in the first two bytes of a
// sequence (looked up by the high nibble of the earlier byte, its low
// nibble and the high nibble of the later one: each table gives the error
// classes that value allows, and an error is a class all three allow) or
// in a missing or extra continuation byte in third or fourth place.

/// Error classes, one bit each (a pair of bytes whose three lookups share
/// a bit is that error).
const TOO_SHORT: u8 = 1 << 0; // 11______ 0_______ or 11______ 11______
const TOO_LONG: u8 = 1 << 1; // 0_______ 10______
const OVERLONG_3: u8 = 1 << 2; // 11100000 100_____
/// 11110100 1001____ or 101_____; 11110101, 1111011_, 11111___ then
/// 1001____ or 101_____.
const TOO_LARGE: u8 = 1 << 3;
const SURROGATE: u8 = 1 << 4; // 11101101 101_____
const OVERLONG_2: u8 = 1 << 5; // 1100000_ 10______
/// 11110101, 1111011_, 11111___ then 1000____ (shares its bit with
/// OVERLONG_4: the first byte tells them apart).
const TOO_LARGE_1000: u8 = 1 << 6;
const OVERLONG_4: u8 = 1 << 6; // 11110000 1000____
const TWO_CONTS: u8 = 1 << 7; // 10______ 10______
/// The classes decided by the high nibble of the first byte alone.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// By the high nibble of the first byte of a pair.
const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// By the low nibble of the first byte of a pair.
const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// By the high nibble of the second byte of a pair.
const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// Lanes 29, 30 and 31: the smallest lead byte whose sequence does not end
/// within the block when it starts there (4-, 3-, 2-byte leads and up);
/// only those lanes of the comparison are used.
const INCOMPLETE: [u8; 32] = {
    let mut t = [0xffu8; 32];
    t[29] = 0xf0;
    t[30] = 0xe0;
    t[31] = 0xc0;
    t
};

/// The constants of [`utf8_check`].
struct Utf8Ctx {
    b1h: __m256i,
    b1l: __m256i,
    b2h: __m256i,
    esc_lo: __m256i,
    esc_hi: __m256i,
    /// 0x80 when line terminators are escaped; else 0xC0, which never
    /// follows E2 in valid text (so the check finds nothing there).
    lt_mid: __m256i,
}

/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn utf8_ctx(flags: Flags) -> Utf8Ctx {
    let esc = &ESC_NIBBLES[flags.table_index() & 31];
    let mid = if flags.keep_line_terminators() {
        0xc0u8
    } else {
        0x80
    };
    // SAFETY: AVX2 by the caller.
    unsafe {
        Utf8Ctx {
            b1h: splat_table(&BYTE_1_HIGH),
            b1l: splat_table(&BYTE_1_LOW),
            b2h: splat_table(&BYTE_2_HIGH),
            esc_lo: splat_table(&esc[0]),
            esc_hi: splat_table(&esc[1]),
            lt_mid: _mm256_set1_epi8(mid as i8),
        }
    }
}

/// What [`utf8_check`] finds in a block, one vector per kind, each lane
/// non-zero where it applies.
struct Utf8Found {
    /// UTF-8 errors, at the lane of the byte that shows them (the second
    /// byte of a bad pair, a byte where a continuation is due or not).
    err: __m256i,
    /// ASCII bytes needing an escape.
    esc: __m256i,
    /// The last bytes of line terminators to escape.
    lt: __m256i,
}

impl Utf8Found {
    /// Whether the block needs anything but copying.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn any(&self) -> bool {
        // SAFETY: AVX2 by the caller; value-only intrinsics.
        unsafe {
            let all = _mm256_or_si256(_mm256_or_si256(self.err, self.esc), self.lt);
            _mm256_testz_si256(all, all) == 0
        }
    }

    /// For a block that needs more than copying, where its first item
    /// starts when everything before it is fine: the lane of an ASCII
    /// escape or of the first byte of a line terminator, when no error
    /// shows at or before it (then the bytes before it are whole valid
    /// sequences: an unfinished one would show an error at that lane).
    /// None otherwise (an error, or a terminator begun in the block
    /// before).
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn item(&self) -> Option<usize> {
        // SAFETY: AVX2 by the caller; value-only intrinsics.
        unsafe {
            let zero = _mm256_setzero_si256();
            let nonzero = |x: __m256i| !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, zero)) as u32);
            let esc = nonzero(self.esc).trailing_zeros();
            // A terminator's last byte lies two lanes after its first.
            let lt = (_mm256_movemask_epi8(self.lt) as u32).trailing_zeros();
            let stop = if lt < 32 {
                if lt < 2 {
                    return None;
                }
                esc.min(lt - 2)
            } else {
                esc
            };
            let err = nonzero(self.err).trailing_zeros();
            if stop < 32 && err > stop {
                Some(stop as usize)
            } else {
                None
            }
        }
    }
}

/// The errors, ASCII escapes and line terminators to escape of the block
/// `v`, whose bytes 1, 2 and 3 places earlier are `prev1`, `prev2` and
/// `prev3` (missing continuation bytes at its end show in the next
/// block).
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn utf8_check(
    c: &Utf8Ctx,
    v: __m256i,
    prev1: __m256i,
    prev2: __m256i,
    prev3: __m256i,
) -> Utf8Found {
    // SAFETY: AVX2 by the caller; value-only intrinsics.
    unsafe {
        let nib = _mm256_set1_epi8(0x0f);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nib);
        // Errors within the first two bytes of a sequence.
        let sc = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_shuffle_epi8(c.b1h, _mm256_and_si256(_mm256_srli_epi16::<4>(prev1), nib)),
                _mm256_shuffle_epi8(c.b1l, _mm256_and_si256(prev1, nib)),
            ),
            _mm256_shuffle_epi8(c.b2h, hi),
        );
        // Third and fourth bytes: a continuation (bit 7 of `must`) exactly
        // where one is due; the pair lookups flag a continuation after a
        // continuation (TWO_CONTS, also bit 7), so the two must agree.
        let must = _mm256_or_si256(
            _mm256_subs_epu8(prev2, _mm256_set1_epi8((0xe0u8 - 0x80) as i8)),
            _mm256_subs_epu8(prev3, _mm256_set1_epi8((0xf0u8 - 0x80) as i8)),
        );
        let err = _mm256_xor_si256(_mm256_and_si256(must, _mm256_set1_epi8(0x80u8 as i8)), sc);
        // ASCII escapes, by nibbles (a byte >= 0x80 selects 0 in the low
        // nibble table: `pshufb` zeroes it).
        let esc = _mm256_and_si256(
            _mm256_shuffle_epi8(c.esc_hi, hi),
            _mm256_shuffle_epi8(c.esc_lo, v),
        );
        // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
        let lt = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_cmpeq_epi8(prev2, _mm256_set1_epi8(0xe2u8 as i8)),
                _mm256_cmpeq_epi8(prev1, c.lt_mid),
            ),
            _mm256_cmpeq_epi8(
                _mm256_or_si256(v, _mm256_set1_epi8(1)),
                _mm256_set1_epi8(0xa9u8 as i8),
            ),
        );
        Utf8Found { err, esc, lt }
    }
}

/// Bytes of the 32 at `p` up to the lead byte of an incomplete last
/// sequence: 29, 30 or 31, else 32. Meaningful for a block without errors
/// (it holds at most one such lead).
///
/// # Safety
/// AVX2, and 32 bytes readable at `p`.
#[inline(always)]
unsafe fn complete_len(p: *const u8) -> usize {
    // SAFETY: forwarded.
    unsafe {
        let v = _mm256_loadu_si256(p.cast());
        let inc = _mm256_loadu_si256(INCOMPLETE.as_ptr().cast());
        let m = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(v, inc), v)) as u32;
        (m & 0xe000_0000).trailing_zeros() as usize
    }
}

/// Under `JSON_UNESCAPED_UNICODE`, for a string of at most 64 bytes that
/// holds a byte >= 0x80: whether it is valid UTF-8 with no ASCII byte
/// needing an escape and (unless `JSON_UNESCAPED_LINE_TERMINATORS`) no
/// U+2028/U+2029, so that it can be written as it is. False for
/// ASCII-only strings (the callers' own checks see to those) and whenever
/// in doubt.
///
/// Under 32 bytes: one block, the string padded with spaces (clean under
/// every flag, and an error after an unfinished sequence). 32 to 64 bytes:
/// the first and the last 32 bytes, validated as one stream as in
/// [`utf8_blocks32`] (for 32 to 34 bytes the last block's earlier bytes
/// begin with spaces before the string, as good as the zero bytes of a
/// stream's start), and no unfinished sequence at the end.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn is_raw_clean_le64(s: &[u8], flags: Flags) -> bool {
    let n = s.len();
    if n > 64 {
        return false;
    }
    if (32..35).contains(&n) {
        let mut buf = [b' '; 3 + 34];
        buf[3..3 + n].copy_from_slice(s);
        // SAFETY: forwarded; the copy holds 3 spaces, then the string.
        return unsafe { is_raw_clean_le64_at(buf.as_ptr().add(3), n, flags) };
    }
    // SAFETY: forwarded; n < 32 or 35 <= n <= 64.
    unsafe { is_raw_clean_le64_at(s.as_ptr(), n, flags) }
}

/// [`is_raw_clean_le64`] for the `n <= 64` bytes at `p`, of which the 3
/// bytes before are readable when `32 <= n < 35` (spaces).
///
/// # Safety
/// As above; the CPU supports AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn is_raw_clean_le64_at(p: *const u8, n: usize, flags: Flags) -> bool {
    // SAFETY: AVX2 by the caller; every read lies in the n bytes at `p`
    // (the second block's earlier bytes from n - 35 on, which is >= 0 or
    // else within the 3 readable bytes before), or in `buf`.
    unsafe {
        let first = if n < 32 {
            let mut buf = [b' '; 32];
            copy_lt32(p, buf.as_mut_ptr(), n);
            _mm256_loadu_si256(buf.as_ptr().cast())
        } else {
            _mm256_loadu_si256(p.cast())
        };
        let last = if n < 32 {
            first
        } else {
            _mm256_loadu_si256(p.add(n - 32).cast())
        };
        if _mm256_movemask_epi8(_mm256_or_si256(first, last)) == 0 {
            return false;
        }
        let c = utf8_ctx(flags);
        let t = _mm256_permute2x128_si256::<0x08>(first, first);
        if utf8_check(
            &c,
            first,
            _mm256_alignr_epi8::<15>(first, t),
            _mm256_alignr_epi8::<14>(first, t),
            _mm256_alignr_epi8::<13>(first, t),
        )
        .any()
        {
            return false;
        }
        if n < 32 {
            return true;
        }
        let q = p.add(n - 32);
        !utf8_check(
            &c,
            last,
            _mm256_loadu_si256(q.sub(1).cast()),
            _mm256_loadu_si256(q.sub(2).cast()),
            _mm256_loadu_si256(q.sub(3).cast()),
        )
        .any()
            && complete_len(q) == 32
    }
}

/// [`Scanner::utf8_blocks`] for AVX2 (`flags` are the context's).
///
/// The blocks are validated as one stream (lookup validation, with zero
/// bytes before `src`: the input "begins" there), 32 bytes at a time; the
/// bytes before a block are loaded from the input, so that no step depends
/// on the last one's result. A block qualifies when validation finds no
/// error, no ASCII byte needs an escape and (unless
/// `JSON_UNESCAPED_LINE_TERMINATORS`) no `E2 80 A8` / `E2 80 A9` ends in
/// it. The last partial block of the input is checked overlapping (the
/// bytes before it are the real ones, and its lanes already checked find
/// the same). At a block that does not qualify, the run ends at its first
/// ASCII escape or line terminator when no error comes first (so the
/// caller can write that and come back), else at the start of the last
/// sequence the blocks before left incomplete (validation checks every
/// pair of bytes, so only continuation bytes missing at the end can go
/// unnoticed); the same at the end of the input.
///
/// Not inlined: called once per stretch of non-ASCII text, its loop gets
/// the registers to itself.
///
/// # Safety
/// As for [`Scanner::utf8_blocks`] with `W = 32`; the CPU supports AVX2
/// and BMI1.
#[target_feature(enable = "avx2,bmi1")]
#[inline(never)]
unsafe fn utf8_blocks32(flags: Flags, src: *const u8, avail: usize, dst: *mut u8) -> usize {
    if avail < 32 {
        return 0;
    }
    // SAFETY: AVX2 by the caller. Every load lies in the `avail` bytes at
    // `src`: blocks at j with j + 32 <= avail, their earlier bytes at
    // j - 3 >= 29, the last block at avail - 32 >= 3; every store in the
    // `avail` bytes at `dst`.
    unsafe {
        let c = utf8_ctx(flags);
        let v = _mm256_loadu_si256(src.cast());
        _mm256_storeu_si256(dst.cast(), v);
        // Zero, then the low half: the earlier bytes of the first block.
        let t = _mm256_permute2x128_si256::<0x08>(v, v);
        let f = utf8_check(
            &c,
            v,
            _mm256_alignr_epi8::<15>(v, t),
            _mm256_alignr_epi8::<14>(v, t),
            _mm256_alignr_epi8::<13>(v, t),
        );
        if f.any() {
            return f.item().unwrap_or(0);
        }
        let mut j = 32;
        while avail - j >= 32 {
            let q = src.add(j);
            let v = _mm256_loadu_si256(q.cast());
            _mm256_storeu_si256(dst.add(j).cast(), v);
            let f = utf8_check(
                &c,
                v,
                _mm256_loadu_si256(q.sub(1).cast()),
                _mm256_loadu_si256(q.sub(2).cast()),
                _mm256_loadu_si256(q.sub(3).cast()),
            );
            if f.any() {
                return match f.item() {
                    Some(k) => j + k,
                    None => j - 32 + complete_len(src.add(j - 32)),
                };
            }
            j += 32;
        }
        if j < avail && avail >= 35 {
            // The rest, in a block overlapping the last one.
            let t = avail - 32;
            let q = src.add(t);
            let v = _mm256_loadu_si256(q.cast());
            _mm256_storeu_si256(dst.add(t).cast(), v);
            let f = utf8_check(
                &c,
                v,
                _mm256_loadu_si256(q.sub(1).cast()),
                _mm256_loadu_si256(q.sub(2).cast()),
                _mm256_loadu_si256(q.sub(3).cast()),
            );
            if !f.any() {
                // An incomplete sequence at the end of the input is left
                // to the scalar path (it is an error).
                return t + complete_len(q);
            }
            if let Some(k) = f.item() {
                return t + k;
            }
        }
        j - 32 + complete_len(src.add(j - 32))
    }
}

/// [`Scanner::u_escape_3byte_run`] with SSSE3: per group, one shuffle puts
/// each sequence in a 32-bit lane, where its pattern and code point are
/// checked (no overlong, no surrogate) and the code point assembled; its
/// four nibbles become hex digits by one table shuffle, which two more
/// shuffles place behind the `\u` of each escape.
///
/// # Safety
/// As for [`Scanner::u_escape_3byte_run`]; the CPU supports SSSE3.
#[target_feature(enable = "ssse3")]
#[inline(never)]
unsafe fn u_escape_3byte_run(
    src: *const u8,
    avail: usize,
    dst: *mut u8,
    room: usize,
) -> (usize, usize) {
    #[cfg(test)]
    tests::U3_CALLS.with(|c| c.set(c.get() + 1));
    // SAFETY: every load reads 16 bytes at src + read with avail - read >=
    // 16; every store writes 24 bytes at dst + written with room - written
    // >= 28; SSSE3 by the caller.
    unsafe {
        let gather = _mm_setr_epi8(0, 1, 2, -128, 3, 4, 5, -128, 6, 7, 8, -128, 9, 10, 11, -128);
        let hex = _mm_loadu_si128(b"0123456789abcdef".as_ptr().cast());
        let lo4 = _mm_set1_epi8(0x0f);
        let place1 = _mm_setr_epi8(
            -128, -128, 1, 3, 0, 2, -128, -128, 5, 7, 4, 6, -128, -128, 9, 11,
        );
        let place2 = _mm_setr_epi8(
            8, 10, -128, -128, 13, 15, 12, 14, -128, -128, -128, -128, -128, -128, -128, -128,
        );
        let bs = b'\\' as i8;
        let u = b'u' as i8;
        let prefix1 = _mm_setr_epi8(bs, u, 0, 0, 0, 0, bs, u, 0, 0, 0, 0, bs, u, 0, 0);
        let prefix2 = _mm_setr_epi8(0, 0, bs, u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        let mut read = 0;
        let mut written = 0;
        while avail - read >= 16 && room - written >= avail - read + 28 {
            let v = _mm_loadu_si128(src.add(read).cast());
            // Lane k: byte 0..2 = sequence k (little-endian, as `q` in the
            // scalar path), byte 3 = 0.
            let x = _mm_shuffle_epi8(v, gather);
            let shape = _mm_cmpeq_epi32(
                _mm_and_si128(x, _mm_set1_epi32(0x00c0_c0f0)),
                _mm_set1_epi32(0x0080_80e0),
            );
            let cp = _mm_or_si128(
                _mm_or_si128(
                    _mm_slli_epi32(_mm_and_si128(x, _mm_set1_epi32(0x0f)), 12),
                    _mm_and_si128(_mm_srli_epi32(x, 2), _mm_set1_epi32(0xfc0)),
                ),
                _mm_and_si128(_mm_srli_epi32(x, 16), _mm_set1_epi32(0x3f)),
            );
            // cp >> 11: 0 is an overlong (< U+0800), 0x1b a surrogate.
            let top = _mm_srli_epi32(cp, 11);
            let bad = _mm_or_si128(
                _mm_cmpeq_epi32(top, _mm_setzero_si128()),
                _mm_cmpeq_epi32(top, _mm_set1_epi32(0x1b)),
            );
            if _mm_movemask_epi8(_mm_andnot_si128(bad, shape)) != 0xffff {
                break;
            }
            // Lane k: [high nibble of the low byte, of the high byte, low
            // nibble of the low byte, of the high byte], as hex digits.
            let hi_nib = _mm_and_si128(_mm_srli_epi16(cp, 4), lo4);
            let lo_nib = _mm_and_si128(cp, lo4);
            let digits = _mm_shuffle_epi8(hex, _mm_or_si128(hi_nib, _mm_slli_epi32(lo_nib, 16)));
            let out1 = _mm_or_si128(_mm_shuffle_epi8(digits, place1), prefix1);
            let out2 = _mm_or_si128(_mm_shuffle_epi8(digits, place2), prefix2);
            _mm_storeu_si128(dst.add(written).cast(), out1);
            _mm_storel_epi64(dst.add(written + 16).cast(), out2);
            read += 12;
            written += 24;
        }
        (read, written)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use core::cell::Cell;

    std::thread_local! {
        /// Calls of the SSSE3 `u_escape_3byte_run` on this thread: the
        /// proof that the sse2 level never runs it (`escape::tests`).
        pub(in super::super) static U3_CALLS: Cell<usize> = const { Cell::new(0) };
    }
}
