//! `php_json_encode_double()` with `serialize_precision = -1`.

use super::digits::{digits16, digits8, store, Digits};
use super::long::decimal_len;
use super::schubfach::{to_decimal_fast, to_decimal_slow, Decimal};
use crate::Sink;

/// 2^53: below it every integral double is printed as that integer.
const TWO53: f64 = 9_007_199_254_740_992.0;

/// Bytes the layout's fixed-size stores may touch: at most 44 past the
/// start (sign, 17 integer digits, the point and a 24-byte copy of the
/// fraction).
const SCRATCH: usize = 48;

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
            write_integral(out, i as u64, negative, preserve_zero_fraction);
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

/// An integral double `n < 2^53` (`-` when `negative`, `.0` when `pzf`).
/// Like [`write_decimal`]: the exact length is reserved when the sink must
/// grow, and fixed-size stores (at most 27 bytes) go straight into the
/// sink when it has [`SCRATCH`] spare bytes.
#[inline(always)]
fn write_integral<S: Sink>(out: &mut S, n: u64, negative: bool, pzf: bool) {
    let digits = decimal_len(n);
    let total = usize::from(negative) + digits + 2 * usize::from(pzf);
    if out.spare() >= SCRATCH {
        // SAFETY: `spare() >= SCRATCH` bytes are writable at `spare_ptr()`;
        // `emit_integral` writes at most 27 and its first `total` are the
        // text.
        unsafe {
            emit_integral(out.spare_ptr(), n, digits, negative);
            out.commit(total);
        }
    } else {
        write_integral_tight(out, n, digits, negative, total);
    }
}

/// [`write_integral`] with less than [`SCRATCH`] spare bytes.
#[cold]
#[inline(never)]
fn write_integral_tight<S: Sink>(out: &mut S, n: u64, digits: usize, negative: bool, total: usize) {
    out.reserve(total);
    let mut tmp = [0u8; SCRATCH];
    // SAFETY: `tmp` has SCRATCH writable bytes.
    unsafe { emit_integral(tmp.as_mut_ptr(), n, digits, negative) };
    out.extend(tmp.get(..total).unwrap_or(&[]));
}

/// `[-]DIGITS.0` of `n` (`digits` = its digit count, 1..=16) at `dst`;
/// the caller commits the part it needs.
///
/// # Safety
/// `dst..dst + 27` must be writable.
#[inline(always)]
unsafe fn emit_integral(dst: *mut u8, n: u64, digits: usize, negative: bool) {
    // SAFETY: (all writes) within dst + 1 + 16 + 8 + 2 <= dst + 27.
    unsafe {
        dst.write(b'-');
        let p = dst.add(usize::from(negative));
        if n < 100_000_000 {
            // The 8 digits with leading zeros, the zeros shifted out:
            // byte 0 of the value is the first digit in memory.
            let shift = 64usize.wrapping_sub(8 * digits) & 63;
            let w = (digits8(n) | 0x3030_3030_3030_3030) >> shift;
            p.cast::<u64>().write_unaligned(w.to_le());
        } else {
            // Up to 16 digits: the zero-padded 16, from the first
            // significant one.
            let hi = n / 100_000_000;
            let (text, _) = digits16(hi, n.wrapping_sub(hi * 100_000_000));
            let mut buf = [b'0'; 32];
            store(text, buf.as_mut_ptr());
            core::ptr::copy_nonoverlapping(
                buf.as_ptr().add(16usize.wrapping_sub(digits) & 15),
                p,
                16,
            );
        }
        p.add(digits).cast::<[u8; 2]>().write_unaligned(*b".0");
    }
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

/// Lay out `d` (17 digits and the point position) the way
/// `zend_gcvt(value, 17, '.', 'e', buf)` does, plus the ".0" of
/// PRESERVE_ZERO_FRACTION.
///
/// The length is known before anything is written, so when the sink must
/// grow it reserves exactly that, as stock's `smart_str_appendl` does (the
/// output buffer grows by exact need, so reserving more would move its
/// growth points). The text is written with fixed-size copies that may run
/// past it: straight into the sink when it has [`SCRATCH`] spare bytes
/// (nearly always), else into a local array that is then appended.
#[inline(always)]
fn write_decimal<S: Sink>(out: &mut S, d: Decimal, negative: bool, pzf: bool) {
    let hi = d.sig16 / 100_000_000;
    let (text, nonzero) = digits16(hi, d.sig16.wrapping_sub(hi * 100_000_000));
    // lead is 0 or 1; the mask keeps wrong input in bounds.
    let lead = (d.lead & 1) as usize;
    // Significant digits from the first one: through d17 when it is not 0,
    // else through the last non-zero digit of sig16.
    // (`| 1` cannot change the highest set bit, the first significant
    // digit's at the latest, but lets the compiler drop the zero case.)
    let through = if d.d17 != 0 {
        17
    } else {
        32 - (nonzero | 1).leading_zeros() as usize
    };
    let nd = through.wrapping_sub(lead);
    let decpt = d.decpt();
    let len = if (-3..=17).contains(&decpt) {
        // Integer part of ip = max(decpt, 1) bytes ("0" for decpt <= 0),
        // then the point and the fraction unless it is empty (an integer:
        // the point and a '0' only for PRESERVE_ZERO_FRACTION).
        let ip = if decpt >= 1 { decpt } else { 1 };
        if nd as i32 > decpt {
            (ip + 1 + nd as i32 - decpt) as usize
        } else {
            ip as usize + 2 * usize::from(pzf)
        }
    } else {
        // D.DDDe±X or D.0e±X
        let ae = (decpt - 1).unsigned_abs();
        let m = if nd > 1 { nd + 1 } else { 3 };
        m + 3 + usize::from(ae >= 10) + usize::from(ae >= 100)
    };
    let total = usize::from(negative) + len;
    // SCRATCH > total, so with that much spare the exact reservation would
    // be a no-op.
    if out.spare() >= SCRATCH {
        // SAFETY: `spare() >= SCRATCH` bytes are writable at `spare_ptr()`
        // (the sink is not touched until the commit), and `emit` writes
        // only within SCRATCH bytes; its first `total` are the text.
        unsafe {
            emit(out.spare_ptr(), &text, d.d17, lead, nd, decpt, negative);
            out.commit(total);
        }
    } else {
        emit_tight(out, &text, d.d17, lead, nd, decpt, negative, total);
    }
}

/// [`write_decimal`]'s rare case: less than [`SCRATCH`] spare bytes.
/// Reserves exactly `total` (growing the buffer as stock would), then
/// writes directly if that left enough room, else through a local array.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn emit_tight<S: Sink>(
    out: &mut S,
    text: &Digits,
    d17: u64,
    lead: usize,
    nd: usize,
    decpt: i32,
    negative: bool,
    total: usize,
) {
    out.reserve(total);
    if out.spare() >= SCRATCH {
        // SAFETY: as in `write_decimal`.
        unsafe {
            emit(out.spare_ptr(), text, d17, lead, nd, decpt, negative);
            out.commit(total);
        }
    } else {
        let mut tmp = [0u8; SCRATCH];
        // SAFETY: `tmp` has SCRATCH writable bytes.
        unsafe { emit(tmp.as_mut_ptr(), text, d17, lead, nd, decpt, negative) };
        out.extend(tmp.get(..total).unwrap_or(&[]));
    }
}

/// Write the text of [`write_decimal`] at `dst`: its length is computed
/// there; bytes after it are scratch.
///
/// The 17-digit field (16 digits from one SSE2 register, then `d17`) goes
/// after four '0's in a local buffer; the digits proper start at `b = 4 +
/// lead`. Each form is then a few fixed-size copies at offsets computed
/// from `decpt` and `nd`: no loops and no branches on the digits, and the
/// zeros after the digits serve as the padding of integers and as the '0'
/// of ".0". The fixed forms (`decpt` in -3..=17) are one branch-free case:
/// the integer part `buf[start..b + decpt]`, where `start = min(b, b - 1 +
/// decpt)` also takes the single `0` of `0.000DDD` (for `decpt <= 0` the
/// bytes before `b` are zeros), the point, then the fraction from `buf[b +
/// decpt..]`.
///
/// # Safety
/// `dst..dst + SCRATCH` must be writable.
#[inline(always)]
unsafe fn emit(
    dst: *mut u8,
    text: &Digits,
    d17: u64,
    lead: usize,
    nd: usize,
    decpt: i32,
    negative: bool,
) {
    let mut buf = [b'0'; 48];
    // SAFETY: (all writes below) dst has SCRATCH >= 44 writable bytes; the
    // bounds are noted per case; reads stay below 46 <= buf.len(); `buf` is
    // a local array, so no copy overlaps.
    unsafe {
        store(*text, buf.as_mut_ptr().add(4));
        // d17 <= 9 for every Decimal; the mask keeps wrong input from
        // producing anything but a digit-like byte.
        buf[20] = b'0' + (d17 as u8 & 15);
        dst.write(b'-');
        let p = dst.add(usize::from(negative));
        let src = buf.as_ptr();
        let b = 4 + (lead & 1);
        if (-3..=17).contains(&decpt) {
            // Integer part (ip bytes, 1..=17) from buf[start..], the point,
            // then the fraction from buf[b + decpt..] (at most 20 digits).
            // Writes p[0..24] and p[ip + 1..ip + 25], ip <= 17; reads
            // buf[..46].
            let dp = (b as i32 + decpt) as usize;
            let start = if decpt >= 1 { b } else { dp - 1 };
            let ip = dp - start;
            core::ptr::copy_nonoverlapping(src.add(start), p, 24);
            p.add(ip).write(b'.');
            core::ptr::copy_nonoverlapping(src.add(dp), p.add(ip + 1), 24);
        } else {
            // D.DDDe±X, or D.0e±X for a single digit (buf[b + 1] is then a
            // padding '0'). Writes p[0..18] and at most 5 bytes from p[m],
            // m <= 18.
            p.write(*src.add(b));
            p.add(1).write(b'.');
            core::ptr::copy_nonoverlapping(src.add(b + 1), p.add(2), 16);
            let m = if nd > 1 { nd + 1 } else { 3 };
            write_exponent(p.add(m), decpt - 1);
        }
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
