//! The token scanner: PHP's json_scanner.re (state `JS` and `STR_P1`) for
//! validation, without building values.
//!
//! Each call to [`Scanner::lex`] reads exactly one token, like one call of
//! `php_json_scan()`: whitespace first, then the token, consumed in full. A
//! string token is scanned to its closing quote, so any error inside it
//! (control byte, bad escape, lone surrogate, bad UTF-8) is reported when
//! the string is lexed, in left-to-right order. Errors are PHP's codes.
//!
//! Longest match, as re2c does it: `01` is `0` then `1`; `1.` is `1` then an
//! error token at `.`; `1e` is `1` then an error token at `e`; `-` alone, a
//! partial literal (`nul`, `True`) or any other byte that starts no token is
//! an error token. The input is NUL-terminated: position `len` reads as 0.

use crate::options::error::{CTRL_CHAR, SYNTAX, UTF16, UTF8};
use crate::scan::{skip_digits, utf8, Kernels};

/// The exact scanner over one input, with the kernels `S` for its runs of
/// plain string bytes and whitespace.
pub(crate) struct Scanner<'a, S: Kernels> {
    simd: S,
    inp: &'a [u8],
    pos: usize,
    /// Non-ASCII bytes inside strings before this position are known to
    /// belong to well-formed UTF-8 (checked in bulk from a character
    /// boundary the scanner reached); the string scan skips them.
    utf8_ok: usize,
    /// JSON_INVALID_UTF8_IGNORE: skip ill-formed bytes inside strings.
    ignore_invalid_utf8: bool,
}

#[inline(always)]
fn is_digit(b: u8) -> bool {
    b.is_ascii_digit()
}

impl<'a, S: Kernels> Scanner<'a, S> {
    #[inline(always)]
    pub(crate) fn new(simd: S, inp: &'a [u8], ignore_invalid_utf8: bool) -> Self {
        Scanner {
            simd,
            inp,
            pos: 0,
            utf8_ok: 0,
            ignore_invalid_utf8,
        }
    }

    /// The byte at `i`, or 0 at and past the end (the NUL terminator).
    #[inline(always)]
    fn at(&self, i: usize) -> u8 {
        self.inp.get(i).copied().unwrap_or(0)
    }

    /// Reads the next token, like one call of `php_json_scan()`; only its
    /// error matters here (the parser's fast paths already know what
    /// token they wanted).
    #[inline(always)]
    fn lex(&mut self) -> Result<(), i32> {
        let mut b = self.at(self.pos);
        if b <= b' ' {
            b = self.skip_ws();
        }
        match b {
            b'"' => {
                self.pos += 1;
                self.string()
            }
            b'{' | b'}' | b'[' | b']' | b':' | b',' => {
                self.pos += 1;
                Ok(())
            }
            b'-' | b'0'..=b'9' => self.number(),
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            _ => self.other(b),
        }
    }

    /// Lexes the one token at `pos` (after whitespace), as one call of
    /// `php_json_scan()` there: `Err(code)` if it is an error token.
    /// `Ok` holds the position after the token.
    #[inline(never)]
    pub(crate) fn token_at(
        simd: S,
        inp: &'a [u8],
        pos: usize,
        ignore_invalid_utf8: bool,
    ) -> Result<usize, i32> {
        let mut s = Scanner::new(simd, inp, ignore_invalid_utf8);
        s.pos = pos;
        s.lex().map(|()| s.pos)
    }

    /// Skips whitespace; returns the first byte of the next token (0 at the
    /// end) without consuming it. The parser's fast paths look at this byte
    /// and consume the token themselves (`bump`, `string`, `number`,
    /// `literal`); anything unexpected goes through [`Scanner::unexpected`].
    #[inline(always)]
    pub(crate) fn peek(&mut self) -> u8 {
        let b = self.at(self.pos);
        if b > b' ' {
            return b;
        }
        self.skip_ws()
    }

    /// Consumes the one-byte token that [`Scanner::peek`] returned.
    #[inline(always)]
    pub(crate) fn bump(&mut self) {
        self.pos += 1;
    }

    /// The code for a token the parser cannot accept here: the scanner's
    /// own error if the token is an error token, else E4. Called at a token
    /// start (after [`Scanner::peek`]).
    #[cold]
    #[inline(never)]
    pub(crate) fn unexpected(&mut self) -> i32 {
        match self.lex() {
            Err(code) => code,
            Ok(_) => SYNTAX,
        }
    }

    /// True at the end of input (the terminating NUL).
    #[inline(always)]
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.inp.len()
    }

    /// Skips whitespace from `pos` (whose byte is <= b' '); returns the
    /// byte at the new position. One or two bytes are checked one by one
    /// (a single space after ':' is the most common run), longer runs a
    /// vector at a time.
    #[inline(always)]
    fn skip_ws(&mut self) -> u8 {
        let mut b = self.at(self.pos);
        if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            return b;
        }
        self.pos += 1;
        b = self.at(self.pos);
        if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            return b;
        }
        self.pos = self.simd.skip_ws(self.inp, self.pos + 1);
        self.at(self.pos)
    }

    /// End of input, or the error code of a byte that starts no token.
    #[cold]
    fn other(&self, b: u8) -> Result<(), i32> {
        Err(match b {
            // The terminator is PHP_JSON_T_EOI; an embedded NUL is a control char.
            0 if self.pos >= self.inp.len() => return Ok(()),
            0x00..=0x1F => CTRL_CHAR,
            0x80..=0xFF => {
                if utf8::seq_len(self.inp, self.pos).is_some() {
                    SYNTAX
                } else {
                    UTF8
                }
            }
            _ => SYNTAX,
        })
    }

    #[inline(always)]
    pub(crate) fn literal(&mut self, word: &[u8]) -> Result<(), i32> {
        if self
            .inp
            .get(self.pos..)
            .is_some_and(|s| s.starts_with(word))
        {
            self.pos += word.len();
            Ok(())
        } else {
            Err(SYNTAX)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, longest match.
    #[inline(always)]
    pub(crate) fn number(&mut self) -> Result<(), i32> {
        let mut i = self.pos;
        if self.at(i) == b'-' {
            i += 1;
        }
        match self.at(i) {
            b'0' => i += 1,
            b'1'..=b'9' => i = skip_digits(self.inp, i + 1),
            // A lone '-' is a one-byte UTF-8 char that starts no token.
            _ => return Err(SYNTAX),
        }
        if self.at(i) == b'.' && is_digit(self.at(i + 1)) {
            i = skip_digits(self.inp, i + 2);
        }
        if self.at(i) | 0x20 == b'e' {
            let mut k = i + 1;
            if matches!(self.at(k), b'+' | b'-') {
                k += 1;
            }
            if is_digit(self.at(k)) {
                i = skip_digits(self.inp, k + 1);
            }
        }
        self.pos = i;
        Ok(())
    }

    /// Under `JSON_BIGINT_AS_STRING`, `php_json_scan()` returns an integer
    /// token too large for a zend_long as a *string* token, and
    /// json_parser.y then takes it as an object key (`{12345678901234567890:1}`
    /// decodes). Is the token at `pos` such an integer, with no fraction or
    /// exponent (which would make it a double)? Consumes it if so.
    pub(crate) fn big_int_key(&mut self) -> bool {
        let mut i = self.pos;
        let neg = self.at(i) == b'-';
        if neg {
            i += 1;
        }
        let first = i;
        match self.at(i) {
            b'1'..=b'9' => i = skip_digits(self.inp, i + 1),
            // `0` alone always fits.
            _ => return false,
        }
        if self.at(i) == b'.' && is_digit(self.at(i + 1)) {
            return false;
        }
        if self.at(i) | 0x20 == b'e' {
            let k = i + 1 + usize::from(matches!(self.at(i + 1), b'+' | b'-'));
            if is_digit(self.at(k)) {
                return false;
            }
        }
        // PHP_JSON_INT_MAX_LENGTH digits (64-bit) compare with
        // "9223372036854775808"; fewer always fit, more never do.
        const LONG_MIN_DIGITS: &[u8] = b"9223372036854775808";
        let digits = self.inp.get(first..i).unwrap_or_default();
        let big = match digits.len().cmp(&LONG_MIN_DIGITS.len()) {
            core::cmp::Ordering::Less => false,
            core::cmp::Ordering::Greater => true,
            core::cmp::Ordering::Equal => match digits.cmp(LONG_MIN_DIGITS) {
                core::cmp::Ordering::Less => false,
                core::cmp::Ordering::Equal => !neg,
                core::cmp::Ordering::Greater => true,
            },
        };
        if big {
            self.pos = i;
        }
        big
    }

    /// Scans a string body from `pos` (just after the opening quote) to
    /// just after the closing quote.
    #[inline(always)]
    pub(crate) fn string(&mut self) -> Result<(), i32> {
        let mut p = self.pos;
        loop {
            p = self.simd.string_stop(self.inp, p, self.utf8_ok);
            match self.at(p) {
                b'"' => {
                    self.pos = p + 1;
                    return Ok(());
                }
                b'\\' => p = self.escape(p)?,
                // Includes the terminator: an unterminated string is E3.
                0x00..=0x1F => return Err(CTRL_CHAR),
                _ => p = self.non_ascii(p)?,
            }
        }
    }

    /// A byte >= 0x80 at `p` inside a string, at or after `utf8_ok`.
    /// Returns where to resume the scan.
    #[cold]
    #[inline(never)]
    fn non_ascii(&mut self, p: usize) -> Result<usize, i32> {
        if utf8::seq_len(self.inp, p).is_some() {
            // Validate as far ahead as possible in one go.
            self.utf8_ok = p + utf8::valid_prefix(&self.inp[p..]);
            Ok(p)
        } else if self.ignore_invalid_utf8 {
            // PHP skips one ill-formed byte at a time.
            Ok(p + 1)
        } else {
            Err(UTF8)
        }
    }

    /// An escape at `p` (the backslash). Returns the position after it.
    #[inline(always)]
    fn escape(&self, p: usize) -> Result<usize, i32> {
        match self.at(p + 1) {
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Ok(p + 2),
            b'u' => self.escape_u(p),
            // ESCPREF alone (includes a backslash right before the end).
            _ => Err(SYNTAX),
        }
    }

    #[inline(always)]
    fn hex4(&self, p: usize) -> Option<u32> {
        crate::scan::hex4(self.inp, p)
    }

    /// `\uXXXX` at `p`: a non-surrogate, or a high surrogate immediately
    /// followed by `\u` and a low one (UTF16_1..4); any other surrogate is
    /// E10 (UCS2); fewer than four hex digits is E4 (ESCPREF).
    fn escape_u(&self, p: usize) -> Result<usize, i32> {
        let Some(hi) = self.hex4(p + 2) else {
            return Err(SYNTAX);
        };
        if hi & 0xF800 != 0xD800 {
            return Ok(p + 6);
        }
        if hi < 0xDC00 && self.at(p + 6) == b'\\' && self.at(p + 7) == b'u' {
            if let Some(lo) = self.hex4(p + 8) {
                if (0xDC00..=0xDFFF).contains(&lo) {
                    return Ok(p + 12);
                }
            }
        }
        Err(UTF16)
    }
}
