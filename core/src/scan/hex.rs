//! The four hex digits of a `\uXXXX` escape, from one 32-bit word: each
//! byte range-tested and valued in parallel (SWAR), with no branch or load
//! per digit. Shared by stage 1's escape check, the exact validator's
//! scanner and the string decoder.

const LOW7: u32 = 0x8080_8080;

/// Bytes per lane (`b * 0x0101_0101`).
const fn lanes(b: u8) -> u32 {
    b as u32 * 0x0101_0101
}

/// The four hex digits at `s[at..at + 4]` as a number; `None` when a byte
/// is not a hex digit or the input ends first.
#[inline(always)]
pub(crate) fn hex4(s: &[u8], at: usize) -> Option<u32> {
    let q = s.get(at..at.checked_add(4)?)?;
    hex4_word(u32::from_le_bytes([q[0], q[1], q[2], q[3]]))
}

/// [`hex4`] of the word `x` (the first digit in its low byte).
///
/// With every byte below 0x80 (checked first), adding a constant to the
/// word carries out of no byte, so each byte's top bit tells a range
/// test: `b + 0x80 - lo` has it exactly when `b >= lo`. Digits are
/// 0x30-0x39; letters, with 0x20 set in every byte (which maps `A-F` onto
/// `a-f` and nothing else onto them), 0x61-0x66. A digit's value is its
/// low nibble, a letter's its low nibble plus 9.
#[inline(always)]
pub(crate) fn hex4_word(x: u32) -> Option<u32> {
    if x & LOW7 != 0 {
        return None;
    }
    let ge = |v: u32, lo: u8| v.wrapping_add(lanes(0x80 - lo));
    let digit = ge(x, b'0') & !ge(x, b'9' + 1);
    let l = x | lanes(0x20);
    let alpha = ge(l, b'a') & !ge(l, b'f' + 1);
    if (digit | alpha) & LOW7 != LOW7 {
        return None;
    }
    // (A letter is the digit with bit 6 set.)
    let v = (x & lanes(0x0F)) + ((x >> 6) & lanes(1)) * 9;
    // Nibbles n0..n3 (n0 the first digit) in bytes 0..3. v + (v << 12)
    // puts n0 n1 in byte 1 and n2 n3 in byte 3 (bytes 0 and 2 take what
    // else lands there, and no sum carries: nibbles stay apart).
    let u = v.wrapping_mul(0x1001);
    Some((u & 0xFF00) | (u >> 24))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_in_every_place() {
        for x in 0..=255u8 {
            for k in 0..4 {
                let mut s = *b"0aF9";
                s[k] = x;
                let want = u32::from_str_radix(core::str::from_utf8(&s).unwrap_or("-"), 16)
                    .ok()
                    .filter(|_| x.is_ascii_hexdigit());
                assert_eq!(hex4(&s, 0), want, "{s:?}");
            }
        }
        assert_eq!(hex4(b"x20AC", 1), Some(0x20AC));
        assert_eq!(hex4(b"20A", 0), None);
        assert_eq!(hex4(b"20AC", 1), None);
        assert_eq!(hex4(b"", usize::MAX), None);
    }

    /// Every pair of byte values in every pair of places, the others hex
    /// digits of both cases, against the definition.
    #[test]
    fn word_every_pair_of_bytes() {
        let reference = |q: [u8; 4]| {
            q.iter().all(u8::is_ascii_hexdigit).then(|| {
                q.iter()
                    .fold(0u32, |v, &c| v << 4 | (c as char).to_digit(16).unwrap_or(0))
            })
        };
        for fill in [*b"0aF9", *b"fFa0", *b"9999"] {
            for j in 0..4 {
                for k in j + 1..4 {
                    for x in 0..=255u8 {
                        for y in 0..=255u8 {
                            let mut q = fill;
                            q[j] = x;
                            q[k] = y;
                            assert_eq!(hex4_word(u32::from_le_bytes(q)), reference(q), "{q:?}");
                        }
                    }
                }
            }
        }
    }
}
