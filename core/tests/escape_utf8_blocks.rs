//! Whole blocks of raw UTF-8 text under `JSON_UNESCAPED_UNICODE` (the AVX2
//! scanner validates and copies them 32 bytes at a time, the stream's first
//! block against zero bytes before it, the last partial one overlapping),
//! every implementation against the naive oracle: valid text of every
//! length and start offset (so runs end mid-sequence and on every block
//! boundary), every byte value at every position of dense text, every
//! 2-, 3- and 4-byte shape at the start, across a boundary and in the last
//! block, line terminators and their near misses at every offset, and
//! escapes and invalid bytes inside otherwise valid blocks, under the flag
//! combinations that change what the path does.

mod escape_naive;
use escape_naive::*;
use rustjson_core::options::*;

/// Flag sets of this path: line terminators escaped or kept, invalid bytes
/// an error, dropped or substituted, HEX stop bytes, `/` raw, and the
/// default flags for comparison.
const RAW_FLAGS: [u32; 9] = [
    UNESCAPED_UNICODE,
    UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS,
    UNESCAPED_UNICODE | INVALID_UTF8_SUBSTITUTE,
    UNESCAPED_UNICODE | INVALID_UTF8_IGNORE,
    UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS | INVALID_UTF8_SUBSTITUTE,
    UNESCAPED_UNICODE | HEX_TAG | HEX_AMP | HEX_APOS | HEX_QUOT,
    UNESCAPED_UNICODE | UNESCAPED_SLASHES | INVALID_UTF8_IGNORE,
    INVALID_UTF8_SUBSTITUTE,
    0,
];

/// The heavier sweeps run these.
const FEW_FLAGS: [u32; 3] = [
    UNESCAPED_UNICODE,
    UNESCAPED_UNICODE | INVALID_UTF8_SUBSTITUTE,
    UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS | INVALID_UTF8_IGNORE,
];

const TEXTS: &[&str] = &[
    "我能吞下玻璃而不伤身体。日本語の文章を書いています。東京都千代田区丸の内一丁目、漢字とかな。",
    "😀🎉🚀👍🏽❤️🔥✨🐘🦀😂🙈👨‍👩‍👧🌍🍕⚡",
    "Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний.",
    "Les élèves étudièrent à l'école près de la forêt; où est le garçon? Ça va très bien.",
    "ab中é😀\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}\u{d7ff}\u{e000}\u{2027}\u{202a}\u{2028}x\u{2029}",
];

fn pad(n: usize) -> Vec<u8> {
    (0..n).map(|k| b"abcXYZ019 ~!#%"[k % 14]).collect()
}

/// `text` repeated to at least `n` bytes, cut at byte `n` (mid-sequence or
/// not).
fn cut(text: &str, n: usize) -> Vec<u8> {
    let t = text.as_bytes();
    let mut v = t.repeat(n / t.len() + 1);
    v.truncate(n);
    v
}

/// `text` repeated and cut to at most `n` bytes, at a character boundary.
fn whole(text: &str, n: usize) -> Vec<u8> {
    let mut v = text.repeat(n / text.len() + 1);
    let end = (0..=n).rev().find(|&k| v.is_char_boundary(k)).unwrap_or(0);
    v.truncate(end);
    v.into_bytes()
}

/// Dense CJK text of exactly `n` bytes, whole characters plus ASCII
/// filling.
fn cjk(n: usize) -> Vec<u8> {
    let mut v = "中文字".repeat(n / 9 + 1).into_bytes();
    v.truncate(n / 3 * 3);
    v.resize(n, b'x');
    v
}

#[test]
fn valid_text_every_length_and_offset() {
    let imps = implementations();
    for text in TEXTS {
        for n in 0..=200 {
            let body = cut(text, n);
            for prefix in [0, 1, 2, 3, 5, 16, 29, 30, 31, 32, 33, 40] {
                let mut s = pad(prefix);
                s.extend_from_slice(&body);
                for opts in RAW_FLAGS {
                    check(&s, opts, &imps);
                }
                // And followed by ASCII, escapes, text again.
                for tail in [&b"abc"[..], b"\"", b"\n", "中".as_bytes()] {
                    let mut t = s.clone();
                    t.extend_from_slice(tail);
                    for opts in FEW_FLAGS {
                        check(&t, opts, &imps);
                    }
                }
            }
        }
    }
}

#[test]
fn every_byte_at_every_position_of_dense_text() {
    let imps = implementations();
    for text in TEXTS {
        for n in [31, 32, 33, 35, 36, 63, 64, 65, 67, 100] {
            let base = cut(text, n);
            for pos in 0..n {
                let mut s = base.clone();
                for b in 0..=255u8 {
                    s[pos] = b;
                    for opts in FEW_FLAGS {
                        check(&s, opts, &imps);
                    }
                }
            }
        }
    }
}

/// Every pair of bytes, and the shapes of 3- and 4-byte sequences, at the
/// start of the input, right after a block boundary of the stream, across
/// one, and in the last (overlapping) block.
#[test]
fn sequence_shapes_in_dense_text() {
    let imps = implementations();
    let conts: [u8; 10] = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc2];
    // (bytes of dense text before, after)
    let places = [(0, 62), (30, 40), (63, 33), (64, 64), (90, 6), (93, 0)];
    for (before, after) in places {
        let head = cjk(before);
        let tail = cjk(after);
        let mut s = head.clone();
        let at = s.len();
        s.extend_from_slice(&[0; 4]);
        s.extend_from_slice(&tail);
        for b0 in (0x80..=0xffu8).filter(|b| *b >= 0xc0 || *b == 0x80 || *b == 0xbf) {
            for b1 in 0..=255u8 {
                // Two bytes (then dense text).
                let mut t = head.clone();
                t.extend_from_slice(&[b0, b1]);
                t.extend_from_slice(&tail);
                for opts in FEW_FLAGS {
                    check(&t, opts, &imps);
                }
                if b0 < 0xe0 {
                    continue;
                }
                for b2 in conts {
                    let last = if b0 < 0xf0 { &conts[..3] } else { &conts[..] };
                    for &b3 in last {
                        s[at..at + 4].copy_from_slice(&[b0, b1, b2, b3]);
                        check(&s, FEW_FLAGS[(b1 ^ b2) as usize % 3], &imps);
                    }
                }
            }
        }
    }
}

/// U+2028 and U+2029 (and sequences that differ from them in one byte) at
/// every byte offset of dense text, alone and in pairs.
#[test]
fn line_terminators_at_every_offset() {
    let imps = implementations();
    let seqs: &[&[u8]] = &[
        b"\xe2\x80\xa8",
        b"\xe2\x80\xa9",
        b"\xe2\x80\xa7",
        b"\xe2\x80\xaa",
        b"\xe2\x81\xa8",
        b"\xe2\x9c\xa8",
        b"\xe2\x80\x8d",
        b"\xe3\x80\xa8",
        b"\xe2\x80",
        b"\xe2",
        b"\xe2\x80\xa8\xe2\x80\xa9",
    ];
    let bases = [cjk(96), cut(TEXTS[1], 96), cut(TEXTS[2], 96), pad(96)];
    for base in &bases {
        for seq in seqs {
            for pos in 0..=base.len() {
                let mut s = base[..pos].to_vec();
                s.extend_from_slice(seq);
                s.extend_from_slice(&base[pos..]);
                for opts in FLAG_SETS.iter().chain(&RAW_FLAGS) {
                    check(&s, *opts, &imps);
                }
                // Shorter than a block, and ending with it.
                let short = &s[pos.saturating_sub(20)..(pos + seq.len()).min(s.len())];
                for opts in RAW_FLAGS {
                    check(short, opts, &imps);
                }
            }
        }
    }
}

/// Valid text with one escape or invalid sequence somewhere: every block
/// before it is copied, the one holding it goes the slow way, and the
/// blocks after it are copied again.
#[test]
fn one_odd_item_in_long_text() {
    let imps = implementations();
    let odd: &[&[u8]] = &[
        b"\"",
        b"\\",
        b"/",
        b"\n",
        b"\x00",
        b"\x1f",
        b"<",
        b"&",
        b"'",
        b"\x7f",
        b"\x80",
        b"\xbf",
        b"\xc0\x80",
        b"\xc3",
        b"\xe4\xb8",
        b"\xf0\x9f\x98",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\xf5",
        b"\xff",
    ];
    for text in TEXTS {
        let base = whole(text, 300);
        for o in odd {
            for pos in 0..=base.len() {
                let mut s = base[..pos].to_vec();
                s.extend_from_slice(o);
                s.extend_from_slice(&base[pos..]);
                for opts in FEW_FLAGS {
                    check(&s, opts, &imps);
                }
            }
        }
    }
}

/// Random strings of dense text with a few escapes, invalid bytes and line
/// terminators, long enough for many blocks.
#[test]
fn random_dense_text() {
    let imps = implementations();
    let mut rng = Rng(0x7e57_0fb1);
    let items: &[&[u8]] = &[
        "中".as_bytes(),
        "é".as_bytes(),
        "😀".as_bytes(),
        "\u{2028}".as_bytes(),
        "\u{200d}".as_bytes(),
        b" ",
        b"a",
        b"\"",
        b"\n",
        b"/",
        b"\xff",
        b"\xe4\xb8",
        b"\x80",
    ];
    for round in 0..3000 {
        let len = 1 + rng.below(400);
        // Mostly text; rare odd items.
        let odd_pct = [0, 1, 5][round % 3];
        let mut s = Vec::new();
        while s.len() < len {
            let k = if rng.below(100) < odd_pct {
                3 + rng.below(items.len() - 3)
            } else {
                rng.below(3)
            };
            s.extend_from_slice(items[k]);
        }
        for opts in RAW_FLAGS {
            check(&s, opts, &imps);
        }
    }
}

/// Dense text with an escape, a line terminator or an invalid byte every
/// `k` bytes: the blocks stop at each, the item is written, and the blocks
/// go on after it (or the walk takes the block), over and over.
#[test]
fn periodic_items_in_dense_text() {
    let imps = implementations();
    let items: &[&[u8]] = &[
        b"\"",
        b"\n",
        b"\r\n",
        b"\\/",
        b"\x01",
        "\u{2028}".as_bytes(),
        "\u{2029}\u{2028}".as_bytes(),
        b"\xff",
        b"\xe4\xb8",
        b"a",
    ];
    for text in TEXTS {
        for item in items {
            for k in 1..=70 {
                for offset in [0, 1, 2, 31] {
                    let unit = whole(text, k);
                    let mut s = pad(offset);
                    while s.len() < 300 {
                        s.extend_from_slice(&unit);
                        s.extend_from_slice(item);
                    }
                    for opts in FEW_FLAGS {
                        check(&s, opts, &imps);
                    }
                    check(&s, UNESCAPED_UNICODE | HEX_QUOT | HEX_TAG, &imps);
                }
            }
        }
    }
}

/// Strings of at most 64 bytes (one padded block under 32 bytes, else the
/// first and last 32 bytes): every length of dense text, with every byte
/// value at every position.
#[test]
fn short_strings_every_byte_at_every_position() {
    let imps = implementations();
    for text in [TEXTS[0], TEXTS[1], TEXTS[4]] {
        for n in 1..=66 {
            let base = cut(text, n);
            for pos in 0..n {
                let mut s = base.clone();
                for b in (0..=255u8).step_by(if n % 4 == 0 { 1 } else { 3 }) {
                    s[pos] = b;
                    for opts in FEW_FLAGS {
                        check(&s, opts, &imps);
                    }
                }
            }
        }
    }
}
