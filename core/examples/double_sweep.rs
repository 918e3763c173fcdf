//! Differential sweep of `number::write_double_shortest` against PHP.
//! Driven by `tools/number_sweep.sh`; the PHP side is `tools/number_sweep.php`.
//!
//! ```text
//! double_sweep gen N SEED FILE   write N doubles (raw little-endian f64) to FILE
//! double_sweep compare FILE      read FILE and PHP's output on stdin, compare
//! ```
//!
//! PHP prints one line per double: `json_encode($v)`, a space, then
//! `json_encode($v, JSON_PRESERVE_ZERO_FRACTION)`. `compare` builds the same
//! line with rustjson-core, compares byte for byte, prints
//! "N compared, D differences" and exits 1 on any difference (the first
//! few are shown with their bit patterns).
//!
//! Inputs (deterministic for a given N and SEED): first a fixed edge set
//! (zeros, every power of ten 1e-325..1e308 and its ±1 ulp neighbours with
//! both signs, the first/last 2000 subnormals, every exponent with mantissa
//! 0/1/mid/max, powers of two ±3 ulp, integers 0..20000, i/100, i/1000,
//! i×1e-7), then seeded random values: raw bit patterns, randoms rounded to
//! 1–17 significant digits, subnormals, integers up to 2^64, short decimals
//! (m / 10^k), integers in [2^27, 2^53) plus k/8 (shortest-length ties) and
//! values around the fixed/exponential boundaries.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use rustjson_core::number::write_double_shortest;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn sign(&mut self, v: f64) -> f64 {
        if self.next() & 1 == 1 {
            -v
        } else {
            v
        }
    }
}

fn finite_bits(mut b: u64) -> f64 {
    if (b >> 52) & 0x7ff == 0x7ff {
        b &= !(1u64 << 62); // clear the top exponent bit: finite
    }
    f64::from_bits(b)
}

/// The fixed edge set, in order.
fn edges(push: &mut dyn FnMut(f64)) {
    push(0.0);
    push(-0.0);
    for e in -325..=308 {
        let v: f64 = format!("1e{e}").parse().unwrap();
        let b = v.to_bits();
        for c in [b.wrapping_sub(1), b, b + 1] {
            let x = finite_bits(c);
            push(x);
            push(-x);
        }
    }
    for i in 1..=2000u64 {
        push(f64::from_bits(i));
        push(f64::from_bits(0x000f_ffff_ffff_ffff - (i - 1)));
    }
    for exp in 0..0x7ffu64 {
        for m in [0, 1, 1u64 << 51, 0x000f_ffff_ffff_ffff] {
            push(f64::from_bits((exp << 52) | m));
        }
    }
    for k in 0..1024 {
        let b = 2f64.powi(k).to_bits();
        for d in 0..=6u64 {
            push(finite_bits((b + d).wrapping_sub(3)));
        }
    }
    for i in 0..=20_000u32 {
        push(f64::from(i));
    }
    for i in 0..=100_000u32 {
        push(f64::from(i) / 100.0);
    }
    for i in 0..=20_000u32 {
        push(f64::from(i) / 1000.0);
        push(f64::from(i) * 1e-7);
    }
}

fn random_value(rng: &mut SplitMix64, s: &mut String) -> f64 {
    match rng.below(9) {
        0 | 1 => finite_bits(rng.next()),
        2 | 3 => {
            // A random value rounded to 1..=17 significant digits.
            let x = finite_bits(rng.next());
            let p = rng.below(17) as usize;
            s.clear();
            write!(s, "{:.*e}", p, x).unwrap();
            s.parse().unwrap()
        }
        4 => {
            let x = f64::from_bits(rng.next() & 0x000f_ffff_ffff_ffff);
            rng.sign(x)
        }
        5 => {
            let bits = rng.below(65);
            let n = if bits == 0 {
                0
            } else {
                rng.next() >> (64 - bits)
            };
            rng.sign(n as f64)
        }
        6 => {
            let m = rng.below(10_000_000) as f64;
            let k = rng.below(12) as i32;
            let x = m / 10f64.powi(k);
            rng.sign(x)
        }
        7 => {
            // Integers in [2^40, 2^53) plus a multiple of 1/8: where the
            // shortest length is often reached by two equidistant
            // candidates (ties are broken to even).
            let n = (rng.next() >> 11) | (1 << 40);
            let x = (n >> rng.below(13)) as f64 + rng.below(8) as f64 / 8.0;
            rng.sign(x)
        }
        _ => {
            // Around the layout boundaries: decimal exponents -7..=19.
            let e = rng.below(27) as i32 - 7;
            let p = rng.below(17) as usize;
            let m = 1.0 + (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * 9.0;
            s.clear();
            write!(s, "{:.*}e{}", p, m, e).unwrap();
            let x = s.parse().unwrap();
            rng.sign(x)
        }
    }
}

fn generate(n: u64, seed: u64, path: &str) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 20, File::create(path)?);
    let mut count = 0u64;
    let mut err = Ok(());
    edges(&mut |v| {
        if count < n && err.is_ok() {
            err = w.write_all(&v.to_le_bytes());
            count += 1;
        }
    });
    err?;
    let mut rng = SplitMix64(seed);
    let mut s = String::new();
    while count < n {
        let v = random_value(&mut rng, &mut s);
        if !v.is_finite() {
            continue; // rounding can overflow to INF; json_encode fails on those
        }
        w.write_all(&v.to_le_bytes())?;
        count += 1;
    }
    w.flush()
}

fn compare(path: &str) -> io::Result<ExitCode> {
    let mut doubles = BufReader::with_capacity(1 << 20, File::open(path)?);
    let stdin = io::stdin();
    let mut php = BufReader::with_capacity(1 << 20, stdin.lock());
    let mut line = Vec::new();
    let mut ours = Vec::with_capacity(64);
    let (mut compared, mut differences) = (0u64, 0u64);
    let mut raw = [0u8; 8];
    loop {
        match doubles.read_exact(&mut raw) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(e),
        }
        let v = f64::from_le_bytes(raw);
        line.clear();
        let got = php.read_until(b'\n', &mut line)?;
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        ours.clear();
        write_double_shortest(&mut ours, v, false);
        ours.push(b' ');
        write_double_shortest(&mut ours, v, true);
        compared += 1;
        if got == 0 || line != ours {
            differences += 1;
            if differences <= 10 {
                eprintln!(
                    "DIFF #{compared}: bits {:#018x} ({v:e}): php `{}` rust `{}`",
                    v.to_bits(),
                    String::from_utf8_lossy(&line),
                    String::from_utf8_lossy(&ours)
                );
            }
        }
    }
    line.clear();
    let extra = php.read_until(b'\n', &mut line)?;
    if extra != 0 {
        differences += 1;
        eprintln!("PHP printed more lines than there are doubles");
    }
    println!("{compared} compared, {differences} differences");
    Ok(if differences == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1).map(String::as_str) {
        Some("gen") if args.len() == 5 => match (args[2].parse::<u64>(), args[3].parse::<u64>()) {
            (Ok(n), Ok(seed)) => generate(n, seed, &args[4]).map(|()| ExitCode::SUCCESS),
            _ => {
                eprintln!("N and SEED must be unsigned integers");
                return ExitCode::from(2);
            }
        },
        Some("compare") if args.len() == 3 => compare(&args[2]),
        _ => {
            eprintln!("usage: double_sweep gen N SEED FILE | double_sweep compare FILE");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("double_sweep: {e}");
            ExitCode::from(2)
        }
    }
}
