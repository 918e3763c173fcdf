//! json_validate(): PHP's JSON scanner and parser, reduced to a yes/no and
//! PHP's error code, with no allocation per token.
//!
//! # Two paths
//!
//! - [`fast`]: a simdjson-style acceptor (64-byte blocks classified with
//!   AVX-512BW / AVX2 / SSE2, strings and whitespace handled as bitmasks,
//!   then a grammar walk over the token starts). It only ever answers
//!   "valid" or "not sure", and never accepts what PHP rejects.
//! - the exact path (this module + [`scan`]): PHP's scanner and parser
//!   step by step, with SIMD skipping of plain string bytes and whitespace.
//!   It runs when the fast path is not sure (every invalid input, invalid
//!   UTF-8 with JSON_INVALID_UTF8_IGNORE, deep nesting, a depth limit that
//!   is hit) and for inputs under [`FAST_PATH_MIN_LEN`] bytes, and is the
//!   one that produces error codes.
//!
//! The instruction set is detected once (`simd::level`); the whole
//! validator is compiled per level inside a `#[target_feature]` function.
//!
//! # What is reproduced
//!
//! The scanner ([`scan`]) follows ext/json's json_scanner.re token by token,
//! so scanner errors come out in the same order as PHP's. The parser below
//! is a hand-written equivalent of json_parser.y's LALR(1) automaton that
//! also tracks the *height of bison's state stack*, because PHP's parser
//! gives up with "memory exhausted" (reported as a syntax error, E4) when
//! that stack reaches `YYMAXDEPTH` = 10000 entries.
//!
//! # Bison stack heights
//!
//! With `P` the height while the parser waits for a value (1 at the top
//! level, state 0), a container opened there has its base `Q = P` and uses:
//!
//! ```text
//! array   '[' Q+1, $@ Q+2 | 1st value: P = Q+2 | element Q+3, ',' Q+4 | later values: P = Q+4
//!         closing: elements Q+3, ']' (or '}' -> E2) Q+4
//! object  '{' Q+1, $@ Q+2 | key Q+3, ':' Q+4 | 1st value: P = Q+4 | member Q+3, ',' Q+4,
//!         key Q+5, ':' Q+6 | later values: P = Q+6 | closing: members Q+3, '}' (or ']' -> E2) Q+4
//! scalar  shifted at P+1
//! ```
//!
//! Every push is checked the moment it happens, in the order bison does it:
//! a token is always lexed (and its scanner error reported) before the pushes
//! it causes, and the depth check (E1) runs in the mid-rule action between
//! the pushes of '['/'{' and of `$@`. This gives the documented cutoffs
//! (4,998 nested arrays pass, `{"k":` x 2,499 passes) and every mixed shape.
//! A scanner error token keeps the scanner's code even if the stack also
//! overflows afterwards, so no push is modelled after an error token.
//!
//! Since every open container costs at least 2 entries, at most 4,999
//! containers are ever open: the container stack is bounded and an input of
//! 10 million `[` ends early without recursion.

mod fast;
mod scan;
mod simd;
mod utf8;

use scan::Scanner;
use simd::Skip;

/// JSON_ERROR_DEPTH
pub const E_DEPTH: i32 = 1;
/// JSON_ERROR_STATE_MISMATCH
pub const E_STATE_MISMATCH: i32 = 2;
/// JSON_ERROR_CTRL_CHAR
pub const E_CTRL_CHAR: i32 = 3;
/// JSON_ERROR_SYNTAX
pub const E_SYNTAX: i32 = 4;
/// JSON_ERROR_UTF8
pub const E_UTF8: i32 = 5;
/// JSON_ERROR_UTF16
pub const E_UTF16: i32 = 10;

/// bison's YYMAXDEPTH in json_parser.tab.c: the state stack may hold at
/// most `YYMAXDEPTH - 1` entries.
const YYMAXDEPTH: u32 = 10_000;

/// json_validate()'s parse step: Ok(()) if valid, else Err(code) with PHP's JSON error code
/// (1 depth, 2 state mismatch, 3 control char, 4 syntax, 5 utf8, 10 utf16).
/// `depth` is the user's $depth (already checked > 0 and <= i32::MAX by the caller), with PHP's parser
/// semantics (parser depth starts at 1; at each '[' or '{': if depth >= max_depth -> E1, else depth++).
/// `ignore_invalid_utf8` = JSON_INVALID_UTF8_IGNORE. The input is never empty (the caller handles "").
pub fn validate(input: &[u8], depth: u32, ignore_invalid_utf8: bool) -> Result<(), i32> {
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(avx512) = simd::Avx512::new() {
            // SAFETY: `avx512` proves the CPU has what the function enables.
            return unsafe { validate_avx512(avx512, input, depth, ignore_invalid_utf8) };
        }
        if let Some(avx2) = simd::Avx2::new() {
            // SAFETY: `avx2` proves the CPU has AVX2.
            return unsafe { validate_avx2(avx2, input, depth, ignore_invalid_utf8) };
        }
        run(simd::Sse2, input, depth, ignore_invalid_utf8)
    }
    #[cfg(not(target_arch = "x86_64"))]
    run(simd::Scalar, input, depth, ignore_invalid_utf8)
}

/// The validator compiled with AVX2 enabled throughout.
///
/// # Safety
/// The CPU must have AVX2 (the `Avx2` token proves it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,bmi1,popcnt")]
unsafe fn validate_avx2(
    avx2: simd::Avx2,
    input: &[u8],
    depth: u32,
    ignore_invalid_utf8: bool,
) -> Result<(), i32> {
    run(avx2, input, depth, ignore_invalid_utf8)
}

/// Internals exposed for the differential tools and benchmarks; not an API.
#[doc(hidden)]
pub mod testing {
    /// Whether the fast path alone accepts the input (it never accepts an
    /// input PHP rejects; it may give up on valid ones).
    pub fn fast_accepts(input: &[u8], depth: u32) -> bool {
        let depth = if depth == 0 { u32::MAX } else { depth };
        #[cfg(target_arch = "x86_64")]
        if let Some(avx512) = super::simd::Avx512::new() {
            return super::fast::accept(avx512, input, depth);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = super::simd::Avx2::new() {
            return super::fast::accept(avx2, input, depth);
        }
        super::fast::accept(super::default_skip(), input, depth)
    }

    /// Runs only the fast path's stage 1; returns the number of tokens, or
    /// `None` if it rejects. For benchmarks.
    pub fn stage1_tokens(input: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx512) = super::simd::Avx512::new() {
            return super::fast::stage1_only(avx512, input);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = super::simd::Avx2::new() {
            return super::fast::stage1_only(avx2, input);
        }
        super::fast::stage1_only(super::default_skip(), input)
    }

    /// The exact scanner/parser alone, without the fast path.
    pub fn exact(input: &[u8], depth: u32, ignore_invalid_utf8: bool) -> Result<(), i32> {
        let depth = if depth == 0 { u32::MAX } else { depth };
        let mut scanner = super::Scanner::new(super::default_skip(), input, ignore_invalid_utf8);
        super::parse(&mut scanner, depth)
    }
}

#[cfg(target_arch = "x86_64")]
fn default_skip() -> simd::Sse2 {
    simd::Sse2
}

#[cfg(not(target_arch = "x86_64"))]
fn default_skip() -> simd::Scalar {
    simd::Scalar
}

/// The validator compiled with AVX-512BW enabled throughout.
///
/// # Safety
/// The CPU must have the features the `Avx512` token checks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2,pclmulqdq,bmi1,popcnt")]
unsafe fn validate_avx512(
    avx512: simd::Avx512,
    input: &[u8],
    depth: u32,
    ignore_invalid_utf8: bool,
) -> Result<(), i32> {
    run(avx512, input, depth, ignore_invalid_utf8)
}

/// Inputs shorter than this skip the fast path: its setup costs more than
/// the exact path needs for a small document.
const FAST_PATH_MIN_LEN: usize = 128;

#[inline(always)]
fn run<S: Skip>(simd: S, input: &[u8], depth: u32, ignore_invalid_utf8: bool) -> Result<(), i32> {
    // PHP's parser treats a max_depth of 0 as "no limit" (json_validate()
    // never passes 0; this keeps the function total).
    let depth = if depth == 0 { u32::MAX } else { depth };
    if input.len() >= FAST_PATH_MIN_LEN && fast::accept(simd, input, depth) {
        return Ok(());
    }
    let mut scanner = Scanner::new(simd, input, ignore_invalid_utf8);
    parse(&mut scanner, depth)
}

/// Container kinds, as stored in the level stack (top two bits of a u16).
const TOP: u16 = 0;
const ARRAY: u16 = 1;
const OBJECT: u16 = 2;

/// The open containers' (kind of the parent, parent's base height). Fits
/// 4,999 levels; the first ones live inline so small inputs never allocate.
struct Levels {
    inline: [u16; 64],
    spill: Vec<u16>,
    n: u32,
}

impl Levels {
    #[inline(always)]
    fn new() -> Self {
        Levels {
            inline: [0; 64],
            spill: Vec::new(),
            n: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, v: u16) {
        match self.inline.get_mut(self.n as usize) {
            Some(slot) => *slot = v,
            None => self.spill.push(v),
        }
        self.n += 1;
    }

    /// Only called with `n > 0`.
    #[inline(always)]
    fn pop(&mut self) -> u16 {
        self.n -= 1;
        match self.inline.get(self.n as usize) {
            Some(&v) => v,
            None => self.spill.pop().unwrap_or(0),
        }
    }
}

/// Fails with E4 ("memory exhausted") if bison would push its state at a
/// height of `h` entries.
macro_rules! push_at {
    ($h:expr) => {
        if $h >= YYMAXDEPTH {
            return Err(E_SYNTAX);
        }
    };
}

/// Returns the scanner's code for the token at the current position if it
/// is an error token, else E4: the token is not acceptable here.
macro_rules! unexpected {
    ($s:expr) => {
        return Err($s.unexpected())
    };
}

/// The parser, fused with the scanner: in each state it looks at the first
/// byte of the next token, consumes the tokens it expects, and leaves
/// everything else to [`Scanner::unexpected`], which lexes the token the
/// regular way to tell a scanner error from a plain syntax error (E4).
#[inline(always)]
fn parse<S: Skip>(s: &mut Scanner<'_, S>, max_depth: u32) -> Result<(), i32> {
    let mut levels = Levels::new();
    // The innermost open container: its kind and base height Q.
    let mut kind = TOP;
    let mut q: u32 = 0;
    // Height while waiting for a value.
    let mut p: u32 = 1;
    'value: loop {
        // A value is expected at height `p`.
        match s.peek() {
            b'"' => {
                s.bump();
                s.string()?;
                push_at!(p + 1);
            }
            b'-' | b'0'..=b'9' => {
                s.number()?;
                push_at!(p + 1);
            }
            b't' => {
                s.literal(b"true")?;
                push_at!(p + 1);
            }
            b'f' => {
                s.literal(b"false")?;
                push_at!(p + 1);
            }
            b'n' => {
                s.literal(b"null")?;
                push_at!(p + 1);
            }
            open @ (b'[' | b'{') => {
                s.bump();
                push_at!(p + 1);
                // PHP_JSON_DEPTH_INC: the parser depth is 1 + open containers.
                if levels.n + 1 >= max_depth {
                    return Err(E_DEPTH);
                }
                push_at!(p + 2);
                levels.push(q as u16 | kind << 14);
                q = p;
                if open == b'[' {
                    kind = ARRAY;
                    match s.peek() {
                        b']' => {
                            s.bump();
                            push_at!(q + 4);
                            let v = levels.pop();
                            (kind, q) = (v >> 14, (v & 0x3FFF) as u32);
                        }
                        b'}' => {
                            s.bump();
                            push_at!(q + 4);
                            return Err(E_STATE_MISMATCH);
                        }
                        _ => {
                            // A value, or else E4 (elements -> %empty is pushed
                            // at Q+3 first, but that is E4 either way).
                            p = q + 2;
                            continue 'value;
                        }
                    }
                } else {
                    kind = OBJECT;
                    match s.peek() {
                        b'"' => {
                            s.bump();
                            s.string()?;
                            push_at!(q + 3);
                            if s.peek() != b':' {
                                unexpected!(s);
                            }
                            s.bump();
                            push_at!(q + 4);
                            p = q + 4;
                            continue 'value;
                        }
                        b'}' => {
                            s.bump();
                            push_at!(q + 4);
                            let v = levels.pop();
                            (kind, q) = (v >> 14, (v & 0x3FFF) as u32);
                        }
                        b']' => {
                            s.bump();
                            push_at!(q + 4);
                            return Err(E_STATE_MISMATCH);
                        }
                        _ => unexpected!(s),
                    }
                }
            }
            _ => unexpected!(s),
        }
        // A value is complete; what follows depends on the container.
        loop {
            let b = s.peek();
            if kind == OBJECT {
                match b {
                    b',' => {
                        s.bump();
                        push_at!(q + 4);
                        if s.peek() != b'"' {
                            unexpected!(s);
                        }
                        s.bump();
                        s.string()?;
                        push_at!(q + 5);
                        if s.peek() != b':' {
                            unexpected!(s);
                        }
                        s.bump();
                        push_at!(q + 6);
                        p = q + 6;
                        continue 'value;
                    }
                    b'}' => {
                        s.bump();
                        push_at!(q + 4);
                        let v = levels.pop();
                        (kind, q) = (v >> 14, (v & 0x3FFF) as u32);
                    }
                    b']' => {
                        s.bump();
                        push_at!(q + 4);
                        return Err(E_STATE_MISMATCH);
                    }
                    _ => unexpected!(s),
                }
            } else if kind == ARRAY {
                match b {
                    b',' => {
                        s.bump();
                        push_at!(q + 4);
                        p = q + 4;
                        continue 'value;
                    }
                    b']' => {
                        s.bump();
                        push_at!(q + 4);
                        let v = levels.pop();
                        (kind, q) = (v >> 14, (v & 0x3FFF) as u32);
                    }
                    b'}' => {
                        s.bump();
                        push_at!(q + 4);
                        return Err(E_STATE_MISMATCH);
                    }
                    _ => unexpected!(s),
                }
            } else {
                // The top level: only the end of input may follow.
                if b == 0 && s.at_end() {
                    return Ok(());
                }
                unexpected!(s);
            }
        }
    }
}
