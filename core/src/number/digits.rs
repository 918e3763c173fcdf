//! Sixteen decimal digits as one value: an SSE2 register on x86_64, a
//! `u128` elsewhere (byte `i` = bits `8i..8i + 8`, i.e. memory order on
//! little-endian targets). Used by the double layout:
//!
//! [`digits16`] gives the ASCII digits of `hi × 10^8 + lo` and which of
//! them are not 0; [`store`] writes them.

/// Eight decimal digits of `x < 10^8`, one per byte as values 0..=9 (not
/// ASCII), the most significant digit in the lowest byte.
///
/// SWAR in three rounds: split into two 4-digit halves (32-bit lanes), each
/// lane into two 2-digit halves (16-bit lanes), each of those into two
/// digits (bytes). A round turns a lane holding `y` into `y / m` in its low
/// half and `y % m` in its high half as `(y << w) - (y / m) × (m << w) +
/// y / m`; no lane ever borrows from or carries into its neighbour. The
/// SSE2 [`digits16`] does the same rounds on two numbers at once.
#[inline(always)]
pub(super) fn digits8(x: u64) -> u64 {
    // x / 10^4 for x < 10^8: 2^40 / 10^4 rounded up is exact in this range.
    let hi = (x * 109_951_163) >> 40;
    let v = hi | ((x - hi * 10_000) << 32);
    // y / 100 for y < 10^4 per 32-bit lane (5243 / 2^19).
    let q = ((v * 5243) >> 19) & 0x0000_007f_0000_007f;
    let v = (v << 16).wrapping_sub(q * ((100 << 16) - 1));
    // y / 10 for y < 100 per 16-bit lane (103 / 2^10).
    let q = ((v * 103) >> 10) & 0x000f_000f_000f_000f;
    (v << 8).wrapping_sub(q * ((10 << 8) - 1))
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use core::arch::x86_64::*;

    /// Sixteen ASCII digits in an SSE2 register.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Digits(__m128i);

    /// The 16 ASCII digits of `hi × 10^8 + lo` (`hi, lo < 10^8`) in
    /// reading order, and a mask with bit `i` set when digit `i` is not 0.
    #[inline(always)]
    pub(in super::super) fn digits16(hi: u64, lo: u64) -> (Digits, u32) {
        // SAFETY: SSE2 is part of the x86_64 baseline; value-only
        // intrinsics.
        unsafe {
            // One 8-digit number per 64-bit lane, `hi` in the low lane
            // (first in memory). The rounds of `digits8` on lanes of 64, 32
            // and 16 bits: x / 10^4 = (x × 109951163) >> 40 (32×32→64
            // multiply), y / 100 = ((y × 5243) >> 16) >> 3 and w / 10 =
            // (w × 6554) >> 16 (high halves of 16×16 multiplies), each
            // exact in its range; the quotient goes to the low half.
            let x = _mm_set_epi64x(lo as i64, hi as i64);
            let q = _mm_srli_epi64::<40>(_mm_mul_epu32(x, _mm_set1_epi64x(109_951_163)));
            let r = _mm_sub_epi64(x, _mm_mul_epu32(q, _mm_set1_epi64x(10_000)));
            let v = _mm_or_si128(q, _mm_slli_epi64::<32>(r));
            let q = _mm_srli_epi16::<3>(_mm_mulhi_epu16(v, _mm_set1_epi32(5243)));
            let r = _mm_sub_epi16(v, _mm_mullo_epi16(q, _mm_set1_epi16(100)));
            let w = _mm_or_si128(q, _mm_slli_epi32::<16>(r));
            let t = _mm_mulhi_epu16(w, _mm_set1_epi16(6554));
            // (w << 8) - t × (10 × 256 - 1) = t + ((w - 10 t) << 8)
            let d = _mm_sub_epi16(
                _mm_slli_epi16::<8>(w),
                _mm_mullo_epi16(t, _mm_set1_epi16(2559)),
            );
            let zero = _mm_movemask_epi8(_mm_cmpeq_epi8(d, _mm_setzero_si128())) as u32;
            (
                Digits(_mm_or_si128(d, _mm_set1_epi8(b'0' as i8))),
                !zero & 0xffff,
            )
        }
    }

    /// The first and the last eight digits, byte `i` in bits `8i..8i + 8`.
    #[inline(always)]
    pub(in super::super) fn halves(d: Digits) -> (u64, u64) {
        // SAFETY: SSE2 is part of the x86_64 baseline; value-only
        // intrinsics.
        unsafe {
            (
                _mm_cvtsi128_si64(d.0) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(d.0, d.0)) as u64,
            )
        }
    }

    /// Store the 16 bytes at `p`.
    ///
    /// # Safety
    /// `p..p + 16` must be writable.
    #[inline(always)]
    pub(in super::super) unsafe fn store(d: Digits, p: *mut u8) {
        // SAFETY: the caller's contract; unaligned store.
        unsafe { _mm_storeu_si128(p.cast(), d.0) }
    }
}

/// The portable implementation (also compiled for the tests on x86_64,
/// which compare it with the SSE2 one).
#[cfg(any(not(target_arch = "x86_64"), test))]
mod portable {
    use super::digits8;

    /// Sixteen ASCII digits, byte `i` in bits `8i..8i + 8`.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Digits(u128);

    /// Portable [`digits16`](super::digits16): `digits8` twice.
    #[inline(always)]
    pub(in super::super) fn digits16(hi: u64, lo: u64) -> (Digits, u32) {
        let a = digits8(hi);
        let b = digits8(lo);
        let v = u128::from(a) | (u128::from(b) << 64);
        let mut mask = 0;
        for i in 0..16 {
            mask |= u32::from((v >> (8 * i)) as u8 != 0) << i;
        }
        (Digits(v | 0x3030_3030_3030_3030_3030_3030_3030_3030), mask)
    }

    /// The first and the last eight digits, byte `i` in bits `8i..8i + 8`.
    #[inline(always)]
    pub(in super::super) fn halves(d: Digits) -> (u64, u64) {
        (d.0 as u64, (d.0 >> 64) as u64)
    }

    /// Store the 16 bytes at `p`.
    ///
    /// # Safety
    /// `p..p + 16` must be writable.
    #[inline(always)]
    pub(in super::super) unsafe fn store(d: Digits, p: *mut u8) {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy_nonoverlapping(d.0.to_le_bytes().as_ptr(), p, 16) }
    }
}

#[cfg(not(target_arch = "x86_64"))]
use portable as imp;

pub(super) use imp::{digits16, halves, store, Digits};

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(d: imp::Digits) -> [u8; 16] {
        let mut b = [0u8; 16];
        // SAFETY: 16 writable bytes.
        unsafe { store(d, b.as_mut_ptr()) };
        b
    }

    #[test]
    fn digits8_shapes() {
        let mut x = 7u64;
        while x < 100_000_000 {
            let want: Vec<u8> = format!("{x:08}").bytes().map(|c| c - b'0').collect();
            assert_eq!(digits8(x).to_le_bytes().to_vec(), want, "{x}");
            x += 9_973;
        }
        for x in [0, 1, 9, 10, 99, 100, 9999, 10_000, 10_001, 99_999_999] {
            let want: Vec<u8> = format!("{x:08}").bytes().map(|c| c - b'0').collect();
            assert_eq!(digits8(x).to_le_bytes().to_vec(), want, "{x}");
        }
    }

    #[test]
    fn portable_equals_simd() {
        let mut r = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let (hi, lo) = (r % 100_000_000, (r >> 27) % 100_000_000);
            let (a, ma) = digits16(hi, lo);
            let (b, mb) = portable::digits16(hi, lo);
            let mut bb = [0u8; 16];
            // SAFETY: 16 writable bytes.
            unsafe { portable::store(b, bb.as_mut_ptr()) };
            assert_eq!(bytes(a), bb);
            assert_eq!(ma, mb);
            assert_eq!(halves(a), portable::halves(b));
            let (h0, h1) = halves(a);
            assert_eq!([h0.to_le_bytes(), h1.to_le_bytes()].concat(), bb);
        }
    }

    #[test]
    fn digits16_shapes() {
        let mut r = 0x1234_5678_9abc_def1u64;
        for i in 0..200_000u64 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let (hi, lo) = match i % 4 {
                0 => (r % 100_000_000, (r >> 32) % 100_000_000),
                1 => (r % 100_000_000, 0),
                2 => (0, r % 10_000),
                _ => (i % 100_000_000, 99_999_999 - i),
            };
            let want = format!("{hi:08}{lo:08}");
            let (d, mask) = digits16(hi, lo);
            assert_eq!(&bytes(d), want.as_bytes(), "{hi} {lo}");
            for (j, c) in want.bytes().enumerate() {
                assert_eq!(mask >> j & 1 == 1, c != b'0', "{hi} {lo} {j}");
            }
            assert!(mask < 1 << 16);
        }
    }
}
