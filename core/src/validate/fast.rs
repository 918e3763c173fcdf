//! The fast path: a block-at-a-time acceptor that only ever says "valid"
//! or "not sure".
//!
//! It never produces an error code. When it cannot prove the input valid
//! (any error, invalid UTF-8, deep nesting, a depth limit that would be
//! hit), the caller runs the exact scanner/parser of `super`, which then
//! computes PHP's code. So the only property this module must have is: it
//! accepts only inputs that PHP accepts (tested differentially against the
//! exact path).
//!
//! Stage 1 (per 64-byte block, SIMD, no branches on the data): classify the
//! bytes ([`Skip::classify`]), find escaped characters (odd runs of
//! backslashes, with a carry between blocks), then the inside-of-string
//! mask by a prefix XOR of the unescaped quotes. From those:
//! - control bytes inside strings, or outside strings but not whitespace,
//!   reject;
//! - each escape inside a string is checked (rare: a scalar loop);
//! - the token starts are the structural bytes outside strings, the
//!   opening quotes, and the first byte of every run of other bytes
//!   outside strings (an "atom": a number or a literal).
//!
//! Stage 2 walks the token starts with the grammar's state machine, so the
//! position of the next token never waits on the current one: whitespace
//! and string bodies cost nothing here. Atoms are checked against the
//! number grammar / the three literals and must fill their whole run.
//!
//! UTF-8: blocks with bytes >= 0x80 are validated with simdutf8 in runs of
//! consecutive such blocks (a run starts and ends at a character boundary,
//! since the neighbouring blocks are ASCII). Outside strings, bytes >= 0x80
//! belong to atoms, which then fail.

use super::simd::{Masks, Skip};
use super::utf8;

/// Deepest nesting the fast path handles; deeper inputs go to the exact
/// path, which models bison's stack limit. 1 + 6 * 1000 + 7 < 10000.
const MAX_LEVELS: u32 = 1000;

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

/// Blocks (of 64 bytes) classified per stage-1 call.
pub(crate) const CHUNK_BLOCKS: usize = 63;

/// Size of the token-start buffer: a power of two above the most tokens a
/// chunk can have (64 per block) plus the 64 scratch entries that
/// flattening may write past the end, so that indices masked with
/// `BUF - 1` never need a bounds check.
pub(crate) const BUF: usize = 4096;
const _: () = assert!(CHUNK_BLOCKS * 64 + 64 <= BUF);

/// Token starts (absolute positions) of one chunk.
pub(crate) type Buf = [u32; BUF];

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

/// Stage 1's state between chunks.
pub(crate) struct Stage1 {
    /// Start of the next block to classify.
    base: usize,
    carry: Carry,
    cold: Cold,
}

impl Stage1 {
    fn new() -> Self {
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

    /// Classifies up to [`CHUNK_BLOCKS`] blocks from `base` and writes
    /// their token starts to `out`. Returns the number of tokens, or `None`
    /// if the input is rejected. Inlined into each instruction set's
    /// `Skip::stage1_chunk`.
    #[inline(always)]
    pub(crate) fn chunk<S: Skip>(&mut self, simd: S, inp: &[u8], out: &mut Buf) -> Option<usize> {
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

    /// At the end of input: it ended outside a string, and its last
    /// non-ASCII run is valid UTF-8.
    fn finish(&mut self, inp: &[u8]) -> bool {
        if self.carry.in_str != 0 {
            return false;
        }
        match self.cold.utf8_from.take() {
            Some(from) => inp.get(from..).is_some_and(utf8_ok),
            None => true,
        }
    }
}

/// Stage 1 of the block at `base`: its token starts, or `None` to reject.
/// `full` masks the bytes that are part of the input.
#[inline(always)]
fn block_tokens<S: Skip>(
    simd: S,
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
    // escape (`\" \\ \/ \b \f \n \r \t`) get the scalar check (`\u`,
    // or an error). Outside strings a backslash is part of an atom, which
    // fails anyway.
    let mut esc = escaped & instr & full;
    if esc != 0 {
        esc &= !simd.simple_escapes(block);
    }
    // A run of blocks with non-ASCII bytes starts or ends here.
    let utf8_edge = (high & full != 0) != cold.utf8_from.is_some();
    if ((bad_ctrl | esc) != 0 || utf8_edge)
        && (bad_ctrl != 0 || !cold.check(inp, base, esc, utf8_edge))
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
    /// The block at `base` has escaped bytes inside strings to check
    /// (`esc`; the backslash is just before each), or starts or ends a run
    /// of blocks with bytes >= 0x80 (`utf8_edge`): check them.
    #[cold]
    #[inline(never)]
    fn check(&mut self, inp: &[u8], base: usize, mut esc: u64, utf8_edge: bool) -> bool {
        while esc != 0 {
            // No escaped byte at position 0: nothing precedes it.
            let Some(p) = (base + esc.trailing_zeros() as usize).checked_sub(1) else {
                return false;
            };
            esc &= esc - 1;
            if p >= self.esc_next {
                match inp.get(p + 1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {}
                    _ => match escape_end(inp, p) {
                        Some(e) => self.esc_next = e,
                        None => return false,
                    },
                }
            }
        }
        if utf8_edge {
            match self.utf8_from.take() {
                // The run ends before this (ASCII) block.
                Some(from) => return inp.get(from..base).is_some_and(utf8_ok),
                None => self.utf8_from = Some(base),
            }
        }
        true
    }
}

/// Appends `base` + the position of every bit of `m` to `out[k..]`;
/// returns the new count. `k` is at most `CHUNK_BLOCKS * 64 - 64`. Eight
/// entries are written whether or not there are eight bits (simdjson's
/// flattening), so that the common block costs no branch per token; the
/// entries past the count are scratch.
#[inline(always)]
pub(crate) fn flatten_scalar(out: &mut Buf, k: usize, base: u32, mut m: u64) -> usize {
    let cnt = m.count_ones() as usize;
    let mut at = k;
    loop {
        if let Some(dst) = out.get_mut(at..at + 8) {
            for slot in dst {
                *slot = base.wrapping_add(m.trailing_zeros());
                m &= m.wrapping_sub(1);
            }
        }
        at += 8;
        if at >= k + cnt {
            return k + cnt;
        }
    }
}

/// Stage 1 alone over the whole input (benchmarks): the token count.
pub(crate) fn stage1_only<S: Skip>(simd: S, inp: &[u8]) -> Option<usize> {
    let mut st = Stage1::new();
    let mut buf: Buf = [0; BUF];
    let mut total = 0;
    while st.base < inp.len() {
        total += simd.stage1_chunk(&mut st, inp, &mut buf)?;
    }
    st.finish(inp).then_some(total)
}

#[inline(always)]
fn utf8_ok(s: &[u8]) -> bool {
    utf8::valid_prefix(s) == s.len()
}

/// What stage 2's `next!` yields at the end of input. No token starts with
/// a 0 byte (outside strings it is a control byte, rejected in stage 1).
const END: u8 = 0;
/// What `next!` yields when stage 1 rejected the input: a control byte,
/// which no grammar state accepts.
const FAIL: u8 = 1;

/// Runs stage 1 on chunks until one has tokens: `Some(count)`, `Some(0)` at
/// the end of input, `None` on rejection.
#[inline(never)]
fn refill<S: Skip>(simd: S, st: &mut Stage1, inp: &[u8], buf: &mut Buf) -> Option<usize> {
    while st.base < inp.len() {
        let n = simd.stage1_chunk(st, inp, buf)?;
        if n > 0 {
            return Some(n);
        }
    }
    Some(0)
}

/// `true` only if PHP's parser accepts `inp` with `max_depth` (flags do
/// not matter for an input the fast path accepts).
///
/// Stage 2 is the grammar, written as straight-line code per state (as in
/// the exact parser), so that a branch predictor sees `"key": value,`
/// sequences as fixed paths. The token cursor lives in local variables
/// (`next!`), so that it stays in registers.
#[inline(always)]
pub(crate) fn accept<S: Skip>(simd: S, inp: &[u8], max_depth: u32) -> bool {
    // Token positions are stored as u32.
    if inp.len() >= u32::MAX as usize {
        return false;
    }
    // The token buffer is per thread and reused: zeroing 16 KiB on every
    // call would cost more than validating a small document.
    let Ok(mut guard) = BUFFER.try_with(|b| b.take()) else {
        return false;
    };
    let buf: &mut Buf = guard.get_or_insert_with(|| Box::new([0; BUF]));
    let ok = walk(simd, inp, max_depth, buf);
    let _ = BUFFER.try_with(|b| b.set(guard));
    ok
}

std::thread_local! {
    /// Each thread's stage-1 token buffer (taken out while in use).
    static BUFFER: std::cell::Cell<Option<Box<Buf>>> = const { std::cell::Cell::new(None) };
}

/// Stage 2 over the token starts that stage 1 writes to `buf`.
///
/// Not inlined: in a function of its own (it needs no SIMD; stage 1 is
/// reached through `refill`), the cursor, the buffer and the level state
/// stay in registers instead of being spilled around the exact parser's
/// code.
#[inline(never)]
// The last `next!()` (end of input) updates the cursor for nothing.
#[allow(unused_assignments)]
fn walk<S: Skip>(simd: S, inp: &[u8], max_depth: u32, buf: &mut Buf) -> bool {
    let mut st = Stage1::new();
    // Tokens in `buf` and how many were handed out.
    let mut nt = 0usize;
    let mut ti = 0usize;
    // Position of the last token.
    let mut pos = 0usize;

    // The first byte of the next token; END or FAIL.
    macro_rules! next {
        () => {{
            if ti < nt {
                pos = buf[ti & (BUF - 1)] as usize;
                ti += 1;
                inp.get(pos).copied().unwrap_or(FAIL)
            } else {
                match refill(simd, &mut st, inp, buf) {
                    Some(0) => END,
                    Some(n) => {
                        nt = n;
                        pos = buf[0] as usize;
                        ti = 1;
                        inp.get(pos).copied().unwrap_or(FAIL)
                    }
                    None => FAIL,
                }
            }
        }};
    }

    // Open containers: their count, and their kinds (1 = object): the
    // innermost 64 in `kinds` (bit 0 = innermost), outer ones in `spill`.
    let mut n: u32 = 0;
    let mut kinds = 0u64;
    let mut spill = [0u64; (MAX_LEVELS as usize).div_ceil(64)];
    let mut c = next!();
    // Code alignment: the grammar loop's speed varied by up to 10% with
    // where the linker happened to put this function (its branches share
    // fetch blocks differently). Aligning this point to 64 bytes also
    // raises the alignment of the function's section to 64, so the layout
    // no longer depends on the code around it. The padding (NOPs) runs
    // once per call.
    #[cfg(target_arch = "x86_64")]
    // SAFETY: an assembler alignment directive only (one of those the
    // Rust reference guarantees); no instructions, registers or memory.
    unsafe {
        core::arch::asm!(".p2align 6", options(nomem, nostack, preserves_flags));
    }
    'value: loop {
        // `c` starts a value.
        let cls = VALUE_CLASS[c as usize];
        if cls == V_STRING {
        } else if cls == V_OPEN {
            if n + 1 >= max_depth || n >= MAX_LEVELS {
                return false;
            }
            if n.is_multiple_of(64) && n > 0 {
                if let Some(w) = spill.get_mut((n / 64 - 1) as usize) {
                    *w = kinds;
                }
            }
            n += 1;
            let is_obj = c == b'{';
            kinds = (kinds << 1) | is_obj as u64;
            c = next!();
            if is_obj {
                match c {
                    b'"' => {
                        if next!() != b':' {
                            return false;
                        }
                        c = next!();
                        continue 'value;
                    }
                    b'}' => {}
                    _ => return false,
                }
            } else if c != b']' {
                continue 'value;
            }
            // An empty container: close it.
            n -= 1;
            kinds >>= 1;
            if n.is_multiple_of(64) && n > 0 {
                kinds = spill.get((n / 64 - 1) as usize).copied().unwrap_or(0);
            }
        } else if cls != V_ATOM || !atom_ok(inp, pos) {
            return false;
        }
        // A value is complete.
        loop {
            if n == 0 {
                return next!() == END && st.finish(inp);
            }
            if kinds & 1 != 0 && ti + 4 <= nt {
                // The next member, `, "key": value`, with its four tokens
                // in the buffer: its separators cost one branch, not three.
                let at = |i: usize| buf[i & (BUF - 1)] as usize;
                let byte = |p: usize| inp.get(p).copied().unwrap_or(FAIL);
                if byte(at(ti)) == b',' {
                    if (byte(at(ti + 1)) != b'"') | (byte(at(ti + 2)) != b':') {
                        return false;
                    }
                    pos = at(ti + 3);
                    c = byte(pos);
                    ti += 4;
                    continue 'value;
                }
            }
            c = next!();
            if kinds & 1 != 0 {
                if c == b',' {
                    if next!() != b'"' || next!() != b':' {
                        return false;
                    }
                    c = next!();
                    continue 'value;
                }
                if c != b'}' {
                    return false;
                }
            } else {
                if c == b',' {
                    c = next!();
                    continue 'value;
                }
                if c != b']' {
                    return false;
                }
            }
            n -= 1;
            kinds >>= 1;
            if n.is_multiple_of(64) && n > 0 {
                kinds = spill.get((n / 64 - 1) as usize).copied().unwrap_or(0);
            }
        }
    }
}

/// Classes of a value's first byte, for stage 2's dispatch: one table
/// lookup and a short chain of compares, which mispredicts less than a
/// `match` over the bytes themselves.
const V_STRING: u8 = 0;
const V_OPEN: u8 = 1;
const V_ATOM: u8 = 2;
/// Any other byte: no value starts with it.
const V_NONE: u8 = 3;
static VALUE_CLASS: [u8; 256] = {
    let mut t = [V_NONE; 256];
    t[b'"' as usize] = V_STRING;
    t[b'[' as usize] = V_OPEN;
    t[b'{' as usize] = V_OPEN;
    let atoms = b"-0123456789tfn";
    let mut i = 0;
    while i < atoms.len() {
        t[atoms[i] as usize] = V_ATOM;
        i += 1;
    }
    t
};

/// The end of the escape whose backslash is at `p` (inside a string), or
/// `None` if PHP's scanner rejects it.
#[inline]
fn escape_end(inp: &[u8], p: usize) -> Option<usize> {
    let at = |i: usize| inp.get(i).copied().unwrap_or(0);
    match at(p + 1) {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(p + 2),
        b'u' => {
            let hex4 = |q: usize| -> Option<u32> {
                let mut v = 0;
                for k in 0..4 {
                    v = (v << 4) | (at(q + k) as char).to_digit(16)?;
                }
                Some(v)
            };
            let hi = hex4(p + 2)?;
            if hi & 0xF800 != 0xD800 {
                return Some(p + 6);
            }
            if hi >= 0xDC00 || at(p + 6) != b'\\' || at(p + 7) != b'u' {
                return None;
            }
            let lo = hex4(p + 8)?;
            if (0xDC00..=0xDFFF).contains(&lo) {
                Some(p + 12)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether the atom (a run of non-whitespace, non-structural bytes outside
/// strings) starting at `p` is exactly one number or literal.
#[inline(always)]
fn atom_ok(inp: &[u8], p: usize) -> bool {
    let at = |i: usize| inp.get(i).copied().unwrap_or(0);
    let end = match at(p) {
        b't' if inp.get(p..p + 4) == Some(b"true") => p + 4,
        b'f' if inp.get(p..p + 5) == Some(b"false") => p + 5,
        b'n' if inp.get(p..p + 4) == Some(b"null") => p + 4,
        b'-' | b'0'..=b'9' => {
            let mut i = p;
            if at(i) == b'-' {
                i += 1;
            }
            match at(i) {
                b'0' => i += 1,
                b'1'..=b'9' => i = skip_digits(inp, i + 1),
                _ => return false,
            }
            if at(i) == b'.' {
                i += 1;
                if !at(i).is_ascii_digit() {
                    return false;
                }
                i = skip_digits(inp, i + 1);
            }
            if at(i) | 0x20 == b'e' {
                i += 1;
                if matches!(at(i), b'+' | b'-') {
                    i += 1;
                }
                if !at(i).is_ascii_digit() {
                    return false;
                }
                i = skip_digits(inp, i + 1);
            }
            i
        }
        _ => return false,
    };
    // The atom must end here: whitespace, a structural byte, a quote (the
    // grammar then rejects two adjacent values) or the end of input.
    end >= inp.len()
        || matches!(
            at(end),
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'[' | b']' | b':' | b',' | b'"'
        )
}

/// The first position at or after `i` that is not an ASCII digit (or the
/// end of input): eight bytes at a time (SWAR), then byte by byte.
#[inline(always)]
pub(crate) fn skip_digits(inp: &[u8], mut i: usize) -> usize {
    const LO7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HI: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = inp.get(i..i + 8).and_then(|c| <[u8; 8]>::try_from(c).ok()) {
        let v = u64::from_le_bytes(chunk);
        let low = v & LO7;
        // Per byte, with no carry between bytes (low bytes <= 0x7F):
        // high bit of low + 0x46 <=> b & 0x7F >= 0x3A; of low + 0x50 <=>
        // b & 0x7F >= 0x30. A byte >= 0x80 is never a digit.
        let above = low.wrapping_add(0x4646_4646_4646_4646) | v;
        let below = !low.wrapping_add(0x5050_5050_5050_5050);
        let non_digit = (above | below) & HI;
        if non_digit != 0 {
            return i + (non_digit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while inp.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_digits_matches_scalar() {
        let naive =
            |s: &[u8], i: usize| i + s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        for b in 0..=255u8 {
            for k in 0..12 {
                let mut s = vec![b'7'; 12];
                s[k] = b;
                s.extend_from_slice(b"123");
                for i in 0..s.len() {
                    assert_eq!(skip_digits(&s, i), naive(&s, i), "{s:?} {i}");
                }
            }
        }
    }

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
