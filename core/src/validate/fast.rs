//! The fast path: stage 2 over [`crate::scan`]'s stage 1, an acceptor
//! that only ever says "valid" or "not sure".
//!
//! It never produces an error code. When it cannot prove the input valid
//! (any error, invalid UTF-8, deep nesting, a depth limit that would be
//! hit), the caller runs the exact scanner/parser of `super`, which then
//! computes PHP's code. So the only property this module must have is: it
//! accepts only inputs that PHP accepts (tested differentially against the
//! exact path, at every level).
//!
//! Stage 1 ([`Stage1`]) hands over the token starts of a chunk at a time,
//! having checked strings, escapes, control bytes and UTF-8. Stage 2 walks
//! the token starts with the grammar's state machine, so the position of
//! the next token never waits on the current one: whitespace and string
//! bodies cost nothing here. Atoms are checked against the number grammar
//! / the three literals and must fill their whole run ([`atom_ok`]).

use crate::scan::{atom_ok, Buf, Kernels, Stage1, BUF};

/// Deepest nesting the fast path handles; deeper inputs go to the exact
/// path, which models bison's stack limit. 1 + 6 * 1000 + 7 < 10000.
const MAX_LEVELS: u32 = 1000;

/// What stage 2's `next!` yields at the end of input. No token starts with
/// a 0 byte (outside strings it is a control byte, rejected in stage 1).
const END: u8 = 0;
/// What `next!` yields when stage 1 rejected the input: a control byte,
/// which no grammar state accepts.
const FAIL: u8 = 1;

/// `true` only if PHP's parser accepts `inp` with `max_depth` (flags do
/// not matter for an input the fast path accepts).
///
/// Stage 2 is the grammar, written as straight-line code per state (as in
/// the exact parser), so that a branch predictor sees `"key": value,`
/// sequences as fixed paths. The token cursor lives in local variables
/// (`next!`), so that it stays in registers.
#[inline(always)]
pub(crate) fn accept<K: Kernels>(simd: K, inp: &[u8], max_depth: u32) -> bool {
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
fn walk<K: Kernels>(simd: K, inp: &[u8], max_depth: u32, buf: &mut Buf) -> bool {
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
                match st.refill(simd, inp, buf) {
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
    // once per call. (Not under Miri, which runs no inline assembly.)
    #[cfg(all(target_arch = "x86_64", not(miri)))]
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
