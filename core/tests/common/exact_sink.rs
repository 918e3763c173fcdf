//! A `Sink` over a Vec that grows to exactly the room asked for, never
//! more, so that a write past a reservation lands outside the allocation
//! (and AddressSanitizer or the allocator sees it). Shared by core tests
//! and the fuzz crate (included with #[path]).

/// A Vec that grows to exactly the requested room.
#[derive(Default)]
pub struct ExactSink(pub Vec<u8>);

// SAFETY: every method forwards to Vec's own, with `reserve_exact` instead
// of `reserve` (it gives at least the requested room, as the trait needs).
unsafe impl rustjson_core::Sink for ExactSink {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn spare(&self) -> usize {
        self.0.capacity() - self.0.len()
    }
    fn reserve(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    fn spare_ptr(&mut self) -> *mut u8 {
        self.0.spare_capacity_mut().as_mut_ptr().cast()
    }
    unsafe fn commit(&mut self, n: usize) {
        assert!(n <= self.spare());
        // SAFETY: the caller initialized `n` spare bytes (trait contract).
        unsafe { self.0.set_len(self.0.len() + n) }
    }
    fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}
