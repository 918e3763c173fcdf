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
pub(super) fn decimal_len(n: u64) -> usize {
    let n = n | 1;
    let bits = 64 - n.leading_zeros() as usize;
    let guess = (bits * 1233) >> 12;
    guess + usize::from(n >= POW10[guess & 31])
}

/// Writes the `len` decimal digits of `n` so that they end just before
/// `end`: four digits per step (two table lookups), then the last one to
/// four.
///
/// # Safety
/// `end - len .. end` must be writable, and `len` must be `n`'s digit count.
#[inline(always)]
unsafe fn write_digits_before(end: *mut u8, mut n: u64, len: usize) {
    let table = DIGITS2.as_ptr();
    // SAFETY: the caller's contract; every table read is at an even index < 200.
    unsafe {
        let mut p = end;
        while n >= 10_000 {
            let q = n / 10_000;
            let r = (n - q * 10_000) as u32;
            n = q;
            let (hi, lo) = (r / 100, r % 100);
            p = p.sub(4);
            core::ptr::copy_nonoverlapping(table.add(hi as usize * 2), p, 2);
            core::ptr::copy_nonoverlapping(table.add(lo as usize * 2), p.add(2), 2);
        }
        let n = n as u32;
        if n >= 100 {
            let (hi, lo) = (n / 100, n % 100);
            p = p.sub(2);
            core::ptr::copy_nonoverlapping(table.add(lo as usize * 2), p, 2);
            if hi >= 10 {
                p = p.sub(2);
                core::ptr::copy_nonoverlapping(table.add(hi as usize * 2), p, 2);
            } else {
                p = p.sub(1);
                p.write(b'0' + hi as u8);
            }
        } else if n >= 10 {
            p = p.sub(2);
            core::ptr::copy_nonoverlapping(table.add(n as usize * 2), p, 2);
        } else {
            p = p.sub(1);
            p.write(b'0' + n as u8);
        }
        debug_assert_eq!(p, end.sub(len));
    }
}

/// PHP int -> decimal (`smart_str_append_long`), e.g. `-9223372036854775808`.
///
/// Reserves exactly the text's length (as stock's append does), then writes
/// the digits right to left, four per step, straight into the sink's spare
/// capacity.
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
        write_digits_before(start.add(len), n, digits);
        out.commit(len);
    }
}

/// An integer array key as an object key, with what surrounds it: `,` when
/// `comma`, then `"123":`, in one reserve and one commit (stock appends the
/// same bytes in several steps).
#[inline(always)]
pub fn write_int_key<S: Sink>(out: &mut S, v: i64, comma: bool) {
    let n = v.unsigned_abs();
    let digits = decimal_len(n);
    let neg = usize::from(v < 0);
    let c = usize::from(comma);
    let len = c + 1 + neg + digits + 2;
    out.reserve(len);
    // SAFETY: `len` bytes of spare capacity were reserved; the comma (always
    // written) is overwritten by the quote when `c` is 0, and the sign by
    // the first digit when `neg` is 0.
    unsafe {
        let start = out.spare_ptr();
        start.write(b',');
        let q = start.add(c);
        q.write(b'"');
        q.add(1).write(b'-');
        let end = q.add(1 + neg + digits);
        write_digits_before(end, n, digits);
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
        for (v, comma, want) in [
            (0i64, false, "\"0\":"),
            (7, true, ",\"7\":"),
            (-42, true, ",\"-42\":"),
            (123456789, false, "\"123456789\":"),
            (i64::MIN, true, ",\"-9223372036854775808\":"),
            (i64::MAX, false, "\"9223372036854775807\":"),
        ] {
            let mut out = b"{".to_vec();
            write_int_key(&mut out, v, comma);
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
