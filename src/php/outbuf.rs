//! `OutBuf`: the result string, written in place.
//!
//! A `smart_str` (an emalloc'd `zend_string` plus its capacity) grown
//! through ext/json's own growth path, `smart_str_alloc` (exact need
//! rounded to a 4 KiB page), so the memory high-water mark and the
//! memory_limit behaviour are those of stock `json_encode()`. The cores write
//! straight into its spare capacity through [`Sink`]; nothing is copied at
//! the end.
//!
//! Out of memory: where PHP has fallible growth (8.2.36+), an allocation over
//! memory_limit fails instead of bailing out, PHP raises the fatal error when
//! the function returns, and stock ext/json stops encoding at once. We do
//! the same: the buffer turns "spent" ([`OutBuf::oom`]), the encoder aborts at
//! its next check, and until then writes land in a scratch area outside
//! PHP's heap that is thrown away.
//!
//! Small outputs: a buffer may start in caller-provided stack storage
//! ([`OutBuf::on_stack`]). Nothing is allocated while the output fits
//! there; the first growth past it moves the bytes into a smart_str sized
//! as stock's would be for that length, and an output that never leaves
//! the stack becomes a zend_string of its exact size at the end (stock
//! trims its 256-byte start to size: the same text, never a larger block).
//!
//! Large outputs: a buffer may carry the call's value ([`OutBuf::presize`]).
//! When it first grows past PHP's largest in-chunk block, it takes a lower
//! bound of the whole output (`crate::encode::presize`) and moves into a
//! fresh huge block of that size, advised to use transparent huge pages
//! and populated with one `madvise` before anything is written to it
//! ([`OutBuf::early_move`]), instead of one `mremap` and one page fault
//! per 4 KiB (and the 2 MiB that `erealloc` would copy into 512 freshly
//! faulted pages). The bound never exceeds what stock's buffer reaches,
//! so the peak stays at or under stock's; it is skipped when memory_limit
//! leaves no room for it, or for twice the output's upper bound. An
//! output that looks large when it first leaves the call's 16 KiB storage
//! ([`OutBuf::spill_large`]), or at two checkpoints in a row (every 256
//! KiB up to 1 MiB; a guess from where the encoder is), takes the bound
//! there instead.
//!
//! No `Drop`: an allocation may longjmp out (memory_limit on older PHP) and
//! user code may run while a buffer is live, so the owner frees it
//! explicitly ([`OutBuf::free`]) or hands it to PHP
//! ([`OutBuf::take_zend_string`]).
use super::{sys, zval};
use crate::encode::presize::{self, Bound};
use rustjson_core::Sink;

pub struct OutBuf {
    /// Start of the storage written to (the zend_string's bytes, or the
    /// scratch area after a failed growth); dangling while empty.
    base: *mut u8,
    /// The next byte to write: `pos - base` bytes are written (kept here;
    /// synced into the zend_string on growth).
    pos: *mut u8,
    /// The end of the usable capacity of `base`.
    end: *mut u8,
    ss: sys::smart_str,
    /// After a failed growth: malloc'd scratch that absorbs writes.
    scratch: *mut u8,
    /// What the one large-output bound needs ([`OutBuf::presize`]), kept
    /// by the encoder; null when there is none (or it was taken).
    presize: *const PresizeCtx,
    /// A bound taken and not used up yet: the length the buffer grows to
    /// at its next growth past [`PRESIZE_AT`] (`lower` 0: none), and what
    /// the output cannot exceed (taken only where memory_limit leaves room
    /// for twice it).
    bound: Bound,
    /// The next length at which the bound's worth is guessed again
    /// before [`PRESIZE_AT`] ([`OutBuf::large_growth`]).
    guess_at: usize,
    /// The last guess said "large".
    guessed: bool,
}

/// The call's value, and the options, depth and frame record (opaque
/// here) of the encoder encoding it, for the large-output bound.
#[derive(Clone, Copy)]
pub struct PresizeCtx {
    pub root: *mut sys::zval,
    pub options: u32,
    pub depth: i32,
    pub frames: *const core::ffi::c_void,
}

/// A growth to at least this many bytes takes the large-output bound:
/// past it PHP allocates a huge block (its own mapping, grown by `mremap`
/// and faulted in page by page at every call), below it pages come from
/// PHP's cached chunks.
const PRESIZE_AT: usize = 2 * 1024 * 1024 - 8 * 1024;

/// A growth to at least this many bytes may take the bound early (see
/// [`OutBuf::early_move`]).
const EARLY_AT: usize = 256 * 1024;

/// The first growth out of a storage of at least this many bytes (the
/// call's, not a nested call's 512) may take the bound at once (see
/// [`OutBuf::spill_large`]).
const SPILL_GUESS_AT: usize = 8 * 1024;

/// ... when the output looks like reaching this (a guess:
/// `crate::encode::presize::estimate`).
const EARLY_GUESS: usize = 2 * 1024 * 1024 + 256 * 1024;

/// What a bound's block may take beyond the bound (page rounding, the
/// header, a debug PHP's overhead), with room to spare, when checked
/// against memory_limit.
const LIMIT_MARGIN: usize = 256 * 1024;

/// 2 MiB: PHP's huge blocks start aligned to it, and it is the size of a
/// transparent huge page.
const HUGE: usize = 2 * 1024 * 1024;

impl OutBuf {
    #[inline]
    pub fn new() -> Self {
        let base = core::ptr::NonNull::dangling().as_ptr();
        OutBuf {
            base,
            pos: base,
            end: base,
            ss: sys::smart_str {
                s: core::ptr::null_mut(),
                a: 0,
            },
            scratch: core::ptr::null_mut(),
            presize: core::ptr::null(),
            bound: Bound::NONE,
            guess_at: EARLY_AT,
            guessed: false,
        }
    }

    /// Take a lower bound of the output of encoding `ctx.root` when it
    /// first grows past [`PRESIZE_AT`].
    ///
    /// # Safety
    /// `*ctx` stays in place, unchanged, until the call ends: `root` is
    /// the call's live argument, which the encoder of `ctx` encodes into
    /// this buffer, and `frames` that encoder's frame record.
    #[inline(always)]
    pub unsafe fn presize(&mut self, ctx: *const PresizeCtx) {
        self.presize = ctx;
    }

    /// An empty buffer that writes into `stack` (`cap` bytes) until it
    /// needs more.
    ///
    /// # Safety
    /// `stack` is valid for writes of `cap` bytes, does not move and
    /// outlives the buffer (nothing else writes it meanwhile).
    #[inline]
    pub unsafe fn on_stack(stack: *mut u8, cap: usize) -> Self {
        let mut b = OutBuf::new();
        b.base = stack;
        b.pos = stack;
        b.end = stack.wrapping_add(cap);
        b
    }

    /// Are the bytes in the stack storage (written, no string yet)?
    #[inline(always)]
    fn on_stack_data(&self) -> bool {
        self.ss.s.is_null() && !self.oom() && self.len() > 0
    }

    /// The bytes written, while they are all in the stack storage (none
    /// moved to a string yet, no failed growth, at least one).
    #[inline(always)]
    pub fn stack_output(&self) -> Option<&[u8]> {
        if self.on_stack_data() {
            Some(self.as_bytes())
        } else {
            None
        }
    }

    /// Did an allocation fail (PHP will raise "Allowed memory size ... exhausted")?
    #[inline(always)]
    pub fn oom(&self) -> bool {
        !self.scratch.is_null()
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, additional: usize) {
        if self.oom() {
            // Output is void from here on: keep only room for the caller.
            self.pos = self.base;
            if additional >= self.cap() {
                self.set_scratch(additional + 1);
            }
            return;
        }
        let len = self.len();
        if self.on_stack_data() {
            if len >= SPILL_GUESS_AT && !self.presize.is_null() && self.spill_large(len, additional)
            {
                return;
            }
            return self.grow_off_stack(len, additional);
        }
        let mut additional = additional;
        let mut populate = false;
        if len + additional >= EARLY_AT && (!self.presize.is_null() || self.bound.lower != 0) {
            if let Some(grown) = self.large_growth(len, additional) {
                match grown {
                    Large::Moved => return,
                    Large::To(more) => {
                        additional = more;
                        populate = true;
                    }
                }
            }
        }
        // SAFETY: smart_str_alloc reads ZSTR_LEN(s) as the used length (and
        // copies that much when it moves); a null `s` starts a fresh string.
        let ok = unsafe {
            if !self.ss.s.is_null() {
                (*self.ss.s).len = len;
            }
            sys::rustjson_smart_str_try_grow(&mut self.ss, additional)
        };
        if ok {
            // SAFETY: s is now a live string of capacity a; `val` holds a + 1 bytes.
            self.base = unsafe { zval::zstr_val_mut(self.ss.s) };
            self.pos = self.base.wrapping_add(len);
            self.end = self.base.wrapping_add(self.ss.a);
            if populate {
                self.populate();
            }
        } else {
            self.set_scratch(additional.max(64) + 1);
        }
    }

    /// A growth past [`EARLY_AT`] while a bound is to be taken or is
    /// pending: `None` for the usual growth, `Some(Large::To(n))` to grow
    /// by `n` instead (to the bound, its pages populated), `Some(Moved)`
    /// when the bytes moved into a fresh block ([`OutBuf::early_move`]).
    #[cold]
    #[inline(never)]
    fn large_growth(&mut self, len: usize, additional: usize) -> Option<Large> {
        let need = len + additional;
        if !self.presize.is_null() {
            if need < PRESIZE_AT {
                // Before PHP's huge blocks: the walk only if the output
                // looks large at two checkpoints in a row (every EARLY_AT
                // bytes, up to 4x that).
                if need < self.guess_at {
                    return None;
                }
                self.guess_at = if self.guess_at < 4 * EARLY_AT {
                    self.guess_at + EARLY_AT
                } else {
                    usize::MAX
                };
                // SAFETY: the contract of `presize`; nothing runs meanwhile.
                let large = unsafe { presize::estimate(*self.presize, len, false) } >= EARLY_GUESS;
                let twice = large && self.guessed;
                self.guessed = large;
                if !twice {
                    return None;
                }
            }
            self.take_bound();
        }
        let Bound {
            lower: bound,
            upper,
        } = self.bound;
        if bound <= need {
            self.bound = Bound::NONE;
            return None;
        }
        // SAFETY: reads PHP's memory accounting.
        let headroom = unsafe { sys::rustjson_memory_headroom() };
        // memory_limit: the bound is taken only where its block certainly
        // fits, and so does what stock allocates meanwhile (a call that
        // stock completes completes here, one that fails fails at the same
        // final growth); otherwise the buffer grows as stock's does.
        //
        // Past the bound (escapes lengthen strings, doubles may be longer
        // than their least length) the block grows as stock's does, but
        // from another size and place: where its growth moves it (two
        // blocks held at once) is not where stock's moves. So the whole
        // output's upper bound must fit twice as well: then both growths
        // certainly fit, whatever their moves. Without one (the walk
        // stopped: what follows is unknown) the bound is not taken.
        if need < PRESIZE_AT {
            if bound >= HUGE && early_fits(bound, upper, headroom) && self.early_move(len, bound) {
                self.bound = Bound::NONE;
                return Some(Large::Moved);
            }
            // Keep the bound for the growth past PRESIZE_AT.
            return None;
        }
        self.bound = Bound::NONE;
        // Here stock's growth needs less than the bound's block, in
        // addition to the block the bytes are in (counted in `headroom`).
        if bound + LIMIT_MARGIN > headroom || !upper_fits(upper, 0, headroom) {
            return None;
        }
        // The bytes move as early on (the old block freed first, so less
        // than the growth below needs; both fit, see above): `erealloc`
        // would copy them into pages faulted one by one, before any
        // advice could reach them.
        if self.early_move(len, bound) {
            return Some(Large::Moved);
        }
        Some(Large::To(bound - len))
    }

    /// The first growth of a buffer whose bytes are still in its storage
    /// (the call's 16 KiB), when the output looks like reaching PHP's huge
    /// blocks ([`crate::encode::presize::estimate`] at EARLY_GUESS or more):
    /// the bound is taken now, and when it is a huge block that certainly
    /// fits (as for [`OutBuf::early_move`]), the bytes go straight into a
    /// fresh one of that size, advised and populated: no block in PHP's
    /// chunks grows to 512 KiB first, and no bytes are copied out and back
    /// to move them (gsoc-2018: 3.5% of its time was that copy). True when
    /// they moved; otherwise the bound, when taken, waits for the usual
    /// growths (as one taken at their checkpoints does).
    #[cold]
    #[inline(never)]
    fn spill_large(&mut self, len: usize, additional: usize) -> bool {
        // SAFETY: the contract of `presize`; nothing runs meanwhile.
        if unsafe { presize::estimate(*self.presize, len, true) } < EARLY_GUESS {
            return false;
        }
        self.take_bound();
        let Bound {
            lower: bound,
            upper,
        } = self.bound;
        if bound < HUGE || bound <= len + additional {
            return false;
        }
        // SAFETY: reads PHP's memory accounting.
        let headroom = unsafe { sys::rustjson_memory_headroom() };
        if !early_fits(bound, upper, headroom) {
            return false;
        }
        // SAFETY: the storage's `len` bytes, outside PHP's heap (they do not
        // overlap the fresh block); bound > len + additional.
        unsafe { self.move_to_fresh_block(self.base, len, bound) };
        self.bound = Bound::NONE;
        true
    }

    /// Move the bytes into a fresh huge block of capacity `bound` (early,
    /// while they are few, or at 2 MiB). The block is advised and
    /// populated before anything is written to it, its zend_string header included
    /// (`rustjson_smart_str_alloc_advised`), so that every full 2 MiB
    /// range of it is one huge page (a block that `erealloc` moves at
    /// 2 MiB has its first range faulted page by page by the copy, and
    /// `zend_string_alloc` writes the header into its first page). The
    /// bytes wait in a `malloc`'d copy while the old block is freed
    /// first: PHP's heap never holds both, so its peak is that of the new
    /// block alone, which stock's final string reaches too. The new block
    /// is a plain `emalloc`: the caller has checked that memory_limit
    /// leaves room for it (were PHP to bail out there all the same, out of
    /// system memory, the copy would leak). False (nothing done) when
    /// the copy cannot be had.
    fn early_move(&mut self, len: usize, bound: usize) -> bool {
        if self.ss.s.is_null() {
            return false;
        }
        // SAFETY: a plain allocation, freed below; nothing between here
        // and its free can bail out (the caller's headroom check keeps the
        // new block within memory_limit).
        let tmp = unsafe { libc::malloc(len.max(1)) }.cast::<u8>();
        if tmp.is_null() {
            return false;
        }
        // SAFETY: `base` holds `len` initialized bytes; `tmp` has room for
        // them. The old string is freed once they are copied out (nothing
        // points into it after); the fresh one has capacity >= bound > len
        // (the caller's growth fits too) and receives them back.
        unsafe {
            core::ptr::copy_nonoverlapping(self.base, tmp, len);
            (*self.ss.s).len = len;
            sys::rustjson_smart_str_free(&mut self.ss);
            self.move_to_fresh_block(tmp, len, bound);
            libc::free(tmp.cast());
        }
        true
    }

    /// The buffer becomes a fresh huge block of capacity `bound`, advised
    /// and populated before anything is written to it, its zend_string
    /// header included (`rustjson_smart_str_alloc_advised`), holding the
    /// `len` bytes at `src`.
    ///
    /// # Safety
    /// `self.ss` holds no string; `src` is `len` readable bytes outside the
    /// new block; `bound > len`.
    unsafe fn move_to_fresh_block(&mut self, src: *const u8, len: usize, bound: usize) {
        // SAFETY: the caller's contract; the fresh string has capacity
        // >= bound > len.
        unsafe {
            sys::rustjson_smart_str_alloc_advised(&mut self.ss, bound, Some(advise_fresh));
            let dst = zval::zstr_val_mut(self.ss.s);
            core::ptr::copy_nonoverlapping(src, dst, len);
            self.base = dst;
            self.pos = dst.add(len);
            self.end = dst.add(self.ss.a);
        }
    }

    /// Take the large-output bound now (the presize context is used once).
    fn take_bound(&mut self) {
        let ctx = core::mem::replace(&mut self.presize, core::ptr::null());
        // SAFETY: the contract of `presize`; nothing runs meanwhile.
        self.bound = unsafe { presize::bound(*ctx) };
    }

    /// Fault in the pages of the spare capacity with one call
    /// (`MADV_POPULATE_WRITE`, Linux 5.14+; elsewhere, or if it fails, the
    /// writes fault them in as usual), after asking for transparent huge
    /// pages on the block (`MADV_HUGEPAGE`: with THP in `madvise` mode, a
    /// 2 MiB range of it that nothing has touched yet is then faulted as
    /// one huge page instead of 512 small ones; under `never` it is a no-op).
    ///
    /// The advice covers exactly the block: a PHP huge block (its own
    /// mapping, 2 MiB-aligned, ending right after the string's NUL, where
    /// smart_str's page-rounded sizes put it), so the mapping stays one
    /// area that PHP's `mremap` can still grow in place. Anything else
    /// (the system allocator under `USE_ZEND_ALLOC=0`) gets no advice. It
    /// changes no byte and no size: PHP's accounting sees the same block.
    #[cold]
    fn populate(&mut self) {
        // (A block moved here by `erealloc` has its first 2 MiB faulted by
        // the copy already: only a block of two ranges or more gains.)
        advise(
            self.ss.s as usize,
            self.end as usize + 1,
            self.pos as usize,
            2 * HUGE,
        );
    }

    /// The first growth of a buffer whose `len` bytes are on the stack: a
    /// fresh smart_str with room for `len + additional` (as stock's string
    /// would have after appending the same bytes), the bytes copied in.
    #[cold]
    #[inline(never)]
    fn grow_off_stack(&mut self, len: usize, additional: usize) {
        // SAFETY: a fresh string (s is null) of capacity >= len + additional;
        // the stack bytes [base, base + len) are initialized and do not
        // overlap the new string.
        unsafe {
            if sys::rustjson_smart_str_try_grow(&mut self.ss, len + additional) {
                let dst = zval::zstr_val_mut(self.ss.s);
                core::ptr::copy_nonoverlapping(self.base, dst, len);
                self.base = dst;
                self.pos = dst.wrapping_add(len);
                self.end = dst.wrapping_add(self.ss.a);
            } else {
                self.set_scratch(additional.max(64) + 1);
            }
        }
    }

    #[cold]
    fn set_scratch(&mut self, cap: usize) {
        // SAFETY: plain malloc/realloc of a byte area we own; on failure we
        // abort like any Rust allocation failure would.
        unsafe {
            let p = libc::realloc(self.scratch.cast(), cap).cast::<u8>();
            if p.is_null() {
                std::process::abort();
            }
            self.scratch = p;
            self.base = p;
            self.pos = p;
            self.end = p.wrapping_add(cap);
        }
    }

    fn free_scratch(&mut self) {
        if self.oom() {
            // SAFETY: allocated by set_scratch.
            unsafe { libc::free(self.scratch.cast()) };
            self.scratch = core::ptr::null_mut();
        }
    }

    /// Finish: NUL-terminate, trim to size (as smart_str_extract) and return
    /// the string; an empty buffer gives PHP's interned empty string. The
    /// buffer is left empty (its [`OutBuf::free`] a no-op). Works in place:
    /// the buffer is not moved (a copy of it, just written field by field,
    /// costs a stall per wide load).
    pub fn take_zend_string(&mut self) -> *mut sys::zend_string {
        if self.on_stack_data() {
            let len = self.len();
            self.pos = self.base;
            // SAFETY: a fresh string of exactly `len` bytes (zend_string_alloc
            // sets the length), the initialized stack bytes copied in, then
            // the NUL.
            unsafe {
                let s = sys::rustjson_string_alloc(len);
                let dst = zval::zstr_val_mut(s);
                core::ptr::copy_nonoverlapping(self.base, dst, len);
                *dst.add(len) = 0;
                return s;
            }
        }
        self.free_scratch();
        if !self.ss.s.is_null() {
            // SAFETY: s is a live string of capacity a >= len.
            unsafe { (*self.ss.s).len = self.len().min(self.ss.a) };
        }
        self.pos = self.base;
        // SAFETY: ss is a valid smart_str.
        let s = unsafe { sys::rustjson_smart_str_extract(&mut self.ss) };
        self.ss.s = core::ptr::null_mut();
        s
    }

    /// Discard the output, leaving the buffer empty.
    pub fn free(&mut self) {
        self.free_scratch();
        self.pos = self.base;
        // SAFETY: ss is a valid smart_str (possibly empty).
        unsafe { sys::rustjson_smart_str_free(&mut self.ss) };
        self.ss.s = core::ptr::null_mut();
    }
}

/// How a growth past [`EARLY_AT`] went (see [`OutBuf::large_growth`]).
enum Large {
    /// Grow by this much instead, populating the pages.
    To(usize),
    /// The bytes moved into a fresh, larger block.
    Moved,
}

/// Whether a bound's block (`bound`, `upper`) may be taken before the
/// output reaches PHP's huge blocks, with `headroom` bytes left under
/// memory_limit. Until 2 MiB stock's block may move into up to two fresh
/// chunks, then into a huge block while its chunk still holds it: room for
/// all that and the bound's block, or the bound waits for that growth (so
/// that a call stock fails there fails here too, rather than completing).
/// Past the bound the block grows as stock's does but from another size
/// and place, so the whole output's upper bound must fit twice as well
/// (see `OutBuf::large_growth`).
fn early_fits(bound: usize, upper: Option<usize>, headroom: usize) -> bool {
    bound.max(HUGE + 8192) + 2 * HUGE + 2 * HUGE + LIMIT_MARGIN <= headroom
        && upper_fits(upper, 4 * HUGE, headroom)
}

/// Whether twice the output's upper bound (none: unknown, never fits) and
/// `extra` bytes fit in `headroom` (see `OutBuf::large_growth`).
fn upper_fits(upper: Option<usize>, extra: usize, headroom: usize) -> bool {
    upper.is_some_and(|u| u.saturating_mul(2).saturating_add(extra + LIMIT_MARGIN) <= headroom)
}

/// [`advise`] for a fresh block that nothing has written yet (all of it
/// populated, so its first 2 MiB too can be one huge page).
unsafe extern "C" fn advise_fresh(block: *mut core::ffi::c_void, size: usize) {
    let block = block as usize;
    advise(block, block + size, block, HUGE);
}

/// Advise the string block `[block, block_end)` (see [`OutBuf::populate`]):
/// huge pages when it is a PHP huge block of at least `huge_min` bytes,
/// then its pages from `from` on populated.
fn advise(block: usize, block_end: usize, from: usize, huge_min: usize) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        const MADV_HUGEPAGE: libc::c_int = 14;
        const MADV_POPULATE_WRITE: libc::c_int = 23;
        if block.is_multiple_of(HUGE)
            && block_end.is_multiple_of(PAGE)
            && block_end - block >= huge_min
        {
            // SAFETY: [block, block_end) is the string's own mapping
            // (checked above: a huge block starts 2 MiB-aligned and its
            // page-rounded size ends after the NUL); the advice changes how
            // its pages are backed, not their contents.
            unsafe { libc::madvise(block as *mut libc::c_void, block_end - block, MADV_HUGEPAGE) };
        }
        let from = from.div_ceil(PAGE) * PAGE;
        let to = block_end / PAGE * PAGE;
        if to > from {
            // SAFETY: [from, to) lies inside the string's block, memory
            // the buffer owns; populating writes nothing visible (the
            // pages read as they did: zero, or what was there).
            unsafe { libc::madvise(from as *mut libc::c_void, to - from, MADV_POPULATE_WRITE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (block, block_end, from, huge_min);
}

impl OutBuf {
    /// Usable capacity.
    #[inline(always)]
    fn cap(&self) -> usize {
        self.end as usize - self.base as usize
    }
}

// SAFETY: the zend_string between `base` and `end` is the only storage;
// `reserve` grows it (or PHP bails out) so that `end - pos >= additional`,
// `spare_ptr` is `pos`, `commit` advances `pos` over written bytes, and
// `truncate` only moves `pos` back.
unsafe impl Sink for OutBuf {
    #[inline(always)]
    fn len(&self) -> usize {
        self.pos as usize - self.base as usize
    }
    #[inline(always)]
    fn spare(&self) -> usize {
        self.end as usize - self.pos as usize
    }
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        // smart_str_alloc grows when new_len >= a (it keeps a byte for the
        // NUL). (`pos + additional` cannot wrap: user-space addresses and
        // the sizes asked for are both far below 2^63.)
        if self.pos.wrapping_add(additional) >= self.end {
            self.grow(additional);
        }
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        debug_assert!(len <= self.len() || self.oom());
        self.pos = self.base.wrapping_add(len.min(self.len()));
    }
    #[inline(always)]
    fn spare_ptr(&mut self) -> *mut u8 {
        self.pos
    }
    #[inline(always)]
    unsafe fn commit(&mut self, n: usize) {
        debug_assert!(n <= self.spare());
        self.pos = self.pos.wrapping_add(n);
    }
    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        // SAFETY: the first len bytes of base are initialized output (len is
        // 0 while base dangles).
        unsafe { core::slice::from_raw_parts(self.base, self.len()) }
    }
}

/// The write floor of an output of `len` bytes (`make bench-floor`, probe
/// builds only): the string a call returns, allocated as this buffer's
/// cheapest route would give it (past PHP's huge-block size one fresh
/// block of the output's size, advised and populated as
/// [`OutBuf::early_move`] takes it; below that one exact allocation) and
/// every byte written (a `memset`: store bandwidth, nothing computed).
///
/// # Safety
/// `rv` is a call's return slot; PHP may bail out (memory_limit).
#[cfg(feature = "floor-probe")]
pub unsafe fn probe_write_floor(len: usize, rv: *mut sys::zval) {
    // SAFETY: fresh strings of capacity >= len, written within it, handed
    // to the return slot.
    unsafe {
        if len >= PRESIZE_AT {
            // The block the encoder's large route moves into, from nothing.
            let mut buf = OutBuf::new();
            buf.move_to_fresh_block(buf.base, 0, len);
            core::ptr::write_bytes(buf.pos, b'x', len);
            buf.commit(len);
            sys::rustjson_return_str(rv, buf.take_zend_string());
        } else {
            let dst = sys::rustjson_return_new_str(rv, len, false).cast::<u8>();
            core::ptr::write_bytes(dst, b'x', len);
            dst.add(len).write(0);
        }
    }
}
