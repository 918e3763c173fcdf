//! Random strings built from adversarial pieces, every implementation
//! against the naive oracle.

mod escape_naive;
use escape_naive::*;

#[test]
fn random_adversarial_strings() {
    let imps = implementations();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let all_flags = all_flag_sets();
    for _ in 0..40_000 {
        let s = random_string(&mut rng);
        let opts = all_flags[rng.below(all_flags.len())];
        check(&s, opts, &imps);
    }
}

/// Random flag words (any bits) on random strings.
#[test]
fn random_flag_words() {
    let imps = implementations();
    let mut rng = Rng(42);
    for _ in 0..10_000 {
        let s = random_string(&mut rng);
        let opts = rng.next() as u32 & 0x007f_ffff;
        check(&s, opts, &imps);
    }
}

/// Long strings (several KiB) with sparse and dense escapes.
#[test]
fn long_strings() {
    let imps = implementations();
    let mut rng = Rng(7);
    for round in 0..60 {
        let mut s = Vec::new();
        while s.len() < 5000 {
            if rng.below(if round % 2 == 0 { 50 } else { 3 }) == 0 {
                s.extend_from_slice(PIECES[rng.below(PIECES.len())]);
            } else {
                s.push(b'a' + rng.below(26) as u8);
            }
        }
        for opts in FLAG_SETS {
            check(&s, opts, &imps);
        }
    }
}

/// Appending after existing output, and an error leaving it untouched.
#[test]
fn appends_and_error_truncates() {
    for imp in implementations() {
        for s in [
            &b"caf\xc3\xa9 \"x\" 0123456789abcdef0123456789"[..],
            b"ok",
            b"\xff",
            &[b'a'; 100],
        ] {
            for bad in [false, true] {
                let mut input = s.to_vec();
                if bad {
                    input.extend_from_slice(b"\xc3");
                }
                let mut out = b"[1,".to_vec();
                let r = rustjson_core::escape::escape_string_at(level(imp), &mut out, &input, 0)
                    .unwrap();
                match naive(&input, 0) {
                    Some(want) => {
                        assert_eq!(r, Ok(()));
                        assert_eq!(&out[..3], b"[1,");
                        assert_eq!(&out[3..], &want[..]);
                    }
                    None => {
                        assert_eq!(r, Err(rustjson_core::escape::InvalidUtf8));
                        assert_eq!(out, b"[1,");
                    }
                }
            }
        }
    }
}

#[test]
fn implementation_selection() {
    use rustjson_core::escape::*;
    use rustjson_core::isa::{available_levels, detected, Level};
    let avail: Vec<Level> = available_levels().collect();
    assert!(avail.contains(&Level::Scalar));
    #[cfg(target_arch = "x86_64")]
    assert!(avail.contains(&Level::Sse2));
    assert_eq!(implementation_name(), implementation_at(detected()));
    // A level this CPU cannot run is refused.
    for &l in Level::COMPILED {
        if !l.available() {
            assert!(escape_string_at(l, &mut Vec::new(), b"x", 0).is_none());
        }
    }
    // The level changes only which code runs, never the output.
    for &level in &avail {
        let mut out = Vec::new();
        escape_string_at(level, &mut out, "0123456789abcdef/é\u{2028}".as_bytes(), 0)
            .unwrap()
            .unwrap();
        assert_eq!(out, b"\"0123456789abcdef\\/\\u00e9\\u2028\"", "{level:?}");
    }
}

/// ASCII strings of 65 to 128 bytes (the mask route on x86_64): every
/// ASCII byte at the first, a middle and the last position of each
/// length, then escapes at random positions (sparse to dense, with the
/// stretches between them longer and shorter than 16 bytes), and a
/// non-ASCII byte or sequence at the ends (which the route leaves to the
/// others), under every flag set, against the oracle (`check` also runs
/// the entry point into a sink with room for the most a string takes).
#[test]
fn ascii_65_to_128() {
    let imps = implementations();
    let all_flags = all_flag_sets();
    let base = |n: usize| -> Vec<u8> { (0..n).map(|k| b"abcXYZ019 ~!#%"[k % 14]).collect() };
    for n in 64..=129 {
        for pos in [0, 1, n / 2, n - 17, n - 16, n - 2, n - 1] {
            for b in 0..0x80u8 {
                let mut s = base(n);
                s[pos] = b;
                for opts in FLAG_SETS {
                    check(&s, opts, &imps);
                }
            }
        }
        for tail in [&b"\xc3\xa9"[..], b"\xe2\x82\xac", b"\xff"] {
            let mut s = base(n - tail.len());
            s.extend_from_slice(tail);
            let mut t = tail.to_vec();
            t.extend_from_slice(&base(n - tail.len()));
            for &opts in &all_flags {
                check(&s, opts, &imps);
                check(&t, opts, &imps);
            }
        }
    }
    let mut rng = Rng(0x6512_8128);
    let stops = b"\"\\/<>&'\n\x00\x1f\x7f";
    for _ in 0..20_000 {
        let n = 65 + rng.below(64);
        let mut s = base(n);
        let k = rng.below(n);
        for _ in 0..k {
            s[rng.below(n)] = stops[rng.below(stops.len())];
        }
        let opts = all_flags[rng.below(all_flags.len())];
        check(&s, opts, &imps);
    }
}
