//! The Zend boundary: bindings, the C shim and thin views over PHP values.
//! Everything that touches PHP memory or calls into PHP lives below here.
mod abi;
pub mod outbuf;
pub mod sys;
pub mod view;
pub mod zval;

use std::sync::atomic::{AtomicPtr, Ordering};

static SERIALIZABLE_CE: AtomicPtr<sys::zend_class_entry> = AtomicPtr::new(core::ptr::null_mut());

/// `&PG(serialize_precision)` (NTS: `core_globals` is one static for the
/// process, so its field's place never changes).
#[cfg(not(php_zts))]
static SERIALIZE_PRECISION: AtomicPtr<sys::zend_long> = AtomicPtr::new(core::ptr::null_mut());

/// Cache process-wide pointers; called at MINIT.
pub fn init() {
    #[cfg(not(php_zts))]
    // SAFETY: returns the address of a field of PHP's static core globals.
    SERIALIZE_PRECISION.store(
        unsafe { sys::rustjson_serialize_precision_ptr() },
        Ordering::Relaxed,
    );
    // SAFETY: ext/json is initialized before any dl()'d extension's MINIT.
    SERIALIZABLE_CE.store(
        unsafe { sys::rustjson_json_serializable_ce() },
        Ordering::Relaxed,
    );
    // SAFETY: as above (the shim reads JsonSerializable's function table).
    unsafe { sys::rustjson_shim_startup() };
}

/// `php_json_serializable_ce` (JsonSerializable).
#[inline(always)]
pub fn serializable_ce() -> *mut sys::zend_class_entry {
    SERIALIZABLE_CE.load(Ordering::Relaxed)
}

/// `PG(serialize_precision)`, read at each use as stock does (user code
/// may change it between two doubles of one call). NTS: a load from the
/// global's place, cached at MINIT (a shim call per double was 2% of
/// canada's instructions); ZTS: through the shim (per thread).
#[inline(always)]
pub fn serialize_precision() -> i64 {
    #[cfg(not(php_zts))]
    // SAFETY: `init` stored the place of PG(serialize_precision), a field
    // of PHP's process-wide core globals, before any call can encode.
    unsafe {
        *SERIALIZE_PRECISION.load(Ordering::Relaxed)
    }
    #[cfg(php_zts)]
    // SAFETY: reads a core global of the current thread.
    unsafe {
        sys::rustjson_serialize_precision()
    }
}

/// `&JSON_G(error_code)` of the current thread.
#[inline(always)]
pub fn set_json_error(code: i32) {
    // SAFETY: json_globals is live for the whole process (thread on ZTS).
    unsafe { *sys::rustjson_json_error_code_ptr() = code }
}

/// `ZEND_DOUBLE_MAX_LENGTH`: 3 + DBL_MANT_DIG - DBL_MIN_EXP.
pub const DOUBLE_MAX_LENGTH: usize = 3 + 53 + 1021;

/// What `is_numeric_string` finds in a string.
pub enum Numeric {
    Long(i64),
    Double(f64),
    No,
}

/// `is_numeric_string(s, len, &l, &d, 0)`.
#[inline]
pub fn numeric_string(s: &[u8]) -> Numeric {
    let mut l: sys::zend_long = 0;
    let mut d: f64 = 0.0;
    // SAFETY: s is a valid byte slice; the out-pointers are locals.
    let t = unsafe { sys::rustjson_is_numeric_string(s.as_ptr().cast(), s.len(), &mut l, &mut d) };
    match u32::from(t) {
        sys::IS_LONG => Numeric::Long(l),
        sys::IS_DOUBLE => Numeric::Double(d),
        _ => Numeric::No,
    }
}

/// `zend_gcvt(d, precision, '.', 'e', buf)`: the length written.
#[inline]
pub fn gcvt(d: f64, precision: i32, buf: &mut [u8; DOUBLE_MAX_LENGTH + 3]) -> usize {
    // SAFETY: the buffer has at least ZEND_DOUBLE_MAX_LENGTH bytes, as
    // zend_gcvt requires.
    unsafe { sys::rustjson_gcvt(d, precision, buf.as_mut_ptr().cast()) }
}
