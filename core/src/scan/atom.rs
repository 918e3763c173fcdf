//! Atoms: the numbers and literals between JSON's structural bytes, as
//! PHP's scanner reads them (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`,
//! `true`, `false`, `null`).

/// Whether the atom (a run of non-whitespace, non-structural bytes outside
/// strings) starting at `p` is exactly one number or literal.
#[inline(always)]
pub fn atom_ok(inp: &[u8], p: usize) -> bool {
    let at = |i: usize| inp.get(i).copied().unwrap_or(0);
    let end = match at(p) {
        b't' if inp.get(p..p + 4) == Some(b"true") => p + 4,
        b'f' if inp.get(p..p + 5) == Some(b"false") => p + 5,
        b'n' if inp.get(p..p + 4) == Some(b"null") => p + 4,
        b'-' | b'0'..=b'9' => {
            let mut i = p;
            if at(i) == b'-' {
                i += 1;
            }
            match at(i) {
                b'0' => i += 1,
                b'1'..=b'9' => i = skip_digits(inp, i + 1),
                _ => return false,
            }
            if at(i) == b'.' {
                i += 1;
                if !at(i).is_ascii_digit() {
                    return false;
                }
                i = skip_digits(inp, i + 1);
            }
            if at(i) | 0x20 == b'e' {
                i += 1;
                if matches!(at(i), b'+' | b'-') {
                    i += 1;
                }
                if !at(i).is_ascii_digit() {
                    return false;
                }
                i = skip_digits(inp, i + 1);
            }
            i
        }
        _ => return false,
    };
    // The atom must end here: whitespace, a structural byte, a quote (the
    // grammar then rejects two adjacent values) or the end of input.
    end >= inp.len()
        || matches!(
            at(end),
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'[' | b']' | b':' | b',' | b'"'
        )
}

/// The first position at or after `i` that is not an ASCII digit (or the
/// end of input): eight bytes at a time (SWAR), then byte by byte.
#[inline(always)]
pub fn skip_digits(inp: &[u8], mut i: usize) -> usize {
    const LO7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HI: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = inp.get(i..i + 8).and_then(|c| <[u8; 8]>::try_from(c).ok()) {
        let v = u64::from_le_bytes(chunk);
        let low = v & LO7;
        // Per byte, with no carry between bytes (low bytes <= 0x7F):
        // high bit of low + 0x46 <=> b & 0x7F >= 0x3A; of low + 0x50 <=>
        // b & 0x7F >= 0x30. A byte >= 0x80 is never a digit.
        let above = low.wrapping_add(0x4646_4646_4646_4646) | v;
        let below = !low.wrapping_add(0x5050_5050_5050_5050);
        let non_digit = (above | below) & HI;
        if non_digit != 0 {
            return i + (non_digit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while inp.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_digits_matches_scalar() {
        let naive =
            |s: &[u8], i: usize| i + s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        for b in 0..=255u8 {
            for k in 0..12 {
                let mut s = vec![b'7'; 12];
                s[k] = b;
                s.extend_from_slice(b"123");
                for i in 0..s.len() {
                    assert_eq!(skip_digits(&s, i), naive(&s, i), "{s:?} {i}");
                }
            }
        }
    }

    #[test]
    fn atoms() {
        let ok: &[&[u8]] = &[
            b"0", b"-0", b"1.5e+3", b"true", b"null", b"false", b"12]", b"7 ",
        ];
        let bad: &[&[u8]] = &[
            b"-", b"01", b"1.", b"1e", b"tru", b"nulll", b"1x", b".5", b"+1",
        ];
        for (cases, want) in [(ok, true), (bad, false)] {
            for &s in cases {
                assert_eq!(atom_ok(s, 0), want, "{s:?}");
            }
        }
    }
}
