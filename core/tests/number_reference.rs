//! `write_double_shortest` against an independent, slow reference built
//! from Rust's own float formatting and a straightforward transcription of
//! `zend_gcvt()`'s layout rules.
//!
//! Note: Rust's shortest `{:e}` does NOT break ties at the shortest length
//! to even (1000000000000000.25 gives `1.0000000000000003e15`), while Gay's
//! mode 0 and zmij do (PHP prints `1000000000000000.2`). Such ties are
//! reachable wherever the ulp is a power of two with few fractional bits
//! (around 1e15 and below). The reference therefore takes only the shortest
//! *length* p from `{:e}` and prefers the correctly rounded (ties-even)
//! p-digit `{:.*e}` whenever that one round-trips. No PHP needed; `tools/number_sweep.sh` is the proof
//! against PHP itself. Also checks `write_long` against `i64::to_string`.

use rustjson_core::number::{gcvt_layout, write_double_shortest, write_long};
use rustjson_core::Sink;

#[path = "common/number_ref.rs"]
mod number_ref;
use number_ref::double as reference;

fn ours(v: f64, preserve: bool) -> String {
    let mut out = Vec::new();
    write_double_shortest(&mut out, v, preserve);
    String::from_utf8(out).unwrap()
}

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

fn check(v: f64) {
    if !v.is_finite() {
        return;
    }
    for preserve in [false, true] {
        assert_eq!(
            ours(v, preserve),
            reference(v, preserve),
            "bits {:#018x} ({v:e}) preserve={preserve}",
            v.to_bits()
        );
    }
}

#[test]
fn powers_of_ten_and_neighbours() {
    for e in -325..=308 {
        let v: f64 = format!("1e{e}").parse().unwrap();
        let b = v.to_bits();
        for bits in [b.wrapping_sub(2), b.wrapping_sub(1), b, b + 1, b + 2] {
            check(f64::from_bits(bits));
            check(-f64::from_bits(bits));
        }
    }
}

#[test]
fn layout_boundaries_dense() {
    // Every value class around the three places where the layout switches
    // (1e-5 / 1e-4, 2^53, 1e16 / 1e17) and around the ends of the range.
    for center in [
        1e-5,
        1e-4,
        1e16,
        1e17,
        9007199254740992.0,
        5e-324,
        f64::MAX,
        2.2250738585072014e-308,
    ] {
        let b = f64::to_bits(center);
        for d in 0..2000u64 {
            check(f64::from_bits(b.saturating_sub(d)));
            check(f64::from_bits((b + d).min(f64::MAX.to_bits())));
        }
    }
}

#[test]
fn random_values() {
    let mut r = Rng(0x5EED);
    for _ in 0..60_000 {
        check(f64::from_bits(r.next()));
        // Short decimals and integers: the common JSON case.
        let m = (r.next() % 100_000_000) as f64;
        let k = (r.next() % 12) as i32;
        check(m / 10f64.powi(k));
        check(-((r.next() >> (r.next() % 64)) as f64));
        // Random digits in the decimal-exponent range -7..=19.
        let v =
            (r.next() >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi((r.next() % 27) as i32 - 7);
        check(v);
    }
}

#[test]
fn longs_random() {
    let mut r = Rng(7);
    let mut out = Vec::new();
    for _ in 0..100_000 {
        let v = r.next() as i64 >> (r.next() % 64);
        out.clear();
        write_long(&mut out, v);
        assert_eq!(out, v.to_string().as_bytes());
    }
}

/// A sink that checks the contract from the other side: reservations stay
/// small, `commit` never exceeds `spare` nor the latest reservation, and
/// spare capacity starts out poisoned (0xAA) so uncommitted scratch can
/// never leak into the output unnoticed.
struct StrictSink {
    buf: Vec<u8>,
    len: usize,
    reserved_at: usize,
    reserved: usize,
}

// SAFETY: reserve/spare/spare_ptr/commit/truncate keep the trait's contract
// (the buffer below is the only storage, and every length is checked).
unsafe impl Sink for StrictSink {
    fn len(&self) -> usize {
        self.len
    }
    fn spare(&self) -> usize {
        self.buf.len() - self.len
    }
    fn reserve(&mut self, additional: usize) {
        assert!(
            additional <= 512,
            "reserve({additional}) is more than these numbers need"
        );
        if self.spare() < additional {
            self.buf.resize(self.len + additional, 0xAA);
        }
        self.reserved_at = self.len;
        self.reserved = additional;
    }
    fn truncate(&mut self, len: usize) {
        self.len = len.min(self.len);
    }
    fn spare_ptr(&mut self) -> *mut u8 {
        // SAFETY: len <= buf.len(), so this is in bounds or one past the end.
        unsafe { self.buf.as_mut_ptr().add(self.len) }
    }
    unsafe fn commit(&mut self, n: usize) {
        assert!(n <= self.spare());
        assert!(
            self.len + n <= self.reserved_at + self.reserved,
            "commit beyond reservation"
        );
        self.len += n;
    }
    fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

#[test]
fn strict_sink() {
    let mut s = StrictSink {
        buf: Vec::new(),
        len: 0,
        reserved_at: 0,
        reserved: 0,
    };
    let mut want = String::new();
    let mut r = Rng(99);
    for i in 0..20_000 {
        let v = f64::from_bits(r.next());
        if v.is_finite() {
            let preserve = i % 3 == 0;
            write_double_shortest(&mut s, v, preserve);
            want.push_str(&reference(v, preserve));
        }
        s.push(b',');
        want.push(',');
        let l = r.next() as i64 >> (i % 64);
        write_long(&mut s, l);
        want.push_str(&l.to_string());
        s.push(b',');
        want.push(',');
        if i % 100 == 0 {
            gcvt_layout(&mut s, b"12345", 3, true, 17);
            want.push_str("-123.45");
            gcvt_layout(&mut s, b"1", 400, false, 500);
            want.push('1');
            want.push_str(&"0".repeat(399));
        }
    }
    assert_eq!(String::from_utf8(s.as_bytes().to_vec()).unwrap(), want);
}
