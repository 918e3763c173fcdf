//! NEON scanner (aarch64 baseline, little-endian), 16 bytes per step.
//!
//! The same scheme as the SSE2 scanner (see `x86`). NEON has no movemask:
//! `vshrn_n_u16(flags, 4)` narrows the 0x00/0xFF flag bytes into a 64-bit
//! word with 4 bits per byte, so positions are `trailing_zeros / 4`.
//!
//! Not exercised on the x86_64 development machine; the tests run it on any
//! aarch64 host (`isa::available_levels()` has `Neon` there).

use super::mode::Flags;
use super::scan::{copy_lt16, tail_from_last_block, Scanner};
use super::swar::{swar_ctx, SwarCtx};
use core::arch::aarch64::*;

/// NEON scanner; `HEX` adds the `<>&'` compares.
pub(super) struct Neon<const HEX: bool>;

/// Compare vectors, plus the SWAR constants for strings < 16 bytes.
pub(super) struct NeonCtx {
    v: [uint8x16_t; 7],
    w: SwarCtx,
}

/// 4 bits per byte (nibble k set iff byte k needs work).
// Outside a `#[target_feature(enable = "neon")]` function these intrinsics
// need `unsafe` even though NEON is baseline; `allow` covers toolchains
// where they do not.
#[allow(unused_unsafe)]
#[inline(always)]
fn mask16<const HEX: bool>(c: &[uint8x16_t; 7], v: uint8x16_t) -> u64 {
    // SAFETY: value-only intrinsics of the baseline NEON feature.
    unsafe {
        let mut acc = vcltq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(0x20));
        acc = vorrq_u8(acc, vceqq_u8(v, c[0]));
        acc = vorrq_u8(acc, vceqq_u8(v, c[1]));
        acc = vorrq_u8(acc, vceqq_u8(v, c[2]));
        if HEX {
            acc = vorrq_u8(acc, vceqq_u8(v, c[3]));
            acc = vorrq_u8(acc, vceqq_u8(v, c[4]));
            acc = vorrq_u8(acc, vceqq_u8(v, c[5]));
            acc = vorrq_u8(acc, vceqq_u8(v, c[6]));
        }
        let nibbles = vshrn_n_u16::<4>(vreinterpretq_u16_u8(acc));
        vget_lane_u64::<0>(vreinterpret_u64_u8(nibbles))
    }
}

impl<const HEX: bool> Scanner for Neon<HEX> {
    const W: usize = 16;
    const SHIFT: u32 = 2;
    type Ctx = NeonCtx;

    #[allow(unused_unsafe)]
    #[inline(always)]
    unsafe fn ctx(flags: Flags) -> NeonCtx {
        let stops = super::tables::stop_bytes(flags);
        NeonCtx {
            // SAFETY: a value-only intrinsic of the baseline NEON feature.
            v: stops.map(|b| unsafe { vdupq_n_u8(b) }),
            w: swar_ctx(&stops),
        }
    }

    #[inline(always)]
    unsafe fn block(c: &NeonCtx, src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: the caller guarantees 16 readable and 16 writable bytes.
        unsafe {
            let v = vld1q_u8(src);
            vst1q_u8(dst, v);
            // One bit per byte (the top bit of its nibble), as the walk needs.
            mask16::<HEX>(&c.v, v) & 0x8888_8888_8888_8888
        }
    }

    #[inline(always)]
    unsafe fn copy(src: *const u8, dst: *mut u8) {
        // SAFETY: the caller guarantees 16 readable and 16 writable bytes.
        unsafe { vst1q_u8(dst, vld1q_u8(src)) }
    }

    #[inline(always)]
    unsafe fn tail(c: &NeonCtx, s: &[u8], i: usize, dst: *mut u8) -> usize {
        let len = s.len();
        let rem = len - i;
        if rem == 0 {
            return i;
        }
        let p = s.as_ptr();
        if len >= 16 {
            // SAFETY: the load covers [len - 16, len); forwarded.
            unsafe {
                let m = mask16::<HEX>(&c.v, vld1q_u8(p.add(len - 16)));
                return tail_from_last_block::<16, 2>(s, i, dst, m, copy_lt16);
            }
        }
        // SAFETY: forwarded.
        unsafe { super::swar::skip8::<HEX>(&c.w, s, i, dst) }
    }
}
