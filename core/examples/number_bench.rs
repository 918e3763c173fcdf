//! Rough timing of the number writers (release build):
//! `cargo run --release -p rustjson-core --example number_bench`.
//!
//! Prints ns per value for `write_double_shortest` on a few input mixes
//! (its own Schubfach digits and zend_gcvt layout), for zmij's bare
//! `format_finite` and zmij's text appended unchanged (a reference point:
//! the crate it was first built on) and for `write_long`. Best of 5; on a
//! shared machine, run it twice.

use std::hint::black_box;
use std::time::Instant;

use rustjson_core::number::{write_double_shortest, write_long};

fn rng(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const N: usize = 1 << 16;
const ROUNDS: usize = 60;

fn time(label: &str, mut f: impl FnMut() -> usize) {
    let mut best = f64::MAX;
    let mut sink = 0;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..ROUNDS / 5 {
            sink += f();
        }
        let ns = t.elapsed().as_nanos() as f64 / (N * ROUNDS / 5) as f64;
        best = best.min(ns);
    }
    black_box(sink);
    println!("{label:<44} {best:6.1} ns/value");
}

fn main() {
    let mut s = 42u64;
    let random_bits: Vec<f64> = (0..N)
        .map(|_| loop {
            let v = f64::from_bits(rng(&mut s));
            if v.is_finite() {
                break v;
            }
        })
        .collect();
    let short: Vec<f64> = (0..N)
        .map(|_| (rng(&mut s) % 10_000_000) as f64 / 100.0)
        .collect();
    let unit: Vec<f64> = (0..N)
        .map(|_| (rng(&mut s) >> 11) as f64 / (1u64 << 53) as f64)
        .collect();
    let ints: Vec<f64> = (0..N).map(|_| (rng(&mut s) % 1_000_000) as f64).collect();
    let longs: Vec<i64> = (0..N)
        .map(|i| {
            let r = rng(&mut s) as i64;
            if i % 2 == 0 {
                r
            } else {
                r % 100_000
            }
        })
        .collect();

    let mut out: Vec<u8> = Vec::with_capacity(N * 32);
    for (name, vals) in [
        ("random bits", &random_bits),
        ("short decimals (k/100)", &short),
        ("uniform [0,1) (17 digits)", &unit),
        ("integers < 1e6", &ints),
    ] {
        time(&format!("write_double_shortest {name}"), || {
            out.clear();
            for &v in vals.iter() {
                write_double_shortest(&mut out, black_box(v), false);
            }
            out.len()
        });
        // Same, but the output stays in L1 (cleared every 256 values).
        time(&format!("  (hot output buffer) {name}"), || {
            let mut total = 0;
            for chunk in vals.chunks(256) {
                out.clear();
                for &v in chunk {
                    write_double_shortest(&mut out, black_box(v), false);
                }
                total += out.len();
            }
            total
        });
        // Reference: zmij's text appended as is.
        time(&format!("  (zmij text + extend_from_slice) {name}"), || {
            let mut total = 0;
            for chunk in vals.chunks(256) {
                out.clear();
                for &v in chunk {
                    let mut b = zmij::Buffer::new();
                    out.extend_from_slice(b.format_finite(black_box(v)).as_bytes());
                }
                total += out.len();
            }
            total
        });
        time(&format!("zmij::Buffer::format_finite {name}"), || {
            let mut total = 0;
            for &v in vals.iter() {
                let mut b = zmij::Buffer::new();
                total += b.format_finite(black_box(v)).len();
            }
            total
        });
    }
    time("write_long (half i64, half |x| < 1e5)", || {
        out.clear();
        for &v in longs.iter() {
            write_long(&mut out, black_box(v));
        }
        out.len()
    });
}
