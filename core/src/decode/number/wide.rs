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

/// `w * T(q)` as 192 bits `(hi, lo)` with `w` normalized (`W = w << lz`)
/// and the scale `e` of its last bit (see the module docs), for `w != 0`
/// and `q` in the table.
#[inline(always)]
fn product(w: u64, q: i64) -> Option<(u128, u64, u64, i32)> {
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
    Some((hi, lo, w << lz, e))
}

/// The correctly rounded double of `w * 10^q` for `w <= 10^19`, or
/// `None` when this cannot decide (the caller parses the text instead).
/// Inlined for its common case ([`half_product`]); the rest is
/// [`to_f64_rest`].
#[inline(always)]
pub(super) fn to_f64(w: u64, q: i64) -> Option<f64> {
    if w != 0 && (-22..=22).contains(&q) {
        // 10^q is in the table (no overflow or underflow either way).
        if let Some(bits) = half_product(w, q) {
            return Some(f64::from_bits(bits));
        }
    }
    to_f64_rest(w, q)
}

/// [`top_bits`] from `P = W * (T >> 64)` alone, one 64-bit multiply (for
/// `w != 0`, `q` in -22..=22: the value is a normal double). X's upper 128
/// bits are `P + (W * (T mod 2^64) >> 64)`, so they and those of X + W lie
/// in `[P, P + 2^64]`: the 64-bit window from the top bit (`u`, as in
/// `top_bits`) is at least P's and less than P's + 3. All round down when
/// P's 11 dropped bits `d` are at most 0x3FD, and all up when `d` is
/// 0x401 or more (see `top_bits` for why the end of the ulp, even the top
/// bit moving, does not matter); the rest (3 in 2048) is `None`, and the
/// caller takes the full product.
#[inline(always)]
fn half_product(w: u64, q: i64) -> Option<u64> {
    let idx = (q - Q_MIN) as usize;
    let (&t, &p) = (TABLE.0.get(idx)?, TABLE.1.get(idx)?);
    let lz = w.leading_zeros();
    let big_p = u128::from(w << lz) * (t >> 64);
    let e = i32::from(p) + q as i32 - lz as i32;
    let top = (big_p >> 127) as u32;
    let e_top = 190 + top as i32 + e;
    let u = ((big_p << (top ^ 1)) >> 64) as u64;
    let d = u & 0x7FF;
    // Undecided (rare, the only branch): 0x3FE..=0x400.
    if d.wrapping_sub(0x3FE) < 3 {
        return None;
    }
    let up = u64::from(d > 0x400);
    Some((((e_top + 1022) as u64) << 52) + (u >> 11) + up)
}

/// [`to_f64`] for every `w` and `q`.
#[inline(never)]
fn to_f64_rest(w: u64, q: i64) -> Option<f64> {
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
    let (hi, lo, big_w, e) = product(w, q)?;
    if let Some(bits) = top_bits(hi, e) {
        return Some(f64::from_bits(bits));
    }
    round_interval(hi, lo, big_w, e).map(f64::from_bits)
}

/// The common case, decided on 64 bits of X from its top bit down: X >=
/// 2^190, so its top bit is bit 190 or 191; `u` is X's 64 bits from there
/// (hi shifted left by one when the top bit is 190), so a normal double's
/// 53 bits are `u >> 11` and the 11 bits below them (`d`) are the top of
/// the dropped part. X + W (W < 2^64) is at most one unit more in the
/// bits above `lo`, so when `d` is at least two below the half point
/// (0x3FE or less) both ends round down, and when `d` is above it (0x401
/// or more) both round up: X + W may pass the end of the ulp (or even
/// 2^192, the top bit moving), but not the next half point, and what lies
/// just past the end rounds down to the same double that X rounds up to
/// (the round-up's carry reaches the exponent exactly then). Canada's
/// shortest round-trip decimals sit just below or above a double, so `d`
/// is often 0x7FF or 0. Everything else (0x3FF, 0x400: 1 in 1024), and
/// subnormal or overflowing results, is `None`.
#[inline(always)]
fn top_bits(hi: u128, e: i32) -> Option<u64> {
    let top = (hi >> 127) as u32;
    let e_top = 190 + top as i32 + e;
    if !(-1022..=1023).contains(&e_top) {
        return None;
    }
    let u = ((hi << (top ^ 1)) >> 64) as u64;
    let d = u & 0x7FF;
    // Down when d <= 0x3FE, up when d > 0x400; undecided (rare, the only
    // branch) at 0x3FF and 0x400. Whether the value rounds up is data
    // (about half the time): a flag, not a branch.
    if d.wrapping_sub(0x3FF) < 2 {
        return None;
    }
    let up = u64::from(d > 0x400);
    // A round-up to 2^53 carries into the exponent (up to INF exactly,
    // for e_top = 1023).
    Some((((e_top + 1022) as u64) << 52) + (u >> 11) + up)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift64 stream from `x`.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// The `i`th test significand made from the random `r`: any of up to
    /// 19 digits, any bit length, just above 2^53, just below 10^19.
    fn sample_w(i: u64, r: u64) -> u64 {
        match i % 4 {
            0 => r % 10_000_000_000_000_000_000,
            1 => (r >> (r % 64)).max(1),
            2 => (1u64 << 53) + (r & 0xFFFF),
            _ => 10_000_000_000_000_000_000 - (r & 0xFFFF),
        }
    }

    #[test]
    fn top_bits_decision_agrees_with_the_interval() {
        // to_f64 decides most cases on the top 64 bits: the same bits as
        // round_interval whenever that decides (to_f64 also decides some
        // that round_interval leaves, an interval passing the end of an
        // ulp), and always str::parse's. Random w of every length, every
        // q, and w near the half-ulp points.
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut decided = 0u64;
        for i in 0..2_000_000u64 {
            let w = sample_w(i, next());
            if w == 0 {
                continue;
            }
            let q = Q_MIN + (next() % (Q_MAX - Q_MIN + 1) as u64) as i64;
            let fast = to_f64(w, q).map(f64::to_bits);
            let (hi, lo, big_w, e) = product(w, q).expect("in the table");
            let slow = round_interval(hi, lo, big_w, e);
            if slow.is_some() {
                assert_eq!(fast, slow, "w={w} q={q}");
            }
            if let Some(bits) = fast {
                decided += 1;
                let text = format!("{w}e{q}");
                assert_eq!(bits, text.parse::<f64>().unwrap().to_bits(), "{text}");
            }
        }
        assert!(decided > 1_800_000, "{decided}");
    }

    #[test]
    fn half_product_decision_agrees_with_the_interval() {
        // The one-multiply decision of the inlined range (q in -22..=22):
        // whenever it decides, str::parse's bits, and round_interval's
        // when that decides. Random w of every length, and w whose product lands
        // near the half point or the ulp's end (the 11 dropped bits of
        // P swept over their whole range by varying w's low bits).
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut decided, mut total) = (0u64, 0u64);
        for i in 0..3_000_000u64 {
            let w = sample_w(i, next());
            if w == 0 {
                continue;
            }
            let q = -22 + (next() % 45) as i64;
            let (hi, lo, big_w, e) = product(w, q).expect("in the table");
            let exact = round_interval(hi, lo, big_w, e);
            total += 1;
            if let Some(bits) = half_product(w, q) {
                decided += 1;
                if exact.is_some() {
                    assert_eq!(Some(bits), exact, "w={w} q={q}");
                }
                let text = format!("{w}e{q}");
                assert_eq!(bits, text.parse::<f64>().unwrap().to_bits(), "{text}");
            }
        }
        // 3 in 2048 undecided for random digits; more for the w near 2^53
        // and 10^19, whose products with exact powers are often ties.
        assert!(decided * 100 > total * 99, "{decided} of {total}");
    }

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
