//! The four hex digits of a `\uXXXX` escape, by table: one lookup per
//! digit and one test for all four, instead of a range match per digit.
//! Shared by stage 1's escape check, the exact validator's scanner and
//! the string decoder.

/// Not a hex digit (any value with a bit above the low nibble).
const BAD: u8 = 0xFF;

/// The value of every byte as a hex digit, or [`BAD`].
static HEX: [u8; 256] = {
    let mut t = [BAD; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// The four hex digits at `s[at..at + 4]` as a number; `None` when a byte
/// is not a hex digit or the input ends first.
#[inline(always)]
pub(crate) fn hex4(s: &[u8], at: usize) -> Option<u32> {
    let q = s.get(at..at.checked_add(4)?)?;
    let [a, b, c, d] = [q[0], q[1], q[2], q[3]].map(|x| HEX[x as usize]);
    if (a | b | c | d) & 0xF0 != 0 {
        return None;
    }
    Some(u32::from(a) << 12 | u32::from(b) << 8 | u32::from(c) << 4 | u32::from(d))
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
}
