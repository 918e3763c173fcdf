//! Random inputs for the leaf check, shared with the core tests.

/// xorshift64*: small, deterministic, good enough to spread test inputs.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

/// `n` random decimal digits, the first non-zero if asked.
pub fn digits(rng: &mut Rng, n: usize, first_nonzero: bool) -> String {
    (0..n)
        .map(|i| {
            let lo = u64::from(i == 0 && first_nonzero);
            char::from(b'0' + (lo + rng.below(10 - lo)) as u8)
        })
        .collect()
}

/// A random JSON number token: 1-40 significant digits, the point anywhere
/// (or none; leading zeros after `0.` sometimes), an exponent of any case
/// and sign up to 999 three times in four.
pub fn number_token(rng: &mut Rng) -> String {
    let nd = 1 + rng.below(40) as usize;
    let ip = rng.below(nd as u64 + 1) as usize;
    let ds = digits(rng, nd, true);
    let mut s = String::new();
    if rng.below(2) == 0 {
        s.push('-');
    }
    if ip == 0 {
        s.push_str("0.");
        if rng.below(3) == 0 {
            s.push_str(&"0".repeat(rng.below(30) as usize + 1));
        }
        s.push_str(&ds);
    } else {
        s.push_str(&ds[..ip]);
        if ip < nd {
            s.push('.');
            s.push_str(&ds[ip..]);
        }
    }
    if rng.below(4) != 0 {
        s.push(*rng.pick(&['e', 'E']));
        let sign: &&str = rng.pick(&["", "+", "-"]);
        s.push_str(sign);
        let e = match rng.below(3) {
            0 => rng.below(30),
            1 => rng.below(400),
            _ => rng.below(1000),
        };
        s.push_str(&e.to_string());
    }
    s
}
