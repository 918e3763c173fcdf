//! Where json_encode()'s walk keeps its state instead of its C stack frame:
//! the encoder, the small-output storage (an output that fits is written
//! there and allocated once, at its exact size) and the fast frames'
//! records ([`FrameStore`]).
//!
//! A call takes the thread's [`Space`] (16 KiB of output, FAST_CAP fast
//! frames). A json_encode() inside a jsonSerialize() finds it lent and
//! takes a smaller one ([`NESTED_OUTPUT`] bytes, [`NESTED_FAST`] frames) from
//! the thread's pool of nested spaces. Kept off the stack, such nested calls
//! take a few hundred bytes of it each, about what stock's take, so they
//! nest as deep as stock's before the stack guard stops them (with the
//! encoder and its storage in their frames they took ~5 KB each and failed
//! 7 times sooner).
//!
//! Lent spaces are given back by their walk; a bailout (a fatal error
//! under a walk) skips that, and [`request_shutdown`] makes them lendable
//! again. The pool is `malloc`ed, outside PHP's allocator, as the C stack
//! it stands for is: it never counts towards a call's peak. Its spaces are
//! lent from a free list, not by nesting depth (a fiber may suspend a walk
//! that holds one, and fibers resume in any order); up to [`KEEP_FREE`]
//! free ones stay for the next nested calls, the rest are freed as their
//! calls return, and all go at RSHUTDOWN.
use crate::encode::{Encoder, FrameStore, FAST_CAP};
use core::cell::{Cell, UnsafeCell};
use core::mem::MaybeUninit;

/// Bytes of output a call's space holds.
pub const SIZE: usize = 16384;

/// Bytes of output a nested call's space holds: as many as a lone string
/// takes on its stack (see [`crate::functions::SMALL_OUTPUT`] for why).
pub const NESTED_OUTPUT: usize = crate::functions::SMALL_OUTPUT;

/// Fast frames a nested call's space records: deeper containers take the
/// general frames (or the thread's deep block when it is free). (With 8,
/// a 10-deep list in a nested call cost 20% more instructions than with
/// the call's 128; 32 keep a space near 2 KB.)
pub const NESTED_FAST: usize = 32;

/// Free nested spaces kept for the next nested calls; one given back past
/// that many is freed (a deep nesting of calls does not keep its spaces).
const KEEP_FREE: usize = 64;

/// What one walk uses: where its encoder goes, its output storage, its
/// fast frames' storage. Built once, where the storage it points at is.
pub struct Space {
    pub enc: *mut MaybeUninit<Encoder>,
    pub out: *mut u8,
    pub out_cap: usize,
    pub fast: FrameStore,
}

impl Space {
    /// No storage (before a thread-local one is built).
    #[cfg(php_zts)]
    const NONE: Space = Space {
        enc: core::ptr::null_mut(),
        out: core::ptr::null_mut(),
        out_cap: 0,
        // SAFETY: no frames.
        fast: unsafe { FrameStore::new(core::ptr::null_mut(), 0) },
    };
}

/// A call's space and its storage.
#[repr(C)]
struct CallStore {
    busy: Cell<bool>,
    enc: UnsafeCell<MaybeUninit<Encoder>>,
    bytes: UnsafeCell<[MaybeUninit<u8>; SIZE]>,
    words: UnsafeCell<[MaybeUninit<usize>; FrameStore::words(FAST_CAP)]>,
}

impl CallStore {
    const fn new() -> Self {
        CallStore {
            busy: Cell::new(false),
            enc: UnsafeCell::new(MaybeUninit::uninit()),
            bytes: UnsafeCell::new([MaybeUninit::uninit(); SIZE]),
            words: UnsafeCell::new([MaybeUninit::uninit(); FrameStore::words(FAST_CAP)]),
        }
    }

    /// Its space (the storage stays where it is: a static, or this
    /// thread's thread-local).
    const fn space(&self) -> Space {
        Space {
            enc: self.enc.get(),
            out: self.bytes.get().cast(),
            out_cap: SIZE,
            // SAFETY: FAST_CAP fast frames' words, used by the walk the
            // space is lent to only.
            fast: unsafe { FrameStore::new(self.words.get().cast(), FAST_CAP) },
        }
    }
}

/// NTS PHP runs on one thread: one call space for the process, reached
/// without a thread-local lookup (a call to `__tls_get_addr` in a shared
/// object, a few ns per call), its pointers fixed at build time.
#[cfg(not(php_zts))]
mod one {
    /// Only PHP's one thread touches these.
    pub struct Shared<T>(pub T);
    // SAFETY: an NTS PHP runs PHP code (and so json_encode()) on one
    // thread only.
    unsafe impl<T> Sync for Shared<T> {}
    pub static STORE: Shared<super::CallStore> = Shared(super::CallStore::new());
    pub static SPACE: Shared<super::Space> = Shared(STORE.0.space());
    pub static POOL: Shared<super::Pool> = Shared(super::Pool::new());
}

#[cfg(php_zts)]
thread_local! {
    static STORE: CallStore = const { CallStore::new() };
    /// STORE's space, built at its first use (a thread-local's address is
    /// known only on its thread).
    static SPACE: UnsafeCell<Space> = const { UnsafeCell::new(Space::NONE) };
    static POOL: Pool = const { Pool::new() };
}

/// Lend this thread's call space to the calling walk: `None` while it is
/// lent (the caller is a nested call: [`take_nested`]).
#[inline(always)]
pub fn take() -> Option<*const Space> {
    #[cfg(not(php_zts))]
    {
        let s = &one::STORE.0;
        (!s.busy.replace(true)).then_some(&raw const one::SPACE.0)
    }
    #[cfg(php_zts)]
    STORE.with(|s| (!s.busy.replace(true)).then(zts_space))
}

/// This thread's call space.
#[cfg(php_zts)]
fn zts_space() -> *const Space {
    SPACE.with(|p| {
        let p = p.get();
        // SAFETY: this thread's; no reference to it is live (the walks
        // get a pointer, and only this writes, before any walk has it).
        unsafe {
            if (*p).out.is_null() {
                p.write(STORE.with(CallStore::space));
            }
        }
        p.cast_const()
    })
}

/// The walk that took the call space is done with it.
#[inline(always)]
pub fn give_back() {
    #[cfg(not(php_zts))]
    one::STORE.0.busy.set(false);
    #[cfg(php_zts)]
    STORE.with(|s| s.busy.set(false));
}

/// A nested call's space and its storage, in the pool.
#[repr(C)]
struct Nested {
    /// First: a `*const Space` to it is one to its `Nested`.
    space: Space,
    next_free: *mut Nested,
    /// The pool's list of all its spaces (doubly linked: one freed leaves
    /// it at once).
    next_all: *mut Nested,
    prev_all: *mut Nested,
    enc: MaybeUninit<Encoder>,
    bytes: [MaybeUninit<u8>; NESTED_OUTPUT],
    words: [MaybeUninit<usize>; FrameStore::words(NESTED_FAST)],
}

/// The thread's nested spaces: those not lent (and how many), and all of
/// them.
struct Pool {
    free: Cell<*mut Nested>,
    nfree: Cell<usize>,
    all: Cell<*mut Nested>,
}

impl Pool {
    const fn new() -> Self {
        Pool {
            free: Cell::new(core::ptr::null_mut()),
            nfree: Cell::new(0),
            all: Cell::new(core::ptr::null_mut()),
        }
    }
}

#[inline(always)]
fn with_pool<R>(f: impl FnOnce(&Pool) -> R) -> R {
    #[cfg(not(php_zts))]
    return f(&one::POOL.0);
    #[cfg(php_zts)]
    return POOL.with(f);
}

/// Lend a nested space to the calling walk (a new one when none is free;
/// the process aborts if `malloc` fails, as any Rust allocation failure
/// would).
pub fn take_nested() -> *const Space {
    with_pool(|pool| {
        let n = pool.free.get();
        if !n.is_null() {
            // SAFETY: a space of the pool, not lent (on the free list).
            pool.free.set(unsafe { (*n).next_free });
            pool.nfree.set(pool.nfree.get() - 1);
            return n.cast_const().cast();
        }
        // SAFETY: a plain allocation of a Nested, then initialised where it
        // is (its space points into it; it never moves).
        unsafe {
            let n = libc::malloc(core::mem::size_of::<Nested>()).cast::<Nested>();
            if n.is_null() {
                std::process::abort();
            }
            let enc = (&raw mut (*n).enc).cast();
            let out = (&raw mut (*n).bytes).cast();
            let words = (&raw mut (*n).words).cast();
            (&raw mut (*n).space).write(Space {
                enc,
                out,
                out_cap: NESTED_OUTPUT,
                fast: FrameStore::new(words, NESTED_FAST),
            });
            (&raw mut (*n).next_free).write(core::ptr::null_mut());
            let head = pool.all.get();
            (&raw mut (*n).next_all).write(head);
            (&raw mut (*n).prev_all).write(core::ptr::null_mut());
            if !head.is_null() {
                (*head).prev_all = n;
            }
            pool.all.set(n);
            n.cast_const().cast()
        }
    })
}

/// The walk that took `space` ([`take_nested`]) is done with it.
///
/// # Safety
/// `space` came from `take_nested` on this thread, in this request, and
/// is not given back yet.
pub unsafe fn give_back_nested(space: *const Space) {
    with_pool(|pool| {
        let n = space.cast_mut().cast::<Nested>();
        // SAFETY: the caller's contract: a lent space of the pool, on its
        // `all` list (its neighbours there are live spaces of the pool).
        unsafe {
            if pool.nfree.get() >= KEEP_FREE {
                let (prev, next) = ((*n).prev_all, (*n).next_all);
                if prev.is_null() {
                    pool.all.set(next);
                } else {
                    (*prev).next_all = next;
                }
                if !next.is_null() {
                    (*next).prev_all = prev;
                }
                libc::free(n.cast());
                return;
            }
            (*n).next_free = pool.free.get();
        }
        pool.free.set(n);
        pool.nfree.set(pool.nfree.get() + 1);
    });
}

/// RSHUTDOWN: the call space is lendable again and the pool's spaces go
/// (a bailout may have skipped their walks' return; no walk runs now).
pub fn request_shutdown() {
    give_back();
    with_pool(|pool| {
        let mut n = pool.all.get();
        while !n.is_null() {
            // SAFETY: every space of the pool is on the `all` list once,
            // malloc'ed by take_nested; none is in use.
            unsafe {
                let next = (*n).next_all;
                libc::free(n.cast());
                n = next;
            }
        }
        pool.all.set(core::ptr::null_mut());
        pool.free.set(core::ptr::null_mut());
        pool.nfree.set(0);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests share the process's call space and pool (a static on NTS):
    /// one at a time.
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[test]
    fn the_call_space_is_lent_once() {
        let _serial = serial();
        let a = take().expect("free at first");
        assert!(take().is_none(), "lent");
        // SAFETY: only read.
        let s = unsafe { &*a };
        assert_eq!((s.out_cap, s.fast.cap()), (SIZE, FAST_CAP));
        give_back();
        assert_eq!(take(), Some(a), "the same space again");
        request_shutdown();
        assert!(take().is_some(), "RSHUTDOWN gives it back");
        give_back();
    }

    #[test]
    fn nested_spaces_are_distinct_reused_and_freed() {
        let _serial = serial();
        let a = take_nested();
        let b = take_nested();
        assert_ne!(a, b);
        // SAFETY: lent spaces of this thread's pool, only read.
        unsafe {
            assert_eq!(
                ((*a).out_cap, (*a).fast.cap()),
                (NESTED_OUTPUT, NESTED_FAST)
            );
            // Its storage is inside its own allocation.
            let n = a.cast::<Nested>();
            assert_eq!((*a).out.cast_const(), (&raw const (*n).bytes).cast());
            give_back_nested(a);
        }
        // Not by depth: a given back first is lent next while b is out.
        assert_eq!(take_nested(), a);
        // SAFETY: both lent.
        unsafe {
            give_back_nested(b);
            give_back_nested(a);
        }
        request_shutdown();
        with_pool(|p| assert!(p.all.get().is_null() && p.free.get().is_null()));
    }

    #[test]
    fn a_deep_nesting_keeps_only_a_few_free_spaces() {
        let _serial = serial();
        let lent: Vec<_> = (0..200).map(|_| take_nested()).collect();
        let count = |p: &Pool| {
            let mut n = p.all.get();
            let mut k = 0;
            while !n.is_null() {
                // SAFETY: the pool's spaces, live.
                n = unsafe { (*n).next_all };
                k += 1;
            }
            k
        };
        with_pool(|p| assert_eq!(count(p), 200));
        // Given back out of order (fibers): every other one first.
        for s in lent.iter().step_by(2).chain(lent.iter().skip(1).step_by(2)) {
            // SAFETY: lent above, given back once.
            unsafe { give_back_nested(*s) };
        }
        with_pool(|p| {
            assert_eq!(p.nfree.get(), KEEP_FREE);
            assert_eq!(count(p), KEEP_FREE, "the rest freed");
        });
        let again = take_nested();
        // SAFETY: lent just now.
        unsafe { give_back_nested(again) };
        request_shutdown();
        with_pool(|p| assert!(p.all.get().is_null() && p.nfree.get() == 0));
    }
}
