//! A measurement probe, built only with the `floor-probe` feature (never in
//! the shipped extension): `json_encode($v, PROBE)` reads everything an
//! encoder of `$v` has to read (every table's header and slots, every key
//! and string, down to a byte of each cache line, every declared property
//! slot), with the encoder's prefetches and next to no computation; it
//! writes nothing and returns `false`. JsonSerializable objects are called
//! (`jsonSerialize()`, the user code stock runs too) and their results
//! read; backed enum cases read as their values.
//!
//! Its time per call is the memory floor of encoding `$v`: what any encoder,
//! stock's or ours, pays for bringing the value's structure into the core.
//! `tools/bench/floor.php` prints it beside stock's and rustjson's times
//! (`make bench-floor`).
use crate::php::sys;
use crate::php::view::{LocalZval, Zv};
use crate::php::zval;

/// The option bit that selects the probe (no json_encode flag uses it).
pub const PROBE: u32 = 1 << 30;
/// With [`PROBE`]: return a deep copy of the value made in one pass per
/// table (`rustjson_probe_clone`), the floor of building it
/// (`make bench-decode-floor`).
pub const CLONE: u32 = 1 << 29;

/// With [`PROBE`], for a value `[N]`: return a string of N bytes made as a
/// call's output of that size would be at best (`outbuf::probe_write_floor`),
/// the floor of writing an output (`make bench-floor`).
pub const WRITE: u32 = 1 << 28;

/// The output length asked for by a [`WRITE`] probe: the first element of
/// the array `val` (0 for anything else).
///
/// # Safety
/// `val` is a live zval.
pub unsafe fn write_len(val: *mut sys::zval) -> usize {
    // SAFETY: a live zval (the caller's), read while the call holds it.
    let zv = unsafe { Zv::new(val) };
    if zv.ty() != sys::IS_ARRAY || !zv.table().is_packed() {
        return 0;
    }
    match zv.table().packed().peek() {
        Some(first) if first.ty() == sys::IS_LONG => first.long().max(0) as usize,
        _ => 0,
    }
}

/// Deeper values are not read (the corpora are far shallower).
const MAX_DEPTH: u32 = 512;

/// Reads all of `val`; returns a digest of what was read (so that no read
/// can be optimized away).
///
/// # Safety
/// `val` is a live zval, and nothing else runs while it is read.
pub unsafe fn read_all(val: *mut sys::zval) -> u64 {
    let mut acc = 0u64;
    // SAFETY: forwarded.
    unsafe { read_zval(val, &mut acc, 0) };
    acc
}

unsafe fn read_zval(mut val: *mut sys::zval, acc: &mut u64, depth: u32) {
    if depth > MAX_DEPTH {
        return;
    }
    // SAFETY: val is live (the caller's contract, and every pointer
    // followed here is one the engine keeps valid while nothing runs).
    unsafe {
        let mut t = zval::ztype(val);
        if t == sys::IS_REFERENCE {
            val = zval::refval(val);
            t = zval::ztype(val);
        }
        match t {
            sys::IS_STRING => *acc += digest(zval::zstr_bytes((*val).value.str_)),
            sys::IS_LONG => *acc += (*val).value.lval as u64,
            sys::IS_DOUBLE => *acc += (*val).value.dval.to_bits(),
            sys::IS_ARRAY => read_table((*val).value.arr, acc, depth + 1),
            sys::IS_OBJECT => {
                let zv = Zv::new(val);
                let class = zv.obj().class();
                if class.is_json_serializable() {
                    // The user call stock makes too, its result read
                    // and freed: the floor of a JsonSerializable member.
                    let mut rv = LocalZval::undef();
                    if zv.call_json_serialize(&mut rv) && !rv.zv().is_object(zv.obj()) {
                        read_zval(rv.zv().as_ptr(), acc, depth + 1);
                    }
                    rv.dtor();
                    return;
                }
                if class.is_enum() {
                    // A backed enum case is its value.
                    if class.enum_is_backed() {
                        read_zval(zv.obj().enum_value().as_ptr(), acc, depth + 1);
                    }
                    return;
                }
                let obj = (*val).value.obj;
                let ht = (*obj).properties;
                if !ht.is_null() {
                    read_table(ht, acc, depth + 1);
                } else {
                    read_slots(obj, acc, depth + 1);
                }
            }
            _ => *acc += u64::from(t),
        }
    }
}

/// A table's slots, with the encoder's prefetches (see `walk_map` and
/// `walk_packed` in encode.rs), so that the probe brings the structure in
/// the way the encoder does.
unsafe fn read_table(ht: *mut sys::HashTable, acc: &mut u64, depth: u32) {
    // SAFETY: ht is a live table; only its used slots are read.
    unsafe {
        let used = (*ht).nNumUsed as usize;
        if (*ht).u.flags & sys::HASH_FLAG_PACKED != 0 {
            let mut z = (*ht).__bindgen_anon_1.arPacked;
            let end = z.add(used);
            while z < end {
                let cur = z;
                z = z.add(1);
                zval::prefetch_zval(cur.wrapping_add(2), end);
                if z < end {
                    zval::prefetch_inner(z);
                }
                read_slot(cur, acc, depth);
            }
        } else {
            let mut b = (*ht).__bindgen_anon_1.arData;
            let end = b.add(used);
            while b < end {
                let cur = b;
                b = b.add(1);
                zval::prefetch_bucket(cur.wrapping_add(2), end);
                if b < end {
                    zval::prefetch_inner(&(*b).val);
                }
                if !(*cur).key.is_null() {
                    *acc += digest(zval::zstr_bytes((*cur).key));
                }
                read_slot(&mut (*cur).val, acc, depth);
            }
        }
    }
}

/// A table slot: INDIRECT followed, UNDEF skipped.
#[inline(always)]
unsafe fn read_slot(mut z: *mut sys::zval, acc: &mut u64, depth: u32) {
    // SAFETY: z is a used slot of a live table.
    unsafe {
        if zval::ztype(z) == sys::IS_INDIRECT {
            z = zval::indirect(z);
        }
        // Scalars inline (a call per list element would make the floor of
        // a long int list the probe's own call overhead).
        match zval::ztype(z) {
            sys::IS_UNDEF => {}
            sys::IS_LONG => *acc += (*z).value.lval as u64,
            sys::IS_DOUBLE => *acc += (*z).value.dval.to_bits(),
            sys::IS_NULL | sys::IS_TRUE | sys::IS_FALSE => *acc += 1,
            _ => read_zval(z, acc, depth),
        }
    }
}

/// The declared property slots of an object without a property table, as
/// the encoder takes them (see `zval::visible_slot`).
unsafe fn read_slots(obj: *mut sys::zend_object, acc: &mut u64, depth: u32) {
    // SAFETY: obj is live; its class's slot table describes its slots.
    unsafe {
        let count = (*(*obj).ce).default_properties_count.max(0) as usize;
        for i in 0..count {
            if let Some((name, prop)) = zval::visible_slot(obj, i) {
                *acc += digest(name);
                read_zval(prop, acc, depth);
            }
        }
    }
}

/// `s`'s length and a byte of each cache line it spans: enough to bring
/// it in, with as little work as possible.
#[inline(always)]
fn digest(s: &[u8]) -> u64 {
    let mut h = s.len() as u64;
    let mut i = 0;
    while i < s.len() {
        h = h.rotate_left(5) ^ u64::from(s[i]);
        i += 64;
    }
    if let Some(&b) = s.last() {
        h ^= u64::from(b);
    }
    h
}
