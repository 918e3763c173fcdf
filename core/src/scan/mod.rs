//! Stage 1 of reading JSON: a tokenizer that finds where the tokens start,
//! 64 bytes at a time, and checks everything that needs no grammar
//! (strings, escapes, control bytes, UTF-8). json_validate() uses it
//! (`crate::validate`), and a decoder can drive it the same way.
//!
//! # Modules
//!
//! - `kernel`: the [`Kernels`] trait (the few operations that differ per
//!   instruction set: [`Kernels::classify`] a 64-byte block into [`Masks`],
//!   [`Kernels::string_stop`] / [`Kernels::skip_ws`] for byte-at-a-time
//!   scanners, flattening a bit mask into positions, prefix XOR), its
//!   portable implementation [`Scalar`], and the [`Job`] trait that runs
//!   code compiled for one level.
//! - `x86`: [`Kernels`] for the `isa` tokens (SSE2, AVX2, AVX-512,
//!   AVX-512 VBMI2), written once over small vector traits.
//! - `neon`: [`Kernels`] for the `isa` token `Neon` (little-endian aarch64).
//! - `stage1`: [`Stage1`], the block-at-a-time tokenizer.
//! - `atom`: [`atom_ok`] / [`skip_digits`], numbers and literals.
//! - `utf8`: PHP's UTF-8 rules, per sequence and in bulk.
//!
//! Dependencies: `isa` <- `kernel` <- {`x86`, `stage1`}; `atom` and
//! `utf8` stand alone; nothing here knows about a caller.
//!
//! # Driving stage 1
//!
//! ```text
//! dispatch(level, job, inp)       // or dispatch_detected(job, inp): picks the kernels K
//!   job.run(k, inp)               //   compiled with K's CPU features
//!     let mut st = Stage1::new();
//!     let mut buf: Buf = [0; BUF];
//!     loop {
//!         let n = st.refill(k, inp, &mut buf)?;   // or next_chunk(): one chunk
//!         if n == 0 { break }                      // end of input
//!         for &pos in &buf[..n] { ... inp[pos] ... }
//!     }
//!     st.finish(inp)              // ended outside a string, last UTF-8 run valid
//! ```
//!
//! Per chunk (up to [`CHUNK_BLOCKS`] blocks of 64 bytes) a caller gets, in
//! order, the absolute positions of the token starts: every structural
//! byte `{ } [ ] : ,` outside strings, every opening quote (the string's
//! body has been checked: no control byte, every escape one PHP accepts,
//! well-formed UTF-8), and the first byte of every atom (a run of other
//! bytes outside strings: a number or literal, not yet checked; see
//! [`atom_ok`]). `None` rejects the input for good, without saying which
//! error PHP would report: a caller that needs PHP's code rescans with an
//! exact scanner (json_validate's is `validate::lexer`, built on
//! [`Kernels::string_stop`] and [`Kernels::skip_ws`]).
//!
//! # Levels
//!
//! The level comes from [`crate::isa`] only: [`dispatch_detected`] uses
//! [`isa::detected`], and tests and benchmarks pass a level to
//! [`dispatch`] explicitly. The x86_64 levels are the `isa` tokens
//! themselves (SSSE3 runs the SSE2 kernels), as is aarch64's
//! [`isa::Level::Neon`] (the `neon` kernels); [`isa::Level::Scalar`]
//! runs [`Scalar`] everywhere.

mod atom;
mod hex;
mod kernel;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod neon;
mod stage1;
pub(crate) mod utf8;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use atom::{atom_ok, skip_digits};
pub(crate) use hex::{hex4, hex4_word};
pub use kernel::{
    classify_scalar, flatten_scalar, Buf, ChunkJob, Job, Kernels, Masks, Scalar, Unicode, BUF,
    CHUNK_BLOCKS,
};
pub use stage1::{count_tokens, Stage1};

use crate::isa::{self, Level};

/// Runs `job` on `inp` with the kernels of `level`, or of the best level below it
/// that this CPU has ([`Level::clamp_to_cpu`]).
#[inline(always)]
pub fn dispatch<J: Job>(level: Level, job: J, inp: &[u8]) -> J::Output {
    // SAFETY: `clamp_to_cpu` returns a level this CPU has.
    unsafe { dispatch_unchecked(level.clamp_to_cpu(), job, inp) }
}

/// Runs `job` on `inp` with the kernels of this CPU's best level
/// ([`isa::detected`]).
#[inline(always)]
pub fn dispatch_detected<J: Job>(job: J, inp: &[u8]) -> J::Output {
    // SAFETY: the detected level is available by definition.
    unsafe { dispatch_unchecked(isa::detected(), job, inp) }
}

/// Runs `job` with the kernels of `level`.
///
/// # Safety
/// This CPU must have `level` ([`Level::available`]).
#[inline(always)]
unsafe fn dispatch_unchecked<J: Job>(level: Level, job: J, inp: &[u8]) -> J::Output {
    match level {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512Vbmi2 => {
            // SAFETY: the CPU has the level (caller).
            unsafe { isa::Avx512Vbmi2::new_unchecked() }.compiled(job, inp)
        }
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => {
            // SAFETY: the CPU has the level (caller).
            unsafe { isa::Avx512::new_unchecked() }.compiled(job, inp)
        }
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => {
            // SAFETY: the CPU has the level (caller).
            unsafe { isa::Avx2::new_unchecked() }.compiled(job, inp)
        }
        #[cfg(target_arch = "x86_64")]
        Level::Ssse3 | Level::Sse2 => isa::Sse2::baseline().compiled(job, inp),
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        Level::Neon => isa::Neon::baseline().compiled(job, inp),
        _ => Scalar.compiled(job, inp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kernel checks, each against [`Scalar`] or a definition.
    #[derive(Clone, Copy)]
    enum Check {
        Scans,
        Classify,
        Flatten,
        SimpleEscapes,
        UnicodeEscapes,
    }

    impl Job for Check {
        type Output = ();
        #[inline(always)]
        fn run<K: Kernels>(self, k: K, _inp: &[u8]) {
            match self {
                Check::Scans => scans(k),
                Check::Classify => classify(k),
                Check::Flatten => flatten(k),
                Check::SimpleEscapes => simple_escapes(k),
                Check::UnicodeEscapes => unicode_escapes(k),
            }
        }
    }

    /// Runs a check with the kernels of every level this CPU has.
    fn at_every_level(check: Check) {
        for level in isa::available_levels() {
            dispatch(level, check, &[]);
        }
    }

    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    fn scans<K: Kernels>(k: K) {
        let alphabet = [
            b'a', b' ', b'\n', b'\r', b'\t', b'"', b'\\', 0, 0x1F, 0x20, 0x7F, 0x80, 0xFF,
        ];
        let mut seed = 0x1234_5678_u64;
        for len in 0..100 {
            for _ in 0..30 {
                let v: Vec<u8> = (0..len)
                    .map(|_| {
                        let r = xorshift(&mut seed);
                        // Mostly plain bytes, so that runs get long.
                        match r % 16 {
                            0..=5 => b'a',
                            6..=11 => b' ',
                            _ => alphabet[(r >> 8) as usize % alphabet.len()],
                        }
                    })
                    .collect();
                for pos in 0..=len {
                    assert_eq!(k.skip_ws(&v, pos), Scalar.skip_ws(&v, pos), "{v:?} {pos}");
                    for ok in [0, pos, pos + 3, pos + 15, pos + 16, pos + 31, pos + 40, len] {
                        assert_eq!(
                            k.string_stop(&v, pos, ok),
                            Scalar.string_stop(&v, pos, ok),
                            "{v:?} {pos} {ok}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn scans_match_scalar() {
        at_every_level(Check::Scans);
        // The reference itself.
        assert_eq!(Scalar.skip_ws(b"  \t\r\nx", 0), 5);
        assert_eq!(Scalar.skip_ws(b"  ", 1), 2);
        assert_eq!(Scalar.string_stop(b"ab\xc3\xa9\"", 0, 0), 2);
        assert_eq!(Scalar.string_stop(b"ab\xc3\xa9\"", 0, 4), 4);
        assert_eq!(Scalar.string_stop(b"ab", 5, 0), 5);
    }

    fn classify<K: Kernels>(k: K) {
        let mut seed = 0xDEAD_BEEF_u64;
        for _ in 0..2000 {
            let mut block = [0u8; 64];
            for b in block.iter_mut() {
                let r = xorshift(&mut seed);
                *b = (r >> 24) as u8;
                if r.is_multiple_of(3) {
                    let alphabet: &[u8] = b"{}[]:, \t\n\r\"\\\x00\x1f\x20\x7f\x80\xff";
                    *b = alphabet[(r >> 40) as usize % alphabet.len()];
                }
            }
            let (mut got, want) = (k.classify(&block), classify_scalar(&block));
            assert_eq!(got.op & got.ctrl & !want.ctrl, 0);
            got.op &= !want.ctrl;
            assert_eq!(got, want);
            let x = seed.rotate_left(17) ^ (seed >> 3);
            assert_eq!(k.prefix_xor(x), Scalar.prefix_xor(x));
        }
    }

    #[test]
    fn classify_matches_scalar() {
        at_every_level(Check::Classify);
        let x = 0b1001_0110u64;
        assert_eq!(Scalar.prefix_xor(x), 0b0111_0010);
    }

    fn flatten<K: Kernels>(k: K) {
        let mut seed = 0xF1A7_u64;
        for _ in 0..2000 {
            let r = xorshift(&mut seed);
            let m = r & r.rotate_left(7) | (r >> 60) << 3;
            let at = (r % 900) as usize;
            let mut a = [0u32; BUF];
            let n = k.flatten(&mut a, at, 1000, m);
            let want: Vec<u32> = (0..64)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| 1000 + i)
                .collect();
            assert_eq!(n, at + want.len());
            assert_eq!(a[at..n], want[..]);
        }
    }

    #[test]
    fn flatten_matches_scalar() {
        at_every_level(Check::Flatten);
    }

    fn simple_escapes<K: Kernels>(k: K) {
        let simple = |b: u8| matches!(b, b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't');
        for start in (0..256).step_by(64) {
            let mut block = [0u8; 64];
            for (i, b) in block.iter_mut().enumerate() {
                *b = (start + i) as u8;
            }
            let want = (0..64)
                .filter(|&i| simple(block[i]))
                .fold(0u64, |m, i| m | 1 << i);
            // A level may leave out any of them, never add one.
            let got = k.simple_escapes(&block);
            assert_eq!(got & !want, 0, "{start}");
            if got != 0 {
                assert_eq!(got, want, "{start}");
            }
        }
    }

    #[test]
    fn simple_escapes_exact() {
        at_every_level(Check::SimpleEscapes);
    }

    fn unicode_escapes<K: Kernels>(k: K) {
        // Blocks of `u`, backslashes, hex digits of both cases (`d`/`D` and
        // the digits that make a surrogate often), a few others; escape
        // runs with every byte value in turn at every position; and every
        // position of a `u` with its digits, the last ones cut off by the
        // block's end.
        let alphabet = b"uuuu\\\\dDdD89abAB0123456789abcdefABCDEFgG\"/ \x00\x7f\x80\xff";
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        // A level may leave out all of them (the default), never add one
        // or leave out some.
        let (mut differ, mut found) = (0usize, 0usize);
        let mut check = |block: &[u8; 64]| {
            let want = kernel::unicode_escapes_scalar(block);
            let got = k.unicode_escapes(block);
            assert_eq!(got.single & !want.single, 0, "{block:?}");
            assert_eq!(got.pair & !want.pair, 0, "{block:?}");
            differ += usize::from(got != want);
            found += usize::from(got != Unicode::default());
        };
        for _ in 0..20_000 {
            let mut block = [0u8; 64];
            for b in block.iter_mut() {
                *b = alphabet[(xorshift(&mut seed) % alphabet.len() as u64) as usize];
            }
            check(&block);
        }
        for base in [
            *b"u0041u00e9u20ACud7ffuD800uDBFFudc00uE000uFFFFu1234u5678u9abcuDEF",
            *b"uD83D\\uDE00uDBFF\\uDFFFud800\\udc00uD83D\\uD83D\\uDE00uDC00\\uD800xxx",
        ] {
            for pos in 0..64 {
                for x in 0..=255u8 {
                    let mut block = base;
                    block[pos] = x;
                    check(&block);
                }
            }
        }
        for pos in 0..64 {
            for (text, pair) in [(&b"u12aB"[..], false), (&b"uDbfF\\uDc00"[..], true)] {
                let mut block = [b'x'; 64];
                for (i, &c) in text.iter().enumerate() {
                    if let Some(b) = block.get_mut(pos + i) {
                        *b = c;
                    }
                }
                let whole = 1u64
                    .checked_shl(pos as u32)
                    .filter(|_| pos + text.len() <= 64);
                let want = kernel::unicode_escapes_scalar(&block);
                if pair {
                    assert_eq!(want.pair, whole.unwrap_or(0), "{pos}");
                    assert_eq!(want.single, 0);
                } else {
                    assert_eq!(want.single, whole.unwrap_or(0), "{pos}");
                    assert_eq!(want.pair, 0);
                }
                check(&block);
            }
        }
        assert!(
            differ == 0 || found == 0,
            "{differ} blocks differ, {found} found"
        );
    }

    #[test]
    fn unicode_escapes_exact() {
        at_every_level(Check::UnicodeEscapes);
    }

    #[test]
    fn unicode_escapes_definition() {
        // The value of the four digits decides, as PHP's scanner does: a
        // single escape outside the surrogates, a pair of a high and a low
        // one (and nothing else) with `\u` between.
        let hexes = |cp: u32, upper: bool| {
            if upper {
                format!("{cp:04X}")
            } else {
                format!("{cp:04x}")
            }
        };
        let marks = [
            0, 0x7F, 0xD7FF, 0xD800, 0xDA55, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF, 0xE000,
        ];
        for cp in (0..=0xFFFFu32).step_by(7).chain(marks) {
            for upper in [false, true] {
                let digits = hexes(cp, upper);
                let mut block = [b' '; 64];
                block[10] = b'u';
                block[11..15].copy_from_slice(digits.as_bytes());
                let want = if (0xD800..=0xDFFF).contains(&cp) {
                    0
                } else {
                    1 << 10
                };
                let got = kernel::unicode_escapes_scalar(&block);
                assert_eq!((got.single, got.pair), (want, 0), "{digits}");
                for lo in marks.into_iter().chain([0x41, 0xFFFF]) {
                    let mut block = block;
                    block[15] = b'\\';
                    block[16] = b'u';
                    block[17..21].copy_from_slice(hexes(lo, !upper).as_bytes());
                    let pair = (0xD800..=0xDBFF).contains(&cp) && (0xDC00..=0xDFFF).contains(&lo);
                    let got = kernel::unicode_escapes_scalar(&block);
                    assert_eq!(got.pair, if pair { 1 << 10 } else { 0 }, "{cp:x} {lo:x}");
                    assert_eq!(got.single & (1 << 10), want, "{cp:x} {lo:x}");
                }
            }
        }
    }

    #[test]
    fn dispatch_clamps() {
        #[derive(Clone, Copy)]
        struct Name;
        impl Job for Name {
            type Output = &'static str;
            fn run<K: Kernels>(self, _k: K, _inp: &[u8]) -> &'static str {
                core::any::type_name::<K>()
            }
        }
        assert!(dispatch(Level::Scalar, Name, &[]).ends_with("Scalar"));
        for level in isa::available_levels() {
            let name = dispatch(level, Name, &[]);
            assert!(!name.is_empty());
        }
        // A level this target does not compile falls back to what it has.
        let _ = dispatch(Level::Neon, Name, &[]);
    }
}
