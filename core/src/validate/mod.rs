//! json_validate(): PHP's JSON scanner and parser, reduced to a yes/no and
//! PHP's error code, with no allocation per token.
//!
//! # Structure
//!
//! ```text
//! validate ──> fast ──> crate::scan (Stage1, atom_ok, Kernels)
//!    │                      ▲
//!    └──> parse ──> lexer ──┘ (Kernels::string_stop / skip_ws, skip_digits, utf8)
//!    └──> crate::scan::dispatch ──> crate::isa (the level)
//! ```
//!
//! - `fast`: stage 2 over [`crate::scan`]'s stage 1 (64-byte blocks
//!   classified with SIMD, strings and whitespace handled as bitmasks),
//!   a grammar walk over the token starts. It only ever answers "valid" or
//!   "not sure", and never accepts what PHP rejects.
//! - the exact path (`parse` + `lexer`): PHP's scanner and parser step by
//!   step, with SIMD skipping of plain string bytes and whitespace. It runs
//!   when the fast path is not sure (every invalid input, invalid UTF-8
//!   with JSON_INVALID_UTF8_IGNORE, deep nesting, a depth limit that is
//!   hit) and for inputs under `FAST_PATH_MIN_LEN` (128) bytes, and is the one
//!   that produces error codes ([`crate::options::error`]).
//!
//! The level comes from [`crate::isa`]: [`validate`] runs at
//! [`crate::isa::detected`], [`validate_at`] (and the [`testing`] helpers) at a
//! level the caller names. The whole validator is compiled per level,
//! inside that level's `#[target_feature]` function
//! ([`crate::scan::dispatch`]).
//!
//! # What is reproduced
//!
//! The scanner (`lexer`) follows ext/json's json_scanner.re token by token,
//! so scanner errors come out in the same order as PHP's. The parser
//! (`parse`) is a hand-written equivalent of json_parser.y's LALR(1) automaton that
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
mod lexer;
mod parse;

use crate::isa::Level;
use crate::scan::{self, Job, Kernels};
use lexer::Scanner;

/// bison's YYMAXDEPTH in json_parser.tab.c: the state stack may hold at
/// most `YYMAXDEPTH - 1` entries.
const YYMAXDEPTH: u32 = 10_000;

/// json_validate()'s parse step: Ok(()) if valid, else Err(code) with PHP's JSON error code
/// ([`crate::options::error`]: 1 depth, 2 state mismatch, 3 control char, 4 syntax, 5 utf8,
/// 10 utf16). `depth` is the user's $depth (already checked > 0 and <= i32::MAX by the caller),
/// with PHP's parser semantics (parser depth starts at 1; at each '[' or '{': if depth >=
/// max_depth -> E1, else depth++). `ignore_invalid_utf8` = JSON_INVALID_UTF8_IGNORE. The input
/// is never empty (the caller handles ""). Runs at this CPU's best level ([`crate::isa::detected`]).
pub fn validate(input: &[u8], depth: u32, ignore_invalid_utf8: bool) -> Result<(), i32> {
    scan::dispatch_detected(
        Validate {
            depth,
            ignore_invalid_utf8,
            bigint_keys: false,
        },
        input,
    )
}

/// [`validate`] at `level` (or the best level below it that this CPU has):
/// for tests and benchmarks. Every level gives the same result.
pub fn validate_at(
    level: Level,
    input: &[u8],
    depth: u32,
    ignore_invalid_utf8: bool,
) -> Result<(), i32> {
    validate_decode_at(level, input, depth, ignore_invalid_utf8, false)
}

/// [`validate_at`] for json_decode()'s exact route: with `bigint_keys`
/// (`JSON_BIGINT_AS_STRING`), an integer token too large for a zend_long
/// is accepted as an object key, as PHP's scanner makes it a string token.
pub fn validate_decode_at(
    level: Level,
    input: &[u8],
    depth: u32,
    ignore_invalid_utf8: bool,
    bigint_keys: bool,
) -> Result<(), i32> {
    scan::dispatch(
        level,
        Validate {
            depth,
            ignore_invalid_utf8,
            bigint_keys,
        },
        input,
    )
}

/// [`validate_decode_at`] without the fast path: the exact scanner/parser
/// alone, for json_decode() once its own stage-1 walk has given up (the
/// fast path would give up on the same input, or accept one that
/// json_decode() rejects with error 9 only).
pub fn validate_exact_at(
    level: Level,
    input: &[u8],
    depth: u32,
    ignore_invalid_utf8: bool,
    bigint_keys: bool,
) -> Result<(), i32> {
    scan::dispatch(
        level,
        Exact(Validate {
            depth: max_depth(depth),
            ignore_invalid_utf8,
            bigint_keys,
        }),
        input,
    )
}

/// The exact path alone as a [`Job`] (the depth already through
/// [`max_depth`]).
struct Exact(Validate);

impl Job for Exact {
    type Output = Result<(), i32>;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K, input: &[u8]) -> Result<(), i32> {
        exact(k, input, self.0)
    }
}

/// The error of the one token at `pos` (after whitespace), as PHP's
/// scanner lexes it there: `Err(code)` for an error token, else `Ok` with
/// the position after the token (the end of input is a token).
/// `ignore_invalid_utf8`: as in [`validate`].
#[inline(always)]
pub(crate) fn token_at<K: Kernels>(
    k: K,
    input: &[u8],
    pos: usize,
    ignore_invalid_utf8: bool,
) -> Result<usize, i32> {
    Scanner::token_at(k, input, pos, ignore_invalid_utf8)
}

/// [`validate`]'s arguments but the input, as a [`Job`] for
/// [`scan::dispatch`].
#[derive(Clone, Copy)]
struct Validate {
    depth: u32,
    ignore_invalid_utf8: bool,
    bigint_keys: bool,
}

impl Job for Validate {
    type Output = Result<(), i32>;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K, input: &[u8]) -> Result<(), i32> {
        run(k, input, self)
    }
}

/// Inputs shorter than this skip the fast path: its setup costs more than
/// the exact path needs for a small document.
const FAST_PATH_MIN_LEN: usize = 128;

/// PHP's parser treats a max_depth of 0 as "no limit" (json_validate()
/// never passes 0; this keeps the functions total).
#[inline(always)]
fn max_depth(depth: u32) -> u32 {
    if depth == 0 {
        u32::MAX
    } else {
        depth
    }
}

#[inline(always)]
fn run<K: Kernels>(k: K, input: &[u8], v: Validate) -> Result<(), i32> {
    let depth = max_depth(v.depth);
    if input.len() >= FAST_PATH_MIN_LEN && fast::accept(k, input, depth) {
        return Ok(());
    }
    exact(k, input, Validate { depth, ..v })
}

/// The exact scanner/parser (`v.depth` already through [`max_depth`]).
#[inline(always)]
fn exact<K: Kernels>(k: K, input: &[u8], v: Validate) -> Result<(), i32> {
    let mut scanner = Scanner::new(k, input, v.ignore_invalid_utf8);
    parse::parse(&mut scanner, v.depth, v.bigint_keys)
}

/// Internals exposed for the differential tools, tests and benchmarks; not
/// an API. Each runs at `level` (or the best level below it that this CPU
/// has): pass [`crate::isa::detected`] for the shipped one, or loop over
/// [`crate::isa::available_levels`].
#[doc(hidden)]
pub mod testing {
    use super::{max_depth, Job, Kernels, Level};
    use crate::scan;

    /// One of the paths, as a [`Job`].
    enum Path {
        Fast(u32),
        Exact(u32, bool),
        Stage1,
    }

    impl Job for Path {
        type Output = Result<usize, i32>;
        #[inline(always)]
        fn run<K: Kernels>(self, k: K, inp: &[u8]) -> Result<usize, i32> {
            match self {
                Path::Fast(depth) => Ok(super::fast::accept(k, inp, max_depth(depth)) as usize),
                Path::Exact(depth, ignore) => {
                    let v = super::Validate {
                        depth: max_depth(depth),
                        ignore_invalid_utf8: ignore,
                        bigint_keys: false,
                    };
                    super::exact(k, inp, v).map(|()| 0)
                }
                Path::Stage1 => scan::count_tokens(k, inp).ok_or(0),
            }
        }
    }

    /// Whether the fast path alone accepts the input (it never accepts an
    /// input PHP rejects; it may give up on valid ones).
    pub fn fast_accepts(level: Level, input: &[u8], depth: u32) -> bool {
        scan::dispatch(level, Path::Fast(depth), input) == Ok(1)
    }

    /// Runs only the fast path's stage 1; returns the number of tokens, or
    /// `None` if it rejects. For benchmarks.
    pub fn stage1_tokens(level: Level, input: &[u8]) -> Option<usize> {
        scan::dispatch(level, Path::Stage1, input).ok()
    }

    /// The exact scanner/parser alone, without the fast path.
    pub fn exact(
        level: Level,
        input: &[u8],
        depth: u32,
        ignore_invalid_utf8: bool,
    ) -> Result<(), i32> {
        scan::dispatch(level, Path::Exact(depth, ignore_invalid_utf8), input).map(|_| ())
    }
}
