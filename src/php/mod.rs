//! The Zend boundary: bindings, the C shim and thin views over PHP values.
//! Everything that touches PHP memory or calls into PHP lives below here.
pub mod outbuf;
pub mod sys;
pub mod zval;

use std::sync::atomic::{AtomicPtr, Ordering};

static SERIALIZABLE_CE: AtomicPtr<sys::zend_class_entry> = AtomicPtr::new(core::ptr::null_mut());

/// Cache process-wide pointers; called at MINIT.
pub fn init() {
    // SAFETY: ext/json is initialized before any dl()'d extension's MINIT.
    SERIALIZABLE_CE.store(
        unsafe { sys::rustjson_json_serializable_ce() },
        Ordering::Relaxed,
    );
}

/// `php_json_serializable_ce` (JsonSerializable).
#[inline(always)]
pub fn serializable_ce() -> *mut sys::zend_class_entry {
    SERIALIZABLE_CE.load(Ordering::Relaxed)
}

/// `PG(serialize_precision)`, read at each use as stock does.
#[inline(always)]
pub fn serialize_precision() -> i64 {
    // SAFETY: reads a core global of the current thread.
    unsafe { sys::rustjson_serialize_precision() }
}

/// `&JSON_G(error_code)` of the current thread.
#[inline(always)]
pub fn set_json_error(code: i32) {
    // SAFETY: json_globals is live for the whole process (thread on ZTS).
    unsafe { *sys::rustjson_json_error_code_ptr() = code }
}
