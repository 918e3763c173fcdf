//! json_decode() on the PHP side: [`ZvBuilder`], the core parser's
//! [`Builder`] over zvals, building what ext/json's json_parser.y builds,
//! with the same tables and objects in the end and fewer calls:
//!
//! - a non-empty array: the packed table is made when its first element is
//!   complete (`array_init` + `zend_hash_real_init_packed`, as stock's first
//!   `zend_hash_next_index_insert`), the values are written into its slots
//!   here, and Zend grows it when full (`zend_hash_next_index_insert`), so
//!   its sizes are stock's; `[]` is the immutable empty array. A list of
//!   one or two numbers ([`Builder::number_list`]) is made whole in one
//!   shim call, with stock's table (no smaller table is valid: Zend's SSE2
//!   `HT_HASH_RESET` assumes at least 8 slots when a packed table becomes
//!   a hash);
//! - an object in assoc mode: its members wait on the value stack and the
//!   table is made at `}` in one shim call, sized once as stock's growth
//!   ends (all string keys); at a key that may be an int key (a digit or
//!   `-` first) the table is made then, from the members before it, and
//!   takes that member and the rest one by one as stock's calls do
//!   (whether it is packed depends on the growth; each key is freed at its
//!   member, as stock frees it); members go
//!   in through `zend_symtable_update` (numeric keys become int keys; a
//!   duplicate key keeps its position and takes the last value; a table
//!   left larger than stock's by duplicates is moved into one of stock's
//!   size). Past [`ASSOC_BULK_MAX`] members the table is made then and
//!   takes the rest one by one (the stack stays small); `{}` is `[]`;
//! - an object: `object_init` (stdClass) when its first member is
//!   complete (or at `}` for `{}`), so handles are stock's; its members
//!   wait on the value stack and its properties table is made at `}` in one
//!   shim call (`rustjson_fill_object`, sized once as above), what
//!   `zend_std_write_property` member by member would leave. A duplicate
//!   name replacing an array or object is the exception: stock frees that
//!   value at the duplicate, and objects created after it may reuse its
//!   handle, so the builder asks the parser to replay the document
//!   ([`Builder::rebuild`]) and builds it again with stock's calls, member
//!   by member (the replaced values are kept alive until then, so every
//!   handle is freed at the discard and requeued for the replay);
//! - strings: `""` is the interned empty string, others fresh strings;
//!   decoded strings are written straight into their zend_string;
//! - keys: a repeated key (up to [`KEY_MAX`] bytes, among the first
//!   [`KEY_LIMIT`] distinct ones; in assoc mode not one that may be an
//!   int key) is one zend_string
//!   shared through a per-call cache, a reference per use (Zend computes
//!   its hash once); the result's keys may therefore take less memory than
//!   stock's, never more.
//!
//! Objects are created when stock creates them (after the first member's
//! value), so objects get the same handles as stock's on success, also when
//! the parser builds twice (see `before_object`).
//!
//! After a FAILED decode in object mode, objects made later in the request
//! get stock's handles too: the parser asks ([`Builder::replay_failure`])
//! and replays the document up to PHP's error token in stock's order
//! (`stockwise`: members one by one, a replaced value freed at its
//! duplicate; scalars as nulls), the object of a `{` whose first key is not a string token
//! made as bison's `members: %empty` makes it
//! ([`Builder::fail_in_empty_object`]), and the discard frees the open
//! containers innermost first, each with its members in order, as bison's
//! error recovery does. Before the replay the handles of what an earlier
//! attempt made and discarded are requeued, so the free list is as the
//! call found it; nothing is freed while building in the builder's own
//! order (a duplicate name replacing an object or array past
//! [`ASSOC_BULK_MAX`] members is buried and the document rebuilt, as below
//! it), so the requeue always finds those handles at the head of the free
//! list. tools/decode/handles.php checks it against stock.
//!
//! Memory: the builder's own stacks (frames, the value stack, the object
//! handle record) and the key cache start in a [`Scratch`] on the caller's
//! C stack, so documents of typical shape allocate nothing but their
//! values: peak memory at or below stock's on every corpus measured (deep
//! nesting past 32 levels or more than 128 pending members spill into
//! emalloc'd blocks, which count).
//!
//! Nothing here has drop glue: PHP's memory limit may longjmp out of any
//! Zend allocation, and what was built is then reclaimed with the request's
//! memory (spilled stacks are emalloc'd too).
use crate::php::{sys, zval};
use core::ptr;
use rustjson_core::decode::build::{Builder, RunNumber};
use rustjson_core::Sink;

const ARRAY: u8 = 0;
const ASSOC: u8 = 1;
const OBJECT: u8 = 2;

/// An assoc object keeps at most this many members on the value stack;
/// past it, its table is made (grown as stock grows it) and filled member
/// by member, so the stack stays small and the peak memory stock's.
const ASSOC_BULK_MAX: usize = 64;

/// Slots of the key cache (a power of two): an open-addressing table
/// (linear probing) that keeps at most [`KEY_LIMIT`] keys, the first
/// distinct ones of the document, and never evicts (a direct-mapped cache
/// thrashed on colliding keys that alternate: on twitter.json ~30% of
/// the keys missed, each a fresh string hashed again by Zend).
const KEY_SLOTS: usize = 1024;
/// Keys the cache keeps at most (half its slots: probes stay short).
const KEY_LIMIT: usize = KEY_SLOTS / 2;
/// Keys longer than this are not cached.
const KEY_MAX: usize = 32;
/// The cache is made after this many keys (small documents never pay
/// for it).
const KEY_CACHE_AFTER: u32 = 16;

/// One open container: its zval (UNDEF until its first member is
/// complete), the key of the member whose value comes next.
#[repr(C)]
struct Frame {
    zv: sys::zval,
    key: *mut sys::zend_string,
    /// Arrays: the packed table's slots (`cap` of them, `n` written; the
    /// table's counts are brought up to date before PHP sees it).
    data: *mut sys::zval,
    n: u32,
    cap: u32,
    /// Assoc objects: where its members start on the value stack (while
    /// `zv` is UNDEF; once made, the table takes them one by one).
    start: usize,
    kind: u8,
    /// The pending key (`key`) may wait on the value stack with its
    /// member: in assoc mode it cannot be an int key (no digit or `-`
    /// first), in object mode it does not start with NUL (set with it).
    plain: bool,
}

/// A string being decoded: `len` bytes written at `p`, room for `cap`.
/// `p` is a zend_string's value (`s`), or the caller's bounce room
/// (`bounce`, [`BOUNCE`] bytes in the [`Scratch`]; `s` null) while the
/// reserved length fits it, or null while nothing was reserved. A string
/// decoded in the bounce room is allocated at its exact length by
/// [`ZText::take`], as stock allocates it: a string decoded into a block
/// of its body's length (an upper bound) and moved into an exact one would
/// peak at both blocks.
pub struct ZText {
    s: *mut sys::zend_string,
    p: *mut u8,
    len: usize,
    cap: usize,
    bounce: *mut u8,
}

/// Bytes of bounce room for strings being decoded (see [`ZText`]): every
/// body up to this length (all of Zend's small allocation classes) is
/// decoded there; a longer one is measured first by the core's decoder
/// and reserved at its decoded length, which [`ZText::take`] keeps.
const BOUNCE: usize = rustjson_core::decode::string::MEASURE_FROM;

/// Frames held in a [`Scratch`].
const SCRATCH_FRAMES: usize = 32;
/// Value stack slots held in a [`Scratch`].
const SCRATCH_VALS: usize = 128;
/// Object handles recorded in a [`Scratch`].
const SCRATCH_HANDLES: usize = 64;

/// The first frames, value-stack slots and object handles of a
/// [`ZvBuilder`] and its key cache, kept by its caller (on the C stack, apart from the builder), so a small document
/// needs no emalloc'd stacks (and the peak stays stock's). Uninitialized
/// until used; no drop glue.
pub struct Scratch {
    frames: [core::mem::MaybeUninit<Frame>; SCRATCH_FRAMES],
    vals: [core::mem::MaybeUninit<sys::zval>; SCRATCH_VALS],
    keys: [core::mem::MaybeUninit<*mut sys::zend_string>; SCRATCH_VALS],
    /// The key cache's slots (zeroed when the cache is made).
    kcache: [core::mem::MaybeUninit<*mut sys::zend_string>; KEY_SLOTS],
    /// The key cache's filled slots, in order (released from this list).
    kused: [core::mem::MaybeUninit<u16>; KEY_LIMIT],
    handles: [core::mem::MaybeUninit<u32>; SCRATCH_HANDLES],
    /// The bounce room of strings being decoded (see [`ZText`]).
    text: [core::mem::MaybeUninit<u8>; BOUNCE],
}

impl Scratch {
    /// Uninitialized room (costs nothing).
    pub const fn new() -> Self {
        Scratch {
            frames: [const { core::mem::MaybeUninit::uninit() }; SCRATCH_FRAMES],
            vals: [const { core::mem::MaybeUninit::uninit() }; SCRATCH_VALS],
            keys: [const { core::mem::MaybeUninit::uninit() }; SCRATCH_VALS],
            kcache: [const { core::mem::MaybeUninit::uninit() }; KEY_SLOTS],
            kused: [const { core::mem::MaybeUninit::uninit() }; KEY_LIMIT],
            handles: [const { core::mem::MaybeUninit::uninit() }; SCRATCH_HANDLES],
            text: [const { core::mem::MaybeUninit::uninit() }; BOUNCE],
        }
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Self::new()
    }
}

const _: () = assert!(!core::mem::needs_drop::<Scratch>());

/// The zval [`Builder`] of json_decode().
pub struct ZvBuilder {
    /// The caller's [`Scratch`] (or null): where the stacks start.
    scratch: *mut Scratch,
    frames: *mut Frame,
    depth: usize,
    cap: usize,
    /// The value stack (emalloc'd): the finished values of the open arrays
    /// (and assoc objects), in document order, each container's from its
    /// frame's `start`; `keys` (same capacity) holds an assoc member's key
    /// at its value's index. A container is built from them at its close.
    vals: *mut sys::zval,
    keys: *mut *mut sys::zend_string,
    nv: usize,
    capv: usize,
    /// The handles of the objects created so far, in creation order
    /// (emalloc'd), so that a discard leaves the object store's free list
    /// as if they had never been created.
    handles: *mut u32,
    n_handles: usize,
    cap_handles: usize,
    /// A discard freed the recorded objects; the parser may replay.
    requeue_pending: bool,
    root: sys::zval,
    assoc: bool,
    text: ZText,
    /// Repeated keys shared: a table (in the scratch, else emalloc'd;
    /// KEY_SLOTS entries, null = empty) of key strings it holds one reference to, so
    /// a repeated key is one zend_string (hashed once by Zend) with a
    /// reference per use. Released when the document is done.
    kcache: *mut *mut sys::zend_string,
    /// The cache's filled slots (`kcount` of them; KEY_LIMIT room).
    kused: *mut u16,
    kcount: usize,
    nkeys: u32,
    /// Values kept alive until the discard that follows a rebuild request
    /// (see `fill_object`), emalloc'd.
    grave: *mut sys::zval,
    n_grave: usize,
    cap_grave: usize,
    /// The document must be built again, in stock's order.
    rebuild_wanted: bool,
    /// Building in stock's order: object members one by one.
    stockwise: bool,
    /// In a failure replay (see `replay_failure`): only object handles
    /// matter, so an array keeps no value that is not counted.
    replaying: bool,
}

const _: () = assert!(!core::mem::needs_drop::<ZvBuilder>());
const _: () = assert!(!core::mem::needs_drop::<ZText>());
const _: () = assert!(!core::mem::needs_drop::<Frame>());
const _: () = assert!(!core::mem::needs_drop::<sys::zval>());

#[inline(always)]
fn undef() -> sys::zval {
    sys::zval::default()
}

/// A zval of a string we hand our reference to (ZVAL_STR; built here, not
/// through an out-pointer, so the copy that follows is no store-forwarding
/// stall). Ours are fresh strings except the interned `""`.
///
/// # Safety
/// `s` is a live string: the interned empty one, or one we own.
#[inline(always)]
unsafe fn str_zv(s: *mut sys::zend_string) -> sys::zval {
    let mut zv = undef();
    zv.value.str_ = s;
    // SAFETY: `s` is live.
    let interned = unsafe { (*s).gc.u.type_info & sys::IS_STR_INTERNED != 0 };
    zv.u1.type_info = if interned {
        sys::IS_INTERNED_STRING_EX
    } else {
        sys::IS_STRING_EX
    };
    zv
}

/// A zval of a table we hand our reference to (ZVAL_ARR).
#[inline(always)]
fn arr_zv(ht: *mut sys::zend_array) -> sys::zval {
    let mut zv = undef();
    zv.value.arr = ht;
    zv.u1.type_info = sys::IS_ARRAY_EX;
    zv
}

/// ZVAL_EMPTY_ARRAY: the immutable empty array, not counted.
#[inline(always)]
fn empty_array() -> sys::zval {
    let mut zv = undef();
    // SAFETY: returns the address of zend_empty_array.
    zv.value.arr = unsafe { sys::rustjson_empty_array() };
    zv.u1.type_info = sys::IS_ARRAY;
    zv
}

#[inline(always)]
fn is_undef(zv: &sys::zval) -> bool {
    // SAFETY: reading the type byte of an initialized zval.
    unsafe { zv.u1.type_info == sys::IS_UNDEF }
}

/// `_ZSTR_STRUCT_SIZE(len)`: the allocation of a zend_string of `len`
/// bytes (header, bytes and NUL, rounded up to the allocator's 8 bytes).
/// Marks `s` (a string of ours, not interned) IS_STR_VALID_UTF8, as
/// `rustjson_string_init_utf8` does (a growth by zend_string_realloc
/// clears the flag).
///
/// # Safety
/// `s` is a live zend_string of ours, not interned, holding valid UTF-8.
#[inline(always)]
unsafe fn mark_utf8(s: *mut sys::zend_string) -> *mut sys::zend_string {
    // SAFETY: the caller's contract (GC_ADD_FLAGS on our own string).
    unsafe { (*s).gc.u.type_info |= sys::IS_STR_VALID_UTF8 };
    s
}

#[inline(always)]
fn struct_size(len: usize) -> usize {
    (core::mem::offset_of!(sys::zend_string, val) + len + 1 + 7) & !7
}

impl ZText {
    const fn new(bounce: *mut u8) -> Self {
        ZText {
            s: ptr::null_mut(),
            p: ptr::null_mut(),
            len: 0,
            cap: 0,
            bounce,
        }
    }

    /// Empty, with nothing reserved (the bounce room kept).
    #[inline(always)]
    fn clear(&mut self) {
        self.s = ptr::null_mut();
        self.p = ptr::null_mut();
        self.len = 0;
        self.cap = 0;
    }

    /// The bytes as a finished zend_string (exact length, NUL-terminated;
    /// the interned `""` when empty); the text is empty again.
    fn take(&mut self) -> *mut sys::zend_string {
        let (s, p, len, cap) = (self.s, self.p, self.len, self.cap);
        self.clear();
        // SAFETY: `s` (when not null) is our own non-interned string with
        // refcount 1 and `cap` bytes of room, `len <= cap` of them written
        // (at `p`); without `s`, `len` bytes were written at `p` (the
        // bounce room) or none.
        unsafe {
            if len == 0 {
                if !s.is_null() {
                    sys::rustjson_string_release(s);
                }
                return sys::rustjson_string_init_utf8(ptr::null(), 0);
            }
            if s.is_null() {
                // The bounce room: one block of the exact length.
                return sys::rustjson_string_init_utf8(p.cast(), len);
            }
            if cap == len {
                *zval::zstr_val_mut(s).add(len) = 0;
                return mark_utf8(s);
            }
            // Stock allocates the decoded length exactly: when that is the
            // block size we have (_ZSTR_STRUCT_SIZE, 8-byte steps), keep
            // it; else copy into an exact one (a shrinking erealloc may keep
            // a larger bin).
            if struct_size(len) == struct_size(cap) {
                (*s).len = len;
                *zval::zstr_val_mut(s).add(len) = 0;
                return mark_utf8(s);
            }
            let exact = sys::rustjson_string_alloc_utf8(len);
            let dst = zval::zstr_val_mut(exact);
            core::ptr::copy_nonoverlapping(zval::zstr_val(s), dst, len);
            *dst.add(len) = 0;
            sys::rustjson_string_release(s);
            exact
        }
    }

    fn release(&mut self) {
        if !self.s.is_null() {
            // SAFETY: our own string, not referenced elsewhere.
            unsafe { sys::rustjson_string_release(self.s) };
        }
        self.clear();
    }

    #[cold]
    fn grow(&mut self, need: usize) {
        // SAFETY: a fresh string (the bounce room's `len` bytes copied
        // into it), or a realloc of our own string (refcount 1, not
        // interned); its first `len` bytes are kept.
        unsafe {
            if self.s.is_null() {
                if !self.bounce.is_null() && need <= BOUNCE {
                    self.p = self.bounce;
                    self.cap = BOUNCE;
                    return;
                }
                let s = sys::rustjson_string_alloc(need);
                let dst = zval::zstr_val_mut(s);
                if self.len > 0 {
                    core::ptr::copy_nonoverlapping(self.p, dst, self.len);
                }
                self.s = s;
                self.p = dst;
                self.cap = need;
            } else {
                let cap = need.max(self.cap.saturating_mul(2));
                self.s = sys::rustjson_string_realloc(self.s, cap);
                self.p = zval::zstr_val_mut(self.s);
                self.cap = cap;
            }
        }
    }
}

// SAFETY: `reserve` makes `cap - len >= additional` (room of `cap` bytes
// at `p`: a zend_string's value or the bounce room), `spare_ptr` points
// `len` bytes into it, `commit` and `truncate` only move `len` within
// what was written. Nothing panics and nothing has drop glue.
unsafe impl Sink for ZText {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn spare(&self) -> usize {
        self.cap - self.len
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        if self.cap - self.len >= additional {
            return;
        }
        self.grow(self.len + additional);
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
        }
    }
    #[inline(always)]
    fn spare_ptr(&mut self) -> *mut u8 {
        if self.p.is_null() {
            return ptr::NonNull::dangling().as_ptr();
        }
        // SAFETY: `len <= cap`, `p` has `cap` bytes.
        unsafe { self.p.add(self.len) }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, n: usize) {
        self.len += n;
    }
    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        if self.p.is_null() {
            return &[];
        }
        // SAFETY: the first `len` bytes at `p` were written.
        unsafe { core::slice::from_raw_parts(self.p, self.len) }
    }
}

/// An emalloc'd block of `cap` `T`s grown (`first` when empty, else
/// doubled), its contents kept; the new block and capacity.
///
/// # Safety
/// `p` is null (with `cap == 0`) or an emalloc'd block of `cap` `T`s.
unsafe fn grow_block<T>(p: *mut T, cap: usize, first: usize) -> (*mut T, usize) {
    let cap = if cap == 0 { first } else { cap * 2 };
    let size = cap * core::mem::size_of::<T>();
    // SAFETY: a fresh block, or erealloc of the caller's block (it keeps
    // the contents).
    let p = unsafe {
        if p.is_null() {
            sys::rustjson_emalloc(size)
        } else {
            sys::rustjson_erealloc(p.cast(), size)
        }
    };
    (p.cast(), cap)
}

/// [`grow_block`] for a block that starts in caller-owned room `inline` of
/// `inline_cap` slots (null: none): the room first, then emalloc'd blocks
/// (the room's contents copied out once).
///
/// # Safety
/// `p` is null (with `cap == 0`), `inline` (with `cap == inline_cap`), or
/// an emalloc'd block of `cap` `T`s.
unsafe fn grow_spill<T>(
    p: *mut T,
    cap: usize,
    inline: *mut T,
    inline_cap: usize,
    first: usize,
) -> (*mut T, usize) {
    if !inline.is_null() {
        if p.is_null() {
            return (inline, inline_cap);
        }
        if p == inline {
            let cap2 = cap * 2;
            // SAFETY: a fresh block of `cap2` slots; the room's `cap`
            // slots copied (bitwise moves of plain data).
            unsafe {
                let q = sys::rustjson_emalloc(cap2 * core::mem::size_of::<T>()).cast::<T>();
                core::ptr::copy_nonoverlapping(p, q, cap);
                return (q, cap2);
            }
        }
    }
    // SAFETY: as the caller promised.
    unsafe { grow_block(p, cap, first) }
}

/// Free a block from [`grow_spill`] (nothing for the caller's room) and
/// null the pointer.
///
/// # Safety
/// As [`free_block`], or `*p == inline`.
unsafe fn free_spill<T>(p: &mut *mut T, inline: *mut T) {
    if *p == inline {
        *p = ptr::null_mut();
        return;
    }
    // SAFETY: as the caller promised.
    unsafe { free_block(p) };
}

/// Free an emalloc'd block (if any) and null the pointer.
///
/// # Safety
/// `*p` is null or an emalloc'd block nothing else uses.
unsafe fn free_block<T>(p: &mut *mut T) {
    if !p.is_null() {
        // SAFETY: as the caller promised.
        unsafe { sys::rustjson_efree(p.cast()) };
    }
    *p = ptr::null_mut();
}

impl ZvBuilder {
    /// An empty builder; objects become arrays when `assoc`. Its stacks
    /// start in `scratch` (null: none), which must outlive the builder's
    /// use and not move meanwhile.
    pub fn new(assoc: bool, scratch: *mut Scratch) -> Self {
        ZvBuilder {
            scratch,
            frames: ptr::null_mut(),
            depth: 0,
            cap: 0,
            vals: ptr::null_mut(),
            keys: ptr::null_mut(),
            nv: 0,
            capv: 0,
            handles: ptr::null_mut(),
            n_handles: 0,
            cap_handles: 0,
            requeue_pending: false,
            root: undef(),
            assoc,
            text: ZText::new(if scratch.is_null() {
                ptr::null_mut()
            } else {
                // SAFETY: the caller's scratch is live (see above).
                unsafe { (*scratch).text.as_mut_ptr().cast() }
            }),
            kcache: ptr::null_mut(),
            kused: ptr::null_mut(),
            kcount: 0,
            nkeys: 0,
            grave: ptr::null_mut(),
            n_grave: 0,
            cap_grave: 0,
            rebuild_wanted: false,
            stockwise: false,
            replaying: false,
        }
    }

    #[inline(always)]
    fn push_frame(&mut self, kind: u8) {
        if self.depth == self.cap {
            self.grow();
        }
        // SAFETY: depth < cap after grow; the slot is ours.
        unsafe {
            self.frames.add(self.depth).write(Frame {
                zv: undef(),
                key: ptr::null_mut(),
                data: ptr::null_mut(),
                n: 0,
                cap: 0,
                start: self.nv,
                kind,
                plain: false,
            })
        };
        self.depth += 1;
    }

    #[cold]
    fn grow(&mut self) {
        let inline = self.scratch_frames();
        // SAFETY: `frames` is null, the scratch's frames or our block of
        // `cap` frames.
        (self.frames, self.cap) =
            unsafe { grow_spill(self.frames, self.cap, inline, SCRATCH_FRAMES, 16) };
    }

    fn scratch_frames(&self) -> *mut Frame {
        if self.scratch.is_null() {
            return ptr::null_mut();
        }
        // SAFETY: the caller's scratch is live (see `new`).
        unsafe { (*self.scratch).frames.as_mut_ptr().cast() }
    }

    fn scratch_vals(&self) -> (*mut sys::zval, *mut *mut sys::zend_string) {
        if self.scratch.is_null() {
            return (ptr::null_mut(), ptr::null_mut());
        }
        // SAFETY: the caller's scratch is live (see `new`).
        unsafe {
            (
                (*self.scratch).vals.as_mut_ptr().cast(),
                (*self.scratch).keys.as_mut_ptr().cast(),
            )
        }
    }

    /// An array frame's table is full (or not made yet): make it (as
    /// stock's first insertion does) or grow it (stock's growth), with `v`
    /// appended.
    ///
    /// # Safety
    /// `f` is a live array frame; `v` is a value we own.
    #[cold]
    unsafe fn array_grow(f: &mut Frame, mut v: sys::zval) {
        // SAFETY: as the caller promised; the shim takes `v`.
        unsafe {
            if is_undef(&f.zv) {
                f.data = sys::rustjson_packed_init(&mut f.zv, &mut f.cap);
                f.data.write(v);
                f.n = 1;
            } else {
                Self::array_sync(f);
                f.data = sys::rustjson_packed_append(&mut f.zv, &mut v, &mut f.cap);
                f.n += 1;
            }
        }
    }

    /// Fill an object frame's (made) object with its members waiting on
    /// the value stack (`start..nv`), in one shim call; the stack is then
    /// back at `start`. If a duplicate name would replace an array or an
    /// object (whose early release stock does at that member: it may free
    /// handles that later objects reuse), the shim stops there: the members
    /// left are kept alive (the graveyard) and the document is built again
    /// in stock's order ([`Builder::rebuild`]).
    ///
    /// # Safety
    /// `f` is an object frame (popped or innermost) whose object was made.
    unsafe fn fill_object(&mut self, f: &mut Frame) {
        let n = self.nv - f.start;
        // SAFETY: slots `start..nv` hold the members' keys and values; the
        // shim takes those it stores, and we keep the rest.
        unsafe {
            let keys = self.keys.add(f.start);
            let vals = self.vals.add(f.start);
            let done = sys::rustjson_fill_object(&mut f.zv, keys, vals, n as u32) as usize;
            if done < n {
                self.rebuild_wanted = true;
                for i in done..n {
                    sys::rustjson_string_release(*keys.add(i));
                    self.bury(vals.add(i).read());
                }
            }
        }
        self.nv = f.start;
    }

    /// Keep a value alive until the document is discarded.
    #[cold]
    fn bury(&mut self, v: sys::zval) {
        if self.n_grave == self.cap_grave {
            // SAFETY: `grave` is null or our block of `cap_grave` zvals.
            (self.grave, self.cap_grave) = unsafe { grow_block(self.grave, self.cap_grave, 8) };
        }
        // SAFETY: n_grave < cap_grave after the growth.
        unsafe { self.grave.add(self.n_grave).write(v) };
        self.n_grave += 1;
    }

    /// Release the members (keys and values) waiting on the value stack
    /// from `start`, in order; the stack is then back at `start`.
    fn free_members(&mut self, start: usize) {
        // SAFETY: slots `start..nv` hold member keys and values of ours.
        unsafe {
            for i in start..self.nv {
                crate::php::zval::ptr_dtor_nogc(&mut *self.vals.add(i));
                sys::rustjson_string_release(*self.keys.add(i));
            }
        }
        self.nv = start;
    }

    /// Bring an array frame's table counts up to its `n` written slots
    /// (ZEND_HASH_FILL_FINISH's bookkeeping).
    ///
    /// # Safety
    /// `f` is an array frame whose table was made.
    #[inline(always)]
    unsafe fn array_sync(f: &Frame) {
        // SAFETY: `zv` holds our packed table.
        unsafe {
            let ht = f.zv.value.arr;
            (*ht).nNumUsed = f.n;
            (*ht).nNumOfElements = f.n;
            (*ht).nNextFreeElement = i64::from(f.n);
        }
    }

    #[cold]
    fn grow_vals(&mut self) {
        let (iv, ik) = self.scratch_vals();
        // SAFETY: `vals` and `keys` are null, the scratch's slots or our
        // blocks of `capv` slots.
        unsafe {
            let cap = self.capv;
            (self.vals, self.capv) = grow_spill(self.vals, cap, iv, SCRATCH_VALS, 64);
            (self.keys, _) = grow_spill(self.keys, cap, ik, SCRATCH_VALS, 64);
        }
    }

    /// A member waits on the value stack: its key and value into the
    /// next slot.
    ///
    /// # Safety
    /// `nv < capv` (the slot exists); `key` is a live key string whose
    /// reference the stack takes.
    #[inline(always)]
    unsafe fn push_member(
        &mut self,
        key: *mut sys::zend_string,
        value: sys::zend_value,
        type_info: u32,
    ) {
        // SAFETY: the slot `nv` is inside both blocks (contract).
        unsafe {
            self.keys.add(self.nv).write(key);
            let dst = self.vals.add(self.nv);
            (*dst).value = value;
            (*dst).u1.type_info = type_info;
        }
        self.nv += 1;
    }

    /// Pop the innermost frame (there is one).
    #[inline(always)]
    fn pop_frame(&mut self) -> Frame {
        self.depth -= 1;
        // SAFETY: the slot below the old depth holds a written frame.
        unsafe { self.frames.add(self.depth).read() }
    }

    /// Store a finished value where the event protocol puts it.
    #[inline]
    fn put(&mut self, v: sys::zval) {
        // SAFETY: reading the type of an initialized zval.
        self.put_parts(v.value, unsafe { v.u1.type_info });
    }

    /// [`Self::put`] of the zval made of `value` and `type_info`: the parts
    /// travel in registers and are stored into the slot one by one (as
    /// ZVAL_COPY_VALUE does), never as a whole zval just written by other
    /// code (a store-forwarding stall).
    ///
    /// Inlined: the common cases (an element into an array's table that
    /// has room; a member of an object whose members wait on the value
    /// stack, with its key, the stack having room) are a few stores here;
    /// everything else is [`Self::put_slow`]'s, which decides them the
    /// same way.
    #[inline(always)]
    fn put_parts(&mut self, value: sys::zend_value, type_info: u32) {
        if self.depth != 0 {
            // SAFETY: the innermost frame is live; an array's `data` has
            // `cap` slots, `n` of them written; the value stack has `capv`
            // slots (keys and values), `nv` of them used; the key is ours
            // (its reference moves onto the stack, as in `put_slow`).
            unsafe {
                let f = &mut *self.frames.add(self.depth - 1);
                match f.kind {
                    ARRAY => {
                        if f.n < f.cap && !self.replaying {
                            let dst = f.data.add(f.n as usize);
                            (*dst).value = value;
                            (*dst).u1.type_info = type_info;
                            f.n += 1;
                            return;
                        }
                    }
                    kind => {
                        // As `put_slow` decides: an assoc object not made
                        // yet, or a made object (not in stock's order, its
                        // members not handed over), below ASSOC_BULK_MAX
                        // members; a key that cannot be an int key (assoc)
                        // or does not start with NUL (object).
                        let key = f.key;
                        let waits = if kind == ASSOC {
                            is_undef(&f.zv)
                        } else {
                            !is_undef(&f.zv) && f.cap == 0 && !self.stockwise
                        };
                        if waits
                            && !key.is_null()
                            && f.plain
                            && self.nv - f.start < ASSOC_BULK_MAX
                            && self.nv < self.capv
                        {
                            f.key = ptr::null_mut();
                            self.push_member(key, value, type_info);
                            return;
                        }
                    }
                }
            }
        }
        self.put_slow(value, type_info);
    }

    /// [`Self::put_parts`] out of line: every case.
    #[inline(never)]
    fn put_slow(&mut self, value: sys::zend_value, type_info: u32) {
        let mut v = undef();
        v.value = value;
        v.u1.type_info = type_info;
        if self.depth == 0 {
            self.root = v;
            return;
        }
        // SAFETY: the innermost frame is live; the shim calls take `v`
        // (its reference moves into the container) and not the key, which
        // we release.
        unsafe {
            let f = &mut *self.frames.add(self.depth - 1);
            let first = is_undef(&f.zv);
            match f.kind {
                ARRAY => {
                    // A failure replay is discarded without anything but
                    // object handles being seen: a value that is not
                    // counted (null, the scalars the replay gives, `[]`)
                    // holds no object, and an array left without it frees
                    // its other elements in the same order.
                    if self.replaying
                        && type_info & (sys::IS_TYPE_REFCOUNTED << sys::Z_TYPE_FLAGS_SHIFT) == 0
                    {
                        return;
                    }
                    if f.n < f.cap {
                        let dst = f.data.add(f.n as usize);
                        (*dst).value = value;
                        (*dst).u1.type_info = type_info;
                        f.n += 1;
                    } else {
                        Self::array_grow(f, v);
                    }
                }
                ASSOC => {
                    let key = core::mem::replace(&mut f.key, ptr::null_mut());
                    let key = if key.is_null() {
                        sys::rustjson_string_init_utf8(ptr::null(), 0)
                    } else {
                        key
                    };
                    if first {
                        let n = self.nv - f.start;
                        // A key that may be an int key (ZEND_HANDLE_NUMERIC_STR
                        // starts with a digit or `-`): from here on stock's
                        // calls, member by member (the table made now takes
                        // the members before it), so no such key waits on
                        // the stack: stock frees each at its member, and
                        // the peak stays stock's.
                        let numeric =
                            (*key).len > 0 && matches!(*zval::zstr_val(key), b'0'..=b'9' | b'-');
                        if n < ASSOC_BULK_MAX && !numeric {
                            if self.nv == self.capv {
                                self.grow_vals();
                            }
                            self.push_member(key, value, type_info);
                            return;
                        }
                        f.zv = arr_zv(sys::rustjson_fill_assoc(
                            self.keys.add(f.start),
                            self.vals.add(f.start),
                            n as u32,
                        ));
                        self.nv = f.start;
                    }
                    sys::rustjson_array_symtable_update(&mut f.zv, key, &mut v);
                    sys::rustjson_string_release(key);
                }
                _ => {
                    let key = core::mem::replace(&mut f.key, ptr::null_mut());
                    let key = if key.is_null() {
                        sys::rustjson_string_init_utf8(ptr::null(), 0)
                    } else {
                        key
                    };
                    if first {
                        self.before_object();
                        let h = sys::rustjson_zv_object_init(&mut f.zv);
                        self.created(h);
                    }
                    // A name starting with NUL is error 9 (the parser then
                    // discards the document): never handed to PHP (which
                    // would throw); released as json_parser.y's
                    // object_update does (key, value, then the object with
                    // its members in order), so freed object handles are
                    // reused in stock's order.
                    if (*key).len > 0 && *zval::zstr_val(key) == 0 {
                        sys::rustjson_string_release(key);
                        crate::php::zval::ptr_dtor_nogc(&mut v);
                        self.free_members(f.start);
                        crate::php::zval::ptr_dtor_nogc(&mut f.zv);
                        f.zv = undef();
                        return;
                    }
                    // Members wait on the value stack until `}` (at most
                    // ASSOC_BULK_MAX; then, or when replaying stock's
                    // order, the table takes them one by one: `cap` 1).
                    if f.cap == 0 && !self.stockwise {
                        let n = self.nv - f.start;
                        if n < ASSOC_BULK_MAX {
                            if self.nv == self.capv {
                                self.grow_vals();
                            }
                            self.push_member(key, value, type_info);
                            return;
                        }
                        f.cap = 1;
                        self.fill_object(f);
                    }
                    if self.stockwise {
                        sys::rustjson_object_write_property(&mut f.zv, key, &mut v);
                    } else if self.rebuild_wanted
                        || !sys::rustjson_object_write_property_keep(&mut f.zv, key, &mut v)
                    {
                        // Built again in stock's order (a duplicate name
                        // replaces an object or array here or before):
                        // nothing is freed until the discard, so the
                        // handles can be requeued.
                        self.rebuild_wanted = true;
                        self.bury(v);
                    }
                    sys::rustjson_string_release(key);
                }
            }
        }
    }

    /// The pending key of the innermost frame; `plain` as [`Frame::plain`]
    /// says (the caller read the key's first byte).
    #[inline(always)]
    fn set_key(&mut self, key: *mut sys::zend_string, plain: bool) {
        if self.depth == 0 {
            // SAFETY: a string we own and nobody else holds.
            unsafe { sys::rustjson_string_release(key) };
            return;
        }
        // SAFETY: the innermost frame is live.
        let f = unsafe { &mut *self.frames.add(self.depth - 1) };
        if !f.key.is_null() {
            // SAFETY: a pending key we own.
            unsafe { sys::rustjson_string_release(f.key) };
        }
        f.key = key;
        f.plain = plain;
    }

    /// Close the innermost container and store it as a value.
    #[inline]
    fn end(&mut self) {
        if self.depth == 0 {
            return;
        }
        self.depth -= 1;
        // SAFETY: the popped frame stays in place (nothing below pushes
        // one); read in place, not copied out as a whole (its fields were
        // just written one by one: a copy would stall on them).
        let f = unsafe { &mut *self.frames.add(self.depth) };
        if !f.key.is_null() {
            // SAFETY: a pending key we own (never expected at a close).
            unsafe { sys::rustjson_string_release(f.key) };
        }
        let made = !is_undef(&f.zv);
        let zv = if f.kind == ARRAY {
            if made {
                // SAFETY: the frame's packed table, `n` slots written.
                unsafe {
                    Self::array_sync(f);
                    arr_zv(f.zv.value.arr)
                }
            } else {
                empty_array()
            }
        } else if f.kind == ASSOC {
            if made {
                // SAFETY: the table made when the members passed
                // ASSOC_BULK_MAX.
                arr_zv(unsafe { f.zv.value.arr })
            } else {
                let n = self.nv - f.start;
                let zv = if n == 0 {
                    empty_array()
                } else {
                    // SAFETY: slots `start..nv` hold the members' keys and
                    // values, which the shim takes.
                    unsafe {
                        arr_zv(sys::rustjson_fill_assoc(
                            self.keys.add(f.start),
                            self.vals.add(f.start),
                            n as u32,
                        ))
                    }
                };
                self.nv = f.start;
                zv
            }
        } else {
            if made {
                if f.cap == 0 && self.nv > f.start {
                    // SAFETY: the frame's object and its pending members.
                    unsafe { self.fill_object(f) };
                }
            } else {
                self.before_object();
                // SAFETY: f.zv is an UNDEF slot of ours.
                let h = unsafe { sys::rustjson_zv_object_init(&mut f.zv) };
                self.created(h);
            }
            f.zv
        };
        self.put(zv);
    }

    fn free_frames(&mut self) {
        let inline = self.scratch_frames();
        let (iv, ik) = self.scratch_vals();
        // SAFETY: `frames`, `vals` and `keys` are null, the scratch's or
        // our blocks.
        unsafe {
            free_spill(&mut self.frames, inline);
            free_spill(&mut self.vals, iv);
            free_spill(&mut self.keys, ik);
        }
        self.cap = 0;
        self.depth = 0;
        self.nv = 0;
        self.capv = 0;
    }

    /// Record a created object's handle.
    #[inline(always)]
    fn created(&mut self, handle: u32) {
        if self.n_handles == self.cap_handles {
            self.grow_handles();
        }
        // SAFETY: n_handles < cap_handles after the growth.
        unsafe { self.handles.add(self.n_handles).write(handle) };
        self.n_handles += 1;
    }

    #[cold]
    fn grow_handles(&mut self) {
        let inline = self.scratch_handles();
        // SAFETY: `handles` is null, the scratch's or our block of
        // `cap_handles` handles.
        (self.handles, self.cap_handles) =
            unsafe { grow_spill(self.handles, self.cap_handles, inline, SCRATCH_HANDLES, 64) };
    }

    fn scratch_handles(&self) -> *mut u32 {
        if self.scratch.is_null() {
            return ptr::null_mut();
        }
        // SAFETY: the caller's scratch is live (see `new`).
        unsafe { (*self.scratch).handles.as_mut_ptr().cast() }
    }

    /// Before creating an object: if a discard freed objects and the parser
    /// now replays (it only builds again on a document PHP accepts, or one
    /// that fails with error 9 at the end), put their handles back at the
    /// head of the object store's free list in creation order, so the
    /// replay's objects get the handles stock gives them. Without a replay
    /// (an error) the free list stays as the discard left it (innermost
    /// first, as bison's destructors free).
    #[inline(always)]
    fn before_object(&mut self) {
        if self.requeue_pending {
            self.requeue();
        }
    }

    #[cold]
    fn requeue(&mut self) {
        // SAFETY: `n_handles` recorded handles of objects all freed by the
        // discard, nothing freed since (the shim checks the free list).
        unsafe { sys::rustjson_objects_requeue(self.handles, self.n_handles) };
        self.n_handles = 0;
        self.requeue_pending = false;
    }

    /// Asked at an error (through `rebuild`; at the end of a document no
    /// container is open): whether an open object's members waiting on
    /// the value stack repeat a name. Stock's parser has then freed the
    /// value replaced (an object's handle goes back to the free list
    /// there) and keeps the name at its first position (its error
    /// recovery frees the members in that order), so what this builder
    /// holds is not what stock's holds, and the failure replay must run.
    #[cold]
    fn open_duplicate(&self) -> bool {
        for d in 0..self.depth {
            // SAFETY: frames below `depth` are written; the members of
            // frame `d` are the value-stack slots from its start to the
            // next frame's start (or `nv`), keys of ours.
            unsafe {
                let f = &*self.frames.add(d);
                if f.kind != OBJECT || f.cap != 0 {
                    continue;
                }
                let end = if d + 1 < self.depth {
                    (*self.frames.add(d + 1)).start
                } else {
                    self.nv
                };
                for j in f.start + 1..end {
                    let kj = *self.keys.add(j);
                    let bj = core::slice::from_raw_parts(zval::zstr_val(kj), (*kj).len);
                    for i in f.start..j {
                        let ki = *self.keys.add(i);
                        if ki == kj
                            || core::slice::from_raw_parts(zval::zstr_val(ki), (*ki).len) == bj
                        {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Free the handle record (after the parser returned).
    pub fn release(&mut self) {
        self.requeue_pending = false;
        let inline = self.scratch_handles();
        // SAFETY: `handles` is null, the scratch's or our block.
        unsafe { free_spill(&mut self.handles, inline) };
        self.n_handles = 0;
        self.cap_handles = 0;
    }

    #[inline(always)]
    fn scalar(&mut self, type_info: u32, value: sys::zend_value) {
        self.put_parts(value, type_info);
    }
}

// SAFETY: no method calls the parser; none panics (every index is within
// the frames written, arithmetic cannot overflow for real inputs).
unsafe impl Builder for ZvBuilder {
    type Value = sys::zval;
    type Text = ZText;

    #[inline(always)]
    fn null(&mut self) {
        self.scalar(sys::IS_NULL, sys::zend_value::default());
    }
    #[inline(always)]
    fn bool(&mut self, v: bool) {
        let t = if v { sys::IS_TRUE } else { sys::IS_FALSE };
        self.scalar(t, sys::zend_value::default());
    }
    #[inline(always)]
    fn int(&mut self, v: i64) {
        self.scalar(sys::IS_LONG, sys::zend_value { lval: v });
    }
    #[inline(always)]
    fn double(&mut self, v: f64) {
        self.scalar(sys::IS_DOUBLE, sys::zend_value { dval: v });
    }
    #[inline]
    fn big_int(&mut self, digits: &[u8]) {
        self.string(digits);
    }
    #[inline(always)]
    fn string(&mut self, bytes: &[u8]) {
        let n = bytes.len();
        if (1..=SHORT_COPY).contains(&n) {
            // SAFETY: a fresh string of `n` bytes (zend_string_alloc, not
            // interned), its bytes and NUL written here; the zval takes
            // its reference.
            unsafe {
                let s = sys::rustjson_string_alloc_utf8(n);
                let dst = zval::zstr_val_mut(s);
                copy_short(bytes.as_ptr(), dst, n);
                *dst.add(n) = 0;
                let mut zv = undef();
                zv.value.str_ = s;
                zv.u1.type_info = sys::IS_STRING_EX;
                self.put(zv);
            }
            return;
        }
        // SAFETY: the bytes are copied into a fresh (or the interned empty)
        // string, whose reference the zval takes.
        let zv = unsafe { str_zv(sys::rustjson_string_init_utf8(bytes.as_ptr().cast(), n)) };
        self.put(zv);
    }
    #[inline(always)]
    fn text(&mut self) -> &mut ZText {
        &mut self.text
    }
    #[inline]
    fn string_from_text(&mut self) {
        // SAFETY: a finished string whose reference the zval takes.
        let zv = unsafe { str_zv(self.text.take()) };
        self.put(zv);
    }
    #[inline(always)]
    fn key(&mut self, bytes: &[u8]) {
        let plain = plain_key(self.assoc, bytes);
        // Not cached: a key that may be an int key in assoc mode (stock
        // frees its string at its member; the cache would keep it).
        let k = if !self.kcache.is_null()
            && !bytes.is_empty()
            && bytes.len() <= KEY_MAX
            && (plain || !self.assoc)
        {
            self.cached_key(bytes)
        } else {
            self.nkeys += 1;
            if self.nkeys == KEY_CACHE_AFTER {
                self.make_key_cache();
            }
            // SAFETY: the bytes are copied into a fresh (or the interned
            // empty) string.
            unsafe { sys::rustjson_string_init_utf8(bytes.as_ptr().cast(), bytes.len()) }
        };
        self.set_key(k, plain);
    }
    #[inline(always)]
    fn known_key(&mut self, bytes: &[u8]) -> bool {
        // Only plain keys (in assoc mode not a possible int key, in object
        // mode not NUL-led) of 1..=KEY_MAX bytes. In assoc mode the cache
        // holds plain keys only (`key` caches no other), so a key found
        // there is plain; in object mode it may hold a NUL-led one.
        if self.kcache.is_null()
            || bytes.is_empty()
            || bytes.len() > KEY_MAX
            || (!self.assoc && bytes[0] == 0)
        {
            return false;
        }
        match self.probe_key(bytes) {
            Ok(k) => {
                // SAFETY: a string the cache holds a reference to (ours,
                // not interned); the new reference is the frame's.
                unsafe { (*k).gc.refcount += 1 };
                self.set_key(k, true);
                true
            }
            Err(_) => false,
        }
    }
    #[inline]
    fn key_from_text(&mut self) {
        let plain = plain_key(self.assoc, self.text.as_bytes());
        let k = self.text.take();
        self.set_key(k, plain);
    }
    /// The run's numbers go straight into the innermost array's packed
    /// table while it has room (its slot pointer, count and room in
    /// registers; the count is written back once): no bookkeeping per
    /// element beyond `put_parts`' own fast case, which is the same store.
    /// Nothing here allocates, so PHP cannot bail out in the loop. A full
    /// table (or a failure replay, or no table yet) ends the run: the
    /// parser's next element goes through `put`, which grows it.
    #[inline(always)]
    fn number_run<F: FnMut() -> Option<RunNumber>>(&mut self, mut next: F) {
        if self.depth == 0 || self.replaying {
            return;
        }
        // SAFETY: the innermost frame is live; nothing below touches the
        // frames (`next` is the parser's, and does not reach the builder).
        let f = unsafe { &mut *self.frames.add(self.depth - 1) };
        if f.kind != ARRAY {
            return;
        }
        let (data, cap) = (f.data, f.cap);
        let mut n = f.n;
        while n < cap {
            let Some(x) = next() else {
                break;
            };
            let (value, type_info) = match x {
                RunNumber::Int(v) => (sys::zend_value { lval: v }, sys::IS_LONG),
                RunNumber::Double(v) => (sys::zend_value { dval: v }, sys::IS_DOUBLE),
            };
            // SAFETY: `n < cap`: the slot is inside the table's `cap`
            // slots (`data`, set when the table was made; `cap` is 0
            // before), and past the `n` written ones.
            unsafe {
                let dst = data.add(n as usize);
                (*dst).value = value;
                (*dst).u1.type_info = type_info;
            }
            n += 1;
        }
        f.n = n;
    }
    #[inline]
    fn begin_array(&mut self) {
        self.push_frame(ARRAY);
    }
    /// The array made whole, in one shim call (stock's table size), and
    /// stored as a value: no frame.
    /// A failure replay takes the calls one by one.
    #[inline]
    fn number_list(&mut self, a: RunNumber, b: Option<RunNumber>) {
        let part = |x: RunNumber| match x {
            RunNumber::Int(v) => (sys::zend_value { lval: v }, sys::IS_LONG),
            RunNumber::Double(v) => (sys::zend_value { dval: v }, sys::IS_DOUBLE),
        };
        if self.replaying {
            self.push_frame(ARRAY);
            for x in [Some(a), b].into_iter().flatten() {
                let (value, type_info) = part(x);
                self.put_parts(value, type_info);
            }
            self.end();
            return;
        }
        let (va, ta) = part(a);
        let (vb, tb, n) = match b {
            Some(x) => {
                let (v, t) = part(x);
                (v, t, 2)
            }
            None => (sys::zend_value { lval: 0 }, sys::IS_NULL, 1),
        };
        let mut zv = undef();
        // SAFETY: `zv` is an UNDEF slot of ours; the shim makes the array
        // (it may bail out on memory_limit: nothing here owns memory).
        unsafe { sys::rustjson_number_list(&mut zv, va, ta, vb, tb, n) };
        // SAFETY: the shim made `zv` an array.
        self.put_parts(zv.value, unsafe { zv.u1.type_info });
    }
    #[inline]
    fn end_array(&mut self) {
        self.end();
    }
    #[inline]
    fn begin_object(&mut self) {
        self.push_frame(if self.assoc { ASSOC } else { OBJECT });
    }
    #[inline]
    fn end_object(&mut self) {
        self.end();
    }
    fn finish(&mut self) -> sys::zval {
        self.discard_open();
        if self.requeue_pending {
            self.requeue();
        }
        self.release();
        core::mem::replace(&mut self.root, undef())
    }
    fn rebuild(&mut self) -> bool {
        // At the end of a document no container is open (depth 0): the
        // duplicate check is for errors only.
        if self.rebuild_wanted || (self.depth != 0 && self.open_duplicate()) {
            self.rebuild_wanted = false;
            self.stockwise = true;
            return true;
        }
        false
    }
    fn replay_failure(&mut self) -> bool {
        if self.assoc {
            return false;
        }
        // The free list as before the call (the handles recorded since
        // the last requeue were made by a build in the builder's own
        // order, which frees no object before its discard, so none was
        // reused), then stock's calls (in the builder's own order a
        // duplicate name replacing an object or array in an object left
        // open by the error would be freed late).
        if self.requeue_pending {
            self.requeue();
        }
        self.stockwise = true;
        self.replaying = true;
        true
    }
    fn fail_in_empty_object(&mut self) {
        if self.depth == 0 {
            return;
        }
        // SAFETY: the innermost frame is live.
        let f = unsafe { &mut *self.frames.add(self.depth - 1) };
        if f.kind == OBJECT && is_undef(&f.zv) {
            self.before_object();
            // SAFETY: f.zv is an UNDEF slot of ours (the frame is not
            // moved by before_object, which only touches the handles).
            let h = unsafe { sys::rustjson_zv_object_init(&mut f.zv) };
            self.created(h);
        }
    }
    fn discard(&mut self) {
        self.discard_open();
        if !is_undef(&self.root) {
            // SAFETY: the root is ours.
            unsafe { crate::php::zval::ptr_dtor_nogc(&mut self.root) };
        }
        self.root = undef();
        self.requeue_pending = self.n_handles > 0;
    }
}

/// Longest string value [`Builder::string`] copies itself (the rest go
/// through zend_string_init's memcpy).
const SHORT_COPY: usize = 32;

/// Copy `n` (1..=SHORT_COPY) bytes from `src` to `dst` with two
/// overlapping loads and stores of the widest size that fits, no call.
///
/// # Safety
/// `src` has `n` readable bytes, `dst` `n` writable ones; they do not
/// overlap.
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    debug_assert!((1..=SHORT_COPY).contains(&n));
    // SAFETY: every access is within the first `n` bytes of each side.
    unsafe {
        if n >= 16 {
            let a = src.cast::<u128>().read_unaligned();
            let b = src.add(n - 16).cast::<u128>().read_unaligned();
            dst.cast::<u128>().write_unaligned(a);
            dst.add(n - 16).cast::<u128>().write_unaligned(b);
        } else if n >= 8 {
            let a = src.cast::<u64>().read_unaligned();
            let b = src.add(n - 8).cast::<u64>().read_unaligned();
            dst.cast::<u64>().write_unaligned(a);
            dst.add(n - 8).cast::<u64>().write_unaligned(b);
        } else if n >= 4 {
            let a = src.cast::<u32>().read_unaligned();
            let b = src.add(n - 4).cast::<u32>().read_unaligned();
            dst.cast::<u32>().write_unaligned(a);
            dst.add(n - 4).cast::<u32>().write_unaligned(b);
        } else {
            let (a, m, z) = (*src, *src.add(n / 2), *src.add(n - 1));
            *dst = a;
            *dst.add(n / 2) = m;
            *dst.add(n - 1) = z;
        }
    }
}

/// [`Frame::plain`] of a key: in assoc mode, not a possible int key
/// (ZEND_HANDLE_NUMERIC_STR needs a digit or `-` first); in object mode,
/// no NUL first.
#[inline(always)]
fn plain_key(assoc: bool, bytes: &[u8]) -> bool {
    match bytes.first() {
        None => true,
        Some(&c) if assoc => !matches!(c, b'0'..=b'9' | b'-'),
        Some(&c) => c != 0,
    }
}

/// The key cache's slot for 1..=KEY_MAX bytes.
#[inline(always)]
fn key_slot(b: &[u8]) -> usize {
    let n = b.len();
    let word = |i: usize| -> u64 {
        let mut w = [0u8; 8];
        if let Some(src) = b.get(i..i + 8) {
            w.copy_from_slice(src);
        }
        u64::from_le_bytes(w)
    };
    let half = |i: usize| -> u64 {
        let mut w = [0u8; 4];
        if let Some(src) = b.get(i..i + 4) {
            w.copy_from_slice(src);
        }
        u64::from(u32::from_le_bytes(w))
    };
    let (a, z) = if n >= 8 {
        (word(0), word(n - 8))
    } else if n >= 4 {
        (half(0), half(n - 4))
    } else {
        let at = |i: usize| u64::from(b.get(i).copied().unwrap_or(0));
        (at(0) | at(n / 2) << 8 | at(n - 1) << 16, 0)
    };
    let h = (a ^ z.rotate_left(23) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 54) as usize & (KEY_SLOTS - 1)
}

/// Whether the `b.len()` (1..=KEY_MAX) bytes at `p` are `b`: overlapping
/// word compares, no call.
///
/// # Safety
/// `p` points to at least `b.len()` readable bytes.
#[inline(always)]
unsafe fn same_short(p: *const u8, b: &[u8]) -> bool {
    let n = b.len();
    let q = b.as_ptr();
    // SAFETY: every read is within the first `n` bytes of `p` and of `b`.
    unsafe {
        let w = |x: *const u8, i: usize| x.add(i).cast::<u64>().read_unaligned();
        let h = |x: *const u8, i: usize| x.add(i).cast::<u32>().read_unaligned();
        if n >= 16 {
            w(p, 0) == w(q, 0)
                && w(p, 8) == w(q, 8)
                && w(p, n - 16) == w(q, n - 16)
                && w(p, n - 8) == w(q, n - 8)
        } else if n >= 8 {
            w(p, 0) == w(q, 0) && w(p, n - 8) == w(q, n - 8)
        } else if n >= 4 {
            h(p, 0) == h(q, 0) && h(p, n - 4) == h(q, n - 4)
        } else {
            *p == *q && *p.add(n / 2) == *q.add(n / 2) && *p.add(n - 1) == *q.add(n - 1)
        }
    }
}

impl ZvBuilder {
    /// Make the key cache: in the scratch (outside PHP's allocator, so
    /// it never adds to the peak), else emalloc'd.
    #[cold]
    fn make_key_cache(&mut self) {
        // SAFETY: the scratch's slots and list, or a fresh block of both
        // (the slots first: pointer-aligned); every slot set to empty.
        unsafe {
            let slots = KEY_SLOTS * core::mem::size_of::<*mut sys::zend_string>();
            let (p, used) = if self.scratch.is_null() {
                let size = slots + KEY_LIMIT * core::mem::size_of::<u16>();
                let b = sys::rustjson_emalloc(size).cast::<u8>();
                (
                    b.cast::<*mut sys::zend_string>(),
                    b.add(slots).cast::<u16>(),
                )
            } else {
                (
                    (*self.scratch)
                        .kcache
                        .as_mut_ptr()
                        .cast::<*mut sys::zend_string>(),
                    (*self.scratch).kused.as_mut_ptr().cast::<u16>(),
                )
            };
            core::ptr::write_bytes(p, 0, KEY_SLOTS);
            self.kcache = p;
            self.kused = used;
            self.kcount = 0;
        }
    }

    /// A key of 1..=KEY_MAX bytes through the cache: the cached string
    /// with a reference added, or a fresh one (kept in the cache while it
    /// has room).
    #[inline(always)]
    fn cached_key(&mut self, bytes: &[u8]) -> *mut sys::zend_string {
        let slot = match self.probe_key(bytes) {
            Ok(s) => {
                // SAFETY: a string the cache holds a reference to (ours,
                // not interned: refcounted).
                unsafe { (*s).gc.refcount += 1 };
                return s;
            }
            Err(slot) => slot,
        };
        // SAFETY: `slot` is an empty slot of the cache (KEY_SLOTS of them);
        // `kused` has room for KEY_LIMIT slot numbers.
        unsafe {
            let k = sys::rustjson_string_init_utf8(bytes.as_ptr().cast(), bytes.len());
            if self.kcount < KEY_LIMIT {
                (*k).gc.refcount += 1;
                *self.kcache.add(slot) = k;
                *self.kused.add(self.kcount) = slot as u16;
                self.kcount += 1;
            }
            k
        }
    }

    /// The cache's string of the 1..=KEY_MAX bytes `bytes` (no reference
    /// added), or the empty slot where it would go. The cache is made.
    #[inline(always)]
    fn probe_key(&self, bytes: &[u8]) -> Result<*mut sys::zend_string, usize> {
        let mut slot = key_slot(bytes);
        // SAFETY: the cache has KEY_SLOTS slots, each null or a live
        // string it holds a reference to; at most KEY_LIMIT (half) are
        // filled, so the probe meets an empty slot.
        unsafe {
            loop {
                let s = *self.kcache.add(slot);
                if s.is_null() {
                    return Err(slot);
                }
                if (*s).len == bytes.len() && same_short(zval::zstr_val(s), bytes) {
                    return Ok(s);
                }
                slot = (slot + 1) & (KEY_SLOTS - 1);
            }
        }
    }

    /// Release the graveyard's values, in order.
    fn free_grave(&mut self) {
        // SAFETY: `grave` is null or our block of `n_grave` values.
        unsafe {
            for i in 0..self.n_grave {
                crate::php::zval::ptr_dtor_nogc(&mut *self.grave.add(i));
            }
            free_block(&mut self.grave);
        }
        self.n_grave = 0;
        self.cap_grave = 0;
    }

    /// Drop the cache's references and the cache.
    fn free_key_cache(&mut self) {
        self.nkeys = 0;
        if self.kcache.is_null() {
            return;
        }
        // SAFETY: the `kcount` slots listed hold a reference of ours each.
        unsafe {
            for i in 0..self.kcount {
                let s = *self.kcache.add(usize::from(*self.kused.add(i)));
                sys::rustjson_string_release(s);
            }
            if self.scratch.is_null() {
                free_block(&mut self.kcache);
            }
        }
        self.kcache = ptr::null_mut();
        self.kused = ptr::null_mut();
        self.kcount = 0;
    }

    /// Release the open containers, pending keys, the text and the frames.
    fn discard_open(&mut self) {
        while self.depth > 0 {
            let mut f = self.pop_frame();
            // SAFETY: the frame's zval and key are ours, and so are the
            // values (and assoc keys) on the stack from its start.
            unsafe {
                if !f.key.is_null() {
                    sys::rustjson_string_release(f.key);
                }
                if f.kind != ARRAY {
                    // An object's pending members go first, as they would
                    // with the object in stock's order.
                    self.free_members(f.start);
                }
                if !is_undef(&f.zv) {
                    if f.kind == ARRAY {
                        Self::array_sync(&f);
                    }
                    crate::php::zval::ptr_dtor_nogc(&mut f.zv);
                }
            }
        }
        self.free_frames();
        self.text.release();
        self.free_key_cache();
        self.free_grave();
    }
}
