//! The escape-dense and non-ASCII-dense paths, every implementation against
//! the naive oracle: blocks of two-byte escapes (expanded in one go by the
//! AVX2 scanner) at every alignment, such blocks broken by one other byte
//! at every position, runs of one UTF-8 sequence length (taken up to four at
//! a time) broken by anything at every position, and mixed text with
//! escapes at every offset around the block boundaries.

mod escape_naive;
use escape_naive::*;
use rustjson_core::options::*;

/// Flag sets that change what the dense paths do: `"` two-byte or six-byte,
/// `/` escaped or not, the HEX stop bytes, escaped or raw UTF-8.
const DENSE_FLAGS: [u32; 8] = [
    0,
    UNESCAPED_SLASHES,
    HEX_QUOT,
    HEX_TAG | HEX_AMP | HEX_APOS | HEX_QUOT,
    HEX_TAG | UNESCAPED_SLASHES,
    UNESCAPED_UNICODE,
    UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS | UNESCAPED_SLASHES,
    INVALID_UTF8_SUBSTITUTE,
];

/// Bytes with a two-byte escape under some flags, and clean ones.
const TWO: &[u8] = b"\"\\/\x08\x09\x0a\x0c\x0d";
const CLEAN: &[u8] = b"aZ0 ~#%";

/// Clean ASCII padding.
fn pad(n: usize) -> Vec<u8> {
    (0..n).map(|k| b"abcXYZ019 ~!#%"[k % 14]).collect()
}

/// `prefix` bytes of padding, `run` with `brk` inserted at `at`, `suffix`
/// bytes of padding.
fn broken_run(prefix: usize, run: &[u8], at: usize, brk: &[u8], suffix: usize) -> Vec<u8> {
    let mut s = pad(prefix);
    s.extend_from_slice(&run[..at]);
    s.extend_from_slice(brk);
    s.extend_from_slice(&run[at..]);
    s.extend_from_slice(&pad(suffix));
    s
}

/// Bodies of `len` bytes from the two-byte alphabet, at several densities.
fn dense_bodies(len: usize, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    // Only escapes, cycling through all of them.
    v.push((0..len).map(|k| TWO[k % TWO.len()]).collect());
    // Only quotes.
    v.push(vec![b'"'; len]);
    // Every other byte.
    v.push(
        (0..len)
            .map(|k| {
                if k % 2 == 0 {
                    TWO[k % TWO.len()]
                } else {
                    CLEAN[k % CLEAN.len()]
                }
            })
            .collect(),
    );
    // Random, at 90%, 50% and 10% escapes.
    for pct in [90, 50, 10] {
        v.push(
            (0..len)
                .map(|_| {
                    if rng.below(100) < pct {
                        TWO[rng.below(TWO.len())]
                    } else {
                        CLEAN[rng.below(CLEAN.len())]
                    }
                })
                .collect(),
        );
    }
    v
}

#[test]
fn two_byte_escape_runs_every_alignment() {
    let imps = implementations();
    let mut rng = Rng(0xd15e);
    for len in (1..=40).chain([63, 64, 65, 95, 96, 97, 128, 200, 333]) {
        let bodies = dense_bodies(len, &mut rng);
        for prefix in 0..=33 {
            for suffix in [0, 1, 15, 16, 31, 32, 33] {
                for body in &bodies {
                    let mut s = pad(prefix);
                    s.extend_from_slice(body);
                    s.extend_from_slice(&pad(suffix));
                    for opts in DENSE_FLAGS {
                        check(&s, opts, &imps);
                    }
                }
            }
        }
    }
}

/// A run of two-byte escapes with one other byte (a six-byte escape, a HEX
/// byte, DEL, a UTF-8 sequence, an invalid byte) at every position: the
/// expansion must give the block (and the rest of the run) back.
#[test]
fn dense_run_broken_at_every_position() {
    let imps = implementations();
    let odd: &[&[u8]] = &[
        b"\x01",
        b"\x1f",
        b"\x0b",
        b"<",
        b"&",
        b"'",
        b"\x7f",
        b"\xc3\xa9",
        b"\xe2\x82\xac",
        b"\xe2\x80\xa8",
        b"\xf0\x9f\x98\x80",
        b"\xff",
        b"\xc3",
        b"\xed\xa0\x80",
    ];
    for len in [31, 32, 33, 64, 65, 100] {
        let run: Vec<u8> = (0..len).map(|k| TWO[k % TWO.len()]).collect();
        for prefix in [0, 1, 7, 31, 32] {
            for o in odd {
                for at in 0..=len {
                    let mut s = pad(prefix);
                    s.extend_from_slice(&run[..at]);
                    s.extend_from_slice(o);
                    s.extend_from_slice(&run[at..]);
                    for opts in DENSE_FLAGS {
                        check(&s, opts, &imps);
                    }
                }
            }
        }
    }
}

/// Valid sequences of each length, with the edge code points of the fast
/// paths' checks.
const SEQS: &[&[u8]] = &[
    b"\xc2\x80",         // U+0080
    b"\xc3\xa9",         // é
    b"\xd0\x96",         // Ж
    b"\xdf\xbf",         // U+07FF
    b"\xe0\xa0\x80",     // U+0800
    b"\xe2\x82\xac",     // €
    b"\xe4\xb8\xad",     // 中
    b"\xed\x9f\xbf",     // U+D7FF
    b"\xee\x80\x80",     // U+E000
    b"\xef\xbf\xbf",     // U+FFFF
    b"\xe2\x80\xa8",     // U+2028
    b"\xe2\x80\xa9",     // U+2029
    b"\xf0\x90\x80\x80", // U+10000
    b"\xf0\x9f\x98\x80", // 😀
    b"\xf4\x8f\xbf\xbf", // U+10FFFF
];

/// What may interrupt a run: other lengths, invalid and truncated
/// sequences (overlong, surrogate, out of range, bad continuation), ASCII
/// escapes and clean bytes.
const BREAKERS: &[&[u8]] = &[
    b"\xc3\xa9",
    b"\xe4\xb8\xad",
    b"\xf0\x9f\x98\x80",
    b"\xe2\x80\xa8",
    b"\xc0\x80",
    b"\xc1\xbf",
    b"\xe0\x9f\xbf",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xf0\x8f\xbf\xbf",
    b"\xf4\x90\x80\x80",
    b"\xf5\x80\x80\x80",
    b"\xc3",
    b"\xc3\x41",
    b"\xe4\xb8",
    b"\xe4\xb8\x41",
    b"\xf0\x9f\x98",
    b"\xf0\x9f\x98\x41",
    b"\x80",
    b"\xbf\xbf",
    b"\xff",
    b"\"",
    b"\n",
    b"\x01",
    b"<",
    b" ",
    b", ",
    b"abc",
];

/// Runs of 1 to 9 copies of one sequence, broken at every position, at
/// several offsets and with several tails (so that the 4- and 8-byte loads
/// meet the end of the input everywhere).
#[test]
fn utf8_runs_broken_at_every_position() {
    let imps = implementations();
    for seq in SEQS {
        for copies in 1..=9 {
            let run: Vec<u8> = seq.repeat(copies);
            for brk in BREAKERS {
                for at in (0..=copies).map(|k| k * seq.len()) {
                    for prefix in [0, 3, 30] {
                        for suffix in [0, 1, 2, 3, 5, 8, 17] {
                            let s = broken_run(prefix, &run, at, brk, suffix);
                            for opts in DENSE_FLAGS {
                                check(&s, opts, &imps);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A sequence cut by every split point of a byte in the middle of a run.
#[test]
fn utf8_runs_with_a_corrupted_byte() {
    let imps = implementations();
    for seq in SEQS {
        let run = seq.repeat(7);
        for at in 0..run.len() {
            for b in [
                0x00, 0x22, 0x41, 0x7f, 0x80, 0xa0, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xff,
            ] {
                let mut s = run.clone();
                s[at] = b;
                for prefix in [0, 5] {
                    let mut t = pad(prefix);
                    t.extend_from_slice(&s);
                    for opts in DENSE_FLAGS {
                        check(&t, opts, &imps);
                    }
                }
            }
        }
    }
}

/// Text in several scripts with ASCII escapes and UTF-8 at every offset
/// around the block boundaries.
#[test]
fn mixed_text_every_offset() {
    let imps = implementations();
    let texts: &[&str] = &[
        "Les élèves étudièrent à l'école près de la forêt; où est le garçon?",
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "我能吞下玻璃而不伤身体。日本語の文章を書いています。",
        "😀🎉🚀👍🏽❤️🔥✨🐘🦀😂🙈👨‍👩‍👧🌍🍕⚡",
        "a\"b\\c/d\ne\tf é \"ж\" 中/文 😀\\n \u{2028} <x> & 'y'",
    ];
    for text in texts {
        let t = text.as_bytes();
        for offset in 0..=40 {
            for cut in [t.len(), t.len() - 1, t.len() / 2] {
                let mut s = pad(offset);
                s.extend_from_slice(&t[..cut]);
                s.extend_from_slice(t);
                for opts in DENSE_FLAGS {
                    check(&s, opts, &imps);
                }
            }
        }
    }
}

/// Long random strings over an alphabet of two-byte escapes, clean bytes and
/// UTF-8 sequences, with a few invalid bytes.
#[test]
fn long_random_dense_strings() {
    let imps = implementations();
    let mut rng = Rng(0x0dd5);
    for round in 0..400 {
        let len = 16 + rng.below(600);
        let mut s = Vec::new();
        while s.len() < len {
            match rng.below(if round % 2 == 0 { 10 } else { 40 }) {
                0..=3 => s.push(TWO[rng.below(TWO.len())]),
                4..=6 => s.extend_from_slice(SEQS[rng.below(SEQS.len())]),
                7 => s.push(CLEAN[rng.below(CLEAN.len())]),
                8 => s.extend_from_slice(BREAKERS[rng.below(BREAKERS.len())]),
                _ => s.extend_from_slice(SEQS[rng.below(3) * 5 + 1]),
            }
        }
        for opts in DENSE_FLAGS {
            check(&s, opts, &imps);
        }
    }
}

/// Long runs of 3- and 4-byte sequences (the vector paths without
/// `JSON_UNESCAPED_UNICODE` take them four at a time once two have gone the
/// scalar way): one byte corrupted at every position, or an ill-formed
/// sequence (overlong, surrogate, out of range, truncated, other lengths)
/// put at every sequence boundary, with the end of the input at every
/// distance from a group.
#[test]
fn long_runs_every_corruption() {
    let imps = implementations();
    let flags = [
        0,
        UNESCAPED_SLASHES,
        HEX_TAG | HEX_AMP,
        INVALID_UTF8_SUBSTITUTE,
        INVALID_UTF8_IGNORE,
    ];
    for len in [3, 4] {
        let seqs: Vec<&[u8]> = SEQS.iter().copied().filter(|s| s.len() == len).collect();
        let extra: &[&[u8]] = if len == 4 {
            &[
                b"\xf4\x8f\xbf\xbf",
                b"\xf3\xa0\x80\x81",
                b"\xf0\x9f\x8e\x89",
            ]
        } else {
            &[]
        };
        let seqs: Vec<&[u8]> = seqs.into_iter().chain(extra.iter().copied()).collect();
        for (k, seq) in seqs.iter().enumerate() {
            // Two sequences alternating, so that lanes differ.
            let other = seqs[(k + 1) % seqs.len()];
            let mut run = Vec::new();
            for c in 0..14 {
                run.extend_from_slice(if c % 3 == 2 { other } else { seq });
            }
            for at in 0..run.len() {
                for b in [
                    0x00, 0x41, 0x80, 0x8f, 0x90, 0xbf, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5,
                    0xff,
                ] {
                    let mut s = run.clone();
                    s[at] = b;
                    for suffix in [0, 1, 4, 15] {
                        let mut t = s.clone();
                        t.extend_from_slice(&pad(suffix));
                        for opts in flags {
                            check(&t, opts, &imps);
                        }
                    }
                }
            }
            for brk in BREAKERS {
                for at in (0..=14).map(|c| c * len) {
                    for prefix in [0, 1, 2] {
                        for suffix in [0, 3, 16, 17] {
                            let t = broken_run(prefix, &run, at, brk, suffix);
                            for opts in flags {
                                check(&t, opts, &imps);
                            }
                        }
                    }
                }
            }
        }
    }
}
