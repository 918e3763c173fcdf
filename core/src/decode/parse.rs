//! json_decode's parser: PHP's result and error code for any input, depth
//! and flags, with the values built through a [`Builder`].
//!
//! # Routes
//!
//! - Inputs of at most [`SHORT`] bytes skip stage 1: a lone scalar (or an
//!   empty array or object) is built directly, anything else by a
//!   byte-at-a-time walk with the fast route's grammar (plain ASCII
//!   strings found eight bytes at a time, other strings through
//!   [`string::decode`], numbers through [`number::parse_prefix`]). What
//!   either does not build (an error, a depth limit, a NUL-led key in
//!   object mode) is discarded and goes to the exact route: whatever stops
//!   them stops the fast route too.
//! - The fast route walks [`crate::scan`]'s stage-1 tokens (as
//!   `validate::fast` does) and builds as it goes. It only finishes when
//!   stage 1 accepted the whole input, the grammar held, every atom was a
//!   whole number or literal and no depth limit came near (at most
//!   [`MAX_LEVELS`] open containers): then PHP accepts the input too, and
//!   the built value is the result. When it stops at a token that PHP's
//!   parser cannot take there ([`stopped`]: a grammar error, the end of
//!   input, a string stage 1 let through that does not decode, a depth
//!   error), everything before that token was checked as PHP checks it
//!   (only the UTF-8 of a run of non-ASCII blocks still open is checked
//!   then), so PHP fails at that token, and its code is the token's own
//!   scanner error ([`crate::validate::token_at`]) or the parser's (E1,
//!   E2, else E4): no other pass. In object mode the builder then holds
//!   what stock's parser holds at its error (objects are made at the same
//!   points, and nothing is freed while building in the builder's own
//!   order), plus the object of a `{` whose first key is not a string
//!   token ([`Builder::fail_in_empty_object`]), and its discard frees them
//!   as bison's error recovery does; only when a duplicate name replaced
//!   an object or array before the error ([`Builder::rebuild`] asked after
//!   the error) does the failure replay below run. At a stage-1
//!   rejection or a malformed number or literal (no INVALID_UTF8 flag),
//!   the byte walk resumes where the route stopped, with its open
//!   containers and what it built ([`resume`]: the failure replay's walk
//!   from there; PHP's code is the one of the token it stops at). On
//!   anything else (a route limit, a NUL-led key in object mode, what the
//!   resumed walk cannot place) it discards and hands over to the exact
//!   route, as it does when the builder asks for the document again
//!   ([`Builder::rebuild`] after the last event; the exact route's walk
//!   asks it too and walks once more, without validating: PHP accepts it).
//! - The exact route asks the exact validator
//!   ([`crate::validate::validate_exact_at`], with IGNORE or SUBSTITUTE as
//!   "ignore": both accept what they do not decode) for PHP's verdict
//!   (without the validator's own stage-1 walk, which would give up where
//!   the fast route gave up). Valid: a byte-at-a-time walk builds the
//!   value (invalid UTF-8 is dropped or substituted there). Invalid: its
//!   code is PHP's, except for error 9 (below); in object mode (a document
//!   with a `{`), if the builder asks ([`Builder::replay_failure`]), the
//!   walk then replays the document with `$depth` and bison's stack height
//!   checked, so it stops at PHP's error token having made stock's builder
//!   calls up to there, and the builder discards what it holds as bison's
//!   error recovery does (object handles made later in the request depend
//!   on it).
//!
//! # Error 9
//!
//! In object mode PHP fails a member whose key starts with NUL when the
//! member is reduced, which is right after its value's last token (the
//! rule's reduction needs no look-ahead): `{"\u0000":1 x` is 9, not 4,
//! and an error inside the value wins. So when the validator reports code
//! `e`, the byte walk (building nothing) finds the first member with a
//! NUL-led key whose value completes, at byte `p`; the document cut at `p`
//! and closed with the open containers' brackets is validated: if that is
//! valid, PHP met no error before `p` and the answer is 9, else it is `e`.
//! The walk may accept more than PHP does (it checks no depth), never less
//! (its strings go through [`string::decode`], its numbers through
//! [`number::match_len`]), and the confirmation makes it exact.
//!
//! # State
//!
//! Builder methods may longjmp out (PHP's memory limit), so the parser's
//! own state is plain data: bit stacks in fixed arrays, counters, and the
//! stage-1 token buffer, a thread-local array reached through a raw
//! pointer (hence [`Builder`] implementations must not re-enter the parser
//! on the same thread; see the trait).

use super::build::{Builder, Nothing, RunNumber};
use super::number::{self, Number};
use super::string::{self, InvalidUtf8};
use super::BIGINT_AS_STRING;
use crate::isa::{self, Level};
use crate::options::{error, INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE};
use crate::scan::{self, atom_ok, Buf, Job, Kernels, Scalar as ScalarK, Stage1, BUF};
use crate::validate;
use core::cell::UnsafeCell;

/// Deepest nesting the fast route builds (as `validate::fast`): deeper
/// documents take the exact route, which checks bison's stack limit.
const MAX_LEVELS: u32 = 1000;
/// Words of the fast route's container-kind bit stack.
const FAST_WORDS: usize = (MAX_LEVELS as usize).div_ceil(64);
/// Words of the byte walk's container-kind bit stack: 5,120 levels, more
/// than the 4,999 containers bison's stack can hold open.
const SLOW_WORDS: usize = 80;

const _: () = assert!(!core::mem::needs_drop::<Stage1>());
const _: () = assert!(!core::mem::needs_drop::<Bits<FAST_WORDS>>());
const _: () = assert!(!core::mem::needs_drop::<Walk>());
const _: () = assert!(!core::mem::needs_drop::<Buf>());

/// The arguments of json_decode() that reach the parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// `$depth` (the caller checked 0 < depth <= i32::MAX).
    pub depth: u32,
    /// `$flags` (JSON_BIGINT_AS_STRING and the INVALID_UTF8 flags matter).
    pub flags: u32,
    /// Objects become arrays (`$associative`, or null and
    /// JSON_OBJECT_AS_ARRAY); decides error 9. The builder must be in the
    /// same mode.
    pub assoc: bool,
}

/// Parse `input` as PHP's json_decode() does, at this CPU's best level:
/// `Ok(value)` or `Err(json_last_error())`. Whatever was built before an
/// error has been released through [`Builder::discard`].
pub fn parse<B: Builder>(input: &[u8], opts: Options, b: &mut B) -> Result<B::Value, i32> {
    parse_at(isa::detected(), input, opts, b)
}

/// [`parse`] with the stage-1 kernels of `level` (or the best level below
/// it that this CPU has): for tests and benchmarks; every level gives the
/// same result.
pub fn parse_at<B: Builder>(
    level: Level,
    input: &[u8],
    opts: Options,
    b: &mut B,
) -> Result<B::Value, i32> {
    if input.is_empty() {
        return Err(error::SYNTAX);
    }
    if input.len() <= SHORT {
        let built = match scalar(input, opts, b) {
            Scalar::Built => true,
            Scalar::Failed => false,
            Scalar::Other => short_doc(input, opts, b),
        };
        if built && !b.rebuild() {
            return Ok(b.finish());
        }
        // The builder wants the document again (the exact route replays
        // it, knowing it valid), or the route stopped: whatever stops the
        // scalar or short-document route (an error, a depth limit, a
        // NUL-led key in object mode, a string that fails to decode) stops
        // the fast route too.
        b.discard();
        return exact(level, input, opts, b, built);
    }
    match scan::dispatch(level, Fast { opts, b: &mut *b }, input) {
        FastOut::Built => {
            if !b.rebuild() {
                return Ok(b.finish());
            }
            // The builder wants the document again: the exact route
            // replays it (PHP accepts it: no validation).
            b.discard();
            exact(level, input, opts, b, true)
        }
        FastOut::Error { code, obj_made } => {
            // Stopped at PHP's error token. In object mode the builder then
            // holds the objects stock's parser holds there, with stock's
            // handles (made at the same points, none freed), and its
            // discard frees them in bison's order, unless a duplicate name
            // replaced an object or array (the builder buried it and asks
            // for the document again): then the failure replay.
            if opts.assoc {
                b.discard();
                return Err(code);
            }
            if !b.rebuild() {
                if obj_made {
                    b.fail_in_empty_object();
                }
                b.discard();
                return Err(code);
            }
            b.discard();
            Err(failed(level, input, opts, b, code))
        }
        FastOut::GaveUp => {
            b.discard();
            exact(level, input, opts, b, false)
        }
    }
}

/// Longest input the scalar and short-document routes take: up to this
/// length, walking the bytes once costs less than stage 1's per-call setup
/// plus its pass.
const SHORT: usize = 1024;
/// Words of the short-document route's container-kind bit stack.
const SHORT_WORDS: usize = SHORT / 2 / 64;

/// What [`scalar`] did.
enum Scalar {
    /// The document was one scalar and is built.
    Built,
    /// The document starts with no scalar: nothing was built.
    Other,
    /// The route gave up after the builder may have been touched: the
    /// caller discards and takes the exact route.
    Failed,
}

/// The scalar route: a document that is one string, number or literal
/// (or an empty array or object) between optional whitespace, built
/// without stage 1. It builds only what
/// PHP accepts: the string body goes through [`string::decode`] (exact on
/// its own) unless it is plain printable ASCII, the number through
/// [`number::parse_prefix`] (whose match must reach the trailing
/// whitespace), a literal must be spelled out whole.
#[inline(always)]
fn scalar<B: Builder>(inp: &[u8], opts: Options, b: &mut B) -> Scalar {
    let mut i = 0;
    while inp.get(i).is_some_and(|&c| is_ws(c)) {
        i += 1;
    }
    let Some(rest) = inp.get(i..) else {
        return Scalar::Other;
    };
    let ws_only = |t: &[u8]| t.iter().all(|&c| is_ws(c));
    match rest.first() {
        Some(b'"') => {
            // Find the closing quote (an escape's second byte is skipped),
            // noting whether the body is plain printable ASCII.
            let mut j = 1;
            let mut plain = true;
            let end = loop {
                j = plain_run(rest, j);
                match rest.get(j) {
                    None => return Scalar::Other,
                    Some(b'"') => break j,
                    Some(b'\\') => {
                        plain = false;
                        j += 2;
                    }
                    Some(_) => {
                        plain = false;
                        j += 1;
                    }
                }
            };
            let (Some(body), Some(tail)) = (rest.get(1..end), rest.get(end + 1..)) else {
                return Scalar::Other;
            };
            if !ws_only(tail) {
                return Scalar::Other;
            }
            if plain {
                b.string(body);
                return Scalar::Built;
            }
            match string::decode(body, InvalidUtf8::from_flags(opts.flags), b.text()) {
                Ok(_) => {
                    b.string_from_text();
                    Scalar::Built
                }
                Err(_) => Scalar::Failed,
            }
        }
        Some(b't' | b'f' | b'n') => {
            let (lit, len): (u8, usize) = if rest.starts_with(b"true") {
                (1, 4)
            } else if rest.starts_with(b"false") {
                (0, 5)
            } else if rest.starts_with(b"null") {
                (2, 4)
            } else {
                return Scalar::Other;
            };
            if !rest.get(len..).is_some_and(ws_only) {
                return Scalar::Other;
            }
            match lit {
                0 => b.bool(false),
                1 => b.bool(true),
                _ => b.null(),
            }
            Scalar::Built
        }
        Some(b'-' | b'0'..=b'9') => {
            let bigint = opts.flags & BIGINT_AS_STRING != 0;
            let Some((num, len)) = number::parse_prefix(rest, bigint) else {
                return Scalar::Other;
            };
            if !rest.get(len..).is_some_and(ws_only) {
                return Scalar::Other;
            }
            match num {
                Number::Int(v) => b.int(v),
                Number::Double(d) => b.double(d),
                Number::BigIntString(s) => b.big_int(s),
            }
            Scalar::Built
        }
        Some(&open @ (b'[' | b'{')) => {
            // An empty array or object (depth allowing one level).
            let Some(after) = rest.get(1..) else {
                return Scalar::Other;
            };
            let k = after.iter().take_while(|&&c| is_ws(c)).count();
            let close = if open == b'[' { b']' } else { b'}' };
            if opts.depth < 2
                || after.get(k) != Some(&close)
                || !after.get(k + 1..).is_some_and(ws_only)
            {
                return Scalar::Other;
            }
            if open == b'[' {
                b.begin_array();
                b.end_array();
            } else {
                b.begin_object();
                b.end_object();
            }
            Scalar::Built
        }
        _ => Scalar::Other,
    }
}

/// The first position at or after `j` holding a `"`, a `\\`, a control
/// byte or a byte >= 0x80 (`inp.len()` if none): eight bytes at a time
/// (SWAR), then byte by byte. In each test the lowest flagged byte is
/// exact (borrows only run upwards from a flagged byte).
#[inline(always)]
fn plain_run(inp: &[u8], mut j: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(w) = inp.get(j..).and_then(|t| t.first_chunk::<8>()) {
        let v = u64::from_le_bytes(*w);
        let zero = |x: u64| x.wrapping_sub(ONES) & !x;
        let m = (zero(v ^ (ONES * u64::from(b'"')))
            | zero(v ^ (ONES * u64::from(b'\\')))
            | v.wrapping_sub(ONES * 0x20) & !v
            | v)
            & HIGH;
        if m != 0 {
            return j + (m.trailing_zeros() / 8) as usize;
        }
        j += 8;
    }
    while let Some(&c) = inp.get(j) {
        if c == b'"' || c == b'\\' || !(0x20..0x80).contains(&c) {
            return j;
        }
        j += 1;
    }
    inp.len()
}

/// A string token opening at `s` (a `"`) into the builder, as a key or a
/// value: the position after its closing quote, or `None` to give up
/// (no closing quote, a decoding error, a NUL-led key in object mode).
/// Plain printable ASCII is borrowed; anything else goes through
/// [`string::decode`], which is exact on its own (control bytes, escapes,
/// UTF-8 and the flags).
#[inline(always)]
fn short_string<B: Builder>(
    inp: &[u8],
    s: usize,
    key: bool,
    opts: Options,
    mode: InvalidUtf8,
    b: &mut B,
) -> Option<usize> {
    let mut j = s + 1;
    let mut plain = true;
    let end = loop {
        j = plain_run(inp, j);
        match inp.get(j) {
            None => return None,
            Some(b'"') => break j,
            Some(b'\\') => {
                plain = false;
                j += 2;
            }
            Some(_) => {
                plain = false;
                j += 1;
            }
        }
    };
    let body = inp.get(s + 1..end)?;
    if plain {
        if key {
            b.key(body);
        } else {
            b.string(body);
        }
    } else {
        let d = string::decode(body, mode, b.text()).ok()?;
        if key {
            if !opts.assoc && d.starts_with_nul {
                return None;
            }
            b.key_from_text();
        } else {
            b.string_from_text();
        }
    }
    Some(end + 1)
}

/// A number or literal at `p` into the builder: its length, or `None` when
/// it is not exactly one (the byte after it must end an atom).
#[inline(always)]
fn short_atom<B: Builder>(inp: &[u8], p: usize, bigint: bool, b: &mut B) -> Option<usize> {
    let rest = inp.get(p..)?;
    let len = match rest.first() {
        Some(b't' | b'f' | b'n') => {
            let len = if rest.starts_with(b"true") || rest.starts_with(b"null") {
                4
            } else if rest.starts_with(b"false") {
                5
            } else {
                return None;
            };
            if !ends_atom(rest.get(len)) {
                return None;
            }
            match rest.first() {
                Some(b't') => b.bool(true),
                Some(b'f') => b.bool(false),
                _ => b.null(),
            }
            len
        }
        _ => {
            let (num, len) = number::parse_prefix(rest, bigint)?;
            if !ends_atom(rest.get(len)) {
                return None;
            }
            match num {
                Number::Int(i) => b.int(i),
                Number::Double(d) => b.double(d),
                Number::BigIntString(s) => b.big_int(s),
            }
            len
        }
    };
    Some(len)
}

/// Whether the byte after an atom (`None`: the end of input) ends it.
#[inline(always)]
fn ends_atom(c: Option<&u8>) -> bool {
    matches!(
        c,
        None | Some(b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'[' | b']' | b':' | b',' | b'"')
    )
}

/// The short-document route: the fast route's grammar over a byte-at-a-time
/// lexer instead of stage 1, for inputs of at most [`SHORT`] bytes.
/// `true` when the whole input is accepted and built; `false` to give up
/// (the caller discards and runs the other routes): anything it does not
/// build for certain, such as a decoding error or a depth limit.
#[inline(never)]
fn short_doc<B: Builder>(inp: &[u8], opts: Options, b: &mut B) -> bool {
    let mode = InvalidUtf8::from_flags(opts.flags);
    let bigint = opts.flags & BIGINT_AS_STRING != 0;
    let mut i = 0usize;
    // The byte of the next token (after whitespace) at `i`; END at the end
    // of input (a NUL byte reads the same but is never accepted: the end
    // is checked by position).
    macro_rules! tok {
        () => {{
            while inp.get(i).is_some_and(|&c| is_ws(c)) {
                i += 1;
            }
            inp.get(i).copied().unwrap_or(END)
        }};
    }
    // A member from its key's opening quote (at `i`) to the first byte of
    // its value, in `c`.
    macro_rules! member {
        ($c:ident) => {{
            match short_string(inp, i, true, opts, mode, b) {
                Some(e) => i = e,
                None => return false,
            }
            if tok!() != b':' {
                return false;
            }
            i += 1;
            $c = tok!();
        }};
    }
    let mut n: u32 = 0;
    // 512 levels: a document of SHORT bytes holds at most that many closed
    // containers (deeper ones stop the walk).
    let mut kinds = Bits([0u64; SHORT_WORDS]);
    let mut c = tok!();
    'value: loop {
        // `c` starts a value, at `i`.
        match c {
            b'"' => match short_string(inp, i, false, opts, mode, b) {
                Some(e) => i = e,
                None => return false,
            },
            b'[' | b'{' => {
                let obj = c == b'{';
                if n + 1 >= opts.depth || !kinds.set(n as usize, obj) {
                    return false;
                }
                n += 1;
                i += 1;
                c = tok!();
                if obj {
                    b.begin_object();
                    if c == b'"' {
                        member!(c);
                        continue 'value;
                    }
                    if c != b'}' {
                        return false;
                    }
                    b.end_object();
                } else {
                    b.begin_array();
                    if c != b']' {
                        continue 'value;
                    }
                    b.end_array();
                }
                n -= 1;
                i += 1;
            }
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => match short_atom(inp, i, bigint, b) {
                Some(len) => i += len,
                None => return false,
            },
            _ => return false,
        }
        // A value is complete; the next token follows.
        loop {
            c = tok!();
            if n == 0 {
                return i >= inp.len();
            }
            let obj = kinds.get(n as usize - 1);
            if c == b',' {
                i += 1;
                c = tok!();
                if obj {
                    if c != b'"' {
                        return false;
                    }
                    member!(c);
                }
                continue 'value;
            }
            if obj {
                if c != b'}' {
                    return false;
                }
                b.end_object();
            } else {
                if c != b']' {
                    return false;
                }
                b.end_array();
            }
            n -= 1;
            i += 1;
        }
    }
}

std::thread_local! {
    /// Each thread's stage-1 token buffer, used in place (never moved out).
    static TOKENS: UnsafeCell<Buf> = const { UnsafeCell::new([0; BUF]) };
}

/// The fast route as a [`Job`]; the builder is left as the route left it
/// (the caller finishes or discards it).
struct Fast<'b, B> {
    opts: Options,
    b: &'b mut B,
}

/// How the fast route ended.
enum FastOut {
    /// The value is built and is PHP's result.
    Built,
    /// PHP's parser fails at the token the route stopped at, with `code`;
    /// every token before it was built as stock's parser builds it.
    /// `obj_made`: stock's parser makes the innermost object there (bison's
    /// `members: %empty` reduction: its first key is not a string token).
    Error { code: i32, obj_made: bool },
    /// The route gave up (an error it cannot place, a document it does not
    /// build): the exact route decides.
    GaveUp,
}

impl<B: Builder> Job for Fast<'_, B> {
    type Output = FastOut;
    #[inline(always)]
    fn run<K: Kernels>(self, k: K, inp: &[u8]) -> FastOut {
        // Token positions are stored as u32.
        if inp.len() >= u32::MAX as usize {
            return FastOut::GaveUp;
        }
        let Ok(ptr) = TOKENS.try_with(|t| t.get()) else {
            return FastOut::GaveUp;
        };
        // SAFETY: `ptr` is this thread's buffer; the only user is this
        // call, as `Builder` implementations may not re-enter the parser on
        // this thread, and the buffer outlives the call (thread-local,
        // no destructor).
        let buf = unsafe { &mut *ptr };
        let mut stop = Stop {
            at: 0,
            how: How::GaveUp,
            c: FAIL,
            utf8_from: None,
            phase: Phase::None,
            rat: 0,
            n: 0,
        };
        let mut kinds = Bits([0u64; FAST_WORDS]);
        if fast(k, inp, self.opts, self.b, buf, &mut stop, &mut kinds) {
            return FastOut::Built;
        }
        match stopped(k, inp, self.opts, stop) {
            FastOut::GaveUp if !matches!(stop.phase, Phase::None) => {
                resume(k, inp, self.opts, self.b, stop, &kinds)
            }
            out => out,
        }
    }
}

/// Where the byte walk resumes the fast route's work ([`resume`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Not resumable: the exact route decides.
    None,
    /// A value starts at or after the resume position (whitespace first).
    Value,
    /// The innermost array was just opened (its `[` is before the resume
    /// position): its first value, or `]`, comes next.
    FirstValue,
    /// The innermost object was just opened (its `{` is before the resume
    /// position): its first key, or `}`, comes next.
    FirstKey,
    /// A `,` in the innermost object is before the resume position: a key
    /// comes next.
    Key,
    /// A value is complete, ending before the resume position.
    After,
}

/// Where the walk starts: position, open containers (their kinds in the
/// walk's bit stack) and what comes next.
#[derive(Clone, Copy)]
struct Start {
    at: usize,
    n: usize,
    phase: Phase,
}

impl Start {
    const DOC: Start = Start {
        at: 0,
        n: 0,
        phase: Phase::Value,
    };
}

/// The end of the value token at `pos` that the fast route took last (a
/// closing bracket or an atom it built).
fn token_end(inp: &[u8], pos: usize) -> usize {
    let rest = inp.get(pos..).unwrap_or_default();
    match rest.first() {
        Some(b']' | b'}') => pos + 1,
        Some(b't' | b'n') => pos + 4,
        Some(b'f') => pos + 5,
        _ => pos + number::match_len(rest),
    }
}

/// The fast route gave up at a token that may not be PHP's error token
/// (most often stage 1 rejected a block after it: a control byte, a bad
/// escape or bad UTF-8; or a malformed atom): everything before the
/// resume position was built and checked as PHP checks it (the UTF-8 of
/// an open non-ASCII run is checked here), so instead of starting over,
/// the byte walk resumes there with the fast route's open containers, in
/// the failure replay's mode (it stops at PHP's error token, with stock's
/// builder calls up to there: in object mode the objects made before the
/// resume position are kept, as stock's parser keeps them). PHP's code is
/// then the one of the token the walk stopped at. Anything the walk
/// cannot place (a document it finds valid, a NUL-led key, bison's stack
/// height near its limit) goes back to the exact route: `GaveUp`.
/// Under the INVALID_UTF8 flags a stage-1 rejection may be a document PHP
/// accepts: never resumed.
#[cold]
#[inline(never)]
fn resume<K: Kernels, B: Builder>(
    k: K,
    inp: &[u8],
    opts: Options,
    b: &mut B,
    stop: Stop,
    kinds: &Bits<FAST_WORDS>,
) -> FastOut {
    // Only where stage 1 rejected the input, or at a malformed atom:
    // another stop that gives up may be at a document PHP accepts (an
    // integer key under JSON_BIGINT_AS_STRING).
    if opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0
        || (stop.c != FAIL && !matches!(stop.how, How::GaveUp))
    {
        return FastOut::GaveUp;
    }
    if let Some(from) = stop.utf8_from {
        if let Some(run) = inp.get(from..stop.rat) {
            if scan::utf8::valid_prefix(run) != run.len() {
                return FastOut::GaveUp;
            }
        }
    }
    let mut slow = Bits([0u64; SLOW_WORDS]);
    for (w, &v) in slow.0.iter_mut().zip(kinds.0.iter()) {
        *w = v;
    }
    let start = Start {
        at: stop.rat,
        n: stop.n as usize,
        phase: stop.phase,
    };
    let w = if opts.assoc {
        // No object handles to keep: nothing built.
        walk::<K, Nothing, true, true>(k, inp, opts, &mut Nothing::default(), &mut slow, start)
    } else {
        walk::<K, B, true, true>(k, inp, opts, b, &mut slow, start)
    };
    let Walk::At { at, how } = w else {
        return FastOut::GaveUp;
    };
    match code_at(k, inp, opts, at, how) {
        Some(code) => FastOut::Error {
            code,
            obj_made: false,
        },
        None => FastOut::GaveUp,
    }
}

/// PHP's error code at the token at `at` where the walk stopped for the
/// reason `how` (`None`: a string the walk did not take that PHP's scanner
/// takes, which the walk's strings never are).
fn code_at<K: Kernels>(k: K, inp: &[u8], opts: Options, at: usize, how: How) -> Option<i32> {
    let ignore = opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
    let c = inp.get(at).copied();
    let lexed = || match validate::token_at(k, inp, at, ignore) {
        Err(code) => code,
        Ok(_) => error::SYNTAX,
    };
    Some(match how {
        How::Depth => error::DEPTH,
        How::Value => {
            let prev = inp
                .get(..at)
                .and_then(|h| h.iter().rev().find(|&&b| !is_ws(b)));
            if c == Some(b'}') && prev == Some(&b'[') {
                error::STATE_MISMATCH
            } else {
                lexed()
            }
        }
        How::FirstKey if c == Some(b']') => error::STATE_MISMATCH,
        How::Close if matches!(c, Some(b']' | b'}')) => error::STATE_MISMATCH,
        How::String => match validate::token_at(k, inp, at, ignore) {
            Err(code) => code,
            Ok(_) => return None,
        },
        _ => lexed(),
    })
}

/// Why the fast route stopped at a token (see [`stopped`]).
#[derive(Clone, Copy)]
enum How {
    /// Not at an error token of PHP's for sure (a stage-1 rejection, a
    /// malformed atom, a route limit, ...).
    GaveUp,
    /// The token there cannot come next: its scanner error, else E4.
    Lex,
    /// A value was expected: as `Lex`, but `}` right after `[` is E2.
    Value,
    /// A key was expected after `,`: as `Lex` (an integer too large for
    /// a zend_long is a key under JSON_BIGINT_AS_STRING: gave up).
    Key,
    /// The first key was expected after `{`: as `Key`, but `]` is E2, and
    /// stock's parser makes the object first.
    FirstKey,
    /// A `,` or the closing bracket was expected: as `Lex`, but the
    /// other kind's closing bracket is E2.
    Close,
    /// A `[` or `{` past `$depth`: E1.
    Depth,
    /// A key string (at the stop) not followed by `:`: its scanner error
    /// (stage 1 lets an unclosed string at the end through; stock's parser
    /// makes the object if it is the first key), else as `Lex` at the
    /// token after it.
    Colon,
    /// A key string the route did not take: its scanner error (stock's
    /// parser makes the object if it is the first key); none (a NUL-led
    /// key in object mode): gave up.
    KeyString,
    /// A string value the route did not take: its scanner error, if any.
    String,
}

/// Where (a token start, or the input's length) and why the fast route
/// stopped, and where stage 1's open run of non-ASCII blocks starts, if
/// one is open ([`Stage1::utf8_pending`]).
#[derive(Clone, Copy)]
struct Stop {
    at: usize,
    how: How,
    /// The token's byte as stage 2 read it ([`FAIL`]: stage 1 rejected
    /// the input before it, so it has no place: gave up).
    c: u8,
    utf8_from: Option<usize>,
    /// Where (`rat`) and how the byte walk may resume when this stop
    /// gives up ([`resume`]), with `n` containers open.
    phase: Phase,
    rat: usize,
    n: u32,
}

/// PHP's verdict at the fast route's stop, when it can be told from the
/// token there: every token before it was built and was checked as PHP's
/// scanner and parser check it (stage 1's strings and escapes, the atoms,
/// the grammar, the depth; fewer than [`MAX_LEVELS`] open containers keep
/// bison's stack far from its limit), but for the UTF-8 of a run of
/// non-ASCII blocks still open, checked here.
#[cold]
#[inline(never)]
fn stopped<K: Kernels>(k: K, inp: &[u8], opts: Options, stop: Stop) -> FastOut {
    let at = stop.at;
    if stop.c == FAIL {
        return FastOut::GaveUp;
    }
    if let Some(run) = stop.utf8_from.and_then(|from| inp.get(from..at)) {
        if scan::utf8::valid_prefix(run) != run.len() {
            return FastOut::GaveUp;
        }
    }
    let ignore = opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
    let c = inp.get(at).copied();
    let lexed = || match validate::token_at(k, inp, at, ignore) {
        Err(code) => code,
        Ok(_) => error::SYNTAX,
    };
    let big_key = || opts.flags & BIGINT_AS_STRING != 0 && matches!(c, Some(b'-' | b'0'..=b'9'));
    let (code, obj_made) = match stop.how {
        How::GaveUp => return FastOut::GaveUp,
        How::Lex => (lexed(), false),
        How::Value => {
            let prev = inp
                .get(..at)
                .and_then(|h| h.iter().rev().find(|&&b| !is_ws(b)));
            if c == Some(b'}') && prev == Some(&b'[') {
                (error::STATE_MISMATCH, false)
            } else {
                (lexed(), false)
            }
        }
        How::Key if big_key() => return FastOut::GaveUp,
        How::Key => (lexed(), false),
        How::FirstKey if big_key() => return FastOut::GaveUp,
        How::FirstKey if c == Some(b']') => (error::STATE_MISMATCH, true),
        How::FirstKey => (lexed(), true),
        How::Close if matches!(c, Some(b']' | b'}')) => (error::STATE_MISMATCH, false),
        How::Close => (lexed(), false),
        How::Depth => (error::DEPTH, false),
        How::Colon => match validate::token_at(k, inp, at, ignore) {
            Err(code) => (code, true),
            Ok(end) => match validate::token_at(k, inp, end, ignore) {
                Err(code) => (code, false),
                Ok(_) => (error::SYNTAX, false),
            },
        },
        How::KeyString => match validate::token_at(k, inp, at, ignore) {
            Err(code) => (code, true),
            Ok(_) => return FastOut::GaveUp,
        },
        How::String => match validate::token_at(k, inp, at, ignore) {
            Err(code) => (code, false),
            Ok(_) => return FastOut::GaveUp,
        },
    };
    FastOut::Error { code, obj_made }
}

/// A stack of container kinds, one bit per open container (1 = object).
#[derive(Clone, Copy)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    /// Sets the kind of container `i` (0 = outermost); false if `i` is
    /// beyond the stack.
    #[inline(always)]
    fn set(&mut self, i: usize, obj: bool) -> bool {
        match self.0.get_mut(i / 64) {
            Some(w) => {
                let m = 1u64 << (i % 64);
                *w = if obj { *w | m } else { *w & !m };
                true
            }
            None => false,
        }
    }
    #[inline(always)]
    fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| (w >> (i % 64)) & 1 != 0)
    }
}

/// What stage 2's `next!` yields at the end of input (no token starts
/// with a 0 byte: stage 1 rejects it outside strings).
const END: u8 = 0;
/// What `next!` yields when stage 1 rejected the input.
const FAIL: u8 = 1;

#[inline(always)]
fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// The body of the string token opening at `s`, given the position `next`
/// of the token after it (or the input's length): the closing quote is the
/// last byte before `next` that is not whitespace.
#[inline(always)]
fn body_before(inp: &[u8], s: usize, next: usize) -> Option<&[u8]> {
    // Most often the closing quote is the byte before the next token.
    if next >= s + 2 && inp.get(next - 1) == Some(&b'"') {
        return inp.get(s + 1..next - 1);
    }
    let mut e = next.min(inp.len());
    while e > s + 1 && inp.get(e - 1).is_some_and(|&c| is_ws(c)) {
        e -= 1;
    }
    if e < s + 2 || inp.get(e - 1) != Some(&b'"') {
        return None;
    }
    inp.get(s + 1..e - 1)
}

/// Whether `body` (the bytes of `inp` from `start`) holds a backslash:
/// short bodies (most keys and values) inline, by two 16-byte SSE2 loads
/// from `start` masked to the body on x86_64 when `inp` has 32 bytes there
/// (the bytes past the body are the input's own), else by 8-byte words;
/// long ones out of line ([`long_has_backslash`]).
#[inline(always)]
fn has_backslash(inp: &[u8], start: usize, body: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let n = body.len();
    if n > 32 {
        return long_has_backslash(body);
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if let Some(room) = inp.get(start..start + 32) {
        use core::arch::x86_64::_mm_set1_epi8;
        use core::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8};
        let p = room.as_ptr();
        // SAFETY: SSE2 is part of x86_64; both loads read within `room`
        // (32 bytes of `inp`).
        let m = unsafe {
            let bs = _mm_set1_epi8(b'\\' as i8);
            let a = _mm_loadu_si128(p.cast::<__m128i>());
            let b = _mm_loadu_si128(p.add(16).cast::<__m128i>());
            (_mm_movemask_epi8(_mm_cmpeq_epi8(a, bs)) as u32 & 0xFFFF)
                | ((_mm_movemask_epi8(_mm_cmpeq_epi8(b, bs)) as u32) << 16)
        };
        // The body's `n` (<= 32) bytes only.
        let keep = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        return m & keep != 0;
    }
    // Only the loads above look past the body.
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (inp, start);
    let word = |i: usize| -> u64 {
        let mut w = [0u8; 8];
        if let Some(src) = body.get(i..i + 8) {
            w.copy_from_slice(src);
        }
        u64::from_le_bytes(w) ^ (ONES * u64::from(b'\\'))
    };
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & (ONES << 7) != 0;
    if n < 8 {
        // A plain loop: `contains` would call memchr for a few bytes.
        for &c in body {
            if c == b'\\' {
                return true;
            }
        }
        return false;
    }
    let mut i = 0;
    while i + 8 < n {
        if zero_byte(word(i)) {
            return true;
        }
        i += 8;
    }
    zero_byte(word(n - 8))
}

/// [`has_backslash`] of a body of more than 32 bytes: on x86_64, 32 bytes
/// per step with SSE2 (part of the architecture), the last step
/// overlapping; elsewhere (and under Miri) `contains`. Out of line: the
/// hot loop that calls [`has_backslash`] keeps its registers.
#[inline(never)]
fn long_has_backslash(body: &[u8]) -> bool {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        use core::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8};
        use core::arch::x86_64::{_mm_or_si128, _mm_set1_epi8};
        let n = body.len();
        if n < 32 {
            return body.contains(&b'\\');
        }
        let p = body.as_ptr();
        // SAFETY: SSE2 is part of x86_64; every 16-byte load starts at or
        // before `n - 16` (`i + 32 < n` in the loop, then `n - 32 >= 0`),
        // so it reads within `body`.
        unsafe {
            let bs = _mm_set1_epi8(b'\\' as i8);
            let hit = |at: usize| {
                let a = _mm_loadu_si128(p.add(at).cast::<__m128i>());
                let b = _mm_loadu_si128(p.add(at + 16).cast::<__m128i>());
                _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(a, bs), _mm_cmpeq_epi8(b, bs))) != 0
            };
            let mut i = 0;
            while i + 32 < n {
                if hit(i) {
                    return true;
                }
                i += 32;
            }
            hit(n - 32)
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    body.contains(&b'\\')
}

/// Longest key body [`put_string`] offers to [`Builder::known_key`].
const KNOWN_KEY_MAX: usize = 32;

/// A string value or key body (the bytes of `inp` from `start`) into the
/// builder: borrowed when it has no escape, else decoded into the
/// builder's text (when `utf8_known()`, stage 1 validated its UTF-8, and
/// [`string::decode_valid_utf8`] copies bytes >= 0x80 without checking them
/// again). `false` to give up (a decoding error, or a NUL-led key
/// in object mode).
#[inline(always)]
fn put_string<B: Builder>(
    inp: &[u8],
    start: usize,
    body: &[u8],
    key: bool,
    opts: Options,
    utf8_known: impl FnOnce() -> bool,
    b: &mut B,
) -> bool {
    // A repeated key the builder knows: no escape in it (see the trait).
    if key && body.len() <= KNOWN_KEY_MAX && b.known_key(body) {
        return true;
    }
    if !has_backslash(inp, start, body) {
        // A long body whose UTF-8 stage 1 has not checked yet (an open run
        // of non-ASCII blocks) is checked first: if it is invalid, PHP's
        // scanner fails it (or, under the INVALID_UTF8 flags, decodes it)
        // before allocating it, so it is not copied here either.
        if body.len() > string::MEASURE_FROM && scan::utf8::valid_prefix(body) != body.len() {
            return false;
        }
        if key {
            if !opts.assoc && body.first() == Some(&0) {
                return false;
            }
            b.key(body);
        } else {
            b.string(body);
        }
        return true;
    }
    let mode = InvalidUtf8::from_flags(opts.flags);
    let d = if utf8_known() {
        string::decode_valid_utf8(body, mode, b.text())
    } else {
        string::decode(body, mode, b.text())
    };
    match d {
        Ok(d) => {
            if key {
                if !opts.assoc && d.starts_with_nul {
                    return false;
                }
                b.key_from_text();
            } else {
                b.string_from_text();
            }
            true
        }
        Err(_) => false,
    }
}

/// A number or literal atom at `pos` (stage 1 found its start) into the
/// builder; `false` if it is not exactly one. A number is scanned once:
/// its longest match (what the value is made of) must end where the atom
/// ends, which is what [`atom_ok`] checks for it.
#[inline(always)]
fn put_atom<B: Builder>(inp: &[u8], pos: usize, bigint: bool, b: &mut B) -> bool {
    let Some(rest) = inp.get(pos..) else {
        return false;
    };
    match rest.first() {
        Some(b't' | b'f' | b'n') => {
            if !atom_ok(inp, pos) {
                return false;
            }
            match rest.first() {
                Some(b't') => b.bool(true),
                Some(b'f') => b.bool(false),
                _ => b.null(),
            }
            true
        }
        _ => {
            let Some((num, len)) = number::parse_prefix(rest, bigint) else {
                return false;
            };
            // The atom must end here: whitespace, a structural byte, a
            // quote (the grammar then rejects two adjacent values) or the
            // end of input.
            if !matches!(
                rest.get(len),
                None | Some(
                    b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'[' | b']' | b':' | b',' | b'"'
                )
            ) {
                return false;
            }
            match num {
                Number::Int(i) => b.int(i),
                Number::Double(d) => b.double(d),
                Number::BigIntString(s) => b.big_int(s),
            }
            true
        }
    }
}

/// The stage-1 route's token reader: the first byte of the next token
/// (its position in `$pos`, its index in the chunk's `$buf[..$nt]` in
/// `$ti`), refilling the buffer from `$st` when the chunk is used up;
/// [`END`] at the end of input (`$pos` is then its length), [`FAIL`] when
/// stage 1 rejected the input (`$pos` is left at the token before).
macro_rules! next_token {
    ($k:expr, $inp:expr, $st:expr, $buf:expr, $ti:ident, $nt:ident, $pos:ident) => {{
        if $ti < $nt {
            $pos = $buf[$ti & (BUF - 1)] as usize;
            $ti += 1;
            $inp.get($pos).copied().unwrap_or(FAIL)
        } else {
            match $st.refill($k, $inp, $buf) {
                Some(0) => {
                    $pos = $inp.len();
                    END
                }
                Some(n) => {
                    $nt = n;
                    $pos = $buf[0] as usize;
                    $ti = 1;
                    $inp.get($pos).copied().unwrap_or(FAIL)
                }
                None => FAIL,
            }
        }
    }};
}

/// [`number_array`] takes this many elements one at a time before it
/// starts a run ([`number_run`]: a call, and the builder's set-up), so
/// lists of a few numbers never pay for one.
const RUN_FROM: u32 = 4;

/// Where the walk goes on after [`number_array`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum RunHow {
    /// `c` starts a value: it follows a `,`, or is the array's first
    /// element, not taken.
    Value,
    /// A value is complete and `c` follows it (the array is still open).
    After,
    /// The array is complete: its `]` was the last token taken, and
    /// [`Builder::end_array`] was called (`c` is not set).
    Closed,
}

/// The token reader's state after [`number_array`], as the walk's `next!`
/// leaves it, and where the walk goes on.
struct RunEnd {
    /// The last token read (as `next!` yields it).
    c: u8,
    ti: usize,
    nt: usize,
    pos: usize,
    how: RunHow,
}

/// An array whose first element is the number token at `pos` (the
/// array's `[` came before it; `ti` indexes the token after it): that
/// number and every element that follows as `, number` go to the builder
/// ([`run_number`] decides which numbers), then its `]` if that comes
/// next. Elements go one at a time through [`Builder::int`] /
/// [`Builder::double`] while the chunk's tokens last, and from the
/// [`RUN_FROM`]th on as runs ([`number_run`]); at a chunk's end
/// the walk's token reader takes over (stage 1 refilled as `next!`
/// refills it). Every token it takes is taken as the walk takes it, and
/// it stops at the first it does not: the walk goes on there. Inlined
/// into the walk (out of line, the call cost a list of two numbers more
/// than the general walk saved); the runs are out of line.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn number_array<K: Kernels, B: Builder>(
    k: K,
    inp: &[u8],
    st: &mut Stage1,
    buf: &mut Buf,
    (mut ti, mut nt, mut pos): (usize, usize, usize),
    bigint: bool,
    b: &mut B,
) -> RunEnd {
    // `fast`'s `next!`, on the state passed in.
    macro_rules! next {
        () => {
            next_token!(k, inp, st, buf, ti, nt, pos)
        };
    }
    macro_rules! end {
        ($c:expr, $how:expr) => {
            return RunEnd {
                c: $c,
                ti,
                nt,
                pos,
                how: $how,
            }
        };
    }
    let Some(mut num) = run_number(inp, pos, bigint) else {
        end!(inp.get(pos).copied().unwrap_or(FAIL), RunHow::Value);
    };
    // Elements taken one at a time (short lists never pay for a run).
    let mut taken = 1u32;
    loop {
        put_run_number(num, b);
        // A number was the last token taken: the next two in the chunk.
        if ti + 1 < nt {
            let at = buf[ti & (BUF - 1)] as usize;
            match inp.get(at) {
                Some(b',') => {
                    let at = buf[(ti + 1) & (BUF - 1)] as usize;
                    if let Some(x) = run_number(inp, at, bigint) {
                        ti += 2;
                        pos = at;
                        num = x;
                        taken += 1;
                        if taken >= RUN_FROM
                            && ti + 1 < nt
                            && inp.get(buf[ti & (BUF - 1)] as usize) == Some(&b',')
                        {
                            // `x , y`: a run from `y` on, after `x`.
                            put_run_number(num, b);
                            let t = number_run(k, inp, st, buf, ti, nt, bigint, b);
                            if t != ti {
                                ti = t;
                                pos = buf[(t - 1) & (BUF - 1)] as usize;
                            }
                            // The run ended, or the builder stopped it
                            // (a full table): the reader takes the next.
                        } else {
                            continue;
                        }
                    }
                }
                Some(b']') => {
                    ti += 1;
                    pos = at;
                    b.end_array();
                    end!(0, RunHow::Closed);
                }
                _ => {}
            }
        }
        // The reader: a `,` and a number the run takes, else the walk
        // goes on.
        let c = next!();
        if c != b',' {
            end!(c, RunHow::After);
        }
        let c = next!();
        if !matches!(c, b'-' | b'0'..=b'9') {
            end!(c, RunHow::Value);
        }
        match run_number(inp, pos, bigint) {
            Some(x) => num = x,
            None => end!(c, RunHow::Value),
        }
    }
}

/// A run of numbers ([`Builder::number_run`]) from the chunk's token `ti`
/// (the last number taken is the token before it): while the tokens are a
/// `,` and a number [`run_number`] takes, the number goes to the builder.
/// Returns the index of the first token not taken. Out of line, and cold
/// (called once per run, not per element: the walk's code around the
/// call stays laid out for the walk), so the loop gets its own registers.
///
/// If the chunk's tokens run out inside the run (none is left, or a `,`
/// whose number is in the next chunk), the run goes on past them on the
/// bytes ([`direct_run`]), and stage 1 restarts where it stopped: the
/// result is then `nt` (the chunk's tokens all taken, so the reader
/// refills next), and the chunk's last entry the start of the last number
/// taken (where the reader's `pos` is taken from).
///
/// `_k` is unused: it makes one copy per level, as of the walk, which the
/// compiler lays out better (callgrind, mesh.json: 10.55M instructions per
/// decode with it, 10.91M without).
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn number_run<K: Kernels, B: Builder>(
    _k: K,
    inp: &[u8],
    st: &mut Stage1,
    buf: &mut Buf,
    mut ti: usize,
    nt: usize,
    bigint: bool,
    b: &mut B,
) -> usize {
    {
        let buf = &*buf;
        ti = short_token_run(inp, buf, ti, nt, b);
        b.number_run(|| {
            if ti + 1 >= nt || inp.get(buf[ti & (BUF - 1)] as usize) != Some(&b',') {
                return None;
            }
            let num = run_number(inp, buf[(ti + 1) & (BUF - 1)] as usize, bigint)?;
            ti += 2;
            Some(num)
        });
    }
    if (ti >= nt || (ti + 1 == nt && inp.get(buf[ti & (BUF - 1)] as usize) == Some(&b',')))
        && !st.at_end(inp)
    {
        let last = buf[(ti - 1) & (BUF - 1)] as usize;
        let (at, q) = direct_run(inp, last, bigint, b);
        return hand_back(st, buf, nt, at, q);
    }
    ti
}

/// After [`direct_run`] or [`lists_past_chunk`] took elements from the
/// bytes: stage 1 restarts at `q` ([`Stage1::restart_at`]) and the reader
/// is left as if it had taken all of the chunk's `nt` tokens, the last one
/// at `last` (the chunk's last entry: where the reader's `pos` is taken
/// from). Returns `nt`, the reader's next token index.
#[inline(always)]
fn hand_back(st: &mut Stage1, buf: &mut Buf, nt: usize, last: usize, q: usize) -> usize {
    st.restart_at(q);
    // Positions fit in a u32 (as stage 1 writes them).
    buf[(nt - 1) & (BUF - 1)] = last as u32;
    nt
}

/// A run of numbers past the end of stage 1's chunk ([`number_run`]): the
/// last number taken starts at `last`, and while the bytes after it are
/// `, number` (JSON whitespace around the comma; the number as
/// [`run_number`] takes it), the number goes to the builder, straight from
/// the bytes: stage 1 does not classify them, and no token is read.
/// Returns the start of the last number taken and the first byte after it
/// that is not whitespace: the token where stage 1 restarts
/// ([`Stage1::restart_at`]) and the walk's reader goes on.
///
/// What the run takes is whitespace, commas and number atoms that
/// [`run_number`] checked whole, all ASCII and outside strings, which is
/// all stage 1 would have checked in them; the restart is at a token
/// start outside strings after whitespace or an atom's end (so no carry
/// is open there). The chunk's tokens were all taken but perhaps a last
/// `,`, so the restart is at or after the end of the bytes stage 1
/// classified, or at that `,` (then only it and whitespace are classified
/// again).
#[inline(always)]
fn direct_run<B: Builder>(inp: &[u8], last: usize, bigint: bool, b: &mut B) -> (usize, usize) {
    // The start of the last number taken, its end, and where the next
    // number starts (after a comma right after it), or `usize::MAX` when
    // no comma came right after it.
    let mut at = last;
    let mut p = last + number::match_len(inp.get(last..).unwrap_or_default());
    let mut next = follow(inp, p);
    // A list of small ints (`12, 7, 345, `) takes its own loop first,
    // which finds each element in a 32-byte window's byte masks
    // ([`ListWindow`]); at the first other element
    // (a double, a longer or negative int, the last one) the general loop
    // goes on. (Short doubles through such a loop of their own cost fewer
    // instructions but more time: 3 ns more per `-0.0636837780476`.)
    (at, p, next) = short_run(inp, (at, p, next), b);
    // Doubles and long numbers (mesh.json's `-0.0636837780476`,
    // marine_ik.json's `0.853656`) take their own loop next, which finds
    // them by a window's masks ([`NumberStream`]) and values those of at
    // most 16 bytes from their known end; shorter ints (mesh.json's
    // `4278190080`) are quicker read one after another: the window's own
    // work then costs more than it saves (mesh.json +2% instructions with
    // the window for them; marine_ik was 5% slower with the window for
    // its short doubles too before they were valued from their end, and
    // is about 3% faster since). The last number taken decides, once per
    // run.
    if p - at >= 12 || inp.get(at..p).is_some_and(|t| t.contains(&b'.')) {
        (at, p, next) = long_run(inp, (at, p, next), bigint, b);
    }
    loop {
        let mut ended = false;
        b.number_run(|| {
            let Some((x, end, after)) = direct_number(inp, next, bigint) else {
                ended = true;
                return None;
            };
            (at, p, next) = (next, end, after);
            Some(x)
        });
        if !ended {
            // The builder stopped taking (a full table): one number
            // through its general calls, which make room.
            if let Some((x, end, after)) = direct_number(inp, next, bigint) {
                put_run_number(x, b);
                (at, p, next) = (next, end, after);
                continue;
            }
        }
        // Not `,` right after the number, then a number: whitespace may
        // come before the comma. The run stops at the first token after
        // the last number unless that is a comma followed by a number.
        let i = skip_ws_bytes(inp, p);
        if inp.get(i) == Some(&b',') {
            let s = skip_ws_bytes(inp, i + 1);
            if direct_number(inp, s, bigint).is_some() {
                next = s;
                continue;
            }
        }
        return (at, i);
    }
}

/// [`direct_run`]'s loop for long numbers (see there): from the run's
/// state `(at, p, next)` (as for [`short_run`]), while the next number
/// ends at a comma that [`NumberStream`]'s masks find, it goes to the
/// builder; returns the state after the last one taken (the general loop
/// goes on from there). mesh.json's 28k such doubles: 653 -> 635 us a
/// decode (best of 9), in more instructions (8.85M -> 9.55M); with the
/// doubles of at most 16 bytes valued from their known end
/// ([`number::ended_double`]): 583 us, 8.65M. Out of line, as
/// [`short_run`], so that the general loop keeps its registers.
#[inline(never)]
fn long_run<B: Builder>(inp: &[u8], state: RunState, bigint: bool, b: &mut B) -> RunState {
    take_all(state, (inp, bigint), b, NumberStream::NONE)
}

/// A run's state: the last number's start and end, and where the next
/// one starts (`usize::MAX`: nowhere).
type RunState = (usize, usize, usize);

/// The loop of [`short_run`], [`long_run`] and [`short_token_run`]: while
/// `step` takes a number (updating the run's state), it goes to the
/// builder (through [`put_run_number`] where [`Builder::number_run`] stops
/// taking: a full table). Returns the state after the last number taken.
#[inline(always)]
fn take_all<B: Builder, S, C: Copy, T: Step<S, C>>(state: S, ctx: C, b: &mut B, mut step: T) -> S {
    let mut st = state;
    loop {
        let mut ended = false;
        b.number_run(|| {
            let x = step.step(ctx, &mut st);
            ended = x.is_none();
            x
        });
        if ended {
            return st;
        }
        // The builder stopped taking: one through its general calls.
        let Some(x) = step.step(ctx, &mut st) else {
            return st;
        };
        put_run_number(x, b);
    }
}

/// One step of a run for [`take_all`]: the next number from the run's
/// state `st`, `st` updated when one is taken. A trait, not a closure, so
/// that the step is inlined into the loop whatever its size (as a closure,
/// the windows' steps were not: mesh.json 11.5M instructions, not 9.55M);
/// what the step reads and does not change comes as `ctx`, a value (held
/// in the step itself it was read from memory at every step: +5
/// instructions a number).
trait Step<S, C: Copy> {
    fn step(&mut self, ctx: C, st: &mut S) -> Option<RunNumber>;
}

/// [`direct_run`]'s loop for small ints (see there): from the run's state
/// `(at, p, next)` (the last number's start and end, the next one's start
/// or `usize::MAX`), while the next number is an int of at most 7 digits
/// with a comma right after it ([`number::short_int_comma`]), it goes to
/// the builder (through [`Builder::int`] where [`Builder::number_run`]
/// stops taking: a full table); returns the state after the last one
/// taken. The elements are found in a window's masks ([`ListWindow`]):
/// mesh.json's 37k ints went from 4.8 to about 3.8 ns each that way
/// (best of 9: the decode 688 -> 650 us). The run's state goes in and out
/// by reference: returned in an `Option` from both the hot path and the
/// cold one, it went through a stack slot (two 8-byte stores read back
/// as one 16-byte load, which store forwarding cannot serve: 745 us).
/// Out of line, and entered once per run: the general loop keeps its
/// registers (inlined, it cost the doubles of a list 5 instructions
/// each).
#[inline(never)]
fn short_run<B: Builder>(inp: &[u8], state: RunState, b: &mut B) -> RunState {
    take_all(state, inp, b, ListWindow::NONE)
}

/// [`short_run`]'s view of the bytes: the digit, comma and space masks of
/// 32 bytes from `base` ([`number::list_masks`]), so that finding an
/// element's digits and the separator after it is a few bit operations on
/// registers, not a load and a digit count per element: the chain from
/// one element's start to the next is shorter (the element's value, read
/// from its own word, is off that chain).
struct ListWindow {
    base: usize,
    m: number::ListMasks,
}

impl<'a> Step<RunState, &'a [u8]> for ListWindow {
    #[inline(always)]
    fn step(&mut self, inp: &'a [u8], st: &mut RunState) -> Option<RunNumber> {
        self.short_int(inp, st)
    }
}

impl ListWindow {
    /// No window yet (the first step loads one).
    const NONE: ListWindow = ListWindow {
        base: usize::MAX,
        m: number::ListMasks {
            digits: 0,
            commas: 0,
            spaces: 0,
        },
    };

    /// As [`short_step`] at `next`: the int of at most 7 digits there
    /// with a comma right after it, and the run's state after it. Elements
    /// starting in the window's first 25 bytes are read from its masks
    /// (one such element ends inside it: 7 digits and the comma); a step
    /// past that loads the window at `next` first, where at least 40 bytes
    /// are left (the window and the last element's 8-byte word). Anything
    /// else (whitespace before the element, no window, not such an int)
    /// is [`short_step`]'s.
    #[inline(always)]
    fn short_int(&mut self, inp: &[u8], st: &mut RunState) -> Option<RunNumber> {
        let next = st.2;
        let mut off = next.wrapping_sub(self.base);
        if off > 24 {
            let Some(a) = inp.get(next..).and_then(|r| r.first_chunk::<40>()) else {
                return short_step_cold(inp, st);
            };
            let Some(a) = a.first_chunk::<32>() else {
                return short_step_cold(inp, st);
            };
            self.base = next;
            self.m = number::list_masks(a);
            off = 0;
        }
        let k = (!(self.m.digits >> off)).trailing_zeros() as usize;
        let end_off = off + k;
        // 1..=7 digits, a comma right after them (inside the window: off
        // <= 24), and no leading zero before another digit.
        if k.wrapping_sub(1) >= 7 || (self.m.commas >> end_off) & 1 == 0 {
            return short_step_cold(inp, st);
        }
        // next + 8 <= base + 32 and base + 40 <= inp.len().
        let w = word_at(inp, next)?;
        if k > 1 && w as u8 == b'0' {
            return None;
        }
        let x = number::digits_value(w, k) as i64;
        let end = next + k;
        // One space after the comma is taken from the masks; more
        // whitespace (or a space past the window) is the next step's.
        let after = end + 1 + ((self.m.spaces >> (end_off + 1)) & 1) as usize;
        *st = (next, end, after);
        Some(RunNumber::Int(x))
    }
}

/// [`direct_run`]'s view of the bytes: the comma and space masks of the
/// 64 bytes from `base`, which moves on 32 bytes at a time (the next 32
/// bytes' masks taken in as the first 32's go): the loads and compares
/// follow the window, not each element, so they stay off the chain from
/// one element's start to the next (see [`NumberStream::number`]).
struct NumberStream {
    base: usize,
    commas: u64,
    spaces: u64,
}

impl<'a> Step<RunState, (&'a [u8], bool)> for NumberStream {
    #[inline(always)]
    fn step(&mut self, (inp, bigint): (&'a [u8], bool), st: &mut RunState) -> Option<RunNumber> {
        self.number(inp, bigint, st)
    }
}

impl NumberStream {
    /// No window yet (the first step starts one): any position is far
    /// past this base (`off` at least 2^63), so the window is never moved
    /// on from it, and a real base is below it (`base + 96` cannot wrap).
    const NONE: NumberStream = NumberStream {
        base: usize::MAX / 2,
        commas: 0,
        spaces: 0,
    };

    /// As [`direct_number`] at the run's next element (`st.2`), updating
    /// the run's state `st` when it takes one: where a comma ends the
    /// element inside the window (and the byte after it is there too), the
    /// element's end and the next one's start come from the masks (the
    /// next comma, and one space after it), and the number's match must
    /// end right at that comma (a double of at most 16 bytes is valued
    /// from that end: [`number::ended_double`]). The next element's start
    /// then depends on the masks alone, not on the loads and digit counts
    /// of this one's value, which run beside it. Anything else is
    /// [`direct_number`]'s.
    #[inline(always)]
    fn number(&mut self, inp: &[u8], bigint: bool, st: &mut RunState) -> Option<RunNumber> {
        let next = st.2;
        let mut off = next.wrapping_sub(self.base);
        if off >= 32 {
            if off < 64 && self.advance(inp) {
                off -= 32;
            } else if self.start(inp, next) {
                off = 0;
            } else {
                return stream_cold(inp, bigint, st);
            }
        }
        // off < 32: an element of up to 31 bytes and its comma are inside.
        let c = (self.commas >> off).trailing_zeros() as usize;
        if off + c >= 63 {
            return stream_cold(inp, bigint, st);
        }
        let end = next + c;
        // A double of at most 16 bytes is valued from the bytes that end
        // at the comma (its length is known: no digit counts); any other
        // token goes through the usual parse, whose match must end there.
        let x = if let Some(v) = inp.get(..end).and_then(|h| number::ended_double(h, c)) {
            RunNumber::Double(v)
        } else {
            let rest = inp.get(next..)?;
            let Some((num, len)) = number::parse_prefix(rest, bigint) else {
                return stream_cold(inp, bigint, st);
            };
            if len != c {
                return stream_cold(inp, bigint, st);
            }
            run_of(num)?
        };
        let after = end + 1 + ((self.spaces >> (off + c + 1)) & 1) as usize;
        *st = (next, end, after);
        Some(x)
    }
    /// Move the window on by 32 bytes, when the 32 after it are there.
    #[inline(always)]
    fn advance(&mut self, inp: &[u8]) -> bool {
        let at = self.base + 64;
        let Some(a) = inp.get(at..at + 32).and_then(|r| r.first_chunk::<32>()) else {
            return false;
        };
        let (c, s) = number::comma_space_masks(a);
        self.commas = self.commas >> 32 | c << 32;
        self.spaces = self.spaces >> 32 | s << 32;
        self.base += 32;
        true
    }

    /// A window from `next`, when 64 bytes are there.
    #[cold]
    #[inline(never)]
    fn start(&mut self, inp: &[u8], next: usize) -> bool {
        let Some(a) = inp.get(next..).and_then(|r| r.first_chunk::<64>()) else {
            return false;
        };
        let (Some(lo), Some(hi)) = (a.first_chunk::<32>(), a.last_chunk::<32>()) else {
            return false;
        };
        let ((c0, s0), (c1, s1)) = (number::comma_space_masks(lo), number::comma_space_masks(hi));
        self.base = next;
        self.commas = c0 | c1 << 32;
        self.spaces = s0 | s1 << 32;
        true
    }
}

/// [`direct_number`] at the run's next element (`st.2`), updating the
/// run's state `st` when it takes one; out of line, for
/// [`NumberStream::number`]'s rare cases.
#[cold]
#[inline(never)]
fn direct_number_cold(
    inp: &[u8],
    bigint: bool,
    next: usize,
) -> Option<(RunNumber, usize, usize, usize)> {
    // More whitespace after the comma than the masks took (the next
    // number starts after it, as `after_comma` finds it).
    let s = skip_ws_bytes(inp, next);
    let (x, end, after) = direct_number(inp, s, bigint)?;
    Some((x, s, end, after))
}

/// [`direct_number_cold`] at the run's next element (`st.2`), `st` updated
/// when it takes one (here, not in the out-of-line call: `st` stays in
/// registers).
#[inline(always)]
fn stream_cold(inp: &[u8], bigint: bool, st: &mut RunState) -> Option<RunNumber> {
    let (x, s, end, after) = direct_number_cold(inp, bigint, st.2)?;
    *st = (s, end, after);
    Some(x)
}

/// [`short_step`] from the run's state `st` (its next element at `st.2`),
/// which it updates when it takes one; out of line, for
/// [`ListWindow::short_int`]'s rare cases.
#[cold]
#[inline(never)]
fn short_step_cold(inp: &[u8], st: &mut RunState) -> Option<RunNumber> {
    let (x, after) = short_step(inp, st.2)?;
    *st = after;
    Some(x)
}

/// One step of [`short_run`]: the int of at most 7 digits at `next` (or
/// after whitespace there) with a comma right after it, and the run's
/// state after it.
#[inline(always)]
fn short_step(inp: &[u8], next: usize) -> Option<(RunNumber, RunState)> {
    let mut w = word_at(inp, next)?;
    let mut next = next;
    if w as u8 <= b' ' {
        // Whitespace after the comma beyond one space (a list laid out
        // on lines): the number is after it.
        next = skip_ws_bytes(inp, next);
        w = word_at(inp, next)?;
    }
    let (x, k) = number::short_int_comma(w.to_le_bytes())?;
    let end = next + k;
    // One space after the comma is taken from the word when it is there
    // (k <= 6); more whitespace waits for the next step.
    let after = if k < 7 {
        end + 1 + usize::from((w >> (8 * (k + 1))) as u8 == b' ')
    } else {
        after_comma(inp, end + 1)
    };
    Some((RunNumber::Int(x), (next, end, after)))
}

/// The eight bytes at `at` as a word (first in the low byte), when they
/// are there.
#[inline(always)]
fn word_at(inp: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(*inp.get(at..)?.first_chunk::<8>()?))
}

/// [`number::short_int_comma`] at `at`, when 8 bytes are there.
#[inline(always)]
fn short_int_at(inp: &[u8], at: usize) -> Option<(RunNumber, usize)> {
    let (v, len) = number::short_int_comma(word_at(inp, at)?.to_le_bytes())?;
    Some((RunNumber::Int(v), len))
}

/// [`number_run`]'s loop for small ints among stage 1's tokens, as
/// [`short_run`] takes them from the bytes: while the token at `ti` is a
/// comma and the next one an int of at most 7 digits with a comma right
/// after it, it goes to the builder. Returns the next token index. Out of
/// line: the general loop keeps its registers.
#[inline(never)]
fn short_token_run<B: Builder>(inp: &[u8], buf: &Buf, ti: usize, nt: usize, b: &mut B) -> usize {
    take_all(ti, (inp, buf, nt), b, ShortTokens)
}

/// [`short_token_run`]'s steps: the state is the index of the next token.
struct ShortTokens;

impl<'a> Step<usize, (&'a [u8], &'a Buf, usize)> for ShortTokens {
    #[inline(always)]
    fn step(
        &mut self,
        (inp, buf, nt): (&'a [u8], &'a Buf, usize),
        ti: &mut usize,
    ) -> Option<RunNumber> {
        if *ti + 1 >= nt || inp.get(buf[*ti & (BUF - 1)] as usize) != Some(&b',') {
            return None;
        }
        let (x, _) = short_int_at(inp, buf[(*ti + 1) & (BUF - 1)] as usize)?;
        *ti += 2;
        Some(x)
    }
}

/// [`direct_run`]'s number at `s`, as [`run_number`] takes it: its value,
/// its end, and where the next number starts if a comma follows right
/// after it ([`follow`]; `usize::MAX` if not). The byte after the number
/// is looked at once: a comma (the common case) also ends the atom.
#[inline(always)]
fn direct_number(inp: &[u8], s: usize, bigint: bool) -> Option<(RunNumber, usize, usize)> {
    let rest = inp.get(s..)?;
    let (num, len) = number::parse_prefix(rest, bigint)?;
    let x = run_of(num)?;
    let end = s + len;
    let after = match rest.get(len) {
        Some(b',') => after_comma(inp, end + 1),
        c if ends_atom(c) => usize::MAX,
        _ => return None,
    };
    Some((x, end, after))
}

/// The first byte at or after `i` that is not JSON whitespace.
#[inline(always)]
fn skip_ws_bytes(inp: &[u8], mut i: usize) -> usize {
    while inp.get(i).is_some_and(|&c| is_ws(c)) {
        i += 1;
    }
    i
}

/// [`skip_ws_bytes`] from `i`, the byte after a comma, with one space (the
/// common separator) taken before the loop.
#[inline(always)]
fn after_comma(inp: &[u8], mut i: usize) -> usize {
    if inp.get(i) == Some(&b' ') {
        i += 1;
    }
    if inp.get(i).is_some_and(|&c| is_ws(c)) {
        i = skip_ws_bytes(inp, i);
    }
    i
}

/// Where [`direct_run`]'s next number starts after a number that ends at
/// `p`: a comma right there, then whitespace ([`after_comma`]);
/// `usize::MAX` (no number there) if no comma is at `p`.
#[inline(always)]
fn follow(inp: &[u8], p: usize) -> usize {
    if inp.get(p) != Some(&b',') {
        return usize::MAX;
    }
    after_comma(inp, p + 1)
}

/// One number of a run through [`Builder::int`] / [`Builder::double`].
#[inline(always)]
fn put_run_number<B: Builder>(num: RunNumber, b: &mut B) {
    match num {
        RunNumber::Int(v) => b.int(v),
        RunNumber::Double(v) => b.double(v),
    }
}

/// The number token at `at`, for a run ([`Builder::number_run`]): an int
/// or a double whose match ends where its atom ends, as [`put_atom`] takes
/// it; `None` for anything else (another token, a big integer under
/// JSON_BIGINT_AS_STRING, a malformed atom), which the general walk takes.
#[inline(always)]
fn run_number(inp: &[u8], at: usize, bigint: bool) -> Option<RunNumber> {
    run_number_len(inp, at, bigint).map(|(x, _)| x)
}

/// [`run_number`], and the token's length.
#[inline(always)]
fn run_number_len(inp: &[u8], at: usize, bigint: bool) -> Option<(RunNumber, usize)> {
    let rest = inp.get(at..)?;
    // `None` for anything but a number.
    let (num, len) = number::parse_prefix(rest, bigint)?;
    if !ends_atom(rest.get(len)) {
        return None;
    }
    Some((run_of(num)?, len))
}

/// A valued number token as a run takes it: `None` for a big integer
/// under JSON_BIGINT_AS_STRING (the general walk takes those).
#[inline(always)]
fn run_of(num: Number<'_>) -> Option<RunNumber> {
    match num {
        Number::Int(v) => Some(RunNumber::Int(v)),
        Number::Double(v) => Some(RunNumber::Double(v)),
        Number::BigIntString(_) => None,
    }
}

/// The fast route's stop at a malformed atom at `pos` (the byte walk
/// resumes at it: [`resume`]).
#[cold]
#[inline(never)]
fn atom_stop(
    stop: &mut Stop,
    kinds_out: &mut Bits<FAST_WORDS>,
    kinds: &Bits<FAST_WORDS>,
    n: u32,
    pos: usize,
    utf8_from: Option<usize>,
) {
    *stop = Stop {
        at: pos,
        how: How::GaveUp,
        c: 0,
        utf8_from,
        phase: Phase::Value,
        rat: pos,
        n,
    };
    *kinds_out = *kinds;
}

/// A list of one or two numbers, its first at `pos`, as the chunk's next
/// tokens (from `ti`; `nt` of them) show it: `]` follows the first, or
/// `, x ]` does. Both are valued as [`run_number`] takes them and the
/// array is handed to the builder whole ([`Builder::number_list`]).
/// Returns the tokens taken after the first (1 or 3); `None` (nothing
/// given to the builder) when the tokens needed are not in the chunk, the
/// list is longer, a number is not one [`run_number`] takes, or `x` is
/// not a number.
///
/// When the tokens needed are not in the chunk and the list is an element
/// of an array (`more`), the list and the lists of one or two numbers
/// that follow it as elements are taken from the bytes instead
/// ([`lists_past_chunk`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn number_list<K: Kernels, B: Builder>(
    k: K,
    inp: &[u8],
    st: &mut Stage1,
    buf: &mut Buf,
    (ti, nt, pos): (usize, usize, usize),
    bigint: bool,
    more: bool,
    b: &mut B,
) -> Option<usize> {
    let at = |t: usize| inp.get(buf[t & (BUF - 1)] as usize).copied();
    if ti >= nt {
        return lists_past_chunk(k, inp, st, buf, (ti, nt, pos), bigint, more, b);
    }
    match at(ti) {
        Some(b']') => {
            let first = run_number(inp, pos, bigint)?;
            b.number_list(first, None);
            Some(1)
        }
        Some(b',') if ti + 2 < nt => {
            if at(ti + 2) != Some(b']') {
                return None;
            }
            let first = run_number(inp, pos, bigint)?;
            let second = run_number(inp, buf[(ti + 1) & (BUF - 1)] as usize, bigint)?;
            b.number_list(first, Some(second));
            Some(3)
        }
        Some(b',') => lists_past_chunk(k, inp, st, buf, (ti, nt, pos), bigint, more, b),
        _ => None,
    }
}

/// [`number_list`] when the chunk ends inside the list, which is an
/// element of an array (`more`): the list (`[` taken, its first number at
/// `pos`, `ti` the token after it) is read from the bytes
/// ([`direct_list`]), and so is every further element that is again a
/// list of one or two numbers (`, [x]` or `, [x, y]`, whitespace
/// anywhere), each handed to the builder whole. Stage 1 restarts at the
/// first token after the last list's `]` ([`Stage1::restart_at`]): what
/// the lists took is whitespace, commas, brackets and number atoms that
/// [`run_number`] checked, all ASCII and outside strings, beyond the bytes
/// stage 1 classified (the chunk ends inside the first list). Returns
/// the tokens taken as the reader counts them: all of the chunk's, with
/// its last entry the last `]` taken (where the reader's `pos` is taken
/// from); `None`, with nothing taken, if the first list is not one
/// [`direct_list`] takes (or the input ends in it, or `more` is not set).
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn lists_past_chunk<K: Kernels, B: Builder>(
    _k: K,
    inp: &[u8],
    st: &mut Stage1,
    buf: &mut Buf,
    (ti, nt, pos): (usize, usize, usize),
    bigint: bool,
    more: bool,
    b: &mut B,
) -> Option<usize> {
    if !more || st.at_end(inp) || nt == 0 {
        return None;
    }
    let (x, y, mut e) = direct_list(inp, pos, bigint)?;
    b.number_list(x, y);
    let q = loop {
        // `],[` with no whitespace (compact JSON) compared at once, else
        // byte by byte.
        // (`i`: the comma, where stage 1 restarts if no list follows.)
        let (i, s) = if inp.get(e + 1..e + 3) == Some(b",[") {
            (e + 1, skip_ws_bytes(inp, e + 3))
        } else {
            let i = skip_ws_bytes(inp, e + 1);
            if inp.get(i) != Some(&b',') {
                break i;
            }
            let j = skip_ws_bytes(inp, i + 1);
            if inp.get(j) != Some(&b'[') {
                break i;
            }
            (i, skip_ws_bytes(inp, j + 1))
        };
        match direct_list(inp, s, bigint) {
            Some((x, y, end)) => {
                b.number_list(x, y);
                e = end;
            }
            None => break i,
        }
    };
    Some(hand_back(st, buf, nt, e, q) - ti)
}

/// A list of one or two numbers from the bytes, its first number at `s`
/// (its `[` before): `x ]` or `x , y ]` (whitespace anywhere), the numbers
/// as [`run_number`] takes them. Returns them and the position of `]`.
#[inline(always)]
fn direct_list(
    inp: &[u8],
    s: usize,
    bigint: bool,
) -> Option<(RunNumber, Option<RunNumber>, usize)> {
    // The byte after each number is taken as it comes: `,` or `]` (the
    // compact form) at once, whitespace skipped first; anything else (a
    // byte that does not end the atom too) is not such a list, as with
    // [`run_number_len`]'s own check.
    let (x, len) = list_number(inp, s, bigint)?;
    let i = skip_ws_bytes(inp, s + len);
    match inp.get(i) {
        Some(b']') => Some((x, None, i)),
        Some(b',') => {
            let s2 = skip_ws_bytes(inp, i + 1);
            let (y, len2) = list_number(inp, s2, bigint)?;
            let j = skip_ws_bytes(inp, s2 + len2);
            (inp.get(j) == Some(&b']')).then_some((x, Some(y), j))
        }
        _ => None,
    }
}

/// [`direct_list`]'s number at `at`: [`run_number_len`] without the
/// check that the atom ends there, which [`direct_list`] makes itself
/// (only whitespace, `,` and `]` may follow the number there, and each
/// ends an atom).
#[inline(always)]
fn list_number(inp: &[u8], at: usize, bigint: bool) -> Option<(RunNumber, usize)> {
    let (num, len) = number::parse_prefix(inp.get(at..)?, bigint)?;
    Some((run_of(num)?, len))
}

/// One valued number token into the builder.
#[inline(always)]
fn put_number<B: Builder>(num: Number<'_>, b: &mut B) {
    match num {
        Number::Int(i) => b.int(i),
        Number::Double(d) => b.double(d),
        Number::BigIntString(s) => b.big_int(s),
    }
}

/// Stage 2 over stage 1's tokens, building. `true` when the whole input
/// is accepted and built; else `stop` says where and why it stopped (left
/// as it was, [`How::GaveUp`], where a malformed atom stops it).
#[inline(never)]
fn fast<K: Kernels, B: Builder>(
    k: K,
    inp: &[u8],
    opts: Options,
    b: &mut B,
    buf: &mut Buf,
    stop: &mut Stop,
    kinds_out: &mut Bits<FAST_WORDS>,
) -> bool {
    let bigint = opts.flags & BIGINT_AS_STRING != 0;
    let mut st = Stage1::new();
    let mut nt = 0usize;
    let mut ti = 0usize;
    // Position of the last token (the input's length at the end).
    let mut pos = 0usize;
    // Open containers, and their kinds.
    let mut n: u32 = 0;
    let mut kinds = Bits([0u64; FAST_WORDS]);
    // The kind of the innermost open container (`kinds`' bit `n - 1`).
    let mut obj_in = false;

    macro_rules! next {
        () => {
            next_token!(k, inp, st, buf, ti, nt, pos)
        };
    }
    // Stops at `$at` for the reason `$how` (a stage-1 rejection, FAIL in
    // `$c`, stops without a place); if that gives up, the byte walk may
    // resume at `$rat` in `$phase` ([`resume`]).
    macro_rules! stop {
        ($c:expr, $how:expr, $at:expr) => {
            stop!($c, $how, $at; Phase::None, 0)
        };
        ($c:expr, $how:expr, $at:expr; $phase:expr, $rat:expr) => {{
            *stop = Stop {
                at: $at,
                how: $how,
                c: $c,
                utf8_from: st.utf8_pending(),
                phase: $phase,
                rat: $rat,
                n,
            };
            *kinds_out = kinds;
            return false;
        }};
    }
    // After `next!` gave `$c`: the position of that token, or (stage 1
    // rejected the input: FAIL) the position after the one-byte token
    // before it.
    macro_rules! here {
        ($c:expr) => {
            if $c == FAIL {
                pos + 1
            } else {
                pos
            }
        };
    }
    // Whether stage 1 has validated the UTF-8 of a string token before
    // the token at `$next`: no run of non-ASCII blocks is open, or the
    // open one starts at or after that token.
    macro_rules! utf8_checked {
        ($next:expr) => {
            || st.utf8_pending().is_none_or(|from| from >= $next)
        };
    }
    // A member from its key's opening quote (`c` = '"' at `pos`) to the
    // first token of its value, in `c` (`$first`: the object's first).
    macro_rules! member {
        ($c:ident, $first:expr) => {{
            let s = pos;
            let colon = next!();
            if colon != b':' {
                let phase = if $first { Phase::FirstKey } else { Phase::Key };
                stop!(colon, How::Colon, s; phase, s);
            }
            match body_before(inp, s, pos) {
                Some(body) if put_string(inp, s + 1, body, true, opts, utf8_checked!(pos), b) => {}
                _ => stop!(0, How::KeyString, s),
            }
            $c = next!();
        }};
    }

    let mut c = next!();
    'value: loop {
        // `c` starts a value, at `pos`.
        match c {
            b'"' => {
                let s = pos;
                c = next!();
                if c == FAIL {
                    stop!(c, How::GaveUp, s; Phase::Value, s);
                }
                match body_before(inp, s, pos) {
                    Some(body)
                        if put_string(inp, s + 1, body, false, opts, utf8_checked!(pos), b) => {}
                    _ => stop!(0, How::String, s),
                }
            }
            b'[' | b'{' => {
                if n + 1 >= opts.depth {
                    stop!(c, How::Depth, pos);
                }
                if n >= MAX_LEVELS {
                    return false;
                }
                // `c` becomes the first key's token or the `}` of an
                // empty object; the first element's token or the `]` of
                // an empty array (nothing stops the walk before the
                // container enters the stack below).
                let obj = c == b'{';
                c = next!();
                if obj {
                    if !kinds.set(n as usize, true) {
                        return false;
                    }
                    n += 1;
                    obj_in = true;
                    b.begin_object();
                    if c == b'"' {
                        member!(c, true);
                        continue 'value;
                    }
                    if c != b'}' {
                        stop!(c, How::FirstKey, pos; Phase::FirstKey, here!(c));
                    }
                    b.end_object();
                    n -= 1;
                    obj_in = kinds.get((n as usize).wrapping_sub(1));
                    c = next!();
                } else {
                    // An array that is a complete value as soon as it
                    // starts (`[]`, a list of one or two numbers: one
                    // builder call) never enters the container stack:
                    // nothing can stop the walk inside it, and the value
                    // complete, `c` follows it.
                    if c == b']' {
                        b.begin_array();
                        b.end_array();
                        c = next!();
                    } else if let Some(used) = match c {
                        b'-' | b'0'..=b'9' => {
                            let more = n > 0 && !obj_in;
                            number_list(k, inp, &mut st, buf, (ti, nt, pos), bigint, more, b)
                        }
                        _ => None,
                    } {
                        ti += used;
                        pos = buf[(ti - 1) & (BUF - 1)] as usize;
                        c = next!();
                    } else {
                        if !kinds.set(n as usize, false) {
                            return false;
                        }
                        n += 1;
                        obj_in = false;
                        b.begin_array();
                        if c == FAIL {
                            // Stage 1 rejected a later chunk: the walk
                            // resumes after the `[`, where `]` may come.
                            stop!(c, How::Value, pos; Phase::FirstValue, pos + 1);
                        }
                        if !matches!(c, b'-' | b'0'..=b'9') {
                            continue 'value;
                        }
                        // An array of numbers (it starts with one): as
                        // many elements as [`number_array`] takes, then
                        // the walk goes on after them.
                        let r = number_array(k, inp, &mut st, buf, (ti, nt, pos), bigint, b);
                        (ti, nt, pos) = (r.ti, r.nt, r.pos);
                        match r.how {
                            RunHow::Value => {
                                c = r.c;
                                continue 'value;
                            }
                            // A value is complete, the array still open,
                            // and `c` follows it.
                            RunHow::After => c = r.c,
                            RunHow::Closed => {
                                n -= 1;
                                obj_in = kinds.get((n as usize).wrapping_sub(1));
                                c = next!();
                            }
                        }
                    }
                }
            }
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => {
                if !put_atom(inp, pos, bigint, b) {
                    // Out of line: this branch is in the hottest loop.
                    atom_stop(stop, kinds_out, &kinds, n, pos, st.utf8_pending());
                    return false;
                }
                c = next!();
            }
            // FAIL at the first token: the walk starts at the beginning.
            _ if c == FAIL && n == 0 => stop!(c, How::Value, pos; Phase::Value, 0),
            _ => stop!(c, How::Value, pos; Phase::Value, here!(c)),
        }
        // A value is complete; `c` is the token after it.
        loop {
            if n == 0 {
                if c == END {
                    return st.finish(inp);
                }
                stop!(c, How::Lex, pos; Phase::After, token_end(inp, pos));
            }
            let obj = obj_in;
            if c == b',' {
                c = next!();
                if obj {
                    if c != b'"' {
                        stop!(c, How::Key, pos; Phase::Key, here!(c));
                    }
                    member!(c, false);
                }
                continue 'value;
            }
            if obj {
                if c != b'}' {
                    stop!(c, How::Close, pos; Phase::After, token_end(inp, pos));
                }
                b.end_object();
            } else {
                if c != b']' {
                    stop!(c, How::Close, pos; Phase::After, token_end(inp, pos));
                }
                b.end_array();
            }
            n -= 1;
            obj_in = kinds.get((n as usize).wrapping_sub(1));
            c = next!();
        }
    }
}

/// The exact route (see the module docs). The builder is empty on entry.
/// `valid`: a route built the document, so PHP accepts it (no validation).
#[inline(never)]
fn exact<B: Builder>(
    level: Level,
    inp: &[u8],
    opts: Options,
    b: &mut B,
    valid: bool,
) -> Result<B::Value, i32> {
    let ignore = opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
    let bigint_keys = opts.flags & BIGINT_AS_STRING != 0;
    // A route gave up: the validator's own fast path would give up too
    // (or accept a document with a NUL-led key that fails with error 9).
    let verdict = if valid {
        Ok(())
    } else {
        validate::validate_exact_at(level, inp, opts.depth, ignore, bigint_keys)
    };
    // The exact route's whole-document walk.
    let whole = |b: &mut B| {
        walk::<ScalarK, B, false, false>(
            ScalarK,
            inp,
            opts,
            b,
            &mut Bits([0; SLOW_WORDS]),
            Start::DOC,
        )
    };
    match verdict {
        Ok(()) => {
            match whole(b) {
                Walk::Done if b.rebuild() => {
                    b.discard();
                    match whole(b) {
                        Walk::Done => Ok(b.finish()),
                        // Not expected: the same input walked the same way.
                        _ => {
                            b.discard();
                            Err(error::SYNTAX)
                        }
                    }
                }
                Walk::Done => Ok(b.finish()),
                Walk::NulKey { .. } => {
                    b.discard();
                    // Built in the builder's own order: again in stock's, if
                    // it asks (the walk stops at the same member).
                    if b.replay_failure() {
                        walk::<ScalarK, B, true, false>(
                            ScalarK,
                            inp,
                            opts,
                            b,
                            &mut Bits([0; SLOW_WORDS]),
                            Start::DOC,
                        );
                        b.discard();
                    }
                    Err(error::INVALID_PROPERTY_NAME)
                }
                Walk::Fail(code) => {
                    b.discard();
                    Err(code)
                }
                // Only a resumed walk says these.
                Walk::At { .. } | Walk::Unsure => {
                    b.discard();
                    Err(error::SYNTAX)
                }
            }
        }
        Err(e) => Err(failed(level, inp, opts, b, e)),
    }
}

/// A document PHP rejects with `e` (the validator's code): PHP's code
/// (error 9 wins over `e` when PHP's parser meets the NUL-led key first,
/// see the module docs), after replaying, if the builder asks
/// ([`Builder::replay_failure`]: object mode, where stock's creation and
/// release of objects before the error decide later object handles), the
/// builder calls stock's parser makes up to its error, then discarding.
#[cold]
#[inline(never)]
fn failed<B: Builder>(level: Level, inp: &[u8], opts: Options, b: &mut B, e: i32) -> i32 {
    if opts.assoc {
        return e;
    }
    let ignore = opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
    let bigint_keys = opts.flags & BIGINT_AS_STRING != 0;
    let mut kinds = Bits([0; SLOW_WORDS]);
    let replay = inp.contains(&b'{') && b.replay_failure();
    let w = if replay {
        walk::<ScalarK, B, true, false>(ScalarK, inp, opts, b, &mut kinds, Start::DOC)
    } else if contains(inp, b"\\u0000") {
        walk::<ScalarK, Nothing, false, false>(
            ScalarK,
            inp,
            opts,
            &mut Nothing::default(),
            &mut kinds,
            Start::DOC,
        )
    } else {
        Walk::Fail(e)
    };
    let mut code = e;
    if let Walk::NulKey { end, n } = w {
        let mut doc = inp.get(..end).unwrap_or(inp).to_vec();
        for i in (0..n).rev() {
            doc.push(if kinds.get(i) { b'}' } else { b']' });
        }
        if validate::validate_decode_at(level, &doc, opts.depth, ignore, bigint_keys).is_ok() {
            code = error::INVALID_PROPERTY_NAME;
        }
    }
    if replay {
        b.discard();
    }
    code
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// How the byte walk ended.
enum Walk {
    /// The whole input is one value, built.
    Done,
    /// Not a document: a string's error code, else 4 (meaningful only for
    /// an input the validator accepted).
    Fail(i32),
    /// In object mode, the value of a member with a NUL-led key ends before
    /// byte `end`, with `n` containers open, of the kinds left in the
    /// walk's `kinds`.
    NulKey { end: usize, n: usize },
    /// A resumed walk ([`resume`]) stopped at PHP's error token, at `at`,
    /// for the reason `how` (PHP's code: [`code_at`]).
    At { at: usize, how: How },
    /// A resumed walk cannot tell (a NUL-led key, bison's stack height near
    /// its limit).
    Unsure,
}

/// The end (the closing quote) of the string whose body starts at `from`:
/// the first `"` not taken by a backslash.
fn string_end(inp: &[u8], from: usize) -> Option<usize> {
    let mut j = from;
    loop {
        match inp.get(j)? {
            b'\\' => j += 2,
            b'"' => return Some(j),
            _ => j += 1,
        }
    }
}

/// The body of the string opening at `at` (its quote) when it is closed
/// and needs no decoding, which PHP's scanner takes in every mode: no
/// escape, no control character, well-formed UTF-8 (PHP's scanner and
/// `str::from_utf8` accept the same sequences: no overlong form, no
/// surrogate, nothing past U+10FFFF).
#[inline]
fn plain_string(inp: &[u8], at: usize) -> Option<&[u8]> {
    // The first quote: if a backslash took it, the body has an escape.
    let rest = inp.get(at + 1..)?;
    let body = rest.get(..rest.iter().position(|&c| c == b'"')?)?;
    // No early exit: the loop is vectorized.
    let mut bad = false;
    for &c in body {
        bad |= (c < 0x20) | (c == b'\\');
    }
    if bad || core::str::from_utf8(body).is_err() {
        return None;
    }
    Some(body)
}

/// bison's YYMAXDEPTH (as in [`crate::validate`]): the state stack may
/// hold at most `YYMAXDEPTH - 1` entries.
const YYMAXDEPTH: u32 = 10_000;

/// The waiting height of a value in a container whose value waits at
/// base `q`, of kind `obj`, at its first member/element or a later one
/// (the bison stack heights in [`crate::validate`]'s docs).
#[inline(always)]
fn value_height(q: u32, obj: bool, past: bool) -> u32 {
    q + match (obj, past) {
        (false, false) => 2,
        (false, true) | (true, false) => 4,
        (true, true) => 6,
    }
}

/// The byte-at-a-time walk: PHP's tokens and grammar, building into `b`.
/// Without `LIMITS` it checks no depth (the validator did). With `LIMITS`
/// (the failure replay) it also checks `$depth` and bison's stack height
/// where PHP's parser does, so it stops at PHP's error token, having made
/// the builder calls stock's parser makes up to there: a member's value,
/// a container's close (its reduction) and the object of a `{` whose
/// first member does not start with a string token (bison's default
/// reduction of `members: %empty`, [`Builder::fail_in_empty_object`]).
///
/// With `RESUME` (and `LIMITS`: [`resume`]) it starts at `start`, with
/// `start.n` containers open, their kinds in `kinds`, as the fast route
/// left them, and reports where it stops and why ([`Walk::At`]) instead
/// of a code. Whether those containers are past their first member is not
/// known: bison's stack heights are taken as if they were (each is then
/// at least the real one, at most 2 per such container above), and a
/// height that reaches the limit gives [`Walk::Unsure`].
fn walk<K: Kernels, B: Builder, const LIMITS: bool, const RESUME: bool>(
    k: K,
    inp: &[u8],
    opts: Options,
    b: &mut B,
    kinds: &mut Bits<SLOW_WORDS>,
    start: Start,
) -> Walk {
    let mode = InvalidUtf8::from_flags(opts.flags);
    let bigint = opts.flags & BIGINT_AS_STRING != 0;
    let max_depth = if opts.depth == 0 {
        u32::MAX
    } else {
        opts.depth
    };
    let mut i = 0usize;
    let mut n = 0usize;
    // The container level whose current member has a NUL-led key (object
    // mode): a later one is always deeper, so it completes first.
    let mut pending = usize::MAX;
    // LIMITS: whether each open container is past its first member or
    // element; the innermost one's base height `q`; the height `p` a value
    // waits at.
    let mut past = Bits([0u64; SLOW_WORDS]);
    let mut q: u32 = 0;
    let mut p: u32 = 1;
    // A value is complete (a resumed walk's start in Phase::After).
    let mut after = false;
    if RESUME {
        i = start.at;
        n = start.n;
        if n > 0 {
            // Past the first member everywhere: the highest heights.
            for d in 0..n {
                past.set(d, true);
            }
            q = 1;
            for d in 0..n - 1 {
                q += value_height(0, kinds.get(d), true);
            }
            p = value_height(q, kinds.get(n - 1), true);
        }
    }

    // Fails (E4) if bison would push at height `h` (a resumed walk cannot
    // tell).
    macro_rules! push {
        ($h:expr) => {
            if LIMITS && $h >= YYMAXDEPTH {
                return if RESUME {
                    Walk::Unsure
                } else {
                    Walk::Fail(error::SYNTAX)
                };
            }
        };
    }
    // Stops with `$code` at the token at `$at` (after whitespace) for the
    // reason `$how` (a resumed walk reports the place instead).
    macro_rules! fail {
        ($code:expr, $how:expr) => {
            fail!($code, $how, i)
        };
        ($code:expr, $how:expr, $at:expr) => {
            return if RESUME {
                Walk::At { at: $at, how: $how }
            } else {
                Walk::Fail($code)
            }
        };
    }
    // The innermost container was closed (`n` already one less): its
    // parent's base height.
    macro_rules! pop_q {
        () => {
            if LIMITS {
                q = if n == 0 {
                    0
                } else {
                    let d = value_height(0, kinds.get(n - 1), past.get(n - 1));
                    // A resumed walk's heights are an estimate: if they
                    // ever went wrong, give up rather than wrap.
                    if RESUME && q < d {
                        return Walk::Unsure;
                    }
                    q - d
                };
            }
        };
    }
    // Whitespace; after each whitespace byte, runs of eight spaces at a
    // time (indentation).
    macro_rules! ws {
        () => {
            while inp.get(i).is_some_and(|&c| is_ws(c)) {
                i += 1;
                while inp.get(i..i + 8) == Some(b"        ".as_slice()) {
                    i += 8;
                }
            }
        };
    }
    // A string at `i` (its opening quote) decoded into the text; the
    // statements given run before giving up.
    macro_rules! text {
        ($($fail:tt)*) => {{
            let s0 = i;
            let Some(e) = string_end(inp, i + 1) else {
                $($fail)*
                fail!(error::SYNTAX, How::String, s0);
            };
            let body = inp.get(i + 1..e).unwrap_or_default();
            i = e + 1;
            match string::decode(body, mode, b.text()) {
                Ok(d) => d,
                Err(err) => {
                    $($fail)*
                    fail!(err.code(), How::String, s0);
                }
            }
        }};
    }
    // A member's key (at `i`, after whitespace) and its colon, the key
    // pushed at `q + $h` (`$first`: the object's first member). Under
    // JSON_BIGINT_AS_STRING an integer token too large for a zend_long is
    // a string token for PHP's parser, so a key too (never an int key:
    // it does not fit).
    macro_rules! key {
        ($first:expr, $h:expr) => {{
            // Not a string token where the first key goes: PHP reduces
            // `members: %empty` (makes the object) before failing.
            let first: bool = $first;
            if inp.get(i) != Some(&b'"') {
                let rest = inp.get(i..).unwrap_or_default();
                match number::parse_prefix(rest, bigint) {
                    Some((Number::BigIntString(digits), len)) if bigint => {
                        push!(q + $h);
                        b.key(digits);
                        i += len;
                    }
                    _ => {
                        if first {
                            b.fail_in_empty_object();
                        }
                        fail!(error::SYNTAX, if first { How::FirstKey } else { How::Key });
                    }
                }
            } else if let Some(body) = LIMITS.then(|| plain_string(inp, i)).flatten() {
                // The failure replay: a key needing no decoding is its
                // bytes (never NUL-led: a raw NUL is not plain).
                push!(q + $h);
                b.key(body);
                i += body.len() + 2;
            } else {
                if LIMITS {
                    // A key PHP's scanner fails is not decoded (stock's
                    // scanner fails it before allocating it).
                    let ignore = opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
                    if let Err(code) = validate::token_at(k, inp, i, ignore) {
                        if first {
                            b.fail_in_empty_object();
                        }
                        fail!(code, How::String);
                    }
                }
                let d = text!(if first {
                    b.fail_in_empty_object()
                });
                push!(q + $h);
                if !opts.assoc && d.starts_with_nul {
                    if RESUME {
                        return Walk::Unsure;
                    }
                    pending = n;
                }
                b.key_from_text();
            }
            ws!();
            if inp.get(i) != Some(&b':') {
                fail!(error::SYNTAX, How::Lex);
            }
            i += 1;
            push!(q + $h + 1);
            p = q + $h + 1;
        }};
    }

    if RESUME {
        match start.phase {
            Phase::After => after = true,
            Phase::Key => {
                ws!();
                key!(false, 5);
            }
            Phase::FirstKey => {
                // The innermost object is at its first member: its bison
                // heights are the first member's (`key!(true, ..)` below
                // and the pops of containers opened in it agree on them).
                past.set(n - 1, false);
                ws!();
                if inp.get(i) == Some(&b'}') {
                    // As `{}` below.
                    if q + 4 >= YYMAXDEPTH {
                        return Walk::Unsure;
                    }
                    b.end_object();
                    i += 1;
                    n -= 1;
                    pop_q!();
                    after = true;
                } else {
                    key!(true, 3);
                }
            }
            Phase::FirstValue => {
                // The innermost array is at its first element (as `[`
                // below leaves it).
                past.set(n - 1, false);
                p = q + 2;
                ws!();
                if inp.get(i) == Some(&b']') {
                    // As `[]` below.
                    push!(q + 4);
                    b.end_array();
                    i += 1;
                    n -= 1;
                    pop_q!();
                    after = true;
                }
            }
            Phase::Value | Phase::None => {}
        }
    }

    'value: loop {
        if !RESUME || !after {
            ws!();
            let Some(&c) = inp.get(i) else {
                fail!(error::SYNTAX, How::Value);
            };
            let rest = inp.get(i..).unwrap_or_default();
            match c {
                b'"' => {
                    if LIMITS {
                        // The failure replay needs no scalar's value (only
                        // objects, their keys and the containers matter), only
                        // whether PHP's scanner takes the string: one needing
                        // no decoding is skipped, others go through PHP's
                        // scanner (nothing allocated: stock's scanner fails a
                        // bad string before it allocates it).
                        if let Some(body) = plain_string(inp, i) {
                            i += body.len() + 2;
                        } else {
                            let ignore =
                                opts.flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
                            match validate::token_at(k, inp, i, ignore) {
                                Ok(e) => i = e,
                                Err(code) => fail!(code, How::String),
                            }
                        }
                        push!(p + 1);
                        b.null();
                    } else {
                        text!();
                        push!(p + 1);
                        b.string_from_text();
                    }
                }
                b'[' | b'{' => {
                    let obj = c == b'{';
                    push!(p + 1);
                    if LIMITS && n as u64 + 1 >= u64::from(max_depth) {
                        fail!(error::DEPTH, How::Depth);
                    }
                    push!(p + 2);
                    if !kinds.set(n, obj) || !past.set(n, false) {
                        return if RESUME {
                            Walk::Unsure
                        } else {
                            Walk::Fail(error::SYNTAX)
                        };
                    }
                    q = p;
                    n += 1;
                    i += 1;
                    ws!();
                    if obj {
                        b.begin_object();
                        if inp.get(i) != Some(&b'}') {
                            key!(true, 3);
                            continue 'value;
                        }
                        // `members: %empty` is reduced (the object made) before
                        // `}` is pushed.
                        if LIMITS && q + 4 >= YYMAXDEPTH {
                            if RESUME {
                                return Walk::Unsure;
                            }
                            b.fail_in_empty_object();
                            return Walk::Fail(error::SYNTAX);
                        }
                        b.end_object();
                    } else {
                        b.begin_array();
                        if inp.get(i) != Some(&b']') {
                            p = q + 2;
                            continue 'value;
                        }
                        push!(q + 4);
                        b.end_array();
                    }
                    i += 1;
                    n -= 1;
                    pop_q!();
                }
                b'-' | b'0'..=b'9' => {
                    // Building, the token is scanned once, matched and valued
                    // together; the replay only needs its length.
                    if LIMITS {
                        let len = number::match_len(rest);
                        if len == 0 {
                            fail!(error::SYNTAX, How::Value);
                        }
                        push!(p + 1);
                        b.null();
                        i += len;
                    } else {
                        let Some((num, len)) = number::parse_prefix(rest, bigint) else {
                            return Walk::Fail(error::SYNTAX);
                        };
                        push!(p + 1);
                        put_number(num, b);
                        i += len;
                    }
                }
                _ if rest.starts_with(b"true") => {
                    push!(p + 1);
                    b.bool(true);
                    i += 4;
                }
                _ if rest.starts_with(b"false") => {
                    push!(p + 1);
                    b.bool(false);
                    i += 5;
                }
                _ if rest.starts_with(b"null") => {
                    push!(p + 1);
                    b.null();
                    i += 4;
                }
                _ => fail!(error::SYNTAX, How::Value),
            }
        }
        after = false;
        // A value is complete, ending before `i`.
        loop {
            if n == pending {
                return Walk::NulKey { end: i, n };
            }
            ws!();
            if n == 0 {
                if i == inp.len() {
                    return Walk::Done;
                }
                fail!(error::SYNTAX, How::Lex);
            }
            let obj = kinds.get(n - 1);
            match inp.get(i) {
                Some(b',') => {
                    push!(q + 4);
                    i += 1;
                    past.set(n - 1, true);
                    if obj {
                        ws!();
                        key!(false, 5);
                    } else {
                        p = q + 4;
                    }
                    continue 'value;
                }
                Some(b'}') if obj => {
                    push!(q + 4);
                    b.end_object()
                }
                Some(b']') if !obj => {
                    push!(q + 4);
                    b.end_array()
                }
                _ => fail!(error::SYNTAX, How::Close),
            }
            i += 1;
            n -= 1;
            pop_q!();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::build::{Tree, Value};

    /// A [`Tree`] that asks for the document again once, counting discards.
    struct Again {
        tree: Tree,
        asked: bool,
        discards: usize,
    }

    // SAFETY: as `Tree`: never calls the parser, never panics.
    unsafe impl Builder for Again {
        type Value = Value;
        type Text = Vec<u8>;
        fn null(&mut self) {
            self.tree.null()
        }
        fn bool(&mut self, v: bool) {
            self.tree.bool(v)
        }
        fn int(&mut self, v: i64) {
            self.tree.int(v)
        }
        fn double(&mut self, v: f64) {
            self.tree.double(v)
        }
        fn big_int(&mut self, d: &[u8]) {
            self.tree.big_int(d)
        }
        fn string(&mut self, b: &[u8]) {
            self.tree.string(b)
        }
        fn text(&mut self) -> &mut Vec<u8> {
            self.tree.text()
        }
        fn string_from_text(&mut self) {
            self.tree.string_from_text()
        }
        fn key(&mut self, b: &[u8]) {
            self.tree.key(b)
        }
        fn key_from_text(&mut self) {
            self.tree.key_from_text()
        }
        fn begin_array(&mut self) {
            self.tree.begin_array()
        }
        fn end_array(&mut self) {
            self.tree.end_array()
        }
        fn begin_object(&mut self) {
            self.tree.begin_object()
        }
        fn end_object(&mut self) {
            self.tree.end_object()
        }
        fn finish(&mut self) -> Value {
            self.tree.finish()
        }
        fn discard(&mut self) {
            self.discards += 1;
            self.tree.discard()
        }
        fn rebuild(&mut self) -> bool {
            let first = !self.asked;
            self.asked = true;
            first
        }
    }

    #[test]
    fn rebuild_replays_on_both_routes() {
        let deep = format!("{}{{\"a\":1}}{}", "[".repeat(1200), "]".repeat(1200));
        let docs: [(&[u8], u32); 3] = [
            (br#"{"a":{"b":[1,2.5,"x\n"]},"a":{}}"#, 0),
            // Invalid UTF-8 under IGNORE: the fast route gives up, the
            // exact route's walk builds.
            (b"{\"a\":\"\xff\",\"b\":[{}]}", INVALID_UTF8_IGNORE),
            // Past MAX_LEVELS: the exact route.
            (deep.as_bytes(), 0),
        ];
        for (doc, flags) in docs {
            for assoc in [false, true] {
                let o = Options {
                    depth: 5000,
                    flags,
                    assoc,
                };
                let want = parse(doc, o, &mut Tree::new(assoc));
                let mut b = Again {
                    tree: Tree::new(assoc),
                    asked: false,
                    discards: 0,
                };
                let got = parse(doc, o, &mut b);
                assert_eq!(got, want);
                assert!(want.is_ok());
                assert!(b.asked && b.discards >= 1);
            }
        }
    }

    /// Logs the events (values as `v`), asking for the failure replay.
    #[derive(Default)]
    struct Log {
        log: String,
        text: Vec<u8>,
    }

    // SAFETY: never calls the parser, never panics.
    unsafe impl Builder for Log {
        type Value = ();
        type Text = Vec<u8>;
        fn null(&mut self) {
            self.log.push('v')
        }
        fn bool(&mut self, _: bool) {
            self.log.push('v')
        }
        fn int(&mut self, _: i64) {
            self.log.push('v')
        }
        fn double(&mut self, _: f64) {
            self.log.push('v')
        }
        fn big_int(&mut self, _: &[u8]) {
            self.log.push('v')
        }
        fn string(&mut self, _: &[u8]) {
            self.log.push('v')
        }
        fn text(&mut self) -> &mut Vec<u8> {
            &mut self.text
        }
        fn string_from_text(&mut self) {
            self.text.clear();
            self.log.push('v')
        }
        fn key(&mut self, _: &[u8]) {
            self.log.push('k')
        }
        fn key_from_text(&mut self) {
            self.text.clear();
            self.log.push('k')
        }
        fn begin_array(&mut self) {
            self.log.push('[')
        }
        fn end_array(&mut self) {
            self.log.push(']')
        }
        fn begin_object(&mut self) {
            self.log.push('{')
        }
        fn end_object(&mut self) {
            self.log.push('}')
        }
        fn finish(&mut self) {
            self.log.push('F')
        }
        fn discard(&mut self) {
            self.log.push('D')
        }
        fn replay_failure(&mut self) -> bool {
            self.log.push('R');
            true
        }
        fn fail_in_empty_object(&mut self) {
            self.log.push('E')
        }
    }

    #[test]
    fn resume_after_an_opening_bracket_at_a_chunk_edge() {
        // `{` or `[` as the last token of stage 1's first chunk (byte
        // 4,031), the next chunk rejected for a control byte in a later
        // string: the fast route stops after the bracket and the byte walk
        // resumes there (Phase::FirstKey / FirstValue). It must reach the
        // control byte (error 3) with bison's heights kept right (they
        // once went 2 too low per container closed in an object's first
        // member, wrapping below zero: the walk then gave up).
        let edge = 63 * 64 - 1;
        for tail in [
            "{\"k\":[1],\"m\":{\"n\":[]}}",
            "{\"k\":{\"a\":{}},\"m\":[[]]}",
            "{}",
            "[[1],{\"a\":[]},[]]",
            "[]",
            "[ ]",
        ] {
            for wrap in 0..3 {
                let head = "[".repeat(wrap + 1) + "\"";
                let pad = edge - head.len() - 2;
                let doc = format!(
                    "{head}{}\",{tail},\"a\x01b\"{}",
                    "x".repeat(pad),
                    "]".repeat(wrap + 1)
                );
                assert_eq!(doc.as_bytes()[edge], tail.as_bytes()[0], "{tail}");
                for assoc in [true, false] {
                    let opts = Options {
                        depth: 512,
                        flags: 0,
                        assoc,
                    };
                    let mut b = Log::default();
                    let out =
                        scan::dispatch(isa::detected(), Fast { opts, b: &mut b }, doc.as_bytes());
                    assert!(
                        matches!(out, FastOut::Error { code: 3, .. }),
                        "{tail} wrap {wrap} assoc {assoc}"
                    );
                    assert_eq!(parse(doc.as_bytes(), opts, &mut Log::default()), Err(3));
                }
            }
        }
    }

    #[test]
    fn failure_replay_stops_at_php_error_token() {
        let deep_ok = format!("{}{{}}{}", "[".repeat(4997), "]".repeat(4997));
        let deep_cut = format!("{}{{}}", "[".repeat(4998));
        let deep_key = format!("{}{{\"a\":1}}", "{\"k\":".repeat(2499));
        let cases: [(&[u8], u32, &str); 12] = [
            // The replay after the routes' discards ends in a discard.
            (b"{\"a\":{}", 512, "{k{}"),
            (b"{\"a\":1 x", 512, "{kv"),
            (b"{x", 512, "{E"),
            (b"{", 512, "{E"),
            (b"{]", 512, "{E"),
            (b"{\"\xff\":1}", 512, "{E"),
            (b"{\"a\"x", 512, "{k"),
            (b"[{\"a\":1},{x", 512, "[{kv}{E"),
            // Depth error at the bracket: nothing made there.
            (b"{\"a\":{\"b\":{}}}", 3, "{k{k"),
            (b"[1,[2,{x", 3, "[v[v"),
            // bison's stack cutoff: `{}` at 4,998 arrays, whose `}` is
            // pushed past it (the object is made first).
            (deep_cut.as_bytes(), 100_000, "[{E"),
            // Its first key pushed past it: a string token, nothing made.
            (deep_key.as_bytes(), 100_000, "k{"),
        ];
        for (doc, depth, want) in cases {
            let o = Options {
                depth,
                flags: 0,
                assoc: false,
            };
            let mut b = Log::default();
            assert!(parse(doc, o, &mut b).is_err());
            let log = b.log.rsplit('R').next().unwrap_or_default();
            assert!(
                log.ends_with(&format!("{want}D")),
                "{:?}: {}",
                String::from_utf8_lossy(&doc[doc.len().saturating_sub(20)..]),
                &log[log.len().saturating_sub(40)..]
            );
        }
        let o = Options {
            depth: 100_000,
            flags: 0,
            assoc: false,
        };
        assert!(parse(deep_ok.as_bytes(), o, &mut Log::default()).is_ok());
    }

    #[test]
    fn plain_string_only_when_no_decoding_is_needed() {
        let p = |s: &[u8]| plain_string(s, 0).map(<[u8]>::to_vec);
        assert_eq!(p(b"\"abc\" x"), Some(b"abc".to_vec()));
        assert_eq!(p(b"\"\""), Some(Vec::new()));
        assert_eq!(
            p("\"h\u{e9}\u{1F600}\"".as_bytes()),
            Some("h\u{e9}\u{1F600}".as_bytes().to_vec())
        );
        // Unclosed, escapes, control bytes, bad UTF-8: decoded instead.
        assert_eq!(p(b"\"abc"), None);
        assert_eq!(p(b"\"a\\\"b\""), None);
        assert_eq!(p(b"\"a\\nb\""), None);
        assert_eq!(p(b"\"a\x00b\""), None);
        assert_eq!(p(b"\"a\x1fb\""), None);
        assert_eq!(p(b"\"a\xffb\""), None);
        assert_eq!(p(b"\"\xc0\x80\""), None);
        assert_eq!(p(b"\"\xed\xa0\x80\""), None);
        assert_eq!(p(b"\"\xf4\x90\x80\x80\""), None);
        assert_eq!(p(b"\"\xe2\x82\""), None);
    }
}
