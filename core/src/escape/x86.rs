//! SSE2 (x86_64 baseline) and AVX2 (runtime-detected) scanners.
//!
//! One step loads a block, stores it blindly at the output position (the
//! room invariant guarantees the space, see `kernel`), and builds a
//! movemask of the bytes that need work:
//!
//! - `< 0x20` or `>= 0x80` in one *signed* compare: `(i8)b < 0x20`;
//! - `"`, `\`, and `/` (or `"` again under `JSON_UNESCAPED_SLASHES`);
//! - with a `JSON_HEX_*` flag, 4 more compares for `<`, `>`, `&`, `'`
//!   (disabled ones repeat `"`).
//!
//! What happens with the mask is the kernel's business (`kernel.rs`: a clean
//! block advances, a dirty one is walked bit by bit). Tails never read past
//! the input: a string at least one
//! block long reloads its last block (overlapping) and shifts the done bytes
//! out of the mask; shorter strings fall to the next narrower step (AVX2 →
//! SSE2 → SWAR).

use super::kernel::{copy_lt16, copy_lt32, Scanner};
use super::swar::{swar_ctx, SwarCtx};
use super::tables::stop_bytes;
use super::InvalidUtf8;
use crate::options::{HEX_QUOT, UNESCAPED_SLASHES};
use crate::Sink;
use core::arch::x86_64::*;

/// SSE2 scanner; `HEX` adds the `<>&'` compares.
pub(super) struct Sse2<const HEX: bool>;

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

/// Whether `s`, shorter than 16 bytes, needs no escape under `options`,
/// which must not include `JSON_HEX_TAG`, `JSON_HEX_AMP` or
/// `JSON_HEX_APOS`: the bytes gathered into one vector from at most two
/// overlapping word loads (never past the end), one mask.
#[inline(always)]
pub(super) fn is_clean_lt16(s: &[u8], options: u32) -> bool {
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
    let slash = if options & UNESCAPED_SLASHES != 0 {
        b'"'
    } else {
        b'/'
    };
    // SAFETY: SSE2 is part of the x86_64 baseline; value-only intrinsics.
    unsafe {
        let v = _mm_set_epi64x(b as i64, a as i64);
        let mut acc = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8)));
        acc = _mm_or_si128(acc, _mm_cmpeq_epi8(v, _mm_set1_epi8(slash as i8)));
        _mm_movemask_epi8(acc) == 0
    }
}

/// Whether `s`, 16 to 64 bytes long, needs no escape under `options`,
/// which must not include `JSON_HEX_TAG`, `JSON_HEX_AMP` or
/// `JSON_HEX_APOS`: two or four (overlapping) SSE2 loads, one mask.
#[inline(always)]
pub(super) fn is_clean_16_to_64(s: &[u8], options: u32) -> bool {
    let n = s.len();
    debug_assert!((16..=64).contains(&n));
    let slash = if options & UNESCAPED_SLASHES != 0 {
        b'"'
    } else {
        b'/'
    };
    let p = s.as_ptr();
    // SAFETY: SSE2 is part of the x86_64 baseline; every load lies within
    // the n >= 16 (or, for the last two, n > 32) bytes of `s`.
    unsafe {
        let c = [
            _mm_set1_epi8(b'"' as i8),
            _mm_set1_epi8(b'\\' as i8),
            _mm_set1_epi8(slash as i8),
            _mm_setzero_si128(),
            _mm_setzero_si128(),
            _mm_setzero_si128(),
            _mm_setzero_si128(),
        ];
        let mut m = mask16::<false>(&c, _mm_loadu_si128(p.cast()))
            | mask16::<false>(&c, _mm_loadu_si128(p.add(n - 16).cast()));
        if n > 32 {
            m |= mask16::<false>(&c, _mm_loadu_si128(p.add(16).cast()))
                | mask16::<false>(&c, _mm_loadu_si128(p.add(n - 32).cast()));
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
        // SAFETY: the load covers [len - 16, len); the copy moves t <= rem
        // bytes within the input and the room.
        unsafe {
            let v = _mm_loadu_si128(p.add(len - 16).cast());
            let m = mask16::<HEX>(&c.v, v) >> (16 - rem);
            let t = if m == 0 {
                rem
            } else {
                m.trailing_zeros() as usize
            };
            copy_lt16(p.add(i), dst, t);
            return i + t;
        }
    }
    // A string under 16 bytes: SWAR.
    // SAFETY: forwarded.
    unsafe { super::swar::skip8::<HEX>(&c.w, s, i, dst) }
}

impl<const HEX: bool> Scanner for Sse2<HEX> {
    const W: usize = 16;
    const SHIFT: u32 = 0;
    type Ctx = Sse2Ctx;

    #[inline(always)]
    unsafe fn ctx(options: u32) -> Sse2Ctx {
        sse2_ctx(&stop_bytes(options))
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

/// The SSE2 implementation.
pub(super) fn escape_sse2<S: Sink>(out: &mut S, s: &[u8], options: u32) -> Result<(), InvalidUtf8> {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe {
        if super::tables::has_hex(options) {
            super::kernel::escape::<S, Sse2<true>>(out, s, options)
        } else {
            super::kernel::escape::<S, Sse2<false>>(out, s, options)
        }
    }
}

/// AVX2 scanner; `HEX` adds the `<>&'` compares.
pub(super) struct Avx2<const HEX: bool>;

/// Compare vectors for AVX2, plus the SSE2 ones for strings < 32 bytes.
pub(super) struct Avx2Ctx {
    y: [__m256i; 7],
    x: Sse2Ctx,
    /// The flags, for [`Scanner::expand`] (a scalar, so that the vectors
    /// above never need to be stored for the call).
    options: u32,
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

/// Bit k set iff byte k of `v` needs work.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn mask32<const HEX: bool>(c: &[__m256i; 7], v: __m256i) -> u32 {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        let mut acc = _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v);
        acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[0]));
        acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[1]));
        acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[2]));
        if HEX {
            acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[3]));
            acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[4]));
            acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[5]));
            acc = _mm256_or_si256(acc, _mm256_cmpeq_epi8(v, c[6]));
        }
        _mm256_movemask_epi8(acc) as u32
    }
}

impl<const HEX: bool> Scanner for Avx2<HEX> {
    const W: usize = 32;
    const SHIFT: u32 = 0;
    type Ctx = Avx2Ctx;

    const EXPAND: bool = true;

    #[inline(always)]
    unsafe fn ctx(options: u32) -> Avx2Ctx {
        let stops = stop_bytes(options);
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            Avx2Ctx {
                y: stops.map(|b| _mm256_set1_epi8(b as i8)),
                x: sse2_ctx(&stops),
                options,
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
        unsafe { expand32::<HEX>(c.options, src, avail, dst, room) }
    }

    #[inline(always)]
    unsafe fn block(c: &Avx2Ctx, src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: AVX2 and 32 readable / writable bytes by the caller.
        unsafe {
            let v = _mm256_loadu_si256(src.cast());
            _mm256_storeu_si256(dst.cast(), v);
            u64::from(mask32::<HEX>(&c.y, v))
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
            // the copy moves t <= rem < 32 bytes within input and room.
            unsafe {
                let v = _mm256_loadu_si256(p.add(len - 32).cast());
                let m = mask32::<HEX>(&c.y, v) >> (32 - rem);
                let t = if m == 0 {
                    rem
                } else {
                    m.trailing_zeros() as usize
                };
                copy_lt32(p.add(i), dst, t);
                return i + t;
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
    options: u32,
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
        let stops = stop_bytes(options).map(|b| _mm256_set1_epi8(b as i8));
        // `"` when it takes `\"`, else `\` again; `/` when it takes `\/`,
        // else `\` again.
        let quot2 = if options & HEX_QUOT != 0 { b'\\' } else { b'"' };
        let slash2 = if options & UNESCAPED_SLASHES != 0 {
            b'\\'
        } else {
            b'/'
        };
        let quot2 = _mm256_set1_epi8(quot2 as i8);
        let slash2 = _mm256_set1_epi8(slash2 as i8);
        let backslash = _mm256_set1_epi8(b'\\' as i8);
        let named_t = splat_table(&NAMED);
        let letter_t = splat_table(&LETTER);
        let bs = _mm_set1_epi8(b'\\' as i8);
        while avail - read >= 32 {
            let v = _mm256_loadu_si256(src.add(read).cast());
            let m = u64::from(mask32::<HEX>(&stops, v));
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
            if m == 0 {
                _mm256_storeu_si256(out.cast(), v);
            } else {
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
            }
            read += 32;
            written += 32 + pop;
        }
    }
    (read, written)
}

/// The AVX2 implementation.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2,popcnt,bmi1")]
pub(super) unsafe fn escape_avx2<S: Sink>(
    out: &mut S,
    s: &[u8],
    options: u32,
) -> Result<(), InvalidUtf8> {
    // SAFETY: the caller guarantees AVX2; this function enables it, so the
    // inlined intrinsics compile to AVX2 code.
    unsafe {
        if super::tables::has_hex(options) {
            super::kernel::escape::<S, Avx2<true>>(out, s, options)
        } else {
            super::kernel::escape::<S, Avx2<false>>(out, s, options)
        }
    }
}
