//! Handles over the PHP values the encoder walks: `Zv` (a zval), `ZStr`,
//! `Table` (a zend_array), `Obj` and `Class`. Each is a `Copy` wrapper of a
//! raw pointer whose methods are safe to call; the raw reads and writes
//! behind them are the ones of [`super::zval`] (the `Z_*`/`GC_*` macros).
//!
//! The contract sits on the constructors, which are `unsafe`: a handle is
//! made only from a pointer to a live value that stays live while the
//! handle is used within one `json_encode()` call (the call's argument, and
//! what is reachable from it while the walk holds a counted reference, as
//! php_json_encode_zval's copies do). Handles derived by a method (an
//! element of a held table, an object's class) inherit that contract.
//! Every method re-reads memory, as the C macros do: user code (a
//! jsonSerialize() call) may change a value between two reads.
//!
//! No handle owns anything and none has a `Drop`: references are taken and
//! given back explicitly ([`Zv::addref`], [`Held::release`]...).
use super::sys;
use super::zval;

/// A zval.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Zv(*mut sys::zval);

/// A zend_string (its bytes follow its header, which the short-key checks
/// of the escape core rely on: see [`ZStr::bytes`]).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct ZStr(*const sys::zend_string);

/// A zend_array (array or property table).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Table(*mut sys::HashTable);

/// A zend_object.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Obj(*mut sys::zend_object);

/// A zend_class_entry.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Class(*const sys::zend_class_entry);

/// A counted reference the walk owns, known by its parts (the refcounted
/// part and the zval's type info), as `zval_ptr_dtor` needs them.
#[derive(Clone, Copy)]
pub struct Held {
    counted: *mut sys::zend_refcounted,
    type_info: u32,
}

impl Zv {
    /// # Safety
    /// `p` points at a live zval that stays live while the handle is used
    /// (see the module documentation).
    #[inline(always)]
    pub unsafe fn new(p: *mut sys::zval) -> Zv {
        Zv(p)
    }

    /// The zval's address (for the measurement probe, which reads values
    /// raw).
    #[cfg(feature = "floor-probe")]
    #[inline(always)]
    pub fn as_ptr(self) -> *mut sys::zval {
        self.0
    }

    /// `Z_TYPE_P`.
    #[inline(always)]
    pub fn ty(self) -> u32 {
        // SAFETY: a live zval (the handle's contract).
        unsafe { zval::ztype(self.0) }
    }

    /// `Z_REFCOUNTED_P`: does the zval point at a counted value?
    #[inline(always)]
    pub fn refcounted(self) -> bool {
        // SAFETY: as above.
        unsafe { (*self.0).u1.v.type_flags != 0 }
    }

    /// `Z_LVAL_P` of an IS_LONG zval.
    #[inline(always)]
    pub fn long(self) -> i64 {
        // SAFETY: as above; any bit pattern is an i64.
        unsafe { (*self.0).value.lval }
    }

    /// `Z_DVAL_P` of an IS_DOUBLE zval.
    #[inline(always)]
    pub fn double(self) -> f64 {
        // SAFETY: as above; any bit pattern is an f64.
        unsafe { (*self.0).value.dval }
    }

    /// `Z_STR_P` of an IS_STRING zval.
    #[inline(always)]
    pub fn str(self) -> ZStr {
        debug_assert!(self.ty() == sys::IS_STRING);
        // SAFETY: as above; a string zval points at a live zend_string.
        ZStr(unsafe { (*self.0).value.str_ })
    }

    /// `Z_ARR_P` of an IS_ARRAY zval.
    #[inline(always)]
    pub fn table(self) -> Table {
        debug_assert!(self.ty() == sys::IS_ARRAY);
        // SAFETY: as above; an array zval points at a live zend_array.
        Table(unsafe { (*self.0).value.arr })
    }

    /// `Z_OBJ_P` of an IS_OBJECT zval.
    #[inline(always)]
    pub fn obj(self) -> Obj {
        debug_assert!(self.ty() == sys::IS_OBJECT);
        // SAFETY: as above; an object zval points at a live zend_object.
        Obj(unsafe { (*self.0).value.obj })
    }

    /// `Z_REFVAL_P` of an IS_REFERENCE zval.
    #[inline(always)]
    pub fn deref(self) -> Zv {
        // SAFETY: as above; the reference holds its value.
        Zv(unsafe { zval::refval(self.0) })
    }
}

impl ZStr {
    /// The string's bytes. They end where the allocation's data ends and
    /// are preceded by the string's header (24 bytes), so reading the 16
    /// bytes that end where they end stays inside the string.
    #[inline(always)]
    pub fn bytes<'a>(self) -> &'a [u8] {
        // SAFETY: a live zend_string (the handle's contract).
        unsafe { zval::zstr_bytes(self.0) }
    }

    /// Whether PHP knows the string to be valid UTF-8 (IS_STR_VALID_UTF8:
    /// set by PCRE after a `/u` match, by mbstring and concatenation on
    /// newer PHPs, and on every string rustjson's json_decode() returns;
    /// cleared by PHP when a string is changed in place).
    #[inline(always)]
    pub fn known_utf8(self) -> bool {
        // SAFETY: a live zend_string (the handle's contract): its header.
        unsafe { (*self.0).gc.u.type_info & sys::IS_STR_VALID_UTF8 != 0 }
    }

    /// The string's header and bytes ([`zval::zstr_window`]): at least 16
    /// bytes, ending with [`ZStr::bytes`].
    #[inline(always)]
    pub fn window<'a>(self) -> &'a [u8] {
        // SAFETY: a live zend_string (the handle's contract).
        unsafe { zval::zstr_window(self.0) }
    }
}

impl Table {
    /// # Safety
    /// `ht` is a live table that stays live while the handle is used.
    #[inline(always)]
    pub unsafe fn new(ht: *mut sys::HashTable) -> Table {
        Table(ht)
    }

    #[inline(always)]
    pub fn as_ptr(self) -> *mut sys::HashTable {
        self.0
    }

    /// `zend_hash_num_elements`.
    #[inline(always)]
    pub fn count(self) -> u32 {
        // SAFETY: a live table (the handle's contract).
        unsafe { zval::ht_count(self.0) }
    }

    /// `HT_IS_PACKED`.
    #[inline(always)]
    pub fn is_packed(self) -> bool {
        // SAFETY: as above.
        unsafe { (*self.0).u.flags & sys::HASH_FLAG_PACKED != 0 }
    }

    /// `zend_array_is_list`.
    #[inline(always)]
    pub fn is_list(self) -> bool {
        // SAFETY: as above.
        unsafe { zval::array_is_list(self.0) }
    }

    /// `zend_array_is_list` of a table known to hold elements.
    #[inline(always)]
    pub fn is_list_nonempty(self) -> bool {
        // SAFETY: as above.
        unsafe { zval::array_is_list_nonempty(self.0) }
    }

    /// `GC_TRY_ADDREF`.
    #[inline(always)]
    pub fn addref(self) {
        // SAFETY: as above.
        unsafe { zval::gc_try_addref(&mut (*self.0).gc) }
    }

    /// Add the reference a counted copy of an array zval holds (`refcounted`:
    /// the zval's type flags say it is counted). Its release is
    /// [`Table::release_array`].
    #[inline(always)]
    pub fn addref_array(self, refcounted: bool) {
        if refcounted {
            // SAFETY: as above.
            unsafe { (*self.0).gc.refcount += 1 };
        }
    }

    /// Drop the reference of a counted copy of an array zval: the last one
    /// destroys the array (and may run destructors: user code).
    #[inline(always)]
    pub fn release_array(self) {
        // SAFETY: as above; the walk owns one reference.
        unsafe { zval::release_counted(self.0.cast(), sys::IS_ARRAY_EX) }
    }

    /// `zend_release_properties`: drop the walk's reference to a property
    /// table (the last one destroys it).
    #[inline(always)]
    pub fn release_properties(self) {
        // SAFETY: as above; the walk owns one reference (taken by
        // addref or by zend_get_properties_for).
        unsafe {
            let gc = &mut (*self.0).gc;
            if gc.u.type_info & sys::GC_IMMUTABLE == 0 && gc.refcount > 1 {
                gc.refcount -= 1;
            } else {
                sys::rustjson_release_properties(self.0);
            }
        }
    }

    /// The bucket cursor of a hash table (`arData` and `nNumUsed` read once,
    /// as `ZEND_HASH_FOREACH` does).
    #[inline(always)]
    pub fn buckets(self) -> Buckets {
        debug_assert!(!self.is_packed());
        // SAFETY: as above; the used buckets are inside the data.
        unsafe {
            let b = (*self.0).__bindgen_anon_1.arData;
            Buckets {
                cur: b,
                end: b.add((*self.0).nNumUsed as usize),
            }
        }
    }

    /// The slot cursor of a packed table (as [`Table::buckets`]).
    #[inline(always)]
    pub fn packed(self) -> Packed {
        debug_assert!(self.is_packed());
        // SAFETY: as above.
        unsafe {
            let base = (*self.0).__bindgen_anon_1.arPacked;
            Packed {
                base,
                cur: base,
                end: base.add((*self.0).nNumUsed as usize),
            }
        }
    }

    /// The slot number of the first of the first `limit` slots that
    /// holds the array or object at `p` (its table or object pointer),
    /// if any; the slots read as raw memory, without the engine (for a
    /// guess: a reference or an indirect slot holding it is not found).
    pub fn find_pointer(self, p: usize, limit: usize) -> Option<usize> {
        // SAFETY: as above; the first nNumUsed slots (16-byte zvals or
        // 32-byte buckets, each starting with its zval) are inside the
        // data. A slot's type byte is always written (IS_UNDEF for a
        // hole); its value word only for the types that have one, so it
        // is read only for an array or an object.
        unsafe {
            let n = ((*self.0).nNumUsed as usize).min(limit);
            let (base, stride) = if self.is_packed() {
                ((*self.0).__bindgen_anon_1.arPacked.cast::<u8>(), 16)
            } else {
                ((*self.0).__bindgen_anon_1.arData.cast::<u8>(), 32)
            };
            (0..n).find(|&i| {
                let z = base.add(i * stride).cast::<sys::zval>();
                let ty = zval::ztype(z);
                (ty == sys::IS_ARRAY || ty == sys::IS_OBJECT) && (*z).value.ptr as usize == p
            })
        }
    }

    /// `ZEND_HASH_FOREACH_KEY_VAL_IND` of either layout.
    #[inline(always)]
    pub fn iter(self) -> Entries {
        // SAFETY: as above.
        Entries(unsafe { zval::HtIter::new(self.0) })
    }
}

/// One element of a walked table.
#[derive(Clone, Copy)]
pub struct Entry {
    pub val: Zv,
    bucket: *const sys::Bucket,
}

impl Entry {
    /// The string key, or `None` for an integer key.
    #[inline(always)]
    pub fn key(&self) -> Option<ZStr> {
        // SAFETY: a used bucket of a held table (read when asked, as the
        // C macro does).
        let k = unsafe { (*self.bucket).key };
        (!k.is_null()).then_some(ZStr(k))
    }

    /// The integer key (meaningful when [`Entry::key`] is `None`).
    #[inline(always)]
    pub fn index(&self) -> i64 {
        // SAFETY: as above.
        unsafe { (*self.bucket).h as i64 }
    }
}

/// An entry of [`zval::HtIter`]: its key kept. (Its keys are read by the
/// hooked-properties walk, PHP 8.4+ only.)
#[derive(Clone, Copy)]
#[cfg_attr(not(php84), allow(dead_code))]
pub struct KeyedEntry {
    pub val: Zv,
    key: *mut sys::zend_string,
    h: u64,
}

#[cfg_attr(not(php84), allow(dead_code))]
impl KeyedEntry {
    /// The string key, or `None` for an integer key.
    #[inline(always)]
    pub fn key(&self) -> Option<ZStr> {
        (!self.key.is_null()).then_some(ZStr(self.key))
    }

    /// The integer key (meaningful when [`KeyedEntry::key`] is `None`).
    #[inline(always)]
    pub fn index(&self) -> i64 {
        self.h as i64
    }
}

/// A hash table's buckets, in order (`ZEND_HASH_FOREACH`'s loop, driven
/// by the caller: `while c.more() { let Some(e) = c.step() else { continue }; ... }`):
/// IS_INDIRECT resolved, UNDEF slots skipped, the coming elements
/// prefetched.
pub struct Buckets {
    cur: *mut sys::Bucket,
    end: *mut sys::Bucket,
}

impl Buckets {
    /// Are there buckets left?
    #[inline(always)]
    pub fn more(&self) -> bool {
        self.cur < self.end
    }

    /// Take the next bucket (when [`Buckets::more`]): its element, or
    /// `None` for an unused (UNDEF) slot; the coming ones are prefetched.
    #[inline(always)]
    pub fn step(&mut self) -> Option<Entry> {
        debug_assert!(self.more());
        let cur = self.cur;
        // SAFETY: cur is one of the table's used buckets (the table is
        // held, its data read once); the next ones are only prefetched.
        unsafe {
            self.cur = cur.add(1);
            zval::prefetch_bucket(cur.wrapping_add(2), self.end);
            if self.cur < self.end {
                zval::prefetch_inner(&(*self.cur).val);
            }
            let mut z: *mut sys::zval = &mut (*cur).val;
            if zval::ztype(z) == sys::IS_INDIRECT {
                z = zval::indirect(z);
            }
            if zval::ztype(z) == sys::IS_UNDEF {
                return None;
            }
            Some(Entry {
                val: Zv(z),
                bucket: cur,
            })
        }
    }
}

/// A packed table's slots, in order, with their indexes (driven as
/// [`Buckets`]).
pub struct Packed {
    base: *mut sys::zval,
    cur: *mut sys::zval,
    end: *mut sys::zval,
}

impl Packed {
    /// Are there slots left?
    #[inline(always)]
    pub fn more(&self) -> bool {
        self.cur < self.end
    }

    /// Take the next slot (when [`Packed::more`]): its element and index,
    /// or `None` for an unused slot (as [`Buckets::step`]).
    #[inline(always)]
    pub fn step(&mut self) -> Option<(Zv, i64)> {
        debug_assert!(self.more());
        let mut z = self.cur;
        // SAFETY: as in Buckets::step.
        unsafe {
            self.cur = z.add(1);
            zval::prefetch_zval(z.wrapping_add(2), self.end);
            if self.cur < self.end {
                zval::prefetch_inner(self.cur);
            }
            let index = self.cur.offset_from(self.base) - 1;
            if zval::ztype(z) == sys::IS_INDIRECT {
                z = zval::indirect(z);
            }
            if zval::ztype(z) == sys::IS_UNDEF {
                return None;
            }
            Some((Zv(z), index as i64))
        }
    }
}

impl Packed {
    /// The slot at the cursor, used or not, when there is one, without
    /// moving (with [`Packed::skip`]: for a writer that keeps its state in
    /// registers across a run of scalars; nothing is prefetched, as
    /// scalars point at nothing).
    #[inline(always)]
    pub fn peek(&self) -> Option<Zv> {
        (self.cur < self.end).then_some(Zv(self.cur))
    }

    /// The slot after the one at the cursor, used or not, when there is
    /// one.
    #[inline(always)]
    pub fn peek_second(&self) -> Option<Zv> {
        // (cur + 1 stays within the slots or one past them when cur < end.)
        let next = self.cur.wrapping_add(1);
        (self.cur < self.end && next < self.end).then_some(Zv(next))
    }

    /// The slots from the cursor to the end, each as two words (a zval's
    /// value, then its type info and u2), for a writer that reads them
    /// without the engine (e.g. `number::write_long_quads`).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub fn rest_words(&self) -> &[[u64; 2]] {
        const _: () = assert!(core::mem::size_of::<sys::zval>() == 16);
        // SAFETY: cur..end are the table's used slots, 16-byte zvals
        // (8-byte aligned), alive while the cursor is (the table is not
        // changed during the walk).
        unsafe {
            let n = self.end.offset_from(self.cur) as usize;
            core::slice::from_raw_parts(self.cur.cast::<[u64; 2]>(), n)
        }
    }

    /// Move past `n` slots (as many [`Packed::skip`]s).
    #[inline(always)]
    pub fn skip_n(&mut self, n: usize) {
        // SAFETY: the caller saw `n` slots from the cursor (e.g. through
        // [`Packed::rest_words`]), inside the table's used slots.
        unsafe {
            debug_assert!(self.end.offset_from(self.cur) >= n as isize);
            self.cur = self.cur.add(n);
        }
    }

    /// A hint for a walk that reads the tables its slots point to (a
    /// list of lists): start loading the header of the slot `H` ahead of
    /// the cursor and the data of the one `D` ahead (`D < H`: its header
    /// asked for earlier), where they exist. Never faults.
    #[inline(always)]
    pub fn prefetch_ahead<const H: usize, const D: usize>(&self) {
        // SAFETY: both slots are checked to lie before `end`, inside the
        // table's used slots; prefetch_inner reads a slot and the header
        // it points to (live: the table holds a reference).
        unsafe {
            zval::prefetch_zval(self.cur.wrapping_add(H), self.end);
            let d = self.cur.wrapping_add(D);
            if d < self.end {
                zval::prefetch_inner(d);
            }
        }
    }

    /// Move past the slot [`Packed::peek`] returned.
    #[inline(always)]
    pub fn skip(&mut self) {
        debug_assert!(self.more());
        // SAFETY: cur is before end, inside the table's used slots.
        self.cur = unsafe { self.cur.add(1) };
    }

    /// A cursor over the next `k` slots at most (the rest of this one's
    /// when fewer); [`Packed::resume`] moves this one to where it stopped.
    #[inline(always)]
    pub fn first(&self, k: usize) -> Packed {
        // SAFETY: both ends lie in the table's used slots (the address
        // arithmetic stays within them: at most `end`).
        let left = unsafe { self.end.offset_from(self.cur) } as usize;
        Packed {
            base: self.base,
            cur: self.cur,
            // SAFETY: as above.
            end: unsafe { self.cur.add(k.min(left)) },
        }
    }

    /// Move to where `part` (from [`Packed::first`]) stopped.
    #[inline(always)]
    pub fn resume(&mut self, part: &Packed) {
        debug_assert!(part.base == self.base && part.cur <= self.end);
        self.cur = part.cur;
    }

    /// The type of the slot at the cursor (when [`Packed::more`]).
    #[inline(always)]
    pub fn next_type(&self) -> u32 {
        debug_assert!(self.more());
        // SAFETY: cur is one of the table's used slots.
        unsafe { zval::ztype(self.cur) }
    }
}

/// [`zval::HtIter`] with handles.
pub struct Entries(zval::HtIter);

impl Iterator for Entries {
    type Item = KeyedEntry;
    #[inline(always)]
    fn next(&mut self) -> Option<KeyedEntry> {
        self.0.next().map(|e| KeyedEntry {
            val: Zv(e.val),
            key: e.key,
            h: e.h,
        })
    }
}

impl Obj {
    /// # Safety
    /// `o` is a live object that stays live while the handle is used.
    #[inline(always)]
    pub unsafe fn from_ptr(o: *mut sys::zend_object) -> Obj {
        Obj(o)
    }

    #[inline(always)]
    pub fn as_ptr(self) -> *mut sys::zend_object {
        self.0
    }

    /// `obj->ce`.
    #[inline(always)]
    pub fn class(self) -> Class {
        // SAFETY: a live object (the handle's contract).
        Class(unsafe { (*self.0).ce })
    }

    /// `obj->properties`: the materialized property table, if any.
    #[inline(always)]
    pub fn properties(self) -> Option<Table> {
        // SAFETY: as above.
        let ht = unsafe { (*self.0).properties };
        (!ht.is_null()).then_some(Table(ht))
    }

    /// Take the reference of a counted copy of an object zval (objects are
    /// always counted); dropped by [`Obj::release`].
    #[inline(always)]
    pub fn addref(self) {
        // SAFETY: as above.
        unsafe { (*self.0).gc.refcount += 1 };
    }

    /// The reference of a counted copy of an object zval, dropped (the last
    /// one destroys the object: its destructor is user code).
    #[inline(always)]
    pub fn release(self) {
        // SAFETY: as above; the walk owns one reference.
        unsafe { zval::release_counted(self.0.cast(), sys::IS_OBJECT_EX) }
    }

    /// Standard property handlers (`get_properties_for == NULL`,
    /// `get_properties == zend_std_get_properties`).
    #[inline(always)]
    pub fn std_handlers(self) -> bool {
        // SAFETY: as above.
        unsafe { zval::std_props_handlers(self.0) }
    }

    /// `php_json_encode_array`'s condition for the declared-slots path.
    #[inline(always)]
    pub fn slots_path_ok(self) -> bool {
        // SAFETY: as above.
        unsafe { zval::obj_fast_path_ok(self.0) }
    }

    /// PHP 8.4+: no hooked properties and not lazy (always true before).
    #[inline(always)]
    pub fn no_hooks_not_lazy(self) -> bool {
        // SAFETY: as above.
        cfg!(not(php84)) || unsafe { sys::rustjson_obj_no_hooks_not_lazy(self.0) }
    }

    /// Declared slot `i` as `php_json_encode_array`'s slot loop takes it
    /// (see [`zval::visible_slot`]); `i` below the class's slot count.
    #[inline(always)]
    pub fn visible_slot(self, i: usize) -> Option<(ZStr, Zv)> {
        debug_assert!(i < self.class().slot_count());
        // SAFETY: as above; i is in range (the callers loop to slot_count,
        // read afresh).
        unsafe { zval::visible_slot_str(self.0, i).map(|(name, z)| (ZStr(name), Zv(z))) }
    }

    /// `zend_enum_fetch_case_value` of an enum case.
    #[inline(always)]
    pub fn enum_value(self) -> Zv {
        // SAFETY: as above; a backed enum case holds its value.
        Zv(unsafe { sys::rustjson_enum_case_value(self.0) })
    }
}

impl Class {
    /// Does the class implement any interface?
    #[inline(always)]
    pub fn has_interfaces(self) -> bool {
        // SAFETY: a live class entry (the object's).
        unsafe { (*self.0).num_interfaces != 0 }
    }

    #[inline(always)]
    pub fn is_enum(self) -> bool {
        // SAFETY: as above.
        unsafe { (*self.0).ce_flags & sys::ZEND_ACC_ENUM != 0 }
    }

    /// A backed enum?
    #[inline(always)]
    pub fn enum_is_backed(self) -> bool {
        // SAFETY: as above.
        unsafe { (*self.0).enum_backing_type != sys::IS_UNDEF }
    }

    /// `default_properties_count` (read afresh).
    #[inline(always)]
    pub fn slot_count(self) -> usize {
        // SAFETY: as above.
        unsafe { (*self.0).default_properties_count.max(0) as usize }
    }

    /// Does the class declare property hooks (8.4+; never before)?
    #[inline(always)]
    pub fn has_hooks(self) -> bool {
        // SAFETY: as above.
        unsafe { zval::class_has_hooks(self.0) }
    }

    /// `instanceof_function(ce, JsonSerializable)`, the common no-interface
    /// case answered without a call.
    #[inline(always)]
    pub fn is_json_serializable(self) -> bool {
        // SAFETY: as above; the interface's class entry is static.
        unsafe { zval::implements(self.0, super::serializable_ce()) }
    }

    #[inline(always)]
    pub fn as_ptr(self) -> *mut sys::zend_class_entry {
        self.0.cast_mut()
    }
}

impl Held {
    /// A reference the walk owns on the value `counted`/`type_info`.
    ///
    /// # Safety
    /// The walk owns one reference of that value.
    #[inline(always)]
    pub unsafe fn from_parts(counted: *mut sys::zend_refcounted, type_info: u32) -> Held {
        Held { counted, type_info }
    }

    #[inline(always)]
    pub fn parts(self) -> (*mut sys::zend_refcounted, u32) {
        (self.counted, self.type_info)
    }

    /// `zval_ptr_dtor` of the counted copy (with the GC root check).
    pub fn dtor(self) {
        // SAFETY: as above; a zval rebuilt from the parts.
        unsafe {
            let mut z: sys::zval = core::mem::zeroed();
            z.value.counted = self.counted;
            z.u1.type_info = self.type_info;
            sys::rustjson_zval_ptr_dtor(&mut z);
        }
    }
}

/// A refcounted header (array or object) as the carrier of a recursion
/// mark.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Gc(*mut sys::zend_refcounted_h);

impl Gc {
    #[inline(always)]
    pub fn as_ptr(self) -> *mut sys::zend_refcounted_h {
        self.0
    }

    /// # Safety
    /// `gc` is the header of a live array or object (see the module
    /// documentation).
    #[inline(always)]
    pub unsafe fn from_ptr(gc: *mut sys::zend_refcounted_h) -> Gc {
        Gc(gc)
    }

    /// `GC_IS_RECURSIVE`.
    #[inline(always)]
    pub fn is_recursive(self) -> bool {
        // SAFETY: a live header (the handle's contract).
        unsafe { zval::gc_is_recursive(self.0) }
    }

    /// `GC_TRY_PROTECT_RECURSION`.
    #[inline(always)]
    pub fn protect(self) {
        // SAFETY: as above.
        unsafe { zval::gc_try_protect(self.0) }
    }

    /// `GC_TRY_UNPROTECT_RECURSION`.
    #[inline(always)]
    pub fn unprotect(self) {
        // SAFETY: as above.
        unsafe { zval::gc_try_unprotect(self.0) }
    }
}

/// A refcounted value (array or object) and its recursion mark.
pub trait Marked: Copy {
    /// The value's header.
    fn gc(self) -> Gc;

    /// `GC_IS_RECURSIVE`.
    #[inline(always)]
    fn is_recursive(self) -> bool {
        self.gc().is_recursive()
    }

    /// `GC_TRY_PROTECT_RECURSION`.
    #[inline(always)]
    fn protect(self) {
        self.gc().protect()
    }

    /// `GC_TRY_UNPROTECT_RECURSION`.
    #[inline(always)]
    fn unprotect(self) {
        self.gc().unprotect()
    }
}

impl Marked for Table {
    #[inline(always)]
    fn gc(self) -> Gc {
        // SAFETY: a live table (the handle's contract); the header is its
        // first member.
        Gc(unsafe { &raw mut (*self.0).gc })
    }
}

impl Marked for Obj {
    #[inline(always)]
    fn gc(self) -> Gc {
        // SAFETY: a live object; the header is its first member.
        Gc(unsafe { &raw mut (*self.0).gc })
    }
}

impl Obj {
    /// `rustjson_serializable_enter`: the JsonSerializable recursion guard
    /// (8.3+ the object's JSON guard, 8.2 the mark of its property table).
    /// `None` when already taken (recursion), else the guard to leave.
    #[inline]
    pub fn serializable_enter(self) -> Option<SerializableGuard> {
        let mut ht: *mut sys::HashTable = core::ptr::null_mut();
        // SAFETY: a live object; the shim writes ht.
        let recursive = unsafe { sys::rustjson_serializable_enter(self.0, &mut ht) };
        (!recursive).then_some(SerializableGuard { obj: self.0, ht })
    }
}

/// A taken JsonSerializable recursion guard ([`Obj::serializable_enter`]).
#[derive(Clone, Copy)]
pub struct SerializableGuard {
    obj: *mut sys::zend_object,
    ht: *mut sys::HashTable,
}

impl SerializableGuard {
    /// `rustjson_serializable_leave`.
    #[inline]
    pub fn leave(self) {
        // SAFETY: the guard was taken on this live object (and table).
        unsafe { sys::rustjson_serializable_leave(self.obj, self.ht) }
    }

    /// The guard as two words (for the walk's hold records).
    #[inline(always)]
    pub fn parts(self) -> (*mut sys::zend_object, *mut sys::HashTable) {
        (self.obj, self.ht)
    }

    /// # Safety
    /// The parts of a guard taken and not left yet.
    #[inline(always)]
    pub unsafe fn from_parts(obj: *mut sys::zend_object, ht: *mut sys::HashTable) -> Self {
        SerializableGuard { obj, ht }
    }
}

/// A zval of the walk's own (a counted copy, or a call's return value):
/// the walk owns one reference of its value, given back by
/// [`LocalZval::release`] or [`LocalZval::dtor`]. Kept in place (its
/// address is handed to PHP and to [`LocalZval::zv`]'s handle).
#[repr(transparent)]
pub struct LocalZval(sys::zval);

impl LocalZval {
    /// An undefined zval (a return slot).
    #[inline(always)]
    pub fn undef() -> LocalZval {
        // SAFETY: all-zero is IS_UNDEF.
        LocalZval(unsafe { core::mem::zeroed() })
    }

    /// The handle of this zval: valid while `self` is neither moved nor
    /// dropped (the walk keeps it on its frame for the frame's duration).
    #[inline(always)]
    pub fn zv(&mut self) -> Zv {
        Zv(&mut self.0)
    }

    /// Its value's reference, as parts.
    #[inline(always)]
    pub fn held(&self) -> Held {
        // SAFETY: reading a union member of our own zval (both words are
        // plain data).
        unsafe {
            Held {
                counted: self.0.value.counted,
                type_info: self.0.u1.type_info,
            }
        }
    }

    /// `zval_ptr_dtor_nogc`.
    #[inline(always)]
    pub fn release(&mut self) {
        // SAFETY: our own zval, whose reference we own.
        unsafe { zval::ptr_dtor_nogc(&mut self.0) }
    }

    /// `zval_ptr_dtor`.
    #[inline(always)]
    pub fn dtor(&mut self) {
        // SAFETY: as above.
        unsafe { sys::rustjson_zval_ptr_dtor(&mut self.0) }
    }
}

impl Zv {
    /// The counted copy of `php_json_encode_zval` (`ZVAL_COPY`).
    #[inline(always)]
    pub fn counted_copy(self) -> LocalZval {
        // SAFETY: a live zval (the handle's contract); the copy takes a
        // reference of its own.
        unsafe {
            let mut copy = LocalZval(*self.0);
            zval::try_addref(&mut copy.0);
            copy
        }
    }

    /// `zend_get_properties_for(obj, ZEND_PROP_PURPOSE_JSON)`: the table
    /// with a reference for the walk (release with
    /// [`Table::release_properties`]), or `None`. May run user code.
    #[inline]
    pub fn properties_for_json(self) -> Option<Table> {
        // SAFETY: a live object zval.
        let ht = unsafe { sys::rustjson_get_properties_for_json(self.0) };
        (!ht.is_null()).then_some(Table(ht))
    }

    /// `call_user_function(obj, "jsonSerialize")` into `retval`: false when
    /// the call failed or returned nothing (IS_UNDEF).
    #[inline]
    pub fn call_json_serialize(self, retval: &mut LocalZval) -> bool {
        // SAFETY: a live object zval; retval is an undefined slot of ours.
        unsafe {
            sys::rustjson_call_json_serialize(self.0, &mut retval.0) == sys::SUCCESS
                && zval::ztype(&retval.0) != sys::IS_UNDEF
        }
    }

    /// Is this the same object as `obj`?
    #[inline(always)]
    pub fn is_object(self, obj: Obj) -> bool {
        self.ty() == sys::IS_OBJECT && self.obj() == obj
    }
}

/// The outcome of reading a hooked property (PHP 8.4+).
#[cfg(php84)]
pub enum HookRead {
    /// A virtual property without a get hook: not encoded.
    Skip,
    /// The value (in the temporary, when the hook made one).
    Value(Zv),
    /// The hook threw.
    Threw,
}

#[cfg(php84)]
impl Zv {
    /// An IS_PTR entry of an object's property table (a hooked property):
    /// its value read through the get hook into `tmp` (destroy `tmp` with
    /// [`LocalZval::dtor`] after use, in every outcome but `Skip`).
    #[inline]
    pub fn read_hooked(self, entry: Zv, tmp: &mut LocalZval) -> HookRead {
        let mut status = 0;
        // SAFETY: self is the live object zval, entry an IS_PTR entry of
        // its table; tmp is an undefined slot of ours.
        let read =
            unsafe { sys::rustjson_read_hooked_property(self.0, entry.0, &mut tmp.0, &mut status) };
        match status {
            0 => HookRead::Skip,
            1 => HookRead::Value(Zv(read)),
            _ => HookRead::Threw,
        }
    }
}

/// Exceptions around jsonSerialize() calls.
pub mod exception {
    use super::{sys, Class};

    /// `EG(exception) != NULL`.
    #[inline]
    pub fn pending() -> bool {
        // SAFETY: reads the executor globals of this thread.
        unsafe { sys::rustjson_has_exception() }
    }

    /// "Failed calling X::jsonSerialize()" (before 8.5), unless an
    /// exception is already pending.
    #[inline]
    pub fn failed_calling(ce: Class) {
        // SAFETY: throwing from inside json_encode(); ce is live.
        unsafe {
            if sys::rustjson_has_failed_calling_exception() && !sys::rustjson_has_exception() {
                sys::rustjson_throw_failed_calling(ce.as_ptr());
            }
        }
    }
}
