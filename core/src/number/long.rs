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

/// Number of decimal digits of `n` (1 for 0).
#[inline(always)]
fn decimal_len(n: u64) -> usize {
    match n.checked_ilog10() {
        Some(l) => l as usize + 1,
        None => 1,
    }
}

/// The decimal digits of `n`, left-aligned, and their count (1..=20).
#[inline(always)]
pub(super) fn u64_digits(mut n: u64) -> ([u8; 20], usize) {
    let mut buf = [b'0'; 20];
    let len = decimal_len(n);
    // Fill buf[..len] from the right, two digits per step.
    let mut end = len;
    while n >= 100 && end >= 2 {
        let r = (n % 100) as usize * 2;
        n /= 100;
        buf[end - 2..end].copy_from_slice(&DIGITS2[r..r + 2]);
        end -= 2;
    }
    if n >= 10 {
        if end >= 2 {
            let r = n as usize * 2;
            buf[end - 2..end].copy_from_slice(&DIGITS2[r..r + 2]);
        }
    } else if end >= 1 {
        buf[end - 1] = b'0' + n as u8;
    }
    (buf, len)
}

/// PHP int -> decimal (`smart_str_append_long`), e.g. `-9223372036854775808`.
///
/// Reserves exactly the text's length (as stock's append does), then writes
/// two digits per step from a 200-byte table, right to left, straight into
/// the sink's spare capacity.
#[inline]
pub fn write_long<S: Sink>(out: &mut S, v: i64) {
    let mut n = v.unsigned_abs();
    let neg = usize::from(v < 0);
    let len = decimal_len(n) + neg;
    out.reserve(len);
    // SAFETY: `len` bytes of spare capacity were reserved; the writes below
    // cover exactly positions 0..len (digits from the right, the sign at 0),
    // and every table read is at an even index < 200.
    unsafe {
        let start = out.spare_ptr();
        let mut p = start.add(len);
        let table = DIGITS2.as_ptr();
        while n >= 100 {
            let r = (n % 100) as usize * 2;
            n /= 100;
            p = p.sub(2);
            core::ptr::copy_nonoverlapping(table.add(r), p, 2);
        }
        if n >= 10 {
            p = p.sub(2);
            core::ptr::copy_nonoverlapping(table.add(n as usize * 2), p, 2);
        } else {
            p = p.sub(1);
            p.write(b'0' + n as u8);
        }
        if neg == 1 {
            start.write(b'-');
        }
        debug_assert_eq!(p, start.add(neg));
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
    fn appends() {
        let mut out = b"[".to_vec();
        write_long(&mut out, -42);
        out.push(b',');
        write_long(&mut out, 7);
        assert_eq!(out, b"[-42,7");
    }
}
