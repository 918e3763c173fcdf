//! The [`Kernels`] trait: the handful of operations stage 1 and the exact
//! scanners need from one instruction set, with their portable definitions
//! ([`Scalar`], which also serves as the reference the vector versions are
//! tested against).
//!
//! The vector implementations live in `x86` (on the `isa` tokens). A
//! kernel method is safe to call: the value it is called on proves that the
//! CPU has the level's features.

/// Blocks (of 64 bytes) classified per stage-1 chunk.
pub const CHUNK_BLOCKS: usize = 63;

/// Size of the token-start buffer: a power of two above the most tokens a
/// chunk can have (64 per block) plus the 64 scratch entries that
/// flattening may write past the end, so that indices masked with
/// `BUF - 1` never need a bounds check.
pub const BUF: usize = 4096;
const _: () = assert!(CHUNK_BLOCKS * 64 + 64 <= BUF);

/// Token starts (absolute positions) of one chunk.
pub type Buf = [u32; BUF];

/// Byte classes of a 64-byte block, one bit per byte (bit i = byte i).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Masks {
    /// `"`
    pub quote: u64,
    /// `\`
    pub bslash: u64,
    /// JSON whitespace: space, `\t`, `\n`, `\r`
    pub ws: u64,
    /// Structural bytes: `{ } [ ] : ,` (vector versions may also flag the
    /// control bytes 0x0C and 0x1A, which every user rejects anyway)
    pub op: u64,
    /// Control bytes 0x00..=0x1F (whitespace other than space included)
    pub ctrl: u64,
    /// Bytes >= 0x80
    pub high: u64,
}

/// Work on an input to run with one level's kernels, compiled with that
/// level's CPU features enabled (see [`Kernels::compiled`] and
/// [`super::dispatch`]). The input is passed on its own (not inside the
/// job), so that the compiled function gets it in registers, with what the
/// compiler knows about a slice's length.
///
/// Implementations mark `run` `#[inline(always)]`, so that the work's code
/// (and every `#[inline(always)]` kernel it calls) is compiled inside the
/// level's `#[target_feature]` function.
pub trait Job {
    /// What the work returns.
    type Output;
    /// Does the work on `inp` with the kernels `k`.
    fn run<K: Kernels>(self, k: K, inp: &[u8]) -> Self::Output;
}

/// A [`Job`] that works through an input a chunk at a time, keeping its own
/// state between calls (stage 1's [`super::Stage1`]). It runs like a
/// [`Job`], but its state, input and output are passed to the level's
/// compiled function as separate arguments, so the compiler knows they do
/// not alias (a state loaded through a job struct would be reloaded after
/// every store to the output).
pub trait ChunkJob {
    /// Works through the next chunk of `inp` with the kernels `k`, writing
    /// to `out`.
    fn chunk<K: Kernels>(&mut self, k: K, inp: &[u8], out: &mut Buf) -> Option<usize>;
}

/// The operations of one instruction set. Implemented by [`Scalar`] and by
/// the `isa` tokens of the levels compiled for this target.
pub trait Kernels: Copy {
    /// Position of the first byte at or after `pos` that ends a run of plain
    /// string bytes: `"`, `\`, a control byte 0x00..=0x1F, the end of input,
    /// or a byte >= 0x80 at a position `>= utf8_ok`. Bytes >= 0x80 before
    /// `utf8_ok` belong to UTF-8 the caller already validated.
    ///
    /// The input reads as NUL-terminated: the result is at most
    /// `inp.len().max(pos)`.
    fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize;

    /// Position of the first byte at or after `pos` that is not JSON
    /// whitespace (space, `\t`, `\n`, `\r`); `inp.len()` if the input ends
    /// first.
    fn skip_ws(self, inp: &[u8], pos: usize) -> usize;

    /// Classifies the 64 bytes of a block.
    fn classify(self, block: &[u8; 64]) -> Masks;

    /// The bytes of a block that complete a simple escape after a
    /// backslash: `" \ / b f n r t` (bit i = byte i). Used only for blocks
    /// with escapes. May leave out any of them (stage 1 then checks those
    /// escapes one by one); the default leaves out all.
    #[inline(always)]
    fn simple_escapes(self, _block: &[u8; 64]) -> u64 {
        0
    }

    /// The `u` bytes of a block that complete a `\uXXXX` escape after a
    /// backslash whatever comes next (see [`Unicode`] and
    /// [`unicode_escapes_scalar`]). Used only for blocks with escapes that
    /// are not simple ones. May return none (stage 1 then checks those
    /// escapes one by one); the default does.
    #[inline(always)]
    fn unicode_escapes(self, _block: &[u8; 64]) -> Unicode {
        Unicode::default()
    }

    /// Appends `base` + the position of every bit of `m` to `out[k..]` and
    /// returns the new count (see [`flatten_scalar`]); may write scratch
    /// entries up to `out[k + 64]`.
    #[inline(always)]
    fn flatten(self, out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
        flatten_scalar(out, k, base, m)
    }

    /// Prefix XOR: bit i of the result is the XOR of bits 0..=i of `x`.
    #[inline(always)]
    fn prefix_xor(self, x: u64) -> u64 {
        let mut x = x;
        x ^= x << 1;
        x ^= x << 2;
        x ^= x << 4;
        x ^= x << 8;
        x ^= x << 16;
        x ^= x << 32;
        x
    }

    /// Runs `job` on `inp` with these kernels. Levels with CPU features beyond the
    /// target's baseline run it in a `#[target_feature]` function of their
    /// own (never inlined); the others run it in place.
    #[inline(always)]
    fn compiled<J: Job>(self, job: J, inp: &[u8]) -> J::Output {
        job.run(self, inp)
    }

    /// Runs `st.chunk(self, inp, out)`, compiled like [`Kernels::compiled`].
    #[inline(always)]
    fn compiled_chunk<C: ChunkJob>(self, st: &mut C, inp: &[u8], out: &mut Buf) -> Option<usize> {
        st.chunk(self, inp, out)
    }
}

/// The portable kernels: byte-at-a-time scans, a byte-by-byte
/// classification, SWAR prefix XOR, scalar flattening. Every target has
/// them ([`crate::isa::Level::Scalar`]).
#[derive(Clone, Copy, Debug)]
pub struct Scalar;

/// JSON whitespace.
#[inline(always)]
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl Kernels for Scalar {
    #[inline(always)]
    fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
        let mut p = pos;
        while let Some(&b) = inp.get(p) {
            if b == b'"' || b == b'\\' || b < 0x20 || (b >= 0x80 && p >= utf8_ok) {
                return p;
            }
            p += 1;
        }
        inp.len().max(pos)
    }

    #[inline(always)]
    fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
        let mut p = pos;
        while let Some(&b) = inp.get(p) {
            if !is_ws(b) {
                return p;
            }
            p += 1;
        }
        inp.len().max(pos)
    }

    #[inline(always)]
    fn classify(self, block: &[u8; 64]) -> Masks {
        classify_scalar(block)
    }
}

/// The definition of [`Masks`], a byte at a time.
#[inline(always)]
pub fn classify_scalar(block: &[u8; 64]) -> Masks {
    let mut m = Masks::default();
    for (i, &b) in block.iter().enumerate() {
        let bit = 1u64 << i;
        match b {
            b'"' => m.quote |= bit,
            b'\\' => m.bslash |= bit,
            b' ' => m.ws |= bit,
            b'\t' | b'\n' | b'\r' => {
                m.ws |= bit;
                m.ctrl |= bit
            }
            b'{' | b'}' | b'[' | b']' | b':' | b',' => m.op |= bit,
            0x00..=0x1F => m.ctrl |= bit,
            0x80..=0xFF => m.high |= bit,
            _ => {}
        }
    }
    m
}

/// What [`Kernels::unicode_escapes`] found in a block (bit i = byte i):
/// `u` bytes followed in the block by four hex digits that make an escape
/// PHP's scanner takes wherever it stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unicode {
    /// Outside the surrogates (D800-DFFF).
    pub single: u64,
    /// A high surrogate (D800-DBFF) followed at once by `\u` and a low
    /// one (DC00-DFFF), all in the block: the pair's first `u`. Its second
    /// `u`, six bytes on, is an escape (a hex digit precedes its
    /// backslash) that completes the pair when the first is one.
    pub pair: u64,
}

/// [`Unicode`] from a block's byte classes (bit i = byte i): `hex` the
/// hex digits, `hex8` those of value 8-15, `cf` those of value 12-15
/// (letters), `d` the bytes `d` and `D`, `u` the bytes `u`, `bs` the
/// backslashes. A `u` at i has its four digits at i+1..=i+4 (all inside
/// the block: the shifts bring in zeros); a surrogate's first digit is
/// `d`/`D` and its second 8-15 (8-11: high, 12-15: low).
#[cfg(any(test, target_arch = "x86_64"))]
#[inline(always)]
pub fn unicode_ok(hex: u64, hex8: u64, cf: u64, d: u64, u: u64, bs: u64) -> Unicode {
    let four = u & (hex >> 1) & (hex >> 2) & (hex >> 3) & (hex >> 4);
    let sur = four & (d >> 1) & (hex8 >> 2);
    let low = sur & (cf >> 2);
    let high = sur & !low;
    Unicode {
        single: four & !sur,
        pair: high & (bs >> 5) & (low >> 6),
    }
}

/// The definition of [`Kernels::unicode_escapes`], a byte at a time.
#[cfg(test)]
pub fn unicode_escapes_scalar(block: &[u8; 64]) -> Unicode {
    let (mut hex, mut hex8, mut cf, mut d, mut u, mut bs) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for (i, &b) in block.iter().enumerate() {
        let bit = 1u64 << i;
        if let Some(v) = (b as char).to_digit(16) {
            hex |= bit;
            if v >= 8 {
                hex8 |= bit;
            }
            if v >= 12 {
                cf |= bit;
            }
        }
        if b | 0x20 == b'd' {
            d |= bit;
        }
        if b == b'u' {
            u |= bit;
        }
        if b == b'\\' {
            bs |= bit;
        }
    }
    unicode_ok(hex, hex8, cf, d, u, bs)
}

/// Appends `base` + the position of every bit of `m` to `out[k..]`;
/// returns the new count. `k` is at most `CHUNK_BLOCKS * 64 - 64`. Eight
/// entries are written whether or not there are eight bits (simdjson's
/// flattening), so that the common block costs no branch per token; the
/// entries past the count are scratch.
#[inline(always)]
pub fn flatten_scalar(out: &mut Buf, k: usize, base: u32, mut m: u64) -> usize {
    let cnt = m.count_ones() as usize;
    let mut at = k;
    loop {
        if let Some(dst) = out.get_mut(at..at + 8) {
            for slot in dst {
                *slot = base.wrapping_add(m.trailing_zeros());
                m &= m.wrapping_sub(1);
            }
        }
        at += 8;
        if at >= k + cnt {
            return k + cnt;
        }
    }
}
