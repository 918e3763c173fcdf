//! The layout half of `zend_gcvt()` (Zend/zend_strtod.c): given the digits
//! and decimal-point position `zend_dtoa()` returned, write
//! `[-]D.DDDe±X`, `[-]0.000DDD`, `[-]DDD.DDD` or `[-]DDD000`.
//!
//! Rules (value = 0.DIGITS × 10^decpt):
//! - exponential when `(decpt >= 0 && decpt > ndigit) || decpt < -3`: first
//!   digit, `.`, the remaining digits or `0` if there are none, `e`, `+`/`-`,
//!   the exponent `decpt - 1` without leading zeros;
//! - `decpt < 0` (so -3..=-1): `0.`, `-decpt` zeros, the digits;
//! - otherwise: the first `decpt` digits, padded with `0` up to `decpt`; if
//!   digits remain, `.` (preceded by `0` when `decpt == 0`) and the rest.
//!
//! `zend_dtoa()` never returns an empty digit string (zero is "0" with
//! `decpt = 1`); [`gcvt_layout`] treats empty `digits` as "0" for the same
//! reason rather than reading past the end as the C code would.

use super::put_fixed;
use crate::Sink;

/// Longest digit string the fixed-size fast path handles (f64 shortest
/// round-trip digits are at most 17 long).
pub(super) const FAST_DIGITS: usize = 17;

/// Digits buffer of the fast path: the digits, then `b'0'` padding, so that
/// fixed-length copies of 17 digits from any offset <= 16 stay in bounds and
/// produce the zero padding the layout needs.
pub(super) type DigitBuf = [u8; 33];

/// Text buffer of the fast path. The longest fast-path text is 31 bytes
/// (`-` + 17 digits + `.` + `e-` + 10 exponent digits; in mode 0 at most 24,
/// `-1.2345678901234567e-308`);
/// the array is larger so that fixed-length copies at variable offsets stay
/// in bounds. Only the first [`TEXT_OUT`] bytes are ever moved to the sink.
pub(super) type TextBuf = [u8; 64];

/// Bytes moved into the sink per fast-path double.
pub(super) const TEXT_OUT: usize = 32;

/// Move the first `n` (<= [`TEXT_OUT`]) bytes of a fast-path text into `out`.
#[inline(always)]
pub(super) fn put_text<S: Sink>(out: &mut S, text: &TextBuf, n: usize) {
    if let Some(head) = text.first_chunk::<TEXT_OUT>() {
        put_fixed(out, head, n);
    }
}

/// Is this the exponential branch of `zend_gcvt()`?
#[inline(always)]
fn use_exponential(decpt: i32, ndigit: i32) -> bool {
    (decpt >= 0 && decpt > ndigit) || decpt < -3
}

/// Write the exponent's decimal digits (no sign, no padding) at `text[p..]`,
/// return the new end. `e < 10^10`.
#[inline(always)]
fn put_exponent(text: &mut TextBuf, p: usize, e: u64) -> usize {
    let d2 = &super::long::DIGITS2;
    if e < 10 {
        text[p] = b'0' + e as u8;
        p + 1
    } else if e < 100 {
        let r = e as usize * 2;
        text[p..p + 2].copy_from_slice(&d2[r..r + 2]);
        p + 2
    } else if e < 1000 {
        text[p] = b'0' + (e / 100) as u8;
        let r = (e % 100) as usize * 2;
        text[p + 1..p + 3].copy_from_slice(&d2[r..r + 2]);
        p + 3
    } else {
        // Only reachable through gcvt_layout with an absurd decpt.
        let len = match e.checked_ilog10() {
            Some(l) => l as usize + 1,
            None => 1,
        };
        let mut n = e;
        let mut i = p + len;
        while i > p {
            i -= 1;
            text[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        p + len
    }
}

/// Fast layout into a stack buffer; returns the text length.
///
/// Requires `1 <= nd <= FAST_DIGITS`, `digits[nd..]` all `b'0'`, and
/// `ndigit <= FAST_DIGITS as i32` (so the fixed form has at most 17 integer
/// digits). Under these conditions every index below is in bounds; the
/// result is at most 31.
#[inline(always)]
pub(super) fn layout_fast(
    text: &mut TextBuf,
    digits: &DigitBuf,
    nd: usize,
    decpt: i32,
    negative: bool,
    ndigit: i32,
) -> usize {
    text[0] = b'-';
    let mut p = usize::from(negative);
    if use_exponential(decpt, ndigit) {
        // D.DDDD or D.0 (digits[1] is the b'0' padding when nd == 1).
        text[p] = digits[0];
        text[p + 1] = b'.';
        text[p + 2..p + 18].copy_from_slice(&digits[1..17]);
        p += 2 + if nd > 1 { nd - 1 } else { 1 };
        let e = i64::from(decpt) - 1;
        text[p] = b'e';
        text[p + 1] = if e < 0 { b'-' } else { b'+' };
        put_exponent(text, p + 2, e.unsigned_abs())
    } else if decpt < 0 {
        // -3 <= decpt <= -1: "0." then -decpt zeros, then the digits.
        text[p..p + 5].copy_from_slice(b"0.000");
        p += 2 + decpt.unsigned_abs() as usize;
        text[p..p + 17].copy_from_slice(&digits[..17]);
        p + nd
    } else {
        // 0 <= decpt <= ndigit <= 17.
        let d = decpt as usize;
        if nd <= d {
            // Integer: the digits padded with zeros up to decpt.
            text[p..p + 17].copy_from_slice(&digits[..17]);
            p + d
        } else if d == 0 {
            text[p] = b'0';
            text[p + 1] = b'.';
            text[p + 2..p + 19].copy_from_slice(&digits[..17]);
            p + 2 + nd
        } else {
            // 1 <= d < nd <= 17: DDD.DDD
            text[p..p + 17].copy_from_slice(&digits[..17]);
            text[p + d] = b'.';
            text[p + d + 1..p + d + 17].copy_from_slice(&digits[d..d + 16]);
            p + nd + 1
        }
    }
}

/// Lay out given decimal digits the way `zend_gcvt` does: value =
/// 0.DIGITS × 10^decpt, `ndigit` is the precision used for the
/// exponential-vs-fixed decision (17 for mode 0), `negative` writes a `-`.
///
/// `digits` are ASCII digits as `zend_dtoa()` returns them (normally without
/// trailing zeros; any given are laid out as they are). An empty `digits`
/// is treated as "0".
pub fn gcvt_layout<S: Sink>(out: &mut S, digits: &[u8], decpt: i32, negative: bool, ndigit: i32) {
    let digits: &[u8] = if digits.is_empty() { b"0" } else { digits };
    if digits.len() <= FAST_DIGITS && ndigit <= FAST_DIGITS as i32 {
        let mut d: DigitBuf = [b'0'; 33];
        d[..digits.len()].copy_from_slice(digits);
        let mut text: TextBuf = [0; 64];
        let n = layout_fast(&mut text, &d, digits.len(), decpt, negative, ndigit);
        put_text(out, &text, n);
    } else {
        layout_slow(out, digits, decpt, negative, ndigit);
    }
}

/// Exact length of the exponent's digits.
fn exponent_len(e: u64) -> usize {
    match e.checked_ilog10() {
        Some(l) => l as usize + 1,
        None => 1,
    }
}

/// Push `n` copies of `b'0'`.
fn put_zeros<S: Sink>(out: &mut S, n: usize) {
    const Z: [u8; 64] = [b'0'; 64];
    let mut left = n;
    while left > 0 {
        let k = if left < Z.len() { left } else { Z.len() };
        out.extend(&Z[..k]);
        left -= k;
    }
}

/// General layout for long digit strings or large `ndigit` (dtoa mode 2 with
/// a big precision): plain `extend`s after one exact `reserve`.
/// `digits` is non-empty.
pub(super) fn layout_slow<S: Sink>(
    out: &mut S,
    digits: &[u8],
    decpt: i32,
    negative: bool,
    ndigit: i32,
) {
    let nd = digits.len();
    let sign = usize::from(negative);
    if use_exponential(decpt, ndigit) {
        let e = i64::from(decpt) - 1;
        let ea = e.unsigned_abs();
        let rest = if nd > 1 { nd - 1 } else { 1 };
        out.reserve(sign + 2 + rest + 2 + exponent_len(ea));
        if negative {
            out.push(b'-');
        }
        out.push(digits[0]);
        out.push(b'.');
        if nd > 1 {
            out.extend(&digits[1..]);
        } else {
            out.push(b'0');
        }
        out.push(b'e');
        out.push(if e < 0 { b'-' } else { b'+' });
        let mut text: TextBuf = [0; 64];
        let n = put_exponent(&mut text, 0, ea);
        out.extend(&text[..n]);
    } else if decpt < 0 {
        let z = decpt.unsigned_abs() as usize;
        out.reserve(sign + 2 + z + nd);
        if negative {
            out.push(b'-');
        }
        out.extend(b"0.");
        put_zeros(out, z);
        out.extend(digits);
    } else {
        let d = decpt as usize;
        if nd <= d {
            out.reserve(sign + d);
            if negative {
                out.push(b'-');
            }
            out.extend(digits);
            put_zeros(out, d - nd);
        } else {
            out.reserve(sign + usize::from(d == 0) + 1 + nd);
            if negative {
                out.push(b'-');
            }
            if d == 0 {
                out.push(b'0');
            }
            out.extend(&digits[..d]);
            out.push(b'.');
            out.extend(&digits[d..]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow(digits: &[u8], decpt: i32, neg: bool, ndigit: i32) -> String {
        let mut v = Vec::new();
        layout_slow(&mut v, digits, decpt, neg, ndigit);
        String::from_utf8(v).unwrap()
    }

    fn fast(digits: &[u8], decpt: i32, neg: bool, ndigit: i32) -> String {
        let mut v = b"x".to_vec();
        gcvt_layout(&mut v, digits, decpt, neg, ndigit);
        String::from_utf8(v[1..].to_vec()).unwrap()
    }

    /// The fast and the general path agree everywhere the fast path applies.
    #[test]
    fn fast_equals_slow() {
        let all = b"12345678901234567";
        let mut n = 0;
        for nd in 1..=17 {
            for decpt in -30..=30 {
                for ndigit in [-1, 0, 1, 2, 5, 15, 16, 17] {
                    for neg in [false, true] {
                        let d = &all[..nd];
                        assert_eq!(
                            fast(d, decpt, neg, ndigit),
                            slow(d, decpt, neg, ndigit),
                            "{nd} {decpt} {ndigit} {neg}"
                        );
                        n += 1;
                    }
                }
            }
        }
        for decpt in [
            i32::MIN,
            i32::MIN + 1,
            -1_000_000_000,
            999_999_999,
            i32::MAX,
        ] {
            assert_eq!(fast(b"12", decpt, true, 17), slow(b"12", decpt, true, 17));
        }
        assert!(n > 10_000);
    }

    #[test]
    fn extremes_do_not_panic() {
        assert_eq!(fast(b"1", i32::MIN, false, 17), "1.0e-2147483649");
        assert_eq!(fast(b"1", i32::MAX, true, 17), "-1.0e+2147483646");
        assert_eq!(fast(b"", 1, false, 17), "0");
        assert_eq!(fast(b"0", 1, false, 0), "0.0e+0");
        assert_eq!(fast(b"2", 1, false, 0), "2.0e+0");
    }

    #[test]
    fn slow_path_long_digits() {
        // 30 digits, decpt 40 with ndigit 100: fixed, padded with zeros.
        let d = b"123456789012345678901234567891";
        let s = fast(d, 40, false, 100);
        assert_eq!(
            s,
            format!("{}{}", "123456789012345678901234567891", "0".repeat(10))
        );
        assert_eq!(
            fast(d, 0, true, 100),
            format!("-0.{}", "123456789012345678901234567891")
        );
        assert_eq!(fast(d, 3, false, 100), "123.456789012345678901234567891");
        assert_eq!(
            fast(d, -2, false, 100),
            "0.00123456789012345678901234567891"
        );
        assert_eq!(
            fast(d, 101, false, 100),
            "1.23456789012345678901234567891e+100"
        );
        assert_eq!(fast(b"1", 309, false, 400), format!("1{}", "0".repeat(308)));
    }
}
