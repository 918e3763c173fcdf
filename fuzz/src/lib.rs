//! Helpers shared by the fuzz targets (fuzz_targets/*.rs): page-end
//! placement, the naive escape oracle of core's tests, and the number
//! reference.

use std::cell::RefCell;

/// The naive, byte-at-a-time oracle of `escape_string`
/// (core/tests/escape_naive/mod.rs, shared with the core tests).
#[path = "../../core/tests/escape_naive/mod.rs"]
#[allow(clippy::should_implement_trait)]
pub mod escape_naive;

#[path = "../../core/tests/common/number_ref.rs"]
pub mod number_ref;

/// A read-write mapping followed by a `PROT_NONE` guard page: bytes copied
/// to [`GuardedBuf::place`] end exactly where the guard page begins, so any
/// read past their end faults (ASan does not see reads past the end of an
/// mmap'd region; the guard page does).
pub struct GuardedBuf {
    base: *mut u8,
    /// Bytes of the read-write part (a whole number of pages).
    len: usize,
}

impl GuardedBuf {
    fn new(min: usize) -> GuardedBuf {
        let page = page_size();
        let len = min.div_ceil(page).max(1) * page;
        // SAFETY: an anonymous private mapping; the result is checked.
        let base = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                len + page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(base != libc::MAP_FAILED, "mmap failed");
        let base = base.cast::<u8>();
        // SAFETY: the last page lies inside the mapping just made.
        let r = unsafe { libc::mprotect(base.add(len).cast(), page, libc::PROT_NONE) };
        assert_eq!(r, 0, "mprotect failed");
        GuardedBuf { base, len }
    }

    /// Copies `data` so that it ends at the guard page; returns the copy.
    /// At least 16 bytes before the copy are readable (the mapping is
    /// always at least 16 bytes longer than `data`).
    pub fn place(&mut self, data: &[u8]) -> &[u8] {
        assert!(data.len() + 16 <= self.len);
        // SAFETY: `start..start + data.len()` lies in the read-write part,
        // which nothing else borrows while `self` is borrowed mutably.
        unsafe {
            let start = self.base.add(self.len - data.len());
            core::ptr::copy_nonoverlapping(data.as_ptr(), start, data.len());
            core::slice::from_raw_parts(start, data.len())
        }
    }

    /// [`GuardedBuf::place`], returning the copy with the 16 bytes before it
    /// (the window a [`rustjson_core::escape::Key::at_end`] reads from).
    pub fn place_with_lead(&mut self, data: &[u8]) -> &[u8] {
        assert!(data.len() + 16 <= self.len);
        // SAFETY: as in `place`; the 16 bytes before the copy are part of
        // the same read-write mapping.
        unsafe {
            let start = self.base.add(self.len - data.len() - 16);
            core::ptr::copy_nonoverlapping(data.as_ptr(), start.add(16), data.len());
            core::slice::from_raw_parts(start, data.len() + 16)
        }
    }
}

impl Drop for GuardedBuf {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once.
        unsafe { libc::munmap(self.base.cast(), self.len + page_size()) };
    }
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

thread_local! {
    static GUARDED: RefCell<Option<GuardedBuf>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's guarded mapping, grown first (when needed) to
/// take `len` bytes with 16 more before them (the mapping is kept between
/// calls).
fn with_guarded<R>(len: usize, f: impl FnOnce(&mut GuardedBuf) -> R) -> R {
    GUARDED.with(|g| {
        let mut g = g.borrow_mut();
        if g.as_ref().is_none_or(|b| b.len < len + 16) {
            *g = None;
            *g = Some(GuardedBuf::new(len + 16));
        }
        f(g.as_mut().unwrap())
    })
}

/// Runs `f` on a copy of `data` that ends where a guard page begins.
pub fn at_page_end<R>(data: &[u8], f: impl FnOnce(&[u8]) -> R) -> R {
    with_guarded(data.len(), |buf| f(buf.place(data)))
}

/// [`at_page_end`], handing `f` the copy with the 16 (readable, unspecified)
/// bytes before it: `window[16..]` is the copy.
pub fn at_page_end_with_lead<R>(data: &[u8], f: impl FnOnce(&[u8]) -> R) -> R {
    with_guarded(data.len(), |buf| f(buf.place_with_lead(data)))
}

/// A little-endian `u32` from up to the first 4 bytes (missing bytes 0).
pub fn le_u32(b: &[u8]) -> u32 {
    let mut w = [0u8; 4];
    let n = b.len().min(4);
    w[..n].copy_from_slice(&b[..n]);
    u32::from_le_bytes(w)
}

#[path = "../../core/tests/common/exact_sink.rs"]
mod exact_sink;
pub use exact_sink::ExactSink;
