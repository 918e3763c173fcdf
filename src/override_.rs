//! The handler swap: at MINIT the internal handlers of `json_encode` (and
//! `json_validate` on PHP 8.3+) are replaced by ours; MSHUTDOWN puts the
//! originals back. Calls we do not take (rustjson.enabled=Off, or unusual
//! arguments whose coercion, deprecation or TypeError PHP must produce)
//! are passed to the saved stock handler with the same frame.
use crate::php::sys;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `ZEND_INTERNAL_FUNCTION` (zend_compile.h).
const ZEND_INTERNAL_FUNCTION: u32 = 1;

pub type Handler = unsafe extern "C" fn(*mut sys::zend_execute_data, *mut sys::zval);

pub struct Swap {
    name: &'static str,
    stock: AtomicUsize,
}

impl Swap {
    pub const fn new(name: &'static str) -> Self {
        Swap {
            name,
            stock: AtomicUsize::new(0),
        }
    }

    /// Install `ours` in place of the internal function's handler.
    /// Returns false when the function does not exist or is not internal.
    pub fn install(&self, ours: Handler) -> bool {
        // SAFETY: MINIT runs single-threaded; the function table entry is a
        // live zend_function owned by the engine.
        unsafe {
            let f = sys::rustjson_find_function(self.name.as_ptr().cast(), self.name.len());
            if f.is_null() || u32::from((*f).type_) != ZEND_INTERNAL_FUNCTION {
                return false;
            }
            let Some(stock) = (*f).internal_function.handler else {
                return false;
            };
            self.stock.store(stock as usize, Ordering::Release);
            (*f).internal_function.handler = Some(ours);
        }
        true
    }

    /// Put the stock handler back (MSHUTDOWN).
    pub fn uninstall(&self) {
        let stock = self.stock.swap(0, Ordering::AcqRel);
        if stock == 0 {
            return;
        }
        // SAFETY: as in install; `stock` is the handler we saved there.
        unsafe {
            let f = sys::rustjson_find_function(self.name.as_ptr().cast(), self.name.len());
            if !f.is_null() {
                (*f).internal_function.handler =
                    Some(core::mem::transmute::<usize, Handler>(stock));
            }
        }
    }

    pub fn installed(&self) -> bool {
        self.stock.load(Ordering::Relaxed) != 0
    }

    /// Run the stock handler on this frame.
    ///
    /// # Safety
    /// `ex` and `rv` are the frame and return slot PHP gave our handler.
    #[inline]
    pub unsafe fn call_stock(&self, ex: *mut sys::zend_execute_data, rv: *mut sys::zval) {
        let stock = self.stock.load(Ordering::Relaxed);
        // SAFETY: only reachable from our handler, which is installed only
        // after `stock` was stored.
        unsafe { core::mem::transmute::<usize, Handler>(stock)(ex, rv) }
    }
}

/// Number of arguments passed in the frame (`ZEND_CALL_NUM_ARGS`).
#[inline(always)]
pub unsafe fn num_args(ex: *const sys::zend_execute_data) -> u32 {
    // SAFETY: ex is a live call frame.
    unsafe { (*ex).This.u2.num_args }
}

/// Argument `n` (1-based) of the frame (`ZEND_CALL_ARG`).
#[inline(always)]
pub unsafe fn arg(ex: *mut sys::zend_execute_data, n: u32) -> *mut sys::zval {
    const SLOT: usize =
        core::mem::size_of::<sys::zend_execute_data>().div_ceil(core::mem::size_of::<sys::zval>());
    // SAFETY: arguments follow the frame header, one zval each.
    unsafe { ex.cast::<sys::zval>().add(SLOT + n as usize - 1) }
}

/// An optional integer argument: `Some(default)` when absent, `Some(v)` when
/// an exact IS_LONG, `None` when anything else (the stock handler decides).
#[inline(always)]
pub unsafe fn long_arg(
    ex: *mut sys::zend_execute_data,
    argc: u32,
    n: u32,
    default: i64,
) -> Option<i64> {
    if argc < n {
        return Some(default);
    }
    // SAFETY: n <= argc.
    unsafe {
        let z = arg(ex, n);
        if crate::php::zval::ztype(z) == sys::IS_LONG {
            Some((*z).value.lval)
        } else {
            None
        }
    }
}
