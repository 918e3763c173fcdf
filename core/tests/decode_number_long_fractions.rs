//! The quick number path's wide shapes (canada.json's): an integer part of
//! 1-4 digits and a fraction that makes 16-19 significant digits, so that
//! the digits exceed 2^53 and the value goes through `wide::to_f64` (the
//! 128-bit product and its 64-bit rounding decision). Each token is read
//! by `parse_prefix` as the parser reads it (followed by more document) and
//! compared with core's correctly rounded `str::parse::<f64>`:
//!
//! - random digits in those shapes;
//! - the points halfway between two neighbouring doubles, cut to the
//!   shape's digit count, and one unit of the last digit above: the
//!   decimals nearest to a rounding boundary that the shape can spell, the
//!   cases the rounding decision must leave to the exact interval check.

#[path = "../examples/decode_leaf/random.rs"]
#[allow(dead_code)]
mod random;

use random::{digits, Rng};
use rustjson_core::decode::number::{parse_prefix, Number};

/// `token` followed by a comma and more digits (the quick path's window):
/// the same bits as `str::parse`, and the whole token matched.
fn check(token: &str) {
    let input = format!("{token},12345678901234567890123456789012345678901234");
    let want = token.parse::<f64>().expect("valid token").to_bits();
    match parse_prefix(input.as_bytes(), false) {
        Some((Number::Double(v), len)) => {
            assert_eq!(len, token.len(), "{token}: length");
            assert_eq!(
                v.to_bits(),
                want,
                "{token}: {v:e} vs {:e}",
                f64::from_bits(want)
            );
        }
        other => panic!("{token}: {other:?}"),
    }
}

/// The exact decimal expansion of a finite positive double, as integer
/// digits and fraction digits (Rust prints the exact value when asked for
/// enough places; a double of at least 1 has at most 52 fraction digits).
fn exact(x: f64) -> (String, String) {
    let s = format!("{x:.60}");
    let (int, frac) = s.split_once('.').expect("a point");
    (int.to_string(), frac.to_string())
}

/// (a + b) / 2 of two decimals given as equal-length digit strings (the
/// point at the same place), exactly: one more digit.
fn midpoint(a: &str, b: &str) -> String {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    // Sum, least significant digit first.
    let mut sum = Vec::with_capacity(a.len() + 1);
    let mut carry = 0;
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        let d = (x - b'0') + (y - b'0') + carry;
        sum.push(d % 10);
        carry = d / 10;
    }
    sum.push(carry);
    // Halve, most significant digit first; the last remainder (0 or 5)
    // is the extra digit.
    let mut out = String::with_capacity(sum.len() + 1);
    let mut rem = 0;
    for &d in sum.iter().rev() {
        let v = rem * 10 + d;
        out.push(char::from(b'0' + v / 2));
        rem = v % 2;
    }
    out.push(char::from(b'0' + rem * 5));
    out
}

#[test]
fn random_digits_in_the_wide_shapes() {
    let mut rng = Rng(0x5EED_0017_CA4A_DA00);
    for _ in 0..400_000 {
        let n = 1 + rng.below(4) as usize;
        let total = 16 + rng.below(4) as usize;
        let mut t = String::new();
        if rng.below(2) == 0 {
            t.push('-');
        }
        t.push_str(&digits(&mut rng, n, true));
        t.push('.');
        t.push_str(&digits(&mut rng, total - n, false));
        check(&t);
    }
}

#[test]
fn halfway_points_cut_to_the_wide_shapes() {
    let mut rng = Rng(0x4A1F_0017_0000_0002);
    for _ in 0..200_000 {
        // A double in [10^(n-1), 10^n) and its upper neighbour.
        let n = 1 + rng.below(4) as i32;
        let lo = 10f64.powi(n - 1);
        let x = lo + (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * (10.0 * lo - lo);
        let next = f64::from_bits(x.to_bits() + 1);
        let ((xi, xf), (ni, nf)) = (exact(x), exact(next));
        if xi.len() != ni.len() || xi.len() != n as usize {
            continue;
        }
        // The halfway point's digits, the point after the first n.
        let mid = midpoint(&format!("{xi}{xf}"), &format!("{ni}{nf}"));
        // The sum's extra leading digit is 0 here (same integer length).
        let mid = &mid[1..];
        for total in 16..=19usize {
            let cut = &mid[..total];
            let up = (cut.parse::<u64>().expect("digits") + 1).to_string();
            for digits in [cut.to_string(), up] {
                if digits.len() != total {
                    continue;
                }
                let (int, frac) = digits.split_at(n as usize);
                let sign = if rng.below(2) == 0 { "-" } else { "" };
                check(&format!("{sign}{int}.{frac}"));
            }
        }
    }
}
