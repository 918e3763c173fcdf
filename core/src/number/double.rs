//! `php_json_encode_double()` with `serialize_precision = -1`.

use super::layout::{layout_fast, layout_slow, put_text, DigitBuf, TextBuf, FAST_DIGITS};
use super::long::u64_digits;
use super::Spare;
use crate::Sink;

/// The precision `zend_gcvt()` uses for its layout decision in mode 0.
const MODE0_NDIGIT: i32 = 17;

/// Parse a decimal text such as zmij writes (`123.45`, `100.0`,
/// `0.00012`, `1.5e-7`, `5e+22`; no sign) into significant digits and
/// `decpt` (value = 0.DIGITS × 10^decpt).
///
/// The digits go to `digits[..nd]` without leading or trailing zeros; the
/// rest of `digits` keeps its `b'0'` fill. Returns `(nd, decpt)`; `nd == 0`
/// means the text was zero. Total: any input gives some result, bytes that
/// are not part of the grammar are skipped, and at most `digits.len()`
/// digits are kept.
#[inline(always)]
fn parse_decimal(s: &[u8], digits: &mut DigitBuf) -> (usize, i32) {
    let mut nd = 0usize;
    let mut int_digits = 0i32;
    let mut leading_zeros = 0i32;
    let mut seen_dot = false;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'e' || c == b'E' {
            break;
        }
        if c == b'.' {
            seen_dot = true;
        } else if c.is_ascii_digit() {
            int_digits += i32::from(!seen_dot);
            if nd == 0 && c == b'0' {
                leading_zeros += 1;
            } else if nd < digits.len() {
                digits[nd] = c;
                nd += 1;
            }
        }
        i += 1;
    }
    let mut exp = 0i32;
    let mut exp_negative = false;
    i += 1;
    if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
        exp_negative = s[i] == b'-';
        i += 1;
    }
    while i < s.len() {
        let c = s[i];
        if c.is_ascii_digit() && exp < 100_000 {
            exp = exp * 10 + i32::from(c - b'0');
        }
        i += 1;
    }
    if exp_negative {
        exp = -exp;
    }
    while nd > 0 && digits[nd - 1] == b'0' {
        nd -= 1;
    }
    (nd, int_digits - leading_zeros + exp)
}

/// 2^53: below it every integral double is printed as that integer.
const TWO53: f64 = 9_007_199_254_740_992.0;

/// `zend_gcvt()` lays out decpt -3..=17 in fixed form. A double's shortest
/// digits have decpt <= 17 exactly when it is below 1e17 (an exact double),
/// and decpt >= -3 exactly when it is at least the double nearest 1e-4
/// (rounding intervals of distinct doubles do not overlap, so no double
/// other than `1e-4` itself can have shortest digits >= 1e-4 if it is below
/// it, and vice versa).
const FIXED_MIN: f64 = 1e-4;
const FIXED_END: f64 = 1e17;

/// zmij's own fixed-notation range is decimal exponent -5..=15, i.e.
/// [double(1e-5), 1e16) by the same argument. Inside [FIXED_MIN, ZMIJ_FIXED_END)
/// zmij's fixed text is PHP's text (up to integers' ".0"); outside
/// [ZMIJ_FIXED_MIN, FIXED_END) both are exponential. The shape of the text
/// is still checked, and anything unexpected goes through the general path.
const ZMIJ_FIXED_MIN: f64 = 1e-5;
const ZMIJ_FIXED_END: f64 = 1e16;

/// Does `s` end in an exponent suffix (`e+5` .. `e-324`)?
///
/// Branch-free over the bytes (one 4-byte word, SWAR zero-byte test): the
/// text was stored by zmij just before, so a mispredicted branch on one of
/// its bytes waits for zmij's whole latency and then flushes the work that
/// was already under way for the next value. Per-byte tests compiled to
/// branches (the exponent length varies) cost about 8 ns per double on
/// random input.
#[inline(always)]
fn has_exponent(s: &[u8]) -> bool {
    let l = s.len();
    if l < 5 {
        // The shortest exponential text is `De-X` (4 bytes).
        return l == 4 && s[1] == b'e';
    }
    let w = match s.get(l - 5..l - 1) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => 0,
    };
    // Bytes l-5, l-4, l-3 (the possible 'e' positions); l-2 is masked out.
    let x = (w ^ 0x6565_6565) | 0xff00_0000;
    (x.wrapping_sub(0x0101_0101) & !x & 0x8080_8080) != 0
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
    if !value.is_finite() {
        // What php_json_encode_zval writes for INF/NAN (never with ".0").
        out.push(b'0');
        return;
    }
    let negative = value.is_sign_negative();
    let a = value.abs();

    // Integral values below 2^53, zeros included: the shortest digits are
    // the integer itself (decpt <= 16), laid out without a '.'.
    let i = a as i64;
    if a < TWO53 && i as f64 == a {
        let (digits, len) = u64_digits(i.unsigned_abs());
        // At most 1 + 20 + 2 bytes.
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

    let mut buffer = zmij::Buffer::new();
    let s = buffer.format_finite(a).as_bytes();
    // zmij texts are at most 24 bytes; with the sign and ".0" at most 27.
    // Everything below branches on `a` and on shape checks that always hold
    // for zmij's output, and the output length never depends on the text's
    // bytes through a select, only through predictable branches (see
    // `has_exponent`).
    if (FIXED_MIN..ZMIJ_FIXED_END).contains(&a) {
        // Fixed in both: identical, except that zmij ends integers in ".0"
        // (a non-integer's shortest digits never end in 0), which PHP only
        // has with PRESERVE_ZERO_FRACTION. Integers below 2^53 took the
        // integer path, and every double >= 2^53 is an integer.
        // (Only the rare integers >= 2^53 branch on the text's bytes.)
        if !has_exponent(s) && s.len() >= 3 && (a < TWO53 || s.ends_with(b".0")) {
            let strip = usize::from(a >= TWO53 && !preserve_zero_fraction) * 2;
            let mut w = Spare::<S, 32>::new(out);
            w.push_if(b'-', negative);
            w.extend(&s[..s.len() - strip]);
            w.finish();
            return;
        }
    } else if !(ZMIJ_FIXED_MIN..FIXED_END).contains(&a) {
        // Exponential in both: `D.DDDe±X` is identical; a single digit
        // `De±X` becomes `D.0e±X`. The exponent is never padded in either.
        if has_exponent(s) && s.len() >= 4 {
            // Two separate paths rather than a select: the output length
            // must not depend on the text's bytes (see `has_exponent`).
            if s[1] == b'.' {
                let mut w = Spare::<S, 32>::new(out);
                w.push_if(b'-', negative);
                w.extend(s);
                w.finish();
                return;
            }
            if s[1] == b'e' {
                write_single_digit_exponential(out, s, negative);
                return;
            }
        }
    }
    // [1e16, 1e17) (exponential in zmij, a 17-digit integer in PHP),
    // [1e-5, 1e-4) (fixed in zmij, exponential in PHP) and any unexpected
    // shape: parse the digits back and lay them out.
    write_parsed(out, s, negative, preserve_zero_fraction);
}

/// `De±X` (zmij) → `D.0e±X` (PHP).
#[inline(never)]
fn write_single_digit_exponential<S: Sink>(out: &mut S, s: &[u8], negative: bool) {
    let mut w = Spare::<S, 32>::new(out);
    w.push_if(b'-', negative);
    w.push(s[0]);
    w.push(b'.');
    w.push(b'0');
    w.extend(&s[1..]);
    w.finish();
}

/// General path: digits and decpt from `s` (zmij's text of |value|, value
/// non-zero), then the `zend_gcvt()` layout.
#[inline(never)]
fn write_parsed<S: Sink>(out: &mut S, s: &[u8], negative: bool, preserve_zero_fraction: bool) {
    let mut digits: DigitBuf = [b'0'; 33];
    let (nd, decpt) = parse_decimal(s, &mut digits);
    // Fixed integer form: 1 <= nd <= decpt <= 17.
    let integral = nd == 0 || (decpt <= MODE0_NDIGIT && decpt >= nd as i32);
    if nd == 0 || nd > FAST_DIGITS {
        // Not reachable for zmij output of a non-zero double (it has
        // 1..=17 significant digits); handled for totality.
        let d: &[u8] = if nd == 0 { b"0" } else { &digits[..nd] };
        let decpt = if nd == 0 { 1 } else { decpt };
        layout_slow(out, d, decpt, negative, MODE0_NDIGIT);
    } else {
        let mut text: TextBuf = [0; 64];
        let n = layout_fast(&mut text, &digits, nd, decpt, negative, MODE0_NDIGIT);
        put_text(out, &text, n);
    }
    if preserve_zero_fraction && integral {
        out.extend(b".0");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> (String, i32) {
        let mut d: DigitBuf = [b'0'; 33];
        let (nd, decpt) = parse_decimal(s.as_bytes(), &mut d);
        assert!(d[nd..].iter().all(|&c| c == b'0'));
        (String::from_utf8(d[..nd].to_vec()).unwrap(), decpt)
    }

    #[test]
    fn parse_shapes() {
        assert_eq!(parse("123.45"), ("12345".into(), 3));
        assert_eq!(parse("100.0"), ("1".into(), 3));
        assert_eq!(parse("0.00012"), ("12".into(), -3));
        assert_eq!(parse("0.5"), ("5".into(), 0));
        assert_eq!(parse("1.5e-7"), ("15".into(), -6));
        assert_eq!(parse("5e+22"), ("5".into(), 23));
        assert_eq!(parse("5e-324"), ("5".into(), -323));
        assert_eq!(
            parse("1.7976931348623157e+308"),
            ("17976931348623157".into(), 309)
        );
        assert_eq!(parse("0.0").0, "");
        assert_eq!(parse("12e05"), ("12".into(), 7));
        assert_eq!(parse("junk").0, "");
    }

    #[test]
    fn exponent_detection() {
        for t in [
            "5e-7",
            "5e+22",
            "1.5e-7",
            "1.2345e+308",
            "5e-324",
            "1.7976931348623157e+308",
        ] {
            assert!(has_exponent(t.as_bytes()), "{t}");
        }
        for t in [
            "0",
            "0.5",
            "0.25",
            "123.45",
            "100.0",
            "12345678.9",
            "0.0001234",
            "1e",
            "ee",
        ] {
            assert!(!has_exponent(t.as_bytes()), "{t}");
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
