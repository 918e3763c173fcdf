//! The escaping loop every implementation shares.
//!
//! An implementation only supplies a [`Scanner`]: block loads/stores with a
//! "needs work" mask, a tail step for the last `< W` bytes, and optionally
//! an expansion of escape-dense blocks and a copy of blocks of raw UTF-8
//! text. The loop repeats these steps until
//! the input is used up:
//!
//! 1. **blocks**: while `W` bytes remain, load a block and store it blindly
//!    at the output position. A clean block just advances. A dirty one goes
//!    to [`walk`]:
//!    - under `JSON_UNESCAPED_UNICODE`, a block whose first byte needing
//!      work is non-ASCII goes to [`Scanner::utf8_blocks`] (AVX2), which
//!      validates it and the blocks after it as one stream and copies them
//!      for as long as they hold nothing but valid text; an ASCII escape or
//!      a line terminator it stops at is written and the blocks go on after
//!      it, anything else (invalid UTF-8) is walked;
//!    - a block whose bytes needing work all take two-byte escapes (`\"`,
//!      `\\`, `\/`, `\n`, ...) is expanded in one go, and so are the blocks
//!      after it while they are like that ([`Scanner::expand`], AVX2:
//!      a shuffle per 8 bytes puts a backslash before each escaped byte);
//!    - otherwise the items are handled straight from the mask: ASCII
//!      escapes (one 8-byte store from [`ESCW`]) and, in a block with few
//!      bytes needing work, valid UTF-8 sequences (an accented letter in
//!      Latin text); after each item the rest of the block is re-stored
//!      from the input, so clean runs between items never go through a
//!      byte loop (URLs, `\r\n`, French text);
//!    - non-ASCII text in a dense block, invalid UTF-8 and line terminators
//!      to escape go to the general path;
//! 2. **tail**: the scanner copies the clean bytes of the last `< W` ones
//!    (overlapping loads, never past the end) up to the next dirty byte;
//!    ASCII escapes there are written on the spot and the tail goes on;
//! 3. **general path**: [`escape_run`] handles items one by one while they
//!    need work, or are one of a few clean bytes between such items, so text
//!    in non-Latin scripts does not bounce through the scanner for every
//!    word. Sequences are recognized from one 4- or 8-byte load, and runs of
//!    2-byte (Cyrillic, Greek) and 3-byte (CJK) sequences are taken up to
//!    four at a time, 4-byte ones (emoji) two, each unit written as
//!    `\uXXXX` with one 8-byte store from two 256-entry tables; under
//!    `JSON_UNESCAPED_UNICODE`, [`raw_run`] validates such text from the
//!    bytes alone and copies it in one go (with `utf8_blocks`, for about
//!    a block, then it hands back to the block loop).
//!    Anything else (invalid sequences, one cut short by the end of the
//!    string) goes through [`decode`], which groups invalid bytes the way
//!    PHP does.
//!
//! ## Output space
//!
//! At entry we reserve `len + 2` (exactly what `smart_str_alloc` asks for in
//! stock PHP) and write through a raw pointer ([`Out`]). The loop keeps the
//! invariant
//!
//! > room (spare bytes from the write position) >= unread input bytes + 1
//!
//! which always leaves space for the clean bytes still to come and the
//! closing quote. A step that writes more than it reads checks its need
//! first (at most unread + 16: 8-byte stores of 6-byte `\uXXXX` included)
//! and, if short, reserves `unread + 16`: never a worst-case multiple of
//! the input. Steps that need more than one growth could give (four units
//! at once, an expanded block) check for it and otherwise leave the work
//! to a smaller step; with a sink that grows page by page, like PHP's, they
//! nearly always run. The invariant is also what makes the scanners' blind
//! stores safe: a `W`-byte block is only loaded when `W` input bytes
//! remain, so `W` bytes of room exist at the write position.

use super::mode::Flags;
use super::scan::{copy_lt8, copy_run, Scanner};
use super::tables::{class_table, esc_index, u_escape_word, CLEAN, ESCW, SIX, TWO};
use super::utf8::decode;
use super::InvalidUtf8;
use crate::Sink;
use core::ptr;

/// Raw writer over a sink's spare capacity.
///
/// Invariants: `[base, lim)` is the sink's spare region as of the last
/// refresh (nothing else has touched the sink since), or, once the output
/// goes to the spill ([`Out::spill`]), the spill's (see [`grow`]);
/// `base <= pos <= lim`, and
/// `[base, pos)` has been written but not yet committed.
struct Out<'a, S: Sink> {
    sink: &'a mut S,
    base: *mut u8,
    pos: *mut u8,
    lim: *mut u8,
    /// The string being escaped (`input_len` bytes), whose unread part
    /// [`grow`] checks.
    input: *const u8,
    input_len: usize,
    /// Null before the first growth; [`checked`] after it when the unread
    /// part was valid UTF-8; else this thread's spill, where the output
    /// goes from the first growth on (see [`grow`]).
    spill: *mut Vec<u8>,
}

/// [`Out::spill`] after a first growth that found valid UTF-8 (a dangling,
/// never dereferenced address below every real one).
#[inline(always)]
fn checked() -> *mut Vec<u8> {
    ptr::NonNull::dangling().as_ptr()
}

/// Whether [`Out::spill`] is the spill (neither null nor [`checked`]).
#[inline(always)]
fn is_spill(p: *mut Vec<u8>) -> bool {
    p as usize > checked() as usize
}

impl<'a, S: Sink> Out<'a, S> {
    #[inline(always)]
    fn new(sink: &'a mut S, input: &[u8]) -> Self {
        let spare = sink.spare();
        let base = sink.spare_ptr();
        Out {
            sink,
            base,
            pos: base,
            // `wrapping_add` keeps this safe; the result is the end of the
            // spare region, which lies inside (or one past) the allocation.
            lim: base.wrapping_add(spare),
            input: input.as_ptr(),
            input_len: input.len(),
            spill: ptr::null_mut(),
        }
    }

    /// Spare bytes from the write position.
    #[inline(always)]
    fn room(&self) -> usize {
        self.lim as usize - self.pos as usize
    }

    /// Makes sure `need` bytes of room exist; if not, reserves `want`
    /// (`want >= need`) more bytes in the sink. `unread`: the input bytes
    /// not read yet (the string's last ones), which [`grow`] checks.
    #[inline(always)]
    fn ensure(&mut self, need: usize, want: usize, unread: usize) {
        if self.room() < need {
            let written = self.pos as usize - self.base as usize;
            // `grow` gets plain values, not `&mut self`, so that the pointers
            // can live in registers in the hot loops.
            // SAFETY: type invariant: `[base, pos)` lies in the spare region
            // and has been initialized.
            let (base, lim, spill) = unsafe {
                grow(
                    &mut *self.sink,
                    written,
                    want,
                    unread,
                    (self.input, self.input_len),
                    self.spill,
                )
            };
            self.spill = spill;
            self.base = base;
            self.pos = base;
            self.lim = lim;
        }
    }

    /// Writes the 8 bytes of `word` (little-endian) and keeps the first `n`.
    ///
    /// # Safety
    /// `self.room() >= 8` and `n <= 8`.
    #[inline(always)]
    unsafe fn put_word(&mut self, word: u64, n: usize) {
        // SAFETY: 8 bytes of room by the caller's guarantee.
        unsafe {
            ptr::write_unaligned(self.pos.cast::<u64>(), word.to_le());
            self.pos = self.pos.add(n);
        }
    }

    /// Appends `bytes`.
    ///
    /// # Safety
    /// `self.room() >= N`.
    #[inline(always)]
    unsafe fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        // SAFETY: the caller guarantees N bytes of room; a local array cannot
        // overlap the sink's buffer.
        unsafe {
            ptr::copy_nonoverlapping(bytes.as_ptr(), self.pos, N);
            self.pos = self.pos.add(N);
        }
    }

    /// Writes an item: the first `kept` (at most 8) bytes of `word`, with
    /// `after` unread input bytes after it; the loop invariant holds for
    /// them afterwards. One blind 8-byte store where the room allows it.
    /// Near the end of the room the sink grows, if it must, by no more than
    /// the string certainly writes from here when it succeeds (the item, a
    /// byte at least for each unread byte, the closing quote), never by a
    /// blind store's slack: PHP's encoder grows its buffer only by what it
    /// appends, so a larger request could make the buffer, and the call's
    /// peak, a page larger than stock's where the output ends soon after.
    /// Then the item is stored blindly if 8 bytes of room exist, else
    /// exactly. (No call takes `self`: its pointers stay in registers in
    /// the callers' loops, as with [`Out::ensure`].)
    ///
    /// # Safety
    /// `kept <= 8`.
    #[inline(always)]
    unsafe fn put_item(&mut self, word: u64, kept: usize, after: usize) {
        // SAFETY: forwarded.
        unsafe { self.put_item_as(word, kept, after, after) }
    }

    /// [`Out::put_item`] where the `after` bytes the string writes at least
    /// after the item are more than its `unread` input bytes (the first
    /// unit of a surrogate pair: the second one follows).
    ///
    /// # Safety
    /// `kept <= 8`.
    #[inline(always)]
    unsafe fn put_item_as(&mut self, word: u64, kept: usize, after: usize, unread: usize) {
        if self.room() < after + 9 {
            let exact = kept + after + 1;
            self.ensure(exact, exact, unread);
            if self.room() < 8 {
                // SAFETY: room >= kept after `ensure`; a local array cannot
                // overlap the sink's buffer.
                unsafe {
                    put_exact(self.pos, word, kept);
                    self.pos = self.pos.add(kept);
                }
                return;
            }
        }
        // SAFETY: room >= 8, and room - kept >= after + 1.
        unsafe { self.put_word(word, kept) };
    }

    /// Marks `n` bytes written through `self.pos` as written.
    ///
    /// # Safety
    /// `n <= self.room()` and those bytes have been initialized.
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: in bounds of the spare region by the caller's guarantee.
        self.pos = unsafe { self.pos.add(n) };
    }

    /// Commits everything written.
    #[inline(always)]
    fn finish(self) {
        let written = self.pos as usize - self.base as usize;
        if !is_spill(self.spill) {
            // SAFETY: type invariant, as in `grow`.
            unsafe { self.sink.commit(written) };
        } else {
            // SAFETY: the spill's first `written` spare bytes are written.
            unsafe { unspill(self.sink, self.spill, written) };
        }
    }

    /// Drops everything this string wrote, its opening quote included.
    #[cold]
    fn abort(self, entry: usize) {
        if is_spill(self.spill) {
            // SAFETY: this thread's spill, used by this call only.
            empty_spill(unsafe { &mut *self.spill });
        }
        // Uncommitted bytes vanish by themselves; committed ones are cut.
        self.sink.truncate(entry);
    }
}

std::thread_local! {
    /// Each thread's spill (see [`grow`]), kept between calls and used in
    /// place (never moved out; no guard to leave behind if PHP bails out).
    static SPILL: core::cell::UnsafeCell<Vec<u8>> = const { core::cell::UnsafeCell::new(Vec::new()) };
}

/// Commits `written` bytes, reserves `want` more, and returns the new spare
/// region as `(start, end)`, with the new [`Out::spill`].
///
/// The room the kernel keeps (a byte for each unread input byte, and its
/// blind stores' slack) is room PHP's encoder never takes where a string
/// fails on invalid UTF-8 or drops bytes (`JSON_INVALID_UTF8_IGNORE`): it
/// grows its buffer only by what it appends. So at a string's first
/// growth the string's unread part is checked: valid UTF-8 (the string
/// succeeds, and writes at least a byte for each of those bytes; the bytes
/// before were read, and are written) grows the sink; otherwise the output
/// from here goes to this thread's spill, outside PHP's allocator, which
/// [`Out::finish`] appends to the sink (growing it as PHP's encoder would,
/// by what is appended) and [`Out::abort`] drops. The sink then never holds
/// more room than PHP's encoder would have taken for the string. Only where
/// the unread part is at most [`SPILL_MAX_UNREAD`] bytes: the spill is
/// memory PHP's memory_limit does not see, so it stays small (at most six
/// output bytes per unread byte); a longer unread part (or no spill to be
/// had) grows the sink as for valid UTF-8, by at most the bytes such a
/// string leaves unwritten.
///
/// # Safety
/// The first `written` bytes of the current region (the sink's spare
/// region, or the spill's) are initialized; the last `unread` bytes of
/// `input` (the string: pointer and length) are not read yet (they start a
/// character; a larger count is taken as the whole string);
/// `spill` is [`Out::spill`].
#[cold]
#[inline(never)]
unsafe fn grow<S: Sink>(
    sink: &mut S,
    written: usize,
    want: usize,
    unread: usize,
    input: (*const u8, usize),
    mut spill: *mut Vec<u8>,
) -> (*mut u8, *mut u8, *mut Vec<u8>) {
    if is_spill(spill) {
        // SAFETY: this thread's spill, used by this call only.
        let v = unsafe { &mut *spill };
        // SAFETY: `written` bytes of its spare room are initialized.
        unsafe { v.set_len(v.len() + written) };
        if v.try_reserve(want).is_ok() {
            let (base, lim) = spare_of(v);
            return (base, lim, spill);
        }
        // No more spill: what it holds goes to the sink, and the sink grows.
        // SAFETY: as above (nothing more is written in the spill).
        unsafe { unspill(sink, spill, 0) };
        spill = checked();
    } else {
        // SAFETY: forwarded.
        unsafe { sink.commit(written) };
        if spill.is_null() {
            spill = checked();
            // SAFETY: the last `unread` bytes of the string being escaped.
            let s = unsafe {
                let n = unread.min(input.1);
                core::slice::from_raw_parts(input.0.add(input.1 - n), n)
            };
            if unread <= SPILL_MAX_UNREAD
                // (Short ASCII first: most first growths come at a short
                // string's end, where the page the output fills runs out.)
                && !(s.len() <= 64 && s.is_ascii())
                && simdutf8::basic::from_utf8(s).is_err()
            {
                if let Ok(p) = SPILL.try_with(|c| c.get()) {
                    // SAFETY: this thread's spill; no other call uses it
                    // while this one runs (nothing re-enters the escaper).
                    let v = unsafe { &mut *p };
                    v.clear();
                    if v.try_reserve(want).is_ok() {
                        let (base, lim) = spare_of(v);
                        return (base, lim, p);
                    }
                }
            }
        }
    }
    sink.reserve(want);
    let spare = sink.spare();
    let base = sink.spare_ptr();
    (base, base.wrapping_add(spare), spill)
}

/// The spare region of `v` as `(start, end)`.
fn spare_of(v: &mut Vec<u8>) -> (*mut u8, *mut u8) {
    let room = v.capacity() - v.len();
    let base = v.spare_capacity_mut().as_mut_ptr().cast::<u8>();
    (base, base.wrapping_add(room))
}

/// Appends the spill's bytes (its length, and `written` more bytes of its
/// spare room) to the sink, growing the sink by exactly that, and empties
/// the spill.
///
/// # Safety
/// `spill` is this thread's spill; its first `written` spare bytes are
/// initialized.
#[cold]
#[inline(never)]
unsafe fn unspill<S: Sink>(sink: &mut S, spill: *mut Vec<u8>, written: usize) {
    // SAFETY: per the contract; the spill lives in thread-local storage,
    // so a bailout out of `reserve` (PHP's memory limit) leaves nothing
    // behind but its stale length, which the next use clears.
    unsafe {
        let v = &mut *spill;
        v.set_len(v.len() + written);
        let n = v.len();
        sink.reserve(n);
        ptr::copy_nonoverlapping(v.as_ptr(), sink.spare_ptr(), n);
        sink.commit(n);
        empty_spill(v);
    }
}

/// Empties the spill; a large one is freed (a thread keeps at most
/// [`SPILL_KEEP`] bytes of it between calls).
fn empty_spill(v: &mut Vec<u8>) {
    if v.capacity() > SPILL_KEEP {
        *v = Vec::new();
    } else {
        v.clear();
    }
}

/// The most spill capacity a thread keeps between calls.
const SPILL_KEEP: usize = 1 << 16;

/// The longest unread part whose output [`grow`] sends to the spill.
const SPILL_MAX_UNREAD: usize = 1 << 16;

/// Escapes `s` into `out` with scanner `V` (the whole public contract of
/// `escape_string`, for a non-empty or empty `s`).
///
/// # Safety
/// The CPU must support `V`'s instructions.
#[inline(always)]
pub(super) unsafe fn escape<S: Sink, V: Scanner>(
    out: &mut S,
    s: &[u8],
    flags: Flags,
) -> Result<(), InvalidUtf8> {
    let len = s.len();
    if len == 0 {
        out.extend(b"\"\"");
        return Ok(());
    }
    let entry = out.len();
    // A slice is at most isize::MAX bytes, so this cannot overflow.
    out.reserve(len + 2);
    // SAFETY: the caller guarantees CPU support.
    let ctx = unsafe { V::ctx(flags) };
    let table = class_table(flags);
    let mut w = Out::new(out, s);
    // SAFETY: room >= len + 2 >= 1.
    unsafe { w.put([b'"']) };
    let p = s.as_ptr();
    let mut i = 0;
    // Invariant at the top of every loop: i <= len, room >= len - i + 1.
    loop {
        // 1. Whole blocks: clean ones are stored blindly; in a dirty one the
        //    escapes are handled straight from its mask (`walk`).
        while len - i >= V::W {
            // SAFETY: i + W <= len for the load; room >= len - i + 1 > W for
            // the store; the sink cannot overlap the borrowed input.
            let m = unsafe { V::block(&ctx, p.add(i), w.pos) };
            if m == 0 {
                // SAFETY: `block` initialized W bytes of room.
                unsafe { w.advance(V::W) };
                i += V::W;
            } else {
                dirty_hint();
                // SAFETY: block invariants as above; `m` is this block's mask.
                let (next, done) = unsafe { walk::<S, V>(&ctx, s, i, m, &mut w, table, flags) };
                i = next;
                if !done {
                    break;
                }
            }
        }
        if len - i < V::W {
            // 2. Fewer than W bytes left: the scanner's tail step.
            // SAFETY: len - i < W; room >= len - i + 1; no overlap.
            let j = unsafe { V::tail(&ctx, s, i, w.pos) };
            debug_assert!(i <= j && j <= len);
            // SAFETY: `tail` initialized `j - i <= len - i` bytes of room.
            unsafe { w.advance(j - i) };
            i = j;
            // 3. ASCII escapes among them are written here, and the tail
            //    step goes on after them.
            let mut ascii = false;
            while let Some(&b) = s.get(i) {
                let class = table[b as usize];
                if b >= 0x80 || class == CLEAN {
                    break;
                }
                let rem = len - i;
                // SAFETY: class <= 6 bytes.
                unsafe { w.put_item(ESCW[esc_index(b, class)], class as usize, rem - 1) };
                i += 1;
                ascii = true;
            }
            if i >= len {
                break;
            }
            if ascii {
                continue;
            }
        }
        // 4. Non-ASCII text: the general path (dense text, invalid UTF-8,
        //    sequences too close to the end for a block re-store), and
        //    what follows while it needs work too.
        // SAFETY: i < len and the room invariant holds.
        // `w` goes by value so that it stays in registers here.
        let (back, r) = unsafe { escape_run::<S, V>(s, i, w, table, flags) };
        w = back;
        match r {
            Ok(next) => i = next,
            Err(e) => {
                w.abort(entry);
                return Err(e);
            }
        }
    }
    // SAFETY: the invariant leaves room >= 1 for the closing quote.
    unsafe { w.put([b'"']) };
    w.finish();
    Ok(())
}

/// Marks dirty blocks as the less likely case, which keeps the registers
/// of the clean-block loop free of the dirty-block code's values.
#[cold]
#[inline(always)]
fn dirty_hint() {}

/// Handles the block at `s[start..start + W]`, which was just stored
/// blindly at `w.pos` and has the (non-zero) mask `m`.
///
/// A block of two-byte escapes only is expanded in one go when the scanner
/// can ([`Scanner::expand`]). Otherwise the items are handled one by one
/// from the mask: ASCII escapes, and, in a block with few bytes needing
/// work, valid UTF-8 sequences (escaped, or under `JSON_UNESCAPED_UNICODE`
/// kept as they are); after each, the rest of the block is re-stored from
/// the input (one load and one store of `W` bytes), so clean bytes between
/// items never go through a byte loop.
///
/// Returns `(i, true)` when everything before `i` is done and the block
/// loop can go on at `i` (`i >= start + W`, or the rest of the block is
/// clean), or `(i, false)` to let the general path continue at `i`: at
/// non-ASCII text in a dense block, an invalid sequence, a line terminator
/// to escape, or when fewer than `W` bytes remain (no room to re-store a
/// block).
///
/// # Safety
/// `start + W <= s.len()`, `w.room() >= s.len() - start + 1`, the bytes of
/// the block are stored at `w.pos`, and the CPU supports `V`. On return the
/// loop invariant holds for the returned index.
#[inline(always)]
unsafe fn walk<S: Sink, V: Scanner>(
    ctx: &V::Ctx,
    s: &[u8],
    mut start: usize,
    mut m: u64,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    flags: Flags,
) -> (usize, bool) {
    let len = s.len();
    let p = s.as_ptr();
    if m & m.wrapping_sub(1) == 0 {
        // One byte needs work (a newline, a quote): straight-line code.
        let e = start + (m.trailing_zeros() >> V::SHIFT) as usize;
        // SAFETY: e < start + W <= len.
        let b = unsafe { *p.add(e) };
        if b < 0x80 {
            // SAFETY: [start, e) is clean and stored; e - start < room.
            unsafe { w.advance(e - start) };
            let rem = len - e;
            let class = table[b as usize];
            debug_assert!(class == TWO || class == SIX);
            // SAFETY: class <= 6 bytes.
            unsafe { w.put_item(ESCW[esc_index(b, class)], class as usize, rem - 1) };
            let i = e + 1;
            if len - i < V::W {
                return (i, false);
            }
            // SAFETY: i + W <= len; room >= len - i + 1 > W; CPU support
            // by our caller.
            unsafe { V::copy(p.add(i), w.pos) };
            let end = start + V::W;
            // SAFETY: the re-store covered [i, i + W) ⊇ [i, end).
            unsafe { w.advance(end - i) };
            return (end, true);
        }
    }
    // Raw UTF-8 text (the first byte needing work is not an ASCII
    // escape): whole blocks of it at once. An ASCII escape or a line
    // terminator it stops at is written here, and the blocks go on after
    // it while they begin like this; otherwise this walk goes on with the
    // block where it stopped.
    if V::UTF8 && flags.unescaped_unicode() {
        // SAFETY: the read lies below `len` (`start + W <= len` holds at
        // the top of the loop, as for the reads past `start` below).
        while unsafe { *p.add(start + (m.trailing_zeros() >> V::SHIFT) as usize) } >= 0x80 {
            // SAFETY: `start` is where PHP's decoder would be (every step
            // stops at such a place), len - start >= W bytes are readable
            // there and room >= len - start + 1 writable at `w.pos`; CPU
            // support by our caller.
            let n = unsafe { V::utf8_blocks(ctx, p.add(start), len - start, w.pos) };
            // SAFETY: `utf8_blocks` initialized n <= len - start bytes of
            // room.
            unsafe { w.advance(n) };
            start += n;
            let rem = len - start;
            if rem < V::W {
                return (start, false);
            }
            // SAFETY: start < len (rem >= W).
            let b = unsafe { *p.add(start) };
            let class = table[b as usize];
            if b < 0x80 && class != CLEAN {
                // SAFETY: class <= 6 bytes.
                unsafe { w.put_item(ESCW[esc_index(b, class)], class as usize, rem - 1) };
                start += 1;
            } else if b == 0xe2
                && !flags.keep_line_terminators()
                // SAFETY: start + 1 < len (rem >= W > 2).
                && unsafe { *p.add(start + 1) } == 0x80
                // SAFETY: start + 2 < len, as above.
                && unsafe { *p.add(start + 2) } | 1 == 0xa9
            {
                // SAFETY: the third byte is A8 or A9 (start + 2 < len).
                unsafe {
                    let unit = 0x2000 | u32::from(*p.add(start + 2) & 0x3f);
                    w.put_item(u_escape_word(unit), 6, rem - 3);
                }
                start += 3;
            } else if n == 0 {
                // Nothing done: `m` is still this block's.
                break;
            }
            if len - start < V::W {
                return (start, false);
            }
            // SAFETY: as for the block loop's `block`: start + W <= len,
            // room >= len - start + 1 > W.
            m = unsafe { V::block(ctx, p.add(start), w.pos) };
            if m == 0 {
                // SAFETY: `block` initialized W bytes of room.
                unsafe { w.advance(V::W) };
                return (start + V::W, true);
            }
        }
    }
    // Blocks with two escapes or more whose first byte needing work is
    // ASCII are tried (the others hold UTF-8, which `expand` rejects).
    if V::EXPAND
        && m & m.wrapping_sub(1) != 0
        // SAFETY: the first flagged byte lies in the block.
        && unsafe { *p.add(start + (m.trailing_zeros() >> V::SHIFT) as usize) } < 0x80
    {
        let pop = m.count_ones();
        let rem = len - start;
        // What `expand` asks for its first block. With less room, the sink
        // grows to it only where the string certainly writes that much
        // (`writes_at_least`; see `Out::put_item`); otherwise the items are
        // written one by one below.
        let need = rem + pop as usize + 8;
        if w.room() >= need || writes_at_least(s, start, need, table, flags) {
            // With less room, the sink grows by `need` (certain).
            w.ensure(need, need, rem);
            // SAFETY: `rem` bytes readable at `start`, `room` writable at
            // `w.pos`, room >= need >= rem + 8 (had or grown just above);
            // CPU support by our caller.
            let (read, written) = unsafe { V::expand(ctx, p.add(start), rem, w.pos, w.room()) };
            if read != 0 {
                // SAFETY: `expand` initialized `written` bytes and left
                // room >= unread + 8.
                unsafe { w.advance(written) };
                return (start + read, true);
            }
        }
        // The blind store may have been overwritten (by `expand`) or left
        // behind (by a growth): store the block again.
        // SAFETY: room >= rem + 1 > W, grown or not; `start + W <= len`.
        unsafe { V::copy(p.add(start), w.pos) };
    }
    let uu = flags.unescaped_unicode();
    let mut i = start;
    loop {
        let e = start + (m.trailing_zeros() >> V::SHIFT) as usize;
        debug_assert!(e < start + V::W);
        // The bytes of [i, e) are clean and already stored at `w.pos`.
        // SAFETY: e - i <= len - i < room.
        unsafe { w.advance(e - i) };
        // Unread input bytes, this one included.
        let rem = len - e;
        // SAFETY: e < start + W <= len.
        let b = unsafe { *p.add(e) };
        if b < 0x80 {
            let class = table[b as usize];
            // The scanners flag exactly the ASCII bytes the table escapes.
            debug_assert!(class == TWO || class == SIX);
            // One 8-byte store, then the invariant for the rest.
            // SAFETY: class <= 6 bytes.
            unsafe { w.put_item(ESCW[esc_index(b, class)], class as usize, rem - 1) };
            i = e + 1;
            m &= m - 1;
        } else {
            // Non-ASCII text where this many bytes of the block still need
            // work goes to the general path, which is faster on dense text.
            if m.count_ones() as usize >= V::W / 2 || rem < 4 {
                return (e, false);
            }
            // SAFETY: 4 bytes readable at e.
            let q = u32::from_le(unsafe { ptr::read_unaligned(p.add(e).cast::<u32>()) });
            let n = if q & 0xc0e0 == 0x80c0 && b >= 0xc2 {
                // A 2-byte sequence (an accented letter): always written
                // as one unit, or kept.
                if !uu {
                    // SAFETY: one 6-byte unit.
                    unsafe { w.put_item(u_escape_word(two_byte_cp(q)), 6, rem - 2) };
                } else {
                    // SAFETY: room >= rem + 1 >= 5.
                    unsafe {
                        ptr::write_unaligned(w.pos.cast::<u32>(), q.to_le());
                        w.advance(2);
                    }
                }
                2
            } else {
                let Some((cp, n)) = valid_word(q) else {
                    return (e, false);
                };
                if !uu {
                    // SAFETY: forwarded.
                    unsafe { put_cp_item(w, cp, rem - n) };
                } else if flags.keep_line_terminators() || !is_line_terminator(cp) {
                    // Kept; the sequence may run past the bytes stored so
                    // far.
                    // SAFETY: room >= rem + 1 >= 5.
                    unsafe {
                        ptr::write_unaligned(w.pos.cast::<u32>(), q.to_le());
                        w.advance(n);
                    }
                } else {
                    return (e, false);
                }
                n
            };
            i = e + n;
            // Drop the bits of the sequence's bytes: its first n set bits
            // (every byte of it is flagged; when it runs past the block,
            // no bit follows its last one in the block).
            m &= m.wrapping_sub(1);
            m &= m.wrapping_sub(1);
            if n > 2 {
                m &= m.wrapping_sub(1);
                if n > 3 {
                    m &= m.wrapping_sub(1);
                }
            }
        }
        if len - i < V::W {
            return (i, false);
        }
        let end = start + V::W;
        if m == 0 && i >= end {
            // A sequence ran past the block.
            return (i, true);
        }
        // SAFETY: i + W <= len; room >= len - i + 1 > W (the item's
        // `ensure` kept the invariant); CPU support by our caller.
        unsafe { V::copy(p.add(i), w.pos) };
        if m == 0 {
            // The rest of the block is clean, and now stored.
            // SAFETY: the re-store covered [i, i + W) ⊇ [i, end).
            unsafe { w.advance(end - i) };
            return (end, true);
        }
    }
}

/// The valid UTF-8 sequence at the start of the 4 bytes `w` (a
/// little-endian word, first byte `>= 0x80`): `Some((code point,
/// length))`, or `None` if invalid (then `decode` tells how PHP groups its
/// bytes). Accepts exactly what `decode` calls valid (well-formed UTF-8).
#[inline(always)]
fn valid_word(w: u32) -> Option<(u32, usize)> {
    if w & 0xc0e0 == 0x80c0 {
        // 110xxxxx 10xxxxxx: valid from C2 on (no overlongs).
        let cp = ((w & 0x1f) << 6) | ((w >> 8) & 0x3f);
        return if cp >= 0x80 { Some((cp, 2)) } else { None };
    }
    if w & 0x00c0_c0f0 == 0x0080_80e0 {
        // 1110xxxx 10xxxxxx 10xxxxxx: no overlongs, no surrogates.
        let cp = ((w & 0x0f) << 12) | ((w >> 2) & 0xfc0) | ((w >> 16) & 0x3f);
        return if cp >= 0x800 && cp & 0xf800 != 0xd800 {
            Some((cp, 3))
        } else {
            None
        };
    }
    if w & 0xc0c0_c0f8 == 0x8080_80f0 {
        // 11110xxx and three continuation bytes: U+10000 to U+10FFFF.
        let cp =
            ((w & 0x07) << 18) | ((w << 4) & 0x3_f000) | ((w >> 10) & 0xfc0) | ((w >> 24) & 0x3f);
        return if (0x1_0000..=0x10_ffff).contains(&cp) {
            Some((cp, 4))
        } else {
            None
        };
    }
    None
}

/// The first `kept` bytes of `word` (little-endian) at `dst`, exactly.
///
/// # Safety
/// `dst` valid for writes of `kept <= 8` bytes.
#[cold]
#[inline(never)]
unsafe fn put_exact(dst: *mut u8, word: u64, kept: usize) {
    let bytes = word.to_le_bytes();
    // SAFETY: forwarded; a local array cannot overlap `dst`.
    unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), dst, kept.min(8)) };
}

/// Writes `\uXXXX` for a code point, or the surrogate pair for one above
/// U+FFFF, with one 8-byte store per unit.
///
/// # Safety
/// `w.room() >= 14`.
#[inline(always)]
unsafe fn put_cp<S: Sink>(w: &mut Out<'_, S>, cp: u32) {
    // SAFETY: 8 bytes of room for the first store, 6 + 8 for two.
    unsafe {
        if cp < 0x1_0000 {
            w.put_word(u_escape_word(cp), 6);
        } else {
            let c = cp - 0x1_0000;
            w.put_word(u_escape_word(0xd800 | (c >> 10)), 6);
            w.put_word(u_escape_word(0xdc00 | (c & 0x3ff)), 6);
        }
    }
}

/// [`put_cp`] as an item with `after` unread input bytes after it (see
/// [`Out::put_item`]): the unit or units, each through `put_item`, so that
/// near the end of the room the sink grows only by what the string
/// certainly writes.
///
/// # Safety
/// None beyond `Out`'s invariant.
#[inline(always)]
unsafe fn put_cp_item<S: Sink>(w: &mut Out<'_, S>, cp: u32, after: usize) {
    // SAFETY: forwarded; the second unit is written after the first.
    unsafe {
        if w.room() >= after + 16 {
            put_cp(w, cp);
        } else if cp < 0x1_0000 {
            w.put_item(u_escape_word(cp), 6, after);
        } else {
            let c = cp - 0x1_0000;
            w.put_item_as(u_escape_word(0xd800 | (c >> 10)), 6, after + 6, after);
            w.put_item(u_escape_word(0xdc00 | (c & 0x3ff)), 6, after);
        }
    }
}

/// The general path: handles the item at `s[i]` (which usually needs
/// work) and the items after it for as long as they need work, letting
/// through stretches of up to [`CLEAN_STREAK`] clean ASCII bytes between
/// them. Returns the writer and the index of the first byte not handled.
///
/// Not inlined: its loop gets the registers to itself, and it is entered
/// once per stretch of dense text, not per item.
///
/// # Safety
/// `i < s.len()` and `w.room() >= s.len() - i + 1`; both hold again, for the
/// returned index, on return.
#[inline(never)]
unsafe fn escape_run<'a, S: Sink, V: Scanner>(
    s: &[u8],
    i: usize,
    mut w: Out<'a, S>,
    table: &[u8; 256],
    flags: Flags,
) -> (Out<'a, S>, Result<usize, InvalidUtf8>) {
    // With a scanner that copies whole blocks of raw UTF-8 text, runs of
    // it hand back to the block loop after a block's worth.
    let limit = if V::UTF8 { V::W } else { usize::MAX };
    // SAFETY: forwarded.
    let r = unsafe {
        if !flags.unescaped_unicode() {
            escape_run_u::<S, V>(s, i, &mut w, table, flags)
        } else {
            escape_run_raw(s, i, &mut w, table, flags, limit)
        }
    };
    (w, r)
}

/// [`escape_run`] without `JSON_UNESCAPED_UNICODE`: every valid sequence
/// becomes `\uXXXX` (or a surrogate pair).
///
/// Sequences are recognized from one little-endian load of up to 8 bytes
/// (zero-extended when fewer than 8 remain: a zero byte matches no lead or
/// continuation pattern; the last 3 bytes or fewer are read one by one),
/// and runs of 2- and 3-byte sequences are taken up to four at a time,
/// 4-byte ones two. The write position and limit live in
/// locals (the loop stores through them, which would otherwise make the
/// compiler reload them from `w`); `w` is synced before anything that
/// uses it.
///
/// # Safety
/// As for [`escape_run`].
#[inline(always)]
unsafe fn escape_run_u<S: Sink, V: Scanner>(
    s: &[u8],
    i: usize,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    flags: Flags,
) -> Result<usize, InvalidUtf8> {
    let p = s.as_ptr();
    let len = s.len();
    let mut i = i;
    let mut pos = w.pos;
    let mut lim = w.lim;
    // Clean ASCII bytes handled in a row.
    let mut streak = 0;
    while i < len {
        // Unread input bytes, this one included.
        let rem = len - i;
        // SAFETY: i < len.
        let b = unsafe { *p.add(i) };
        if b < 0x80 {
            let class = table[b as usize];
            if class == CLEAN {
                // A short clean stretch between items (", ", ". ") stays
                // here; a longer one goes back to the block scan.
                if streak == CLEAN_STREAK {
                    break;
                }
                streak += 1;
                // SAFETY: room >= rem + 1 >= 1.
                unsafe {
                    *pos = b;
                    pos = pos.add(1);
                }
                i += 1;
                continue;
            }
            if (lim as usize - pos as usize) < rem + 8 {
                // Near the end of the room (see `Out::put_item`).
                w.pos = pos;
                // SAFETY: class <= 6 bytes.
                unsafe { put_item_cold(w, ESCW[esc_index(b, class)], class as usize, rem - 1) };
                pos = w.pos;
                lim = w.lim;
            } else {
                // SAFETY: room >= rem + 8 >= 8.
                unsafe {
                    ptr::write_unaligned(pos.cast::<u64>(), ESCW[esc_index(b, class)].to_le());
                    pos = pos.add(class as usize);
                }
            }
            i += 1;
            streak = 0;
            continue;
        }
        streak = 0;
        // Every arm below but one writes at most 2 units (6 + 8 bytes, 12
        // kept) for at least 4 bytes of input, or 1 unit (8 bytes, 6 kept)
        // for at least 2: room >= rem + 16 covers them and keeps the
        // invariant. Four units at once (26 bytes, 24 kept, for 8) need
        // rem + 18, checked there. With less room, one sequence at a time
        // by `non_ascii`: checked first, then written, the sink growing
        // only by what the string certainly writes (an invalid sequence
        // fails before any growth, as stock's encoder does).
        if (lim as usize - pos as usize) < rem + 16 {
            w.pos = pos;
            // SAFETY: i < len and room >= rem + 1 (our contract).
            let r = unsafe { tight_non_ascii(s, i, w, table, flags) };
            pos = w.pos;
            lim = w.lim;
            if let Some(next) = r? {
                i = next;
                continue;
            }
        }
        // The loads: 8 or 4 bytes at i; under 4, the rem bytes at i one by
        // one (the last character of a string, most often: a 2- or 3-byte
        // one is then taken here too).
        let q = if rem >= 8 {
            // SAFETY: 8 bytes readable at i.
            u64::from_le(unsafe { ptr::read_unaligned(p.add(i).cast::<u64>()) })
        } else if rem >= 4 {
            // SAFETY: 4 bytes readable at i.
            u64::from(u32::from_le(unsafe {
                ptr::read_unaligned(p.add(i).cast::<u32>())
            }))
        } else {
            // SAFETY: rem bytes readable at i.
            unsafe { last_bytes(p.add(i), rem) }
        };
        // The stores below: room >= rem + 16 (rem + 18 for four units), see
        // above; each arm writes 8 bytes per unit at most 6 apart.
        if b < 0xe0 {
            // 110xxxxx 10xxxxxx, valid from C2 on.
            if q & 0xc0e0 == 0x80c0 && b >= 0xc2 {
                // Four of them (8 bytes, every lead >= C2)?
                let t = q & 0x001e_001e_001e_001e;
                if q & 0xc0e0_c0e0_c0e0_c0e0 == 0x80c0_80c0_80c0_80c0
                    && (t + 0x7fff_7fff_7fff_7fff) & 0x8000_8000_8000_8000 == 0x8000_8000_8000_8000
                    && (lim as usize - pos as usize) >= rem + 18
                {
                    // SAFETY: four units, 26 bytes <= rem + 18 of room.
                    unsafe {
                        put_unit(pos, two_byte_cp(q as u32));
                        put_unit(pos.add(6), two_byte_cp((q >> 16) as u32));
                        put_unit(pos.add(12), two_byte_cp((q >> 32) as u32));
                        put_unit(pos.add(18), two_byte_cp((q >> 48) as u32));
                        pos = pos.add(24);
                    }
                    i += 8;
                    continue;
                }
                // SAFETY: one unit, 8 bytes <= rem + 16 of room.
                unsafe { put_unit(pos, two_byte_cp(q as u32)) };
                if q & 0xc0e0_0000 == 0x80c0_0000 && q & 0x1e_0000 != 0 {
                    // SAFETY: two units, 14 bytes <= rem + 16 of room.
                    unsafe {
                        put_unit(pos.add(6), two_byte_cp((q >> 16) as u32));
                        pos = pos.add(12);
                    }
                    i += 4;
                } else {
                    // SAFETY: the unit just written.
                    pos = unsafe { pos.add(6) };
                    i += 2;
                }
                continue;
            }
        } else if b < 0xf0 {
            // 1110xxxx 10xxxxxx 10xxxxxx, no overlongs, no surrogates.
            if let Some(cp) = three_byte_cp(q as u32) {
                // SAFETY: one unit, 8 bytes <= rem + 16 of room.
                unsafe { put_unit(pos, cp) };
                if let Some(cp2) = three_byte_cp((q >> 24) as u32) {
                    // SAFETY: two units, 14 bytes <= rem + 16 of room.
                    unsafe { put_unit(pos.add(6), cp2) };
                    // A run of them (CJK text): four at a time in vector
                    // registers where the scanner can.
                    if V::U3
                        && rem >= 6 + 16
                        // SAFETY: rem >= 22 bytes readable from i.
                        && unsafe {
                            (*p.add(i + 6) & *p.add(i + 9) & *p.add(i + 12) & *p.add(i + 15)) & 0xe0
                                == 0xe0
                        }
                    {
                        // SAFETY: rem - 6 bytes readable at i + 6; the room
                        // after the two units written is lim - pos - 12;
                        // CPU support by our caller.
                        let (read, written) = unsafe {
                            V::u_escape_3byte_run(
                                p.add(i + 6),
                                rem - 6,
                                pos.add(12),
                                lim as usize - pos as usize - 12,
                            )
                        };
                        if read != 0 {
                            // SAFETY: the units written, within the room.
                            pos = unsafe { pos.add(12 + written) };
                            i += 6 + read;
                            continue;
                        }
                    }
                    // Two more? 12 bytes in, 24 out (26 written).
                    if rem >= 16 && (lim as usize - pos as usize) >= rem + 18 {
                        // SAFETY: 8 bytes readable at i + 6.
                        let r = u64::from_le(unsafe {
                            ptr::read_unaligned(p.add(i + 6).cast::<u64>())
                        });
                        if let (Some(cp3), Some(cp4)) =
                            (three_byte_cp(r as u32), three_byte_cp((r >> 24) as u32))
                        {
                            // SAFETY: four units, 26 bytes <= rem + 18.
                            unsafe {
                                put_unit(pos.add(12), cp3);
                                put_unit(pos.add(18), cp4);
                                pos = pos.add(24);
                            }
                            i += 12;
                            continue;
                        }
                    }
                    // SAFETY: the two units written.
                    pos = unsafe { pos.add(12) };
                    i += 6;
                } else {
                    // SAFETY: the unit written.
                    pos = unsafe { pos.add(6) };
                    i += 3;
                }
                continue;
            }
        } else {
            // 11110xxx and three continuation bytes: U+10000 to U+10FFFF,
            // as a surrogate pair.
            if let Some(c) = four_byte_c(q as u32) {
                // SAFETY: two units, 14 bytes <= rem + 16 of room.
                unsafe {
                    put_unit(pos, 0xd800 | (c >> 10));
                    put_unit(pos.add(6), 0xdc00 | (c & 0x3ff));
                }
                // Another one (emoji)? 12 more bytes, 14 written.
                if let Some(c2) = four_byte_c((q >> 32) as u32) {
                    if (lim as usize - pos as usize) >= rem + 18 {
                        // SAFETY: four units, 26 bytes <= rem + 18.
                        unsafe {
                            put_unit(pos.add(12), 0xd800 | (c2 >> 10));
                            put_unit(pos.add(18), 0xdc00 | (c2 & 0x3ff));
                            pos = pos.add(24);
                        }
                        i += 8;
                        continue;
                    }
                }
                // SAFETY: the two units written.
                pos = unsafe { pos.add(12) };
                i += 4;
                continue;
            }
        }
        // Invalid, or one of the last 3 bytes.
        w.pos = pos;
        // SAFETY: forwarded from our own contract (synced).
        let r = unsafe { non_ascii(s, i, w, flags) };
        pos = w.pos;
        lim = w.lim;
        i = r?;
    }
    w.pos = pos;
    Ok(i)
}

/// The last `n < 4` bytes at `p`, little-endian and zero-extended, for the
/// general path's sequence tests (out of line: the loop's registers stay
/// those of the long-text case).
///
/// # Safety
/// `n` bytes readable at `p`.
#[cold]
#[inline(never)]
unsafe fn last_bytes(p: *const u8, n: usize) -> u64 {
    let mut q = 0;
    for k in 0..n.min(3) {
        // SAFETY: k < n.
        q |= u64::from(unsafe { *p.add(k) }) << (8 * k);
    }
    q
}

/// For a valid 4-byte sequence in `q` (little-endian), its code point less
/// 0x10000 (20 bits, the pair of surrogates).
#[inline(always)]
fn four_byte_c(q: u32) -> Option<u32> {
    if q & 0xc0c0_c0f8 != 0x8080_80f0 {
        return None;
    }
    let cp = ((q & 0x07) << 18) | ((q << 4) & 0x3_f000) | ((q >> 10) & 0xfc0) | ((q >> 24) & 0x3f);
    let c = cp.wrapping_sub(0x1_0000);
    if c < 0x10_0000 {
        Some(c)
    } else {
        None
    }
}

/// The code point of the 2-byte sequence in the low 16 bits of `q`
/// (little-endian; not checked).
#[inline(always)]
fn two_byte_cp(q: u32) -> u32 {
    ((q & 0x1f) << 6) | ((q >> 8) & 0x3f)
}

/// The code point of the 3-byte sequence in the low 24 bits of `q`
/// (little-endian), if it is a valid one.
#[inline(always)]
fn three_byte_cp(q: u32) -> Option<u32> {
    if q & 0x00c0_c0f0 != 0x0080_80e0 {
        return None;
    }
    let cp = ((q & 0x0f) << 12) | ((q >> 2) & 0xfc0) | ((q >> 16) & 0x3f);
    // Bit k of the constant: whether cp >> 11 == k is allowed; 0 is an
    // overlong (cp < 0x800), 0x1b the surrogates (D800-DFFF).
    if (0xf7ff_fffe_u32 >> (cp >> 11)) & 1 != 0 {
        Some(cp)
    } else {
        None
    }
}

/// Writes `\uXXXX` for the UTF-16 unit `unit` with one 8-byte store.
///
/// # Safety
/// `dst` valid for writes of 8 bytes.
#[inline(always)]
unsafe fn put_unit(dst: *mut u8, unit: u32) {
    // SAFETY: forwarded.
    unsafe { ptr::write_unaligned(dst.cast::<u64>(), u_escape_word(unit).to_le()) }
}

/// [`escape_run`] under `JSON_UNESCAPED_UNICODE`: valid sequences are
/// copied in runs ([`raw_run`]). When a run reaches `limit` bytes and a
/// whole block remains, it hands back to the block loop (whose scanner
/// copies whole blocks of such text, `Scanner::utf8_blocks`; without one,
/// `limit` is `usize::MAX`).
///
/// # Safety
/// As for [`escape_run`].
#[inline(always)]
unsafe fn escape_run_raw<S: Sink>(
    s: &[u8],
    mut i: usize,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    flags: Flags,
    limit: usize,
) -> Result<usize, InvalidUtf8> {
    let len = s.len();
    let mut streak = 0;
    while let Some(&b) = s.get(i) {
        let rem = len - i;
        if b < 0x80 {
            let class = table[b as usize];
            if class == CLEAN {
                if streak == CLEAN_STREAK {
                    break;
                }
                streak += 1;
                // SAFETY: room >= rem + 1 >= 1.
                unsafe { w.put([b]) };
                i += 1;
                continue;
            }
            // SAFETY: class <= 6 bytes.
            unsafe { w.put_item(ESCW[esc_index(b, class)], class as usize, rem - 1) };
            i += 1;
        } else {
            // SAFETY: room >= rem + 1, as `raw_run` needs.
            let n = unsafe { raw_run(s.get(i..).unwrap_or_default(), w, table, flags, limit) };
            i = if n > 0 {
                if n >= limit && len - (i + n) >= limit {
                    return Ok(i + n);
                }
                i + n
            } else {
                // Invalid, or U+2028/9 to escape.
                // SAFETY: forwarded from our own contract.
                unsafe { non_ascii(s, i, w, flags) }?
            };
        }
        streak = 0;
    }
    Ok(i)
}

/// How many clean ASCII bytes in a row the general path handles itself
/// before handing back to the block scan.
const CLEAN_STREAK: usize = 2;

/// True for U+2028 and U+2029.
#[inline(always)]
fn is_line_terminator(cp: u32) -> bool {
    cp | 1 == 0x2029
}

/// [`Out::put_item`] out of line, for loops that keep the write position
/// in locals.
///
/// # Safety
/// `kept <= 8`.
#[cold]
#[inline(never)]
unsafe fn put_item_cold<S: Sink>(w: &mut Out<'_, S>, word: u64, kept: usize, after: usize) {
    // SAFETY: forwarded.
    unsafe { w.put_item(word, kept, after) }
}

/// [`escape_run_u`] at a non-ASCII byte `s[i]` with less room than its
/// arms want (`rem + 16`): `Ok(None)` after growing to that room when the
/// string certainly writes that much from here ([`writes_at_least`]), else
/// the sequence handled by [`non_ascii`] (checked first, then written, the
/// sink growing only by what the string certainly writes; an invalid one
/// fails before any growth, as stock's encoder does): `Ok(Some(next))`.
///
/// # Safety
/// As for [`non_ascii`].
#[cold]
#[inline(never)]
unsafe fn tight_non_ascii<S: Sink>(
    s: &[u8],
    i: usize,
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    flags: Flags,
) -> Result<Option<usize>, InvalidUtf8> {
    let rem = s.len() - i;
    if writes_at_least(s, i, rem + 16, table, flags) {
        w.ensure(rem + 16, rem + 16, rem);
        return Ok(None);
    }
    // SAFETY: forwarded.
    unsafe { non_ascii(s, i, w, flags) }.map(Some)
}

/// Whether the string certainly writes at least `need` bytes from `s[i]` on
/// (its closing quote included) if it succeeds, i.e. `k = need - rem - 1`
/// bytes more than one per unread byte: its escapes (ASCII and
/// `\\uXXXX` units, substitutes) counted up to an invalid sequence that
/// fails it or the end, dropped bytes (JSON_INVALID_UTF8_IGNORE) taken off.
/// A few items are read in the common case (the answer is known as soon
/// as `k` bytes are); near the end of the string, the rest of it. A growth
/// by that much never takes the buffer past what stock's encoder appends
/// (see [`Out::put_item`]). Takes no `Out`, so that the callers' write
/// position stays in a register.
#[cold]
#[inline(never)]
fn writes_at_least(s: &[u8], mut i: usize, need: usize, table: &[u8; 256], flags: Flags) -> bool {
    let k = need as isize - (s.len() - i) as isize - 1;
    let uu = flags.unescaped_unicode();
    let mut extra: isize = 0;
    while let Some(&b) = s.get(i) {
        if extra >= k {
            return true;
        }
        if b < 0x80 {
            // CLEAN (0): one byte; TWO, SIX: that many.
            extra += (table[b as usize] as isize - 1).max(0);
            i += 1;
            continue;
        }
        let seq = decode(s.get(i..).unwrap_or_default());
        let n = seq.len.max(1) as isize;
        extra += if seq.valid {
            if !uu {
                if seq.cp < 0x1_0000 {
                    6 - n
                } else {
                    12 - n
                }
            } else if !flags.keep_line_terminators() && is_line_terminator(seq.cp) {
                6 - n
            } else {
                0
            }
        } else if flags.ignore_invalid() {
            -n
        } else if flags.substitute_invalid() {
            if uu {
                3 - n
            } else {
                6 - n
            }
        } else {
            return false;
        };
        i += n as usize;
    }
    extra >= k
}

/// The slow path for the UTF-8 sequence (valid or not) at `s[i] >= 0x80`:
/// an invalid sequence, one of the last 3 bytes, or (under
/// `JSON_UNESCAPED_UNICODE`) a line terminator to escape.
///
/// # Safety
/// As for [`escape_run`].
#[inline(never)]
unsafe fn non_ascii<S: Sink>(
    s: &[u8],
    i: usize,
    w: &mut Out<'_, S>,
    flags: Flags,
) -> Result<usize, InvalidUtf8> {
    let rest = s.get(i..).unwrap_or_default();
    let rem = rest.len();
    let seq = decode(rest);
    // `decode` never consumes more than it has: `after` cannot underflow.
    let after = rem - seq.len;
    if seq.valid {
        if flags.unescaped_unicode()
            && (flags.keep_line_terminators() || !is_line_terminator(seq.cp))
        {
            // Kept as it is (only near the end of the input, where
            // `raw_run` cannot read ahead).
            // SAFETY: seq.len <= rem < room; no overlap.
            unsafe {
                copy_lt8(rest.as_ptr(), w.pos, seq.len);
                w.advance(seq.len);
            }
        } else {
            // SAFETY: forwarded.
            unsafe { put_cp_item(w, seq.cp, after) };
        }
    } else if flags.ignore_invalid() {
        // Dropped.
    } else if flags.substitute_invalid() {
        if flags.unescaped_unicode() {
            w.ensure(after + 4, after + 4, after);
            // SAFETY: room >= after + 4 >= 3.
            unsafe { w.put([0xef, 0xbf, 0xbd]) };
        } else {
            w.ensure(after + 7, after + 7, after);
            // SAFETY: room >= after + 7 >= 6.
            unsafe { w.put(*b"\\ufffd") };
        }
    } else {
        return Err(InvalidUtf8);
    }
    Ok(i + seq.len)
}

/// Under `JSON_UNESCAPED_UNICODE`: copies verbatim the run of valid
/// sequences starting at `rest[0]` (a byte >= 0x80), together with short
/// stretches (up to [`CLEAN_STREAK`] bytes) of clean ASCII between them, so
/// that text like "Привет, мир" is one run (it never ends in ASCII). Stops
/// before an invalid sequence, (unless `JSON_UNESCAPED_LINE_TERMINATORS`)
/// U+2028/U+2029, an ASCII byte needing work, a longer clean ASCII stretch
/// (left to the block scan), or the last 3 bytes of the input (left to
/// `non_ascii`). Returns the run's length, 0 if the first sequence cannot
/// be copied. No sequence starts at or after `limit`.
///
/// # Safety
/// `w.room() >= rest.len() + 1`.
#[inline(always)]
unsafe fn raw_run<S: Sink>(
    rest: &[u8],
    w: &mut Out<'_, S>,
    table: &[u8; 256],
    flags: Flags,
    limit: usize,
) -> usize {
    let keep_terminators = flags.keep_line_terminators();
    let p = rest.as_ptr();
    let len = rest.len();
    // `j` scans; `end` is the end of the last sequence taken, so a clean
    // stretch is only included when another sequence follows it.
    let mut j = 0;
    let mut end = 0;
    let mut streak = 0;
    while j < len {
        // SAFETY: j < len.
        let b = unsafe { *p.add(j) };
        if b < 0x80 {
            if table[b as usize] != CLEAN || streak == CLEAN_STREAK {
                break;
            }
            j += 1;
            streak += 1;
            continue;
        }
        if len - j < 4 || j >= limit {
            break;
        }
        // SAFETY: 4 bytes readable at j.
        let q = u32::from_le(unsafe { ptr::read_unaligned(p.add(j).cast::<u32>()) });
        // Validity from the bytes alone (no code point needed).
        if b < 0xe0 {
            // 110xxxxx 10xxxxxx, from C2 on. (One at a time: a step that
            // depends on the bytes read would chain the loads.)
            if q & 0xc0e0 != 0x80c0 || b < 0xc2 {
                break;
            }
            j += 2;
        } else if b < 0xf0 {
            // 1110xxxx 10xxxxxx 10xxxxxx.
            if q & 0x00c0_c0f0 != 0x0080_80e0 {
                break;
            }
            // Leads other than E0 (overlongs), E2 (line terminators) and
            // ED (surrogates) take any continuation bytes.
            if (0xdffa >> (b & 0x0f)) & 1 == 0 {
                // Bits 15-11 of the code point (lead bits 3-0, bit 5 of
                // the second byte) must be neither 0 (overlong) nor 0x1b
                // (surrogate).
                let h = ((q & 0x0f) << 1) | ((q >> 13) & 1);
                if (0xf7ff_fffe_u32 >> h) & 1 == 0
                    || (!keep_terminators && q & 0x00fe_ffff == 0x00a8_80e2)
                {
                    break;
                }
            }
            j += 3;
        } else {
            // 11110xxx and three continuation bytes; bits 20-12 of the
            // code point within 0x10..=0x10f (U+10000 to U+10FFFF).
            let h = ((q & 0x07) << 6) | ((q >> 8) & 0x3f);
            if q & 0xc0c0_c0f8 != 0x8080_80f0 || h.wrapping_sub(0x10) >= 0x100 {
                break;
            }
            j += 4;
        }
        end = j;
        streak = 0;
    }
    let j = end;
    // SAFETY: j <= rest.len() < room, so source and destination are in
    // bounds; the sink cannot overlap the borrowed input.
    unsafe {
        copy_run(p, w.pos, j);
        w.advance(j);
    }
    j
}

/// A non-ASCII item of a blind kernel ([`escape_lt16_blind`],
/// [`escape_16_to_64_blind`]): the sequence at input index `e` of `src`,
/// written at `pos` as `\uXXXX` (a surrogate pair past U+FFFF), or under
/// `JSON_UNESCAPED_UNICODE` kept as it is (U+2028/U+2029 escaped unless
/// `JSON_UNESCAPED_LINE_TERMINATORS`). Returns the output position after it
/// and the input bytes it took, or `None` at an invalid sequence (bytes
/// past the end are zero, never a continuation byte: a sequence cut short
/// is invalid). (ASCII items stay in the kernels' loops: one store and
/// `m &= m - 1`.)
///
/// # Safety
/// `src + e .. src + e + 4` is readable; `pos .. pos + 14` writable (the
/// callers' bounds: 6 output bytes per input byte taken, 8-byte stores).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn blind_sequence(
    pos: *mut u8,
    src: *const u8,
    e: usize,
    flags: Flags,
) -> Option<(*mut u8, usize)> {
    // SAFETY: the caller's contract.
    unsafe {
        let q = u32::from_le(ptr::read_unaligned(src.add(e).cast::<u32>()));
        let (cp, k) = valid_word(q)?;
        let pos = if !flags.unescaped_unicode() {
            if cp < 0x1_0000 {
                ptr::write_unaligned(pos.cast::<u64>(), u_escape_word(cp).to_le());
                pos.add(6)
            } else {
                let c = cp - 0x1_0000;
                ptr::write_unaligned(pos.cast::<u64>(), u_escape_word(0xd800 | (c >> 10)).to_le());
                ptr::write_unaligned(
                    pos.add(6).cast::<u64>(),
                    u_escape_word(0xdc00 | (c & 0x3ff)).to_le(),
                );
                pos.add(12)
            }
        } else if is_line_terminator(cp) && !flags.keep_line_terminators() {
            ptr::write_unaligned(pos.cast::<u64>(), u_escape_word(cp).to_le());
            pos.add(6)
        } else {
            // Kept: its bytes (and up to 3 more, overwritten or dropped).
            ptr::write_unaligned(pos.cast::<u32>(), q.to_le());
            pos.add(k)
        };
        Some((pos, k))
    }
}

/// A string of fewer than 16 bytes that needs work, from a copy of it at
/// the start of `buf` (zero past its end: [`x86::load_mask_lt16`]) and the
/// mask `m` of its bytes that need work: the whole JSON string, quotes
/// included, written at `dst`, its length returned; `None` at an invalid
/// UTF-8 sequence (or one cut short by the end), with nothing to keep (the
/// caller hands the string to [`escape`], which writes at the same place).
///
/// After each item the rest of the string is stored blindly (one 16-byte
/// copy from `buf`), so clean bytes between items take no copy loop;
/// ASCII escapes are one 8-byte store from [`ESCW`], valid sequences one
/// `\uXXXX` store per unit (or, under `JSON_UNESCAPED_UNICODE`, kept, as
/// stored, U+2028/U+2029 escaped unless `JSON_UNESCAPED_LINE_TERMINATORS`).
///
/// # Safety
/// `n` is the string's length, `1 <= n < 16`, and `m < 1 << n`; `dst` is
/// writable for `6 * n + 18` bytes (the most the stores reach: 6 output
/// bytes per input byte, the quotes, and a 16-byte store past the last
/// item).
///
/// [`x86::load_mask_lt16`]: super::x86::load_mask_lt16
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn escape_lt16_blind(
    dst: *mut u8,
    buf: &[u8; 32],
    mut m: u32,
    n: usize,
    flags: Flags,
) -> Option<usize> {
    debug_assert!((1..16).contains(&n) && m < 1 << n);
    let table = class_table(flags);
    let src = buf.as_ptr();
    // (For every access below: reads from `buf` at i, e <= 15 take at most
    // 16 bytes (i + 16 <= 31). An item at input index e is written
    // at most 1 + 6 * e bytes past `dst` and takes at most 6 bytes per
    // input byte it consumes (12 for a 4-byte sequence), its 8-byte stores
    // ending below 1 + 6 * e + 14 <= 6 * n + 18; a blind store at index
    // i <= n starts at most 1 + 6 * i bytes past `dst`.)
    // SAFETY: as just shown, every access lies within `buf` or the
    // caller's 6 * n + 18 bytes at `dst`.
    unsafe {
        dst.write(b'"');
        let mut pos = dst.add(1);
        let mut i = 0;
        loop {
            // The input from i on, in place (its bytes past the end are
            // overwritten or dropped).
            ptr::copy_nonoverlapping(src.add(i), pos, 16);
            if m == 0 {
                pos = pos.add(n - i);
                break;
            }
            let e = m.trailing_zeros() as usize;
            pos = pos.add(e - i);
            let b = *src.add(e);
            if b < 0x80 {
                let class = table[b as usize];
                debug_assert!(class == TWO || class == SIX);
                ptr::write_unaligned(pos.cast::<u64>(), ESCW[esc_index(b, class)].to_le());
                pos = pos.add(class as usize);
                i = e + 1;
                m &= m - 1;
                continue;
            }
            let k;
            (pos, k) = blind_sequence(pos, src, e, flags)?;
            i = e + k;
            // The sequence's bytes are all flagged: drop bits below i.
            m &= !((1u32 << i) - 1);
        }
        pos.write(b'"');
        Some(pos.add(1) as usize - dst as usize)
    }
}

/// A string of 16 to 64 bytes that needs work, from a copy of it at `src`
/// (16 zero bytes after its end: [`x86::store_16_to_64`]) and the
/// mask `m` of its bytes that need work: as [`escape_lt16_blind`], the
/// whole JSON string written at `dst` and its length returned, or `None`
/// at an invalid UTF-8 sequence (or one cut short by the end), with nothing
/// to keep.
///
/// After each item the rest of the string is stored blindly, 16 bytes
/// from `src`, and as many more 16-byte copies as the clean stretch up to
/// the next item needs; ASCII escapes are one 8-byte store from [`ESCW`],
/// valid sequences one `\uXXXX` store per unit or, under
/// `JSON_UNESCAPED_UNICODE`, one 4-byte store of their bytes (U+2028 and
/// U+2029 escaped unless `JSON_UNESCAPED_LINE_TERMINATORS`).
///
/// # Safety
/// `n` is the string's length, `16 <= n <= 64`, and `m` has no bit at or
/// above `n`; `src` holds the string and 16 zero bytes after it (`n + 16`
/// readable bytes); `dst` is writable for `6 * n + 18` bytes (6 output bytes per
/// input byte, the quotes, and the 16-byte stores past an item).
///
/// [`x86::store_16_to_64`]: super::x86::store_16_to_64
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn escape_16_to_64_blind(
    dst: *mut u8,
    src: *const u8,
    m: u64,
    n: usize,
    flags: Flags,
) -> Option<usize> {
    debug_assert!((16..=64).contains(&n) && (n == 64 || m >> n == 0));
    // SAFETY: the caller's contract, which is escape_blind's.
    unsafe { escape_blind(dst, src, m, n, flags) }
}

/// [`escape_16_to_64_blind`] for a string of 65 to 128 bytes (its mask a
/// `u128`).
///
/// # Safety
/// As for [`escape_16_to_64_blind`], with `65 <= n <= 128`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) unsafe fn escape_65_to_128_blind(
    dst: *mut u8,
    src: *const u8,
    m: u128,
    n: usize,
    flags: Flags,
) -> Option<usize> {
    debug_assert!((65..=128).contains(&n) && (n == 128 || m >> n == 0));
    // SAFETY: the caller's contract, which is escape_blind's.
    unsafe { escape_blind(dst, src, m, n, flags) }
}

/// The item mask of [`escape_blind`]: bit i for input byte i.
#[cfg(target_arch = "x86_64")]
trait BlindMask: Copy {
    fn is_zero(self) -> bool;
    /// The index of the lowest bit (the mask is not zero).
    fn lowest(self) -> usize;
    /// Without its lowest bit.
    fn drop_lowest(self) -> Self;
    /// Without its bits below `i` (`1 <= i <=` the mask's width).
    fn drop_below(self, i: usize) -> Self;
}

/// [`BlindMask`] for a mask word of each width (the same bit operations).
macro_rules! blind_mask {
    ($($t:ty),*) => {$(
        #[cfg(target_arch = "x86_64")]
        impl BlindMask for $t {
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn drop_lowest(self) -> Self {
                self & (self - 1)
            }
            #[inline(always)]
            fn drop_below(self, i: usize) -> Self {
                self & !(<$t>::MAX >> (<$t>::BITS as usize - i))
            }
        }
    )*};
}
blind_mask!(u64, u128);

/// The kernel of [`escape_16_to_64_blind`] and [`escape_65_to_128_blind`]
/// (`M`: the mask, as wide as the longest string it takes).
///
/// # Safety
/// As for [`escape_16_to_64_blind`], with `16 <= n <=` the mask's width.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn escape_blind<M: BlindMask>(
    dst: *mut u8,
    src: *const u8,
    mut m: M,
    n: usize,
    flags: Flags,
) -> Option<usize> {
    let table = class_table(flags);
    // (For every access below: an item at input index e < n is written
    // starting at most 1 + 6 * e bytes past `dst`, with 8-byte stores that
    // end below 1 + 6 * e + 14 <= 6 * n + 18 (two for a 4-byte sequence,
    // e <= n - 4). The copies after an item that ends at i <= n start at
    // pos <= 1 + 6 * i; those at i + 16 * t are made for
    // i + 16 * t < e' (the next item, or n), so they end below
    // pos + (e' - i) + 16 <= 1 + 6 * i + (n - i) + 16 <= 6 * n + 17; their
    // reads from `src` end at most at n + 16 (the first at i <= n, the
    // others below e' + 16), the 4-byte read at an item at e + 4 <= n + 3.)
    // SAFETY: as just shown, every access lies within the caller's n + 16
    // bytes at `src` or 6 * n + 18 bytes at `dst`.
    unsafe {
        dst.write(b'"');
        let mut pos = dst.add(1);
        let mut i = 0;
        loop {
            // The input from i on, in place (its bytes past the next item
            // are overwritten or dropped).
            ptr::copy_nonoverlapping(src.add(i), pos, 16);
            let e = if m.is_zero() { n } else { m.lowest() };
            if e - i > 16 {
                // A longer clean stretch: the rest of it.
                let mut j = i + 16;
                while j < e {
                    ptr::copy_nonoverlapping(src.add(j), pos.add(j - i), 16);
                    j += 16;
                }
            }
            pos = pos.add(e - i);
            if m.is_zero() {
                break;
            }
            let b = *src.add(e);
            if b < 0x80 {
                let class = table[b as usize];
                debug_assert!(class == TWO || class == SIX);
                ptr::write_unaligned(pos.cast::<u64>(), ESCW[esc_index(b, class)].to_le());
                pos = pos.add(class as usize);
                i = e + 1;
                m = m.drop_lowest();
                continue;
            }
            let k;
            (pos, k) = blind_sequence(pos, src, e, flags)?;
            i = e + k;
            // The sequence's bytes are all flagged: drop bits below i
            // (2 <= i <= n).
            m = m.drop_below(i);
        }
        pos.write(b'"');
        Some(pos.add(1) as usize - dst as usize)
    }
}
