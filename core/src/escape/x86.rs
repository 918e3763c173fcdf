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
use super::InvalidUtf8;
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
    unsafe fn ctx(stops: &[u8; 7]) -> Sse2Ctx {
        sse2_ctx(stops)
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

    #[inline(always)]
    unsafe fn ctx(stops: &[u8; 7]) -> Avx2Ctx {
        Avx2Ctx {
            // SAFETY: the caller guarantees AVX2.
            y: stops.map(|b| unsafe { _mm256_set1_epi8(b as i8) }),
            x: sse2_ctx(stops),
        }
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

/// The AVX2 implementation.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
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
