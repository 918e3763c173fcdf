//! Integers and doubles laid out exactly like PHP's `json_encode()`.
//!
//! - [`write_long`]: `smart_str_append_long()` (plain decimal, `-` sign).
//! - [`write_double_shortest`]: `php_json_encode_double()` with the default
//!   `serialize_precision = -1`, i.e. `zend_gcvt(value, 17, '.', 'e', buf)`
//!   on top of `zend_dtoa()` mode 0 (shortest round-trip digits), plus the
//!   `JSON_PRESERVE_ZERO_FRACTION` rule.
//! - [`gcvt_layout`]: the layout half of `zend_gcvt()` on given digits, so
//!   other precisions (dtoa mode 2) can reuse it.
//!
//! The shortest digits come from [`shortest_decimal`] (`schubfach.rs`), our
//! implementation of Giulietti's Schubfach: a one-multiplication fast path
//! (scale by a 128-bit power of ten, decide the shorter or longer candidate
//! from the fraction) that hands every close call to the exact algorithm
//! as Giulietti wrote it. It implements the same specification as Gay's
//! mode 0 (shortest digit string that round-trips, then the one closest to
//! the exact value, ties to even, interval bounds accepted only for even
//! mantissas); `core/tests/number_zmij.rs` compares it digit for digit with
//! the `zmij` crate, and `tools/number_sweep.sh` compares the finished
//! text with PHP itself.
//!
//! The layout (`double.rs`) gets the digits as a 17-digit field with the
//! point's position (`schubfach::Decimal`), converts 16 of them at once
//! (`digits.rs`: SSE2 on x86_64, SWAR elsewhere) and writes each
//! `zend_gcvt()` form with a few fixed-size copies, without loops or
//! branches on the digits. Integral values below 2^53 take an integer path
//! (one 8-byte SWAR store below 10^8).
//!
//! Output goes straight into the sink's spare capacity when it has enough
//! (the fixed-size copies may run past the text; only the text is
//! committed); otherwise exactly the text's length is reserved, as stock's
//! `smart_str_appendl` does, so the output buffer grows where stock's
//! does. Nothing allocates besides the sink itself, and nothing panics.

mod digits;
mod double;
mod layout;
mod long;
mod pow10_table;
mod schubfach;

pub use double::write_double_shortest;
pub use layout::gcvt_layout;
pub use long::{
    decimal_len, write_int_key, write_long, write_long_at, write_long_pair_at, LONG_MAX_LEN,
};
#[cfg(target_arch = "x86_64")]
pub use long::{write_long_octs, write_long_quads};

/// The shortest round-trip decimal of a finite, non-zero `value` as
/// `(f, e)` with `|value| ≈ f × 10^e` (the sign is ignored): the digits
/// `zend_dtoa()` mode 0 returns, except that `f` may end in zeros. `f` is
/// below 10^17. For zero, INF and NAN the result is unspecified (but no
/// panic). Exposed for the tests that compare it with other
/// implementations.
pub fn shortest_decimal(value: f64) -> (u64, i32) {
    let bits = value.to_bits() & !(1 << 63);
    if bits == 0 || bits >= 0x7ff0_0000_0000_0000 {
        return (0, 0);
    }
    schubfach::to_decimal(bits).to_f_e()
}

use crate::Sink;

/// Append the first `n` bytes of `buf` to `out` (`n` is clamped to `N`).
///
/// Reserves `N` bytes and copies the whole array, so the copy has a
/// constant size (a couple of vector moves instead of a `memcpy` call);
/// the bytes after `n` land in spare capacity and are not committed.
#[inline(always)]
fn put_fixed<S: Sink + ?Sized, const N: usize>(out: &mut S, buf: &[u8; N], n: usize) {
    let n = if n < N { n } else { N };
    out.reserve(N);
    // SAFETY: `reserve(N)` guarantees `spare() >= N`, and `spare_ptr()` is
    // valid for writes of `spare()` bytes until the sink is touched again;
    // `buf` is `N` initialized bytes in a different allocation (it is
    // borrowed immutably while `out` is borrowed mutably), so the copy is in
    // bounds and non-overlapping. Afterwards the first `n <= N <= spare()`
    // spare bytes are initialized, which is what `commit(n)` requires.
    unsafe {
        core::ptr::copy_nonoverlapping(buf.as_ptr(), out.spare_ptr(), N);
        out.commit(n);
    }
}
