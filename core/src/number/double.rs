//! `php_json_encode_double()` with `serialize_precision = -1`.

use super::long::{decimal_len, u64_digits, POW10};
use super::schubfach::{to_decimal_fast, to_decimal_slow, Decimal};
use super::Spare;
use crate::Sink;

/// 2^53: below it every integral double is printed as that integer.
const TWO53: f64 = 9_007_199_254_740_992.0;

/// `b'0'` in every byte.
#[cfg(not(target_arch = "x86_64"))]
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// Spare bytes the general path reserves: its fixed-size stores reach at
/// most 51 bytes past the start (sign, 17 integer digits, the point and a
/// 32-byte copy of the fraction).
const RESERVE: usize = 64;

/// The eight decimal digits of `x < 10^8`, one per byte as values 0..=9
/// (not ASCII), the most significant digit in the lowest byte (so that
/// `to_le_bytes` gives them in reading order). The portable twin of the
/// SSE2 [`digits16`].
///
/// SWAR in three rounds: split into two 4-digit halves (32-bit lanes), each
/// lane into two 2-digit halves (16-bit lanes), each of those into two
/// digits (bytes). A round turns a lane holding `y` into `(y / m)` in its
/// low half and `y % m` in its high half as `(y << w) - (y / m) × (m << w)
/// + y / m`; no lane ever borrows from or carries into its neighbour.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn digits8(x: u64) -> u64 {
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

/// A finite double formatted exactly as `json_encode` does with
/// `serialize_precision = -1` (`zend_gcvt(value, 17, '.', 'e', buf)` on
/// `zend_dtoa()` mode 0 shortest round-trip digits); then, if
/// `preserve_zero_fraction` and the text has no `.`, `.0` is appended
/// (`JSON_PRESERVE_ZERO_FRACTION`; PHP's extra `len < 1075` condition
/// always holds for these at most 24-byte texts).
///
/// Examples: `1e25` → `1.0e+25`, `1.5e-7` → `1.5e-7`, `0.0001` → `0.0001`,
/// `1e-5` → `1.0e-5`, `1e16` → `10000000000000000`, `-0.0` → `-0`
/// (`-0.0` with preserve), `0.1 + 0.2` → `0.30000000000000004`.
///
/// The caller guarantees `value.is_finite()`; for INF/NAN this writes `0`
/// (also with `preserve_zero_fraction`), which is what `json_encode`
/// outputs for them (raising the error is the caller's job).
#[inline]
pub fn write_double_shortest<S: Sink>(out: &mut S, value: f64, preserve_zero_fraction: bool) {
    let negative = value.is_sign_negative();
    let a = value.abs();

    // Integral values below 2^53, zeros included: the shortest digits are
    // the integer itself (decpt <= 16), laid out without a '.'. (INF and
    // NAN fail the first test.)
    if a < TWO53 {
        // SAFETY: 0 <= a < 2^53, so the truncation fits an i64.
        let i = unsafe { a.to_int_unchecked::<i64>() };
        if i as f64 == a {
            let (digits, len) = u64_digits(i as u64);
            // At most 1 + 16 + 2 bytes.
            let mut w = Spare::<S, 32>::new(out);
            w.push_if(b'-', negative);
            w.extend_fixed(&digits, len);
            if preserve_zero_fraction {
                w.push(b'.');
                w.push(b'0');
            }
            w.finish();
            return;
        }
    }

    let d = match to_decimal_fast(a.to_bits()) {
        Some(d) => d,
        None => match slow_or_non_finite(a) {
            Some(d) => d,
            None => {
                // What php_json_encode_zval writes for INF/NAN (never
                // with ".0").
                out.push(b'0');
                return;
            }
        },
    };
    write_decimal(out, d, negative, preserve_zero_fraction);
}

/// The exact digit path for the finite doubles the fast path leaves out;
/// `None` for INF and NAN.
#[cold]
#[inline(never)]
fn slow_or_non_finite(a: f64) -> Option<Decimal> {
    if a.is_finite() {
        Some(to_decimal_slow(a.to_bits()))
    } else {
        None
    }
}

/// The 16 decimal digits of `hi × 10^8 + lo` (`hi, lo < 10^8`) as ASCII,
/// in reading order, and a mask with bit `i` set when digit `i` is not 0.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn digits16(hi: u64, lo: u64) -> ([u8; 16], u32) {
    use core::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline; these are value-only
    // intrinsics apart from the unaligned store into a local array.
    unsafe {
        // One 8-digit number per 64-bit lane, `hi` in the low lane (first
        // in memory). Same three rounds as `digits8`, on lanes of 64, 32
        // and 16 bits: x / 10^4 = (x × 109951163) >> 40 (32×32→64
        // multiply), y / 100 = ((y × 5243) >> 16) >> 3 and w / 10 =
        // (w × 6554) >> 16 (high halves of 16×16 multiplies), each exact in
        // its range; the quotient goes to the low half of the lane.
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
        let mut text = [0u8; 16];
        _mm_storeu_si128(
            text.as_mut_ptr().cast(),
            _mm_or_si128(d, _mm_set1_epi8(b'0' as i8)),
        );
        (text, !zero & 0xffff)
    }
}

/// Portable [`digits16`]: `digits8` twice.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn digits16(hi: u64, lo: u64) -> ([u8; 16], u32) {
    let a = digits8(hi);
    let b = digits8(lo);
    let mut text = [0u8; 16];
    text[..8].copy_from_slice(&(a + ZEROS).to_le_bytes());
    text[8..].copy_from_slice(&(b + ZEROS).to_le_bytes());
    let mut mask = 0;
    for (i, d) in a
        .to_le_bytes()
        .iter()
        .chain(b.to_le_bytes().iter())
        .enumerate()
    {
        mask |= u32::from(*d != 0) << i;
    }
    (text, mask)
}

/// Lay out `d` (`(10 sig + digit) × 10^exp`) the way
/// `zend_gcvt(value, 17, '.', 'e', buf)` does, plus the ".0" of
/// PRESERVE_ZERO_FRACTION.
///
/// `sig` is first widened to exactly 16 digits (`sig × 10^(16 - n)`, which
/// pads with zeros) and put after four '0's in a local buffer, `digit`
/// right after its `n` digits (when it is not 0, it is the last significant
/// digit). So every layout is a few fixed-size copies from offsets
/// computed from `decpt` and `nd`: no loops and no branches on the digits.
/// The fixed forms (`decpt` in -3..=17) are one case: the integer part is
/// `buf[start..4 + decpt]`, where `start = min(4, 3 + decpt)` also takes
/// the single `0` of `0.000DDD`, and the fraction is `buf[4 + decpt..4 +
/// nd]` (the zeros after the point come from the padding).
#[inline(always)]
fn write_decimal<S: Sink>(out: &mut S, d: Decimal, negative: bool, pzf: bool) {
    // sig is in 1..10^16 and digit in 0..=9 for every Decimal the callers
    // pass; the masks below keep indexes in bounds regardless (wrong input
    // gives wrong digits, never a panic).
    let n = decimal_len(d.sig);
    // value = 0.DIGITS × 10^decpt
    let decpt = n as i32 + 1 + d.exp;
    let s16 = d.sig.wrapping_mul(POW10[16usize.wrapping_sub(n) & 31]);
    let hi = s16 / 100_000_000;
    let (text, nonzero) = digits16(hi, s16.wrapping_sub(hi * 100_000_000));
    // Significant digits: n + 1 with a last digit, else up to the last
    // non-zero digit of sig (its first digit is never 0).
    let nd = if d.digit != 0 {
        n + 1
    } else {
        32 - nonzero.leading_zeros() as usize
    };

    let mut buf = [b'0'; 64];
    buf[4..20].copy_from_slice(&text);
    buf[(4 + n) & 63] = b'0' + (d.digit as u8 & 15);

    let sign = usize::from(negative);
    out.reserve(RESERVE);
    // SAFETY: `reserve(RESERVE)` makes `spare_ptr()` valid for RESERVE
    // bytes of writes; the bounds of every write are noted below and all
    // stay below `sign + 51 <= RESERVE`, every read below 53 <= buf.len().
    // `buf` is a local array, so no copy overlaps. The committed length
    // counts only bytes written here.
    unsafe {
        let dst = out.spare_ptr();
        dst.write(b'-');
        let p = dst.add(sign);
        let src = buf.as_ptr();
        let len = if (-3..=17).contains(&decpt) {
            // Integer part (ip bytes, 1..=17) from buf[start..], the point,
            // then the fraction from buf[4 + decpt..] (at most 20 digits).
            // For an integer (nd <= decpt) the point and the '0' after it
            // are kept only for PRESERVE_ZERO_FRACTION. Writes p[0..32]
            // and p[ip + 1..ip + 33], ip <= 17; reads buf[..53].
            let dp = (4 + decpt) as usize;
            let start = if decpt >= 1 { 4 } else { dp - 1 };
            let ip = dp - start;
            core::ptr::copy_nonoverlapping(src.add(start), p, 32);
            p.add(ip).write(b'.');
            core::ptr::copy_nonoverlapping(src.add(dp), p.add(ip + 1), 32);
            if 4 + nd > dp {
                ip + 1 + (4 + nd - dp)
            } else {
                ip + 2 * usize::from(pzf)
            }
        } else {
            // D.DDDe±X, or D.0e±X for a single digit (buf[5] is then '0').
            // Writes p[0..18] and at most 5 bytes from p[m], m <= 18.
            p.write(buf[4]);
            p.add(1).write(b'.');
            core::ptr::copy_nonoverlapping(src.add(5), p.add(2), 16);
            let m = if nd > 1 { nd + 1 } else { 3 };
            write_exponent(p.add(m), decpt - 1) + m
        };
        out.commit(sign + len);
    }
}

/// `e±X` for the exponent `e` (`|e| <= 999` here), at `p`; returns its
/// length (3..=5).
///
/// # Safety
/// `p..p + 5` must be writable.
#[inline(always)]
unsafe fn write_exponent(p: *mut u8, e: i32) -> usize {
    let d2 = &super::long::DIGITS2;
    let ae = e.unsigned_abs() as usize % 1000;
    // SAFETY: the caller's contract; table reads are at even indexes < 200.
    unsafe {
        p.write(b'e');
        p.add(1).write(if e < 0 { b'-' } else { b'+' });
        if ae < 10 {
            p.add(2).write(b'0' + ae as u8);
            3
        } else if ae < 100 {
            core::ptr::copy_nonoverlapping(d2.as_ptr().add(ae * 2), p.add(2), 2);
            4
        } else {
            p.add(2).write(b'0' + (ae / 100) as u8);
            core::ptr::copy_nonoverlapping(d2.as_ptr().add(ae % 100 * 2), p.add(3), 2);
            5
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits8_all_shapes() {
        let mut x = 0u64;
        while x < 100_000_000 {
            let want: Vec<u8> = format!("{x:08}").bytes().map(|c| c - b'0').collect();
            assert_eq!(digits8(x).to_le_bytes().to_vec(), want, "{x}");
            x = x * 3 + 1;
        }
        for x in [
            0, 1, 9, 10, 99, 100, 9999, 10_000, 10_001, 99_999_999, 12_345_678,
        ] {
            let want: Vec<u8> = format!("{x:08}").bytes().map(|c| c - b'0').collect();
            assert_eq!(digits8(x).to_le_bytes().to_vec(), want, "{x}");
        }
        // Every value with a step that visits all residues mod 10^4.
        let mut x = 7u64;
        while x < 100_000_000 {
            let want: Vec<u8> = format!("{x:08}").bytes().map(|c| c - b'0').collect();
            assert_eq!(digits8(x).to_le_bytes().to_vec(), want, "{x}");
            x += 9_973;
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
            let (text, mask) = digits16(hi, lo);
            assert_eq!(&text, want.as_bytes(), "{hi} {lo}");
            for (j, c) in want.bytes().enumerate() {
                assert_eq!(mask >> j & 1 == 1, c != b'0', "{hi} {lo} {j}");
            }
            assert!(mask < 1 << 16);
        }
    }

    fn layout(f: u64, e: i32, neg: bool, pzf: bool) -> String {
        let mut out = b"[".to_vec();
        write_decimal(&mut out, Decimal::from_f_e(f, e), neg, pzf);
        String::from_utf8(out[1..].to_vec()).unwrap()
    }

    #[test]
    fn decimal_layouts() {
        assert_eq!(layout(12345, -2, false, false), "123.45");
        assert_eq!(layout(12345, -2, true, true), "-123.45");
        assert_eq!(layout(12345000, -5, false, false), "123.45");
        assert_eq!(layout(5, -1, false, false), "0.5");
        assert_eq!(layout(5, -4, false, false), "0.0005");
        assert_eq!(layout(5, -5, false, false), "5.0e-5");
        assert_eq!(layout(15, -8, true, false), "-1.5e-7");
        assert_eq!(layout(1, 16, false, false), "10000000000000000");
        assert_eq!(layout(1, 16, false, true), "10000000000000000.0");
        assert_eq!(layout(1, 17, false, true), "1.0e+17");
        assert_eq!(layout(12, 24, false, false), "1.2e+25");
        assert_eq!(
            layout(17976931348623157, 292, true, false),
            "-1.7976931348623157e+308"
        );
        assert_eq!(layout(5, -324, false, false), "5.0e-324");
        assert_eq!(
            layout(30000000000000004, -17, false, false),
            "0.30000000000000004"
        );
        assert_eq!(
            layout(12345678901234567, 0, false, false),
            "12345678901234567"
        );
        assert_eq!(
            layout(12345678901234567, -1, false, false),
            "1234567890123456.7"
        );
        assert_eq!(
            layout(12345678901234567, -20, false, false),
            "0.00012345678901234567"
        );
        assert_eq!(
            layout(12345678901234567, -21, false, false),
            "1.2345678901234567e-5"
        );
        assert_eq!(layout(1, -4, true, true), "-0.0001");
        assert_eq!(layout(1, 0, false, true), "1.0");
        assert_eq!(layout(100, -2, false, false), "1");
        assert_eq!(
            layout(12345678901234567, -17, false, false),
            "0.12345678901234567"
        );
    }

    #[test]
    fn exponents() {
        for e in -999..=999 {
            let mut b = [0u8; 8];
            // SAFETY: 5 writable bytes.
            let n = unsafe { write_exponent(b.as_mut_ptr(), e) };
            assert_eq!(
                &b[..n],
                format!("e{}{}", if e < 0 { '-' } else { '+' }, e.abs()).as_bytes()
            );
        }
    }

    #[test]
    fn non_finite_writes_zero() {
        for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut out = Vec::new();
            write_double_shortest(&mut out, v, false);
            write_double_shortest(&mut out, v, true);
            assert_eq!(out, b"00");
        }
    }
}
