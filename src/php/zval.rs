//! Thin, zero-cost views over Zend values: type tags, strings, hash-table
//! walking, refcounts and recursion marks. Every raw pointer access to a
//! zval, zend_array or zend_object outside the C shim lives here.
//!
//! The functions take raw pointers because the values belong to PHP and may
//! be changed by user code (jsonSerialize) between two of our reads; each
//! function re-reads what it needs, exactly as the C macros do.
#![allow(clippy::missing_safety_doc)]
use super::sys;

/// `Z_TYPE_P`.
#[inline(always)]
pub unsafe fn ztype(zv: *const sys::zval) -> u32 {
    // SAFETY: caller passes a valid zval.
    unsafe { u32::from((*zv).u1.v.type_) }
}

/// `Z_REFVAL_P`.
#[inline(always)]
pub unsafe fn refval(zv: *mut sys::zval) -> *mut sys::zval {
    // SAFETY: zv is an IS_REFERENCE zval.
    unsafe { &mut (*(*zv).value.ref_).val }
}

/// `Z_INDIRECT_P`.
#[inline(always)]
pub unsafe fn indirect(zv: *mut sys::zval) -> *mut sys::zval {
    // SAFETY: zv is an IS_INDIRECT zval.
    unsafe { (*zv).value.zv }
}

/// `ZSTR_VAL`: the address of a zend_string's bytes, derived from `s`
/// itself. (`(*s).val.as_ptr()` would derive it from a reference to the
/// one-element `val` array, which covers one byte only.)
#[inline(always)]
pub unsafe fn zstr_val(s: *const sys::zend_string) -> *const u8 {
    // SAFETY: s is a live zend_string; no reference is made.
    unsafe { (&raw const (*s).val).cast() }
}

/// `ZSTR_VAL` for writing (see [`zstr_val`]).
#[inline(always)]
pub unsafe fn zstr_val_mut(s: *mut sys::zend_string) -> *mut u8 {
    // SAFETY: s is a live zend_string; no reference is made.
    unsafe { (&raw mut (*s).val).cast() }
}

/// The bytes of a zend_string.
#[inline(always)]
pub unsafe fn zstr_bytes<'a>(s: *const sys::zend_string) -> &'a [u8] {
    // SAFETY: s is a live zend_string; `val` holds `len` bytes.
    unsafe { core::slice::from_raw_parts(zstr_val(s), (*s).len) }
}

/// A zend_string's header and bytes, as one slice: what
/// `rustjson_core::escape::Key::at_end` reads (its last 16 bytes, when the
/// string is shorter than 16, include header bytes). At least 24 bytes
/// long, and its last `len` bytes are [`zstr_bytes`].
#[inline(always)]
pub unsafe fn zstr_window<'a>(s: *const sys::zend_string) -> &'a [u8] {
    // SAFETY: s is a live zend_string: one allocation holding the header
    // and then `len` bytes at offset `val`.
    unsafe {
        core::slice::from_raw_parts(
            s.cast::<u8>(),
            core::mem::offset_of!(sys::zend_string, val) + (*s).len,
        )
    }
}

/// `GC_IS_RECURSIVE` on any refcounted (array, object).
#[inline(always)]
pub unsafe fn gc_is_recursive(gc: *const sys::zend_refcounted_h) -> bool {
    // SAFETY: gc points at a live refcounted header.
    unsafe { (*gc).u.type_info & sys::GC_PROTECTED != 0 }
}

/// `GC_TRY_PROTECT_RECURSION`: immutable values are never marked.
#[inline(always)]
pub unsafe fn gc_try_protect(gc: *mut sys::zend_refcounted_h) {
    // SAFETY: as above; immutable values live in shared memory and are not written.
    unsafe {
        if (*gc).u.type_info & sys::GC_IMMUTABLE == 0 {
            (*gc).u.type_info |= sys::GC_PROTECTED;
        }
    }
}

/// `GC_TRY_UNPROTECT_RECURSION`.
#[inline(always)]
pub unsafe fn gc_try_unprotect(gc: *mut sys::zend_refcounted_h) {
    // SAFETY: as above.
    unsafe {
        if (*gc).u.type_info & sys::GC_IMMUTABLE == 0 {
            (*gc).u.type_info &= !sys::GC_PROTECTED;
        }
    }
}

/// `GC_TRY_ADDREF`: immutable values are not counted.
#[inline(always)]
pub unsafe fn gc_try_addref(gc: *mut sys::zend_refcounted_h) {
    // SAFETY: gc points at a live refcounted header.
    unsafe {
        if (*gc).u.type_info & sys::GC_IMMUTABLE == 0 {
            (*gc).refcount += 1;
        }
    }
}

/// `Z_TRY_ADDREF_P`.
#[inline(always)]
pub unsafe fn try_addref(zv: *mut sys::zval) {
    // SAFETY: refcounted zvals point at a header starting with the refcount.
    unsafe {
        if u32::from((*zv).u1.v.type_flags) != 0 {
            (*(*zv).value.counted).gc.refcount += 1;
        }
    }
}

/// `zval_ptr_dtor_nogc`: may free the value and run destructors (user code).
#[inline(always)]
pub unsafe fn ptr_dtor_nogc(zv: *mut sys::zval) {
    // SAFETY: as in the Zend macro; the last reference goes to the shim,
    // which runs the real destructor.
    unsafe {
        if u32::from((*zv).u1.v.type_flags) != 0 {
            let rc = &mut (*(*zv).value.counted).gc.refcount;
            if *rc > 1 {
                *rc -= 1;
            } else {
                sys::rustjson_zval_ptr_dtor_nogc(zv);
            }
        }
    }
}

/// [`ptr_dtor_nogc`] of a counted copy known by its parts (no zval kept in
/// memory for it): drops the reference that `try_addref` took on a value
/// of type info `type_info` whose refcounted part is `counted`.
#[inline(always)]
pub unsafe fn release_counted(counted: *mut sys::zend_refcounted, type_info: u32) {
    // SAFETY: counted is the live refcounted part of a value whose copy
    // holds a reference (refcounted types only).
    unsafe {
        if type_info & 0xff00 == 0 {
            return;
        }
        let rc = &mut (*counted).gc.refcount;
        if *rc > 1 {
            *rc -= 1;
        } else {
            destroy_counted(counted, type_info);
        }
    }
}

/// The last reference of [`release_counted`]: the value's destructor.
#[cold]
#[inline(never)]
unsafe fn destroy_counted(counted: *mut sys::zend_refcounted, type_info: u32) {
    // SAFETY: a zval rebuilt from the parts; the shim runs the destructor.
    unsafe {
        let mut z: sys::zval = core::mem::zeroed();
        z.value.counted = counted;
        z.u1.type_info = type_info;
        sys::rustjson_zval_ptr_dtor_nogc(&mut z);
    }
}

/// Number of elements (`zend_hash_num_elements`).
#[inline(always)]
pub unsafe fn ht_count(ht: *const sys::HashTable) -> u32 {
    // SAFETY: ht is live.
    unsafe { (*ht).nNumOfElements }
}

/// One entry of a hash walk: string key (or null) and integer key.
pub struct Entry {
    pub key: *mut sys::zend_string,
    pub h: u64,
    pub val: *mut sys::zval,
}

/// `ZEND_HASH_FOREACH_KEY_VAL_IND`, as an iterator: packed and hash
/// layouts, IS_INDIRECT resolved, UNDEF slots skipped. The element count and
/// the data pointer are read once at the start, as the C macro does; so is
/// the layout (the walked table is held by a counted reference, so it is
/// never repacked in place while we walk it).
pub struct HtIter {
    packed: bool,
    idx: u32,
    used: u32,
    cur: *mut u8,
}

impl HtIter {
    #[inline(always)]
    pub unsafe fn new(ht: *const sys::HashTable) -> Self {
        // SAFETY: ht is live; arPacked/arData share the same pointer.
        unsafe {
            HtIter {
                packed: (*ht).u.flags & sys::HASH_FLAG_PACKED != 0,
                idx: 0,
                used: (*ht).nNumUsed,
                cur: (*ht).__bindgen_anon_1.arPacked.cast(),
            }
        }
    }
}

impl Iterator for HtIter {
    type Item = Entry;
    #[inline(always)]
    fn next(&mut self) -> Option<Entry> {
        while self.idx < self.used {
            let idx = self.idx;
            self.idx += 1;
            // SAFETY: idx < nNumUsed: the slot is inside the table's data.
            unsafe {
                let (mut z, key, h) = if self.packed {
                    let z = self.cur.cast::<sys::zval>();
                    self.cur = self.cur.add(core::mem::size_of::<sys::zval>());
                    (z, core::ptr::null_mut(), u64::from(idx))
                } else {
                    let b = self.cur.cast::<sys::Bucket>();
                    self.cur = self.cur.add(core::mem::size_of::<sys::Bucket>());
                    (&mut (*b).val as *mut sys::zval, (*b).key, (*b).h)
                };
                if ztype(z) == sys::IS_INDIRECT {
                    z = indirect(z);
                }
                if ztype(z) == sys::IS_UNDEF {
                    continue;
                }
                return Some(Entry { key, h, val: z });
            }
        }
        None
    }
}

/// `zend_array_is_list`: keys are exactly 0..n-1 in iteration order.
#[inline(always)]
pub unsafe fn array_is_list(ht: *const sys::HashTable) -> bool {
    // SAFETY: ht is live.
    unsafe { (*ht).nNumOfElements == 0 || array_is_list_nonempty(ht) }
}

/// [`array_is_list`] for a table known to hold elements (so at least one
/// slot is used).
#[inline(always)]
pub unsafe fn array_is_list_nonempty(ht: *const sys::HashTable) -> bool {
    // SAFETY: ht is live; the walk mirrors the Zend inline function.
    unsafe {
        debug_assert!((*ht).nNumOfElements != 0);
        let packed = (*ht).u.flags & sys::HASH_FLAG_PACKED != 0;
        if packed && (*ht).nNumUsed == (*ht).nNumOfElements {
            // Packed without holes.
            return true;
        }
        let mut expected: u64 = 0;
        let used = (*ht).nNumUsed as usize;
        if packed {
            let data = (*ht).__bindgen_anon_1.arPacked;
            for i in 0..used {
                if ztype(data.add(i)) == sys::IS_UNDEF {
                    continue;
                }
                if i as u64 != expected {
                    return false;
                }
                expected += 1;
            }
        } else {
            let data = (*ht).__bindgen_anon_1.arData;
            // A map answers at its first bucket, most often the first slot.
            if ztype(&(*data).val) != sys::IS_UNDEF && !(*data).key.is_null() {
                return false;
            }
            for i in 0..used {
                let b = data.add(i);
                if ztype(&(*b).val) == sys::IS_UNDEF {
                    continue;
                }
                if !(*b).key.is_null() || (*b).h != expected {
                    return false;
                }
                expected += 1;
            }
        }
        true
    }
}

/// Declared property slot `i` of `obj` as the declared-slots loop of
/// `php_json_encode_array` takes it: its name and its value, or `None` for
/// a slot without property info, a protected or private member (mangled
/// name, starting with NUL) or an unset slot (IS_UNDEF). Everything is read
/// afresh: user code run between two slots may have changed them.
///
/// # Safety
/// `obj` is live and `i` is below its class's `default_properties_count`.
#[cfg_attr(not(feature = "floor-probe"), allow(dead_code))]
#[inline(always)]
pub unsafe fn visible_slot<'a>(
    obj: *mut sys::zend_object,
    i: usize,
) -> Option<(&'a [u8], *mut sys::zval)> {
    // SAFETY: forwarded.
    unsafe { visible_slot_str(obj, i).map(|(name, prop)| (zstr_bytes(name), prop)) }
}

/// [`visible_slot`] with the name as its zend_string.
///
/// # Safety
/// As [`visible_slot`].
#[inline(always)]
pub unsafe fn visible_slot_str(
    obj: *mut sys::zend_object,
    i: usize,
) -> Option<(*const sys::zend_string, *mut sys::zval)> {
    // SAFETY: the class's slot table has default_properties_count entries;
    // a property info's offset is that of its slot in the object.
    unsafe {
        let info = *(*(*obj).ce).properties_info_table.add(i);
        if info.is_null() {
            return None;
        }
        let name = (*info).name;
        if zstr_bytes(name).first() == Some(&0) {
            return None;
        }
        let prop = obj
            .cast::<u8>()
            .add((*info).offset as usize)
            .cast::<sys::zval>();
        if ztype(prop) == sys::IS_UNDEF {
            return None;
        }
        Some((name.cast_const(), prop))
    }
}

/// Is `obj` a plain object whose properties come from the standard
/// handlers? (`get_properties_for == NULL && get_properties == zend_std_get_properties`)
#[inline(always)]
pub unsafe fn std_props_handlers(obj: *const sys::zend_object) -> bool {
    // SAFETY: obj is live; handlers is a static table.
    unsafe {
        let h = (*obj).handlers;
        (*h).get_properties_for.is_none()
            && (*h).get_properties.map(|f| f as usize)
                == Some(sys::zend_std_get_properties as *const () as usize)
    }
}

/// The JsonSerializable test of `php_json_encode_zval`: a class with no
/// interface at all cannot be one (the common case, answered without a call).
#[inline(always)]
pub unsafe fn implements(
    ce: *const sys::zend_class_entry,
    iface: *const sys::zend_class_entry,
) -> bool {
    // SAFETY: ce is a live class entry.
    unsafe { (*ce).num_interfaces != 0 && sys::rustjson_instanceof(ce, iface) }
}

/// May `php_json_encode_array` take its "optimized" declared-properties
/// path for `obj`? (Standard handlers, no materialized table; on 8.4+ also
/// no hooked properties and not a lazy object.)
#[inline(always)]
pub unsafe fn obj_fast_path_ok(obj: *const sys::zend_object) -> bool {
    #[cfg(not(php84))]
    // SAFETY: obj is live.
    unsafe {
        (*obj).properties.is_null() && std_props_handlers(obj)
    }
    #[cfg(php84)]
    // SAFETY: obj is live.
    unsafe {
        sys::rustjson_obj_fast_path_ok(obj)
    }
}

/// Does the class declare property hooks (PHP 8.4+; never before)?
#[inline(always)]
pub unsafe fn class_has_hooks(ce: *const sys::zend_class_entry) -> bool {
    #[cfg(php84)]
    // SAFETY: ce is a live class entry.
    unsafe {
        (*ce).num_hooked_props != 0
    }
    #[cfg(not(php84))]
    {
        let _ = ce;
        false
    }
}

/// A hint: start loading what a coming element points to (its string,
/// array or object), when `zv` is before `end`. Prefetches never fault.
#[inline(always)]
pub unsafe fn prefetch_zval(zv: *const sys::zval, end: *const sys::zval) {
    if zv < end {
        // SAFETY: zv is inside the table's used slots.
        unsafe {
            if (*zv).u1.v.type_flags != 0 {
                prefetch((*zv).value.counted as *const u8);
            }
        }
    }
}

/// The second step for an element whose header [`prefetch_zval`] asked for
/// earlier: an array's data, or an object's property table (header and
/// data are separate allocations, one more dependent load each).
#[inline(always)]
pub unsafe fn prefetch_inner(zv: *const sys::zval) {
    // SAFETY: zv is one of the table's used slots (the caller checks); the
    // header it points to is live (the table holds a reference).
    unsafe {
        // Arrays and objects are the collectable types: one test for the
        // common scalar and string elements.
        if u32::from((*zv).u1.v.type_flags) & sys::IS_TYPE_COLLECTABLE == 0 {
            return;
        }
        let t = ztype(zv);
        if t == sys::IS_ARRAY {
            prefetch((*(*zv).value.arr).__bindgen_anon_1.arData as *const u8);
        } else if t == sys::IS_OBJECT {
            let ht = (*(*zv).value.obj).properties;
            prefetch(ht as *const u8);
            if !ht.is_null() {
                prefetch((*ht).__bindgen_anon_1.arData as *const u8);
            }
        }
    }
}

/// [`prefetch_zval`] for a hash bucket, and its key.
#[inline(always)]
pub unsafe fn prefetch_bucket(b: *const sys::Bucket, end: *const sys::Bucket) {
    if b < end {
        // SAFETY: b is inside the table's used buckets.
        unsafe {
            if (*b).val.u1.v.type_flags != 0 {
                prefetch((*b).val.value.counted as *const u8);
            }
            prefetch((*b).key as *const u8);
        }
    }
}

#[inline(always)]
fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; any address is allowed.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
