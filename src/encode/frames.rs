//! What the walk holds, recorded so that a caught panic can give it back.
//!
//! Entering a container, stock's encoder takes a counted copy of its zval
//! (a reference) and puts the recursion mark on it (on PHP 8.3+ objects
//! with jsonSerialize(), the JSON recursion guard); it gives both back on
//! the way out. The walk does the same, and records each held thing here
//! while it holds it:
//!
//! - the fast frames (arrays and plain objects below `fast_depth`) in
//!   arrays: in the walk's own [`Store`] for the first levels (a call's:
//!   STACK_CHECK_DEPTH of them; a nested call's: a few), past them in
//!   the thread's deep block ([`deep`], grown by [`Frames::reserve`]). A
//!   fast frame defers its references and mark (see
//!   [`super::Encoder::hold_pending`]): its entry is *pending*, and the
//!   pending entries (always the innermost frames) move to the *held* ones
//!   when the walk holds them;
//! - the general frames (deep containers, property tables, jsonSerialize()
//!   calls), unbounded, in a log that starts inline and grows with
//!   `realloc` (no `Drop`: freed by [`Frames::free`]).
//!
//! Normally each frame gives back what it took on its way out and pops its
//! entry. After a panic (caught in `functions.rs`), the frames are gone but
//! their entries are not: [`Frames::release_all`] gives back every held
//! thing, so the values can be encoded again and are freed as usual.
use super::STACK_CHECK_DEPTH;
use crate::php::sys;
use crate::php::view::{Gc, Held, Marked, Obj, SerializableGuard, Table};
use core::mem::MaybeUninit;

/// The fast frames a walk's own storage takes (they nest under
/// STACK_CHECK_DEPTH deep): a call's, lent with its small-output storage.
pub const FAST_CAP: usize = STACK_CHECK_DEPTH as usize;
/// General frames recorded inline before the log moves to the heap.
const INLINE_CAP: usize = 8;

/// Entry kinds, in the low 3 bits of the first word (the pointers are at
/// least 8-byte aligned).
const ARRAY: usize = 0; // a fast array (not counted: an immutable one)
const ARRAY_COUNTED: usize = 1; // a fast array with a counted copy
const SLOTS_OBJ: usize = 2; // an object walked by its slots: counted + marked
const TABLE_OBJ: usize = 3; // a property table (marked, referenced) + aux: its object (counted)
const COPY: usize = 4; // a counted zval: first word type_info << 3, aux: the counted part
const MARK: usize = 5; // a recursion mark on an array's or object's header
const PROPS: usize = 6; // a property table's reference (zend_release_properties)
const SERIALIZABLE: usize = 7; // a JsonSerializable guard: object + aux: 8.2's table
const TAG: usize = 7;

/// One record: the tagged first word and an auxiliary word.
#[derive(Clone, Copy)]
#[repr(C)]
pub(super) struct Hold {
    tagged: usize,
    aux: usize,
}

impl Hold {
    #[inline(always)]
    pub(super) fn copy(h: Held) -> Hold {
        let (counted, type_info) = h.parts();
        Hold {
            tagged: (type_info as usize) << 3 | COPY,
            aux: counted as usize,
        }
    }

    #[inline(always)]
    pub(super) fn mark(gc: Gc) -> Hold {
        Hold {
            tagged: gc.as_ptr() as usize | MARK,
            aux: 0,
        }
    }

    #[inline(always)]
    pub(super) fn props(t: Table) -> Hold {
        Hold {
            tagged: t.as_ptr() as usize | PROPS,
            aux: 0,
        }
    }

    #[inline(always)]
    pub(super) fn serializable(g: SerializableGuard) -> Hold {
        let (obj, ht) = g.parts();
        Hold {
            tagged: obj as usize | SERIALIZABLE,
            aux: ht as usize,
        }
    }

    #[inline(always)]
    pub(super) fn table_obj(t: Table, o: Obj) -> Hold {
        Hold {
            tagged: t.as_ptr() as usize | TABLE_OBJ,
            aux: o.as_ptr() as usize,
        }
    }

    /// Give back what the record holds (after a panic).
    fn release(self) {
        let p = self.tagged & !TAG;
        // SAFETY: each record was made from live handles whose reference
        // or mark the walk still holds (a frame pops its record before
        // giving them back), so they are live now.
        unsafe {
            match self.tagged & TAG {
                ARRAY => Table::new(p as *mut sys::HashTable).unprotect(),
                ARRAY_COUNTED => {
                    let t = Table::new(p as *mut sys::HashTable);
                    t.unprotect();
                    t.release_array();
                }
                SLOTS_OBJ => {
                    let o = Obj::from_ptr(p as *mut sys::zend_object);
                    o.unprotect();
                    o.release();
                }
                TABLE_OBJ => {
                    let t = Table::new(p as *mut sys::HashTable);
                    t.unprotect();
                    t.release_properties();
                    Obj::from_ptr(self.aux as *mut sys::zend_object).release();
                }
                COPY => Held::from_parts(
                    self.aux as *mut sys::zend_refcounted,
                    (self.tagged >> 3) as u32,
                )
                .dtor(),
                MARK => Gc::from_ptr(p as *mut sys::zend_refcounted_h).unprotect(),
                PROPS => Table::new(p as *mut sys::HashTable).release_properties(),
                _ => SerializableGuard::from_parts(
                    p as *mut sys::zend_object,
                    self.aux as *mut sys::HashTable,
                )
                .leave(),
            }
        }
    }
}

/// A pending fast frame being held: what its frame takes at entry in
/// stock's encoder (see [`super::Encoder::hold_pending`]).
pub(super) enum Pending {
    /// An array: a counted copy (when the zval is counted) and its mark.
    Array(Table, bool),
    /// An object walked by its slots: a counted copy and its mark.
    Slots(Obj),
    /// An object walked by its property table: a counted copy of the
    /// object, a reference to the table and the table's mark.
    TableObj(Obj, Table),
}

#[repr(C)]
pub(super) struct Frames {
    /// Pending fast array entries: `pend[..npend]`, the innermost fast
    /// array frames, outermost first (the walk holds them all at once).
    npend: usize,
    /// Held fast entries: `hbase()[..top]`, outermost first.
    top: *mut Hold,
    /// The fast frames' storage: `cap` pending entries, then their object
    /// words, then `cap` held entries (see [`deep::parts`]); the walk's own
    /// (`own`), or the thread's deep
    /// block while `cap` is above `own_cap`.
    pend: *mut usize,
    /// How many fast frames the storage takes (`own_cap` in the walk's own).
    cap: usize,
    /// General entries in use.
    glen: usize,
    /// The general log's heap part (entries from INLINE_CAP on; its
    /// capacity, 16 and doubling, follows from the length).
    gheap: *mut Hold,
    /// The walk's own storage for `own_cap` fast frames (see [`Store`]).
    /// A pending entry: an array's table (tag ARRAY, or ARRAY_COUNTED when
    /// its zval is counted), an object (SLOTS_OBJ) or a property table
    /// (TABLE_OBJ, its object in the object word).
    own: *mut usize,
    own_cap: usize,
    ginline: [MaybeUninit<Hold>; INLINE_CAP],
}

/// Storage for a walk's fast frames, kept out of the walk's own frame: a
/// call's comes with the small-output storage lent to it (`FAST_CAP`
/// frames); a json_encode() inside a jsonSerialize() takes a few on its
/// stack (its frame's size sets how deep such calls nest before the stack
/// guard stops them).
#[derive(Clone, Copy)]
pub struct Store {
    words: *mut usize,
    cap: usize,
}

impl Store {
    /// Words of storage `cap` fast frames take.
    pub const fn words(cap: usize) -> usize {
        cap * deep::ENTRY / core::mem::size_of::<usize>()
    }

    /// `cap` fast frames' storage at `words` (`cap` at most FAST_CAP: fast
    /// frames nest that deep without a stack check).
    ///
    /// # Safety
    /// `words` is [`Store::words`]`(cap)` writable words that stay in place
    /// and that nothing else uses while a walk given them runs.
    #[inline(always)]
    pub const unsafe fn new(words: *mut usize, cap: usize) -> Store {
        debug_assert!(cap <= FAST_CAP);
        Store { words, cap }
    }

    /// No storage: fast frames are never entered (a walk that only fails
    /// or holds scalars, in tests).
    #[cfg(test)]
    pub fn none() -> Store {
        Store {
            words: core::ptr::null_mut(),
            cap: 0,
        }
    }

    /// How many fast frames it takes.
    #[inline(always)]
    pub fn cap(&self) -> usize {
        self.cap
    }
}

impl Frames {
    /// The frames of a walk, its fast entries in `store` (which stays
    /// where it is for the walk, as the frames may move until it starts).
    #[inline(always)]
    pub(super) fn new(store: Store) -> Frames {
        let held = deep::parts(store.words.cast(), store.cap).2;
        Frames {
            npend: 0,
            top: held,
            pend: store.words,
            cap: store.cap,
            glen: 0,
            gheap: core::ptr::null_mut(),
            own: store.words,
            own_cap: store.cap,
            ginline: [MaybeUninit::uninit(); INLINE_CAP],
        }
    }

    /// Point the fast entries at the walk's own storage again.
    #[inline(always)]
    fn rearm(&mut self) {
        self.pend = self.own;
        self.cap = self.own_cap;
        self.top = self.hbase();
    }

    /// Where the pending entries' object words are.
    #[inline(always)]
    fn pend_obj(&self) -> *mut usize {
        deep::parts(self.pend.cast(), self.cap).1
    }

    /// Where the held entries are.
    #[inline(always)]
    fn hbase(&self) -> *mut Hold {
        deep::parts(self.pend.cast(), self.cap).2
    }

    /// Is the storage the thread's deep block?
    #[inline(always)]
    fn deep(&self) -> bool {
        self.cap > self.own_cap
    }

    /// How many held entries there are.
    #[inline(always)]
    fn nheld(&self) -> usize {
        if self.pend.is_null() {
            return 0;
        }
        (self.top as usize - self.hbase() as usize) / core::mem::size_of::<Hold>()
    }

    /// Can fast frames nest `need` deep? Grows the storage when not (into
    /// the thread's deep block, see [`deep`]): false when that cannot be
    /// had (another walk on this thread holds it, or no memory), and the
    /// frame must go the general way.
    #[inline(always)]
    pub(super) fn reserve(&mut self, need: usize) -> bool {
        need <= self.cap || self.grow(need)
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, need: usize) -> bool {
        if self.pend.is_null() {
            return false;
        }
        let owned = self.deep();
        if !owned && !deep::take() {
            return false;
        }
        let (old, old_cap) = deep::get();
        let cur = self.pend.cast::<u8>();
        debug_assert!(old != cur || old_cap == self.cap);
        let (block, cap) = if old_cap >= need {
            (old, old_cap)
        } else {
            let cap = need.next_power_of_two().max(2 * self.cap);
            // SAFETY: a plain allocation, ours until given back to the
            // thread (see `deep`).
            let p = unsafe { libc::malloc(cap * deep::ENTRY) }.cast::<u8>();
            if p.is_null() {
                if !owned {
                    deep::untake();
                }
                return false;
            }
            (p, cap)
        };
        let (pend, pend_obj, held) = deep::parts(block, cap);
        let n = self.npend;
        let h = self.nheld();
        // SAFETY: the current storage (the walk's own, or the thread's block) and
        // `block` are distinct, each with room for `npend` pending and
        // `nheld` held entries (bytes copied as they are: a pending entry's
        // object word is written only for TABLE_OBJ entries). The old block
        // is no longer pointed at once the entries are moved.
        unsafe {
            core::ptr::copy_nonoverlapping(self.pend, pend, n);
            core::ptr::copy_nonoverlapping(self.pend_obj(), pend_obj, n);
            core::ptr::copy_nonoverlapping(self.hbase(), held, h);
            self.top = held.add(h);
            if block != old && !old.is_null() {
                libc::free(old.cast());
            }
        }
        deep::set(block, cap);
        self.pend = pend;
        self.cap = cap;
        true
    }

    /// The end of the walk: the deep block goes back to the thread (the
    /// entries point at the walk's own storage again).
    #[inline(always)]
    pub(super) fn end(&mut self) {
        if self.deep() {
            self.end_deep();
        }
    }

    #[cold]
    #[inline(never)]
    fn end_deep(&mut self) {
        debug_assert!(self.npend == 0 && self.nheld() == 0);
        deep::give_back();
        self.rearm();
    }

    /// Does a held entry carry the recursion mark of the table at `t` (a
    /// held fast frame's array or property table, or a general frame's
    /// mark)? For the large-output bound, which meets the walk's own marks.
    pub(super) fn marks(&self, t: usize) -> bool {
        let base = self.hbase();
        let held = (0..self.nheld()).map(|i| {
            // SAFETY: entries below nheld were written (take_pending, push).
            unsafe { *base.add(i) }
        });
        let general = (0..self.glen).map(|i| self.general(i));
        held.chain(general).any(|h| h.tagged & !TAG == t)
    }

    /// The containers of the fast frames, outermost first, into `out`
    /// (as many as fit): for each, its table (an array's, or an object's
    /// property table; null for an object walked by its slots) and its
    /// object (null for an array). How many were written. For the
    /// large-output estimate, which reads where the walk is.
    pub(super) fn path(&self, out: &mut [(usize, usize)]) -> usize {
        let held = self.nheld();
        let base = self.hbase();
        let mut n = 0;
        for i in 0..held + self.npend {
            if n == out.len() {
                break;
            }
            // SAFETY: entries below nheld and npend were written (take_pending,
            // push_pending; a TABLE_OBJ pending entry wrote its object word).
            let (tagged, aux) = unsafe {
                if i < held {
                    let h = *base.add(i);
                    (h.tagged, h.aux)
                } else {
                    let j = i - held;
                    let e = *self.pend.add(j);
                    let o = if e & TAG == TABLE_OBJ {
                        *self.pend_obj().add(j)
                    } else {
                        0
                    };
                    (e, o)
                }
            };
            let p = tagged & !TAG;
            out[n] = match tagged & TAG {
                SLOTS_OBJ => (0, p),
                TABLE_OBJ => (p, aux),
                _ => (p, 0),
            };
            n += 1;
        }
        n
    }

    /// Are there pending fast entries?
    #[inline(always)]
    pub(super) fn any_pending(&self) -> bool {
        self.npend != 0
    }

    /// Hold the pending entries (by the caller's function): they move to
    /// the held entries, in order.
    #[inline(always)]
    pub(super) fn take_pending(&mut self, mut hold: impl FnMut(Pending)) {
        let n = self.npend;
        for i in 0..n {
            // SAFETY: entries below npend were written by the fast frames
            // still on the stack (in bounds: each fast frame has one entry,
            // pending or held, and at most `cap` nest).
            let e = unsafe { *self.pend.add(i) };
            let p = e & !TAG;
            // SAFETY: a pending entry's table or object is live and as its
            // frame found it (no user code ran since the frame was entered);
            // a TABLE_OBJ entry wrote its object below npend too.
            let (pending, record) = unsafe {
                match e & TAG {
                    SLOTS_OBJ => {
                        let o = Obj::from_ptr(p as *mut sys::zend_object);
                        (Pending::Slots(o), Hold { tagged: e, aux: 0 })
                    }
                    TABLE_OBJ => {
                        let o = *self.pend_obj().add(i);
                        let o = Obj::from_ptr(o as *mut sys::zend_object);
                        let t = Table::new(p as *mut sys::HashTable);
                        (Pending::TableObj(o, t), Hold::table_obj(t, o))
                    }
                    tag => {
                        let t = Table::new(p as *mut sys::HashTable);
                        (
                            Pending::Array(t, tag == ARRAY_COUNTED),
                            Hold { tagged: e, aux: 0 },
                        )
                    }
                }
            };
            hold(pending);
            debug_assert!(self.nheld() + i < self.cap);
            // SAFETY: in bounds: each fast frame has one entry, pending
            // or held, and at most `cap` nest; top is armed (the walk
            // runs).
            unsafe { self.top.add(i).write(record) };
        }
        // SAFETY: as above.
        self.top = unsafe { self.top.add(n) };
        self.npend = 0;
    }

    /// A fast array frame's entry, pending: returns its slot for
    /// [`Frames::pop_fast`].
    #[inline(always)]
    pub(super) fn push_array(&mut self, t: Table, counted: bool) -> usize {
        self.push_pending(t.as_ptr() as usize | usize::from(counted))
    }

    /// A fast object frame's entry (an object walked by its declared
    /// slots), pending: returns its slot for [`Frames::pop_fast`].
    #[inline(always)]
    pub(super) fn push_slots_obj(&mut self, o: Obj) -> usize {
        self.push_pending(o.as_ptr() as usize | SLOTS_OBJ)
    }

    /// A fast object frame's entry (an object walked by its property
    /// table `t`), pending: returns its slot for [`Frames::pop_fast`].
    #[inline(always)]
    pub(super) fn push_table_obj(&mut self, o: Obj, t: Table) -> usize {
        let slot = self.push_pending(t.as_ptr() as usize | TABLE_OBJ);
        // SAFETY: in bounds, as in push_pending.
        unsafe { self.pend_obj().add(slot).write(o.as_ptr() as usize) };
        slot
    }

    #[inline(always)]
    fn push_pending(&mut self, e: usize) -> usize {
        let slot = self.npend;
        debug_assert!(slot < self.cap);
        // SAFETY: in bounds: fast frames are entered only below fast_depth
        // (never above `cap`: see Encoder::encode_array_deep), and each
        // adds a level; the storage is armed (the walk runs).
        unsafe { self.pend.add(slot).write(e) };
        self.npend = slot + 1;
        slot
    }

    /// Pop the entry of the fast frame that pushed at `slot`: was it held
    /// meanwhile (then the frame gives back its reference and mark)? A
    /// pending entry is still at its slot (the pending ones are the
    /// innermost frames); a held one is the last held entry.
    #[inline(always)]
    pub(super) fn pop_fast(&mut self, slot: usize) -> bool {
        if self.npend > slot {
            self.npend = slot;
            return false;
        }
        debug_assert!(self.nheld() > 0);
        // SAFETY: the frame's held entry is the last one.
        self.top = unsafe { self.top.sub(1) };
        true
    }

    /// Pop the innermost fast frame's entry, a fast array's (a frame of
    /// a chain, see `Encoder::list_chain`, which keeps no slot): `None`
    /// when it was pending (then it is the last pending entry: the pending
    /// ones are the innermost frames), else the table and its counted flag
    /// of the held one (the last held entry), which the frame gives back.
    #[inline(always)]
    pub(super) fn pop_fast_array(&mut self) -> Option<(Table, bool)> {
        if self.npend > 0 {
            self.npend -= 1;
            return None;
        }
        debug_assert!(self.nheld() > 0);
        // SAFETY: the frame's held entry is the last one (as in pop_fast);
        // a fast array's entry holds its table's pointer and counted flag.
        unsafe {
            self.top = self.top.sub(1);
            let e = (*self.top).tagged;
            debug_assert!(e & TAG == ARRAY || e & TAG == ARRAY_COUNTED);
            Some((
                Table::new((e & !TAG) as *mut sys::HashTable),
                e & TAG == ARRAY_COUNTED,
            ))
        }
    }

    /// A general frame's entry.
    #[inline(always)]
    pub(super) fn push(&mut self, h: Hold) {
        let i = self.glen;
        if i < INLINE_CAP {
            // SAFETY: in bounds.
            unsafe { *self.ginline.get_unchecked_mut(i) = MaybeUninit::new(h) };
        } else {
            self.push_heap(i - INLINE_CAP, h);
        }
        self.glen = i + 1;
    }

    #[inline(never)]
    fn push_heap(&mut self, i: usize, h: Hold) {
        // Full at 0 (none yet), 16, 32, 64...
        if i == 0 || (i >= 16 && i.is_power_of_two()) {
            let cap = (i * 2).max(16);
            // SAFETY: plain realloc of a block we own; abort on failure as
            // any Rust allocation failure would.
            unsafe {
                let p = libc::realloc(self.gheap.cast(), cap * core::mem::size_of::<Hold>());
                if p.is_null() {
                    std::process::abort();
                }
                self.gheap = p.cast();
            }
        }
        // SAFETY: i is below the capacity.
        unsafe { self.gheap.add(i).write(h) };
    }

    /// Pop the last `n` general entries (the heap part goes once the log
    /// fits inline again: a finished walk has none left).
    #[inline(always)]
    pub(super) fn pop(&mut self, n: usize) {
        debug_assert!(self.glen >= n);
        self.glen -= n;
        if self.glen <= INLINE_CAP {
            self.free();
        }
    }

    fn general(&self, i: usize) -> Hold {
        if i < INLINE_CAP {
            // SAFETY: entries below glen were written.
            unsafe { self.ginline[i].assume_init() }
        } else {
            // SAFETY: as above, in the heap part.
            unsafe { *self.gheap.add(i - INLINE_CAP) }
        }
    }

    /// Free the log's heap part.
    #[inline(always)]
    pub(super) fn free(&mut self) {
        if !self.gheap.is_null() {
            self.free_heap();
        }
    }

    #[cold]
    fn free_heap(&mut self) {
        // SAFETY: allocated by push_heap.
        unsafe { libc::free(self.gheap.cast()) };
        self.gheap = core::ptr::null_mut();
    }

    /// After a panic: give back everything held, innermost first within
    /// each record (fast entries, then general ones; each record's things
    /// are its own references and marks, so the order between records does
    /// not matter), then free the log.
    pub(super) fn release_all(&mut self) {
        for i in (0..self.nheld()).rev() {
            // SAFETY: held entries were written by their frames.
            unsafe { *self.hbase().add(i) }.release();
        }
        for i in (0..self.glen).rev() {
            self.general(i).release();
        }
        self.npend = 0;
        self.top = self.hbase();
        self.glen = 0;
        self.free();
        self.end();
    }
}

/// The deep block: storage for fast frames nesting past a walk's own, one per
/// thread, lent to one walk at a time (a json_encode() called from a
/// jsonSerialize() inside a deep walk finds it taken, and its deep frames go
/// the general way). `malloc`ed, outside PHP's allocator, so that it does not
/// count towards the call's peak (stock keeps these frames on the C stack);
/// kept for the next walk until the request ends ([`request_shutdown`]),
/// which also frees it when a bailout (a fatal error under a deep walk)
/// skipped its return.
pub(super) mod deep {
    use super::Hold;
    use core::cell::Cell;

    /// Bytes per fast frame: a pending entry, its object word, a held entry.
    pub(super) const ENTRY: usize =
        2 * core::mem::size_of::<usize>() + core::mem::size_of::<Hold>();
    /// A block larger than this (in frames) is freed when its walk ends.
    const KEEP: usize = 4096;

    thread_local! {
        static BLOCK: Cell<(*mut u8, usize)> = const { Cell::new((core::ptr::null_mut(), 0)) };
        static BUSY: Cell<bool> = const { Cell::new(false) };
    }

    /// Lend the block to the calling walk: false when it is lent already.
    pub(super) fn take() -> bool {
        BUSY.with(|b| !b.replace(true))
    }

    /// The block (null when none) and its capacity in frames.
    pub(super) fn get() -> (*mut u8, usize) {
        BLOCK.with(Cell::get)
    }

    /// The block is now `p` (a `malloc`ed block of `cap` frames).
    pub(super) fn set(p: *mut u8, cap: usize) {
        BLOCK.with(|b| b.set((p, cap)));
    }

    /// Where the pending entries, their object words and the held entries
    /// are in a block of `cap` frames.
    pub(super) fn parts(p: *mut u8, cap: usize) -> (*mut usize, *mut usize, *mut Hold) {
        let w = core::mem::size_of::<usize>();
        // SAFETY: within the block of cap * ENTRY bytes (malloc's alignment
        // suits usize and Hold).
        unsafe { (p.cast(), p.add(cap * w).cast(), p.add(2 * cap * w).cast()) }
    }

    /// Undo a [`take`] (the block could not be grown).
    pub(super) fn untake() {
        BUSY.with(|b| b.set(false));
    }

    /// The walk that took the block is done with it.
    pub(super) fn give_back() {
        BUSY.with(|b| b.set(false));
        if get().1 > KEEP {
            free();
        }
    }

    fn free() {
        let (p, _) = get();
        if !p.is_null() {
            // SAFETY: malloc'ed by Frames::grow, and no walk uses it.
            unsafe { libc::free(p.cast()) };
        }
        set(core::ptr::null_mut(), 0);
    }

    /// RSHUTDOWN: free the block; lendable again (a bailout may have
    /// skipped its walk's return).
    pub fn request_shutdown() {
        BUSY.with(|b| b.set(false));
        free();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frames with FAST_CAP fast frames of their own storage (leaked: a
    /// test's few KB).
    fn frames() -> Frames {
        let words = vec![0usize; Store::words(FAST_CAP)].leak();
        // SAFETY: the words stay (leaked) and only these frames use them.
        Frames::new(unsafe { Store::new(words.as_mut_ptr(), FAST_CAP) })
    }

    /// A fake, 8-aligned table address (never dereferenced here).
    fn table(n: usize) -> Table {
        // SAFETY: the handle is only stored and compared, never read.
        unsafe { Table::new((0x1000 + 64 * n) as *mut sys::HashTable) }
    }

    #[test]
    fn pending_arrays_pop_unheld() {
        let mut f = frames();
        let a = f.push_array(table(1), true);
        let b = f.push_array(table(2), false);
        assert_eq!((a, b), (0, 1));
        assert!(f.any_pending());
        assert!(!f.pop_fast(b));
        assert!(!f.pop_fast(a));
        assert!(!f.any_pending());
        assert_eq!((f.npend, f.nheld()), (0, 0));
    }

    #[test]
    fn held_arrays_report_held_at_pop() {
        let mut f = frames();
        let a = f.push_array(table(1), true);
        let b = f.push_array(table(2), false);
        let mut seen = vec![];
        f.take_pending(|p| match p {
            Pending::Array(t, counted) => seen.push((t.as_ptr() as usize, counted)),
            _ => panic!("arrays only"),
        });
        assert_eq!(seen, vec![(0x1040, true), (0x1080, false)]);
        assert!(!f.any_pending());
        assert_eq!(f.nheld(), 2);
        // A frame entered after the hold is pending again.
        let c = f.push_array(table(3), true);
        assert_eq!(c, 0);
        assert!(f.any_pending());
        assert!(!f.pop_fast(c));
        assert!(f.pop_fast(b));
        assert!(f.pop_fast(a));
        assert_eq!((f.npend, f.nheld()), (0, 0));
    }

    #[test]
    fn object_frames_pend_and_are_held_in_order() {
        let mut f = frames();
        // SAFETY: a fake object, only stored and compared (a slots entry is
        // not dereferenced by take_pending).
        let o = unsafe { Obj::from_ptr(0x3000 as *mut sys::zend_object) };
        let a = f.push_array(table(1), false);
        let b = f.push_slots_obj(o);
        let c = f.push_array(table(2), true);
        assert_eq!((a, b, c), (0, 1, 2));
        assert!(!f.pop_fast(c), "an unheld innermost frame pops pending");
        let mut seen = vec![];
        f.take_pending(|p| match p {
            Pending::Array(t, counted) => seen.push((t.as_ptr() as usize, counted)),
            Pending::Slots(o) => seen.push((o.as_ptr() as usize, true)),
            Pending::TableObj(..) => panic!("no table object here"),
        });
        assert_eq!(seen, vec![(0x1040, false), (0x3000, true)]);
        // SAFETY: the held entries were just written.
        let held = unsafe { *f.hbase().add(1) };
        assert_eq!(held.tagged, 0x3000 | SLOTS_OBJ);
        assert!(f.pop_fast(b));
        assert!(f.pop_fast(a));
        assert_eq!((f.npend, f.nheld()), (0, 0));
    }

    #[test]
    fn deep_frames_move_to_the_block_and_back() {
        let mut f = frames();
        let inline = f.pend;
        // 100 frames, the outer 60 held.
        for i in 0..100 {
            assert_eq!(f.push_array(table(i), i % 2 == 0), i % 60);
            if i == 59 {
                f.take_pending(|_| {});
            }
        }
        assert_eq!((f.npend, f.nheld()), (40, 60));
        assert!(f.reserve(FAST_CAP), "inline capacity");
        assert!(!f.deep());
        assert!(f.reserve(300), "grows into the block");
        assert!(f.deep() && f.cap >= 300 && f.pend != inline);
        assert!(!deep::take(), "lent to this walk");
        // The entries moved with their order.
        let mut seen = vec![];
        for i in 100..400 {
            f.reserve(i + 1);
            f.push_array(table(i), false);
        }
        assert!(f.cap >= 400);
        f.take_pending(|p| match p {
            Pending::Array(t, _) => seen.push(t.as_ptr() as usize),
            _ => panic!("arrays only"),
        });
        assert_eq!(seen.len(), 340);
        assert_eq!(seen[0], 0x1000 + 64 * 60);
        assert_eq!(seen[339], 0x1000 + 64 * 399);
        assert!(f.marks(0x1000 + 64 * 7));
        assert!(f.marks(0x1000 + 64 * 399));
        for i in (0..400).rev() {
            assert!(f.pop_fast(i));
        }
        assert_eq!(f.nheld(), 0);
        f.end();
        assert!(!f.deep() && f.pend == inline && f.cap == FAST_CAP);
        assert!(deep::take(), "given back");
        deep::request_shutdown();
        assert_eq!(deep::get().1, 0);
    }

    #[test]
    fn a_few_own_frames_then_the_block_then_own_again() {
        // A storage of 8 fast frames.
        let words = vec![0usize; Store::words(8)].leak();
        // SAFETY: the words stay (leaked) and only these frames use them.
        let mut f = Frames::new(unsafe { Store::new(words.as_mut_ptr(), 8) });
        let own = f.pend;
        for i in 0..8 {
            assert!(f.reserve(i + 1));
            f.push_array(table(i), true);
        }
        f.take_pending(|_| {});
        assert!(!f.deep());
        assert!(f.reserve(9 + 32), "grows into the block");
        assert!(f.deep() && f.pend != own && f.cap >= 41);
        for i in 8..41 {
            f.push_array(table(i), false);
        }
        assert_eq!((f.npend, f.nheld()), (33, 8));
        assert!(f.marks(0x1000 + 64 * 3), "held entries moved with it");
        for i in (8..41).rev() {
            assert!(!f.pop_fast(i - 8));
        }
        for i in (0..8).rev() {
            assert!(f.pop_fast(i));
        }
        f.end();
        assert!(!f.deep() && f.pend == own && f.cap == 8);
        assert!(deep::take(), "given back");
        deep::request_shutdown();
    }

    #[test]
    fn general_log_grows_past_inline_and_heap() {
        let mut f = Frames::new(Store::none());
        for i in 0..1000 {
            f.push(Hold::props(table(i)));
        }
        assert_eq!(f.glen, 1000);
        for i in (0..1000).rev() {
            assert_eq!(f.general(i).tagged, (0x1000 + 64 * i) | PROPS);
        }
        f.pop(991);
        assert!(!f.gheap.is_null(), "9 entries: one still on the heap");
        f.pop(1);
        assert!(f.gheap.is_null(), "8 entries fit inline");
        f.pop(8);
        assert_eq!(f.glen, 0);
    }

    #[test]
    fn tags_fit_in_alignment() {
        assert!(TAG < core::mem::align_of::<sys::zend_refcounted_h>().max(8));
        let h = Hold::copy(
            // SAFETY: a fake reference, only stored.
            unsafe { Held::from_parts(0x2000 as *mut sys::zend_refcounted, 0x0307) },
        );
        assert_eq!(h.tagged & TAG, COPY);
        assert_eq!(h.tagged >> 3, 0x0307);
        assert_eq!(h.aux, 0x2000);
    }
}
