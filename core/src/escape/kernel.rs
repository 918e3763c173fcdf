//! The escaping loop every implementation shares.
//!
//! An implementation only supplies a [`Scanner`]: block loads/stores with a
//! "needs work" mask, and a tail step for the last `< W` bytes. The loop
//! repeats three steps until the input is used up:
//!
//! 1. **blocks**: while `W` bytes remain, load a block and store it blindly
//!    at the output position. A clean block just advances. In a dirty one,
//!    [`walk`] handles the ASCII escapes straight from the mask, re-storing
//!    the rest of the block from the input after each escape (so clean runs
//!    between escapes never go through a byte loop: URLs, `\r\n`, quotes);
//!    it hands over at the first byte `>= 0x80`;
//! 2. **tail**: the scanner copies the clean bytes of the last `< W` ones
//!    (overlapping loads, never past the end) up to the next dirty byte;
//! 3. **general path**: [`escape_run`] handles items one by one through the
//!    class table (UTF-8 included) while they need work, or are one of a few
//!    clean bytes between such items, so text in non-Latin scripts does not
//!    bounce through the scanner for every word; under
//!    `JSON_UNESCAPED_UNICODE`, [`raw_run`] validates and copies such text
//!    in runs.
//!
//! ## Output space
//!
//! At entry we reserve `len + 2` (exactly what `smart_str_alloc` asks for in
//! stock PHP) and write through a raw pointer ([`Out`]). The loop keeps the
//! invariant
//!
//! > room (spare bytes from the write position) >= unread input bytes + 1
//!
//! which always leaves space for the clean bytes still to come and the
//! closing quote. An escape that writes more than it reads checks its need
//! first (exact, or up to 2 bytes more where one 8-byte store writes a
//! 6-byte `\uXXXX`) and, if short, reserves `unread + 16` (enough for any
//! single escape, 12 bytes at most, plus the invariant): never a worst-case
//! multiple of the input. The invariant is also what makes the scanners' blind stores safe:
//! a `W`-byte block is only loaded when `W` input bytes remain, so `W` bytes
//! of room exist at the write position.

use super::tables::{class_table, stop_bytes, u_escape_word, CLEAN, ESC2, ESC6, SIX, TWO};
use super::utf8::decode;
use super::InvalidUtf8;
use crate::options::{
    INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE, UNESCAPED_LINE_TERMINATORS, UNESCAPED_UNICODE,
};
use crate::Sink;
use core::ptr;

/// The vector (or SWAR word) operations an implementation supplies.
pub(super) trait Scanner {
    /// Block width in bytes.
    const W: usize;
    /// Each byte owns `1 << SHIFT` bits of a mask, exactly one of them set
    /// when the byte needs work: byte position = `trailing_zeros >> SHIFT`.
    const SHIFT: u32;
    /// Compare constants, built once per string.
    type Ctx;

    /// Builds the compare set for `stops` (see `tables::stop_bytes`).
    ///
    /// # Safety
    /// The CPU must support the scanner's instructions.
    unsafe fn ctx(stops: &[u8; 7]) -> Self::Ctx;

    /// Loads `W` bytes at `src`, stores them at `dst`, and returns the mask
    /// of those that are `< 0x20`, `>= 0x80` or in the stop set.
    ///
    /// # Safety
    /// `src` valid for reads and `dst` for writes of `W` bytes, no overlap;
    /// the CPU supports the scanner's instructions.
    unsafe fn block(ctx: &Self::Ctx, src: *const u8, dst: *mut u8) -> u64;

    /// Copies `W` bytes from `src` to `dst`.
    ///
    /// # Safety
    /// As for [`Scanner::block`].
    unsafe fn copy(src: *const u8, dst: *mut u8);

    /// For `s.len() - i < W`: returns `j`, the index of the first byte at or
    /// after `i` that needs work (`s.len()` if none), after copying
    /// `s[i..j]` to `dst[..j - i]`. It may also write anything to
    /// `dst[j - i..s.len() - i]` (blind stores); never further.
    ///
    /// # Safety
    /// - `i <= s.len()` and `s.len() - i < W`;
    /// - `dst` is valid for writes of `s.len() - i` bytes and does not
    ///   overlap `s`;
    /// - the CPU supports the scanner's instructions.
    unsafe fn tail(ctx: &Self::Ctx, s: &[u8], i: usize, dst: *mut u8) -> usize;
}

/// Raw writer over a sink's spare capacity.
///
/// Invariants: `[base, lim)` is the sink's spare region as of the last
/// refresh (nothing else has touched the sink since), `base <= pos <= lim`,
/// and `[base, pos)` has been written but not yet committed.
struct Out<'a, S: Sink> {
    sink: &'a mut S,
    base: *mut u8,
    pos: *mut u8,
    lim: *mut u8,
}

impl<'a, S: Sink> Out<'a, S> {
    #[inline(always)]
    fn new(sink: &'a mut S) -> Self {
        let spare = sink.spare();
        let base = sink.spare_ptr();
        Out {
            sink,
            base,
            pos: base,
            // `wrapping_add` keeps this safe; the result is the end of the
            // spare region, which lies inside (or one past) the allocation.
            lim: base.wrapping_add(spare),
        }
    }

    /// Spare bytes from the write position.
    #[inline(always)]
    fn room(&self) -> usize {
        self.lim as usize - self.pos as usize
    }

    /// Makes sure `need` bytes of room exist; if not, reserves `want`
    /// (`want >= need`) more bytes in the sink.
    #[inline(always)]
    fn ensure(&mut self, need: usize, want: usize) {
        if self.room() < need {
            let written = self.pos as usize - self.base as usize;
            // `grow` gets plain values, not `&mut self`, so that the pointers
            // can live in registers in the hot loops.
            // SAFETY: type invariant: `[base, pos)` lies in the spare region
            // and has been initialized.
            let (base, lim) = unsafe { grow(&mut *self.sink, written, want) };
            self.base = base;
            self.pos = base;
            self.lim = lim;
        }
    }

    /// Writes the 8 bytes of `word` (little-endian) and keeps the first `n`.
    ///
    /// # Safety
    /// `self.room() >= 8` and `n <= 8`.
    #[inline(always)]
    unsafe fn put_word(&mut self, word: u64, n: usize) {
        // SAFETY: 8 bytes of room by the caller's guarantee.
        unsafe {
            ptr::write_unaligned(self.pos.cast::<u64>(), word.to_le());
            self.pos = self.pos.add(n);
        }
    }

    /// Appends `bytes`.
    ///
    /// # Safety
    /// `self.room() >= N`.
    #[inline(always)]
    unsafe fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        // SAFETY: the caller guarantees N bytes of room; a local array cannot
        // overlap the sink's buffer.
        unsafe {
            ptr::copy_nonoverlapping(bytes.as_ptr(), self.pos, N);
            self.pos = self.pos.add(N);
        }
    }

    /// Marks `n` bytes written through `self.pos` as written.
    ///
    /// # Safety
    /// `n <= self.room()` and those bytes have been initialized.
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: in bounds of the spare region by the caller's guarantee.
        self.pos = unsafe { self.pos.add(n) };
    }

    /// Commits everything written.
    #[inline(always)]
    fn finish(self) {
        let written = self.pos as usize - self.base as usize;
        // SAFETY: type invariant, as in `grow`.
        unsafe { self.sink.commit(written) };
    }

    /// Drops everything this string wrote, its opening quote included.
    #[cold]
    fn abort(self, entry: usize) {
        // Uncommitted bytes vanish by themselves; committed ones are cut.
        self.sink.truncate(entry);
    }
}

/// Commits `written` bytes, reserves `want` more, and returns the new spare
/// region as `(start, end)`.
///
/// # Safety
/// The first `written` spare bytes of `sink` are initialized.
#[cold]
#[inline(never)]
unsafe fn grow<S: Sink>(sink: &mut S, written: usize, want: usize) -> (*mut u8, *mut u8) {
    // SAFETY: forwarded.
    unsafe { sink.commit(written) };
    sink.reserve(want);
    let spare = sink.spare();
    let base = sink.spare_ptr();
    (base, base.wrapping_add(spare))
}

/// Escapes `s` into `out` with scanner `V` (the whole public contract of
/// `escape_string`, for a non-empty or empty `s`).
///
/// # Safety
/// The CPU must support `V`'s instructions.
#[inline(always)]
pub(super) unsafe fn escape<S: Sink, V: Scanner>(
    out: &mut S,
    s: &[u8],
    options: u32,
) -> Result<(), InvalidUtf8> {
    let len = s.len();
    if len == 0 {
        out.extend(b"\"\"");
        return Ok(());
    }
    let entry = out.len();
    // A slice is at most isize::MAX bytes, so this cannot overflow.
    out.reserve(len + 2);
    // SAFETY: the caller guarantees CPU support.
    let ctx = unsafe { V::ctx(&stop_bytes(options)) };
    let table = class_table(options);
    let mut w = Out::new(out);
    // SAFETY: room >= len + 2 >= 1.
    unsafe { w.put([b'"']) };
    let p = s.as_ptr();
    let mut i = 0;
    // Invariant at the top of every loop: i <= len, room >= len - i + 1.
    loop {
        // 1. Whole blocks: clean ones are stored blindly; in a dirty one the
        //    ASCII escapes are handled straight from its mask (`walk`).
        let mut stopped = false;
        while len - i >= V::W {
            // SAFETY: i + W <= len for the load; room >= len - i + 1 > W for
            // the store; the sink cannot overlap the borrowed input.
            let m = unsafe { V::block(&ctx, p.add(i), w.pos) };
            if m == 0 {
                // SAFETY: `block` initialized W bytes of room.
                unsafe { w.advance(V::W) };
                i += V::W;
            } else {
                // SAFETY: block invariants as above; `m` is this block's mask.
                let (next, done) = unsafe { walk::<S, V>(s, i, m, &mut w, table) };
                i = next;
                if !done {
                    stopped = true;
                    break;
                }
            }
        }
        // 2. Fewer than W bytes left: the scanner's tail step.
        if !stopped {
            // SAFETY: len - i < W; room >= len - i + 1; no overlap.
            let j = unsafe { V::tail(&ctx, s, i, w.pos) };
            debug_assert!(i <= j && j <= len);
            // SAFETY: `tail` initialized `j - i <= len - i` bytes of room.
            unsafe { w.advance(j - i) };
            i = j;
        }
        if i >= len {
            break;
        }
        // 3. Items needing the general path (UTF-8, or escapes too close to
        //    the end for a block re-store), and what follows while it needs
        //    work too.
        // SAFETY: i < len and the room invariant holds.
        match unsafe { escape_run(s, i, &mut w, table, options) } {
            Ok(next) => i = next,
            Err(e) => {
                w.abort(entry);
                return Err(e);
            }
        }
    }
    // SAFETY: the invariant leaves room >= 1 for the closing quote.
    unsafe { w.put([b'"']) };
    w.finish();
    Ok(())
}

/// Handles the ASCII escapes of the block at `s[start..start + W]`, which
/// was just stored blindly at `w.pos` and has the (non-zero) mask `m`.
///
/// After each escape the rest of the block is re-stored from the input
/// (one load and one store of `W` bytes), so clean bytes between escapes
/// never go through a byte loop. Returns `(i, true)` with `i = start + W`
/// when the whole block is done, or `(i, false)` to let the general path
/// continue at `i`: at a byte >= 0x80, or when fewer than `W` bytes remain
/// after an escape (no room to re-store a block).
///
/// # Safety
/// `start + W <= s.len()`, `w.room() >= s.len() - start + 1`, the bytes of
/// the block are stored at `w.pos`, and the CPU supports `V`. On return the
/// loop invariant holds for the returned index.
#[inline(always)]
unsafe fn walk<S: Sink, V: Scanner>(
    s: &[u8],
    start: usize,
    mut m: u64,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
) -> (usize, bool) {
    let len = s.len();
    let p = s.as_ptr();
    let mut i = start;
    loop {
        let e = start + (m.trailing_zeros() >> V::SHIFT) as usize;
        // The bytes of [i, e) are clean and already stored at `w.pos`.
        // SAFETY: e - i <= len - i < room.
        unsafe { w.advance(e - i) };
        i = e;
        let Some(&b) = s.get(e) else {
            return (i, false);
        };
        let rem = len - e;
        match table[b as usize] {
            TWO => {
                w.ensure(rem + 2, rem + 16);
                // SAFETY: room >= rem + 2.
                unsafe { w.put(ESC2[b as usize]) };
            }
            SIX => {
                w.ensure(rem + 6, rem + 16);
                // SAFETY: room >= rem + 6.
                unsafe { w.put(ESC6[b as usize]) };
            }
            _ => return (i, false),
        }
        i = e + 1;
        m &= m - 1;
        if len - i < V::W {
            return (i, false);
        }
        // SAFETY: i + W <= len; room >= len - i + 1 > W (the escape's
        // `ensure` kept the invariant); CPU support by our caller.
        unsafe { V::copy(p.add(i), w.pos) };
        if m == 0 {
            let end = start + V::W;
            // SAFETY: the re-store covered [i, i + W) ⊇ [i, end).
            unsafe { w.advance(end - i) };
            return (end, true);
        }
    }
}

/// Handles the item at `s[i]` (which usually needs work) and the items
/// after it for as long as they need work, letting through stretches of up
/// to [`CLEAN_STREAK`] clean ASCII bytes between them. Returns the index of
/// the first byte not handled.
///
/// # Safety
/// `i < s.len()` and `w.room() >= s.len() - i + 1`; both hold again, for the
/// returned index, on return.
#[inline(always)]
unsafe fn escape_run<S: Sink>(
    s: &[u8],
    mut i: usize,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    options: u32,
) -> Result<usize, InvalidUtf8> {
    let len = s.len();
    // Clean ASCII bytes handled in a row.
    let mut streak = 0;
    loop {
        let Some(&b) = s.get(i) else { return Ok(i) };
        if b >= 0x80 {
            // SAFETY: forwarded from our own contract.
            i = unsafe { non_ascii(s, i, w, table, options) }?;
        } else {
            // Unread input bytes, this one included.
            let rem = len - i;
            match table[b as usize] {
                TWO => {
                    w.ensure(rem + 2, rem + 16);
                    // SAFETY: room >= rem + 2 >= 2.
                    unsafe { w.put(ESC2[b as usize]) };
                }
                SIX => {
                    w.ensure(rem + 6, rem + 16);
                    // SAFETY: room >= rem + 6 >= 6.
                    unsafe { w.put(ESC6[b as usize]) };
                }
                _ => {
                    // A short clean stretch between items (", ", ". ") stays
                    // here; a longer one goes back to the block scan.
                    if streak == CLEAN_STREAK {
                        return Ok(i);
                    }
                    streak += 1;
                    // SAFETY: room >= rem + 1 >= 1.
                    unsafe { w.put([b]) };
                    i += 1;
                    continue;
                }
            }
            i += 1;
        }
        streak = 0;
    }
}

/// How many clean ASCII bytes in a row the general path handles itself
/// before handing back to the block scan.
const CLEAN_STREAK: usize = 2;

/// True for U+2028 and U+2029.
#[inline(always)]
fn is_line_terminator(cp: u32) -> bool {
    cp | 1 == 0x2029
}

/// Writes `\uXXXX` for a UTF-16 unit with one 8-byte store.
///
/// # Safety
/// `w.room() >= 8`.
#[inline(always)]
unsafe fn put_u<S: Sink>(w: &mut Out<'_, S>, unit: u32) {
    // SAFETY: forwarded.
    unsafe { w.put_word(u_escape_word(unit), 6) };
}

/// Handles the UTF-8 sequence (valid or not) at `s[i] >= 0x80`.
///
/// # Safety
/// As for [`escape_run`].
#[inline(always)]
unsafe fn non_ascii<S: Sink>(
    s: &[u8],
    i: usize,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    options: u32,
) -> Result<usize, InvalidUtf8> {
    let rest = s.get(i..).unwrap_or_default();
    let rem = rest.len();
    if options & UNESCAPED_UNICODE == 0 {
        // Fast paths for the common valid 2- and 3-byte sequences (every
        // lead here excludes overlongs and surrogates by itself). Without
        // UNESCAPED_UNICODE every valid sequence is escaped, U+2028/9 too.
        match *rest {
            [b0 @ 0xc2..=0xdf, b1 @ 0x80..=0xbf, ..] => {
                let cp = ((b0 as u32 & 0x1f) << 6) | (b1 as u32 & 0x3f);
                // 6 bytes out, 2 in, plus the closing quote; one more byte
                // for the 8-byte store.
                w.ensure(rem + 6, rem + 16);
                // SAFETY: room >= rem + 6 >= 8.
                unsafe { put_u(w, cp) };
                return Ok(i + 2);
            }
            [b0 @ (0xe1..=0xec | 0xee..=0xef), b1 @ 0x80..=0xbf, b2 @ 0x80..=0xbf, ..] => {
                let cp =
                    ((b0 as u32 & 0x0f) << 12) | ((b1 as u32 & 0x3f) << 6) | (b2 as u32 & 0x3f);
                w.ensure(rem + 5, rem + 16);
                // SAFETY: room >= rem + 5 >= 8.
                unsafe { put_u(w, cp) };
                return Ok(i + 3);
            }
            _ => {}
        }
    } else {
        // SAFETY: forwarded.
        let n = unsafe { raw_run(rest, w, table, options) };
        if n > 0 {
            return Ok(i + n);
        }
        // Invalid, or U+2028/9 to escape: the general path below.
    }
    let seq = decode(rest);
    // `decode` never consumes more than it has: `after` cannot underflow.
    let after = rem - seq.len;
    if seq.valid {
        if seq.cp < 0x10000 {
            w.ensure(after + 8, rem + 16);
            // SAFETY: room >= after + 8.
            unsafe { put_u(w, seq.cp) };
        } else {
            w.ensure(after + 14, rem + 16);
            let c = seq.cp - 0x10000;
            // SAFETY: room >= after + 14: 6 bytes, then 8 more.
            unsafe {
                put_u(w, 0xd800 | (c >> 10));
                put_u(w, 0xdc00 | (c & 0x3ff));
            }
        }
    } else if options & INVALID_UTF8_IGNORE != 0 {
        // Dropped.
    } else if options & INVALID_UTF8_SUBSTITUTE != 0 {
        if options & UNESCAPED_UNICODE != 0 {
            w.ensure(after + 4, rem + 16);
            // SAFETY: room >= after + 4 >= 3.
            unsafe { w.put([0xef, 0xbf, 0xbd]) };
        } else {
            w.ensure(after + 7, rem + 16);
            // SAFETY: room >= after + 7 >= 6.
            unsafe { w.put(*b"\\ufffd") };
        }
    } else {
        return Err(InvalidUtf8);
    }
    Ok(i + seq.len)
}

/// Under `JSON_UNESCAPED_UNICODE`: copies verbatim the run of valid
/// sequences starting at `rest[0]` (a byte >= 0x80), together with short
/// stretches (up to [`CLEAN_STREAK`] bytes) of clean ASCII between them, so
/// that text like "Привет, мир" is one run (it never ends in ASCII). Stops before an invalid
/// sequence, (unless `JSON_UNESCAPED_LINE_TERMINATORS`) U+2028/U+2029, an
/// ASCII byte needing work, or a longer clean ASCII stretch (left to the
/// block scan). Returns the run's length, 0 if the first sequence cannot be
/// copied.
///
/// # Safety
/// `w.room() >= rest.len() + 1`.
#[inline(always)]
unsafe fn raw_run<S: Sink>(
    rest: &[u8],
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    options: u32,
) -> usize {
    let keep_terminators = options & UNESCAPED_LINE_TERMINATORS != 0;
    // `j` scans; `end` is the end of the last sequence taken, so a clean
    // stretch is only included when another sequence follows it.
    let mut j = 0;
    let mut end = 0;
    let mut streak = 0;
    while let Some(&b) = rest.get(j) {
        if b < 0x80 {
            if table[b as usize] != CLEAN || streak == CLEAN_STREAK {
                break;
            }
            j += 1;
            streak += 1;
            continue;
        }
        let tail = rest.get(j..).unwrap_or_default();
        // Fast paths: valid 2-byte, and 3-byte sequences whose lead rules out
        // overlongs, surrogates and (E2 excluded) the line terminators.
        j += match *tail {
            [0xc2..=0xdf, 0x80..=0xbf, ..] => 2,
            [0xe1 | 0xe3..=0xec | 0xee..=0xef, 0x80..=0xbf, 0x80..=0xbf, ..] => 3,
            _ => {
                let seq = decode(tail);
                if !seq.valid || (!keep_terminators && is_line_terminator(seq.cp)) {
                    break;
                }
                seq.len
            }
        };
        end = j;
        streak = 0;
    }
    let j = end;
    // SAFETY: j <= rest.len() < room, so source and destination are in
    // bounds; the sink cannot overlap the borrowed input.
    unsafe {
        copy_run(rest.as_ptr(), w.pos, j);
        w.advance(j);
    }
    j
}

/// Copies `n` bytes, with inline code for short runs.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `n` bytes; no overlap.
#[inline(always)]
pub(super) unsafe fn copy_run(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: forwarded.
    unsafe {
        if n < 32 {
            copy_lt32(src, dst, n);
        } else {
            ptr::copy_nonoverlapping(src, dst, n);
        }
    }
}

/// Copies `n < 32` bytes with at most two (overlapping) loads and stores.
///
/// # Safety
/// As for [`copy_run`], and `n < 32`.
#[inline(always)]
pub(super) unsafe fn copy_lt32(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: both accesses lie within the first `n` bytes (n >= 16).
    unsafe {
        if n >= 16 {
            let a = ptr::read_unaligned(src.cast::<u128>());
            let b = ptr::read_unaligned(src.add(n - 16).cast::<u128>());
            ptr::write_unaligned(dst.cast::<u128>(), a);
            ptr::write_unaligned(dst.add(n - 16).cast::<u128>(), b);
        } else {
            copy_lt16(src, dst, n);
        }
    }
}

/// Copies `n < 16` bytes.
///
/// # Safety
/// As for [`copy_run`], and `n < 16`.
#[inline(always)]
pub(super) unsafe fn copy_lt16(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: every access lies within the first `n` bytes.
    unsafe {
        if n >= 8 {
            let a = ptr::read_unaligned(src.cast::<u64>());
            let b = ptr::read_unaligned(src.add(n - 8).cast::<u64>());
            ptr::write_unaligned(dst.cast::<u64>(), a);
            ptr::write_unaligned(dst.add(n - 8).cast::<u64>(), b);
        } else {
            copy_lt8(src, dst, n);
        }
    }
}

/// Copies `n < 8` bytes.
///
/// # Safety
/// As for [`copy_run`], and `n < 8`.
#[inline(always)]
pub(super) unsafe fn copy_lt8(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: every access lies within the first `n` bytes.
    unsafe {
        if n >= 4 {
            let a = ptr::read_unaligned(src.cast::<u32>());
            let b = ptr::read_unaligned(src.add(n - 4).cast::<u32>());
            ptr::write_unaligned(dst.cast::<u32>(), a);
            ptr::write_unaligned(dst.add(n - 4).cast::<u32>(), b);
        } else if n >= 2 {
            let a = ptr::read_unaligned(src.cast::<u16>());
            let b = ptr::read_unaligned(src.add(n - 2).cast::<u16>());
            ptr::write_unaligned(dst.cast::<u16>(), a);
            ptr::write_unaligned(dst.add(n - 2).cast::<u16>(), b);
        } else if n == 1 {
            *dst = *src;
        }
    }
}
