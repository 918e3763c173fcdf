//! The output abstraction every core writes through.
//!
//! A sink is a growable byte buffer with explicit spare capacity. Cores
//! reserve what they may write, write through a raw pointer (or the safe
//! helpers) and then commit. The PHP implementation grows its
//! `zend_string` the way `smart_str` does (exact need, rounded to a page),
//! so a core must never reserve much more than it will write: reserve
//! "what the rest of the input can still produce" at most, never a
//! worst-case multiple of a large input.

/// A growable output buffer.
///
/// # Safety
/// Cores write through [`Sink::spare_ptr`] without bounds checks, trusting
/// the numbers the sink reports. An implementation must guarantee:
/// - after `reserve(n)`, `spare() >= n`;
/// - `spare_ptr()` points to `spare()` writable bytes, valid until the next
///   call of a `&mut self` method other than `spare_ptr`/`spare`/`len`;
/// - `commit(n)` (with `n <= spare()`) appends exactly the `n` bytes written
///   there, and `as_bytes()` returns the `len()` bytes written so far;
/// - `truncate(len)` with `len <= self.len()` keeps the first `len` bytes.
///
/// Implementations must never panic and must not own anything with a
/// `Drop` impl that matters when the process longjmps out of `reserve`
/// (PHP's memory-limit bailout).
pub unsafe trait Sink {
    /// Bytes written so far.
    fn len(&self) -> usize;

    /// True when nothing has been written.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Spare capacity: how many bytes can be written before `reserve` is
    /// needed again.
    fn spare(&self) -> usize;

    /// Make sure at least `additional` bytes of spare capacity exist.
    fn reserve(&mut self, additional: usize);

    /// Cut the output back to `len` bytes (`len <= self.len()`).
    fn truncate(&mut self, len: usize);

    /// Pointer to the first spare byte.
    ///
    /// Valid for writes of `self.spare()` bytes until the next call of
    /// `reserve`, `push`, `extend` or `truncate`.
    fn spare_ptr(&mut self) -> *mut u8;

    /// Mark `n` more bytes, written through [`Sink::spare_ptr`], as output.
    ///
    /// # Safety
    /// - `n <= self.spare()`;
    /// - the first `n` spare bytes have been initialized.
    unsafe fn commit(&mut self, n: usize);

    /// The bytes written so far.
    fn as_bytes(&self) -> &[u8];

    /// Append one byte.
    #[inline(always)]
    fn push(&mut self, b: u8) {
        self.reserve(1);
        // SAFETY: reserve(1) guarantees one spare byte; we write it, then commit it.
        unsafe {
            self.spare_ptr().write(b);
            self.commit(1);
        }
    }

    /// Append a slice.
    #[inline(always)]
    fn extend(&mut self, s: &[u8]) {
        self.reserve(s.len());
        // SAFETY: reserve(s.len()) guarantees the room; the regions cannot
        // overlap because `s` is borrowed immutably while the sink is borrowed mutably.
        unsafe {
            core::ptr::copy_nonoverlapping(s.as_ptr(), self.spare_ptr(), s.len());
            self.commit(s.len());
        }
    }
}

// SAFETY: `Vec::reserve` guarantees the capacity, `spare_capacity_mut`
// points at it, `set_len` after initializing is the documented way to append,
// and `Vec::truncate` keeps the prefix.
unsafe impl Sink for Vec<u8> {
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn spare(&self) -> usize {
        self.capacity() - Vec::len(self)
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }
    #[inline]
    fn spare_ptr(&mut self) -> *mut u8 {
        self.spare_capacity_mut().as_mut_ptr().cast()
    }
    #[inline]
    unsafe fn commit(&mut self, n: usize) {
        debug_assert!(n <= Sink::spare(self));
        // SAFETY: the caller initialized `n` spare bytes (trait contract).
        unsafe { self.set_len(Vec::len(self) + n) }
    }
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self
    }
}

/// A fixed buffer of `N` bytes on the stack, for outputs known to be short
/// (one number, a literal): filled, then copied once into a result of the
/// exact size.
pub struct ArrayBuf<const N: usize> {
    buf: [core::mem::MaybeUninit<u8>; N],
    len: usize,
}

impl<const N: usize> ArrayBuf<N> {
    /// An empty buffer.
    #[inline(always)]
    pub const fn new() -> Self {
        ArrayBuf {
            buf: [core::mem::MaybeUninit::uninit(); N],
            len: 0,
        }
    }
}

impl<const N: usize> Default for ArrayBuf<N> {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: the capacity is fixed: `reserve` beyond it cannot be honoured
// and aborts the process (no unwinding, so nothing crosses into a caller
// that cannot take a panic); every other method keeps `len <= N`, and the
// first `len` bytes are the ones committed.
unsafe impl<const N: usize> Sink for ArrayBuf<N> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn spare(&self) -> usize {
        N - self.len
    }
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        if additional > N - self.len {
            // A caller wrote more than it promised to: a bug, not an input.
            std::process::abort();
        }
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
        }
    }
    #[inline(always)]
    fn spare_ptr(&mut self) -> *mut u8 {
        // SAFETY: len <= N: at most one past the end.
        unsafe { self.buf.as_mut_ptr().add(self.len).cast() }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, n: usize) {
        self.len += n;
    }
    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        // SAFETY: the first `len` bytes were written and committed.
        unsafe { core::slice::from_raw_parts(self.buf.as_ptr().cast(), self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_buf_holds_the_longest_numbers() {
        let mut b = ArrayBuf::<32>::new();
        crate::number::write_long(&mut b, i64::MIN);
        assert_eq!(b.as_bytes(), b"-9223372036854775808");
        let mut b = ArrayBuf::<32>::new();
        crate::number::write_double_shortest(&mut b, -2.2250738585072014e-308, true);
        assert_eq!(b.as_bytes(), b"-2.2250738585072014e-308");
        b.truncate(1);
        b.extend(b"1.0");
        assert_eq!(b.as_bytes(), b"-1.0");
        assert_eq!(b.spare(), 28);
    }
}
