//! The aarch64 kernels: [`Kernels`] for the [`Neon`] token (little-endian
//! aarch64, where Advanced SIMD is part of the baseline).
//!
//! NEON has no byte movemask. Two replacements, each where it pays:
//!
//! - the scans (`string_stop`, `skip_ws`) look at 16 bytes and only need
//!   the first hit: `vshrn_n_u16::<4>` narrows the 0x00/0xFF compare
//!   bytes to a 64-bit word with 4 bits per byte, so a position is
//!   `trailing_zeros / 4`;
//! - `classify` and `simple_escapes` need one bit per byte of a 64-byte
//!   block: each compare vector is ANDed with the bit weights 1, 2, .., 128
//!   (twice), and three rounds of pairwise adds (`vpaddq_u8`) fold the four
//!   16-byte vectors into 8 bytes, byte k holding bytes 8k..8k+7's bits.
//!
//! The byte classes come from table lookups (`vqtbl1q_u8` on the low
//! nibble) for whitespace and structural bytes, and from the nibble pair
//! test for the simple escapes. As in the x86 kernels, the scans read the
//! input as NUL-terminated: a tail shorter than 16 bytes is copied into a
//! zeroed buffer, so loads never leave the input and the scan stops at
//! `inp.len()` at the latest.
//!
//! Outside a `#[target_feature(enable = "neon")]` function these
//! intrinsics need `unsafe` on toolchains where the baseline feature does
//! not make them safe to call; `allow(unused_unsafe)` covers the others.
#![allow(unused_unsafe)]

use super::kernel::{Kernels, Masks};
use crate::isa::Neon;
use core::arch::aarch64::*;

/// Whitespace by the low nibble: `v == WS[v & 15]` exactly for space,
/// `\t`, `\n`, `\r`. Every other entry is 0, whose low nibble is not its
/// index, so nothing else can match.
const WS: [u8; 16] = [
    b' ', 0, 0, 0, 0, 0, 0, 0, 0, b'\t', b'\n', 0, 0, b'\r', 0, 0,
];
/// Structural bytes by the low nibble: `v | 0x20 == OP[v & 15]` for
/// `: { , }` and, through `| 0x20`, `[ ]`; also for the control bytes
/// 0x1A and 0x0C (allowed by [`Masks::op`]'s contract). Entries 0 never
/// match: `v | 0x20` is never 0.
const OP: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, b':', b'{', b',', b'}', 0, 0];
/// Simple escapes (`" / \ b f n r t`): `ESC_LO[v & 15] & ESC_HI[v >> 4]`
/// is non-zero exactly for them. Bit 1: high nibble 2 (`"` 0x22, `/`
/// 0x2F); bit 2: 5 (`\` 0x5C); bit 4: 6 (`b` 0x62, `f` 0x66, `n` 0x6E);
/// bit 8: 7 (`r` 0x72, `t` 0x74).
const ESC_LO: [u8; 16] = [0, 0, 1 | 4 | 8, 0, 8, 0, 4, 0, 0, 0, 0, 0, 2, 0, 4, 1];
const ESC_HI: [u8; 16] = [0, 0, 1, 0, 0, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0];
/// Bit weight of each byte within its group of 8.
const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

/// 16 bytes from a 16-byte array.
#[inline(always)]
fn vec16(t: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `t` is 16 readable bytes; NEON is baseline.
    unsafe { vld1q_u8(t.as_ptr()) }
}

/// 4 bits per byte (nibble k all ones iff lane k is 0xFF) of a compare result.
#[inline(always)]
fn nibble_mask(v: uint8x16_t) -> u64 {
    // SAFETY: value-only intrinsics of the baseline NEON feature.
    unsafe {
        vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(
            v,
        ))))
    }
}

/// One bit per byte (bit 16j + i = lane i of vector j) of four compare
/// results (lanes 0x00 or 0xFF).
#[inline(always)]
fn bits64(a: uint8x16_t, b: uint8x16_t, c: uint8x16_t, d: uint8x16_t) -> u64 {
    // SAFETY: value-only intrinsics of the baseline NEON feature.
    unsafe {
        let w = vec16(&WEIGHTS);
        let ab = vpaddq_u8(vandq_u8(a, w), vandq_u8(b, w));
        let cd = vpaddq_u8(vandq_u8(c, w), vandq_u8(d, w));
        let abcd = vpaddq_u8(ab, cd);
        vgetq_lane_u64::<0>(vreinterpretq_u64_u8(vpaddq_u8(abcd, abcd)))
    }
}

/// The four 16-byte vectors of a block.
#[inline(always)]
fn load64(block: &[u8; 64]) -> [uint8x16_t; 4] {
    // SAFETY: each load reads 16 bytes inside the 64-byte block.
    unsafe {
        let p = block.as_ptr();
        [
            vld1q_u8(p),
            vld1q_u8(p.add(16)),
            vld1q_u8(p.add(32)),
            vld1q_u8(p.add(48)),
        ]
    }
}

/// 16 bytes at `pos`, or the bytes left zero-padded to 16 near the end.
#[inline(always)]
fn load_at(inp: &[u8], pos: usize) -> uint8x16_t {
    if let Some(chunk) = inp.get(pos..).filter(|c| c.len() >= 16) {
        // SAFETY: `chunk` has at least 16 readable bytes.
        unsafe { vld1q_u8(chunk.as_ptr()) }
    } else {
        let mut buf = [0u8; 16];
        let rest = inp.get(pos..).unwrap_or(&[]);
        let n = rest.len().min(16);
        buf[..n].copy_from_slice(&rest[..n]);
        vec16(&buf)
    }
}

/// (whitespace, structural, control, high) compare vectors of 16 bytes.
#[inline(always)]
fn classes(v: uint8x16_t) -> [uint8x16_t; 4] {
    // SAFETY: value-only intrinsics of the baseline NEON feature.
    unsafe {
        let lo = vandq_u8(v, vdupq_n_u8(0x0F));
        let ws = vceqq_u8(v, vqtbl1q_u8(vec16(&WS), lo));
        let op = vceqq_u8(vorrq_u8(v, vdupq_n_u8(0x20)), vqtbl1q_u8(vec16(&OP), lo));
        let ctrl = vcleq_u8(v, vdupq_n_u8(0x1F));
        let high = vcgeq_u8(v, vdupq_n_u8(0x80));
        [ws, op, ctrl, high]
    }
}

impl Kernels for Neon {
    #[inline(always)]
    fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
        let mut p = pos;
        loop {
            let v = load_at(inp, p);
            // SAFETY: value-only intrinsics of the baseline NEON feature.
            let (stop, high) = unsafe {
                let stop = vorrq_u8(
                    vorrq_u8(
                        vceqq_u8(v, vdupq_n_u8(b'"')),
                        vceqq_u8(v, vdupq_n_u8(b'\\')),
                    ),
                    vcleq_u8(v, vdupq_n_u8(0x1F)),
                );
                (
                    nibble_mask(stop),
                    nibble_mask(vcgeq_u8(v, vdupq_n_u8(0x80))),
                )
            };
            let mut m = stop;
            if high != 0 {
                let rel = utf8_ok.saturating_sub(p);
                if rel < 16 {
                    m |= high & (!0u64 << (4 * rel));
                }
            }
            if m != 0 {
                // A zero-padded tail always stops at `len` at the latest.
                return (p + (m.trailing_zeros() / 4) as usize).min(inp.len().max(pos));
            }
            p += 16;
        }
    }

    #[inline(always)]
    fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
        let mut p = pos;
        loop {
            let v = load_at(inp, p);
            // SAFETY: value-only intrinsics of the baseline NEON feature.
            let ws = unsafe {
                let lo = vandq_u8(v, vdupq_n_u8(0x0F));
                nibble_mask(vceqq_u8(v, vqtbl1q_u8(vec16(&WS), lo)))
            };
            let m = !ws;
            if m != 0 {
                return (p + (m.trailing_zeros() / 4) as usize).min(inp.len().max(pos));
            }
            p += 16;
        }
    }

    #[inline(always)]
    fn classify(self, block: &[u8; 64]) -> Masks {
        let [a, b, c, d] = load64(block);
        let (ca, cb, cc, cd) = (classes(a), classes(b), classes(c), classes(d));
        // SAFETY: value-only intrinsics of the baseline NEON feature.
        let (qa, qb, qc, qd, sa, sb, sc, sd) = unsafe {
            let q = vdupq_n_u8(b'"');
            let s = vdupq_n_u8(b'\\');
            (
                vceqq_u8(a, q),
                vceqq_u8(b, q),
                vceqq_u8(c, q),
                vceqq_u8(d, q),
                vceqq_u8(a, s),
                vceqq_u8(b, s),
                vceqq_u8(c, s),
                vceqq_u8(d, s),
            )
        };
        let class = |i: usize| bits64(ca[i], cb[i], cc[i], cd[i]);
        Masks {
            quote: bits64(qa, qb, qc, qd),
            bslash: bits64(sa, sb, sc, sd),
            ws: class(0),
            op: class(1),
            ctrl: class(2),
            high: class(3),
        }
    }

    #[inline(always)]
    fn simple_escapes(self, block: &[u8; 64]) -> u64 {
        let esc = |v: uint8x16_t| {
            // SAFETY: value-only intrinsics of the baseline NEON feature.
            unsafe {
                let lo = vqtbl1q_u8(vec16(&ESC_LO), vandq_u8(v, vdupq_n_u8(0x0F)));
                let hi = vqtbl1q_u8(vec16(&ESC_HI), vshrq_n_u8::<4>(v));
                vtstq_u8(lo, hi)
            }
        };
        let [a, b, c, d] = load64(block);
        bits64(esc(a), esc(b), esc(c), esc(d))
    }
}
