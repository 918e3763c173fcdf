//! What an implementation supplies to the kernel, and the copy helpers
//! every layer uses.
//!
//! A leaf module: the kernel (`kernel.rs`) is generic over [`Scanner`], the
//! per-architecture modules (`x86.rs`, `neon.rs`, `swar.rs`) implement it,
//! and none of them imports another through this one.

use super::mode::Flags;
use core::ptr;

/// The vector (or SWAR word) operations an implementation supplies.
pub(super) trait Scanner {
    /// Block width in bytes.
    const W: usize;
    /// Each byte owns `1 << SHIFT` bits of a mask, exactly one of them set
    /// when the byte needs work: byte position = `trailing_zeros >> SHIFT`.
    const SHIFT: u32;
    /// Whether [`Scanner::expand`] is implemented.
    const EXPAND: bool = false;

    /// Compare constants, built once per string.
    type Ctx;

    /// Builds the compare set for `flags` (see `tables::stop_bytes`).
    ///
    /// # Safety
    /// The CPU must support the scanner's instructions.
    unsafe fn ctx(flags: Flags) -> Self::Ctx;

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

    /// Escape-dense runs: from the block at `src` on, for as long as a
    /// whole block (`W` bytes) is available, every byte of it needing work
    /// takes a two-byte escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`
    /// under the flags of the context: clean blocks qualify too), and
    /// `room - written >= avail - read + escapes + 8` (so that afterwards
    /// room stays >= unread + 8), writes the blocks escaped at `dst`.
    /// Returns `(bytes read, bytes written)`, a multiple of `W` and
    /// `read + escapes`; `(0, 0)` if the first block does not qualify (and
    /// then anything may have been written at `dst`).
    ///
    /// # Safety
    /// `src` valid for reads of `avail` bytes, `dst` for writes of `room`
    /// bytes, no overlap; `room >= avail + 8` (what a clean first block
    /// needs: an implementation may store clean blocks without checking
    /// the room again); the CPU supports the scanner's instructions.
    #[inline(always)]
    unsafe fn expand(
        ctx: &Self::Ctx,
        src: *const u8,
        avail: usize,
        dst: *mut u8,
        room: usize,
    ) -> (usize, usize) {
        let _ = (ctx, src, avail, dst, room);
        (0, 0)
    }

    /// Whether [`Scanner::u_escape_3byte_run`] is implemented.
    const U3: bool = false;

    /// Without `JSON_UNESCAPED_UNICODE`: writes the `\\uXXXX` escapes of
    /// the longest run of groups of four valid 3-byte sequences (12 bytes
    /// in, 24 out) from `src` on, and returns (bytes read, bytes written),
    /// `(0, 0)` if the first group does not qualify. A group is taken only
    /// while 16 bytes of it are readable (`avail - read >= 16`) and the
    /// room left keeps the general path's invariant after it
    /// (`room - written >= avail - read + 28` before).
    ///
    /// # Safety
    /// `src` valid for reads of `avail` bytes, `dst` for writes of `room`
    /// bytes, no overlap; the CPU supports the scanner's instructions.
    #[inline(always)]
    unsafe fn u_escape_3byte_run(
        src: *const u8,
        avail: usize,
        dst: *mut u8,
        room: usize,
    ) -> (usize, usize) {
        let _ = (src, avail, dst, room);
        (0, 0)
    }

    /// Whether [`Scanner::utf8_blocks`] is implemented.
    const UTF8: bool = false;

    /// Under `JSON_UNESCAPED_UNICODE` (the context's flags), for
    /// `avail >= W`: copies to `dst` the longest stretch of whole blocks
    /// from `src` on (the last one possibly overlapping the one before, to
    /// reach the end of the input) that needs nothing but copying, less
    /// the incomplete sequence it may end with, and returns its length `n`.
    /// "Nothing but copying": `src[..n]`, decoded the way PHP does from
    /// `src` on (PHP's decoder has no state between sequences, so any
    /// place where it starts one will do), is well-formed UTF-8, holds no
    /// ASCII byte needing an escape and (unless
    /// `JSON_UNESCAPED_LINE_TERMINATORS`) no U+2028/U+2029, and ends where
    /// a sequence does. 0 if the first block does not qualify. Anything
    /// may have been written to `dst[n..avail]`.
    ///
    /// # Safety
    /// `src` valid for reads of `avail` bytes, `dst` for writes of `avail`
    /// bytes, no overlap; the CPU supports the scanner's instructions.
    #[inline(always)]
    unsafe fn utf8_blocks(ctx: &Self::Ctx, src: *const u8, avail: usize, dst: *mut u8) -> usize {
        let _ = (ctx, src, avail, dst);
        0
    }
}

/// The end of a vector scanner's tail step for a string at least one block
/// long: `last` is the mask (`1 << SHIFT` bits per byte) of its last `W`
/// bytes, reloaded overlapping bytes already done (never past the end).
/// Copies the clean bytes from `s[i]` on with `copy` and returns the index
/// of the first byte needing work (`s.len()` if none), as
/// [`Scanner::tail`] does.
///
/// # Safety
/// As for [`Scanner::tail`] with `W`, and `i < s.len()`, `W <= s.len()`;
/// `copy(src, dst, n)` copies exactly `n < W` bytes.
#[inline(always)]
pub(super) unsafe fn tail_from_last_block<const W: usize, const SHIFT: u32>(
    s: &[u8],
    i: usize,
    dst: *mut u8,
    last: u64,
    copy: unsafe fn(*const u8, *mut u8, usize),
) -> usize {
    let rem = s.len() - i;
    // 1 <= rem < W: the shift is below 64.
    let m = last >> ((W - rem) << SHIFT);
    let t = if m == 0 {
        rem
    } else {
        (m.trailing_zeros() >> SHIFT) as usize
    };
    // SAFETY: t <= rem bytes, within the input and (the caller's
    // guarantee) the room at `dst`.
    unsafe { copy(s.as_ptr().add(i), dst, t) };
    i + t
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

/// Copies `n <= 32` bytes with at most two (overlapping) loads and stores.
///
/// # Safety
/// As for [`copy_run`], and `n <= 32`.
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

/// Copies `65 <= n <= 128` bytes: the first 64 and the last 64 (which
/// overlap them below 128).
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `n` bytes, no overlap.
#[inline(always)]
// Used by the x86-64 kernels only.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) unsafe fn copy_65_to_128(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((65..=128).contains(&n));
    // SAFETY: both copies lie within the first n bytes (n >= 64).
    unsafe {
        copy_16_to_64(src, dst, 64);
        copy_16_to_64(src.add(n - 64), dst.add(n - 64), 64);
    }
}

/// Copies `16 <= n <= 64` bytes with two or four overlapping 32-byte-wide
/// copies.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `n` bytes, no overlap.
#[inline(always)]
// Used by the x86-64 kernels only.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) unsafe fn copy_16_to_64(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((16..=64).contains(&n));
    // SAFETY: every access lies within the first n bytes.
    unsafe {
        if n > 32 {
            copy_lt32(src, dst, 32);
            copy_lt32(src.add(n - 32), dst.add(n - 32), 32);
        } else {
            copy_lt32(src, dst, n);
        }
    }
}
