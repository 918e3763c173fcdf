//! Decimal to double for up to 19 significant digits and any exponent, with
//! a 128-bit power of five and an interval check instead of an error bound.
//!
//! The value is `w * 10^q = w * 5^q * 2^q`. The table holds, for every `q`
//! in `Q_MIN..=Q_MAX`, `T = floor(5^q * 2^-p)` with `2^127 <= T < 2^128`, so
//! the true `5^q * 2^-p` lies in `[T, T + 1]` (exactly `T` when `5^q` fits).
//! With `W = w << lz` (top bit set) the true value, scaled by
//! `2^-(p + q - lz)`, lies in the 192-bit interval `[W*T, W*T + W]`.
//! Rounding to nearest-even is monotonic, so when both ends of the interval
//! round to the same double, so does every value between them, the true
//! one included (an exact tie too). That is checked on the dropped bits:
//! both ends below the half-ulp point, or both above it within the same
//! ulp. Otherwise (an end on the half point, or the interval straddling
//! it) the caller falls back to a full-precision parse. Subnormals and
//! overflow are rounded here too; only shifts outside a safe window (deep
//! underflow) decline.

/// Smallest decimal exponent in the table: below it, `w < 10^19` gives
/// `w * 10^q < 10^-324`, under half the smallest subnormal: zero.
pub(super) const Q_MIN: i64 = -342;
/// Largest decimal exponent in the table: above it every `w >= 1` overflows.
pub(super) const Q_MAX: i64 = 308;

const LIMBS: usize = 18;
const ENTRIES: usize = (Q_MAX - Q_MIN + 1) as usize;

/// Bit length of a little-endian big integer.
const fn bit_len(b: &[u64; LIMBS]) -> i32 {
    let mut i = LIMBS;
    while i > 0 {
        i -= 1;
        if b[i] != 0 {
            return (i as i32) * 64 + 64 - b[i].leading_zeros() as i32;
        }
    }
    0
}

/// Bits `[at, at + 128)` of a big integer (`at >= 0`).
const fn bits_at(b: &[u64; LIMBS], at: i32) -> u128 {
    let wi = (at / 64) as usize;
    let bi = (at % 64) as u32;
    let low = limb(b, wi) | (limb(b, wi + 1) << 64);
    if bi == 0 {
        low
    } else {
        (low >> bi) | (limb(b, wi + 2) << (128 - bi))
    }
}

/// Limb `i` of a big integer, 0 past its end.
const fn limb(b: &[u64; LIMBS], i: usize) -> u128 {
    if i < LIMBS {
        b[i] as u128
    } else {
        0
    }
}

/// The top 128 bits of `b` (normalized: bit 127 set) and their scale `p`:
/// `b = T * 2^p` rounded down.
const fn top128(b: &[u64; LIMBS]) -> (u128, i32) {
    let p = bit_len(b) - 128;
    if p >= 0 {
        (bits_at(b, p), p)
    } else {
        (bits_at(b, 0) << (-p) as u32, p)
    }
}

/// `(T, p)` for every `q` in `Q_MIN..=Q_MAX`, built at compile time: 5^q by
/// repeated multiplication; 5^-n as `floor(2^1088 / 5^n)` by repeated
/// exact floor division (floor(floor(a / b) / c) = floor(a / (b * c))).
const fn build() -> ([u128; ENTRIES], [i16; ENTRIES]) {
    let mut t = [0u128; ENTRIES];
    let mut p = [0i16; ENTRIES];
    // Non-negative exponents.
    let mut b = [0u64; LIMBS];
    b[0] = 1;
    let mut q = 0;
    while q <= Q_MAX {
        let (tt, pp) = top128(&b);
        t[(q - Q_MIN) as usize] = tt;
        p[(q - Q_MIN) as usize] = pp as i16;
        // b *= 5
        let mut carry = 0u128;
        let mut i = 0;
        while i < LIMBS {
            let v = b[i] as u128 * 5 + carry;
            b[i] = v as u64;
            carry = v >> 64;
            i += 1;
        }
        q += 1;
    }
    // Negative exponents: b = 2^1088 / 5^n.
    const K: i32 = 64 * (LIMBS as i32 - 1);
    let mut b = [0u64; LIMBS];
    b[LIMBS - 1] = 1;
    let mut n = 1;
    while n <= -Q_MIN {
        // b /= 5
        let mut rem = 0u128;
        let mut i = LIMBS;
        while i > 0 {
            i -= 1;
            let v = (rem << 64) | b[i] as u128;
            b[i] = (v / 5) as u64;
            rem = v % 5;
        }
        let (tt, shift) = top128(&b);
        // floor(2^K / 5^n) = T * 2^shift  =>  5^-n ~ T * 2^(shift - K)
        t[(-n - Q_MIN) as usize] = tt;
        p[(-n - Q_MIN) as usize] = (shift - K) as i16;
        n += 1;
    }
    (t, p)
}

static TABLE: ([u128; ENTRIES], [i16; ENTRIES]) = build();

/// Every number in `[X, X + W]`, `X = (hi << 64) | lo` a 192-bit integer
/// with its top bit at 190 or 191 and `W < 2^64`, times `2^e`, rounded to
/// the nearest double (ties to even): the raw bits when that is one double
/// for the whole interval, `None` when the interval straddles a rounding
/// boundary (or the shift falls outside the window handled here).
#[inline(always)]
fn round_interval(hi: u128, lo: u64, w: u64, e: i32) -> Option<u64> {
    // Position of the top bit in the 192-bit number, and the value's
    // binary exponent.
    let t = 64 + 127 - hi.leading_zeros() as i32;
    let e_top = t + e;
    // The weight of the result's last bit: 53 bits, fewer for subnormals.
    let lsb = if e_top - 52 < -1074 {
        -1074
    } else {
        e_top - 52
    };
    let s = lsb - e;
    if !(65..=189).contains(&s) {
        return None;
    }
    let sp = (s - 64) as u32;
    let m = (hi >> sp) as u64;
    // The dropped part of X is R = (r << 64) | lo; that of X + W has upper
    // part r2 (plus some low 64 bits); half an ulp is `half << 64`.
    let mask = (1u128 << sp) - 1;
    let r = hi & mask;
    let half = 1u128 << (sp - 1);
    let (_, carry) = lo.overflowing_add(w);
    let r2 = r + u128::from(carry);
    let m = if r2 < half {
        // X + W below the half: both round down.
        m
    } else if (r > half || (r == half && lo != 0)) && r2 <= mask {
        // X above the half and X + W still below the next ulp: both up.
        m + 1
    } else {
        return None;
    };
    let bits = if e_top < -1022 {
        // Subnormal (m <= 2^52; 2^52 is the smallest normal's bits).
        m
    } else {
        // m carries the hidden bit; a round-up to 2^53 moves to the next binade.
        (((e_top + 1022) as u64) << 52) + m
    };
    Some(bits.min(0x7FF0_0000_0000_0000))
}

/// The correctly rounded double of `w * 10^q` for `w <= 10^19`, or
/// `None` when this cannot decide (the caller parses the text instead).
#[inline]
pub(super) fn to_f64(w: u64, q: i64) -> Option<f64> {
    if w == 0 {
        return Some(0.0);
    }
    if q > Q_MAX {
        return Some(f64::INFINITY);
    }
    if q < Q_MIN {
        // w * 10^q < 10^(19 - 343) = 10^-324: below half the smallest
        // subnormal (2.47e-324), so zero.
        return Some(0.0);
    }
    let idx = (q - Q_MIN) as usize;
    let (&t, &p) = (TABLE.0.get(idx)?, TABLE.1.get(idx)?);
    let lz = w.leading_zeros();
    let big_w = u128::from(w << lz);
    let (th, tl) = (t >> 64, t & u128::from(u64::MAX));
    // X = W * T as 192 bits: (hi << 64) | lo.
    let a = big_w * tl;
    let b = big_w * th;
    let lo = a as u64;
    // X < 2^192, so the upper 128 bits cannot overflow.
    let hi = b + (a >> 64);
    let e = i32::from(p) + q as i32 - lz as i32;
    round_interval(hi, lo, w << lz, e).map(f64::from_bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_exact_where_five_fits() {
        // 5^q < 2^128 for q <= 55: T * 2^p is exactly 5^q.
        let mut five = 1u128;
        for q in 0..=55i64 {
            let idx = (q - Q_MIN) as usize;
            let (t, p) = (TABLE.0[idx], TABLE.1[idx]);
            assert!(t >> 127 == 1);
            if p <= 0 {
                assert_eq!(t >> (-p) as u32, five, "q={q}");
                assert_eq!(t & ((1u128 << (-p) as u32) - 1), 0);
            } else {
                assert_eq!(t, five >> p as u32, "q={q}");
            }
            five = five.wrapping_mul(5);
        }
    }

    #[test]
    fn negative_powers_bracket_the_truth() {
        // T * 5^n <= 2^-p < (T + 1) * 5^n, checked in 256-bit arithmetic for
        // 5^n < 2^64.
        let mut five = 1u64;
        for n in 1..=27i64 {
            five *= 5;
            let idx = (-n - Q_MIN) as usize;
            let (t, p) = (TABLE.0[idx], TABLE.1[idx]);
            assert!(t >> 127 == 1);
            let mul = |t: u128| {
                let lo = (t & u128::from(u64::MAX)) * u128::from(five);
                let hi = (t >> 64) * u128::from(five) + (lo >> 64);
                (hi, lo as u64) // value = hi * 2^64 + lo
            };
            let k = (-p) as u32; // 2^k, k in 128..=192
            let (h, l) = mul(t);
            let (h1, _) = mul(t + 1);
            let pow_hi = 1u128 << (k - 64);
            assert!(h < pow_hi || (h == pow_hi && l == 0), "n={n}");
            assert!(h1 >= pow_hi, "n={n}");
        }
    }
}
