//! Stage 1: the token starts of a JSON text, a chunk of 64-byte blocks at
//! a time, with the string, escape, control-byte and UTF-8 checks that need
//! no grammar.
//!
//! Per block (SIMD, no branches on the data): classify the bytes
//! ([`Kernels::classify`]), find escaped characters (odd runs of
//! backslashes, with a carry between blocks), then the inside-of-string
//! mask by a prefix XOR of the unescaped quotes. From those:
//! - control bytes inside strings, or outside strings but not whitespace,
//!   reject;
//! - each escape inside a string is checked (rare: a scalar loop; `\u`
//!   escapes and surrogate pairs as PHP's scanner accepts them);
//! - the token starts are the structural bytes outside strings, the
//!   opening quotes, and the first byte of every run of other bytes
//!   outside strings (an "atom": a number or a literal, which stage 1 does
//!   not check: see [`super::atom_ok`]).
//!
//! UTF-8: blocks with bytes >= 0x80 are validated with simdutf8 in runs of
//! consecutive such blocks (a run starts and ends at a character boundary,
//! since the neighbouring blocks are ASCII). Outside strings, bytes >= 0x80
//! belong to atoms, which then fail.
//!
//! Rejection is final but says nothing about *which* error PHP would
//! report: a caller that needs PHP's code rescans with an exact scanner.

use super::kernel::{Buf, ChunkJob, Kernels, Masks, CHUNK_BLOCKS};
use super::utf8;

const ODD_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// Escape analysis of one block (simdjson's odd-backslash-run method).
/// Returns (escaped, escape): the bytes escaped by a backslash, and the
/// backslashes that start an escape. `carry` is 1 if the first byte of
/// this block is escaped (updated for the next block).
#[inline(always)]
fn find_escaped(bslash: u64, carry: &mut u64) -> (u64, u64) {
    if bslash == 0 {
        let escaped = *carry;
        *carry = 0;
        return (escaped, 0);
    }
    let potential = bslash & !*carry;
    let maybe_escaped = potential << 1;
    let codes = (maybe_escaped | ODD_BITS).wrapping_sub(potential) ^ ODD_BITS;
    let escaped = codes ^ (bslash | *carry);
    let escape = codes & bslash;
    *carry = escape >> 63;
    (escaped, escape)
}

/// Stage 1's carries from one block to the next (kept in registers).
#[derive(Clone, Copy)]
struct Carry {
    /// The next byte is escaped (0/1).
    esc: u64,
    /// Inside a string (0/all ones).
    in_str: u64,
    /// The last byte was part of an atom (0/1).
    atom: u64,
}

/// Stage 1's rarely used state.
struct Cold {
    /// Escapes starting before this position were checked already (the
    /// second half of a surrogate pair).
    esc_next: usize,
    /// Start of the current run of blocks with bytes >= 0x80, if any.
    utf8_from: Option<usize>,
}

/// Stage 1's state between chunks: where the next chunk starts and what
/// carries over from the previous block.
pub struct Stage1 {
    /// Start of the next block to classify.
    base: usize,
    carry: Carry,
    cold: Cold,
}

impl Default for Stage1 {
    fn default() -> Self {
        Self::new()
    }
}

impl Stage1 {
    /// The state at the start of an input.
    pub fn new() -> Self {
        Stage1 {
            base: 0,
            carry: Carry {
                esc: 0,
                in_str: 0,
                atom: 0,
            },
            cold: Cold {
                esc_next: 0,
                utf8_from: None,
            },
        }
    }

    /// Whether every block of `inp` has been classified.
    #[inline(always)]
    pub fn at_end(&self, inp: &[u8]) -> bool {
        self.base >= inp.len()
    }

    /// The next chunk: classifies up to [`CHUNK_BLOCKS`] blocks and writes
    /// their token starts, in order, to `out[..n]`; returns `Some(n)` (0
    /// if the chunk has no token), or `None` if the input is rejected.
    /// Entries of `out` past `n` are scratch. Compiled with `k`'s CPU
    /// features ([`Kernels::compiled`]).
    #[inline(always)]
    pub fn next_chunk<K: Kernels>(&mut self, k: K, inp: &[u8], out: &mut Buf) -> Option<usize> {
        k.compiled_chunk(self, inp, out)
    }

    /// Runs [`Stage1::next_chunk`] until a chunk has tokens: `Some(n)`,
    /// `Some(0)` at the end of input, `None` on rejection. Out of line, so
    /// that a caller's loop over the tokens keeps its registers.
    #[inline(never)]
    pub fn refill<K: Kernels>(&mut self, k: K, inp: &[u8], out: &mut Buf) -> Option<usize> {
        while !self.at_end(inp) {
            let n = self.next_chunk(k, inp, out)?;
            if n > 0 {
                return Some(n);
            }
        }
        Some(0)
    }

    /// Restarts the scan at `at`, a token start outside strings whose
    /// byte before (if any) is whitespace, a comma or the end of an atom:
    /// the carries start over (no escape pending, outside a string, no
    /// atom open). The bytes between the end of those classified so far
    /// and `at` are ASCII that the caller checked as stage 1 would (the
    /// decoder's runs of numbers: `direct_run` in `decode::parse`); or
    /// `at` lies before that end with only ASCII between (classified
    /// again). An open run of blocks with bytes >= 0x80 stays open: ASCII
    /// after it does not change whether it is well-formed, and it is
    /// checked where it ends.
    #[inline]
    pub fn restart_at(&mut self, at: usize) {
        self.base = at;
        self.carry = Carry {
            esc: 0,
            in_str: 0,
            atom: 0,
        };
    }

    /// Where the current run of blocks with bytes >= 0x80 starts, if one is
    /// open: its UTF-8 is only checked when the run ends (or at
    /// [`Stage1::finish`]), so string bytes from here on that were handed
    /// out as tokens are not known to be well-formed yet.
    #[inline(always)]
    pub fn utf8_pending(&self) -> Option<usize> {
        self.cold.utf8_from
    }

    /// At the end of input (after the last chunk): whether it ended outside
    /// a string with its last non-ASCII run valid UTF-8.
    pub fn finish(&mut self, inp: &[u8]) -> bool {
        if self.carry.in_str != 0 {
            return false;
        }
        match self.cold.utf8_from.take() {
            Some(from) => inp.get(from..).is_some_and(utf8_ok),
            None => true,
        }
    }
}

impl ChunkJob for Stage1 {
    /// [`Stage1::next_chunk`]'s body, inlined into each level's compiled
    /// function.
    #[inline(always)]
    fn chunk<K: Kernels>(&mut self, simd: K, inp: &[u8], out: &mut Buf) -> Option<usize> {
        let len = inp.len();
        let mut k = 0;
        let mut carry = self.carry;
        let mut base = self.base;
        let end = len.min(base + CHUNK_BLOCKS * 64);
        while base < end {
            let toks = match inp
                .get(base..base + 64)
                .and_then(|b| <&[u8; 64]>::try_from(b).ok())
            {
                Some(block) => {
                    block_tokens(simd, &mut carry, &mut self.cold, inp, base, block, !0)?
                }
                None => {
                    let mut tail = [0u8; 64];
                    let rest = inp.get(base..).unwrap_or(&[]);
                    tail[..rest.len()].copy_from_slice(rest);
                    let full = (1u64 << rest.len()) - 1;
                    block_tokens(simd, &mut carry, &mut self.cold, inp, base, &tail, full)?
                }
            };
            if toks != 0 {
                k = simd.flatten(out, k, base as u32, toks);
            }
            base += 64;
        }
        self.base = base;
        self.carry = carry;
        Some(k)
    }
}

/// Stage 1 of the block at `base`: its token starts, or `None` to reject.
/// `full` masks the bytes that are part of the input.
#[inline(always)]
fn block_tokens<K: Kernels>(
    simd: K,
    carry: &mut Carry,
    cold: &mut Cold,
    inp: &[u8],
    base: usize,
    block: &[u8; 64],
    full: u64,
) -> Option<u64> {
    let Masks {
        quote,
        bslash,
        ws,
        op,
        ctrl,
        high,
    } = simd.classify(block);

    let (escaped, _) = find_escaped(bslash, &mut carry.esc);
    let uq = quote & !escaped;
    let instr = simd.prefix_xor(uq) ^ carry.in_str;
    carry.in_str = ((instr as i64) >> 63) as u64;

    // Control bytes: inside strings all are errors, outside only the
    // non-whitespace ones (including an embedded NUL).
    let bad_ctrl = ctrl & !(ws & !instr) & full;
    // Escaped bytes inside strings: those that do not complete a simple
    // escape (`\" \\ \/ \b \f \n \r \t`) get the cold check (`\u`, or an
    // error). Outside strings a backslash is part of an atom, which fails
    // anyway.
    let mut esc = escaped & instr & full;
    if esc != 0 {
        esc &= !simd.simple_escapes(block);
    }
    // A run of blocks with non-ASCII bytes starts or ends here.
    let utf8_edge = (high & full != 0) != cold.utf8_from.is_some();
    if ((bad_ctrl | esc) != 0 || utf8_edge)
        && (bad_ctrl != 0 || !cold.check(simd, inp, base, block, esc, utf8_edge))
    {
        return None;
    }
    // Token starts: structural bytes outside strings, opening quotes,
    // first bytes of atoms.
    let atom = !(ws | op | uq) & !instr & full;
    let atom_start = atom & !((atom << 1) | carry.atom);
    carry.atom = atom >> 63;
    Some(((op & !instr) | (uq & instr) | atom_start) & full)
}

impl Cold {
    /// The block at `base` (its bytes: `block`) has escaped bytes inside
    /// strings to check (`esc`; the backslash is just before each), or
    /// starts or ends a run of blocks with bytes >= 0x80 (`utf8_edge`):
    /// check them. `\uXXXX` escapes and pairs that
    /// [`Kernels::unicode_escapes`] takes are done; the rest one by one.
    #[cold]
    #[inline(never)]
    fn check<K: Kernels>(
        &mut self,
        simd: K,
        inp: &[u8],
        base: usize,
        block: &[u8; 64],
        mut esc: u64,
        utf8_edge: bool,
    ) -> bool {
        if esc != 0 {
            // The `\uXXXX` escapes and surrogate pairs that need no more
            // checking, by vector (a pair's second escape only where its
            // first is one).
            let u = simd.unicode_escapes(block);
            esc &= !(u.single | u.pair | ((u.pair & esc) << 6));
        }
        while esc != 0 {
            // No escaped byte at position 0: nothing precedes it.
            let Some(p) = (base + esc.trailing_zeros() as usize).checked_sub(1) else {
                return false;
            };
            esc &= esc - 1;
            if p >= self.esc_next {
                match escape_end(inp, p) {
                    Some(e) => self.esc_next = e,
                    None => return false,
                }
            }
        }
        if utf8_edge {
            match self.utf8_from.take() {
                // The run ends before this (ASCII) block. If it is not
                // well-formed the input is rejected, and the run stays
                // open: a caller that built strings from it before (the
                // decoder's fast route) checks it for PHP's error code.
                Some(from) => {
                    let ok = inp.get(from..base).is_some_and(utf8_ok);
                    if !ok {
                        self.utf8_from = Some(from);
                    }
                    return ok;
                }
                None => self.utf8_from = Some(base),
            }
        }
        true
    }
}

/// Stage 1 alone over the whole input (benchmarks): the number of
/// tokens, or `None` if it rejects.
pub fn count_tokens<K: Kernels>(k: K, inp: &[u8]) -> Option<usize> {
    let mut st = Stage1::new();
    let mut buf: Buf = [0; super::BUF];
    let mut total = 0;
    while !st.at_end(inp) {
        total += st.next_chunk(k, inp, &mut buf)?;
    }
    st.finish(inp).then_some(total)
}

#[inline(always)]
fn utf8_ok(s: &[u8]) -> bool {
    utf8::valid_prefix(s) == s.len()
}

/// The end of the escape whose backslash is at `p` (inside a string), or
/// `None` if PHP's scanner rejects it.
#[inline]
fn escape_end(inp: &[u8], p: usize) -> Option<usize> {
    let at = |i: usize| inp.get(i).copied().unwrap_or(0);
    match at(p + 1) {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(p + 2),
        b'u' => {
            let hi = super::hex4(inp, p + 2)?;
            if hi & 0xF800 != 0xD800 {
                return Some(p + 6);
            }
            if hi >= 0xDC00 || at(p + 6) != b'\\' || at(p + 7) != b'u' {
                return None;
            }
            let lo = super::hex4(inp, p + 8)?;
            if (0xDC00..=0xDFFF).contains(&lo) {
                Some(p + 12)
            } else {
                None
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_escaped(bs: &[bool]) -> (Vec<bool>, Vec<bool>) {
        let mut escaped = vec![false; bs.len()];
        let mut escape = vec![false; bs.len()];
        let mut pending = false;
        for i in 0..bs.len() {
            if pending {
                escaped[i] = true;
                pending = false;
            } else if bs[i] {
                escape[i] = true;
                pending = true;
            }
        }
        (escaped, escape)
    }

    /// Whether PHP's scanner takes the string body `b` (escapes only: the
    /// bodies below hold no control bytes and no bytes >= 0x80).
    fn escapes_ok(b: &[u8]) -> bool {
        let mut i = 0;
        while i < b.len() {
            if b[i] != b'\\' {
                i += 1;
                continue;
            }
            match escape_end(b, i) {
                Some(e) => i = e,
                None => return false,
            }
        }
        true
    }

    /// Stage 1 at every level over strings of escapes placed at every
    /// offset around block boundaries (where the vector check of `\u`
    /// escapes hands them to the scalar one), against [`escapes_ok`].
    #[test]
    fn escapes_at_every_offset() {
        let bodies: &[&[u8]] = &[
            b"\\u0041",
            b"\\u00e9\\u20AC",
            b"\\uD83D\\uDE00",
            b"\\ud83d\\ude00x",
            b"\\uDE00",
            b"\\uD83D",
            b"\\uD83Dx\\uDE00",
            b"\\uD83D\\u0041",
            b"\\uD7FF\\uE000\\uFFFF",
            b"\\u12G4",
            b"\\u123",
            b"\\u",
            b"\\x41",
            b"\\\\u0041",
            b"\\\\\\u004g",
            b"\\n\\u00Fc\\/\\uDBFF\\uDFFF",
            b"\\uDBFF\\uDBFF\\uDFFF",
            b"\\\\uD83D\\uDE00",
            b"\\\\\\uD83D\\uDE00",
            b"\\uD83D\\uDE00\\uDE00",
            b"\\uD83D\\\\uDE00",
        ];
        for level in crate::isa::available_levels() {
            for body in bodies {
                for pad in 0..140 {
                    let mut doc = vec![b'"'];
                    doc.extend(core::iter::repeat_n(b'a', pad));
                    doc.extend_from_slice(body);
                    doc.extend_from_slice(b"\"");
                    let want = escapes_ok(&doc[1..doc.len() - 1]);
                    let got = super::super::dispatch(level, Count, &doc).is_some();
                    assert_eq!(
                        got,
                        want,
                        "{level:?} pad {pad} {:?}",
                        String::from_utf8_lossy(body)
                    );
                }
            }
        }
    }

    /// [`count_tokens`] as a job.
    #[derive(Clone, Copy)]
    struct Count;
    impl super::super::Job for Count {
        type Output = Option<usize>;
        #[inline(always)]
        fn run<K: Kernels>(self, k: K, inp: &[u8]) -> Option<usize> {
            count_tokens(k, inp)
        }
    }

    #[test]
    fn find_escaped_matches_naive() {
        let mut seed = 0x0123_4567_89AB_CDEF_u64;
        for _ in 0..3000 {
            let nblocks = 3;
            let bs: Vec<bool> = (0..64 * nblocks)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed % 5 < 3
                })
                .collect();
            let (e1, e2) = naive_escaped(&bs);
            let mut carry = 0;
            for b in 0..nblocks {
                let mut m = 0u64;
                for i in 0..64 {
                    if bs[b * 64 + i] {
                        m |= 1 << i;
                    }
                }
                let (escaped, escape) = find_escaped(m, &mut carry);
                for i in 0..64 {
                    assert_eq!(escaped >> i & 1 == 1, e1[b * 64 + i]);
                    assert_eq!(escape >> i & 1 == 1, e2[b * 64 + i]);
                }
            }
        }
    }
}
