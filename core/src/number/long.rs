//! `smart_str_append_long()`: a PHP int as plain decimal.

use crate::Sink;

/// "00" "01" ... "99": two digits per table lookup.
pub(super) static DIGITS2: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        t[2 * i] = b'0' + (i / 10) as u8;
        t[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    t
};

/// 10^k for k = 0..=19 (the rest never matches).
pub(super) static POW10: [u64; 32] = {
    let mut t = [u64::MAX; 32];
    t[0] = 1;
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// Number of decimal digits of `n` (1 for 0): the bit length gives a guess
/// (log10(2) ~ 1233/4096) that is exact or one short; one compare fixes it.
#[inline(always)]
pub fn decimal_len(n: u64) -> usize {
    let n = n | 1;
    let bits = 64 - n.leading_zeros() as usize;
    let guess = (bits * 1233) >> 12;
    guess + usize::from(n >= POW10[guess & 31])
}

/// Fraction bits of the fixed-point digit extraction in [`write_fixed`].
const FRAC: u32 = 57;
const FRAC_MASK: u64 = (1 << FRAC) - 1;

/// ceil(2^57 / 10^k) for k = 0, 2, 4, 6, 8.
static SCALE: [u64; 5] = {
    let mut t = [0u64; 5];
    let mut i = 0;
    while i < 5 {
        let p = 10u64.pow(2 * i as u32);
        t[i] = (1u64 << FRAC).div_ceil(p);
        i += 1;
    }
    t
};

/// Writes `n`, which has `K + 1` digits (`SINGLE`) or `K + 2`, at `dst`,
/// left to right: `y = n * ceil(2^57 / 10^K)` holds `n / 10^K` in 57-bit
/// fixed point, so its integer part is the leading digit(s); each further
/// pair is the integer part of the fraction times 100 (one multiply, no
/// division chain).
///
/// Exactness: with `y = 2^57 n / 10^K + n e` (`0 <= e < 1`), every step's
/// integer part is exact while the error `n e` stays under one step of
/// the fraction, `2^57 / 10^K`; `n < 10^(K + 2)` gives that for `K <= 6`,
/// and for `K = 8` it holds because `n < 10^9` there (`SINGLE`). Each
/// multiply by 100 scales the error and the step alike. The products fit:
/// `y < 100 * 2^57`. (Checked exhaustively for n < 10^9 by a test.)
///
/// # Safety
/// `dst .. dst + K + 1 + !SINGLE` must be writable.
#[inline(always)]
unsafe fn write_fixed<const K: usize, const SINGLE: bool>(dst: *mut u8, n: u64) {
    let table = DIGITS2.as_ptr();
    let mut y = n.wrapping_mul(SCALE[K / 2]);
    // SAFETY: the caller's contract; every table index is 2 * (a value
    // under 100).
    unsafe {
        let mut p = dst;
        let lead = (y >> FRAC) as usize;
        if SINGLE {
            p.write(b'0' + lead as u8);
            p = p.add(1);
        } else {
            core::ptr::copy_nonoverlapping(table.add(lead * 2), p, 2);
            p = p.add(2);
        }
        let mut i = 0;
        while i < K / 2 {
            y = (y & FRAC_MASK) * 100;
            core::ptr::copy_nonoverlapping(table.add((y >> FRAC) as usize * 2), p, 2);
            p = p.add(2);
            i += 1;
        }
    }
}

/// Writes `n`, which has `len` (1 to 9) digits, at `dst`.
///
/// # Safety
/// `dst .. dst + len` must be writable.
#[inline(always)]
unsafe fn write_digits_lt9(dst: *mut u8, n: u64, len: usize) {
    debug_assert!(n < 1_000_000_000 && decimal_len(n) == len);
    // SAFETY: forwarded; each arm matches n's digit count.
    unsafe {
        match len {
            1 => dst.write(b'0' + n as u8),
            2 => core::ptr::copy_nonoverlapping(DIGITS2.as_ptr().add(n as usize * 2), dst, 2),
            3 => write_fixed::<2, true>(dst, n),
            4 => write_fixed::<2, false>(dst, n),
            5 => write_fixed::<4, true>(dst, n),
            6 => write_fixed::<4, false>(dst, n),
            7 => write_fixed::<6, true>(dst, n),
            8 => write_fixed::<6, false>(dst, n),
            _ => write_fixed::<8, true>(dst, n),
        }
    }
}

/// [`write_digits`] for 10 to 20 digits: eight-digit groups from the
/// right, the leading 1 to 9 digits first.
///
/// # Safety
/// As for [`write_digits`].
#[inline(never)]
unsafe fn write_digits_long(dst: *mut u8, n: u64, len: usize) {
    const E8: u64 = 100_000_000;
    let (hi, lo) = (n / E8, n % E8);
    let head = len - 8;
    // SAFETY: forwarded; the groups tile dst .. dst + len.
    unsafe {
        if head <= 9 {
            write_digits_lt9(dst, hi, head);
        } else {
            write_digits_lt9(dst, hi / E8, head - 8);
            write_fixed::<6, false>(dst.add(head - 8), hi % E8);
        }
        write_fixed::<6, false>(dst.add(head), lo);
    }
}

/// Writes the `len` decimal digits of `n` at `dst`, left to right.
///
/// # Safety
/// `dst .. dst + len` must be writable, and `len` must be `n`'s digit count.
#[inline(always)]
unsafe fn write_digits(dst: *mut u8, n: u64, len: usize) {
    // SAFETY: forwarded.
    unsafe {
        if len <= 9 {
            write_digits_lt9(dst, n, len);
        } else {
            write_digits_long(dst, n, len);
        }
    }
}

/// The longest text of a PHP int: `-9223372036854775808`.
pub const LONG_MAX_LEN: usize = 20;

/// Writes the text of `v` (as [`write_long`] does) at `dst` and returns its
/// length, for a writer that keeps its own pointer (a run of ints in a
/// list). Bytes past the text, up to `dst + LONG_MAX_LEN`, may be
/// overwritten with garbage.
///
/// Below 10^8 the digits come from one SWAR conversion ([`digits8`]: eight
/// digits, leading zeros included) stored as one 8-byte word after its
/// leading zero bytes are shifted out: no digit count, no branch on it.
/// Below 10^16: two such words. Longer: [`write_digits`].
///
/// # Safety
/// `dst .. dst + LONG_MAX_LEN` must be writable.
#[inline(always)]
pub unsafe fn write_long_at(dst: *mut u8, v: i64) -> usize {
    let n = v.unsigned_abs();
    let neg = usize::from(v < 0);
    // SAFETY: the caller's contract; every store below lies in
    // dst .. dst + LONG_MAX_LEN (sign 1, then at most 8 + 8 bytes, or the
    // exact digits of a 17- to 19-digit number).
    unsafe {
        dst.write(b'-');
        let p = dst.add(neg);
        if n < 100_000_000 {
            neg + write_swar8(p, n)
        } else if n < 10_000_000_000_000_000 {
            let (hi, lo) = (n / 100_000_000, n % 100_000_000);
            let head = write_swar8(p, hi);
            let d = super::digits::digits8(lo) + 0x3030_3030_3030_3030;
            p.add(head).cast::<u64>().write_unaligned(d.to_le());
            neg + head + 8
        } else {
            neg + write_digits_17_19(p, n)
        }
    }
}

/// Writes the texts of `a` and `b` with the `sep_len` bytes of `sep`
/// (stored whole) between them at `dst`, and returns their length: two
/// [`write_long_at`] calls in one, the digits of both converted at once
/// ([`digits16`](super::digits::digits16)) when both are below 10^8 in
/// magnitude. Bytes past the text may be overwritten with garbage.
///
/// # Safety
/// `dst .. dst + 2 * LONG_MAX_LEN + sep_len` must be writable; `sep_len
/// <= 16`.
#[inline(always)]
pub unsafe fn write_long_pair_at(dst: *mut u8, a: i64, b: i64, sep: u128, sep_len: usize) -> usize {
    debug_assert!(sep_len <= 16);
    let (na, nb) = (a.unsigned_abs(), b.unsigned_abs());
    // SAFETY: the caller's contract. Fast case: '-' at dst, a's 8-byte
    // word at most at dst + 1, the separator word at most at dst + 9 (16
    // bytes: dst + 25), b's sign and word at most at dst + 9 + sep_len + 1
    // (8 bytes: dst + 18 + sep_len); all within 2 * LONG_MAX_LEN + sep_len.
    // Otherwise: a's text (LONG_MAX_LEN at most), the separator word from
    // dst + 20 at most (dst + 36), b's from dst + 20 + sep_len.
    unsafe {
        if na.max(nb) >= 100_000_000 {
            let la = write_long_at(dst, a);
            write_sep(dst.add(la), sep, sep_len);
            let q = dst.add(la + sep_len);
            return la + sep_len + write_long_at(q, b);
        }
        let (neg_a, neg_b) = (usize::from(a < 0), usize::from(b < 0));
        let (d, nonzero) = super::digits::digits16(na, nb);
        let (wa, wb) = super::digits::halves(d);
        // Leading zero digits of each (the last digit always stays).
        let za = (nonzero | 0x80).trailing_zeros() as usize;
        let zb = ((nonzero >> 8) | 0x80).trailing_zeros() as usize;
        dst.write(b'-');
        let pa = dst.add(neg_a);
        pa.cast::<u64>().write_unaligned((wa >> (8 * za)).to_le());
        let s = pa.add(8 - za);
        write_sep(s, sep, sep_len);
        let q = s.add(sep_len);
        q.write(b'-');
        let pb = q.add(neg_b);
        pb.cast::<u64>().write_unaligned((wb >> (8 * zb)).to_le());
        pb.add(8 - zb).offset_from(dst) as usize
    }
}

/// Stores a separator: the first `sep_len` bytes of `sep` matter (one
/// 8-byte store when they fit, else 16).
///
/// # Safety
/// `dst .. dst + 16` must be writable (`dst + 8` when `sep_len <= 8`).
#[inline(always)]
unsafe fn write_sep(dst: *mut u8, sep: u128, sep_len: usize) {
    // SAFETY: the caller's contract.
    unsafe {
        if sep_len <= 8 {
            dst.cast::<u64>().write_unaligned((sep as u64).to_le());
        } else {
            dst.cast::<u128>().write_unaligned(sep.to_le());
        }
    }
}

/// The digits of `n < 10^8` at `dst` (8 bytes written), no leading zeros
/// (`0` for 0); returns how many.
///
/// # Safety
/// `dst .. dst + 8` must be writable.
#[inline(always)]
unsafe fn write_swar8(dst: *mut u8, n: u64) -> usize {
    debug_assert!(n < 100_000_000);
    let d = super::digits::digits8(n);
    // The most significant digit is the lowest byte: the leading zeros
    // are the low zero bytes (seven at most: the last digit stays).
    let z = (d | (1 << 56)).trailing_zeros() & !7;
    let text = (d + 0x3030_3030_3030_3030) >> z;
    // SAFETY: the caller's contract.
    unsafe { dst.cast::<u64>().write_unaligned(text.to_le()) };
    8 - (z as usize >> 3)
}

/// [`write_long_at`]'s 17 to 19 digits (out of line: rare).
///
/// # Safety
/// `dst .. dst + 19` must be writable.
#[inline(never)]
unsafe fn write_digits_17_19(dst: *mut u8, n: u64) -> usize {
    let len = decimal_len(n);
    // SAFETY: forwarded; len <= 20 digits of a u64 (19 for an i64).
    unsafe { write_digits(dst, n, len) };
    len
}

/// PHP int -> decimal (`smart_str_append_long`), e.g. `-9223372036854775808`.
///
/// Reserves exactly the text's length (as stock's append does), then writes
/// the digits left to right, two per multiply, straight into the sink's
/// spare capacity.
#[inline(always)]
pub fn write_long<S: Sink>(out: &mut S, v: i64) {
    let n = v.unsigned_abs();
    let digits = decimal_len(n);
    let neg = usize::from(v < 0);
    let len = digits + neg;
    out.reserve(len);
    // SAFETY: `len` bytes of spare capacity were reserved: the sign at 0,
    // the digits in neg..len.
    unsafe {
        let start = out.spare_ptr();
        start.write(b'-');
        write_digits(start.add(neg), n, digits);
        out.commit(len);
    }
}

/// An integer array key as an object key, with what surrounds it: `sep`
/// when given (the `,` between members, or the object's opening `{`), then
/// `"123":`, in one reserve and one commit (stock appends the same bytes in
/// several steps).
#[inline(always)]
pub fn write_int_key<S: Sink>(out: &mut S, v: i64, sep: Option<u8>) {
    let n = v.unsigned_abs();
    let digits = decimal_len(n);
    let neg = usize::from(v < 0);
    let c = usize::from(sep.is_some());
    let len = c + 1 + neg + digits + 2;
    out.reserve(len);
    // SAFETY: `len` bytes of spare capacity were reserved; the separator
    // (always written) is overwritten by the quote when there is none, and
    // the sign by the first digit when `neg` is 0.
    unsafe {
        let start = out.spare_ptr();
        start.write(sep.unwrap_or(b'"'));
        let q = start.add(c);
        q.write(b'"');
        q.add(1).write(b'-');
        let end = q.add(1 + neg + digits);
        write_digits(q.add(1 + neg), n, digits);
        end.write(b'"');
        end.add(1).write(b':');
        out.commit(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: i64) -> String {
        let mut out = Vec::new();
        write_long(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn matches_std() {
        let mut vals = vec![
            0i64,
            1,
            -1,
            9,
            10,
            99,
            100,
            -100,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ];
        let mut p = 1i64;
        for _ in 0..19 {
            vals.extend_from_slice(&[p - 1, p, p + 1, -p + 1, -p, -p - 1]);
            p = p.saturating_mul(10);
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            vals.push(x as i64);
            vals.push((x >> (x % 64)) as i64);
        }
        for v in vals {
            assert_eq!(s(v), v.to_string(), "{v}");
        }
    }

    /// Writes `n` with [`write_digits`] and reads the digits back.
    fn round_trip(n: u64) -> u64 {
        let len = decimal_len(n);
        let mut buf = [0u8; 20];
        // SAFETY: 20 bytes hold any u64's digits.
        unsafe { write_digits(buf.as_mut_ptr(), n, len) };
        buf[..len].iter().fold(0u64, |acc, &d| {
            assert!(d.is_ascii_digit(), "{n}: {:?}", &buf[..len]);
            acc * 10 + u64::from(d - b'0')
        })
    }

    #[test]
    fn digits_every_length_boundary() {
        for n in 0..1_000_000u64 {
            assert_eq!(round_trip(n), n);
        }
        let mut p = 1_000_000u64;
        loop {
            for n in p.saturating_sub(100_000)..p.saturating_add(100_000) {
                assert_eq!(round_trip(n), n);
            }
            // The largest value of each length's leading digit (9..9 x)
            // and each 10^k multiple.
            for d in 1..10u64 {
                let v = p.saturating_mul(d);
                for n in v.saturating_sub(1000)..v.saturating_add(1000) {
                    assert_eq!(round_trip(n), n);
                }
            }
            match p.checked_mul(10) {
                Some(q) => p = q,
                None => break,
            }
        }
        for n in u64::MAX - 100_000..=u64::MAX {
            assert_eq!(round_trip(n), n);
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(round_trip(x >> (x % 64)), x >> (x % 64));
        }
    }

    /// Every value below 10^9 (the whole fixed-point range of
    /// `write_digits_lt9`; the 8-digit groups of longer numbers are a
    /// subset). About ten seconds in release mode: run it with `cargo test
    /// --release -p rustjson-core -- --ignored` after changing the digit
    /// writer.
    #[test]
    #[ignore]
    fn digits_exhaustive_below_1e9() {
        for n in 0..1_000_000_000u64 {
            assert_eq!(round_trip(n), n);
        }
    }

    /// [`write_long_at`] of `v` into a sentinel-filled buffer: the text
    /// matches `to_string`, nothing past `LONG_MAX_LEN` is touched.
    fn at(v: i64) {
        let mut buf = [0xAAu8; LONG_MAX_LEN + 16];
        // SAFETY: the buffer holds LONG_MAX_LEN bytes and more.
        let len = unsafe { write_long_at(buf.as_mut_ptr(), v) };
        let want = v.to_string();
        assert_eq!(&buf[..len], want.as_bytes(), "{v}");
        assert!(buf[LONG_MAX_LEN..].iter().all(|&b| b == 0xAA), "{v}");
    }

    #[test]
    fn write_at_every_length_and_sign() {
        for n in 0..1_000_000i64 {
            at(n);
            at(-n);
        }
        // Around every power of ten and its multiples, both signs.
        let mut p = 1i64;
        loop {
            for d in 1..10i64 {
                let Some(v) = p.checked_mul(d) else { break };
                for n in v.saturating_sub(1000)..=v.saturating_add(1000) {
                    at(n);
                    at(-n);
                }
            }
            match p.checked_mul(10) {
                Some(q) => p = q,
                None => break,
            }
        }
        for n in (i64::MAX - 100_000)..=i64::MAX {
            at(n);
            at(-n);
        }
        for n in i64::MIN..(i64::MIN + 100_000) {
            at(n);
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            at(x as i64);
            at((x >> (x % 64)) as i64);
            at(-((x >> (x % 64)) as i64));
        }
    }

    /// [`write_long_pair_at`] of `a` and `b` with separators of every
    /// length 1 to 16: the text matches, nothing past the contract's bytes
    /// is touched.
    fn pair(a: i64, b: i64) {
        for sep_len in [1usize, 2, 6, 8, 9, 10, 14, 16] {
            let mut w = [b' '; 16];
            w[0] = b',';
            for (i, c) in w.iter_mut().enumerate().skip(1) {
                *c = b'a' + i as u8;
            }
            let sep = u128::from_le_bytes(w);
            let limit = 2 * LONG_MAX_LEN + sep_len;
            let mut buf = [0xAAu8; 2 * LONG_MAX_LEN + 16 + 16];
            // SAFETY: the buffer holds `limit` bytes and more.
            let len = unsafe { write_long_pair_at(buf.as_mut_ptr(), a, b, sep, sep_len) };
            let want = [
                a.to_string().as_bytes(),
                &w[..sep_len],
                b.to_string().as_bytes(),
            ]
            .concat();
            assert_eq!(&buf[..len], &want[..], "{a} {b} {sep_len}");
            assert!(buf[limit..].iter().all(|&x| x == 0xAA), "{a} {b} {sep_len}");
        }
    }

    #[test]
    fn write_pair_every_length_and_sign() {
        let mut edges = vec![0i64, 1, 9, i64::MAX, i64::MIN, i64::MIN + 1];
        let mut p = 1i64;
        while let Some(q) = p.checked_mul(10) {
            edges.extend_from_slice(&[p - 1, p, p + 1, q / 2]);
            p = q;
        }
        let more: Vec<i64> = edges.iter().map(|v| v.wrapping_neg()).collect();
        edges.extend(more);
        for &a in &edges {
            for &b in &edges {
                pair(a, b);
            }
        }
        for n in 0..100_000i64 {
            pair(n, 99_999_999 - n);
            pair(-n, n * 997);
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = (x >> (x % 64)) as i64;
            let b = ((x >> 7) % 100_000_000) as i64;
            pair(a, b);
            pair(b, -a);
            pair(x as i64 % 1_000_000, -(b % 1000));
        }
    }

    /// Each digit length with both signs, once, through both raw writers
    /// and every separator length: small enough for Miri, which checks
    /// their unaligned stores and the bytes they may touch.
    #[test]
    fn write_at_and_pair_each_length() {
        let mut vals = vec![0i64, i64::MAX, i64::MIN];
        let mut p = 1i64;
        while let Some(q) = p.checked_mul(10) {
            vals.extend_from_slice(&[p, q - 1]);
            p = q;
        }
        let neg: Vec<i64> = vals.iter().map(|v| v.wrapping_neg()).collect();
        vals.extend(neg);
        for &v in &vals {
            at(v);
        }
        for w in vals.windows(2) {
            pair(w[0], w[1]);
        }
    }

    /// Every value below 10^8 and its negation (the whole single-word range
    /// of `write_long_at`; the words of 9- to 16-digit numbers are the same
    /// conversion). Run it with `cargo test --release -p rustjson-core --
    /// --ignored` after changing the digit writer.
    #[test]
    #[ignore]
    fn write_at_exhaustive_below_1e8() {
        for n in 0..100_000_000i64 {
            at(n);
            at(-n);
        }
    }

    #[test]
    fn decimal_lengths() {
        assert_eq!(decimal_len(0), 1);
        for v in [1u64, 9, 10, 99, 100, u64::MAX, 1 << 63] {
            assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
        }
        let mut p = 1u64;
        for _ in 0..19 {
            p *= 10;
            for v in [p - 1, p, p + 1] {
                assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
            }
        }
    }

    #[test]
    fn int_keys() {
        for (v, sep, want) in [
            (0i64, None, "\"0\":"),
            (7, Some(b','), ",\"7\":"),
            (-42, Some(b','), ",\"-42\":"),
            (123456789, None, "\"123456789\":"),
            (i64::MIN, Some(b','), ",\"-9223372036854775808\":"),
            (i64::MAX, None, "\"9223372036854775807\":"),
            (5, Some(b'{'), "{\"5\":"),
        ] {
            let mut out = b"{".to_vec();
            write_int_key(&mut out, v, sep);
            assert_eq!(out, [b"{", want.as_bytes()].concat(), "{v}");
        }
    }

    #[test]
    fn appends() {
        let mut out = b"[".to_vec();
        write_long(&mut out, -42);
        out.push(b',');
        write_long(&mut out, 7);
        assert_eq!(out, b"[-42,7");
    }
}
