//! The json_decode parser (`decode::parse`) with the `Tree` builder, for
//! tools/decode/parse_check.sh and by hand.
//!
//! ```text
//! decode_parse_cli one DEPTH FLAGS ASSOC < doc   # prints "CODE DUMP"
//! decode_parse_cli run  < lines                  # "DEPTH FLAGS ASSOC HEXDOC" -> "CODE DUMP"
//! decode_parse_cli gen COUNT SEED [CORPORA_DIR]  # test lines for `run` and parse_check.php
//! decode_parse_cli bench FILE ITERS [tree|nothing]  # ns per document
//! ```
//!
//! ASSOC is 0 (false), 1 (true) or 2 (null: JSON_OBJECT_AS_ARRAY decides).
//! The dump is `Value::dump`'s (the same as parse_check.php's).

use rustjson_core::decode::build::{Nothing, Tree};
use rustjson_core::decode::parse::{parse, Options};
use std::io::{BufRead, Read, Write};

fn options(depth: &str, flags: &str, assoc: &str) -> Options {
    let flags: u32 = flags.parse().unwrap_or(0);
    let depth: u32 = depth.parse().unwrap_or(512);
    let assoc = match assoc {
        "1" => true,
        "2" => flags & 1 != 0,
        _ => false,
    };
    Options {
        depth,
        flags,
        assoc,
    }
}

fn result(doc: &[u8], o: Options) -> String {
    let mut t = Tree::new(o.assoc);
    match parse(doc, o, &mut t) {
        Ok(v) => {
            let mut s = String::from("0 ");
            v.dump(&mut s);
            s
        }
        Err(e) => format!("{e} "),
    }
}

fn unhex(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    (0..b.len() / 2)
        .map(|i| {
            let h = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
            h(b[2 * i]) << 4 | h(b[2 * i + 1])
        })
        .collect()
}

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "12",
    "0.5",
    "-0.0",
    "1e5",
    "1E+2",
    "1e-2",
    "2.5E-3",
    "123456789012345678901234",
    "-9223372036854775808",
    "-9223372036854775809",
    "9223372036854775807",
    "9223372036854775808",
    "1.7976931348623157e308",
    "1e400",
    "-1e400",
    "4.9e-324",
    "2.4e-324",
    "0.1",
    "3.141592653589793238462643383279",
    "00",
    "01",
    "1.",
    ".5",
    "+1",
    "-",
    "1e",
    "1e+",
    "0x10",
    "1.0e0",
    "true",
    "false",
    "null",
    "True",
    "nul",
    "NaN",
];

const PIECES: &[&[u8]] = &[
    b"a",
    b"abc",
    b"\\\"",
    b"\\\\",
    b"\\/",
    b"\\b",
    b"\\f",
    b"\\n",
    b"\\r",
    b"\\t",
    b"\\u00e9",
    b"\\u00E9",
    b"\\u0000",
    b"\\ud83d\\ude00",
    b"\\ud800",
    b"\\udc00",
    b"\\ud800x",
    b"\\u12",
    b"\\x",
    b"\xc3\xa9",
    b"\xf0\x9f\x98\x80",
    b"\xff",
    b"\xc0\x80",
    b"\xed\xa0\x80",
    b"\x01",
    b"\x1f",
    b" ",
    b"1",
    b"0",
    b"-",
];

const KEYS: &[&[u8]] = &[
    b"",
    b"\\u0000",
    b"\\u0000a",
    b"a\\u0000",
    b"0",
    b"1",
    b"-1",
    b"01",
    b"-0",
    b"9223372036854775807",
    b"9223372036854775808",
    b"-9223372036854775808",
    b"a",
    b"b",
    b"a",
    b"1.0",
    b" 1",
    b"\\u0031",
    b"\xff\\u0000",
    b"\\u00e9",
];

fn ws(r: &mut Rng, out: &mut Vec<u8>) {
    if r.below(3) == 0 {
        for _ in 0..r.below(3) {
            out.push(*r.pick(b" \t\n\r"));
        }
    }
}

fn string(r: &mut Rng, out: &mut Vec<u8>) {
    out.push(b'"');
    for _ in 0..r.below(5) {
        if r.below(4) == 0 {
            let p: &[u8] = r.pick::<&[u8]>(PIECES);
            out.extend_from_slice(p);
        } else {
            out.push(b'a' + r.below(26) as u8);
        }
    }
    out.push(b'"');
}

fn value(r: &mut Rng, out: &mut Vec<u8>, depth: usize) {
    ws(r, out);
    match r.below(if depth > 5 { 3 } else { 6 }) {
        0 => {
            let n = r.pick(NUMBERS);
            if r.below(3) == 0 {
                out.extend_from_slice(n.as_bytes());
            } else {
                // A random plain number.
                let x = r.next();
                out.extend_from_slice(
                    match x % 4 {
                        0 => format!("{}", (x >> 8) as i64 % 100000),
                        1 => format!("{}.{}", (x >> 8) % 1000, (x >> 20) % 1000),
                        2 => format!("{}e{}", (x >> 8) % 1000, (x >> 20) % 40),
                        _ => format!("{}", x as i64),
                    }
                    .as_bytes(),
                );
            }
        }
        1 | 2 => string(r, out),
        3 | 4 => {
            out.push(b'[');
            let n = r.below(4);
            for i in 0..n {
                if i > 0 {
                    out.push(b',');
                }
                value(r, out, depth + 1);
            }
            ws(r, out);
            out.push(b']');
        }
        _ => {
            out.push(b'{');
            let n = r.below(4);
            for i in 0..n {
                if i > 0 {
                    out.push(b',');
                }
                ws(r, out);
                out.push(b'"');
                if r.below(2) == 0 {
                    let k: &[u8] = r.pick::<&[u8]>(KEYS);
                    out.extend_from_slice(k);
                } else {
                    out.push(b'a' + r.below(3) as u8);
                }
                out.push(b'"');
                ws(r, out);
                out.push(b':');
                value(r, out, depth + 1);
            }
            ws(r, out);
            out.push(b'}');
        }
    }
    ws(r, out);
}

fn mutate(r: &mut Rng, doc: &mut Vec<u8>) {
    const BYTES: &[u8] = b"[]{},:\"\\ 0-1.eE+tfnu\x00\x01\xff\xc3x";
    for _ in 0..1 + r.below(2) {
        let at = r.below(doc.len() + 1);
        match r.below(4) {
            0 => doc.insert(at, *r.pick(BYTES)),
            1 if at < doc.len() => {
                doc.remove(at);
            }
            2 if at < doc.len() => doc[at] = *r.pick(BYTES),
            _ => doc.truncate(at),
        }
    }
}

/// Nested containers around the depth limits and bison's cutoff.
fn deep(r: &mut Rng) -> (Vec<u8>, usize) {
    let k = match r.below(4) {
        0 => 1 + r.below(12),
        1 => 2490 + r.below(20),
        2 => 4990 + r.below(20),
        _ => 1 + r.below(6000),
    };
    let mut doc = Vec::new();
    let mut kinds = Vec::new();
    let shape = r.below(4);
    for i in 0..k {
        let obj = match shape {
            0 => false,
            1 => true,
            2 => i % 2 == 0,
            _ => r.below(2) == 0,
        };
        kinds.push(obj);
        if obj {
            doc.extend_from_slice(if r.below(50) == 0 {
                b"{\"\\u0000\":"
            } else {
                b"{\"k\":"
            });
        } else {
            doc.push(b'[');
        }
    }
    doc.extend_from_slice(match r.below(4) {
        0 => b"1".as_slice(),
        1 => b"[]",
        2 => b"{}",
        _ => b"\"\\u0000\"",
    });
    let close = if r.below(8) == 0 { r.below(k + 1) } else { k };
    for &obj in kinds.iter().rev().take(close) {
        doc.push(if obj { b'}' } else { b']' });
    }
    if r.below(10) == 0 {
        mutate(r, &mut doc);
    }
    (doc, k)
}

fn emit(r: &mut Rng, doc: &[u8], depth: usize) {
    let flags = [0u32, 1, 2, 1 << 20, 1 << 21, 3 << 20][r.below(6)]
        | if r.below(3) == 0 { 2 } else { 0 }
        | if r.below(3) == 0 { 1 } else { 0 };
    let mut out = format!("{depth} {flags} {} ", r.below(3));
    for b in doc {
        out.push_str(&format!("{b:02x}"));
    }
    println!("{out}");
}

fn gen(count: usize, seed: u64, corpora: Option<&str>) {
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let depths = [1usize, 2, 3, 4, 5, 8, 512, 100_000, i32::MAX as usize];
    for _ in 0..count {
        let mut doc = Vec::new();
        value(&mut r, &mut doc, 0);
        if r.below(4) == 0 {
            mutate(&mut r, &mut doc);
        }
        let d = *r.pick(&depths);
        emit(&mut r, &doc, d);
    }
    for _ in 0..count / 20 {
        let (doc, k) = deep(&mut r);
        let d = match r.below(4) {
            0 => k.saturating_sub(1).max(1),
            1 => k,
            2 => k + 1 + r.below(2),
            _ => i32::MAX as usize,
        };
        emit(&mut r, &doc, d);
    }
    if let Some(dir) = corpora {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            if f.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let Ok(doc) = std::fs::read(&f) else { continue };
            emit(&mut r, &doc, 512);
            for _ in 0..3 {
                let mut m = doc.clone();
                mutate(&mut r, &mut m);
                emit(&mut r, &m, 512);
            }
            // Mutated windows: cheap lines, many of them.
            for _ in 0..count / 50 {
                let at = r.below(doc.len());
                let len = r.below(400);
                let mut m = doc[..(at + len).min(doc.len())].to_vec();
                mutate(&mut r, &mut m);
                let d = *r.pick(&depths);
                emit(&mut r, &m, d);
            }
        }
    }
}

fn bench(file: &str, iters: usize, nothing: bool) {
    let doc = std::fs::read(file).expect("read");
    let o = Options {
        depth: 512,
        flags: 0,
        assoc: false,
    };
    let t = std::time::Instant::now();
    for _ in 0..iters {
        if nothing {
            let _ = std::hint::black_box(parse(&doc, o, &mut Nothing::default()));
        } else {
            let _ = std::hint::black_box(parse(&doc, o, &mut Tree::new(false)));
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / iters as f64;
    println!(
        "{file}: {ns:.0} ns/doc, {:.1} MB/s",
        doc.len() as f64 * 1e3 / ns
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    match a(1) {
        "one" => {
            let mut doc = Vec::new();
            std::io::stdin().read_to_end(&mut doc).expect("stdin");
            println!("{}", result(&doc, options(a(2), a(3), a(4))));
        }
        "run" => {
            let out = std::io::stdout();
            let mut out = std::io::BufWriter::new(out.lock());
            for line in std::io::stdin().lock().lines() {
                let line = line.expect("stdin");
                let p: Vec<&str> = line.split(' ').collect();
                let o = options(p[0], p[1], p[2]);
                let doc = unhex(p.get(3).copied().unwrap_or(""));
                writeln!(out, "{}", result(&doc, o)).expect("stdout");
            }
        }
        "gen" => gen(
            a(2).parse().unwrap_or(1000),
            a(3).parse().unwrap_or(1),
            args.get(4).map(String::as_str),
        ),
        "bench" => bench(a(2), a(3).parse().unwrap_or(100), a(4) == "nothing"),
        _ => eprintln!("usage: decode_parse_cli one|run|gen|bench ..."),
    }
}
