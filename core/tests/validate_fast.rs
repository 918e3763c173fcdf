//! The fast path (block classification + grammar walk) must never accept
//! an input that the exact scanner/parser rejects, and should accept the
//! ordinary valid documents (or it buys no speed).

//!
//! Every check runs at every level this CPU has (`isa::available_levels`),
//! Scalar included.

use rustjson_core::isa::{self, Level};
use rustjson_core::validate::testing::{exact, fast_accepts, stage1_tokens};
use rustjson_core::validate::{validate, validate_at};

fn levels() -> Vec<Level> {
    isa::available_levels().collect()
}

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

const PIECES: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b":",
    b",",
    b"\"",
    b"\\",
    b" ",
    b"\t",
    b"\n",
    b"\r",
    b"\x0c",
    b"\x0b",
    b"\x00",
    b"\x01",
    b"\x1a",
    b"\x1f",
    b"\x7f",
    b"\x80",
    b"\xbf",
    b"\xc3\xa9",
    b"\xc3",
    b"\xe2\x82",
    b"\xe2\x82\xac",
    b"\xed\xa0\x80",
    b"\xf0\x9f\x98\x80",
    b"\xf4\x90\x80\x80",
    b"\xff",
    b"\\u",
    b"\\u12",
    b"\\u0041",
    b"\\uD800",
    b"\\uDC00",
    b"\\uD800\\uDC00",
    b"\\uD800\\u0041",
    b"\\x",
    b"\\n",
    b"\\\"",
    b"\\\\",
    b"true",
    b"tru",
    b"null",
    b"nul",
    b"false",
    b"0",
    b"01",
    b"-",
    b"1.",
    b"1e",
    b"1e5",
    b"-0.5",
    b".5",
    b"+1",
    b"\"\"",
    b"\"a\"",
    b"[]",
    b"{}",
    b"a",
];

fn gen_value(r: &mut Rng, depth: u32, out: &mut Vec<u8>) {
    let ws = |r: &mut Rng, out: &mut Vec<u8>| {
        for _ in 0..r.below(3) {
            out.push(b" \t\n\r"[r.below(4)]);
        }
    };
    match r.below(10) {
        0..=1 if depth < 6 => {
            out.push(b'[');
            let n = r.below(5);
            for i in 0..n {
                if i > 0 {
                    out.push(b',');
                }
                ws(r, out);
                gen_value(r, depth + 1, out);
                ws(r, out);
            }
            out.push(b']');
        }
        2..=3 if depth < 6 => {
            out.push(b'{');
            let n = r.below(5);
            for i in 0..n {
                if i > 0 {
                    out.push(b',');
                }
                ws(r, out);
                out.extend_from_slice(b"\"k");
                out.extend_from_slice(i.to_string().as_bytes());
                out.push(b'"');
                ws(r, out);
                out.push(b':');
                ws(r, out);
                gen_value(r, depth + 1, out);
            }
            out.push(b'}');
        }
        4..=6 => {
            out.push(b'"');
            let max = if r.below(8) == 0 { 150 } else { 12 };
            for _ in 0..r.below(max) {
                match r.below(12) {
                    0 => out.extend_from_slice(b"\\n"),
                    1 => out.extend_from_slice(b"\\u00e9"),
                    2 => out.extend_from_slice(b"\\ud83d\\ude00"),
                    3 => out.extend_from_slice("é€😀".as_bytes()),
                    4 => out.extend_from_slice(b"\\\\"),
                    5 => out.extend_from_slice(b"\\\""),
                    _ => out.push(b'a' + r.below(26) as u8),
                }
            }
            out.push(b'"');
        }
        7 => out.extend_from_slice(["true", "false", "null"][r.below(3)].as_bytes()),
        _ => {
            let nums: [&[u8]; 8] = [
                b"0",
                b"-1",
                b"12345678901234567890",
                b"3.25",
                b"-0.0e+5",
                b"1E9",
                b"7",
                b"42.5e-3",
            ];
            out.extend_from_slice(nums[r.below(nums.len())]);
        }
    }
}

fn mutate(r: &mut Rng, s: &mut Vec<u8>) {
    let pos = r.below(s.len() + 1);
    match r.below(5) {
        0 | 1 => {
            let p = PIECES[r.below(PIECES.len())];
            s.splice(pos..pos, p.iter().copied());
        }
        2 if pos < s.len() => {
            let end = (pos + 1 + r.below(6)).min(s.len());
            s.drain(pos..end);
        }
        3 if pos < s.len() => s[pos] = r.next() as u8,
        _ => s.truncate(pos),
    }
}

#[test]
fn fast_path_never_accepts_what_exact_rejects() {
    let mut r = Rng(0x5EED_1234_ABCD_0001);
    let levels = levels();
    let mut fast_ok = 0;
    let mut exact_ok = 0;
    for iter in 0..60_000 {
        let mut s = Vec::new();
        gen_value(&mut r, 0, &mut s);
        // Long documents cross many 64-byte blocks and chunks.
        if iter % 50 == 0 {
            let mut big = b"[".to_vec();
            for i in 0..40 {
                if i > 0 {
                    big.push(b',');
                }
                gen_value(&mut r, 0, &mut big);
            }
            big.push(b']');
            s = big;
        }
        let muts = r.below(3);
        for _ in 0..muts {
            mutate(&mut r, &mut s);
        }
        let depth = if r.below(4) == 0 {
            1 + r.below(5) as u32
        } else {
            512
        };
        let e = exact(Level::Scalar, &s, depth, false);
        let f = fast_accepts(Level::Scalar, &s, depth);
        if f {
            assert_eq!(
                e,
                Ok(()),
                "fast path accepted {:?} (depth {depth})",
                String::from_utf8_lossy(&s)
            );
            fast_ok += 1;
        }
        if e.is_ok() {
            exact_ok += 1;
        }
        for &level in &levels {
            let name = level.name();
            let what = || format!("{name} {:?} depth {depth}", String::from_utf8_lossy(&s));
            assert_eq!(fast_accepts(level, &s, depth), f, "{}", what());
            assert_eq!(exact(level, &s, depth, false), e, "{}", what());
            assert_eq!(validate_at(level, &s, depth, false), e, "{}", what());
            if e.is_ok() {
                assert_eq!(validate_at(level, &s, depth, true), Ok(()), "{}", what());
            }
        }
        assert_eq!(validate(&s, depth, false), e);
    }
    eprintln!("fast path accepted {fast_ok}, exact path accepted {exact_ok}");
    // The fast path takes (almost) every valid document.
    assert!(
        fast_ok * 100 >= exact_ok * 95,
        "fast {fast_ok} of {exact_ok} valid"
    );
}

#[test]
fn fast_path_takes_the_corpora() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpora");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("no corpora at {dir}; skipped");
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().and_then(|x| x.to_str()) != Some("json") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        for level in levels() {
            let name = level.name();
            assert_eq!(exact(level, &data, 512, false), Ok(()), "{name} {path:?}");
            assert!(fast_accepts(level, &data, 512), "{name} {path:?}");
            assert_eq!(
                stage1_tokens(level, &data),
                stage1_tokens(Level::Scalar, &data),
                "{name} {path:?}"
            );
            // Every truncation point of a prefix: never a false accept.
            for cut in (0..data.len().min(20_000)).step_by(97) {
                let s = &data[..cut];
                if fast_accepts(level, s, 512) {
                    assert_eq!(
                        exact(level, s, 512, false),
                        Ok(()),
                        "{name} {path:?} cut {cut}"
                    );
                }
            }
        }
    }
}
