//! `OutBuf`: the result string, written in place.
//!
//! A `smart_str` (an emalloc'd `zend_string` plus its capacity) grown with
//! ext/json's own growth function, `smart_str_erealloc`: exact need rounded
//! to a 4 KiB page, so the memory high-water mark and the memory_limit
//! behaviour are those of stock `json_encode()`. The cores write straight
//! into its spare capacity through [`Sink`]; nothing is copied at the end.
//!
//! No `Drop`: an allocation may longjmp out (memory_limit) and user code may
//! run while a buffer is live, so the owner frees it explicitly
//! ([`OutBuf::free`]) or hands it to PHP ([`OutBuf::into_zend_string`]).
use super::sys;
use rustjson_core::Sink;

pub struct OutBuf {
    ss: sys::smart_str,
    /// Bytes written (kept here; synced into the zend_string on growth).
    len: usize,
}

impl OutBuf {
    #[inline]
    pub fn new() -> Self {
        OutBuf { ss: sys::smart_str { s: core::ptr::null_mut(), a: 0 }, len: 0 }
    }

    #[inline]
    fn data(&self) -> *mut u8 {
        // SAFETY: only called with `ss.s` non-null; `val` is the flexible
        // array member holding `a + 1` bytes.
        unsafe { (*self.ss.s).val.as_mut_ptr().cast() }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, additional: usize) {
        // SAFETY: smart_str_erealloc wants ZSTR_LEN(s) to be the used length
        // (it copies that much); a null `s` starts a fresh string.
        unsafe {
            if !self.ss.s.is_null() {
                (*self.ss.s).len = self.len;
            }
            sys::rustjson_smart_str_grow(&mut self.ss, self.len + additional);
        }
    }

    /// Finish: NUL-terminate, trim to size (as smart_str_extract) and return
    /// the string; an empty buffer gives PHP's interned empty string.
    pub fn into_zend_string(mut self) -> *mut sys::zend_string {
        if !self.ss.s.is_null() {
            // SAFETY: s is a live string of capacity a >= len.
            unsafe { (*self.ss.s).len = self.len };
        }
        // SAFETY: ss is a valid smart_str.
        unsafe { sys::rustjson_smart_str_extract(&mut self.ss) }
    }

    /// Discard the buffer.
    pub fn free(mut self) {
        // SAFETY: ss is a valid smart_str (possibly empty).
        unsafe { sys::rustjson_smart_str_free(&mut self.ss) }
    }
}

impl Sink for OutBuf {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }
    #[inline]
    fn spare(&self) -> usize {
        // smart_str keeps one byte for the NUL: usable capacity is `a`.
        self.ss.a - self.len
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        // smart_str_alloc grows when new_len >= a.
        if self.len + additional >= self.ss.a {
            self.grow(additional);
        }
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        debug_assert!(len <= self.len);
        self.len = len;
    }
    #[inline]
    fn spare_ptr(&mut self) -> *mut u8 {
        if self.ss.s.is_null() {
            return core::ptr::NonNull::dangling().as_ptr();
        }
        // SAFETY: len <= a, inside the allocation.
        unsafe { self.data().add(self.len) }
    }
    #[inline]
    unsafe fn commit(&mut self, n: usize) {
        debug_assert!(n <= self.spare());
        self.len += n;
    }
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        if self.ss.s.is_null() {
            return &[];
        }
        // SAFETY: the first len bytes are initialized output.
        unsafe { core::slice::from_raw_parts(self.data(), self.len) }
    }
}
