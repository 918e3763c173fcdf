//! The portable scanner: eight bytes per step in a `u64` (SWAR).
//!
//! This is the "scalar" implementation, which `escape_string` also uses for
//! every string under 16 bytes, and the tail of the SIMD scanners for strings
//! too short for one vector. It never reads outside the input: runs of 8+
//! bytes use whole words, a tail of a string that is at least 8 bytes long
//! reloads the last word (overlapping) and shifts the done bytes out of the
//! mask, and a string under 8 bytes is assembled from two overlapping 4-, 2-
//! or 1-byte loads.
//!
//! The per-byte tests are exact (no carries cross a byte), so the whole mask
//! is right, not just its lowest bit. With `H = 0x80` in every byte and
//! `low = w & 0x7f..7f`:
//!
//! - `low + 0x60` has bit 7 set iff the byte's low 7 bits are `>= 0x20`;
//! - `(low ^ c) + 0x7f` has bit 7 set iff the low 7 bits differ from `c`
//!   (`c < 0x80`);
//! - a byte needs work iff its bit 7 is set (`>= 0x80`) or one of those
//!   bit 7s is clear, so `mask = (w | !(t0 & t1 & ...)) & H`.

use super::mode::Flags;
use super::scan::{copy_lt8, Scanner};
use core::ptr;

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// SWAR scanner; `HEX` adds the `<>&'` compares.
pub(super) struct Swar<const HEX: bool>;

/// The stop bytes, each repeated in all eight lanes.
pub(super) type SwarCtx = [u64; 7];

#[inline(always)]
pub(super) fn swar_ctx(stops: &[u8; 7]) -> SwarCtx {
    stops.map(|b| u64::from(b) * ONES)
}

/// Bit 7 of byte `k` of the result is set iff byte `k` of `w` (little-endian
/// order) needs work.
#[inline(always)]
fn mask<const HEX: bool>(c: &SwarCtx, w: u64) -> u64 {
    let low = w & LOW7;
    let mut keep = low.wrapping_add(0x60 * ONES);
    keep &= (low ^ c[0]).wrapping_add(LOW7);
    keep &= (low ^ c[1]).wrapping_add(LOW7);
    keep &= (low ^ c[2]).wrapping_add(LOW7);
    if HEX {
        keep &= (low ^ c[3]).wrapping_add(LOW7);
        keep &= (low ^ c[4]).wrapping_add(LOW7);
        keep &= (low ^ c[5]).wrapping_add(LOW7);
        keep &= (low ^ c[6]).wrapping_add(LOW7);
    }
    (w | !keep) & HIGH
}

/// Reads 8 bytes as a little-endian word.
///
/// # Safety
/// `p` valid for reads of 8 bytes.
#[inline(always)]
unsafe fn load8(p: *const u8) -> u64 {
    // SAFETY: forwarded.
    u64::from_le(unsafe { ptr::read_unaligned(p.cast::<u64>()) })
}

/// Reads `1 <= n < 8` bytes as a little-endian word (upper bytes zero).
///
/// # Safety
/// `p` valid for reads of `n` bytes.
#[inline(always)]
unsafe fn load_lt8(p: *const u8, n: usize) -> u64 {
    // SAFETY: every read lies within the first `n` bytes.
    unsafe {
        if n >= 4 {
            let a = u32::from_le(ptr::read_unaligned(p.cast::<u32>())) as u64;
            let b = u32::from_le(ptr::read_unaligned(p.add(n - 4).cast::<u32>())) as u64;
            a | (b << (8 * (n - 4)))
        } else if n >= 2 {
            let a = u16::from_le(ptr::read_unaligned(p.cast::<u16>())) as u64;
            let b = u16::from_le(ptr::read_unaligned(p.add(n - 2).cast::<u16>())) as u64;
            a | (b << (8 * (n - 2)))
        } else {
            u64::from(*p)
        }
    }
}

/// Copies clean bytes from `s[i]` on in 8-byte steps and returns the index
/// of the first byte needing work (`s.len()` if none): the contract of
/// [`Scanner::tail`] without its length limit. The SIMD scanners use it for
/// strings under 16 bytes.
///
/// # Safety
/// As for [`Scanner::tail`], except that `s.len() - i` may be any size.
#[inline(always)]
pub(super) unsafe fn skip8<const HEX: bool>(
    c: &SwarCtx,
    s: &[u8],
    mut i: usize,
    mut dst: *mut u8,
) -> usize {
    let len = s.len();
    let p = s.as_ptr();
    while len - i >= 8 {
        // SAFETY: i + 8 <= len for the load; the caller gave us room for
        // len - i >= 8 bytes at `dst`.
        unsafe {
            let raw = ptr::read_unaligned(p.add(i).cast::<u64>());
            ptr::write_unaligned(dst.cast::<u64>(), raw);
            let m = mask::<HEX>(c, u64::from_le(raw));
            if m != 0 {
                return i + (m.trailing_zeros() / 8) as usize;
            }
            dst = dst.add(8);
        }
        i += 8;
    }
    // SAFETY: forwarded; now len - i < 8.
    unsafe { tail8::<HEX>(c, s, i, dst) }
}

/// [`Scanner::tail`] for the last `len - i < 8` bytes.
///
/// # Safety
/// As for [`Scanner::tail`] with `W = 8`.
#[inline(always)]
pub(super) unsafe fn tail8<const HEX: bool>(
    c: &SwarCtx,
    s: &[u8],
    i: usize,
    dst: *mut u8,
) -> usize {
    let len = s.len();
    let rem = len - i;
    if rem == 0 {
        return i;
    }
    let p = s.as_ptr();
    // SAFETY: the word load covers [len - 8, len); the short load [i, len).
    let w = unsafe {
        if len >= 8 {
            load8(p.add(len - 8)) >> (8 * (8 - rem))
        } else {
            load_lt8(p.add(i), rem)
        }
    };
    // Bytes past the end are zero (and would count as controls): mask them off.
    let m = mask::<HEX>(c, w) & ((1u64 << (8 * rem)) - 1);
    let t = if m == 0 {
        rem
    } else {
        (m.trailing_zeros() / 8) as usize
    };
    // SAFETY: t <= rem bytes, in bounds of the input and of the room.
    unsafe { copy_lt8(p.add(i), dst, t) };
    i + t
}

impl<const HEX: bool> Scanner for Swar<HEX> {
    const W: usize = 8;
    const SHIFT: u32 = 3;
    type Ctx = SwarCtx;

    #[inline(always)]
    unsafe fn ctx(flags: Flags) -> SwarCtx {
        swar_ctx(&super::tables::stop_bytes(flags))
    }

    #[inline(always)]
    unsafe fn block(c: &SwarCtx, src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: the caller guarantees 8 readable and 8 writable bytes.
        unsafe {
            let raw = ptr::read_unaligned(src.cast::<u64>());
            ptr::write_unaligned(dst.cast::<u64>(), raw);
            mask::<HEX>(c, u64::from_le(raw))
        }
    }

    #[inline(always)]
    unsafe fn copy(src: *const u8, dst: *mut u8) {
        // SAFETY: the caller guarantees 8 readable and 8 writable bytes.
        unsafe { ptr::write_unaligned(dst.cast::<u64>(), ptr::read_unaligned(src.cast::<u64>())) }
    }

    #[inline(always)]
    unsafe fn tail(c: &SwarCtx, s: &[u8], i: usize, dst: *mut u8) -> usize {
        // SAFETY: forwarded (len - i < 8).
        unsafe { tail8::<HEX>(c, s, i, dst) }
    }
}
