//! The `rustjson.enabled` directive (PHP_INI_ALL, default On), and
//! `rustjson.decode` (PHP_INI_ALL, default On): json_decode() served by
//! rustjson (only while `rustjson.enabled` is On too); `0` hands it back to
//! stock ext/json.
//!
//! Its value is cached by the on-modify handler, which PHP runs at startup,
//! on ini_set()/ini_restore(), at request end and for each new thread on
//! ZTS: a thread-local bool on ZTS, a plain global on NTS.
use crate::php::sys;
#[cfg(php_zts)]
use std::cell::Cell;
use std::ffi::c_void;
#[cfg(not(php_zts))]
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(php_zts)]
thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    static DECODE: Cell<bool> = const { Cell::new(true) };
}

/// Is json_decode() served by rustjson on this thread (`rustjson.decode`)?
#[cfg(php_zts)]
#[inline(always)]
pub fn decode() -> bool {
    DECODE.with(Cell::get)
}

#[cfg(php_zts)]
fn set_decode(on: bool) {
    DECODE.with(|e| e.set(on));
}

/// Is rustjson serving calls on this thread?
#[cfg(php_zts)]
#[inline(always)]
pub fn enabled() -> bool {
    ENABLED.with(Cell::get)
}

#[cfg(php_zts)]
fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

// NTS PHP runs requests on one thread at a time: a plain global, no TLS
// lookup on the hot path.
#[cfg(not(php_zts))]
static ENABLED: AtomicBool = AtomicBool::new(true);

/// Is rustjson serving calls?
#[cfg(not(php_zts))]
#[inline(always)]
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

#[cfg(not(php_zts))]
fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

#[cfg(not(php_zts))]
static DECODE: AtomicBool = AtomicBool::new(true);

/// Is json_decode() served by rustjson (`rustjson.decode`)?
#[cfg(not(php_zts))]
#[inline(always)]
pub fn decode() -> bool {
    DECODE.load(Ordering::Relaxed)
}

#[cfg(not(php_zts))]
fn set_decode(on: bool) {
    DECODE.store(on, Ordering::Relaxed);
}

/// The on-modify handler of directive `D` (0 `rustjson.enabled`,
/// 1 `rustjson.decode`).
unsafe extern "C" fn on_modify<const D: u8>(
    _entry: *mut sys::zend_ini_entry,
    new_value: *mut sys::zend_string,
    _a1: *mut c_void,
    _a2: *mut c_void,
    _a3: *mut c_void,
    _stage: i32,
) -> i32 {
    // SAFETY: PHP passes a live value string.
    let on = unsafe { sys::rustjson_ini_parse_bool(new_value) };
    match D {
        0 => set_enabled(on),
        _ => set_decode(on),
    }
    0
}

type OnModify = unsafe extern "C" fn(
    *mut sys::zend_ini_entry,
    *mut sys::zend_string,
    *mut c_void,
    *mut c_void,
    *mut c_void,
    i32,
) -> i32;

/// A PHP_INI_ALL entry; `name` and `value` NUL-terminated.
fn entry(
    name: &'static [u8],
    value: &'static [u8],
    on_modify: OnModify,
) -> sys::zend_ini_entry_def {
    sys::zend_ini_entry_def {
        name: name.as_ptr().cast(),
        on_modify: Some(on_modify),
        mh_arg1: core::ptr::null_mut(),
        mh_arg2: core::ptr::null_mut(),
        mh_arg3: core::ptr::null_mut(),
        value: value.as_ptr().cast(),
        displayer: None,
        value_length: (value.len() - 1) as u32,
        name_length: (name.len() - 1) as u16,
        modifiable: sys::PHP_INI_ALL as u8,
    }
}

pub fn register(module_number: i32) {
    let defs = Box::leak(Box::new([
        entry(b"rustjson.enabled\0", b"1\0", on_modify::<0>),
        entry(b"rustjson.decode\0", b"1\0", on_modify::<1>),
        sys::zend_ini_entry_def::default(),
    ]));
    // SAFETY: the definitions are 'static and zero-terminated.
    unsafe { sys::rustjson_register_ini(defs.as_ptr(), module_number) };
}

pub fn unregister(module_number: i32) {
    // SAFETY: MSHUTDOWN of the module that registered them.
    unsafe { sys::rustjson_unregister_ini(module_number) };
}
