//! The x86_64 kernels: [`Kernels`] for the `isa` tokens [`Sse2`], [`Ssse3`],
//! [`Avx2`], [`Avx512`] and [`Avx512Vbmi2`].
//!
//! One algorithm, several widths (the memchr layout): [`Vector`] is a
//! handful of `#[inline(always)]` primitives for SSE2 (`__m128i`, the x86_64
//! baseline) and AVX2 (`__m256i`), and `string_stop` / `skip_ws` /
//! `classify` are written once over it; [`Nibbles`] does the same for the
//! nibble-table lookup of `simple_escapes` at AVX2 and AVX-512 widths. The
//! functions are `unsafe` because the vector's CPU feature must be enabled;
//! the safe entry points are the [`Kernels`] methods of the tokens, whose
//! values exist only where their level does. What remains per level is
//! what really differs: AVX-512's classification and flattening work on
//! mask registers, VBMI2 compresses bytes.
//!
//! Both scans treat the input as NUL-terminated, like PHP's scanner does
//! with its `zend_string`: the bytes past `inp.len()` read as `0`. A 0 byte
//! stops both scans (it is a control character), so a scan never runs past
//! the end: it returns at most `inp.len()`, the position of the virtual
//! terminator. Tails shorter than one vector are copied into a zeroed
//! buffer, which also supplies the terminating 0: loads never leave the
//! input.
//!
//! SSSE3 has no kernels of its own yet: [`super::dispatch`] runs that level
//! with the SSE2 ones.

use super::kernel::{Buf, ChunkJob, Job, Kernels, Masks, Unicode};
use crate::isa::{Avx2, Avx512, Avx512Vbmi2, Sse2};
use core::arch::x86_64::*;

/// Primitives over one SIMD register of `LANES` bytes.
///
/// # Safety
/// Every method requires the implementing type's CPU feature.
trait Vector: Copy {
    const LANES: usize;
    /// Loads `LANES` bytes from `p` (unaligned).
    unsafe fn load(p: *const u8) -> Self;
    unsafe fn splat(b: u8) -> Self;
    unsafe fn eq(self, o: Self) -> Self;
    unsafe fn or(self, o: Self) -> Self;
    /// Lanes whose byte is <= 0x1F (unsigned).
    unsafe fn le_1f(self) -> Self;
    /// The top bit of every lane.
    unsafe fn movemask(self) -> u64;
    unsafe fn or_splat_20(self) -> Self;
    /// (whitespace, structural) lanes; structural may also flag the
    /// control bytes 0x0C and 0x1A (rejected anyway as control bytes).
    #[inline(always)]
    unsafe fn ws_op(self) -> (Self, Self) {
        // SAFETY: the feature is available (caller).
        unsafe {
            let v = self;
            let ws = v.eq(Self::splat(b' ')).or(v.eq(Self::splat(b'\t')));
            let ws = ws.or(v.eq(Self::splat(b'\n')).or(v.eq(Self::splat(b'\r'))));
            // '[' | 0x20 == '{' and ']' | 0x20 == '}'
            let v20 = v.or_splat_20();
            let op = v20.eq(Self::splat(b'{')).or(v20.eq(Self::splat(b'}')));
            let op = op.or(v.eq(Self::splat(b':')).or(v.eq(Self::splat(b','))));
            (ws, op)
        }
    }
}

/// Implements [`Vector`] for one register type from its intrinsics (and
/// the extra trait items given after `;`).
macro_rules! vector {
    ($t:ty, $lanes:literal, $load:ident, $splat:ident, $eq:ident, $or:ident, $max:ident,
     $movemask:ident; $($extra:item)*) => {
        impl Vector for $t {
            const LANES: usize = $lanes;
            #[inline(always)]
            unsafe fn load(p: *const u8) -> Self {
                // SAFETY: the caller guarantees LANES readable bytes at `p`
                // and the feature.
                unsafe { $load(p.cast()) }
            }
            #[inline(always)]
            unsafe fn splat(b: u8) -> Self {
                // SAFETY: the feature is available (trait contract).
                unsafe { $splat(b as i8) }
            }
            #[inline(always)]
            unsafe fn eq(self, o: Self) -> Self {
                // SAFETY: the feature is available (trait contract).
                unsafe { $eq(self, o) }
            }
            #[inline(always)]
            unsafe fn or(self, o: Self) -> Self {
                // SAFETY: the feature is available (trait contract).
                unsafe { $or(self, o) }
            }
            #[inline(always)]
            unsafe fn le_1f(self) -> Self {
                // max(v, 0x1F) == 0x1F  <=>  v <= 0x1F
                // SAFETY: the feature is available (trait contract).
                unsafe {
                    let c = $splat(0x1F);
                    $eq($max(self, c), c)
                }
            }
            #[inline(always)]
            unsafe fn movemask(self) -> u64 {
                // SAFETY: the feature is available (trait contract).
                unsafe { $movemask(self) as u32 as u64 }
            }
            #[inline(always)]
            unsafe fn or_splat_20(self) -> Self {
                // SAFETY: the feature is available (trait contract).
                unsafe { $or(self, $splat(0x20)) }
            }
            $($extra)*
        }
    };
}

vector!(__m128i, 16, _mm_loadu_si128, _mm_set1_epi8, _mm_cmpeq_epi8, _mm_or_si128,
    _mm_max_epu8, _mm_movemask_epi8;);

vector!(__m256i, 32, _mm256_loadu_si256, _mm256_set1_epi8, _mm256_cmpeq_epi8, _mm256_or_si256,
    _mm256_max_epu8, _mm256_movemask_epi8;
    /// By table lookups (`vpshufb`) instead of compare chains.
    #[inline(always)]
    unsafe fn ws_op(self) -> (Self, Self) {
        // SAFETY: AVX2 is available (trait contract).
        unsafe {
            let (ws_table, op_table) = (ws_table(), op_table());
            let ws = _mm256_cmpeq_epi8(
                self,
                _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(ws_table), self),
            );
            let op = _mm256_cmpeq_epi8(
                self.or_splat_20(),
                _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(op_table), self),
            );
            (ws, op)
        }
    }
);

/// Nibble-table lookups (`vpshufb` within 128-bit lanes) over one register
/// of `LANES` bytes.
///
/// # Safety
/// Every method requires the implementing type's CPU feature.
trait Nibbles: Copy {
    const LANES: usize;
    /// Loads `LANES` bytes from `p` (unaligned).
    unsafe fn load_bytes(p: *const u8) -> Self;
    /// The 16-byte table in every 128-bit lane.
    unsafe fn table(t: &[u8; 16]) -> Self;
    /// `self[idx]` per lane (`idx` < 16).
    unsafe fn lookup(self, idx: Self) -> Self;
    /// The low nibble of every byte.
    unsafe fn lo_nibbles(self) -> Self;
    /// The high nibble of every byte.
    unsafe fn hi_nibbles(self) -> Self;
    /// Lanes where `self & o` is non-zero, one bit each.
    unsafe fn test(self, o: Self) -> u64;
    /// `self & o`.
    unsafe fn and(self, o: Self) -> Self;
}

/// Implements [`Nibbles`] for one register type from its intrinsics:
/// `$bcast` puts a `__m128i` in every 128-bit lane; `$test` is the body of
/// `test(self, o)`.
macro_rules! nibbles {
    ($t:ty, $lanes:literal, $load:ident, $bcast:ident, $shuffle:ident, $and:ident, $srli:ident,
     $splat:ident, |$a:ident, $o:ident| $test:expr) => {
        impl Nibbles for $t {
            const LANES: usize = $lanes;
            #[inline(always)]
            unsafe fn load_bytes(p: *const u8) -> Self {
                // SAFETY: LANES readable bytes at `p` and the feature (caller).
                unsafe { $load(p.cast()) }
            }
            #[inline(always)]
            unsafe fn table(t: &[u8; 16]) -> Self {
                // SAFETY: the feature (caller); `t` is 16 readable bytes.
                unsafe { $bcast(_mm_loadu_si128(t.as_ptr().cast())) }
            }
            #[inline(always)]
            unsafe fn lookup(self, idx: Self) -> Self {
                // SAFETY: the feature (caller).
                unsafe { $shuffle(self, idx) }
            }
            #[inline(always)]
            unsafe fn lo_nibbles(self) -> Self {
                // SAFETY: the feature (caller).
                unsafe { $and(self, $splat(0x0F)) }
            }
            #[inline(always)]
            unsafe fn hi_nibbles(self) -> Self {
                // SAFETY: the feature (caller).
                unsafe { $and($srli(self, 4), $splat(0x0F)) }
            }
            #[inline(always)]
            unsafe fn and(self, o: Self) -> Self {
                // SAFETY: the feature (caller).
                unsafe { $and(self, o) }
            }
            #[inline(always)]
            unsafe fn test(self, o: Self) -> u64 {
                let ($a, $o) = (self, o);
                // SAFETY: the feature (caller).
                unsafe { $test }
            }
        }
    };
}

nibbles!(
    __m256i,
    32,
    _mm256_loadu_si256,
    _mm256_broadcastsi128_si256,
    _mm256_shuffle_epi8,
    _mm256_and_si256,
    _mm256_srli_epi16,
    _mm256_set1_epi8,
    |a, o| {
        let none = _mm256_cmpeq_epi8(_mm256_and_si256(a, o), _mm256_setzero_si256());
        (!(_mm256_movemask_epi8(none) as u32)) as u64
    }
);

nibbles!(
    __m512i,
    64,
    _mm512_loadu_si512,
    _mm512_broadcast_i32x4,
    _mm512_shuffle_epi8,
    _mm512_and_si512,
    _mm512_srli_epi16,
    _mm512_set1_epi8,
    |a, o| _mm512_test_epi8_mask(a, o)
);

/// simdjson's whitespace table: indexed by a byte's low nibble (PSHUFB
/// yields 0 for bytes >= 0x80), it holds the one whitespace byte with
/// that nibble, or a byte whose low nibble differs from the index, so
/// `v == table[v & 15]` exactly for space, `\t`, `\n`, `\r`.
#[inline(always)]
fn ws_table() -> __m128i {
    let t: [u8; 16] = [
        b' ', 100, 100, 100, 17, 100, 113, 2, 100, b'\t', b'\n', 112, 100, b'\r', 100, 100,
    ];
    // SAFETY: SSE2 is baseline; `t` is 16 readable bytes.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

/// Structural table: `v | 0x20 == table[v & 15]` for `, : [ ] { }`
/// (and for the control bytes 0x0C, 0x1A).
#[inline(always)]
fn op_table() -> __m128i {
    let t: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, b':', b'{', b',', b'}', 0, 0];
    // SAFETY: SSE2 is baseline; `t` is 16 readable bytes.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

/// The simple escape bytes by nibble lookup: `lo[b & 15] & hi[b >> 4]`
/// is non-zero exactly for `" / \ b f n r t`. One bit per group of
/// bytes sharing a high nibble: 1 = 0x2_ (`"` 0x22, `/` 0x2F), 2 = 0x5_
/// (`\` 0x5C), 4 = 0x6_ (`b` 0x62, `f` 0x66, `n` 0x6E), 8 = 0x7_ (`r`
/// 0x72, `t` 0x74).
const ESC_LO: [u8; 16] = [0, 0, 1 | 4 | 8, 0, 8, 0, 4, 0, 0, 0, 0, 0, 2, 0, 4, 1];
const ESC_HI: [u8; 16] = [0, 0, 1, 0, 0, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0];

/// See [`Kernels::simple_escapes`]: `ESC_LO[b & 15] & ESC_HI[b >> 4]`,
/// `V::LANES` bytes at a time.
///
/// # Safety
/// `V`'s CPU feature must be available.
#[inline(always)]
unsafe fn simple_escapes<V: Nibbles>(block: &[u8; 64]) -> u64 {
    // SAFETY: the feature is available (caller); every load reads LANES
    // bytes inside the 64-byte block.
    unsafe {
        let (lo_t, hi_t) = (V::table(&ESC_LO), V::table(&ESC_HI));
        let mut m = 0u64;
        let mut i = 0;
        while i < 64 {
            let v = V::load_bytes(block.as_ptr().add(i));
            m |= lo_t
                .lookup(v.lo_nibbles())
                .test(hi_t.lookup(v.hi_nibbles()))
                << i;
            i += V::LANES;
        }
        m
    }
}

/// The byte classes of [`Kernels::unicode_escapes`] by nibble lookup: a
/// byte is in class k when bit k is set in both `UNI_LO[b & 15]` and
/// `UNI_HI[b >> 4]`. Bit 0: `0`-`9` (0x3_, low 0-9); bit 1: `a`-`f` and
/// `A`-`F` (0x6_ and 0x4_, low 1-6); bit 2: `8`, `9`; bit 3: `d`, `D`
/// (low 4); bit 4: `u` (0x75); bit 5: `c`-`f` and `C`-`F` (low 3-6); bit 6:
/// `\` (0x5C).
const UNI_LO: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut n = 0;
    while n < 16 {
        let mut c = 0;
        if n <= 9 {
            c |= 1;
        }
        if n >= 1 && n <= 6 {
            c |= 2;
        }
        if n == 8 || n == 9 {
            c |= 4;
        }
        if n == 4 {
            c |= 8;
        }
        if n == 5 {
            c |= 16;
        }
        if n >= 3 && n <= 6 {
            c |= 32;
        }
        if n == 12 {
            c |= 64;
        }
        t[n] = c;
        n += 1;
    }
    t
};
const UNI_HI: [u8; 16] = [
    0,
    0,
    0,
    1 | 4,
    2 | 8 | 32,
    64,
    2 | 8 | 32,
    16,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
];

/// See [`Kernels::unicode_escapes`]: the classes of [`UNI_LO`] /
/// [`UNI_HI`], `V::LANES` bytes at a time, combined by
/// [`super::kernel::unicode_ok`].
///
/// # Safety
/// `V`'s CPU feature must be available.
#[inline(always)]
unsafe fn unicode_escapes<V: Nibbles>(block: &[u8; 64]) -> Unicode {
    // SAFETY: the feature is available (caller); every load reads LANES
    // bytes inside the 64-byte block.
    unsafe {
        let (lo_t, hi_t) = (V::table(&UNI_LO), V::table(&UNI_HI));
        let classes = [3u8, 6, 32, 8, 16, 64].map(|m| V::table(&[m; 16]));
        let mut bits = [0u64; 6];
        let mut i = 0;
        while i < 64 {
            let v = V::load_bytes(block.as_ptr().add(i));
            let c = lo_t.lookup(v.lo_nibbles()).and(hi_t.lookup(v.hi_nibbles()));
            for (b, m) in bits.iter_mut().zip(classes) {
                *b |= c.test(m) << i;
            }
            i += V::LANES;
        }
        let [hex, hex8, cf, d, u, bs] = bits;
        super::kernel::unicode_ok(hex, hex8, cf, d, u, bs)
    }
}

/// Loads `V::LANES` bytes at `pos`, or fewer zero-padded ones near the
/// end. The boolean says whether it was a full in-bounds load.
///
/// # Safety
/// `V`'s CPU feature must be available.
#[inline(always)]
unsafe fn load_at<V: Vector>(inp: &[u8], pos: usize) -> V {
    if let Some(chunk) = inp.get(pos..).filter(|c| c.len() >= V::LANES) {
        // SAFETY: `chunk` has at least LANES readable bytes; the
        // feature is available (caller).
        unsafe { V::load(chunk.as_ptr()) }
    } else {
        let mut buf = [0u8; 32];
        let rest = inp.get(pos..).unwrap_or(&[]);
        let n = rest.len().min(V::LANES);
        buf[..n].copy_from_slice(&rest[..n]);
        // SAFETY: `buf` has 32 >= LANES readable bytes; the feature is
        // available (caller).
        unsafe { V::load(buf.as_ptr()) }
    }
}

/// Lanes of a block at `block` that lie at or after `utf8_ok`.
#[inline(always)]
fn lanes_from(block: usize, utf8_ok: usize, lanes: usize) -> u64 {
    let rel = utf8_ok.saturating_sub(block);
    if rel >= lanes {
        0
    } else {
        (!0u64 << rel) & ((1u64 << lanes) - 1)
    }
}

/// See [`Kernels::string_stop`].
///
/// # Safety
/// `V`'s CPU feature must be available.
#[inline(always)]
unsafe fn string_stop<V: Vector>(inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
    // SAFETY: the feature is available (caller); loads go through
    // `load_at`, which stays in bounds.
    unsafe {
        let quote = V::splat(b'"');
        let bslash = V::splat(b'\\');
        let mut p = pos;
        loop {
            let v: V = load_at(inp, p);
            let mut m = v.eq(quote).or(v.eq(bslash)).or(v.le_1f()).movemask();
            let high = v.movemask();
            if high != 0 {
                m |= high & lanes_from(p, utf8_ok, V::LANES);
            }
            if m != 0 {
                // A zero-padded tail always stops at `len` at the latest.
                return (p + m.trailing_zeros() as usize).min(inp.len().max(pos));
            }
            p += V::LANES;
        }
    }
}

/// See [`Kernels::skip_ws`].
///
/// # Safety
/// `V`'s CPU feature must be available.
#[inline(always)]
unsafe fn skip_ws<V: Vector>(inp: &[u8], pos: usize) -> usize {
    // SAFETY: as in `string_stop`.
    unsafe {
        let sp = V::splat(b' ');
        let nl = V::splat(b'\n');
        let cr = V::splat(b'\r');
        let tab = V::splat(b'\t');
        let all = (1u64 << V::LANES) - 1;
        let mut p = pos;
        loop {
            let v: V = load_at(inp, p);
            let ws = v.eq(sp).or(v.eq(nl)).or(v.eq(cr).or(v.eq(tab))).movemask();
            let m = !ws & all;
            if m != 0 {
                return (p + m.trailing_zeros() as usize).min(inp.len().max(pos));
            }
            p += V::LANES;
        }
    }
}

/// See [`Kernels::classify`].
///
/// # Safety
/// `V`'s CPU feature must be available.
#[inline(always)]
unsafe fn classify<V: Vector>(block: &[u8; 64]) -> Masks {
    // SAFETY: the feature is available (caller); every load reads LANES
    // bytes inside the 64-byte block.
    unsafe {
        let mut m = Masks::default();
        let mut i = 0;
        while i < 64 {
            let v = V::load(block.as_ptr().add(i));
            let (ws, op) = v.ws_op();
            m.quote |= v.eq(V::splat(b'"')).movemask() << i;
            m.bslash |= v.eq(V::splat(b'\\')).movemask() << i;
            m.ws |= ws.movemask() << i;
            m.op |= op.movemask() << i;
            m.ctrl |= v.le_1f().movemask() << i;
            m.high |= v.movemask() << i;
            i += V::LANES;
        }
        m
    }
}

/// Prefix XOR by carry-less multiplication with all ones.
///
/// # Safety
/// The CPU must have PCLMULQDQ.
#[inline(always)]
unsafe fn prefix_xor_clmul(x: u64) -> u64 {
    // SAFETY: PCLMULQDQ is available (caller); SSE2 is baseline.
    unsafe {
        let r = _mm_clmulepi64_si128(_mm_set_epi64x(0, x as i64), _mm_set1_epi8(-1), 0);
        _mm_cvtsi128_si64(r) as u64
    }
}

/// See [`Kernels::classify`].
///
/// # Safety
/// The CPU must have AVX-512F/BW.
#[inline(always)]
unsafe fn classify_avx512(block: &[u8; 64]) -> Masks {
    // SAFETY: AVX-512F/BW are available (caller); `block` is 64
    // readable bytes.
    unsafe {
        let v = _mm512_loadu_si512(block.as_ptr().cast());
        let ws_t = _mm512_broadcast_i32x4(ws_table());
        let op_t = _mm512_broadcast_i32x4(op_table());
        let v20 = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
        Masks {
            quote: _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b'"' as i8)),
            bslash: _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b'\\' as i8)),
            ws: _mm512_cmpeq_epi8_mask(v, _mm512_shuffle_epi8(ws_t, v)),
            op: _mm512_cmpeq_epi8_mask(v20, _mm512_shuffle_epi8(op_t, v)),
            ctrl: _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F)),
            high: _mm512_movepi8_mask(v),
        }
    }
}

/// See [`Kernels::flatten`]: 16 bits at a time, the lane indices of the
/// set bits compressed to the front and all 16 lanes stored (the rest is
/// scratch).
///
/// # Safety
/// The CPU must have AVX-512F.
#[inline(always)]
unsafe fn flatten_avx512(out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
    let mut at = k;
    for j in 0..4u32 {
        let m16 = (m >> (16 * j)) as u16;
        let Some(dst) = out.get_mut(at..at + 16) else {
            break;
        };
        // SAFETY: AVX-512F is available (caller); `dst` is 16 writable
        // u32s (64 bytes).
        unsafe {
            let iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            let idx = _mm512_add_epi32(iota, _mm512_set1_epi32(base.wrapping_add(16 * j) as i32));
            let packed = _mm512_maskz_compress_epi32(m16, idx);
            _mm512_storeu_si512(dst.as_mut_ptr().cast(), packed);
        }
        at += m16.count_ones() as usize;
    }
    k + m.count_ones() as usize
}

/// See [`Kernels::flatten`]: the lane indices of the set bits, compressed
/// to the front as bytes in one step, then widened and offset 16 at a time
/// (usually once: a block rarely has more than 16 tokens).
///
/// # Safety
/// The CPU must have AVX-512F/BW and VBMI2.
#[inline(always)]
unsafe fn flatten_vbmi2(out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
    let cnt = m.count_ones() as usize;
    // SAFETY: AVX-512F/BW and VBMI2 are available (caller); every store
    // goes to 16 writable u32s.
    unsafe {
        let iota = _mm512_loadu_si512(IOTA.as_ptr().cast());
        let c = _mm512_maskz_compress_epi8(m, iota);
        let base = _mm512_set1_epi32(base as i32);
        macro_rules! store {
            ($at:expr, $q:expr) => {
                if let Some(dst) = out.get_mut($at..$at + 16) {
                    let w = _mm512_add_epi32(_mm512_cvtepu8_epi32($q), base);
                    _mm512_storeu_si512(dst.as_mut_ptr().cast(), w);
                }
            };
        }
        store!(k, _mm512_castsi512_si128(c));
        if cnt > 16 {
            store!(k + 16, _mm512_extracti32x4_epi32::<1>(c));
            if cnt > 32 {
                store!(k + 32, _mm512_extracti32x4_epi32::<2>(c));
                if cnt > 48 {
                    store!(k + 48, _mm512_extracti32x4_epi32::<3>(c));
                }
            }
        }
    }
    k + cnt
}

/// Lane i holds i.
static IOTA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// Implements [`Kernels`] for an x86 token: the scans and classification
/// at the width of `scan`, or with `classify`; for the levels above the
/// baseline (`features`: those the token proves, PCLMULQDQ among them)
/// also the prefix XOR by carry-less multiplication, the simple-escape
/// lookup at the width of `escapes`, the flattening `flatten` (default:
/// scalar), and
/// [`Kernels::compiled`] / [`Kernels::compiled_chunk`] as
/// `#[target_feature]` functions.
macro_rules! kernels {
    ($tok:ty { scan: $scan:ty, classify: $classify:expr
        $(, features: $features:literal, escapes: $esc:ty $(, flatten: $flatten:expr)?)? $(,)? }) => {
        impl Kernels for $tok {
            #[inline(always)]
            fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
                // SAFETY: a token exists only where its level is available,
                // and every level has the features of its scan width.
                unsafe { string_stop::<$scan>(inp, pos, utf8_ok) }
            }
            #[inline(always)]
            fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
                // SAFETY: as in `string_stop`.
                unsafe { skip_ws::<$scan>(inp, pos) }
            }
            #[inline(always)]
            fn classify(self, block: &[u8; 64]) -> Masks {
                // SAFETY: the token proves the features `$classify` uses.
                unsafe { $classify(block) }
            }
            $(
            #[inline(always)]
            fn simple_escapes(self, block: &[u8; 64]) -> u64 {
                // SAFETY: the token proves the features of `$esc`.
                unsafe { simple_escapes::<$esc>(block) }
            }
            #[inline(always)]
            fn unicode_escapes(self, block: &[u8; 64]) -> Unicode {
                /// Out of line, with the level's features: its caller,
                /// stage 1's cold escape check, is compiled without them
                /// (called in the chunk loop instead, its tables cost that
                /// loop registers: citm_catalog +0.8% instructions).
                ///
                /// # Safety
                /// The CPU must have the features (the token proves it).
                #[target_feature(enable = $features)]
                #[inline(never)]
                #[cold]
                unsafe fn unicode_at(block: &[u8; 64]) -> Unicode {
                    // SAFETY: the features are enabled here.
                    unsafe { unicode_escapes::<$esc>(block) }
                }
                // SAFETY: the token proves the features.
                unsafe { unicode_at(block) }
            }
            #[inline(always)]
            fn prefix_xor(self, x: u64) -> u64 {
                // SAFETY: every level above the baseline has PCLMULQDQ.
                unsafe { prefix_xor_clmul(x) }
            }
            $(
            #[inline(always)]
            fn flatten(self, out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
                // SAFETY: the token proves the features `$flatten` uses.
                unsafe { $flatten(out, k, base, m) }
            }
            )?
            #[inline(always)]
            fn compiled<J: Job>(self, job: J, inp: &[u8]) -> J::Output {
                /// `job` compiled with the level's features.
                ///
                /// # Safety
                /// The CPU must have them (`k` proves it).
                #[target_feature(enable = $features)]
                #[inline(never)]
                unsafe fn compiled_at<J: Job>(k: $tok, job: J, inp: &[u8]) -> J::Output {
                    job.run(k, inp)
                }
                // SAFETY: `self` proves the features.
                unsafe { compiled_at(self, job, inp) }
            }
            #[inline(always)]
            fn compiled_chunk<C: ChunkJob>(
                self,
                st: &mut C,
                inp: &[u8],
                out: &mut Buf,
            ) -> Option<usize> {
                /// `st.chunk` compiled with the level's features.
                ///
                /// # Safety
                /// The CPU must have them (`k` proves it).
                #[target_feature(enable = $features)]
                #[inline(never)]
                unsafe fn chunk_at<C: ChunkJob>(
                    k: $tok,
                    st: &mut C,
                    inp: &[u8],
                    out: &mut Buf,
                ) -> Option<usize> {
                    st.chunk(k, inp, out)
                }
                // SAFETY: `self` proves the features.
                unsafe { chunk_at(self, st, inp, out) }
            }
            )?
        }
    };
}

kernels!(Sse2 {
    scan: __m128i,
    classify: classify::<__m128i>,
});

kernels!(Avx2 {
    scan: __m256i,
    classify: classify::<__m256i>,
    features: "avx2,pclmulqdq,bmi1,popcnt",
    escapes: __m256i,
});

kernels!(Avx512 {
    scan: __m256i,
    classify: classify_avx512,
    features: "avx512f,avx512bw,avx2,pclmulqdq,bmi1,popcnt",
    escapes: __m512i,
    flatten: flatten_avx512,
});

kernels!(Avx512Vbmi2 {
    scan: __m256i,
    classify: classify_avx512,
    features: "avx512f,avx512bw,avx512vbmi2,avx2,pclmulqdq,bmi1,popcnt",
    escapes: __m512i,
    flatten: flatten_vbmi2,
});
