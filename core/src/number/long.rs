//! `smart_str_append_long()`: a PHP int as plain decimal.

use crate::Sink;

/// "00" "01" ... "99": two digits per table lookup.
pub(super) static DIGITS2: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        t[2 * i] = b'0' + (i / 10) as u8;
        t[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    t
};

/// 10^k for k = 0..=19 (the rest never matches).
pub(super) static POW10: [u64; 32] = {
    let mut t = [u64::MAX; 32];
    t[0] = 1;
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// Number of decimal digits of `n` (1 for 0): the bit length gives a guess
/// (log10(2) ~ 1233/4096) that is exact or one short; one compare fixes it.
#[inline(always)]
pub fn decimal_len(n: u64) -> usize {
    let n = n | 1;
    let bits = 64 - n.leading_zeros() as usize;
    let guess = (bits * 1233) >> 12;
    guess + usize::from(n >= POW10[guess & 31])
}

/// Fraction bits of the fixed-point digit extraction in [`write_fixed`].
const FRAC: u32 = 57;
const FRAC_MASK: u64 = (1 << FRAC) - 1;

/// ceil(2^57 / 10^k) for k = 0, 2, 4, 6, 8.
static SCALE: [u64; 5] = {
    let mut t = [0u64; 5];
    let mut i = 0;
    while i < 5 {
        let p = 10u64.pow(2 * i as u32);
        t[i] = (1u64 << FRAC).div_ceil(p);
        i += 1;
    }
    t
};

/// Writes `n`, which has `K + 1` digits (`SINGLE`) or `K + 2`, at `dst`,
/// left to right: `y = n * ceil(2^57 / 10^K)` holds `n / 10^K` in 57-bit
/// fixed point, so its integer part is the leading digit(s); each further
/// pair is the integer part of the fraction times 100 (one multiply, no
/// division chain).
///
/// Exactness: with `y = 2^57 n / 10^K + n e` (`0 <= e < 1`), every step's
/// integer part is exact while the error `n e` stays under one step of
/// the fraction, `2^57 / 10^K`; `n < 10^(K + 2)` gives that for `K <= 6`,
/// and for `K = 8` it holds because `n < 10^9` there (`SINGLE`). Each
/// multiply by 100 scales the error and the step alike. The products fit:
/// `y < 100 * 2^57`. (Checked exhaustively for n < 10^9 by a test.)
///
/// # Safety
/// `dst .. dst + K + 1 + !SINGLE` must be writable.
#[inline(always)]
unsafe fn write_fixed<const K: usize, const SINGLE: bool>(dst: *mut u8, n: u64) {
    let table = DIGITS2.as_ptr();
    let mut y = n.wrapping_mul(SCALE[K / 2]);
    // SAFETY: the caller's contract; every table index is 2 * (a value
    // under 100).
    unsafe {
        let mut p = dst;
        let lead = (y >> FRAC) as usize;
        if SINGLE {
            p.write(b'0' + lead as u8);
            p = p.add(1);
        } else {
            core::ptr::copy_nonoverlapping(table.add(lead * 2), p, 2);
            p = p.add(2);
        }
        let mut i = 0;
        while i < K / 2 {
            y = (y & FRAC_MASK) * 100;
            core::ptr::copy_nonoverlapping(table.add((y >> FRAC) as usize * 2), p, 2);
            p = p.add(2);
            i += 1;
        }
    }
}

/// Writes `n`, which has `len` (1 to 9) digits, at `dst`.
///
/// # Safety
/// `dst .. dst + len` must be writable.
#[inline(always)]
unsafe fn write_digits_lt9(dst: *mut u8, n: u64, len: usize) {
    debug_assert!(n < 1_000_000_000 && decimal_len(n) == len);
    // SAFETY: forwarded; each arm matches n's digit count.
    unsafe {
        match len {
            1 => dst.write(b'0' + n as u8),
            2 => core::ptr::copy_nonoverlapping(DIGITS2.as_ptr().add(n as usize * 2), dst, 2),
            3 => write_fixed::<2, true>(dst, n),
            4 => write_fixed::<2, false>(dst, n),
            5 => write_fixed::<4, true>(dst, n),
            6 => write_fixed::<4, false>(dst, n),
            7 => write_fixed::<6, true>(dst, n),
            8 => write_fixed::<6, false>(dst, n),
            _ => write_fixed::<8, true>(dst, n),
        }
    }
}

/// [`write_digits`] for 10 to 20 digits: eight-digit groups from the
/// right, the leading 1 to 9 digits first.
///
/// # Safety
/// As for [`write_digits`].
#[inline(never)]
unsafe fn write_digits_long(dst: *mut u8, n: u64, len: usize) {
    const E8: u64 = 100_000_000;
    let (hi, lo) = (n / E8, n % E8);
    let head = len - 8;
    // SAFETY: forwarded; the groups tile dst .. dst + len.
    unsafe {
        if head <= 9 {
            write_digits_lt9(dst, hi, head);
        } else {
            write_digits_lt9(dst, hi / E8, head - 8);
            write_fixed::<6, false>(dst.add(head - 8), hi % E8);
        }
        write_fixed::<6, false>(dst.add(head), lo);
    }
}

/// Writes the `len` decimal digits of `n` at `dst`, left to right.
///
/// # Safety
/// `dst .. dst + len` must be writable, and `len` must be `n`'s digit count.
#[inline(always)]
unsafe fn write_digits(dst: *mut u8, n: u64, len: usize) {
    // SAFETY: forwarded.
    unsafe {
        if len <= 9 {
            write_digits_lt9(dst, n, len);
        } else {
            write_digits_long(dst, n, len);
        }
    }
}

/// The longest text of a PHP int: `-9223372036854775808`.
pub const LONG_MAX_LEN: usize = 20;

/// Writes the text of `v` (as [`write_long`] does) at `dst` and returns its
/// length, for a writer that keeps its own pointer (a run of ints in a
/// list). Bytes past the text, up to `dst + LONG_MAX_LEN`, may be
/// overwritten with garbage.
///
/// Below 10^8 the digits come from one SWAR conversion ([`digits8`]: eight
/// digits, leading zeros included) stored as one 8-byte word after its
/// leading zero bytes are shifted out: no digit count, no branch on it.
/// Below 10^16: two such words. Longer: [`write_digits`].
///
/// # Safety
/// `dst .. dst + LONG_MAX_LEN` must be writable.
#[inline(always)]
pub unsafe fn write_long_at(dst: *mut u8, v: i64) -> usize {
    let n = v.unsigned_abs();
    let neg = usize::from(v < 0);
    // SAFETY: the caller's contract; every store below lies in
    // dst .. dst + LONG_MAX_LEN (sign 1, then at most 8 + 8 bytes, or the
    // exact digits of a 17- to 19-digit number).
    unsafe {
        dst.write(b'-');
        let p = dst.add(neg);
        if n < 100_000_000 {
            neg + write_swar8(p, n)
        } else if n < 10_000_000_000_000_000 {
            let (hi, lo) = (n / 100_000_000, n % 100_000_000);
            let head = write_swar8(p, hi);
            let d = super::digits::digits8(lo) + 0x3030_3030_3030_3030;
            p.add(head).cast::<u64>().write_unaligned(d.to_le());
            neg + head + 8
        } else {
            neg + write_digits_17_19(p, n)
        }
    }
}

/// Writes the texts of `a` and `b` with the `sep_len` bytes of `sep`
/// (stored whole) between them at `dst`, and returns their length: two
/// [`write_long_at`] calls in one, the digits of both converted at once
/// ([`digits16`](super::digits::digits16)) when both are below 10^8 in
/// magnitude. Bytes past the text may be overwritten with garbage.
///
/// # Safety
/// `dst .. dst + 2 * LONG_MAX_LEN + sep_len` must be writable; `sep_len
/// <= 16`.
#[inline(always)]
pub unsafe fn write_long_pair_at(dst: *mut u8, a: i64, b: i64, sep: u128, sep_len: usize) -> usize {
    debug_assert!(sep_len <= 16);
    let (na, nb) = (a.unsigned_abs(), b.unsigned_abs());
    // SAFETY: the caller's contract. Fast case: '-' at dst, a's 8-byte
    // word at most at dst + 1, the separator word at most at dst + 9 (16
    // bytes: dst + 25), b's sign and word at most at dst + 9 + sep_len + 1
    // (8 bytes: dst + 18 + sep_len); all within 2 * LONG_MAX_LEN + sep_len.
    // Otherwise: a's text (LONG_MAX_LEN at most), the separator word from
    // dst + 20 at most (dst + 36), b's from dst + 20 + sep_len.
    unsafe {
        if na.max(nb) >= 100_000_000 {
            let la = write_long_at(dst, a);
            write_sep(dst.add(la), sep, sep_len);
            let q = dst.add(la + sep_len);
            return la + sep_len + write_long_at(q, b);
        }
        let (neg_a, neg_b) = (usize::from(a < 0), usize::from(b < 0));
        let (d, nonzero) = super::digits::digits16(na, nb);
        let (wa, wb) = super::digits::halves(d);
        // Leading zero digits of each (the last digit always stays).
        let za = (nonzero | 0x80).trailing_zeros() as usize;
        let zb = ((nonzero >> 8) | 0x80).trailing_zeros() as usize;
        dst.write(b'-');
        let pa = dst.add(neg_a);
        pa.cast::<u64>().write_unaligned((wa >> (8 * za)).to_le());
        let s = pa.add(8 - za);
        write_sep(s, sep, sep_len);
        let q = s.add(sep_len);
        q.write(b'-');
        let pb = q.add(neg_b);
        pb.cast::<u64>().write_unaligned((wb >> (8 * zb)).to_le());
        pb.add(8 - zb).offset_from(dst) as usize
    }
}

/// A run of ints below 10^8 in magnitude from a list of 16-byte slots
/// (the value as a little-endian `i64` in the first word, a type tag in
/// the low byte of the second; e.g. PHP's zvals), four at a time: for as
/// long as the next four slots are tagged `tag`, hold such ints and fit,
/// their texts go to `dst`, each after the `sep_len` bytes of `sep`
/// (bytes 0..16) and `sep_hi` (bytes 16..32). Returns how many slots were
/// taken (a multiple of four) and how many bytes written. The digits of
/// four come from one AVX2 conversion ([`digits32_avx2`]). Bytes past the
/// text may be overwritten with garbage.
///
/// # Safety
/// `dst .. dst + room` must be writable; `slots` readable; `sep_len <=
/// 32`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub unsafe fn write_long_quads(
    _avx2: crate::isa::Avx2,
    slots: &[[u64; 2]],
    tag: u8,
    dst: *mut u8,
    room: usize,
    sep: u128,
    sep_hi: u128,
    sep_len: usize,
) -> (usize, usize) {
    // SAFETY: the token proves AVX2; the rest is the caller's contract.
    unsafe { long_quads_avx2(slots, tag, dst, room, sep, sep_hi, sep_len) }
}

/// [`write_long_quads`]'s body.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn long_quads_avx2(
    slots: &[[u64; 2]],
    tag: u8,
    dst: *mut u8,
    room: usize,
    sep: u128,
    sep_hi: u128,
    sep_len: usize,
) -> (usize, usize) {
    debug_assert!(sep_len <= 32);
    // The most a quad takes: each int a separator (a 16-byte word, or two
    // past 16 bytes) and a sign and an 8-byte word.
    let most = 4 * (sep_len + 9) + 32;
    let mut p = dst;
    let mut i = 0;
    while i + 4 <= slots.len() && room - (p as usize - dst as usize) >= most {
        let q = &slots[i..i + 4];
        if !q.iter().all(|s| s[1] as u8 == tag) {
            break;
        }
        let v = [
            q[0][0] as i64,
            q[1][0] as i64,
            q[2][0] as i64,
            q[3][0] as i64,
        ];
        let n = v.map(|x| x.unsigned_abs());
        if n.iter().fold(0, |m, &x| m.max(x)) >= 100_000_000 {
            break;
        }
        let (words, nonzero) = digits32_avx2(n[0], n[1], n[2], n[3]);
        // SAFETY: `most` bytes are left from p: each separator word, sign
        // byte and digit word lies within them.
        unsafe {
            for k in 0..4 {
                write_sep(p, sep, sep_len);
                if sep_len > 16 {
                    p.add(16).cast::<u128>().write_unaligned(sep_hi.to_le());
                }
                p = p.add(sep_len);
                p.write(b'-');
                p = p.add(usize::from(v[k] < 0));
                // Leading zero digits (the last digit always stays).
                let z = ((nonzero >> (8 * k)) | 0x80).trailing_zeros() as usize;
                p.cast::<u64>()
                    .write_unaligned((words[k] >> (8 * z)).to_le());
                p = p.add(8 - z);
            }
        }
        i += 4;
    }
    (i, p as usize - dst as usize)
}

/// [`write_long_quads`] eight ints at a time with AVX-512 (VBMI2's byte
/// compression), for separators of 1 to 7 bytes: the ints that are left
/// (fewer than eight, or eight that are not all small ints) are left to
/// the caller, e.g. for [`write_long_quads`]. Same contract and result.
///
/// Each int is laid out in a 16-byte lane as the separator (bytes
/// `0..sep_len`), `-` (byte 7) and its eight digits (bytes 8..16); a mask
/// keeps the separator, the sign of a negative int and the digits from the
/// first that is not a leading zero; `vpcompressb` packs the kept bytes of
/// four ints, and one 64-byte store writes them.
///
/// # Safety
/// As for [`write_long_quads`], and `1 <= sep_len <= 7`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn write_long_octs(
    _t: crate::isa::Avx512Vbmi2,
    slots: &[[u64; 2]],
    tag: u8,
    dst: *mut u8,
    room: usize,
    sep: u128,
    sep_len: usize,
) -> (usize, usize) {
    // SAFETY: the token proves the features; the rest is the caller's.
    unsafe { long_octs_vbmi2(slots, tag, dst, room, sep as u64, sep_len) }
}

/// [`write_long_octs`]'s body.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,avx2,popcnt")]
unsafe fn long_octs_vbmi2(
    slots: &[[u64; 2]],
    tag: u8,
    dst: *mut u8,
    room: usize,
    sep: u64,
    sep_len: usize,
) -> (usize, usize) {
    use core::arch::x86_64::*;
    debug_assert!((1..=7).contains(&sep_len));
    // Two 64-byte stores, the second at most 64 bytes after the first.
    const MOST: usize = 128;
    let mut p = dst;
    let mut i = 0;
    // The separator's bytes and `-` at byte 7 (kept only when negative);
    // the separator's mask bits, in each int's low mask byte.
    let lead = (sep & ((1u64 << (8 * sep_len)) - 1)) | (u64::from(b'-') << 56);
    let sep_bits = (1u8 << sep_len) - 1;
    // SAFETY: AVX-512F/BW/VBMI2 are enabled for this function; the loads
    // read slots i..i + 8 (checked to exist), each store writes 64 bytes
    // at p, with MOST bytes of room left from p.
    unsafe {
        let even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
        let odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
        let order = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
        let lead_v = _mm512_set1_epi64(lead as i64);
        let tag_v = _mm512_set1_epi64(i64::from(tag));
        let low_byte = _mm512_set1_epi64(0xff);
        let limit = _mm512_set1_epi64(100_000_000);
        let sep_m = _mm_set1_epi8(sep_bits as i8);
        let sign_m = _mm_set1_epi8(0x80u8 as i8);
        while i + 8 <= slots.len() && room - (p as usize - dst as usize) >= MOST {
            let at = slots.as_ptr().add(i).cast::<__m512i>();
            let a = _mm512_loadu_si512(at);
            let b = _mm512_loadu_si512(at.add(1));
            let types = _mm512_and_si512(_mm512_permutex2var_epi64(a, odd, b), low_byte);
            if _mm512_cmpeq_epi64_mask(types, tag_v) != 0xff {
                break;
            }
            let v = _mm512_permutex2var_epi64(a, even, b);
            let x = _mm512_abs_epi64(v);
            if _mm512_cmpge_epu64_mask(x, limit) != 0 {
                break;
            }
            // digits8's rounds on eight 64-bit lanes (as digits32_avx2).
            let q = _mm512_srli_epi64::<40>(_mm512_mul_epu32(x, _mm512_set1_epi64(109_951_163)));
            let r = _mm512_sub_epi64(x, _mm512_mul_epu32(q, _mm512_set1_epi64(10_000)));
            let w = _mm512_or_si512(q, _mm512_slli_epi64::<32>(r));
            let q = _mm512_srli_epi16::<3>(_mm512_mulhi_epu16(w, _mm512_set1_epi32(5243)));
            let r = _mm512_sub_epi16(w, _mm512_mullo_epi16(q, _mm512_set1_epi16(100)));
            let w = _mm512_or_si512(q, _mm512_slli_epi32::<16>(r));
            let t = _mm512_mulhi_epu16(w, _mm512_set1_epi16(6554));
            let d = _mm512_sub_epi16(
                _mm512_slli_epi16::<8>(w),
                _mm512_mullo_epi16(t, _mm512_set1_epi16(2559)),
            );
            // Per int (byte k): the digits to keep, from the lowest one
            // not 0 (the last always), as bits 0..8.
            let nz = _mm512_test_epi8_mask(d, d);
            let mut keep = nz | 0x8080_8080_8080_8080;
            keep |= (keep << 1) & 0xfefe_fefe_fefe_fefe;
            keep |= (keep << 2) & 0xfcfc_fcfc_fcfc_fcfc;
            keep |= (keep << 4) & 0xf0f0_f0f0_f0f0_f0f0;
            // Per int: the separator's bits, and bit 7 when negative.
            let neg = _mm512_cvtepi64_epi8(_mm512_srai_epi64::<63>(v));
            let low = _mm_or_si128(sep_m, _mm_and_si128(neg, sign_m));
            let masks = _mm_unpacklo_epi8(low, _mm_cvtsi64_si128(keep as i64));
            let m0 = _mm_cvtsi128_si64(masks) as u64;
            let m1 = _mm_cvtsi128_si64(_mm_unpackhi_epi64(masks, masks)) as u64;
            // Lanes of [separator, -, digits]: ints 0..4, then 4..8.
            let ascii =
                _mm512_permutexvar_epi64(order, _mm512_or_si512(d, _mm512_set1_epi8(b'0' as i8)));
            let lo = _mm512_unpacklo_epi64(lead_v, ascii);
            let hi = _mm512_unpackhi_epi64(lead_v, ascii);
            _mm512_storeu_si512(p.cast(), _mm512_maskz_compress_epi8(m0, lo));
            p = p.add(m0.count_ones() as usize);
            _mm512_storeu_si512(p.cast(), _mm512_maskz_compress_epi8(m1, hi));
            p = p.add(m1.count_ones() as usize);
            i += 8;
        }
    }
    (i, p as usize - dst as usize)
}

/// The eight ASCII digits of each of four numbers below 10^8 (most
/// significant first in memory: byte `j` of word `i` is digit `j`), and a
/// mask with bit `8i + j` set when that digit is not 0: [`digits8`]'s
/// rounds, as the SSE2 `digits16` does them, on four 64-bit lanes.
///
/// [`digits8`]: super::digits
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn digits32_avx2(a: u64, b: u64, c: u64, d: u64) -> ([u64; 4], u32) {
    use core::arch::x86_64::*;
    // SAFETY: AVX2 is enabled for this function; value-only intrinsics,
    // and one unaligned store into a local array.
    unsafe {
        let x = _mm256_set_epi64x(d as i64, c as i64, b as i64, a as i64);
        let q = _mm256_srli_epi64::<40>(_mm256_mul_epu32(x, _mm256_set1_epi64x(109_951_163)));
        let r = _mm256_sub_epi64(x, _mm256_mul_epu32(q, _mm256_set1_epi64x(10_000)));
        let v = _mm256_or_si256(q, _mm256_slli_epi64::<32>(r));
        let q = _mm256_srli_epi16::<3>(_mm256_mulhi_epu16(v, _mm256_set1_epi32(5243)));
        let r = _mm256_sub_epi16(v, _mm256_mullo_epi16(q, _mm256_set1_epi16(100)));
        let w = _mm256_or_si256(q, _mm256_slli_epi32::<16>(r));
        let t = _mm256_mulhi_epu16(w, _mm256_set1_epi16(6554));
        let d = _mm256_sub_epi16(
            _mm256_slli_epi16::<8>(w),
            _mm256_mullo_epi16(t, _mm256_set1_epi16(2559)),
        );
        let zero = _mm256_movemask_epi8(_mm256_cmpeq_epi8(d, _mm256_setzero_si256())) as u32;
        let mut out = [0u64; 4];
        _mm256_storeu_si256(
            out.as_mut_ptr().cast(),
            _mm256_or_si256(d, _mm256_set1_epi8(b'0' as i8)),
        );
        (out, !zero)
    }
}

/// Stores a separator: the first `sep_len` bytes of `sep` matter (one
/// 8-byte store when they fit, else 16).
///
/// # Safety
/// `dst .. dst + 16` must be writable (`dst + 8` when `sep_len <= 8`).
#[inline(always)]
unsafe fn write_sep(dst: *mut u8, sep: u128, sep_len: usize) {
    // SAFETY: the caller's contract.
    unsafe {
        if sep_len <= 8 {
            dst.cast::<u64>().write_unaligned((sep as u64).to_le());
        } else {
            dst.cast::<u128>().write_unaligned(sep.to_le());
        }
    }
}

/// The digits of `n < 10^8` at `dst` (8 bytes written), no leading zeros
/// (`0` for 0); returns how many.
///
/// # Safety
/// `dst .. dst + 8` must be writable.
#[inline(always)]
unsafe fn write_swar8(dst: *mut u8, n: u64) -> usize {
    debug_assert!(n < 100_000_000);
    let d = super::digits::digits8(n);
    // The most significant digit is the lowest byte: the leading zeros
    // are the low zero bytes (seven at most: the last digit stays).
    let z = (d | (1 << 56)).trailing_zeros() & !7;
    let text = (d + 0x3030_3030_3030_3030) >> z;
    // SAFETY: the caller's contract.
    unsafe { dst.cast::<u64>().write_unaligned(text.to_le()) };
    8 - (z as usize >> 3)
}

/// [`write_long_at`]'s 17 to 19 digits (out of line: rare).
///
/// # Safety
/// `dst .. dst + 19` must be writable.
#[inline(never)]
unsafe fn write_digits_17_19(dst: *mut u8, n: u64) -> usize {
    let len = decimal_len(n);
    // SAFETY: forwarded; len <= 20 digits of a u64 (19 for an i64).
    unsafe { write_digits(dst, n, len) };
    len
}

/// PHP int -> decimal (`smart_str_append_long`), e.g. `-9223372036854775808`.
///
/// Reserves exactly the text's length (as stock's append does), then writes
/// the digits left to right, two per multiply, straight into the sink's
/// spare capacity.
#[inline(always)]
pub fn write_long<S: Sink>(out: &mut S, v: i64) {
    let n = v.unsigned_abs();
    let digits = decimal_len(n);
    let neg = usize::from(v < 0);
    let len = digits + neg;
    out.reserve(len);
    // SAFETY: `len` bytes of spare capacity were reserved: the sign at 0,
    // the digits in neg..len.
    unsafe {
        let start = out.spare_ptr();
        start.write(b'-');
        write_digits(start.add(neg), n, digits);
        out.commit(len);
    }
}

/// An integer array key as an object key, with what surrounds it: `sep`
/// when given (the `,` between members, or the object's opening `{`), then
/// `"123":`, in one reserve and one commit (stock appends the same bytes in
/// several steps).
#[inline(always)]
pub fn write_int_key<S: Sink>(out: &mut S, v: i64, sep: Option<u8>) {
    let n = v.unsigned_abs();
    let digits = decimal_len(n);
    let neg = usize::from(v < 0);
    let c = usize::from(sep.is_some());
    let len = c + 1 + neg + digits + 2;
    out.reserve(len);
    // SAFETY: `len` bytes of spare capacity were reserved; the separator
    // (always written) is overwritten by the quote when there is none, and
    // the sign by the first digit when `neg` is 0.
    unsafe {
        let start = out.spare_ptr();
        start.write(sep.unwrap_or(b'"'));
        let q = start.add(c);
        q.write(b'"');
        q.add(1).write(b'-');
        let end = q.add(1 + neg + digits);
        write_digits(q.add(1 + neg), n, digits);
        end.write(b'"');
        end.add(1).write(b':');
        out.commit(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: i64) -> String {
        let mut out = Vec::new();
        write_long(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn matches_std() {
        let mut vals = vec![
            0i64,
            1,
            -1,
            9,
            10,
            99,
            100,
            -100,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ];
        let mut p = 1i64;
        for _ in 0..19 {
            vals.extend_from_slice(&[p - 1, p, p + 1, -p + 1, -p, -p - 1]);
            p = p.saturating_mul(10);
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            vals.push(x as i64);
            vals.push((x >> (x % 64)) as i64);
        }
        for v in vals {
            assert_eq!(s(v), v.to_string(), "{v}");
        }
    }

    /// Writes `n` with [`write_digits`] and reads the digits back.
    fn round_trip(n: u64) -> u64 {
        let len = decimal_len(n);
        let mut buf = [0u8; 20];
        // SAFETY: 20 bytes hold any u64's digits.
        unsafe { write_digits(buf.as_mut_ptr(), n, len) };
        buf[..len].iter().fold(0u64, |acc, &d| {
            assert!(d.is_ascii_digit(), "{n}: {:?}", &buf[..len]);
            acc * 10 + u64::from(d - b'0')
        })
    }

    #[test]
    fn digits_every_length_boundary() {
        for n in 0..1_000_000u64 {
            assert_eq!(round_trip(n), n);
        }
        let mut p = 1_000_000u64;
        loop {
            for n in p.saturating_sub(100_000)..p.saturating_add(100_000) {
                assert_eq!(round_trip(n), n);
            }
            // The largest value of each length's leading digit (9..9 x)
            // and each 10^k multiple.
            for d in 1..10u64 {
                let v = p.saturating_mul(d);
                for n in v.saturating_sub(1000)..v.saturating_add(1000) {
                    assert_eq!(round_trip(n), n);
                }
            }
            match p.checked_mul(10) {
                Some(q) => p = q,
                None => break,
            }
        }
        for n in u64::MAX - 100_000..=u64::MAX {
            assert_eq!(round_trip(n), n);
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(round_trip(x >> (x % 64)), x >> (x % 64));
        }
    }

    /// Every value below 10^9 (the whole fixed-point range of
    /// `write_digits_lt9`; the 8-digit groups of longer numbers are a
    /// subset). About ten seconds in release mode: run it with `cargo test
    /// --release -p rustjson-core -- --ignored` after changing the digit
    /// writer.
    #[test]
    #[ignore]
    fn digits_exhaustive_below_1e9() {
        for n in 0..1_000_000_000u64 {
            assert_eq!(round_trip(n), n);
        }
    }

    /// [`write_long_at`] of `v` into a sentinel-filled buffer: the text
    /// matches `to_string`, nothing past `LONG_MAX_LEN` is touched.
    fn at(v: i64) {
        let mut buf = [0xAAu8; LONG_MAX_LEN + 16];
        // SAFETY: the buffer holds LONG_MAX_LEN bytes and more.
        let len = unsafe { write_long_at(buf.as_mut_ptr(), v) };
        let want = v.to_string();
        assert_eq!(&buf[..len], want.as_bytes(), "{v}");
        assert!(buf[LONG_MAX_LEN..].iter().all(|&b| b == 0xAA), "{v}");
    }

    #[test]
    fn write_at_every_length_and_sign() {
        for n in 0..1_000_000i64 {
            at(n);
            at(-n);
        }
        // Around every power of ten and its multiples, both signs.
        let mut p = 1i64;
        loop {
            for d in 1..10i64 {
                let Some(v) = p.checked_mul(d) else { break };
                for n in v.saturating_sub(1000)..=v.saturating_add(1000) {
                    at(n);
                    at(-n);
                }
            }
            match p.checked_mul(10) {
                Some(q) => p = q,
                None => break,
            }
        }
        for n in (i64::MAX - 100_000)..=i64::MAX {
            at(n);
            at(-n);
        }
        for n in i64::MIN..(i64::MIN + 100_000) {
            at(n);
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            at(x as i64);
            at((x >> (x % 64)) as i64);
            at(-((x >> (x % 64)) as i64));
        }
    }

    /// [`write_long_pair_at`] of `a` and `b` with separators of every
    /// length 1 to 16: the text matches, nothing past the contract's bytes
    /// is touched.
    fn pair(a: i64, b: i64) {
        for sep_len in [1usize, 2, 6, 8, 9, 10, 14, 16] {
            let mut w = [b' '; 16];
            w[0] = b',';
            for (i, c) in w.iter_mut().enumerate().skip(1) {
                *c = b'a' + i as u8;
            }
            let sep = u128::from_le_bytes(w);
            let limit = 2 * LONG_MAX_LEN + sep_len;
            let mut buf = [0xAAu8; 2 * LONG_MAX_LEN + 16 + 16];
            // SAFETY: the buffer holds `limit` bytes and more.
            let len = unsafe { write_long_pair_at(buf.as_mut_ptr(), a, b, sep, sep_len) };
            let want = [
                a.to_string().as_bytes(),
                &w[..sep_len],
                b.to_string().as_bytes(),
            ]
            .concat();
            assert_eq!(&buf[..len], &want[..], "{a} {b} {sep_len}");
            assert!(buf[limit..].iter().all(|&x| x == 0xAA), "{a} {b} {sep_len}");
        }
    }

    #[test]
    fn write_pair_every_length_and_sign() {
        let mut edges = vec![0i64, 1, 9, i64::MAX, i64::MIN, i64::MIN + 1];
        let mut p = 1i64;
        while let Some(q) = p.checked_mul(10) {
            edges.extend_from_slice(&[p - 1, p, p + 1, q / 2]);
            p = q;
        }
        let more: Vec<i64> = edges.iter().map(|v| v.wrapping_neg()).collect();
        edges.extend(more);
        for &a in &edges {
            for &b in &edges {
                pair(a, b);
            }
        }
        for n in 0..100_000i64 {
            pair(n, 99_999_999 - n);
            pair(-n, n * 997);
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = (x >> (x % 64)) as i64;
            let b = ((x >> 7) % 100_000_000) as i64;
            pair(a, b);
            pair(b, -a);
            pair(x as i64 % 1_000_000, -(b % 1000));
        }
    }

    /// [`write_long_quads`] of slots holding `v` with separators of
    /// every length 1 to 16: the text matches, nothing past the room is
    /// touched; a slot with another tag, or a value of 10^8 or more in
    /// magnitude, ends the run at its quad.
    #[cfg(target_arch = "x86_64")]
    fn quad(t: crate::isa::Avx2, v: &[i64]) {
        const TAG: u8 = 4;
        for sep_len in [1usize, 2, 6, 8, 9, 10, 14, 16, 17, 22, 26, 32] {
            let mut w = [b' '; 32];
            w[0] = b',';
            for (i, c) in w.iter_mut().enumerate().skip(1) {
                *c = b'A' + i as u8;
            }
            let sep = u128::from_le_bytes(w[..16].try_into().unwrap());
            let sep_hi = u128::from_le_bytes(w[16..].try_into().unwrap());
            let slots = int_slots(v, TAG);
            let room = 3 * (4 * (sep_len + 9) + 32);
            let mut buf = vec![0xAAu8; room + 64];
            // SAFETY: the buffer holds `room` bytes and more; AVX2 is
            // proven by the token.
            let (took, len) = unsafe {
                write_long_quads(t, &slots, TAG, buf.as_mut_ptr(), room, sep, sep_hi, sep_len)
            };
            let most = 4 * (sep_len + 9) + 32;
            check_run(v, 4, most, &w[..sep_len], (took, len), &buf, room);
        }
    }

    /// The slots a run writer reads for `v`: each int with type byte
    /// `tag` (the rest of the second word is noise the writers ignore).
    #[cfg(target_arch = "x86_64")]
    fn int_slots(v: &[i64], tag: u8) -> Vec<[u64; 2]> {
        v.iter()
            .map(|&x| [x as u64, 0x1234_5600 | u64::from(tag)])
            .collect()
    }

    /// A run writer's result over `v` (`took` slots, `len` bytes written
    /// into `buf`, filled with 0xAA before, of which `room` were given):
    /// the groups of `group` ints that should go (whole, each value below
    /// 10^8 in magnitude, while `most` bytes of the room are left) as
    /// `sep` and the decimal text each; nothing written past the room.
    #[cfg(target_arch = "x86_64")]
    fn check_run(
        v: &[i64],
        group: usize,
        most: usize,
        sep: &[u8],
        (took, len): (usize, usize),
        buf: &[u8],
        room: usize,
    ) {
        let mut want_took = 0;
        let mut used = 0;
        while want_took + group <= v.len()
            && room - used >= most
            && v[want_took..want_took + group]
                .iter()
                .all(|x| x.unsigned_abs() < 100_000_000)
        {
            used += v[want_took..want_took + group]
                .iter()
                .map(|x| sep.len() + x.to_string().len())
                .sum::<usize>();
            want_took += group;
        }
        let what = format!("{v:?} group {group} sep {} room {room}", sep.len());
        assert_eq!(took, want_took, "{what}");
        let mut want = Vec::new();
        for x in &v[..took] {
            want.extend_from_slice(sep);
            want.extend_from_slice(x.to_string().as_bytes());
        }
        assert_eq!(&buf[..len], &want[..], "{what}");
        assert!(buf[room..].iter().all(|&x| x == 0xAA), "{what}");
    }

    /// [`write_long_octs`] of slots holding `v` with separators of 1 to 7
    /// bytes: as `quad`, eight at a time.
    #[cfg(target_arch = "x86_64")]
    fn oct(t: crate::isa::Avx512Vbmi2, v: &[i64]) {
        const TAG: u8 = 4;
        for sep_len in 1usize..=7 {
            let w: [u8; 16] = *b",\n\t abcdefghijkl";
            let sep = u128::from_le_bytes(w);
            let slots = int_slots(v, TAG);
            for room in [128usize, 200, 1000] {
                let mut buf = vec![0xAAu8; room + 64];
                // SAFETY: the buffer holds `room` bytes and more; the token
                // proves the features.
                let (took, len) = unsafe {
                    write_long_octs(t, &slots, TAG, buf.as_mut_ptr(), room, sep, sep_len)
                };
                check_run(v, 8, 128, &w[..sep_len], (took, len), &buf, room);
            }
        }
    }

    /// Every digit length and sign in each of the eight positions, runs of
    /// every length with values that end a run, another tag in any slot.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn write_octs_every_length_sign_and_position() {
        let Some(t) = crate::isa::Avx512Vbmi2::new() else {
            eprintln!("no AVX-512 VBMI2 here: write_long_octs not tested");
            return;
        };
        let mut edges = vec![0i64, 1, 9, 99_999_999, 100_000_000, i64::MIN, i64::MAX];
        let mut p = 1i64;
        while p < 100_000_000 {
            edges.extend_from_slice(&[p - 1, p, p + 1, p / 2 * 3 % 100_000_000]);
            p *= 10;
        }
        let more: Vec<i64> = edges.iter().map(|v| v.wrapping_neg()).collect();
        edges.extend(more);
        for &e in &edges {
            for pos in 0..8 {
                let mut v: Vec<i64> = (0..16).map(|k| (k * 1_234_567 % 100_000_000) - 7).collect();
                v[pos] = e;
                v[15 - pos] = e.wrapping_neg() / 3;
                oct(t, &v);
            }
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for r in 0..20_000 {
            let mut v = vec![0i64; r % 41];
            for e in &mut v {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = ((x >> 40) % 100_000_000) >> (x % 27);
                *e = if x & 1 == 0 { m as i64 } else { -(m as i64) };
            }
            if r % 5 == 0 && !v.is_empty() {
                let at = (x as usize >> 3) % v.len();
                v[at] = [100_000_000, -100_000_000, i64::MIN, i64::MAX][(x >> 9) as usize % 4];
            }
            oct(t, &v);
        }
        // Another tag in any slot ends the run at its group of eight.
        for at in 0..16 {
            let mut slots: Vec<[u64; 2]> = (0..16).map(|x| [x * 1001, 4]).collect();
            slots[at][1] = 0x0000_0105;
            let mut buf = [0u8; 512];
            // SAFETY: 512 bytes of room; the token proves the features.
            let (took, len) =
                unsafe { write_long_octs(t, &slots, 4, buf.as_mut_ptr(), 448, 0x2c, 1) };
            assert_eq!(took, at / 8 * 8, "{at}");
            let want: String = (0..took).map(|x| format!(",{}", x * 1001)).collect();
            assert_eq!(&buf[..len], want.as_bytes(), "{at}");
        }
    }

    /// Every digit length and sign in each of the four positions, then
    /// runs and random quadruples across the whole range below 10^8.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn write_quad_every_length_sign_and_position() {
        let Some(t) = crate::isa::Avx2::new() else {
            eprintln!("no AVX2 here: write_long_quads not tested");
            return;
        };
        let mut edges = vec![0i64, 1, 9, 99_999_999];
        let mut p = 1i64;
        while p < 100_000_000 {
            edges.extend_from_slice(&[p - 1, p, p + 1, p / 2 * 3 % 100_000_000]);
            p *= 10;
        }
        let more: Vec<i64> = edges.iter().map(|v| -v).collect();
        edges.extend(more);
        for &a in &edges {
            for &b in &edges {
                quad(t, &[a, b, 7, -5]);
                quad(t, &[3, a, b, 0, a, b]);
                quad(t, &[a, -1, 12, b, 5, 6, 7, 8, a]);
                quad(t, &[b, a, b, a]);
            }
        }
        // Another tag in any slot ends the run at its quad.
        for at in 0..8 {
            let mut slots: Vec<[u64; 2]> = (0..8).map(|x| [x * 1001, 4]).collect();
            slots[at][1] = 0x0000_0105;
            let mut buf = [0u8; 256];
            // SAFETY: 256 bytes of room; AVX2 is proven by the token.
            let (took, len) =
                unsafe { write_long_quads(t, &slots, 4, buf.as_mut_ptr(), 256, 0x2c, 0, 1) };
            assert_eq!(took, at / 4 * 4, "{at}");
            let want: String = (0..took).map(|x| format!(",{}", x * 1001)).collect();
            assert_eq!(&buf[..len], want.as_bytes(), "{at}");
        }
        for n in 0..50_000i64 {
            quad(t, &[n, 99_999_999 - n, -n, n * 1999 % 100_000_000]);
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for r in 0..100_000 {
            let mut v = vec![0i64; 4 + r % 13];
            for e in &mut v {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = ((x >> 40) % 100_000_000) >> (x % 27);
                *e = if x & 1 == 0 { m as i64 } else { -(m as i64) };
            }
            if r % 7 == 0 {
                // A value out of range somewhere.
                let at = (x as usize >> 3) % v.len();
                v[at] = if x & 2 == 0 { 100_000_000 } else { i64::MIN };
            }
            quad(t, &v);
        }
    }

    /// Each digit length with both signs, once, through both raw writers
    /// and every separator length: small enough for Miri, which checks
    /// their unaligned stores and the bytes they may touch.
    #[test]
    fn write_at_and_pair_each_length() {
        let mut vals = vec![0i64, i64::MAX, i64::MIN];
        let mut p = 1i64;
        while let Some(q) = p.checked_mul(10) {
            vals.extend_from_slice(&[p, q - 1]);
            p = q;
        }
        let neg: Vec<i64> = vals.iter().map(|v| v.wrapping_neg()).collect();
        vals.extend(neg);
        for &v in &vals {
            at(v);
        }
        for w in vals.windows(2) {
            pair(w[0], w[1]);
        }
    }

    /// Every value below 10^8 and its negation (the whole single-word range
    /// of `write_long_at`; the words of 9- to 16-digit numbers are the same
    /// conversion). Run it with `cargo test --release -p rustjson-core --
    /// --ignored` after changing the digit writer.
    #[test]
    #[ignore]
    fn write_at_exhaustive_below_1e8() {
        for n in 0..100_000_000i64 {
            at(n);
            at(-n);
        }
    }

    #[test]
    fn decimal_lengths() {
        assert_eq!(decimal_len(0), 1);
        for v in [1u64, 9, 10, 99, 100, u64::MAX, 1 << 63] {
            assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
        }
        let mut p = 1u64;
        for _ in 0..19 {
            p *= 10;
            for v in [p - 1, p, p + 1] {
                assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
            }
        }
    }

    #[test]
    fn int_keys() {
        for (v, sep, want) in [
            (0i64, None, "\"0\":"),
            (7, Some(b','), ",\"7\":"),
            (-42, Some(b','), ",\"-42\":"),
            (123456789, None, "\"123456789\":"),
            (i64::MIN, Some(b','), ",\"-9223372036854775808\":"),
            (i64::MAX, None, "\"9223372036854775807\":"),
            (5, Some(b'{'), "{\"5\":"),
        ] {
            let mut out = b"{".to_vec();
            write_int_key(&mut out, v, sep);
            assert_eq!(out, [b"{", want.as_bytes()].concat(), "{v}");
        }
    }

    #[test]
    fn appends() {
        let mut out = b"[".to_vec();
        write_long(&mut out, -42);
        out.push(b',');
        write_long(&mut out, 7);
        assert_eq!(out, b"[-42,7");
    }
}
