//! Strict UTF-8 checks with PHP's scanner rules (json_scanner.re `UTF8`):
//! no overlong forms, no surrogates (ED A0..BF), nothing above U+10FFFF.
//! These are exactly the rules of Rust's `str::from_utf8`, so bulk runs are
//! validated with simdutf8 (std-compatible error offsets) and single
//! sequences with [`seq_len`].

/// Length of the well-formed UTF-8 sequence starting at `inp[pos]`
/// (a byte >= 0x80), or `None` if PHP's scanner would not match one there.
/// Bytes past the end read as 0 (PHP's NUL terminator), which is never a
/// continuation byte.
#[inline]
pub(crate) fn seq_len(inp: &[u8], pos: usize) -> Option<usize> {
    let at = |i: usize| inp.get(pos + i).copied().unwrap_or(0);
    let trail = |b: u8| (0x80..=0xBF).contains(&b);
    let b0 = at(0);
    let (len, lo, hi) = match b0 {
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return None,
    };
    let b1 = at(1);
    if b1 < lo || b1 > hi {
        return None;
    }
    if (2..len).all(|i| trail(at(i))) {
        Some(len)
    } else {
        None
    }
}

/// Length of the longest valid UTF-8 prefix of `s` (`s.len()` if all of it
/// is valid). The prefix ends on a character boundary.
#[inline]
pub(crate) fn valid_prefix(s: &[u8]) -> usize {
    match simdutf8::compat::from_utf8(s) {
        Ok(_) => s.len(),
        Err(e) => e.valid_up_to(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seq_len_matches_std_on_all_short_sequences() {
        // Every 1..=4 byte string whose first byte is >= 0x80, over a byte
        // alphabet covering all the class boundaries.
        let edges: Vec<u8> = vec![
            0x00, 0x22, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ];
        let leads: Vec<u8> = edges.iter().copied().filter(|&b| b >= 0x80).collect();
        for &a in &leads {
            for &b in &edges {
                for &c in &edges {
                    for &d in &edges {
                        let s = [a, b, c, d];
                        let expect = match std::str::from_utf8(&s) {
                            Ok(_) => Some(4),
                            Err(e) if e.valid_up_to() > 0 => Some(e.valid_up_to()),
                            Err(_) => None,
                        };
                        let expect = expect.map(|n| {
                            // the length of the first char only
                            let st = std::str::from_utf8(&s[..n]).unwrap();
                            st.chars().next().unwrap().len_utf8()
                        });
                        assert_eq!(seq_len(&s, 0), expect, "{s:02x?}");
                    }
                }
            }
        }
        // Truncated at the end of input.
        assert_eq!(seq_len(&[0xE2, 0x82], 0), None);
        assert_eq!(seq_len(&[0xC3], 0), None);
        assert_eq!(seq_len(&[0xC3, 0xA9], 0), Some(2));
    }

    #[test]
    fn valid_prefix_offsets() {
        assert_eq!(valid_prefix(b"abc"), 3);
        assert_eq!(valid_prefix(b"ab\xffc"), 2);
        assert_eq!(valid_prefix("é\u{1F600}".as_bytes()), 6);
        assert_eq!(valid_prefix(b"\xe2\x82"), 0);
        assert_eq!(valid_prefix(b"a\xed\xa0\x80"), 1);
    }
}
