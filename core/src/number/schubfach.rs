//! Shortest round-trip decimal of a double: Raffaello Giulietti's Schubfach
//! ("The Schubfach way to render doubles", 2020), written for this crate.
//!
//! For a positive finite double `v = c × 2^q`, [`to_decimal`] returns
//! `(f, e)` with `v ≈ f × 10^e` where `f` has the fewest significant digits
//! of all decimals that round to `v` (round-to-nearest-even reading), and
//! among those the one closest to `v`, ties to an even `f`. This is the same
//! specification as `zend_dtoa()` mode 0 (PHP's `serialize_precision = -1`)
//! and as the `zmij` crate; the tests compare with zmij bit for bit.
//!
//! `f` may end in zeros (`1e22` gives `f = 1000000000000000`), and has at
//! most 17 digits (`f < 10^17`).
//!
//! Outline (Giulietti's notation): the rounding interval of `v` is
//! `[(2c - 1) 2^(q-1), (2c + 1) 2^(q-1)]` (its lower half is half as wide
//! when `c` is a power of two above the smallest normal), closed when `c`
//! is even. With `k = floor(log10(2^q))` (or `floor(log10(3/4 2^q))` for the
//! narrower lower half) the interval is at least one unit of `10^k` wide, so
//! it holds a multiple of `10^k`, and at most one multiple of `10^(k+1)`.
//! `vb`, `vbl` and `vbr` are the value and the interval bounds scaled by
//! `4 × 10^-k`, computed from a 128-bit `10^-k` with round-to-odd, which
//! keeps the comparisons below exact. If a multiple of `10^(k+1)` lies
//! inside, it is the answer (one digit shorter); otherwise the multiple of
//! `10^k` closest to `v` is.

use super::long::{decimal_len, POW10 as POW10_U64};
use super::pow10_table::{MIN_X, POW10};

/// `floor(log2(10^e))` for |e| <= 1233.
#[inline(always)]
const fn floor_log2_pow10(e: i32) -> i32 {
    (e * 1_741_647) >> 19
}

/// `floor(log10(2^e))` for |e| <= 2620.
#[inline(always)]
const fn floor_log10_pow2(e: i32) -> i32 {
    (e * 315_653) >> 20
}

/// `floor(log10(3/4 × 2^e))` for -2985 <= e <= 2936.
#[inline(always)]
const fn floor_log10_three_quarters_pow2(e: i32) -> i32 {
    (e * 315_653 - 131_237) >> 20
}

/// `g × cp / 2^128` (g = `g_hi × 2^64 + g_lo`) rounded to odd: the floor,
/// with the lowest bit set when the discarded part is not (almost) zero.
/// Giulietti's `rop`: dropping `g_lo × cp`'s low half and treating a
/// remainder of 0 or 1 as exact is part of his proof.
#[inline(always)]
fn round_to_odd(g_hi: u64, g_lo: u64, cp: u64) -> u64 {
    let x1 = ((u128::from(g_lo) * u128::from(cp)) >> 64) as u64;
    let y = u128::from(g_hi) * u128::from(cp) + u128::from(x1);
    let y0 = y as u64;
    let y1 = (y >> 64) as u64;
    y1 | u64::from(y0 > 1)
}

/// The table entry `g(x)` as (high, low) halves.
#[inline(always)]
fn g(x: i32) -> (u64, u64) {
    g_at((x - MIN_X) as usize)
}

/// `g(MIN_X + i)`.
#[inline(always)]
fn g_at(i: usize) -> (u64, u64) {
    match (POW10.get(2 * i), POW10.get(2 * i + 1)) {
        (Some(&hi), Some(&lo)) => (hi, lo),
        // Not reachable: x is in MIN_X..=MAX_X for every finite double.
        _ => (1 << 63, 1),
    }
}

/// Per biased binary exponent of a normal double (`q = ieee_exp - 1075`),
/// the fast path's constants: bits 0..4 `11 + t` with `t = q +
/// floor(log2(10^x))` (in -4..=-1), bits 4..14 `x - MIN_X` with `x = -k - 1`,
/// `k = floor(log10(2^q))`, bits 14.. `k + 17` (signed). Entries 0 and
/// 0x7ff are not used.
static EXP_TABLE: [u32; 2048] = {
    let mut t = [0u32; 2048];
    let mut e = 1;
    while e < 0x7ff {
        let q = e - 1075;
        let k = floor_log10_pow2(q);
        let x = -k - 1;
        let sh = 11 + q + floor_log2_pow10(x);
        t[e as usize] = (sh as u32) | (((x - MIN_X) as u32) << 4) | (((k + 17) as u32) << 14);
        e += 1;
    }
    t
};

/// Shortest decimal of the double with bit pattern `bits`; the sign bit is
/// ignored. `bits` must be finite and non-zero (the callers handle zero,
/// INF and NAN before).
///
/// Fast path for normal doubles whose significand is not a power of two
/// (all but 1 in 2^52): one 128×64-bit product decides everything, and
/// whenever its rounding error could change a decision the exact
/// [`to_decimal_general`] (Giulietti's algorithm as he wrote it) answers
/// instead, as it also does for subnormals and powers of two.
///
/// With `v = c × 2^q` and `k = floor(log10(2^q))`, scale by `10^x`,
/// `x = -k - 1`: `X = v × 10^x` lies in [2^52 / 10, 2^53), its integer part
/// `I` and `I + 1` are the two multiples of `10^(k+1)` around `v`, and the
/// rounding interval of `v` becomes `X ± W` with `W = 2^(q-1) × 10^x` in
/// [0.05, 0.5): it holds at most one of them. Writing `F` for the
/// fractional part of `X`:
///
/// - `I` is inside if `F < W`, `I + 1` if `1 - F < W` (at the boundary
///   `=` counts for an even `c` only): that one is the answer, `(I, k + 1)`
///   or `(I + 1, k + 1)`;
/// - otherwise the answer has one more digit: `10 I + round(10 F)` at
///   `10^k` (the multiple of `10^k` nearest to `v` is always inside, as
///   `10 W >= 0.5`; `round(10 F) <= 9` since `1 - F > W >= 0.05`).
///
/// Error bounds (`g = g(x)` from the table, `g × 2^r` in `(10^x, 10^x +
/// 2^r]`, `t = q + floor(log2(10^x))` in -4..=-1, shift `sh = 11 + t` in
/// 7..=10): `y = floor(g × (c << sh) / 2^64)` is
/// `floor(X × 2^74 + ε)` with `0 < ε < c × 2^sh / 2^64 < 1/2`, so `frac`,
/// the top 64 fraction bits, is within `(-2^-11, 1)` units of `F × 2^64`
/// (and never wraps below an integer: `y >= floor(X × 2^74)`), and `half`
/// `= floor(g × 2^(t-64))` is within `(-1, 2^-64]` units of `W × 2^64`.
/// So every comparison whose two sides differ by more than 2 units is
/// decided correctly, and `round(10 F)` is right unless `10 frac + 2^63`
/// is within 16 units of a multiple of 2^64 (which includes every exact
/// tie). Closer calls take the exact path. (A wrap of `y` to the next
/// integer when `F` is within 2^-75 of 1 gives `frac = 0` and `I + 1`,
/// which is the exact answer there as well.)
/// A shortest decimal as a 17-digit field and the position of the decimal
/// point in it: the 16 digits of `sig16` (`sig16 < 10^16`, zero-padded on
/// the left), then the digit `d17`; the first `lead` (0 or 1) of them are
/// padding zeros, and value = `0.FIELD × 10^point`. Zeros at the end of
/// the field are padding as well. The fast path produces this directly
/// (its 15-digit results get `lead = 1`, which keeps `point` independent
/// of the digit count) and the layout works on it without counting
/// digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decimal {
    pub sig16: u64,
    pub d17: u64,
    pub point: i32,
    pub lead: u32,
}

impl Decimal {
    /// `f × 10^e` (`1 <= f < 10^17`) in this shape.
    pub(super) fn from_f_e(f: u64, e: i32) -> Decimal {
        let n = decimal_len(f);
        if n >= 17 {
            Decimal {
                sig16: f / 10,
                d17: f % 10,
                point: n as i32 + e,
                lead: 0,
            }
        } else {
            Decimal {
                sig16: f * POW10_U64[16 - n],
                d17: 0,
                point: n as i32 + e,
                lead: 0,
            }
        }
    }

    /// Back to `(f, e)` (with the padding zeros at the end).
    pub(super) fn to_f_e(self) -> (u64, i32) {
        (self.sig16 * 10 + self.d17, self.point - 17)
    }

    /// `decpt` of `zend_dtoa()`: value = 0.DIGITS × 10^decpt for the
    /// digits from the first significant one.
    pub(super) fn decpt(self) -> i32 {
        self.point - self.lead as i32
    }
}

/// [`to_decimal`] as [`Decimal`].
#[inline(always)]
pub(super) fn to_decimal(bits: u64) -> Decimal {
    match to_decimal_fast(bits) {
        Some(d) => d,
        None => to_decimal_slow(bits),
    }
}

/// The exact path as [`Decimal`].
#[cold]
#[inline(never)]
pub(super) fn to_decimal_slow(bits: u64) -> Decimal {
    let (f, e) = to_decimal_general(bits);
    Decimal::from_f_e(f, e)
}

/// The fast path of [`to_decimal`]: `None` for subnormals, powers of two,
/// close calls, and also for INF and NAN (which the exact path must not
/// get; [`super::write_double_shortest`] sorts them out there).
#[inline(always)]
pub(super) fn to_decimal_fast(bits: u64) -> Option<Decimal> {
    const SIG_MASK: u64 = (1 << 52) - 1;
    let ieee_sig = bits & SIG_MASK;
    let ieee_exp = ((bits >> 52) & 0x7ff) as i32;
    // ieee_exp 0 (subnormal) or 0x7ff (INF, NAN)
    if (ieee_exp - 1) as u32 >= 0x7fe || ieee_sig == 0 {
        return None;
    }
    let c = ieee_sig | (1 << 52);
    // k, x = -k - 1 and t (see above) per binary exponent, from a table
    // (the same formulas, precomputed: one load instead of two dependent
    // multiplications).
    let e = EXP_TABLE[ieee_exp as usize & 0x7ff];
    let sh = e & 15; // 11 + t, in 7..=10
    let (g_hi, g_lo) = g_at((e >> 4) as usize & 0x3ff);
    let point = (e as i32) >> 14; // k + 17
    let cp = c << sh;
    let lo = u128::from(g_lo) * u128::from(cp);
    let y = u128::from(g_hi) * u128::from(cp) + (lo >> 64);
    let int = (y >> 74) as u64;
    let frac = (y >> 10) as u64;
    let half = g_hi >> ((11 - sh) & 63); // -t

    let lower_in = frac < half;
    let upper_in = frac.wrapping_add(half) < frac; // 1 - F < W
    let d = u128::from(frac) * 10 + (1 << 63);
    let digit = (d >> 64) as u64;
    let rem = d as u64;
    let near_lower = frac.wrapping_sub(half).wrapping_add(2) <= 4;
    let near_upper = frac.wrapping_add(half).wrapping_add(2) <= 4;
    // Only needed for a longer answer, but checked always (one branch
    // instead of two): for a shorter one it costs a needless fallback when
    // F is within 2^-60 of 0.05, 0.15, .., 0.95, which only dyadic values
    // with a binary exponent near 0 (like 2^48 + 0.25) hit exactly.
    let near_digit = rem.wrapping_add(16) < 32;
    if near_lower | near_upper | near_digit {
        return None;
    }
    // The answer is f × 10^(k+1) (shorter) or (10 f + digit) × 10^k, where
    // f = int or int + 1 has 15 or 16 digits (int is in [2^52 / 10, 2^53)
    // and 2^53 < 10^16), and a longer answer's digit is never 0 (F would
    // be below 0.05 <= W). As a field: f zero-padded to 16 digits, then the
    // digit (or 0); the point is after 17 + k digits of it either way.
    let shorter = lower_in || upper_in;
    let f = int + u64::from(upper_in);
    Some(Decimal {
        sig16: f,
        d17: if shorter { 0 } else { digit },
        point,
        lead: u32::from(f < 1_000_000_000_000_000),
    })
}

/// [`to_decimal`] for every finite non-zero double, the way Giulietti
/// writes it; used for subnormals and powers of two.
#[cold]
#[inline(never)]
pub(super) fn to_decimal_general(bits: u64) -> (u64, i32) {
    const SIG_MASK: u64 = (1 << 52) - 1;
    let ieee_sig = bits & SIG_MASK;
    let ieee_exp = ((bits >> 52) & 0x7ff) as i32;
    // value = c × 2^q
    let (c, q) = if ieee_exp != 0 {
        (ieee_sig | (1 << 52), ieee_exp - 1075)
    } else {
        (ieee_sig, -1074)
    };
    // An even c rounds to itself from both interval bounds (ties to even).
    let out = c & 1;
    // Powers of two above the smallest normal: the neighbour below is half
    // as far away as the one above.
    let lower_closer = ieee_sig == 0 && ieee_exp > 1;
    let cb = c << 2;
    let cbr = cb + 2;
    let cbl = cb - 2 + u64::from(lower_closer);
    let k = if lower_closer {
        floor_log10_three_quarters_pow2(q)
    } else {
        floor_log10_pow2(q)
    };
    // h in 1..=4, so cbr << h < 2^59.
    let h = (q + floor_log2_pow10(-k) + 1) as u32 & 63;
    let (g_hi, g_lo) = g(-k);
    let vb = round_to_odd(g_hi, g_lo, cb << h);
    let vbl = round_to_odd(g_hi, g_lo, cbl << h);
    let vbr = round_to_odd(g_hi, g_lo, cbr << h);
    let lower = vbl + out;
    let upper = vbr - out;

    let s = vb >> 2;
    if s >= 10 {
        // The multiples of 10^(k+1) around v: 10 sp and 10 sp + 10.
        let sp = s / 10;
        let up_inside = lower <= 40 * sp;
        let wp_inside = 40 * sp + 40 <= upper;
        if up_inside != wp_inside {
            return (sp + u64::from(wp_inside), k + 1);
        }
    }
    // The multiples of 10^k around v: s and s + 1.
    let u_inside = lower <= 4 * s;
    let w_inside = 4 * s + 4 <= upper;
    if u_inside != w_inside {
        return (s + u64::from(w_inside), k);
    }
    // Both inside: the closer one, ties to even.
    let mid = 4 * s + 2;
    let round_up = vb > mid || (vb == mid && s & 1 != 0);
    (s + u64::from(round_up), k)
}

#[cfg(test)]
mod tests {
    use super::super::pow10_table::MAX_X;
    use super::*;

    fn dec(v: f64) -> (u64, i32) {
        norm(to_decimal(v.to_bits()).to_f_e())
    }

    /// Trailing zeros removed.
    fn norm((mut f, mut e): (u64, i32)) -> (u64, i32) {
        while f % 10 == 0 {
            f /= 10;
            e += 1;
        }
        (f, e)
    }

    /// Where the fast path answers it gives exactly the general path's
    /// result (the integration tests compare both with zmij as well), and
    /// it answers for all but a tiny share of random doubles (so the
    /// integration tests do exercise it).
    #[test]
    fn fast_path_equals_general() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let (mut n, mut fallbacks) = (0u64, 0u64);
        for i in 0..4_000_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Random bits, then every exponent with a random significand.
            let bits = if i % 2 == 0 {
                x
            } else {
                ((i / 2 % 2046 + 1) << 52) | (x >> 12)
            } & !(1 << 63);
            if bits >> 52 == 0 || bits >> 52 == 0x7ff || bits & ((1 << 52) - 1) == 0 {
                continue;
            }
            n += 1;
            match to_decimal_fast(bits) {
                Some(r) => assert_eq!(
                    norm(r.to_f_e()),
                    norm(to_decimal_general(bits)),
                    "{bits:#x}"
                ),
                None => fallbacks += 1,
            }
        }
        assert!(n > 3_900_000);
        // Nearly all fallbacks are exact boundaries and exact ties (dyadic
        // values with binary exponent near 0, e.g. 2^50 + 0.25).
        eprintln!("random: {fallbacks} fallbacks of {n}");
        assert!(fallbacks * 500 < n, "{fallbacks} fallbacks of {n}");
        // Short decimals and integers (exact F = 0 or F close to W are the
        // fallback's business): the fast path still answers nearly always.
        let (mut n, mut fallbacks) = (0u64, 0u64);
        for m in 1..200_000u64 {
            for v in [
                m as f64 / 1000.0,
                m as f64 * 0.1,
                (m * 7919) as f64,
                m as f64 / 64.0,
            ] {
                let bits = v.to_bits();
                if bits & ((1 << 52) - 1) == 0 {
                    continue;
                }
                n += 1;
                match to_decimal_fast(bits) {
                    Some(r) => {
                        assert_eq!(norm(r.to_f_e()), norm(to_decimal_general(bits)), "{v}");
                        assert!(r.sig16 < 10_000_000_000_000_000 && r.d17 < 10);
                        assert_eq!(r.lead, u32::from(r.sig16 < 1_000_000_000_000_000));
                    }
                    None => fallbacks += 1,
                }
            }
        }
        eprintln!("short decimals and integers: {fallbacks} fallbacks of {n}");
        assert!(fallbacks * 100 < n, "{fallbacks} fallbacks of {n}");
    }

    #[test]
    fn known_values() {
        assert_eq!(dec(1.0), (1, 0));
        assert_eq!(dec(0.1), (1, -1));
        assert_eq!(dec(0.3), (3, -1));
        assert_eq!(dec(0.1 + 0.2), (30000000000000004, -17));
        assert_eq!(dec(5e-324), (5, -324));
        assert_eq!(dec(f64::MIN_POSITIVE), (22250738585072014, -324));
        assert_eq!(dec(f64::MAX), (17976931348623157, 292));
        assert_eq!(dec(1e23), (1, 23));
        assert_eq!(dec(9007199254740993.0), (9007199254740992, 0));
        assert_eq!(dec(123.456), (123456, -3));
        // f64::MIN_POSITIVE is 2^-1022: built exactly (Miri perturbs powi on purpose).
        assert_eq!(dec(f64::MIN_POSITIVE * 3.0), (6675221575521604, -323));
    }

    /// The integer approximations equal the floors of the real logarithms
    /// over the ranges used (f64 logs are exact enough here: none of these
    /// products is within 1e-9 of an integer except at 0).
    #[test]
    fn log_approximations() {
        for e in -1233..=1233 {
            let l = f64::from(e) * 10f64.log2();
            assert_eq!(floor_log2_pow10(e), l.floor() as i32, "{e}");
        }
        for q in -1074..=971 {
            let l = f64::from(q) * 2f64.log10();
            assert_eq!(floor_log10_pow2(q), l.floor() as i32, "{q}");
            let l3 = l + 0.75f64.log10();
            assert_eq!(floor_log10_three_quarters_pow2(q), l3.floor() as i32, "{q}");
            for k in [floor_log10_pow2(q), floor_log10_three_quarters_pow2(q)] {
                let h = q + floor_log2_pow10(-k) + 1;
                assert!((1..=4).contains(&h), "{q}");
            }
            // The fast path's scale: 10^(-k-1) is in the table and the
            // shift t is in -4..=-1 (normal doubles only).
            let k = floor_log10_pow2(q);
            let x = -k - 1;
            assert!((MIN_X..=MAX_X).contains(&x), "{q}");
            let t = q + floor_log2_pow10(x);
            assert!((-4..=-1).contains(&t), "{q}: {t}");
            // The packed table holds exactly these.
            let e = EXP_TABLE[(q + 1075) as usize];
            assert_eq!(e & 15, (11 + t) as u32, "{q}");
            assert_eq!((e >> 4) & 0x3ff, (x - MIN_X) as u32, "{q}");
            assert_eq!((e as i32) >> 14, k + 17, "{q}");
        }
    }
}
