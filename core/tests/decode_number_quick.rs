//! decode::number's quick path (a token with at least 40 bytes of input
//! from its start: integer part up to 15 digits, fraction up to 16, 19 in
//! all, no exponent; read eight digits at a time) against the general scan
//! (the same token alone: fewer than 40 bytes) and against core's
//! correctly rounded `str::parse::<f64>`: every integer-part length 1-17
//! and fraction length 0-20 (the SWAR chunk edges 7/8/9 and 15/16/17, the
//! 19-digit limit), with and without a sign and an exponent, followed by
//! bytes that must not be read as part of the token; halfway points
//! between doubles with 17-19 significant digits and their neighbours.

#[path = "../examples/decode_leaf/random.rs"]
#[allow(dead_code)]
mod random;

use random::{digits, Rng};
use rustjson_core::decode::number::{parse, parse_prefix, Number};

/// A comparable form of a Number (doubles by their bits).
fn key(n: Number<'_>) -> (u8, u64, Vec<u8>) {
    match n {
        Number::Int(i) => (0, i as u64, Vec::new()),
        Number::Double(d) => (1, d.to_bits(), Vec::new()),
        Number::BigIntString(s) => (2, 0, s.to_vec()),
    }
}

/// The token through the general scan (alone, under 40 bytes) and through
/// `parse_prefix` with each tail (40+ bytes: the quick path): the same
/// value and length; a double also equals `str::parse`.
fn check(token: &str) {
    assert!(
        token.len() < 40,
        "{token}: too long for the general-scan reference"
    );
    for bigint in [false, true] {
        let want = key(parse(token.as_bytes(), bigint));
        // The match may stop early (`01`, `1.`, `1e+`): its length then.
        let (_, want_len) = parse_prefix(token.as_bytes(), bigint).expect("a number");
        if want.0 == 1 && want_len == token.len() {
            let std = token.parse::<f64>().expect("valid token").to_bits();
            assert_eq!(want.1, std, "{token}: general scan vs str::parse");
        }
        for tail in [
            ",1111111111111111111111111111111111111111",
            "]                                       ",
            "}0123456789012345678901234567890123456789",
            ".x.......................................",
            "e+.......................................",
            "\"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
        ] {
            let input = format!("{token}{tail}");
            let (n, len) = parse_prefix(input.as_bytes(), bigint).expect("a number");
            assert_eq!(len, want_len, "{input:?}");
            assert_eq!(key(n), want, "{input:?}");
        }
    }
}

#[test]
fn every_shape_around_the_chunk_edges() {
    let mut rng = Rng(0x0051_4D41_D161_7315);
    for int_len in 1..=17usize {
        for frac_len in 0..=20usize {
            for _ in 0..40 {
                let int = if int_len == 1 && rng.below(4) == 0 {
                    "0".to_string()
                } else {
                    digits(&mut rng, int_len, true)
                };
                let mut t = String::new();
                if rng.below(2) == 0 {
                    t.push('-');
                }
                t.push_str(&int);
                if frac_len > 0 {
                    t.push('.');
                    // Leading zeros now and then (0.000123 shapes).
                    let zeros = if rng.below(3) == 0 {
                        rng.below(frac_len as u64 + 1) as usize
                    } else {
                        0
                    };
                    t.push_str(&"0".repeat(zeros));
                    t.push_str(&digits(&mut rng, frac_len - zeros, false));
                }
                if t.len() < 34 && rng.below(5) == 0 {
                    let e = *rng.pick(&["e5", "E-3", "e+22", "e-308", "E400", "e-400", "e0"]);
                    t.push_str(e);
                }
                if t.len() < 40 {
                    check(&t);
                }
            }
        }
    }
}

#[test]
fn fixed_edges() {
    for t in [
        "0",
        "-0",
        "0.0",
        "-0.0",
        "0.00000000000000000",
        "-0.0000000000000000001",
        "1",
        "-1",
        "12345678",
        "123456789",
        "1234567890123456",
        "999999999999999",
        "-999999999999999",
        "1000000000000000",
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "9007199254740992.0",
        "9007199254740993.0",
        "9007199254740993.00",
        "9007199254740994.9",
        "9007199254740995.0",
        "4503599627370496.5",
        "4503599627370497.5",
        "2251799813685248.25",
        "2251799813685248.75",
        "1125899906842624.125",
        "1125899906842624.375",
        "0.1",
        "0.30000000000000004",
        "-65.613616999999977",
        "123.4567890123456789",
        "1234567.8901234567",
        "12345678.901234567",
        "123456789012345.6789",
        "1.7976931348623157",
        "179769313486231570.0",
        "18446744073709551615.0",
        "9999999999999999999.0",
        "999999999999999.9999",
        "01",
        "-01.5",
        "0.e1",
        "1.",
        "1.e5",
        "1e",
        "1E+",
        "00.5",
    ] {
        check(t);
    }
}

#[test]
fn halfway_points_and_neighbours() {
    // Doubles in [2^50, 2^53) have ulps 1/8, 1/4, 1/2, 1: the halfway point
    // between two of them is an exact decimal of 17-19 significant digits.
    let mut rng = Rng(0x4A1F_0000_0000_0001);
    for _ in 0..200_000 {
        let e = 50 + rng.below(4) as i32; // the binade [2^e, 2^(e+1))
        let m = (1u64 << 52) | (rng.next() & ((1 << 52) - 1));
        // x = m * 2^(e-52); the halfway point above it is (2m+1) * 2^(e-53).
        let scale = 53 - e; // 0..=3 binary places
        let num = 2 * m + 1; // halfway = num / 2^scale
        let int = num >> scale;
        let frac_bits = num & ((1 << scale) - 1);
        // frac_bits / 2^scale in decimal: exactly `scale` digits.
        let frac = (frac_bits * 10u64.pow(scale as u32)) >> scale;
        let text = if scale == 0 {
            format!("{int}.0")
        } else {
            format!("{int}.{frac:0width$}", width = scale as usize)
        };
        check(&text);
        // One unit of the last digit either side, and one more digit.
        let digits_only: String = text.chars().filter(|c| *c != '.').collect();
        let point = text.find('.').expect("a point");
        let v: u64 = digits_only.parse().expect("digits");
        for w in [v - 1, v + 1] {
            let s = w.to_string();
            check(&format!("{}.{}", &s[..point], &s[point..]));
        }
        check(&format!("{text}1"));
        check(&format!("-{text}9"));
    }
}
