//! The Rust side of tools/decode/leaf_check.sh: a differential check of the
//! json_decode leaves (rustjson_core::decode) against the real PHP.
//!
//! `decode_leaf gen COUNT SEED` prints test inputs, one per line:
//! `KIND FLAGS HEX` where KIND is `n` (a number token), `s` (a string body,
//! decoded as a value), `o` (a string body used as an object key, object
//! mode) or `k` (a key for an assoc array), FLAGS is json_decode's `$flags`
//! and HEX the input bytes. COUNT scales the random classes; the exhaustive
//! classes (every 1- and 2-byte body, every `\uXXXX`) are always complete.
//!
//! `decode_leaf run` reads such lines on stdin and prints one result per
//! line, in the format tools/decode/leaf_check.php prints for PHP:
//! `i:INT`, `s:HEX` (a string), `d:HEX` (a double's 8 bytes, big-endian,
//! as PHP's `bin2hex(pack('E', $x))`), `e:CODE` (json_last_error()), `ok`.

mod eval;
mod random;

use eval::hex;
use random::{digits, Rng};
use rustjson_core::decode::BIGINT_AS_STRING;
use std::io::{BufRead, BufWriter, Write};

const IGNORE: u32 = 1 << 20;
const SUBSTITUTE: u32 = 1 << 21;
const MODES: [u32; 4] = [0, IGNORE, SUBSTITUTE, IGNORE | SUBSTITUTE];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("gen") => {
            let count = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
            let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
            generate(count, seed);
        }
        Some("run") => run(),
        _ => {
            eprintln!("usage: decode_leaf gen COUNT SEED | decode_leaf run");
            std::process::exit(2);
        }
    }
}

fn run() {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut buf = Vec::new();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        writeln!(out, "{}", eval::eval_line(&line, &mut buf)).expect("stdout");
    }
}

struct Out(BufWriter<std::io::StdoutLock<'static>>);
impl Out {
    fn line(&mut self, kind: &str, flags: u32, input: &[u8]) {
        writeln!(self.0, "{kind} {flags} {}", hex(input)).expect("stdout");
    }
}

fn generate(count: u64, seed: u64) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = Out(BufWriter::new(std::io::stdout().lock()));
    gen_numbers(&mut out, &mut rng, count);
    gen_strings(&mut out, &mut rng, count);
    gen_keys(&mut out, &mut rng, count);
}

/// Little-endian base-10^9 big integer, for exact halfway points.
#[derive(Clone)]
struct Big(Vec<u64>);
const BASE: u64 = 1_000_000_000;
impl Big {
    fn from(mut v: u64) -> Big {
        let mut limbs = Vec::new();
        while v > 0 {
            limbs.push(v % BASE);
            v /= BASE;
        }
        Big(limbs)
    }
    fn mul(&mut self, k: u64) {
        let mut carry = 0;
        for l in &mut self.0 {
            let p = *l * k + carry;
            *l = p % BASE;
            carry = p / BASE;
        }
        while carry > 0 {
            self.0.push(carry % BASE);
            carry /= BASE;
        }
    }
    fn dec(&mut self) {
        for l in &mut self.0 {
            if *l > 0 {
                *l -= 1;
                break;
            }
            *l = BASE - 1;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

impl std::fmt::Display for Big {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut limbs = self.0.iter().rev();
        match limbs.next() {
            None => write!(f, "0")?,
            Some(l) => write!(f, "{l}")?,
        }
        for l in limbs {
            write!(f, "{l:09}")?;
        }
        Ok(())
    }
}

/// The exact midpoint above the positive finite double with these bits,
/// and its neighbours just below and above, as decimal tokens.
fn halfway(bits: u64) -> [String; 3] {
    let exp = ((bits >> 52) & 0x7FF) as i64;
    let frac = bits & ((1 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    // midpoint = (2m + 1) * 2^(e - 1)
    let mut big = Big::from(2 * m + 1);
    let p = e - 1;
    if p >= 0 {
        for _ in 0..p {
            big.mul(2);
        }
        let d = big.to_string();
        let mut lo = big.clone();
        lo.dec();
        [
            format!("{d}.0"),
            format!("{lo}.99999"),
            format!("{d}.00001"),
        ]
    } else {
        let k = -p;
        for _ in 0..k {
            big.mul(5);
        }
        let d = big.to_string();
        let mut lo = big.clone();
        lo.dec();
        [
            format!("{d}e-{k}"),
            format!("{lo}99999e-{}", k + 5),
            format!("{d}00001e-{}", k + 5),
        ]
    }
}

fn gen_numbers(out: &mut Out, rng: &mut Rng, count: u64) {
    let num = |out: &mut Out, s: &str, flags: u32| out.line("n", flags, s.as_bytes());
    // Integers around the i64 limits and the digit-count rule.
    let mut ints: Vec<String> = [
        "0",
        "1",
        "9223372036854775807",
        "9223372036854775808",
        "9223372036854775809",
        "9223372036854775799",
        "9223372036854775810",
        "9999999999999999999",
        "1000000000000000000",
        "999999999999999999",
        "10000000000000000000",
        "18446744073709551615",
        "18446744073709551616",
        "922337203685477580",
        "92233720368547758070",
        "8999999999999999999",
        "9300000000000000000",
        "9223372036854775807000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for v in 9_223_372_036_854_775_790u64..=9_223_372_036_854_775_830 {
        ints.push(v.to_string());
    }
    for len in 1..=25 {
        for _ in 0..(count / 200).max(4) {
            ints.push(digits(rng, len, true));
        }
        ints.push("9".repeat(len));
        ints.push(format!("1{}", "0".repeat(len - 1)));
    }
    for s in &ints {
        for sign in ["", "-"] {
            for flags in [0, BIGINT_AS_STRING] {
                num(out, &format!("{sign}{s}"), flags);
            }
        }
    }
    // Special doubles.
    for s in [
        "-0.0",
        "0.0",
        "0e0",
        "-0e0",
        "0E-0",
        "0.0e-999",
        "-0.0e-999",
        "0e99999999999999999999",
        "1e308",
        "1e309",
        "1e310",
        "1E400",
        "-1e400",
        "1e-400",
        "-1e-400",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "1e99999999999999999999",
        "1e-99999999999999999999",
        "123456789012345678901234567890e-30",
        "9007199254740993.0",
        "9007199254740992.0",
        "9007199254740993e0",
        "1e22",
        "1e23",
        "9007199254740991e22",
        "9007199254740991e23",
        "123e37",
        "1e-22",
        "1e-23",
        "0.1",
        "0.30000000000000004",
    ] {
        for sign in ["", "-"] {
            let t = if sign.is_empty() || s.starts_with('-') {
                s.to_string()
            } else {
                format!("-{s}")
            };
            num(out, &t, 0);
        }
    }
    // Random doubles in Rust's formats (17 digits, shortest, random precision, plain).
    for _ in 0..count * 8 {
        let x = f64::from_bits(rng.next());
        if !x.is_finite() {
            continue;
        }
        let s = match rng.below(4) {
            0 => format!("{x:.16e}"),
            1 => format!("{x:e}"),
            2 => format!("{x:.*e}", rng.below(25) as usize),
            _ => format!("{x}"),
        };
        num(out, &s, 0);
    }
    // Random digit strings: 1-40 significant digits, random point and exponent.
    for _ in 0..count * 8 {
        num(out, &random::number_token(rng), 0);
    }
    // The fast path's edges: w up to 2^53 and around, exponents -30..45.
    for _ in 0..count * 2 {
        let bits = 1 + rng.below(56);
        let w = rng.next() >> (64 - bits);
        let e = rng.below(76) as i64 - 30;
        num(out, &format!("{w}e{e}"), 0);
        num(out, &format!("{w}.5e{e}"), 0);
    }
    // Halfway points and their neighbours, normal and subnormal.
    for i in 0..count {
        let bits = match i % 4 {
            0 => rng.below(1 << 52),                                       // subnormal
            1 => rng.below(0x7FF0_0000_0000_0000),                         // any finite
            2 => (0x3FF + rng.below(100) - 50) << 52 | rng.below(1 << 52), // near 1
            _ => (0x433 + rng.below(20)) << 52 | rng.below(1 << 52),       // 2^52..2^72
        };
        for s in halfway(bits) {
            num(out, &s, 0);
        }
    }
    // The largest double's upper halfway point: overflow or not.
    for s in halfway(0x7FEF_FFFF_FFFF_FFFF) {
        num(out, &s, 0);
    }
}

/// A body PHP would see between two quotes as exactly one string token.
fn is_body(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if i + 1 >= b.len() {
                    return false;
                }
                i += 2;
            }
            b'"' => return false,
            _ => i += 1,
        }
    }
    true
}

fn utf8_of(c: u32) -> Vec<u8> {
    char::from_u32(c)
        .map(|c| c.to_string().into_bytes())
        .unwrap_or_default()
}

fn uesc(rng: &mut Rng, cp: u32) -> String {
    let s = format!("\\u{cp:04x}");
    if rng.below(2) == 0 {
        s.to_uppercase().replace("\\U", "\\u")
    } else {
        s
    }
}

fn gen_strings(out: &mut Out, rng: &mut Rng, count: u64) {
    let body = |out: &mut Out, rng: &mut Rng, b: &[u8], flags: u32| {
        if is_body(b) {
            out.line("s", flags, b);
            if rng.below(8) == 0 {
                out.line("o", flags, b);
            }
        }
    };
    // Object keys that decode to a leading NUL (E9) or almost do.
    for k in [
        &b"\\u0000"[..],
        b"\\u0000abc",
        b"a\\u0000",
        b"\xff\\u0000",
        b"\xff\xfe\\u0000x",
        b"\\u0000\xff",
        b"\\u0001",
        b"",
        b"\\u00000",
        b"\\u0000\\ud800",
    ] {
        for flags in MODES {
            out.line("o", flags, k);
        }
    }
    // Every body of 0, 1 and 2 bytes, under the four modes.
    for flags in MODES {
        body(out, rng, b"", flags);
        for a in 0..=255u8 {
            body(out, rng, &[a], flags);
            for c in 0..=255u8 {
                body(out, rng, &[a, c], flags);
            }
        }
    }
    // Every \uXXXX alone, and with text around.
    for cp in 0..=0xFFFFu32 {
        let e = uesc(rng, cp);
        body(out, rng, e.as_bytes(), 0);
        if cp % 7 == 0 {
            body(out, rng, format!("ab{e}c").as_bytes(), 0);
        }
    }
    // Surrogates: every high with sampled lows, every low with sampled highs,
    // and highs followed by anything but a low.
    let followers = [
        "\\u0041",
        "\\uD800",
        "\\uDBFF",
        "\\uE000",
        "\\uDBFF",
        "\\n",
        "x",
        "",
        "\\u12",
        "\\uDC0",
        "\\uDC0g",
        "\\",
        "\\\\uDC00",
        "\\x",
        "\u{e9}",
        "\\udc00",
    ];
    for hi in 0xD800..=0xDBFFu32 {
        for lo in [0xDC00, 0xDFFF, 0xDC00 + rng.below(1024) as u32] {
            let s = format!("{}{}", uesc(rng, hi), uesc(rng, lo));
            body(out, rng, s.as_bytes(), 0);
        }
        for _ in 0..(count / 1000).max(4) {
            let lo = 0xDC00 + rng.below(1024) as u32;
            let s = format!("{}{}", uesc(rng, hi), uesc(rng, lo));
            body(out, rng, s.as_bytes(), 0);
        }
        for f in followers {
            let s = format!("{}{f}", uesc(rng, hi));
            body(out, rng, s.as_bytes(), 0);
        }
    }
    for lo in 0xDC00..=0xDFFFu32 {
        for _ in 0..(count / 1000).max(4) {
            let hi = 0xD800 + rng.below(1024) as u32;
            let s = format!("{}{}", uesc(rng, hi), uesc(rng, lo));
            body(out, rng, s.as_bytes(), 0);
        }
        let s = format!("a{}", uesc(rng, lo));
        body(out, rng, s.as_bytes(), 0);
    }
    // Short \u escapes before every kind of byte.
    for pre in ["\\u", "\\u1", "\\u12", "\\u123", "\\uD", "\\uD8", "\\uD80"] {
        for c in 0..=255u8 {
            let mut b = pre.as_bytes().to_vec();
            b.push(c);
            body(out, rng, &b, 0);
        }
    }
    // Random short bodies over an alphabet of interesting bytes.
    let alphabet: &[u8] = &[
        0x00, 0x01, 0x1F, 0x20, b'a', b'\\', b'\\', b'u', b'0', b'D', b'd', b'8', b'c', b'F', b'n',
        b'/', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
        0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ];
    for _ in 0..count * 4 {
        let n = 3 + rng.below(4) as usize;
        let b: Vec<u8> = (0..n).map(|_| *rng.pick(alphabet)).collect();
        let flags = *rng.pick(&MODES);
        body(out, rng, &b, flags);
    }
    // Random token mixtures, long enough for the 8-byte clean-run loop.
    for _ in 0..count * 4 {
        let tokens = 1 + rng.below(24);
        let rare = rng.below(4) == 0;
        let mut b = Vec::new();
        for _ in 0..tokens {
            match rng.below(if rare { 12 } else { 9 }) {
                0..=2 => {
                    let n = rng.below(20);
                    b.extend(
                        (0..n)
                            .map(|_| b' ' + rng.below(95) as u8)
                            .filter(|&c| c != b'"' && c != b'\\'),
                    );
                }
                3 => b.extend(utf8_of(0x80 + rng.below(0x780) as u32)),
                4 => b.extend(utf8_of(0x800 + rng.below(0xF800) as u32)),
                5 => b.extend(utf8_of(0x10000 + rng.below(0x100000) as u32)),
                6 => b.extend(
                    rng.pick(&["\\n", "\\\"", "\\\\", "\\/", "\\t", "\\b", "\\f", "\\r"])
                        .as_bytes(),
                ),
                7 => {
                    let cp = rng.below(0x10000) as u32;
                    let cp = if (0xD800..0xE000).contains(&cp) {
                        cp ^ 0x4000
                    } else {
                        cp
                    };
                    b.extend(uesc(rng, cp).as_bytes());
                }
                8 => {
                    let c = 0x10000 + rng.below(0x100000) as u32;
                    let hi = 0xD800 + ((c - 0x10000) >> 10);
                    let lo = 0xDC00 + ((c - 0x10000) & 0x3FF);
                    b.extend(format!("{}{}", uesc(rng, hi), uesc(rng, lo)).as_bytes());
                }
                9 => b.push(0x80 + rng.below(0x80) as u8),
                10 => b.push(rng.below(0x20) as u8),
                _ => b.extend(rng.pick(&["\\x", "\\uDC00", "\\uD800", "\\u12"]).as_bytes()),
            }
        }
        let flags = *rng.pick(&MODES);
        body(out, rng, &b, flags);
    }
}

fn gen_keys(out: &mut Out, rng: &mut Rng, count: u64) {
    let mut keys: Vec<String> = [
        "1",
        "0",
        "-1",
        "-0",
        "00",
        "01",
        "+1",
        " 1",
        "1 ",
        "",
        "-",
        "--1",
        "1.0",
        "1e3",
        "0x1",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "99999999999999999999",
        "18446744073709551615",
        "18446744073709551616",
        "-18446744073709551615",
        "10000000000000000000",
        "1000000000000000000",
        "-1000000000000000000",
        "-01",
        "1a",
        "a1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for v in 9_223_372_036_854_775_790u64..=9_223_372_036_854_775_830 {
        keys.push(v.to_string());
        keys.push(format!("-{v}"));
    }
    for _ in 0..count {
        let n = 1 + rng.below(22) as usize;
        let mut s = if rng.below(3) == 0 {
            "-".to_string()
        } else {
            String::new()
        };
        let nz = rng.below(8) != 0;
        s.push_str(&digits(rng, n, nz));
        keys.push(s);
        let n = rng.below(8) as usize;
        keys.push(
            (0..n)
                .map(|_| *rng.pick(&['0', '1', '9', '-', '+', ' ', '.', 'e', 'a']))
                .collect(),
        );
    }
    for k in keys {
        out.line("k", 0, k.as_bytes());
    }
}
