//! `number::shortest_decimal` (our Schubfach) and `write_double_shortest`
//! against the `zmij` crate, an independent shortest round-trip
//! implementation (Schubfach + xjb, by other authors).
//!
//! For each double: the significant digits and decimal exponent must be
//! identical to zmij's, and `write_double_shortest` must equal zmij's
//! digits laid out by `gcvt_layout` (`zend_gcvt(value, 17, ...)`) plus the
//! PRESERVE_ZERO_FRACTION rule, i.e. what the previous zmij-based writer
//! produced and `tools/number_sweep.sh` checks against PHP.
//!
//! `random_bit_patterns` checks `RUSTJSON_ZMIJ_N` (default 10,000,000)
//! uniformly random bit patterns, split over the available cores, with
//! `RUSTJSON_ZMIJ_SEED` (default fixed) selecting the stream. The edge
//! classes are exhaustive where small and dense where not: subnormals,
//! powers of two and ten with their neighbours, integers up to 2^53 and
//! beyond, every binary exponent, and values whose shortest form has 15,
//! 16 or 17 digits.

use rustjson_core::number::{gcvt_layout, shortest_decimal, write_double_shortest};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// zmij's text of |v| as (digits without leading/trailing zeros, decpt)
/// with value = 0.DIGITS × 10^decpt; ("", _) for zero.
fn zmij_digits(v: f64) -> (Vec<u8>, i32) {
    let mut buf = zmij::Buffer::new();
    let s = buf.format_finite(v.abs());
    let (mant, exp) = match s.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap()),
        None => (s, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let all: Vec<u8> = int.bytes().chain(frac.bytes()).collect();
    let lead = all.iter().take_while(|&&c| c == b'0').count();
    let mut d = all[lead..].to_vec();
    while d.last() == Some(&b'0') {
        d.pop();
    }
    (d, int.len() as i32 - lead as i32 + exp)
}

/// Ours as (digits, decpt) in the same normal form.
fn our_digits(v: f64) -> (Vec<u8>, i32) {
    let (mut f, mut e) = shortest_decimal(v);
    assert!(f > 0 && f < 100_000_000_000_000_000, "{v:e}: f = {f}");
    while f % 10 == 0 {
        f /= 10;
        e += 1;
    }
    let d = f.to_string().into_bytes();
    let n = d.len() as i32;
    (d, n + e)
}

fn expected_text(v: f64, zd: &(Vec<u8>, i32), preserve: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if zd.0.is_empty() {
        gcvt_layout(&mut out, b"0", 1, v.is_sign_negative(), 17);
    } else {
        gcvt_layout(&mut out, &zd.0, zd.1, v.is_sign_negative(), 17);
    }
    if preserve && !out.contains(&b'.') {
        out.extend_from_slice(b".0");
    }
    out
}

/// Compare one double; returns false (after printing) on a difference.
fn check(v: f64, both_flags: bool) -> bool {
    if !v.is_finite() {
        return true;
    }
    let zd = zmij_digits(v);
    if v != 0.0 {
        let ours = our_digits(v);
        if ours != zd {
            eprintln!(
                "{:#018x}: digits {}e{} (ours) vs {}e{} (zmij)",
                v.to_bits(),
                String::from_utf8_lossy(&ours.0),
                ours.1,
                String::from_utf8_lossy(&zd.0),
                zd.1
            );
            return false;
        }
    }
    for preserve in [false, true] {
        if preserve && !both_flags {
            break;
        }
        let mut got = b"[".to_vec();
        write_double_shortest(&mut got, v, preserve);
        let want = expected_text(v, &zd, preserve);
        if got[1..] != want[..] {
            eprintln!(
                "{:#018x} preserve={preserve}: {} (ours) vs {} (zmij + gcvt_layout)",
                v.to_bits(),
                String::from_utf8_lossy(&got[1..]),
                String::from_utf8_lossy(&want)
            );
            return false;
        }
    }
    true
}

fn check_all(vals: impl IntoIterator<Item = f64>) -> usize {
    let mut n = 0;
    let mut bad = 0;
    for v in vals {
        for x in [v, -v] {
            n += 1;
            if !check(x, true) {
                bad += 1;
                assert!(bad < 20, "too many differences");
            }
        }
    }
    assert_eq!(bad, 0, "{bad} differences out of {n}");
    n
}

/// A number from the environment (decimal or 0x-hex, `_` allowed); the
/// default when unset, a panic when unparsable.
fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(s) => {
            let s = s.replace('_', "");
            let r = match s.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16),
                None => s.parse(),
            };
            r.unwrap_or_else(|_| panic!("{name}={s}: not a number"))
        }
        Err(_) => default,
    }
}

#[test]
fn random_bit_patterns() {
    let total = env_u64("RUSTJSON_ZMIJ_N", 10_000_000);
    let seed = env_u64("RUSTJSON_ZMIJ_SEED", 0x5eed_2024);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let start = std::time::Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            std::thread::spawn(move || {
                let mut r = Rng(seed ^ t.wrapping_mul(0xA076_1D64_78BD_642F));
                let n = total / threads + u64::from(t < total % threads);
                let mut bad = 0u64;
                for _ in 0..n {
                    let bits = r.next();
                    // Both flags on a 1/8 subset (the ".0" rule only
                    // concerns integral texts, covered by the edge tests).
                    if !check(f64::from_bits(bits), bits & 7 == 0) {
                        bad += 1;
                        assert!(bad < 20, "too many differences");
                    }
                }
                (n, bad)
            })
        })
        .collect();
    let (mut n, mut bad) = (0, 0);
    for h in handles {
        let (a, b) = h.join().unwrap();
        n += a;
        bad += b;
    }
    eprintln!(
        "random_bit_patterns: {n} bit patterns (seed {seed:#x}), {bad} differences, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(n, total);
    assert_eq!(bad, 0);
}

#[test]
fn subnormals() {
    // The first and last 200,000 subnormals, and a sparse sweep between.
    let mut v: Vec<f64> = (0..200_000u64).map(f64::from_bits).collect();
    v.extend((0..200_000u64).map(|i| f64::from_bits((1 << 52) - 1 - i)));
    v.extend(
        (0..(1u64 << 52))
            .step_by(999_983_u64 as usize * 4096)
            .map(f64::from_bits),
    );
    // The smallest normals.
    v.extend((0..100_000u64).map(|i| f64::from_bits((1 << 52) + i)));
    let n = check_all(v);
    assert!(n > 1_000_000);
}

#[test]
fn powers_of_two_and_every_exponent() {
    let mut v = Vec::new();
    for raw_exp in 0..0x7ffu64 {
        for m in [
            0u64,
            1,
            2,
            3,
            (1 << 51) - 1,
            1 << 51,
            (1 << 51) + 1,
            (1 << 52) - 3,
            (1 << 52) - 2,
            (1 << 52) - 1,
        ] {
            v.push(f64::from_bits((raw_exp << 52) | m));
        }
        // Neighbours below the power of two (previous exponent's top).
        if raw_exp > 0 {
            for d in 1..=4u64 {
                v.push(f64::from_bits((raw_exp << 52) - d));
            }
        }
        let mut r = Rng(raw_exp);
        for _ in 0..200 {
            v.push(f64::from_bits((raw_exp << 52) | (r.next() >> 12)));
        }
    }
    let n = check_all(v);
    assert!(n > 400_000);
}

#[test]
fn powers_of_ten_and_neighbours() {
    let mut v = Vec::new();
    for e in -325..=308 {
        let p: f64 = format!("1e{e}").parse().unwrap();
        for k in [1.0, 2.0, 5.0, 9.0, 9.5, 9.9, 9.99] {
            let x: f64 = format!("{k}e{e}").parse().unwrap();
            if x.is_finite() {
                let b = x.to_bits();
                for d in 0..=8u64 {
                    v.push(f64::from_bits(b + d));
                    v.push(f64::from_bits(b.saturating_sub(d)));
                }
            }
        }
        v.push(p);
    }
    check_all(v);
}

#[test]
fn integers() {
    let mut v: Vec<f64> = (0..200_000u64).map(|i| i as f64).collect();
    let two53 = 1u64 << 53;
    // Around 2^53 (where the integer path ends) and every power of two
    // and ten up to 2^64 and 10^22, with neighbours.
    for d in 0..20_000u64 {
        v.push((two53 - d) as f64);
        v.push((two53 + d) as f64);
    }
    for s in 0..64 {
        let p = 1u64 << s;
        for d in 0..64u64 {
            v.push(p.wrapping_sub(d) as f64);
            v.push(p.wrapping_add(d) as f64);
        }
    }
    let mut p = 1u128;
    for _ in 0..=22 {
        for d in 0..64u128 {
            v.push((p + d) as f64);
            v.push(p.saturating_sub(d) as f64);
        }
        p *= 10;
    }
    let mut r = Rng(53);
    for _ in 0..400_000 {
        let x = r.next();
        v.push((x >> 11) as f64); // below 2^53
        v.push((x >> (r.next() % 64)) as f64); // any size up to 2^64
                                               // Beyond 2^64: integral doubles with exponents 64..1023.
        let e = 1087 + r.next() % 960;
        v.push(f64::from_bits((e << 52) | (x >> 12)));
    }
    let n = check_all(v);
    assert!(n > 2_000_000);
}

#[test]
fn digit_count_boundaries() {
    // Decimals with 14..=17 significant digits at every decimal exponent:
    // their doubles' shortest forms have 15-17 digits, straddling the
    // point where the shorter (15-16 digit) candidate stops fitting.
    let mut r = Rng(17);
    let mut v = Vec::new();
    for e in -340..=308 {
        for nd in 14..=17u32 {
            for _ in 0..60 {
                let lo = 10u64.pow(nd - 1);
                let m = lo + r.next() % (9 * lo);
                let x: f64 = format!("{m}e{}", e - nd as i32 + 1).parse().unwrap();
                if x.is_finite() {
                    let b = x.to_bits();
                    v.extend([b, b + 1, b.saturating_sub(1)].map(f64::from_bits));
                }
            }
        }
    }
    // Short decimals (the common case in real documents) and the
    // fixed/exponential boundaries of zend_gcvt (1e-4/1e-5 and 1e15..1e17).
    for m in 1..=20_000u64 {
        for e in [-9, -7, -6, -5, -4, -3, -2, -1] {
            v.push(format!("{m}e{e}").parse().unwrap());
        }
    }
    for _ in 0..100_000 {
        let u = (r.next() >> 11) as f64 / (1u64 << 53) as f64;
        for (lo, hi) in [
            (1e-5, 1e-4),
            (1e-4, 1e-3),
            (1e15, 1e16),
            (1e16, 1e17),
            (1e17, 1e18),
        ] {
            v.push(lo + (hi - lo) * u);
        }
    }
    let n = check_all(v);
    assert!(n > 1_000_000);
}

/// A sink that checks that no write lands beyond its capacity: the bytes
/// after it are a canary, checked after every value. Capacity is what was
/// reserved plus `extra` (varied by the test, so that both the direct and
/// the scratch path of the writer run).
struct GuardSink {
    buf: Vec<u8>,
    len: usize,
    end: usize,
    extra: usize,
}

const CANARY: u8 = 0xA5;

// SAFETY: reserve/spare/spare_ptr/commit/truncate keep the trait's contract
// (the buffer below is the only storage, and every length is checked).
unsafe impl rustjson_core::Sink for GuardSink {
    fn len(&self) -> usize {
        self.len
    }
    fn spare(&self) -> usize {
        self.end - self.len
    }
    fn reserve(&mut self, additional: usize) {
        assert!(additional <= 64, "reserve({additional})");
        self.end = self.len + additional + self.extra;
        self.buf.resize(self.end + 64, CANARY);
        self.buf[self.len..].fill(CANARY);
    }
    fn truncate(&mut self, len: usize) {
        self.len = len.min(self.len);
    }
    fn spare_ptr(&mut self) -> *mut u8 {
        // SAFETY: len <= buf.len().
        unsafe { self.buf.as_mut_ptr().add(self.len) }
    }
    unsafe fn commit(&mut self, n: usize) {
        assert!(self.len + n <= self.end, "commit beyond reservation");
        self.len += n;
    }
    fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

#[test]
fn writes_stay_in_reservation() {
    let mut s = GuardSink {
        buf: Vec::new(),
        len: 0,
        end: 0,
        extra: 0,
    };
    let mut r = Rng(7);
    let mut vals: Vec<f64> = Vec::new();
    // Every decimal point position and digit count, both signs.
    for e in -30..=30 {
        for nd in 1..=17u32 {
            let m = 10u64.pow(nd - 1) + r.next() % (9 * 10u64.pow(nd - 1));
            vals.push(format!("{m}e{}", e - nd as i32 + 1).parse().unwrap());
        }
    }
    for _ in 0..200_000 {
        vals.push(f64::from_bits(r.next()));
    }
    vals.extend([
        0.0,
        1e16,
        1e17,
        9007199254740993.0,
        5e-324,
        f64::MAX,
        f64::NAN,
    ]);
    for (i, v) in vals.into_iter().enumerate() {
        for x in [v, -v] {
            for pzf in [false, true] {
                s.extra = i % 70;
                let before = s.len;
                rustjson_core::number::write_double_shortest(&mut s, x, pzf);
                assert!(
                    s.buf[s.end..].iter().all(|&b| b == CANARY),
                    "{x:e}: write beyond the reservation"
                );
                let mut want = Vec::new();
                rustjson_core::number::write_double_shortest(&mut want, x, pzf);
                assert_eq!(&s.buf[before..s.len], &want[..]);
                // Keep the buffer small.
                s.len = 0;
            }
        }
    }
}
