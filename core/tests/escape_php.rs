//! The differential proof: real PHP (`php -n`, via
//! tools/escape_php_dump.php) against the oracle and every implementation.
//!
//! Needs a `php` binary (or `$PHP`), so these are #[ignore]d; run them with
//! tools/escape_php_check.sh or
//! `cargo test -p rustjson-core --release --test escape_php -- --ignored --nocapture`.

mod escape_naive;
use escape_naive::*;
use rustjson_core::options::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;

/// Runs PHP over `cases` and compares; returns the number of strings × flags
/// compared. Panics listing the first differences.
fn differential(name: &str, cases: Vec<(u32, Vec<u8>)>) -> usize {
    let php = std::env::var("PHP").unwrap_or_else(|_| "php".into());
    let script = std::env::var("ESCAPE_PHP_DUMP").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../tools/escape_php_dump.php").into()
    });
    let mut child = Command::new(&php)
        .args(["-n", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {php}: {e}"));
    let cases = Arc::new(cases);
    let writer = {
        let cases = Arc::clone(&cases);
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = Vec::with_capacity(1 << 20);
            for (opts, s) in cases.iter() {
                buf.extend_from_slice(format!("{opts} {}\n", hex(s)).as_bytes());
                if buf.len() > (1 << 20) {
                    stdin.write_all(&buf).unwrap();
                    buf.clear();
                }
            }
            stdin.write_all(&buf).unwrap();
        })
    };
    let imps = implementations();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut diffs = Vec::new();
    for (opts, s) in cases.iter() {
        let line = lines.next().expect("php ended early").unwrap();
        let php_out = if line == "false" {
            None
        } else {
            Some(
                (0..line.len() / 2)
                    .map(|k| {
                        u8::from_str_radix(&line[2 * k..2 * k + 2], 16)
                            .unwrap_or_else(|e| panic!("bad php line {line:?}: {e}"))
                    })
                    .collect::<Vec<u8>>(),
            )
        };
        let mut who = vec![("oracle".to_string(), naive(s, *opts))];
        for imp in &imps {
            who.push((imp.to_string(), run(imp, s, *opts)));
        }
        who.push(("escape_string".to_string(), run_default(s, *opts)));
        for (w, got) in who {
            if got != php_out && diffs.len() < 20 {
                diffs.push(format!(
                    "{w}: input {} opts {opts:#x}: php {:?} got {:?}",
                    hex(s),
                    php_out.as_deref().map(String::from_utf8_lossy),
                    got.as_deref().map(String::from_utf8_lossy)
                ));
            }
        }
    }
    assert!(lines.next().is_none(), "php wrote extra lines");
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert!(
        diffs.is_empty(),
        "{name}: differences:\n{}",
        diffs.join("\n")
    );
    println!(
        "{name}: {} strings x flags compared with PHP, implementations {imps:?}: 0 differences",
        cases.len()
    );
    cases.len()
}

/// All 0-, 1- and 2-byte strings × the 9 required flag sets.
#[test]
#[ignore]
fn php_all_short_strings() {
    let mut cases = Vec::new();
    for opts in FLAG_SETS {
        cases.push((opts, vec![]));
        for a in 0..=255u8 {
            cases.push((opts, vec![a]));
        }
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                cases.push((opts, vec![a, b]));
            }
        }
    }
    differential("1-2 byte strings", cases);
}

/// Every 3-byte string with a lead byte C0..FF under SUBSTITUTE, which
/// shows PHP's invalid-sequence grouping byte by byte; leads E0..F4 also
/// with SUBSTITUTE|UNESCAPED_UNICODE (the raw-run path).
#[test]
#[ignore]
fn php_three_byte_leads() {
    let mut cases = Vec::new();
    for a in 0xc0..=0xffu8 {
        for b in 0..=255u8 {
            for c in 0..=255u8 {
                cases.push((INVALID_UTF8_SUBSTITUTE, vec![a, b, c]));
                if (0xe0..=0xf4).contains(&a) {
                    cases.push((INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE, vec![a, b, c]));
                }
            }
        }
    }
    differential("3 byte strings, lead C0..FF", cases);
}

/// 4- and 5-byte strings over representative bytes × several flag sets.
#[test]
#[ignore]
fn php_four_byte_leads() {
    let reps: &[u8] = &[
        0x00, 0x22, 0x2f, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0, 0xc1,
        0xc2, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
    ];
    let mut cases = Vec::new();
    for lead in [0xc3u8, 0xe2, 0xed, 0xf0, 0xf1, 0xf4] {
        for &b in reps {
            for &c in reps {
                for &d in reps {
                    for opts in [
                        0,
                        INVALID_UTF8_SUBSTITUTE,
                        INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE,
                        UNESCAPED_UNICODE,
                    ] {
                        cases.push((opts, vec![lead, b, c, d]));
                        cases.push((opts, vec![lead, b, c, d, b'x']));
                    }
                }
            }
        }
    }
    differential("4-5 byte strings", cases);
}

/// Random adversarial strings (up to a few hundred bytes) × all flag sets.
#[test]
#[ignore]
fn php_random_strings() {
    let mut rng = Rng(0xdecaf);
    let all_flags = all_flag_sets();
    let mut cases = Vec::new();
    for _ in 0..100_000 {
        let s = random_string(&mut rng);
        // NUMERIC_CHECK is the caller's business: keep it off here.
        let opts = all_flags[rng.below(all_flags.len())] & !NUMERIC_CHECK;
        cases.push((opts, s));
    }
    differential("random strings", cases);
}

/// The block-wide paths (escape-dense blocks expanded in one go, runs of
/// 2- and 3-byte sequences taken several at a time, UTF-8 in the block
/// walk): dense strings around the block boundaries × the flag sets that
/// change them.
#[test]
#[ignore]
fn php_dense_strings() {
    let two: &[u8] = b"\"\\/\x08\x09\x0a\x0c\x0d";
    let seqs: &[&[u8]] = &[
        b"\xc3\xa9",
        b"\xd0\x96",
        b"\xdf\xbf",
        b"\xe0\xa0\x80",
        b"\xe4\xb8\xad",
        b"\xed\x9f\xbf",
        b"\xef\xbf\xbf",
        b"\xe2\x80\xa8",
        b"\xf0\x9f\x98\x80",
        b"\xf4\x8f\xbf\xbf",
    ];
    let breakers: &[&[u8]] = &[
        b"\xc1\xbf",
        b"\xed\xa0\x80",
        b"\xe0\x9f\xbf",
        b"\xf4\x90\x80\x80",
        b"\xc3",
        b"\xe4\xb8",
        b"\xff",
        b"\x01",
        b"<",
        b" ",
        b"ab",
    ];
    let flags = [
        0,
        UNESCAPED_SLASHES,
        HEX_QUOT,
        HEX_TAG | HEX_AMP | HEX_APOS | HEX_QUOT,
        UNESCAPED_UNICODE,
        UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS,
        INVALID_UTF8_SUBSTITUTE,
        INVALID_UTF8_IGNORE | UNESCAPED_UNICODE,
    ];
    let pad = |n: usize| -> Vec<u8> { (0..n).map(|k| b"abcXYZ019 ~!#%"[k % 14]).collect() };
    let mut rng = Rng(0xbee5);
    let mut cases = Vec::new();
    for opts in flags {
        // Runs of two-byte escapes at every alignment, with clean bytes.
        for prefix in 0..=33 {
            for len in [1, 2, 3, 31, 32, 33, 64, 65, 100] {
                let mut s = pad(prefix);
                s.extend((0..len).map(|k| two[k % two.len()]));
                s.extend_from_slice(&pad(prefix % 7));
                cases.push((opts, s));
                let mut s = pad(prefix);
                s.extend((0..len).map(|_| {
                    if rng.below(2) == 0 {
                        two[rng.below(two.len())]
                    } else {
                        b'q'
                    }
                }));
                cases.push((opts, s));
            }
        }
        // Runs of one sequence, broken by anything at every position.
        for seq in seqs {
            for copies in [1, 2, 3, 4, 5, 8, 9] {
                let run = seq.repeat(copies);
                for brk in breakers {
                    for at in (0..=copies).map(|k| k * seq.len()) {
                        for prefix in [0, 30] {
                            let mut s = pad(prefix);
                            s.extend_from_slice(&run[..at]);
                            s.extend_from_slice(brk);
                            s.extend_from_slice(&run[at..]);
                            s.extend_from_slice(&pad(copies % 5));
                            cases.push((opts, s));
                        }
                    }
                }
            }
        }
        // Random dense mixes, up to a few hundred bytes.
        for _ in 0..2000 {
            let len = rng.below(400);
            let mut s = Vec::new();
            while s.len() < len {
                match rng.below(10) {
                    0..=3 => s.push(two[rng.below(two.len())]),
                    4..=7 => s.extend_from_slice(seqs[rng.below(seqs.len())]),
                    8 => s.push(b'a' + rng.below(26) as u8),
                    _ => s.extend_from_slice(breakers[rng.below(breakers.len())]),
                }
            }
            cases.push((opts, s));
        }
    }
    differential("dense strings", cases);
}
