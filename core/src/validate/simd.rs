//! Byte-run skipping for the scanner: plain string bytes and whitespace.
//!
//! Both scans treat the input as NUL-terminated, like PHP's scanner does with
//! its `zend_string`: the bytes past `inp.len()` read as `0`. A 0 byte stops
//! both scans (it is a control character), so a scan never runs past the end:
//! it returns at most `inp.len()`, the position of the virtual terminator.
//!
//! One algorithm, several widths (the memchr layout): [`Vector`] is a
//! handful of `#[inline(always)]` primitives for SSE2 (`__m128i`, the x86_64
//! baseline) and AVX2 (`__m256i`), and `string_stop` / `skip_ws` are written
//! once over it. They are `unsafe` because the vector's CPU feature must be
//! enabled; the safe entry points are the methods of the [`Skip`] tokens
//! [`Sse2`] and [`Avx2`], whose values exist only where their feature does.
//! The whole validator is monomorphized per token and, for AVX2, compiled
//! inside a `#[target_feature(enable = "avx2")]` function (see `super`).
//! Tails shorter than one vector are copied into a zeroed buffer, which also
//! supplies the terminating 0: loads never leave the input.

use super::fast::{flatten_scalar, Buf, Stage1};

/// The scans the scanner and the fast path need, for one instruction set.
pub(crate) trait Skip: Copy {
    /// Position of the first byte at or after `pos` that ends a run of plain
    /// string bytes: `"`, `\`, a control byte 0x00..=0x1F, the end of input,
    /// or a byte >= 0x80 at a position `>= utf8_ok`. Bytes >= 0x80 before
    /// `utf8_ok` belong to UTF-8 the caller already validated.
    fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize;

    /// Position of the first byte at or after `pos` that is not JSON
    /// whitespace (space, `\t`, `\n`, `\r`); `inp.len()` if the input ends
    /// first.
    fn skip_ws(self, inp: &[u8], pos: usize) -> usize;

    /// Classifies the 64 bytes of a block, one bit per byte (bit i = byte i).
    fn classify(self, block: &[u8; 64]) -> Masks;

    /// The bytes of a block that complete a simple escape after a
    /// backslash: `" \ / b f n r t` (bit i = byte i). Used only for blocks
    /// with escapes. May leave out any of them (the scalar check then
    /// looks at those escapes); the default leaves out all.
    #[inline(always)]
    fn simple_escapes(self, _block: &[u8; 64]) -> u64 {
        0
    }

    /// Appends `base` + the position of every bit of `m` to `out[k..]` and
    /// returns the new count (see [`flatten_scalar`]); may write scratch
    /// entries up to `out[k + 64]`.
    #[inline(always)]
    fn flatten(self, out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
        flatten_scalar(out, k, base, m)
    }

    /// The fast path's stage 1 over one chunk, compiled for this
    /// instruction set (see [`Stage1::chunk`]).
    #[inline(always)]
    fn stage1_chunk(self, st: &mut Stage1, inp: &[u8], out: &mut Buf) -> Option<usize> {
        st.chunk(self, inp, out)
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
}

/// Byte classes of a 64-byte block, one bit per byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Masks {
    /// `"`
    pub quote: u64,
    /// `\`
    pub bslash: u64,
    /// JSON whitespace: space, `\t`, `\n`, `\r`
    pub ws: u64,
    /// Structural bytes: `{ } [ ] : ,` (SIMD versions may also flag the
    /// control bytes 0x0C and 0x1A, which every user rejects anyway)
    pub op: u64,
    /// Control bytes 0x00..=0x1F (whitespace other than space included)
    pub ctrl: u64,
    /// Bytes >= 0x80
    pub high: u64,
}

/// The scalar definition of [`Masks`] (also the fallback implementation).
#[inline(always)]
pub(crate) fn classify_scalar(block: &[u8; 64]) -> Masks {
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

/// Portable byte-at-a-time scans (targets other than x86_64).
#[allow(dead_code)]
#[derive(Clone, Copy)]
pub(crate) struct Scalar;

impl Skip for Scalar {
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
            if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
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

#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) use x86::Avx512Vbmi2;
#[cfg(target_arch = "x86_64")]
pub(crate) use x86::{Avx2, Avx512, Sse2};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Buf, Masks, Skip, Stage1};
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
            // SAFETY (whole body): the feature is available (caller).
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

    impl Vector for __m128i {
        const LANES: usize = 16;
        #[inline(always)]
        unsafe fn load(p: *const u8) -> Self {
            // SAFETY: the caller guarantees 16 readable bytes at `p`.
            unsafe { _mm_loadu_si128(p.cast()) }
        }
        #[inline(always)]
        unsafe fn splat(b: u8) -> Self {
            // SAFETY: SSE2 is available (trait contract).
            unsafe { _mm_set1_epi8(b as i8) }
        }
        #[inline(always)]
        unsafe fn eq(self, o: Self) -> Self {
            // SAFETY: SSE2 is available (trait contract).
            unsafe { _mm_cmpeq_epi8(self, o) }
        }
        #[inline(always)]
        unsafe fn or(self, o: Self) -> Self {
            // SAFETY: SSE2 is available (trait contract).
            unsafe { _mm_or_si128(self, o) }
        }
        #[inline(always)]
        unsafe fn le_1f(self) -> Self {
            // SAFETY: SSE2 is available (trait contract).
            // max(v, 0x1F) == 0x1F  <=>  v <= 0x1F
            unsafe {
                let c = _mm_set1_epi8(0x1F);
                _mm_cmpeq_epi8(_mm_max_epu8(self, c), c)
            }
        }
        #[inline(always)]
        unsafe fn movemask(self) -> u64 {
            // SAFETY: SSE2 is available (trait contract).
            unsafe { _mm_movemask_epi8(self) as u32 as u64 }
        }
        #[inline(always)]
        unsafe fn or_splat_20(self) -> Self {
            // SAFETY: SSE2 is available (trait contract).
            unsafe { _mm_or_si128(self, _mm_set1_epi8(0x20)) }
        }
    }

    impl Vector for __m256i {
        const LANES: usize = 32;
        #[inline(always)]
        unsafe fn load(p: *const u8) -> Self {
            // SAFETY: the caller guarantees 32 readable bytes at `p` and AVX2.
            unsafe { _mm256_loadu_si256(p.cast()) }
        }
        #[inline(always)]
        unsafe fn splat(b: u8) -> Self {
            // SAFETY: AVX2 is available (trait contract).
            unsafe { _mm256_set1_epi8(b as i8) }
        }
        #[inline(always)]
        unsafe fn eq(self, o: Self) -> Self {
            // SAFETY: AVX2 is available (trait contract).
            unsafe { _mm256_cmpeq_epi8(self, o) }
        }
        #[inline(always)]
        unsafe fn or(self, o: Self) -> Self {
            // SAFETY: AVX2 is available (trait contract).
            unsafe { _mm256_or_si256(self, o) }
        }
        #[inline(always)]
        unsafe fn le_1f(self) -> Self {
            // SAFETY: AVX2 is available (trait contract).
            unsafe {
                let c = _mm256_set1_epi8(0x1F);
                _mm256_cmpeq_epi8(_mm256_max_epu8(self, c), c)
            }
        }
        #[inline(always)]
        unsafe fn movemask(self) -> u64 {
            // SAFETY: AVX2 is available (trait contract).
            unsafe { _mm256_movemask_epi8(self) as u32 as u64 }
        }
        #[inline(always)]
        unsafe fn or_splat_20(self) -> Self {
            // SAFETY: AVX2 is available (trait contract).
            unsafe { _mm256_or_si256(self, _mm256_set1_epi8(0x20)) }
        }
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
    }

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

    /// See [`Skip::simple_escapes`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    unsafe fn simple_escapes_avx2(block: &[u8; 64]) -> u64 {
        // SAFETY: AVX2 is available (caller); the loads read 32 bytes
        // inside the 64-byte block and the 16-byte tables.
        unsafe {
            let lo_t = _mm256_broadcastsi128_si256(_mm_loadu_si128(ESC_LO.as_ptr().cast()));
            let hi_t = _mm256_broadcastsi128_si256(_mm_loadu_si128(ESC_HI.as_ptr().cast()));
            let nib = _mm256_set1_epi8(0x0F);
            let mut m = 0u64;
            for i in [0usize, 32] {
                let v = _mm256_loadu_si256(block.as_ptr().add(i).cast());
                let lo = _mm256_shuffle_epi8(lo_t, _mm256_and_si256(v, nib));
                let hi = _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(v, 4), nib));
                let none = _mm256_cmpeq_epi8(_mm256_and_si256(lo, hi), _mm256_setzero_si256());
                m |= (!(_mm256_movemask_epi8(none) as u32) as u64) << i;
            }
            m
        }
    }

    /// See [`Skip::simple_escapes`].
    ///
    /// # Safety
    /// The CPU must have AVX-512F/BW.
    #[inline(always)]
    unsafe fn simple_escapes_avx512(block: &[u8; 64]) -> u64 {
        // SAFETY: AVX-512F/BW are available (caller); the loads read the
        // 64-byte block and the 16-byte tables.
        unsafe {
            let lo_t = _mm512_broadcast_i32x4(_mm_loadu_si128(ESC_LO.as_ptr().cast()));
            let hi_t = _mm512_broadcast_i32x4(_mm_loadu_si128(ESC_HI.as_ptr().cast()));
            let nib = _mm512_set1_epi8(0x0F);
            let v = _mm512_loadu_si512(block.as_ptr().cast());
            let lo = _mm512_shuffle_epi8(lo_t, _mm512_and_si512(v, nib));
            let hi = _mm512_shuffle_epi8(hi_t, _mm512_and_si512(_mm512_srli_epi16(v, 4), nib));
            _mm512_test_epi8_mask(lo, hi)
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

    /// See [`Skip::string_stop`].
    ///
    /// # Safety
    /// `V`'s CPU feature must be available.
    #[inline(always)]
    unsafe fn string_stop<V: Vector>(inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
        // SAFETY (whole body): the feature is available (caller); loads go
        // through `load_at`, which stays in bounds.
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

    /// See [`Skip::skip_ws`].
    ///
    /// # Safety
    /// `V`'s CPU feature must be available.
    #[inline(always)]
    unsafe fn skip_ws<V: Vector>(inp: &[u8], pos: usize) -> usize {
        // SAFETY (whole body): as in `string_stop`.
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

    /// See [`Skip::classify`].
    ///
    /// # Safety
    /// `V`'s CPU feature must be available.
    #[inline(always)]
    unsafe fn classify<V: Vector>(block: &[u8; 64]) -> Masks {
        // SAFETY (whole body): the feature is available (caller); every
        // load reads LANES bytes inside the 64-byte block.
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

    /// SSE2 scans (always available on x86_64).
    #[derive(Clone, Copy)]
    pub(crate) struct Sse2;

    impl Skip for Sse2 {
        #[inline(always)]
        fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { string_stop::<__m128i>(inp, pos, utf8_ok) }
        }
        #[inline(always)]
        fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { skip_ws::<__m128i>(inp, pos) }
        }
        #[inline(always)]
        fn classify(self, block: &[u8; 64]) -> Masks {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { classify::<__m128i>(block) }
        }
    }

    /// AVX2 scans and stage 1. A value is proof that the CPU has AVX2,
    /// PCLMULQDQ, BMI1 and POPCNT.
    #[derive(Clone, Copy)]
    pub(crate) struct Avx2(());

    impl Avx2 {
        /// `Some` if this CPU has AVX2 and PCLMULQDQ.
        #[inline]
        pub(crate) fn new() -> Option<Self> {
            (level() >= LEVEL_AVX2).then_some(Avx2(()))
        }
    }

    impl Skip for Avx2 {
        #[inline(always)]
        fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
            // SAFETY: an `Avx2` value exists only if AVX2 is available.
            unsafe { string_stop::<__m256i>(inp, pos, utf8_ok) }
        }
        #[inline(always)]
        fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
            // SAFETY: an `Avx2` value exists only if AVX2 is available.
            unsafe { skip_ws::<__m256i>(inp, pos) }
        }
        #[inline(always)]
        fn classify(self, block: &[u8; 64]) -> Masks {
            // SAFETY: an `Avx2` value exists only if AVX2 is available.
            unsafe { classify::<__m256i>(block) }
        }
        #[inline(always)]
        fn simple_escapes(self, block: &[u8; 64]) -> u64 {
            // SAFETY: an `Avx2` value exists only if AVX2 is available.
            unsafe { simple_escapes_avx2(block) }
        }
        #[inline(always)]
        fn prefix_xor(self, x: u64) -> u64 {
            // SAFETY: an `Avx2` value exists only if PCLMULQDQ is available.
            unsafe { prefix_xor_clmul(x) }
        }
        #[inline(always)]
        fn stage1_chunk(self, st: &mut Stage1, inp: &[u8], out: &mut Buf) -> Option<usize> {
            // SAFETY: an `Avx2` value exists only if AVX2 and PCLMULQDQ are
            // available.
            unsafe { stage1_avx2(self, st, inp, out) }
        }
    }

    /// AVX-512BW stage 1 (and AVX2 scans). A value is proof that the CPU has
    /// AVX-512F/BW, AVX2, PCLMULQDQ, BMI1 and POPCNT; `vbmi2` says whether
    /// it also has AVX512-VBMI2 (stage 1 then runs as [`Avx512Vbmi2`]).
    #[derive(Clone, Copy)]
    pub(crate) struct Avx512 {
        vbmi2: bool,
    }

    impl Avx512 {
        /// `Some` if this CPU has everything [`Avx512`] needs.
        #[inline]
        pub(crate) fn new() -> Option<Self> {
            let l = level();
            (l >= LEVEL_AVX512).then_some(Avx512 {
                vbmi2: l >= LEVEL_AVX512_VBMI2,
            })
        }
    }

    /// [`Avx512`] plus AVX512-VBMI2 (byte compression), for stage 1: its
    /// token flattening compresses the 64 lane indices in one instruction.
    #[derive(Clone, Copy)]
    pub(crate) struct Avx512Vbmi2(());

    impl Avx512Vbmi2 {
        /// `Some` if this CPU has everything [`Avx512Vbmi2`] needs.
        #[cfg(test)]
        pub(crate) fn new() -> Option<Self> {
            (level() >= LEVEL_AVX512_VBMI2).then_some(Avx512Vbmi2(()))
        }
    }

    const LEVEL_UNKNOWN: u8 = 0;
    const LEVEL_SSE2: u8 = 1;
    const LEVEL_AVX2: u8 = 2;
    const LEVEL_AVX512: u8 = 3;
    const LEVEL_AVX512_VBMI2: u8 = 4;
    static LEVEL: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(LEVEL_UNKNOWN);

    /// The best instruction set level of this CPU, detected once.
    #[inline]
    fn level() -> u8 {
        use core::sync::atomic::Ordering::Relaxed;
        let l = LEVEL.load(Relaxed);
        if l != LEVEL_UNKNOWN {
            return l;
        }
        let avx2 = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("pclmulqdq")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("popcnt");
        let avx512 = avx2
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw");
        let vbmi2 = avx512 && std::is_x86_feature_detected!("avx512vbmi2");
        let mut l = if vbmi2 {
            LEVEL_AVX512_VBMI2
        } else if avx512 {
            LEVEL_AVX512
        } else if avx2 {
            LEVEL_AVX2
        } else {
            LEVEL_SSE2
        };
        // Testing aid: RUSTJSON_VALIDATE_ISA=sse2|avx2|avx512 lowers the
        // level (avx512: AVX-512BW without VBMI2).
        match std::env::var("RUSTJSON_VALIDATE_ISA").as_deref() {
            Ok("sse2") => l = LEVEL_SSE2,
            Ok("avx2") => l = l.min(LEVEL_AVX2),
            Ok("avx512") => l = l.min(LEVEL_AVX512),
            _ => {}
        }
        LEVEL.store(l, Relaxed);
        l
    }

    impl Skip for Avx512 {
        #[inline(always)]
        fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
            // SAFETY: an `Avx512` value exists only if AVX2 is available.
            unsafe { string_stop::<__m256i>(inp, pos, utf8_ok) }
        }
        #[inline(always)]
        fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
            // SAFETY: an `Avx512` value exists only if AVX2 is available.
            unsafe { skip_ws::<__m256i>(inp, pos) }
        }
        #[inline(always)]
        fn classify(self, block: &[u8; 64]) -> Masks {
            // SAFETY: an `Avx512` value exists only if AVX-512F/BW are
            // available.
            unsafe { classify_avx512(block) }
        }
        #[inline(always)]
        fn simple_escapes(self, block: &[u8; 64]) -> u64 {
            // SAFETY: an `Avx512` value exists only if AVX-512F/BW are
            // available.
            unsafe { simple_escapes_avx512(block) }
        }
        #[inline(always)]
        fn prefix_xor(self, x: u64) -> u64 {
            // SAFETY: an `Avx512` value exists only if PCLMULQDQ is available.
            unsafe { prefix_xor_clmul(x) }
        }
        #[inline(always)]
        fn flatten(self, out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
            // 16 bits at a time: compress the lane indices of the set bits
            // to the front and store all 16 lanes (the rest is scratch).
            let mut at = k;
            for j in 0..4u32 {
                let m16 = (m >> (16 * j)) as u16;
                let Some(dst) = out.get_mut(at..at + 16) else {
                    break;
                };
                // SAFETY: an `Avx512` value exists only if AVX-512F is
                // available; `dst` is 16 writable u32s (64 bytes).
                unsafe {
                    let iota =
                        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                    let idx =
                        _mm512_add_epi32(iota, _mm512_set1_epi32(base.wrapping_add(16 * j) as i32));
                    let packed = _mm512_maskz_compress_epi32(m16, idx);
                    _mm512_storeu_si512(dst.as_mut_ptr().cast(), packed);
                }
                at += m16.count_ones() as usize;
            }
            k + m.count_ones() as usize
        }
        #[inline(always)]
        fn stage1_chunk(self, st: &mut Stage1, inp: &[u8], out: &mut Buf) -> Option<usize> {
            if self.vbmi2 {
                // SAFETY: `vbmi2` is set only if the CPU has everything
                // `Avx512Vbmi2` stands for.
                unsafe { stage1_avx512_vbmi2(Avx512Vbmi2(()), st, inp, out) }
            } else {
                // SAFETY: an `Avx512` value proves every feature this needs.
                unsafe { stage1_avx512(self, st, inp, out) }
            }
        }
    }

    /// See [`Skip::classify`].
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

    impl Avx512Vbmi2 {
        /// The [`Avx512`] this CPU also is (everything but the flattening
        /// is shared).
        #[inline(always)]
        fn base(self) -> Avx512 {
            Avx512 { vbmi2: true }
        }
    }

    impl Skip for Avx512Vbmi2 {
        #[inline(always)]
        fn string_stop(self, inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
            self.base().string_stop(inp, pos, utf8_ok)
        }
        #[inline(always)]
        fn skip_ws(self, inp: &[u8], pos: usize) -> usize {
            self.base().skip_ws(inp, pos)
        }
        #[inline(always)]
        fn classify(self, block: &[u8; 64]) -> Masks {
            self.base().classify(block)
        }
        #[inline(always)]
        fn simple_escapes(self, block: &[u8; 64]) -> u64 {
            self.base().simple_escapes(block)
        }
        #[inline(always)]
        fn prefix_xor(self, x: u64) -> u64 {
            self.base().prefix_xor(x)
        }
        #[inline(always)]
        fn flatten(self, out: &mut Buf, k: usize, base: u32, m: u64) -> usize {
            // The lane indices of the set bits, compressed to the front as
            // bytes in one step, then widened and offset 16 at a time
            // (usually once: a block rarely has more than 16 tokens).
            let cnt = m.count_ones() as usize;
            // SAFETY: an `Avx512Vbmi2` value exists only if AVX-512F/BW and
            // VBMI2 are available; every store goes to 16 writable u32s.
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

    /// Stage 1 over a chunk, compiled with AVX-512BW and VBMI2.
    ///
    /// # Safety
    /// The CPU must have what [`Avx512Vbmi2`] stands for (`a` proves it).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,avx2,pclmulqdq,bmi1,popcnt")]
    #[inline(never)]
    unsafe fn stage1_avx512_vbmi2(
        a: Avx512Vbmi2,
        st: &mut Stage1,
        inp: &[u8],
        out: &mut Buf,
    ) -> Option<usize> {
        st.chunk(a, inp, out)
    }

    /// Stage 1 over a chunk, compiled with AVX-512BW.
    ///
    /// # Safety
    /// The CPU must have what [`Avx512`] checks (`a` proves it).
    #[target_feature(enable = "avx512f,avx512bw,avx2,pclmulqdq,bmi1,popcnt")]
    #[inline(never)]
    unsafe fn stage1_avx512(
        a: Avx512,
        st: &mut Stage1,
        inp: &[u8],
        out: &mut Buf,
    ) -> Option<usize> {
        st.chunk(a, inp, out)
    }

    /// Stage 1 over a chunk, compiled with AVX2 (a call per chunk keeps
    /// the vector code out of stage 2's many call sites).
    ///
    /// # Safety
    /// The CPU must have AVX2 and PCLMULQDQ (`a` proves it).
    #[target_feature(enable = "avx2,pclmulqdq,bmi1,popcnt")]
    #[inline(never)]
    unsafe fn stage1_avx2(a: Avx2, st: &mut Stage1, inp: &[u8], out: &mut Buf) -> Option<usize> {
        st.chunk(a, inp, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_string_stop(inp: &[u8], pos: usize, utf8_ok: usize) -> usize {
        Scalar.string_stop(inp, pos, utf8_ok)
    }

    fn naive_skip_ws(inp: &[u8], pos: usize) -> usize {
        Scalar.skip_ws(inp, pos)
    }

    fn check<S: Skip>(s: S) {
        let alphabet = [
            b'a', b' ', b'\n', b'\r', b'\t', b'"', b'\\', 0, 0x1F, 0x20, 0x7F, 0x80, 0xFF,
        ];
        let mut seed = 0x1234_5678_u64;
        for len in 0..100 {
            for _ in 0..30 {
                let v: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        // Mostly plain bytes, so that runs get long.
                        match seed % 16 {
                            0..=5 => b'a',
                            6..=11 => b' ',
                            _ => alphabet[(seed >> 8) as usize % alphabet.len()],
                        }
                    })
                    .collect();
                for pos in 0..=len {
                    assert_eq!(s.skip_ws(&v, pos), naive_skip_ws(&v, pos), "{v:?} {pos}");
                    for ok in [0, pos, pos + 3, pos + 15, pos + 16, pos + 31, pos + 40, len] {
                        assert_eq!(
                            s.string_stop(&v, pos, ok),
                            naive_string_stop(&v, pos, ok),
                            "{v:?} {pos} {ok}"
                        );
                    }
                }
            }
        }
    }

    fn check_classify<S: Skip>(s: S) {
        let mut seed = 0xDEAD_BEEF_u64;
        for _ in 0..2000 {
            let mut block = [0u8; 64];
            for b in block.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *b = (seed >> 24) as u8;
                if seed.is_multiple_of(3) {
                    let alphabet: &[u8] = b"{}[]:, \t\n\r\"\\\x00\x1f\x20\x7f\x80\xff";
                    *b = alphabet[(seed >> 40) as usize % alphabet.len()];
                }
            }
            let (mut got, want) = (s.classify(&block), classify_scalar(&block));
            assert_eq!(got.op & got.ctrl & !want.ctrl, 0);
            got.op &= !want.ctrl;
            assert_eq!(got, want);
            let x = seed.rotate_left(17) ^ (seed >> 3);
            assert_eq!(s.prefix_xor(x), Scalar.prefix_xor(x));
        }
    }

    fn check_flatten<S: Skip>(s: S) {
        let mut seed = 0xF1A7_u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = seed & seed.rotate_left(7) | (seed >> 60) << 3;
            let k = (seed % 900) as usize;
            let mut a = [0u32; crate::validate::fast::BUF];
            let mut b = [0u32; crate::validate::fast::BUF];
            let na = s.flatten(&mut a, k, 1000, m);
            let nb = Scalar.flatten(&mut b, k, 1000, m);
            assert_eq!(na, nb);
            assert_eq!(a[k..na], b[k..nb]);
            let want: Vec<u32> = (0..64)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| 1000 + i)
                .collect();
            assert_eq!(a[k..na], want[..]);
        }
    }

    #[test]
    fn flatten_matches_scalar() {
        #[cfg(target_arch = "x86_64")]
        {
            check_flatten(Sse2);
            if let Some(a) = Avx512::new() {
                check_flatten(a);
            }
            if let Some(a) = Avx512Vbmi2::new() {
                check_flatten(a);
            }
        }
        check_flatten(Scalar);
    }

    fn check_simple_escapes<S: Skip>(s: S) {
        let simple = |b: u8| matches!(b, b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't');
        for start in (0..256).step_by(64) {
            let mut block = [0u8; 64];
            for (i, b) in block.iter_mut().enumerate() {
                *b = (start + i) as u8;
            }
            let want = (0..64)
                .filter(|&i| simple(block[i]))
                .fold(0u64, |m, i| m | 1 << i);
            assert_eq!(s.simple_escapes(&block), want, "{start}");
        }
    }

    #[test]
    fn simple_escapes_exact() {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(a) = Avx2::new() {
                check_simple_escapes(a);
            }
            if let Some(a) = Avx512::new() {
                check_simple_escapes(a);
            }
            if let Some(a) = Avx512Vbmi2::new() {
                check_simple_escapes(a);
            }
        }
    }

    #[test]
    fn classify_matches_scalar() {
        #[cfg(target_arch = "x86_64")]
        {
            check_classify(Sse2);
            if let Some(a) = Avx2::new() {
                check_classify(a);
            }
            if let Some(a) = Avx512::new() {
                check_classify(a);
            }
            if let Some(a) = Avx512Vbmi2::new() {
                check_classify(a);
            }
        }
        let x = 0b1001_0110u64;
        assert_eq!(Scalar.prefix_xor(x), 0b0111_0010);
    }

    #[test]
    fn scans_match_scalar() {
        #[cfg(target_arch = "x86_64")]
        {
            check(Sse2);
            if let Some(a) = Avx2::new() {
                check(a);
            }
            if let Some(a) = Avx512::new() {
                check(a);
            }
        }
        check(Scalar);
    }
}
