//! A naive, byte-at-a-time oracle for `escape_string`, transcribed from the
//! documented PHP semantics (docs §4.3–4.4), deliberately sharing no code
//! with the implementation. `tests/escape_php.rs` checks it against real PHP.
#![allow(dead_code)]

use rustjson_core::options::*;

/// The flag sets every exhaustive test runs.
pub const FLAG_SETS: [u32; 9] = [
    0,
    UNESCAPED_UNICODE,
    UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS,
    INVALID_UTF8_IGNORE,
    INVALID_UTF8_SUBSTITUTE,
    INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE,
    HEX_TAG | HEX_AMP | HEX_APOS | HEX_QUOT,
    UNESCAPED_SLASHES,
    INVALID_UTF8_IGNORE | UNESCAPED_UNICODE,
];

/// More combinations, for the cheaper tests.
pub const MORE_FLAG_SETS: [u32; 8] = [
    HEX_TAG,
    HEX_AMP | UNESCAPED_SLASHES,
    HEX_APOS | UNESCAPED_UNICODE,
    HEX_QUOT | INVALID_UTF8_SUBSTITUTE,
    UNESCAPED_LINE_TERMINATORS,
    INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE,
    INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS,
    HEX_TAG
        | HEX_AMP
        | HEX_APOS
        | HEX_QUOT
        | UNESCAPED_SLASHES
        | UNESCAPED_UNICODE
        | INVALID_UTF8_SUBSTITUTE
        | PRETTY_PRINT
        | NUMERIC_CHECK
        | THROW_ON_ERROR,
];

/// FLAG_SETS and MORE_FLAG_SETS, in that order.
pub fn all_flag_sets() -> Vec<u32> {
    FLAG_SETS
        .iter()
        .chain(MORE_FLAG_SETS.iter())
        .copied()
        .collect()
}

fn is_cont(b: u8) -> bool {
    (0x80..=0xbf).contains(&b)
}

fn can_start(b: u8) -> bool {
    b < 0x80 || (0xc2..=0xf4).contains(&b)
}

/// PHP's php_next_utf8_char() for a lead byte >= 0x80, written out
/// literally: (Some(code point) or None for an error, bytes consumed).
pub fn next_char(s: &[u8], pos: usize) -> (Option<u32>, usize) {
    let avail = s.len() - pos;
    let c = s[pos] as u32;
    if c < 0xc2 {
        return (None, 1);
    }
    if c < 0xe0 {
        if avail < 2 {
            return (None, 1);
        }
        let b1 = s[pos + 1];
        if !is_cont(b1) {
            return (None, if can_start(b1) { 1 } else { 2 });
        }
        let cp = ((c & 0x1f) << 6) | (b1 as u32 & 0x3f);
        if cp < 0x80 {
            return (None, 2);
        }
        return (Some(cp), 2);
    }
    if c < 0xf0 {
        if avail < 3 || !is_cont(s[pos + 1]) || !is_cont(s[pos + 2]) {
            if avail < 2 || can_start(s[pos + 1]) {
                return (None, 1);
            } else if avail < 3 || can_start(s[pos + 2]) {
                return (None, 2);
            } else {
                return (None, 3);
            }
        }
        let cp =
            ((c & 0x0f) << 12) | ((s[pos + 1] as u32 & 0x3f) << 6) | (s[pos + 2] as u32 & 0x3f);
        if cp < 0x800 || (0xd800..=0xdfff).contains(&cp) {
            return (None, 3);
        }
        return (Some(cp), 3);
    }
    if c < 0xf5 {
        if avail < 4 || !is_cont(s[pos + 1]) || !is_cont(s[pos + 2]) || !is_cont(s[pos + 3]) {
            if avail < 2 || can_start(s[pos + 1]) {
                return (None, 1);
            } else if avail < 3 || can_start(s[pos + 2]) {
                return (None, 2);
            } else if avail < 4 || can_start(s[pos + 3]) {
                return (None, 3);
            } else {
                return (None, 4);
            }
        }
        let cp = ((c & 0x07) << 18)
            | ((s[pos + 1] as u32 & 0x3f) << 12)
            | ((s[pos + 2] as u32 & 0x3f) << 6)
            | (s[pos + 3] as u32 & 0x3f);
        if !(0x10000..=0x10ffff).contains(&cp) {
            return (None, 4);
        }
        return (Some(cp), 4);
    }
    (None, 1)
}

fn push_u(out: &mut Vec<u8>, unit: u32) {
    out.extend_from_slice(format!("\\u{:04x}", unit).as_bytes());
}

/// The oracle: `Some(json)` or `None` for JSON_ERROR_UTF8.
pub fn naive(s: &[u8], opts: u32) -> Option<Vec<u8>> {
    let mut out = vec![b'"'];
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b >= 0x80 {
            let (cp, n) = next_char(s, i);
            match cp {
                Some(cp) => {
                    let terminator = cp == 0x2028 || cp == 0x2029;
                    if opts & UNESCAPED_UNICODE != 0
                        && (opts & UNESCAPED_LINE_TERMINATORS != 0 || !terminator)
                    {
                        out.extend_from_slice(&s[i..i + n]);
                    } else if cp >= 0x10000 {
                        let v = cp - 0x10000;
                        push_u(&mut out, 0xd800 | (v >> 10));
                        push_u(&mut out, 0xdc00 | (v & 0x3ff));
                    } else {
                        push_u(&mut out, cp);
                    }
                }
                None => {
                    if opts & INVALID_UTF8_IGNORE != 0 {
                    } else if opts & INVALID_UTF8_SUBSTITUTE != 0 {
                        if opts & UNESCAPED_UNICODE != 0 {
                            out.extend_from_slice("\u{fffd}".as_bytes());
                        } else {
                            out.extend_from_slice(b"\\ufffd");
                        }
                    } else {
                        return None;
                    }
                }
            }
            i += n;
            continue;
        }
        match b {
            b'"' if opts & HEX_QUOT != 0 => out.extend_from_slice(b"\\u0022"),
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'/' if opts & UNESCAPED_SLASHES == 0 => out.extend_from_slice(b"\\/"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'<' if opts & HEX_TAG != 0 => out.extend_from_slice(b"\\u003C"),
            b'>' if opts & HEX_TAG != 0 => out.extend_from_slice(b"\\u003E"),
            b'&' if opts & HEX_AMP != 0 => out.extend_from_slice(b"\\u0026"),
            b'\'' if opts & HEX_APOS != 0 => out.extend_from_slice(b"\\u0027"),
            0..=0x1f => push_u(&mut out, b as u32),
            _ => out.push(b),
        }
        i += 1;
    }
    out.push(b'"');
    Some(out)
}

/// The instruction-set level named `imp` (an entry of [`implementations`]).
pub fn level(imp: &str) -> rustjson_core::isa::Level {
    rustjson_core::isa::Level::from_name(imp).expect("a compiled level")
}

/// Runs the implementation of level `imp` into a fresh Vec: `Some(json)`
/// or `None` on error (and then checks the sink was left empty).
pub fn run(imp: &str, s: &[u8], opts: u32) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let r = rustjson_core::escape::escape_string_at(level(imp), &mut out, s, opts)
        .expect("level available");
    match r {
        Ok(()) => Some(out),
        Err(_) => {
            assert!(out.is_empty(), "error must leave the sink untouched");
            None
        }
    }
}

/// Same through the public dispatching entry point.
pub fn run_default(s: &[u8], opts: u32) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    match rustjson_core::escape::escape_string(&mut out, s, opts) {
        Ok(()) => Some(out),
        Err(_) => {
            assert!(out.is_empty(), "error must leave the sink untouched");
            None
        }
    }
}

/// Every level this CPU can run (scalar included), by name: each test
/// runs the implementation of each.
pub fn implementations() -> Vec<&'static str> {
    rustjson_core::isa::available_levels()
        .map(|l| l.name())
        .collect()
}

/// Compares every implementation (and the dispatching entry point) with the
/// oracle on one input; panics with a readable message on a difference.
pub fn check(s: &[u8], opts: u32, imps: &[&str]) {
    let want = naive(s, opts);
    for imp in imps {
        let got = run(imp, s, opts);
        if got != want {
            panic!(
                "{imp}: input {:02x?} opts {opts:#x}\n got  {:?}\n want {:?}",
                s,
                got.as_deref().map(String::from_utf8_lossy),
                want.as_deref().map(String::from_utf8_lossy)
            );
        }
    }
    let got = run_default(s, opts);
    assert_eq!(got, want, "escape_string: input {s:02x?} opts {opts:#x}");
    let got = run_roomy(s, opts);
    assert_eq!(
        got, want,
        "escape_string, roomy sink: input {s:02x?} opts {opts:#x}"
    );
}

/// [`run_default`] into a sink that already has the room for the most any
/// string can write (6 bytes per input byte and more): the paths that take
/// a string only when no growth can happen (up to 64 bytes on x86_64) run,
/// and bytes written past the result must not count.
pub fn run_roomy(s: &[u8], opts: u32) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(6 * s.len() + 64);
    out.push(b'#');
    let r = rustjson_core::escape::escape_string(&mut out, s, opts);
    assert_eq!(out.first(), Some(&b'#'));
    out.remove(0);
    match r {
        Ok(()) => Some(out),
        Err(_) => {
            assert!(out.is_empty(), "error must leave the sink untouched");
            None
        }
    }
}

/// Tiny deterministic PRNG (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub const PIECES: &[&[u8]] = &[
    b"a",
    b"hello world ",
    b"0123456789abcdef",
    b"\"",
    b"\\",
    b"/",
    b"<",
    b">",
    b"&",
    b"'",
    b"\x00",
    b"\x08",
    b"\t",
    b"\n",
    b"\x0b",
    b"\x0c",
    b"\r",
    b"\x1f",
    b"\x7f",
    b" ",
    b"\xc3\xa9",
    b"\xd0\x9f\xd1\x80\xd0\xb8",
    b"\xe2\x82\xac",
    b"\xe4\xb8\xad\xe6\x96\x87",
    b"\xf0\x9f\x98\x80",
    b"\xf4\x8f\xbf\xbf",
    b"\xe2\x80\xa8",
    b"\xe2\x80\xa9",
    b"\xef\xbb\xbf",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xe0\x80\xaf",
    b"\xf0\x8f\xbf\xbf",
    b"\xf4\x90\x80\x80",
    b"\xf5\x80",
    b"\xc0\x80",
    b"\xc1\xbf",
    b"\x80",
    b"\xbf",
    b"\xfe",
    b"\xff",
    b"\xc3\xc0",
    b"\xe2\xc0\x80",
    b"\xe2\x82\xc0",
    b"\xf0\xc0\x80\x80",
    b"\xe1\x80\x80",
    b"\xee\x80\x80",
    b"\xef\xbf\xbf",
    b"\xec\x9c\xa0\xed\x95\x9c",
    b"\xf3\xa0\x80\x81",
    b"https://example.com/a/b?c=d&e='f'",
    b"<script>alert(1)</script>",
];

pub fn random_string(rng: &mut Rng) -> Vec<u8> {
    let mut s = Vec::new();
    let pieces = rng.below(40);
    for _ in 0..pieces {
        match rng.below(8) {
            0 => s.push(rng.next() as u8),
            1 => {
                // A run of clean ASCII, to reach the wide SIMD blocks.
                let n = rng.below(70);
                s.extend((0..n).map(|k| b'a' + (k % 26) as u8));
            }
            _ => s.extend_from_slice(PIECES[rng.below(PIECES.len())]),
        }
    }
    s
}

pub fn hex(s: &[u8]) -> String {
    s.iter().map(|b| format!("{b:02x}")).collect()
}
