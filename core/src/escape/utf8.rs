//! One UTF-8 sequence, decoded the way PHP's `php_next_utf8_char()` does.
//!
//! PHP (ext/standard/html.c, `get_next_char` for `cs_utf_8`) accepts exactly
//! the well-formed UTF-8 that `core::str::from_utf8` accepts, but it groups
//! the bytes of an *invalid* sequence its own way (UTR #36 §3.6.1, strategy
//! 2), and that grouping is visible with `JSON_INVALID_UTF8_SUBSTITUTE`: one
//! group is one `\ufffd`. The rules, for a lead byte `b0 >= 0x80`:
//!
//! - `80..=C1`, `F5..=FF`: a 1-byte error.
//! - `C2..=DF`: needs one continuation byte (`80..=BF`). If the next byte is
//!   missing or is itself a possible start (`< 80` or `C2..=F4`, a "lead"),
//!   the error is 1 byte; any other non-continuation is swallowed (2 bytes).
//! - `E0..=EF` and `F0..=F4`: if the sequence is short or any of its
//!   continuation bytes is wrong, the error ends before the first following
//!   byte (in order) that is missing or a lead, and covers the whole sequence
//!   length when there is none. A well-formed but overlong, surrogate
//!   (`ED A0..`) or > U+10FFFF (`F4 90..`) sequence is one error of its full
//!   length (3 or 4).
//!
//! A missing byte behaves exactly like a present `00` (a lead that is no
//! continuation), which is how the code below treats the end of input.

/// One decoded sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seq {
    /// The scalar value (meaningless when `!valid`).
    pub cp: u32,
    /// Bytes consumed, 1..=4, never more than were available.
    pub len: usize,
    /// Whether this is a well-formed scalar value.
    pub valid: bool,
}

#[inline(always)]
const fn trail(b: u8) -> bool {
    b >= 0x80 && b <= 0xbf
}

#[inline(always)]
const fn lead(b: u8) -> bool {
    b < 0x80 || (b >= 0xc2 && b <= 0xf4)
}

#[inline(always)]
const fn bad(len: usize) -> Seq {
    Seq {
        cp: 0,
        len,
        valid: false,
    }
}

#[inline(always)]
const fn ok(cp: u32, len: usize) -> Seq {
    Seq {
        cp,
        len,
        valid: true,
    }
}

/// Decodes the sequence at the start of `rest`.
///
/// Meant for a first byte `>= 0x80`; an ASCII byte decodes as itself. An
/// empty `rest` gives a 0-byte error (callers never pass one).
#[inline(always)]
pub(super) fn decode(rest: &[u8]) -> Seq {
    let at = |k: usize| -> u8 { rest.get(k).copied().unwrap_or(0) };
    let b0 = match rest.first() {
        Some(&b) => b,
        None => return bad(0),
    };
    if b0 < 0x80 {
        ok(b0 as u32, 1)
    } else if b0 < 0xc2 {
        bad(1)
    } else if b0 < 0xe0 {
        let b1 = at(1);
        if trail(b1) {
            ok(((b0 as u32 & 0x1f) << 6) | (b1 as u32 & 0x3f), 2)
        } else if lead(b1) {
            bad(1)
        } else {
            bad(2)
        }
    } else if b0 < 0xf0 {
        let (b1, b2) = (at(1), at(2));
        if !(trail(b1) && trail(b2)) {
            return if lead(b1) {
                bad(1)
            } else if lead(b2) {
                bad(2)
            } else {
                bad(3)
            };
        }
        let cp = ((b0 as u32 & 0x0f) << 12) | ((b1 as u32 & 0x3f) << 6) | (b2 as u32 & 0x3f);
        if cp < 0x800 || (0xd800..=0xdfff).contains(&cp) {
            bad(3)
        } else {
            ok(cp, 3)
        }
    } else if b0 < 0xf5 {
        let (b1, b2, b3) = (at(1), at(2), at(3));
        if !(trail(b1) && trail(b2) && trail(b3)) {
            return if lead(b1) {
                bad(1)
            } else if lead(b2) {
                bad(2)
            } else if lead(b3) {
                bad(3)
            } else {
                bad(4)
            };
        }
        let cp = ((b0 as u32 & 0x07) << 18)
            | ((b1 as u32 & 0x3f) << 12)
            | ((b2 as u32 & 0x3f) << 6)
            | (b3 as u32 & 0x3f);
        if !(0x10000..=0x10ffff).contains(&cp) {
            bad(4)
        } else {
            ok(cp, 4)
        }
    } else {
        bad(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouping_examples() {
        assert_eq!(decode(b"\xed\xa0\x80"), bad(3));
        assert_eq!(decode(b"\xc3\xc0"), bad(2));
        assert_eq!(decode(b"\xc3A"), bad(1));
        assert_eq!(decode(b"\xc3"), bad(1));
        assert_eq!(decode(b"\xe2\x82"), bad(2));
        assert_eq!(decode(b"\xe2\x82\xac"), ok(0x20ac, 3));
        assert_eq!(decode(b"\xf0\x9f\x98\x80"), ok(0x1f600, 4));
        assert_eq!(decode(b"\xf4\x90\x80\x80"), bad(4));
        assert_eq!(decode(b"\xe0\x80\x80"), bad(3));
        assert_eq!(decode(b"\xe2\xc0\xc0"), bad(3));
        assert_eq!(decode(b"\xe2\xc0A"), bad(2));
        assert_eq!(decode(b"\x80"), bad(1));
        assert_eq!(decode(b"\xff\x80"), bad(1));
    }

    /// Valid means exactly what `core::str::from_utf8` accepts, and no
    /// sequence ever claims more bytes than it has.
    #[test]
    fn agrees_with_std_on_validity() {
        let mut buf = [0u8; 4];
        for b0 in 0x80..=0xffu32 {
            for b1 in 0..=0xffu32 {
                for tail in [
                    0x00u32, 0x41, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xf4, 0xff,
                ] {
                    buf[0] = b0 as u8;
                    buf[1] = b1 as u8;
                    buf[2] = tail as u8;
                    buf[3] = 0xbf;
                    for n in 1..=4 {
                        let d = decode(&buf[..n]);
                        assert!(d.len >= 1 && d.len <= n);
                        let std_ok = core::str::from_utf8(&buf[..d.len]).is_ok();
                        assert_eq!(d.valid, std_ok, "{:02x?}", &buf[..n]);
                        if d.valid {
                            let c = core::str::from_utf8(&buf[..d.len]).unwrap();
                            assert_eq!(c.chars().next().map(u32::from), Some(d.cp));
                        }
                    }
                }
            }
        }
    }
}
