//! decode::number on ten million random tokens against core's correctly
//! rounded `str::parse::<f64>` (zend_strtod is correctly rounded too, so a
//! correct parse has the same bits): random double bits spelled with 17
//! significant digits and with N = 1..=17 (`%.Ng`-like, exponent form),
//! Rust's shortest spelling, random long digit strings (any point, any
//! exponent), and short mantissas with exponents at the subnormal and
//! overflow edges. Each token is also parsed as a prefix of a longer input
//! (a following `,`), where the match must stop before it, and with 40
//! more bytes after that (the quick path's window).
//!
//! Release builds only (`make test-core` runs `cargo test --release`):
//! ten million string round trips take minutes unoptimised.

#[path = "../examples/decode_leaf/random.rs"]
#[allow(dead_code)]
mod random;

use random::{digits, number_token, Rng};
use rustjson_core::decode::number::{parse, parse_prefix, Number};

const CASES: u64 = 10_000_000;

/// The token's value by both entry points, as bits, or `None` for an int.
fn ours(token: &str) -> Option<u64> {
    let bits = match parse(token.as_bytes(), false) {
        Number::Double(v) => Some(v.to_bits()),
        Number::Int(_) => None,
        Number::BigIntString(_) => panic!("{token}: string without the flag"),
    };
    let mut longer = token.as_bytes().to_vec();
    longer.push(b',');
    let (n, len) = parse_prefix(&longer, false).expect("a number");
    assert_eq!(len, token.len(), "{token}");
    let again = match n {
        Number::Double(v) => Some(v.to_bits()),
        _ => None,
    };
    assert_eq!(bits, again, "{token}");
    // With 40 more bytes after it the token takes the quick path when it
    // has the common shape (see decode_number_quick.rs).
    longer.extend_from_slice(b"1234567890123456789012345678901234567890");
    let (n, len) = parse_prefix(&longer, false).expect("a number");
    assert_eq!(len, token.len(), "{token}");
    let quick = match n {
        Number::Double(v) => Some(v.to_bits()),
        _ => None,
    };
    assert_eq!(bits, quick, "{token}");
    bits
}

fn check(token: &str, diffs: &mut u64) {
    let want = token.parse::<f64>().expect("valid token").to_bits();
    match ours(token) {
        Some(got) if got == want => {}
        None if !token.contains(['.', 'e', 'E']) => {}
        got => {
            *diffs += 1;
            if *diffs <= 20 {
                eprintln!("DIFF {token}: got {got:?}, want {want:#x}");
            }
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only (ten million cases)")]
fn ten_million_random_tokens() {
    let mut rng = Rng(0x5EED_0018_D0B1_E5E5);
    let mut diffs = 0u64;
    let mut count = 0u64;
    while count < CASES {
        let kind = rng.below(9);
        let token = match kind {
            // Random bits, 17 significant digits.
            0 | 1 => {
                let x = f64::from_bits(rng.next());
                if !x.is_finite() {
                    continue;
                }
                format!("{x:.16e}")
            }
            // Random bits, N = 1..=17 significant digits.
            2 | 3 => {
                let x = f64::from_bits(rng.next());
                if !x.is_finite() {
                    continue;
                }
                let n = 1 + rng.below(17) as usize;
                format!("{x:.*e}", n - 1)
            }
            // Random bits, shortest round trip, in plain notation when
            // the exponent is moderate (a point inside the digits).
            4 => {
                let x = f64::from_bits(rng.next());
                if !x.is_finite() {
                    continue;
                }
                if (1e-5..1e15).contains(&x.abs()) {
                    let s = format!("{x}");
                    if s.contains('.') {
                        s
                    } else {
                        format!("{s}.0")
                    }
                } else {
                    format!("{x:e}")
                }
            }
            // canada.json's shape: doubles between 2^-10 and 2^50 in plain
            // notation with 17 significant digits (sometimes 15 or 16).
            8 => {
                let bits = ((1013 + rng.below(60)) << 52) | (rng.next() & ((1 << 52) - 1));
                let x = f64::from_bits(bits | (rng.below(2) << 63));
                let int_digits = x.abs().log10().floor() as i64 + 1;
                let prec = (17 - int_digits - rng.below(3) as i64).max(1) as usize;
                format!("{x:.prec$}")
            }
            // Long and short digit strings, any point, any exponent.
            5 => number_token(&mut rng),
            // Up to 19 (sometimes 25) digits at the subnormal edge.
            6 => {
                let most = if rng.below(4) == 0 { 25 } else { 19 };
                let nd = 1 + rng.below(most) as usize;
                let e = -345 + rng.below(40) as i64;
                let neg = if rng.below(2) == 0 { "-" } else { "" };
                format!("{neg}{}e{e}", digits(&mut rng, nd, true))
            }
            // ... and at the overflow edge, with a point somewhere.
            _ => {
                let nd = 2 + rng.below(18) as usize;
                let d = digits(&mut rng, nd, true);
                let at = 1 + rng.below(nd as u64 - 1) as usize;
                let e = 290 + rng.below(30) as i64;
                format!("{}.{}E+{e}", &d[..at], &d[at..])
            }
        };
        check(&token, &mut diffs);
        count += 1;
    }
    assert_eq!(diffs, 0, "{diffs} of {CASES} tokens differ");
}
