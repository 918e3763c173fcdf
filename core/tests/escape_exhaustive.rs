//! Every implementation against the naive oracle: all 1- and 2-byte
//! strings, every byte at every position, every tricky sequence at every
//! position, with the required flag sets.

mod escape_naive;
use escape_naive::*;

/// Clean ASCII padding (no byte needing work under any flag set).
fn pad(n: usize) -> Vec<u8> {
    (0..n).map(|k| b"abcXYZ019 ~!#%"[k % 14]).collect()
}

#[test]
fn all_single_bytes() {
    let imps = implementations();
    for opts in FLAG_SETS.iter().chain(MORE_FLAG_SETS.iter()) {
        check(b"", *opts, &imps);
        for b in 0..=255u8 {
            check(&[b], *opts, &imps);
        }
    }
}

#[test]
fn all_byte_pairs() {
    let imps = implementations();
    for opts in FLAG_SETS {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                check(&[a, b], opts, &imps);
            }
        }
    }
}

/// Pairs straddling the 16- and 32-byte block boundaries and the
/// overlapping-tail reloads.
#[test]
fn byte_pairs_across_blocks() {
    let imps = implementations();
    for opts in [
        0,
        rustjson_core::options::UNESCAPED_UNICODE,
        rustjson_core::options::INVALID_UTF8_SUBSTITUTE,
    ] {
        for (pre, post) in [(15, 0), (15, 15), (31, 1), (7, 0)] {
            let mut s = pad(pre);
            s.extend_from_slice(&[0, 0]);
            s.extend_from_slice(&pad(post));
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    s[pre] = a;
                    s[pre + 1] = b;
                    check(&s, opts, &imps);
                }
            }
        }
    }
}

#[test]
fn every_byte_at_every_position() {
    let imps = implementations();
    for len in 0..=80usize {
        let base = pad(len);
        for opts in FLAG_SETS {
            check(&base, opts, &imps);
            for pos in 0..len {
                let mut s = base.clone();
                for b in 0..=255u8 {
                    s[pos] = b;
                    check(&s, opts, &imps);
                }
            }
        }
    }
}

/// Sequences (valid, invalid, truncated, line terminators) at every
/// position, alone and twice (to exercise runs and the escape loop).
#[test]
fn sequences_at_every_position() {
    let seqs: &[&[u8]] = &[
        b"\xc3\xa9",
        b"\xe2\x82\xac",
        b"\xf0\x9f\x98\x80",
        b"\xf4\x8f\xbf\xbf",
        b"\xe2\x80\xa8",
        b"\xe2\x80\xa9",
        b"\xef\xbf\xbd",
        b"\xed\xa0\x80",
        b"\xed\x9f\xbf",
        b"\xe0\x80\x80",
        b"\xf0\x80\x80\x80",
        b"\xf4\x90\x80\x80",
        b"\xc3",
        b"\xe2\x82",
        b"\xf0\x9f\x98",
        b"\xc3\xc0",
        b"\xe2\xc0\xc0",
        b"\xf0\x9f\xc0\x80",
        b"\x80\xbf",
        b"\xc0\xaf",
        b"\xff\xfe",
        b"\r\n",
        b"\"\\/",
        b"<>&'",
        b"\x00\x1f\x7f",
    ];
    let imps = implementations();
    for len in 0..=72usize {
        let base = pad(len);
        for seq in seqs {
            for times in 1..=2 {
                let mut ins = Vec::new();
                for _ in 0..times {
                    ins.extend_from_slice(seq);
                }
                for pos in 0..=len {
                    let mut s = base[..pos].to_vec();
                    s.extend_from_slice(&ins);
                    s.extend_from_slice(&base[pos..]);
                    for opts in FLAG_SETS {
                        check(&s, opts, &imps);
                    }
                }
            }
        }
    }
}

/// 3-byte strings: the multi-byte leads × every second byte × representative
/// third bytes (every 3-byte string with a C0..FF lead is compared with real
/// PHP in escape_php.rs).
#[test]
fn three_byte_strings() {
    use rustjson_core::options::*;
    let imps = implementations();
    let thirds: &[u8] = &[
        0x00, 0x22, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0, 0xc2, 0xe2,
        0xf4, 0xf5, 0xff,
    ];
    for a in [
        0xc2u8, 0xdf, 0xe0, 0xe1, 0xe2, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf3, 0xf4,
    ] {
        for b in 0..=255u8 {
            for &c in thirds {
                for opts in [
                    0,
                    UNESCAPED_UNICODE,
                    UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS,
                    INVALID_UTF8_SUBSTITUTE,
                    INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE,
                ] {
                    check(&[a, b, c], opts, &imps);
                    check(&[a, b, c, b'x'], opts, &imps);
                }
            }
        }
    }
}
