//! decode::number against core's correctly rounded `str::parse::<f64>` on
//! random tokens of every shape (1-40 digits, any point position, exponents
//! from tiny to huge), and on Rust's own shortest and 17-digit spellings of
//! random doubles. PHP agreement on the same shapes is checked by
//! tools/decode/leaf_check.sh; this pins the three parsing tiers to each other.

#[path = "../examples/decode_leaf/random.rs"]
#[allow(dead_code)]
mod random;

use random::{number_token, Rng};
use rustjson_core::decode::number::{parse, parse_prefix, Number};

fn check(token: &str) {
    let want = token.parse::<f64>().expect("valid token").to_bits();
    match parse(token.as_bytes(), false) {
        Number::Double(v) => assert_eq!(v.to_bits(), want, "{token}"),
        Number::Int(i) => assert!(!token.contains(['.', 'e', 'E']), "{token}: Int({i})"),
        Number::BigIntString(_) => panic!("{token}: string without the flag"),
    }
    let (_, len) = parse_prefix(token.as_bytes(), false).expect("a number");
    assert_eq!(len, token.len(), "{token}");
}

#[test]
fn random_digit_strings() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..1_000_000 {
        check(&number_token(&mut rng));
    }
}

#[test]
fn random_doubles_spelled_by_rust() {
    let mut rng = Rng(0x0F1E_2D3C_4B5A_6978);
    for _ in 0..300_000 {
        let x = f64::from_bits(rng.next());
        if !x.is_finite() {
            continue;
        }
        check(&format!("{x:e}"));
        check(&format!("{x:.16e}"));
        check(&format!("{x:.19e}"));
        check(&format!("{x:.*e}", rng.below(30) as usize));
    }
}

#[test]
fn boundaries() {
    for s in [
        "0.0",
        "-0.0",
        "0e-999",
        "1e-343",
        "1e-342",
        "9999999999999999999e-343",
        "1e-324",
        "3e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "4.9406564584124654e-324",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "1e308",
        "1e309",
        "9999999999999999999e289",
        "9007199254740993.0",
        "18446744073709551615.0",
        "18446744073709551616.0",
        "9999999999999999999.5",
        "0.1e1",
        "123456789012345678901234567890.0",
    ] {
        check(s);
    }
}

/// The longest prefix of `s` that the JSON number grammar matches, by
/// trying every prefix against a direct transcription of the grammar.
fn reference_match_len(s: &[u8]) -> usize {
    fn whole(t: &[u8]) -> bool {
        let t = t.strip_prefix(b"-").unwrap_or(t);
        let int_end = t
            .iter()
            .position(|c| !c.is_ascii_digit())
            .unwrap_or(t.len());
        let (int, rest) = t.split_at(int_end);
        if int.is_empty() || (int.len() > 1 && int[0] == b'0') {
            return false;
        }
        let rest = match rest.strip_prefix(b".") {
            Some(f) => {
                let n = f
                    .iter()
                    .position(|c| !c.is_ascii_digit())
                    .unwrap_or(f.len());
                if n == 0 {
                    return false;
                }
                &f[n..]
            }
            None => rest,
        };
        match rest.first() {
            None => true,
            Some(b'e' | b'E') => {
                let e = &rest[1..];
                let e = e
                    .strip_prefix(b"+")
                    .or_else(|| e.strip_prefix(b"-"))
                    .unwrap_or(e);
                !e.is_empty() && e.iter().all(u8::is_ascii_digit)
            }
            Some(_) => false,
        }
    }
    (0..=s.len()).rev().find(|&n| whole(&s[..n])).unwrap_or(0)
}

#[test]
fn longest_match_on_random_bytes() {
    use rustjson_core::decode::number::match_len;
    let alphabet = b"0123456789-+.eEx ";
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    for _ in 0..300_000 {
        let n = rng.below(16) as usize;
        let s: Vec<u8> = (0..n).map(|_| *rng.pick(alphabet)).collect();
        let want = reference_match_len(&s);
        assert_eq!(match_len(&s), want, "{:?}", String::from_utf8_lossy(&s));
        let got = parse_prefix(&s, false).map_or(0, |(_, l)| l);
        assert_eq!(got, want, "{:?}", String::from_utf8_lossy(&s));
        if want > 0 {
            let token = std::str::from_utf8(&s[..want]).unwrap();
            if let Some((Number::Double(v), _)) = parse_prefix(&s, false) {
                assert_eq!(
                    v.to_bits(),
                    token.parse::<f64>().unwrap().to_bits(),
                    "{token}"
                );
            }
        }
    }
}
