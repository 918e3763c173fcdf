//! The exact parser: json_parser.y's LALR(1) automaton, fused with the
//! exact scanner (`super::lexer`), with bison's state-stack height (see
//! the bison stack heights in `super`'s documentation).

use super::lexer::Scanner;
use super::YYMAXDEPTH;
use crate::options::error::{DEPTH, STATE_MISMATCH, SYNTAX};
use crate::scan::Kernels;

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
            return Err(SYNTAX);
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
///
/// `bigint_keys`: json_decode() under `JSON_BIGINT_AS_STRING`, where an
/// integer too large for a zend_long is a string token, so also a key
/// ([`Scanner::big_int_key`]).
pub(super) fn parse<S: Kernels>(
    s: &mut Scanner<'_, S>,
    max_depth: u32,
    bigint_keys: bool,
) -> Result<(), i32> {
    let mut levels = Levels::new();
    // The innermost open container: its kind and base height Q.
    let mut kind = TOP;
    let mut q: u32 = 0;
    // Height while waiting for a value.
    let mut p: u32 = 1;

    // The peeked `]` or `}` (`$close`) ends the innermost container: its
    // token is pushed at Q+4, then it is E2 if it is the other container's
    // bracket, else the container is reduced and its parent is innermost
    // again.
    macro_rules! close {
        ($close:expr) => {{
            s.bump();
            push_at!(q + 4);
            if ($close == b'}') != (kind == OBJECT) {
                return Err(STATE_MISMATCH);
            }
            let v = levels.pop();
            (kind, q) = (v >> 14, (v & 0x3FFF) as u32);
        }};
    }
    // A member's `"key" :` (the key's first byte peeked: a quote, or with
    // `bigint_keys` an integer that overflows), its key pushed at
    // Q+$h and ':' at Q+$h+1; its value is then expected at that height.
    macro_rules! key_colon {
        ($h:expr) => {{
            if s.peek() == b'"' {
                s.bump();
                s.string()?;
            } else if !(bigint_keys && s.big_int_key()) {
                unexpected!(s);
            }
            push_at!(q + $h);
            if s.peek() != b':' {
                unexpected!(s);
            }
            s.bump();
            push_at!(q + $h + 1);
            p = q + $h + 1;
        }};
    }

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
                    return Err(DEPTH);
                }
                push_at!(p + 2);
                levels.push(q as u16 | kind << 14);
                q = p;
                if open == b'[' {
                    kind = ARRAY;
                    match s.peek() {
                        close @ (b']' | b'}') => close!(close),
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
                        close @ (b']' | b'}') => close!(close),
                        _ => {
                            key_colon!(3);
                            continue 'value;
                        }
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
                        key_colon!(5);
                        continue 'value;
                    }
                    close @ (b']' | b'}') => close!(close),
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
                    close @ (b']' | b'}') => close!(close),
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
