//! Timing of the json_decode leaves on real data (no criterion: best of a
//! few timed passes, ns per item).
//!
//! `decode_leaf_bench [CANADA_JSON] [TWITTER_JSON] [MESH_JSON]` (defaults:
//! ../shared/corpora/canada.json, twitter.json and mesh.json from the
//! repository root).
//! Numbers: every number token of canada.json through
//! `decode::number::parse` (the exact token) and `parse_prefix` (the
//! document from the token on, as the parser will call it), against
//! `str::parse::<f64>` on the same tokens; mesh.json's tokens (short
//! doubles and small ints) through `parse_prefix` (`mesh`).
//! Strings: every string body of twitter.json through
//! `decode::string::decode` into a reused `Vec`.
//!
//! The machine is shared, so wall times are noisy; for instruction counts
//! run one timing alone under callgrind with `DECODE_BENCH_ONLY=parse`
//! (or `prefix`, `mesh`, `scan` (match_len alone), `std`, `string`, `none`
//! for the setup alone) and one pass:
//! `DECODE_BENCH_PASSES=1 DECODE_BENCH_ONLY=parse valgrind --tool=callgrind ...`.

use rustjson_core::decode::number::{self, match_len, Number};
use rustjson_core::decode::string::{decode, InvalidUtf8};
use std::hint::black_box;
use std::time::Instant;

/// Number tokens (as the rest of the document from the token on: what the
/// parser will pass) and string bodies of a JSON text, by a simple scan (the
/// corpora are valid JSON: a quote starts a string, a `-` or digit outside
/// strings starts a number).
fn tokens(json: &[u8]) -> (Vec<&[u8]>, Vec<&[u8]>) {
    let (mut nums, mut strs) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < json.len() {
        match json[i] {
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < json.len() && json[j] != b'"' {
                    j += if json[j] == b'\\' { 2 } else { 1 };
                }
                strs.push(&json[start..j]);
                i = j + 1;
            }
            b'-' | b'0'..=b'9' => {
                let n = match_len(&json[i..]).max(1);
                nums.push(&json[i..]);
                i += n;
            }
            _ => i += 1,
        }
    }
    (nums, strs)
}

/// Best ns per item over a few passes of `f` over `items`, when `name` is
/// selected by DECODE_BENCH_ONLY (default: all).
fn time<T>(name: &str, items: &[T], mut f: impl FnMut(&T)) -> f64 {
    let only = std::env::var("DECODE_BENCH_ONLY").unwrap_or_default();
    if !only.is_empty() && only != name {
        return f64::NAN;
    }
    let passes: usize = std::env::var("DECODE_BENCH_PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(7);
    let mut best = f64::INFINITY;
    for _ in 0..passes {
        let t = Instant::now();
        for _ in 0..5 {
            for it in items {
                f(it);
            }
        }
        let ns = t.elapsed().as_nanos() as f64 / (5 * items.len()) as f64;
        best = best.min(ns);
    }
    best
}

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpora");
    let args: Vec<String> = std::env::args().collect();
    let canada_path = args
        .get(1)
        .cloned()
        .unwrap_or(format!("{root}/canada.json"));
    let twitter_path = args
        .get(2)
        .cloned()
        .unwrap_or(format!("{root}/twitter.json"));
    let canada = std::fs::read(&canada_path).expect("canada.json");
    let twitter = std::fs::read(&twitter_path).expect("twitter.json");
    let mesh_path = args.get(3).cloned().unwrap_or(format!("{root}/mesh.json"));
    let mesh = std::fs::read(&mesh_path).expect("mesh.json");

    let (rests, _) = tokens(&canada);
    let nums: Vec<&[u8]> = rests.iter().map(|r| &r[..match_len(r)]).collect();
    let strs_text: Vec<&str> = nums
        .iter()
        .map(|t| std::str::from_utf8(t).expect("ascii"))
        .collect();
    // Same values both ways (the differential check is the real proof).
    for (t, s) in nums.iter().zip(&strs_text) {
        let ours = match number::parse(t, false) {
            Number::Int(v) => v as f64,
            Number::Double(d) => d,
            Number::BigIntString(_) => f64::NAN,
        };
        assert_eq!(
            ours.to_bits(),
            s.parse::<f64>().expect("f64").to_bits(),
            "{s}"
        );
    }
    let bytes: usize = nums.iter().map(|t| t.len()).sum();
    println!(
        "canada.json: {} number tokens, {:.1} bytes each",
        nums.len(),
        bytes as f64 / nums.len() as f64
    );
    let ours = time("parse", &nums, |t| {
        black_box(number::parse(black_box(t), false));
    });
    let prefix = time("prefix", &rests, |t| {
        black_box(number::parse_prefix(black_box(t), false));
    });
    let scan = time("scan", &rests, |t| {
        black_box(match_len(black_box(t)));
    });
    println!("  match_len                      {scan:6.2} ns/number");
    let std = time("std", &strs_text, |s| {
        black_box(black_box(s).parse::<f64>().ok());
    });
    println!("  decode::number::parse (token)  {ours:6.2} ns/number");
    println!("  parse_prefix (in the document) {prefix:6.2} ns/number");
    println!("  str::parse::<f64>              {std:6.2} ns/number");

    let (mesh_rests, _) = tokens(&mesh);
    for r in &mesh_rests {
        let t = std::str::from_utf8(&r[..match_len(r)]).expect("ascii");
        let ours = match number::parse_prefix(r, false) {
            Some((Number::Int(v), _)) => v.to_string(),
            Some((Number::Double(d), _)) => format!("{:x}", d.to_bits()),
            other => panic!("{t}: {other:?}"),
        };
        let want = match t.parse::<i64>() {
            Ok(v) => v.to_string(),
            Err(_) => format!("{:x}", t.parse::<f64>().expect("f64").to_bits()),
        };
        assert_eq!(ours, want, "{t}");
    }
    let mesh_ns = time("mesh", &mesh_rests, |t| {
        black_box(number::parse_prefix(black_box(t), false));
    });
    println!(
        "mesh.json: {} number tokens\n  parse_prefix (in the document) {mesh_ns:6.2} ns/number",
        mesh_rests.len()
    );

    let (_, strs) = tokens(&twitter);
    let bytes: usize = strs.iter().map(|s| s.len()).sum();
    let escaped = strs.iter().filter(|s| s.contains(&b'\\')).count();
    println!(
        "twitter.json: {} strings, {:.1} bytes each, {} with escapes",
        strs.len(),
        bytes as f64 / strs.len() as f64,
        escaped
    );
    let mut out = Vec::with_capacity(1 << 16);
    let ns = time("string", &strs, |s| {
        out.clear();
        black_box(decode(black_box(s), InvalidUtf8::Error, &mut out).is_ok());
    });
    println!(
        "  decode::string::decode         {ns:6.2} ns/string, {:.2} GB/s",
        bytes as f64 / strs.len() as f64 / ns
    );
}
