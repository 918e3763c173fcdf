//! The lowest stack address the encoder may recurse down to on this thread.
//!
//! Stock PHP 8.2 has no guard and segfaults on absurdly deep values; PHP
//! 8.3+ reports error 1 (depth) when the C stack runs low. We do the same on
//! every version, keeping a reserve for user code (jsonSerialize) and the
//! engine below the deepest container.
use std::cell::Cell;

/// Stack kept free below the deepest encoder frame.
const RESERVE: usize = 256 * 1024;

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// The address below which the encoder must stop descending (0: unknown).
///
/// Inside a Fiber the C stack is the fiber's own (an mmap'd area of
/// `fiber.stack_size` bytes), not the thread's.
pub fn limit() -> usize {
    let mut lo: usize = 0;
    let mut size: usize = 0;
    // SAFETY: the shim reads the executor globals of this thread.
    if unsafe { crate::php::sys::rustjson_fiber_stack(&mut lo, &mut size) } {
        return lo + RESERVE.min(size / 2);
    }
    LIMIT.with(|l| {
        if l.get() == usize::MAX {
            l.set(compute());
        }
        l.get()
    })
}

fn compute() -> usize {
    // SAFETY: plain libc calls on a zeroed attr object owned by this frame.
    unsafe {
        let mut attr: libc::pthread_attr_t = core::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return 0;
        }
        let mut addr: *mut libc::c_void = core::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        libc::pthread_attr_destroy(&mut attr);
        if !ok || addr.is_null() {
            return 0;
        }
        addr as usize + RESERVE.min(size / 2)
    }
}
