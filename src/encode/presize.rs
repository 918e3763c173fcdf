//! A lower bound of a large output, so that its string is reserved once.
//!
//! Past PHP's largest in-chunk block (about 2 MiB) every growth of the
//! output is a `mremap`/`mmap` of one more page, and every page is a fresh
//! page fault: a multi-megabyte output costs hundreds of system calls and
//! faults, which stock pays too. When the output first grows past that
//! size, [`bound`] walks the whole value once more, without writing,
//! and returns a length the output is certain to reach: the buffer is then
//! grown to it in one step and its pages are populated in one call
//! (`OutBuf::large_growth`). An output that [`estimate`] guesses to be
//! large takes the bound earlier, at 256-1024 KiB, and moves into a fresh
//! huge block of that size (`OutBuf::early_move`).
//!
//! Recursion marks: the tables on the encoder's current path carry its
//! marks (see [`super::frames`]); the walk passes those (a cycle through
//! them is caught by the walk's own path of objects) and stops at any
//! other mark (a table on an outer call's path: the encode fails there).
//!
//! "Certain" is what keeps the peak memory at or under stock's: the bound
//! counts only output that stock's encoder also writes before it can stop.
//! The walk ends (the bound counted so far stands) at the first thing
//! that could fail or run user code: a string that is not valid UTF-8, a
//! non-finite double, a container at the depth limit, a reference, an
//! object other than a plain stdClass, any other type. Where the flags
//! say the encode goes on, so does the walk, counting what stock writes
//! in its place: a string that is not valid UTF-8 under the INVALID_UTF8
//! flags or PARTIAL_OUTPUT two bytes (its quotes around what IGNORE keeps
//! or SUBSTITUTE puts in, `null`, or `""` for a key), INF or NAN under
//! PARTIAL_OUTPUT the `0` stock writes; any other failure under
//! PARTIAL_OUTPUT leaves the rest unknown (no bound). NUMERIC_CHECK, which
//! can write a string shorter than it is, turns the bound off. Every count
//! is at most what the encoder writes: a string at least its bytes and two
//! quotes (escapes only lengthen it), an integer exactly, a double the
//! least length its binary exponent and a digit-count test allow (see
//! [`double_len`]; one byte and its sign when serialize_precision is not
//! -1), the punctuation and pretty-print whitespace exactly.
//!
//! The same walk gives an upper bound ([`Bound::upper`]): every string
//! byte as a 6-byte escape, every double at its longest. Past the lower
//! bound the block grows as stock's does, but from another size and
//! place, so its moves (two blocks held at once) are not stock's: the
//! bound is taken only where memory_limit leaves room for twice the upper
//! bound, where both growths certainly fit. A walk that stopped where the
//! encode fails still has one (what the open containers and the failing
//! string may have written is added); one that stopped where user code
//! may run, or at a reference, has none, and no bound is taken.
//!
//! Cost: lists of doubles and integers (canada's coordinate pairs,
//! marine_ik's index triples) are summed in a loop without a call per
//! list (their tables asked for 8 slots ahead, their data 4 ahead: the
//! walk reads a value that no longer fits in the caches), strings are
//! checked for UTF-8 without a loop for keys of up to 16 bytes, with
//! 8-byte words up to 128 bytes and with simdutf8 beyond.
use super::frames::Frames;
use crate::php::outbuf::PresizeCtx;
use crate::php::sys;
use crate::php::view::{Marked, Table, ZStr, Zv};
use rustjson_core::number::decimal_len;
use rustjson_core::options as opt;

/// Flags under which no bound is taken (a numeric string's output can
/// be shorter than the string).
const OFF: u32 = opt::NUMERIC_CHECK;

/// Flags under which a string that is not valid UTF-8 does not stop the
/// encode: it writes at least two bytes (its quotes around what IGNORE
/// keeps or SUBSTITUTE puts in, PARTIAL_OUTPUT's `null`, or `""` for such
/// a key) and at most six per byte (IGNORE drops bytes, SUBSTITUTE writes
/// `\ufffd` or its 3 bytes for one, `null` is 4 bytes).
const LENIENT_UTF8: u32 =
    opt::PARTIAL_OUTPUT_ON_ERROR | opt::INVALID_UTF8_IGNORE | opt::INVALID_UTF8_SUBSTITUTE;

/// How far ahead a list's walk asks for its elements' headers and data.
const PF_HEADER: usize = 8;
const PF_DATA: usize = 4;

/// Deepest nesting the bound follows (deeper: it stops there).
const MAX_NEST: i32 = 512;

/// What the bound walk knows of the call.
struct Walk<'f> {
    frames: &'f Frames,
    /// The property tables of the objects the walk is inside (a cycle
    /// ends the walk: stock fails with a recursion error there).
    path: Vec<usize>,
    /// `zend_standard_class_def`.
    std_class: *mut sys::zend_class_entry,
    pretty: bool,
    force_object: bool,
    max_depth: i32,
    /// `serialize_precision` is -1 ([`double_len`]; otherwise a double
    /// counts 1 byte and its sign).
    shortest: bool,
    /// Under [`LENIENT_UTF8`] flags: a string that is not valid UTF-8
    /// counts its quotes and goes on.
    lenient_utf8: bool,
    /// Under PARTIAL_OUTPUT_ON_ERROR: INF and NAN write `0` and the encode
    /// goes on; anything else that fails goes on by an unknown length.
    partial: bool,
    /// The output counted so far.
    n: usize,
    /// The bytes of the strings and keys counted so far (escapes make
    /// each at most 6 bytes of output: [`Bound::upper`]).
    string_bytes: usize,
    /// The doubles counted so far (each at most [`DOUBLE_MAX`] or
    /// [`DOUBLE_MAX_PRECISION`] bytes: [`Bound::upper`]).
    doubles: usize,
    /// After a [`Stop::Fails`]: what the encode may have written of the
    /// containers open there and of the failing string, uncounted in `n`.
    fail_extra: usize,
}

/// What [`bound`] found: a length the output is certain to reach, and,
/// when the walk saw the whole value, one it cannot exceed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bound {
    /// The output reaches this if the call succeeds; stock's output
    /// reaches it too before any failure (0: no bound).
    pub lower: usize,
    /// The whole value was walked (nothing that can fail or run user code
    /// met) and the output is at most this long; `None` otherwise.
    ///
    /// It is far from tight (every string byte counts as a `\u00XX`
    /// escape), and it is used only as that: when memory_limit leaves
    /// room for twice it, both stock's growth and the bound's (each
    /// holding at most two blocks of at most this size at a time) are
    /// certain to fit, so taking the bound cannot make a call fail that
    /// stock completes (or complete one that stock fails).
    pub upper: Option<usize>,
}

impl Bound {
    /// No bound.
    pub const NONE: Bound = Bound {
        lower: 0,
        upper: None,
    };
}

/// The longest a double's text can be with `serialize_precision` -1
/// (`-2.2250738585072014e-308` is 24 bytes), with room to spare.
const DOUBLE_MAX: usize = 32;

/// ... with another `serialize_precision` (zend_gcvt keeps at most a few
/// hundred digits), with room to spare.
const DOUBLE_MAX_PRECISION: usize = 400;

/// The longest a string's text can be per byte of it: `\u00XX` for a
/// control byte (or a HEX_* character), 6 bytes.
const STRING_MAX_PER_BYTE: usize = 6;

/// The walk stopped: the bound counted so far stands.
#[derive(Clone, Copy)]
enum Stop {
    /// At something the encode certainly fails at (invalid UTF-8, INF or
    /// NAN, the depth limit, a recursion): its output ends about here.
    Fails,
    /// At something the walk does not follow (user code may run, a
    /// reference): the output goes on, by an unknown length.
    Unknown,
}

/// What an encode that fails where the walk stopped may have written
/// beyond what the walk counted, besides the open containers' punctuation
/// and the failing string (counted in `Walk::fail_extra`): a bracket, the
/// `0` written for INF/NAN, with room to spare.
const FAIL_SLACK: usize = 4096;

/// The longest an integer's or a double's text can be, for a list of
/// them cut short by a failure.
const NUMBER_MAX: usize = if DOUBLE_MAX_PRECISION > 20 {
    DOUBLE_MAX_PRECISION
} else {
    20
};

/// A length the output of `json_encode(root, options, max_depth)` is
/// certain to reach if the call succeeds, and that stock's output also
/// reaches before any failure, with an upper bound when the walk could
/// see the whole output ([`Bound`]; lower 0 when no bound is taken).
///
/// # Safety
/// `ctx.root` is the call's live argument and `ctx` the context of the
/// encoder encoding it (mid-walk: its frame record is read, not written);
/// nothing else runs meanwhile (no user code, no PHP allocation).
pub unsafe fn bound(ctx: PresizeCtx) -> Bound {
    let root = ctx.root;
    let (options, max_depth) = (ctx.options, ctx.depth);
    if options & OFF != 0 || ctx.frames.is_null() {
        return Bound::NONE;
    }
    let mut w = Walk {
        // SAFETY: the caller's contract: the encoder's frames, in place;
        // the walk is inside a buffer growth, so nothing writes them now.
        frames: unsafe { &*ctx.frames.cast::<Frames>() },
        path: Vec::new(),
        // SAFETY: reads a global PHP sets at startup.
        std_class: unsafe { sys::rustjson_std_class() },
        pretty: options & opt::PRETTY_PRINT != 0,
        force_object: options & opt::FORCE_OBJECT != 0,
        max_depth: max_depth.min(MAX_NEST),
        shortest: crate::php::serialize_precision() == -1,
        lenient_utf8: options & LENIENT_UTF8 != 0,
        partial: options & opt::PARTIAL_OUTPUT_ON_ERROR != 0,
        n: 0,
        string_bytes: 0,
        doubles: 0,
        fail_extra: 0,
    };
    // SAFETY: the caller's contract.
    let walked = w.value(unsafe { Zv::new(root) }, 0);
    let double_max = if w.shortest {
        DOUBLE_MAX
    } else {
        DOUBLE_MAX_PRECISION
    };
    let counted =
        w.n.saturating_add(w.string_bytes.saturating_mul(STRING_MAX_PER_BYTE - 1))
            .saturating_add(w.doubles.saturating_mul(double_max));
    Bound {
        lower: w.n,
        upper: match walked {
            Ok(()) => Some(counted),
            // A partial encode goes on past a failure, by an unknown length.
            Err(Stop::Fails) if w.partial => None,
            // The encode stops where the walk did.
            Err(Stop::Fails) => Some(counted.saturating_add(w.fail_extra + FAIL_SLACK)),
            Err(Stop::Unknown) => None,
        },
    }
}

/// A guess (not a bound) of the whole output's length, from where the
/// encoder is when `len` bytes are written: the outermost container on
/// its path with 16 elements or more whose position is known (it holds
/// the next container on the path) scales `len` by its element count
/// over the elements begun; where there is none, the innermost
/// container's own strings and scalars count (a list of long strings).
/// It decides whether [`lower_bound`] is worth its walk before the output
/// reaches PHP's huge blocks; a wrong guess costs time (a walk for
/// nothing, or the bound taken later as before), never memory. `quick`
/// (for every output past the call's 16 KiB, see `OutBuf::spill_large`):
/// at most [`QUICK_SCAN`] slots are looked at for the position, and the
/// innermost container's own members are not sampled (the guess is then
/// `len`: says nothing); else [`SCAN`] slots and [`SAMPLE`] members.
///
/// # Safety
/// As for [`lower_bound`].
pub unsafe fn estimate(ctx: PresizeCtx, len: usize, quick: bool) -> usize {
    if ctx.frames.is_null() {
        return 0;
    }
    // SAFETY: the caller's contract (the encoder's frames, in place).
    let frames = unsafe { &*ctx.frames.cast::<Frames>() };
    let mut path = [(0usize, 0usize); 16];
    let n = frames.path(&mut path);
    for k in 0..n {
        let (t, _) = path[k];
        if t == 0 {
            break;
        }
        // SAFETY: a table on the encoder's path: held (referenced or
        // marked) by it, live and unchanged while nothing runs.
        let t = unsafe { Table::new(t as *mut sys::HashTable) };
        let count = t.count() as usize;
        if k + 1 == n {
            return if quick { len } else { len.max(shallow_len(t)) };
        }
        if count < 16 {
            continue;
        }
        let (child_t, child_o) = path[k + 1];
        let child = if child_o != 0 { child_o } else { child_t };
        let position = t.find_pointer(child, if quick { QUICK_SCAN } else { SCAN });
        return match position {
            Some(i) => len / (i + 1) * count,
            None => len,
        };
    }
    len
}

/// How many slots of a table [`estimate`] looks at for its position.
const SCAN: usize = 4096;

/// ... when `quick`: a few, since that guess is made for every output past
/// 16 KiB (with the full scan and sample, a 22 KB output took 3% more
/// instructions); a document of large members (what that early guess is
/// for) is a few members in at 16 KiB.
const QUICK_SCAN: usize = 64;

/// How many elements of the innermost table [`shallow_len`] reads.
const SAMPLE: usize = 256;

/// The strings and scalars of `t` itself, guessed from its first
/// [`SAMPLE`] elements: their bytes, keys included, and a byte for anything
/// else, scaled to its element count.
fn shallow_len(t: Table) -> usize {
    let count = t.count() as usize;
    let mut n = 0;
    for e in t.iter().take(SAMPLE) {
        if let Some(k) = e.key() {
            n += k.bytes().len() + 3;
        }
        n += match e.val.ty() {
            sys::IS_STRING => e.val.str().bytes().len() + 3,
            _ => 2,
        };
    }
    if count > SAMPLE {
        n / SAMPLE * count
    } else {
        n
    }
}

impl Walk<'_> {
    fn value(&mut self, v: Zv, depth: i32) -> Result<(), Stop> {
        match v.ty() {
            sys::IS_NULL | sys::IS_TRUE => self.n += 4,
            sys::IS_FALSE => self.n += 5,
            sys::IS_LONG => self.n += long_len(v.long()),
            sys::IS_DOUBLE => {
                self.n += self.double(v.double())?;
                self.doubles += 1;
            }
            sys::IS_STRING => self.zstring(v.str())?,
            sys::IS_ARRAY => {
                let t = v.table();
                if let Some((len, doubles)) = self.scalar_list(t, depth)? {
                    self.n += len;
                    self.doubles += doubles;
                    return Ok(());
                }
                let as_list = !self.force_object && t.is_list();
                self.container(t, as_list, false, depth)?;
            }
            sys::IS_OBJECT => {
                let o = v.obj();
                if !o.std_handlers() || o.class().as_ptr() != self.std_class {
                    return Err(Stop::Unknown);
                }
                match o.properties() {
                    Some(t) => {
                        let p = t.as_ptr() as usize;
                        if self.path.contains(&p) {
                            return Err(Stop::Fails);
                        }
                        self.path.push(p);
                        self.container(t, false, true, depth)?;
                        self.path.pop();
                    }
                    None => {
                        self.check_depth(depth)?;
                        self.n += 2;
                    }
                }
            }
            _ => return Err(Stop::Unknown),
        }
        Ok(())
    }

    /// A double's least length ([`double_len`]); for INF/NAN, a stop (the
    /// encode fails there), or under PARTIAL_OUTPUT_ON_ERROR the `0`
    /// stock writes in its place.
    #[inline(always)]
    fn double(&self, d: f64) -> Result<usize, Stop> {
        let len = if self.shortest {
            double_len(d)
        } else if d.is_finite() {
            Some(1 + usize::from(d.is_sign_negative()))
        } else {
            None
        };
        match len {
            Some(n) => Ok(n),
            None if self.partial && !d.is_finite() => Ok(1),
            None => Err(Stop::Fails),
        }
    }

    /// A string value or key: valid UTF-8 (else the encode fails here), at
    /// least its bytes and two quotes.
    #[inline(always)]
    fn zstring(&mut self, s: ZStr) -> Result<(), Stop> {
        if s.known_utf8() {
            // (PHP knows it is valid UTF-8: no check.)
            let n = s.bytes().len();
            self.n += n + 2;
            self.string_bytes += n;
            return Ok(());
        }
        self.string(s.bytes())
    }

    /// A string's bytes (a value or a key): valid UTF-8 counts its bytes
    /// and quotes; anything else stops the walk (the encode fails there),
    /// or under [`LENIENT_UTF8`] flags counts two bytes (and six per byte
    /// for the upper bound).
    #[inline(always)]
    fn string(&mut self, b: &[u8]) -> Result<(), Stop> {
        if !valid_utf8(b) {
            if self.lenient_utf8 {
                self.n += 2;
                self.string_bytes += b.len();
                return Ok(());
            }
            // (Stock escapes it up to the bad byte before it fails.)
            self.fail_extra += STRING_MAX_PER_BYTE * b.len() + 2;
            return Err(Stop::Fails);
        }
        self.n += b.len() + 2;
        self.string_bytes += b.len();
        Ok(())
    }

    /// Stock's depth check fails a container entered at the limit (also
    /// an empty one, at its close).
    #[inline(always)]
    fn check_depth(&self, depth: i32) -> Result<(), Stop> {
        if depth >= self.max_depth {
            Err(Stop::Fails)
        } else {
            Ok(())
        }
    }

    fn container(&mut self, t: Table, as_list: bool, object: bool, depth: i32) -> Result<(), Stop> {
        // A table marked by anything but this encode: the encode fails
        // with a recursion error here.
        if t.is_recursive() && !self.frames.marks(t.as_ptr() as usize) {
            return Err(Stop::Fails);
        }
        self.check_depth(depth)?;
        // The opening bracket; the separators, pretty's newlines and
        // indentation and the closing bracket are added once the container
        // is complete (a stop inside it leaves them uncounted in `n`; the
        // upper bound of a failing encode counts them).
        self.n += 1;
        let mut count = 0usize;
        match self.elements(t, as_list, object, depth, &mut count) {
            Ok(()) => {
                self.n += self.punctuation(count, depth);
                Ok(())
            }
            Err(stop) => {
                self.fail_extra += self.punctuation(count + 1, depth);
                Err(stop)
            }
        }
    }

    /// The elements of [`Walk::container`], counted in `count` as they
    /// are begun.
    #[inline(always)]
    fn elements(
        &mut self,
        t: Table,
        as_list: bool,
        object: bool,
        depth: i32,
        count: &mut usize,
    ) -> Result<(), Stop> {
        if as_list && t.is_packed() {
            // A list: its values only. The scalar leaves in a tight loop
            // (no prefetch, no dispatch); the rest through `value`.
            let mut c = t.packed();
            while let Some(v) = c.peek() {
                c.prefetch_ahead::<PF_HEADER, PF_DATA>();
                c.skip();
                let len = match v.ty() {
                    sys::IS_DOUBLE => {
                        self.doubles += 1;
                        self.double(v.double())?
                    }
                    sys::IS_LONG => long_len(v.long()),
                    sys::IS_STRING => {
                        *count += 1;
                        self.zstring(v.str())?;
                        continue;
                    }
                    sys::IS_UNDEF => continue,
                    // (A packed table holds no IS_INDIRECT slots; stop
                    // there all the same, as at a reference.)
                    sys::IS_REFERENCE | sys::IS_INDIRECT => return Err(Stop::Unknown),
                    sys::IS_ARRAY => {
                        *count += 1;
                        let t = v.table();
                        if let Some((len, doubles)) = self.scalar_list(t, depth + 1)? {
                            self.n += len;
                            self.doubles += doubles;
                            continue;
                        }
                        let as_list = !self.force_object && t.is_list();
                        self.container(t, as_list, false, depth + 1)?;
                        continue;
                    }
                    _ => {
                        *count += 1;
                        self.value(v, depth + 1)?;
                        continue;
                    }
                };
                *count += 1;
                self.n += len;
            }
        } else if t.is_packed() {
            // A packed table as an object (its indexes are its keys), or
            // with holes.
            let mut c = t.packed();
            while c.more() {
                let Some((v, index)) = c.step() else {
                    continue;
                };
                if !as_list {
                    // The key, quoted, and the colon (pretty: and a space).
                    self.n += long_len(index) + 3 + usize::from(self.pretty);
                }
                *count += 1;
                self.element(v, depth)?;
            }
        } else {
            let mut c = t.buckets();
            while c.more() {
                let Some(e) = c.step() else {
                    continue;
                };
                let v = e.val;
                if !as_list {
                    match e.key() {
                        Some(k) => {
                            // Mangled (private/protected) names are skipped
                            // in objects.
                            if object && k.bytes().first() == Some(&0) {
                                continue;
                            }
                            self.zstring(k)?;
                        }
                        None => self.n += long_len(e.index()) + 2,
                    }
                    // The colon (pretty: and a space).
                    self.n += 1 + usize::from(self.pretty);
                }
                *count += 1;
                self.element(v, depth)?;
            }
        }
        Ok(())
    }

    /// The commas, pretty's newlines and indentation (before each element
    /// and before the closing bracket) and the closing bracket of a
    /// container of `count` elements at `depth`.
    #[inline(always)]
    fn punctuation(&self, count: usize, depth: i32) -> usize {
        if count == 0 {
            return 1;
        }
        let mut n = count;
        if self.pretty {
            n += count * (1 + 4 * (depth as usize + 1)) + 1 + 4 * depth as usize;
        }
        n
    }

    /// A list at `depth` of doubles and integers only, without a call per
    /// list (canada's coordinate pairs): its whole length and how many
    /// doubles it holds, or `None` for any other table (the caller walks it
    /// as usual; nothing is counted).
    #[inline(always)]
    fn scalar_list(&mut self, t: Table, depth: i32) -> Result<Option<(usize, usize)>, Stop> {
        // A packed table without holes is a list; no recursion mark, and
        // not at the depth limit (those go the general way).
        if self.force_object || !packed_without_holes(t) || t.is_recursive() {
            return Ok(None);
        }
        if depth >= self.max_depth {
            return Ok(None);
        }
        let mut c = t.packed();
        let mut n = 0usize;
        let mut count = 0usize;
        let mut doubles = 0usize;
        while let Some(v) = c.peek() {
            c.skip();
            n += match v.ty() {
                sys::IS_DOUBLE => {
                    doubles += 1;
                    match self.double(v.double()) {
                        Ok(len) => len,
                        Err(stop) => {
                            // Stock wrote part of the list: at most all of it.
                            let all = t.count() as usize;
                            self.fail_extra += 1 + self.punctuation(all, depth) + all * NUMBER_MAX;
                            return Err(stop);
                        }
                    }
                }
                sys::IS_LONG => long_len(v.long()),
                _ => return Ok(None),
            };
            count += 1;
        }
        Ok(Some((1 + n + self.punctuation(count, depth), doubles)))
    }

    /// An element's value, at `depth + 1`.
    #[inline(always)]
    fn element(&mut self, v: Zv, depth: i32) -> Result<(), Stop> {
        match v.ty() {
            // The common leaves inline.
            sys::IS_DOUBLE => {
                self.n += self.double(v.double())?;
                self.doubles += 1;
                Ok(())
            }
            sys::IS_LONG => {
                self.n += long_len(v.long());
                Ok(())
            }
            sys::IS_STRING => self.zstring(v.str()),
            sys::IS_REFERENCE => Err(Stop::Unknown),
            _ => self.value(v, depth + 1),
        }
    }
}

/// Is `t` packed, with every slot it uses set (so a list)?
#[inline(always)]
fn packed_without_holes(t: Table) -> bool {
    // SAFETY: `t` is a live table (the walk's contract); two counters read.
    let (used, count) = unsafe { ((*t.as_ptr()).nNumUsed, (*t.as_ptr()).nNumOfElements) };
    t.is_packed() && used == count
}

/// Is `b` valid UTF-8? (ASCII-only short strings without a call; longer
/// ones through simdutf8's vector validator.)
#[inline(always)]
fn valid_utf8(b: &[u8]) -> bool {
    if b.len() <= 16 {
        short_ascii(b) || core::str::from_utf8(b).is_ok()
    } else if b.len() <= 128 {
        mid_ascii(b) || simdutf8::basic::from_utf8(b).is_ok()
    } else {
        simdutf8::basic::from_utf8(b).is_ok()
    }
}

/// Is `b` (17 to 128 bytes) ASCII? Its 16-byte vectors, the last one
/// overlapping (SSE2, x86-64's baseline).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn mid_ascii(b: &[u8]) -> bool {
    use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128};
    let n = b.len();
    if n < 16 {
        return b.is_ascii();
    }
    let p = b.as_ptr();
    // SAFETY: every load reads 16 bytes at an offset at most n - 16 of `b`
    // (unaligned loads); SSE2 is part of the x86-64 baseline.
    unsafe {
        let mut acc = _mm_loadu_si128(p.add(n - 16).cast::<__m128i>());
        let mut i = 0;
        while i + 16 < n {
            acc = _mm_or_si128(acc, _mm_loadu_si128(p.add(i).cast::<__m128i>()));
            i += 16;
        }
        _mm_movemask_epi8(acc) == 0
    }
}

/// Is `b` (17 to 128 bytes) ASCII? Its 8-byte words, the last one
/// overlapping.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn mid_ascii(b: &[u8]) -> bool {
    const HI: u64 = 0x8080_8080_8080_8080;
    let word = |w: &[u8]| -> u64 { u64::from_le_bytes(w.try_into().unwrap_or([0xff; 8])) };
    let mut acc = match b.len().checked_sub(8) {
        Some(i) => b.get(i..).map_or(HI, word),
        None => HI,
    };
    for w in b.chunks_exact(8) {
        acc |= word(w);
    }
    acc & HI == 0
}

/// Is `b` (at most 16 bytes) ASCII? Two overlapping loads of 8, 4 or 1
/// bytes each, no loop.
#[inline(always)]
fn short_ascii(b: &[u8]) -> bool {
    const HI: u64 = 0x8080_8080_8080_8080;
    let n = b.len();
    let word = |i: usize| -> u64 {
        match b.get(i..i + 8) {
            Some(w) => u64::from_le_bytes(w.try_into().unwrap_or([0; 8])),
            None => 0,
        }
    };
    let half = |i: usize| -> u64 {
        match b.get(i..i + 4) {
            Some(w) => u64::from(u32::from_le_bytes(w.try_into().unwrap_or([0; 4]))),
            None => 0,
        }
    };
    let byte = |i: usize| -> u64 { u64::from(b.get(i).copied().unwrap_or(0)) };
    let bits = if n >= 8 {
        word(0) | word(n - 8)
    } else if n >= 4 {
        half(0) | half(n - 4)
    } else if n > 0 {
        byte(0) | byte(n / 2) | byte(n - 1)
    } else {
        0
    };
    bits & HI == 0
}

/// The length of `v` in decimal.
#[inline(always)]
fn long_len(v: i64) -> usize {
    usize::from(v < 0) + decimal_len(v.unsigned_abs())
}

/// `base`^0 ..= `base`^(N-1).
const fn powers<const N: usize>(base: u64) -> [u64; N] {
    let mut t = [1u64; N];
    let mut i = 1;
    while i < N {
        t[i] = t[i - 1] * base;
        i += 1;
    }
    t
}

// ---- The double bound --------------------------------------------------
//
// With serialize_precision = -1 a double prints zend_dtoa's shortest
// round-trip digits (`nd` of them, value = 0.DIGITS x 10^decpt) laid out
// by zend_gcvt with precision 17:
//   - decpt > 17 or decpt < -3: `D.DDDe±X` (`D.0e±X` when nd = 1): at
//     least max(nd, 2) + 3 bytes plus the digits of |decpt - 1|;
//   - -3 <= decpt <= 0: `0.` then -decpt zeros then the digits:
//     2 - decpt + nd bytes;
//   - 1 <= decpt <= 17: the integer `DDD000` (decpt >= nd bytes) when
//     nd <= decpt, else `DDD.DDD` (nd + 1 >= decpt + 2 bytes).
// (PRESERVE_ZERO_FRACTION's `.0` is not counted.) A finite non-zero
// double is in a binade [2^e, 2^(e+1)) whose printed value has decpt >= D =
// floor(e log10 2) + 1 (10^(D-1) < 2^e, and the printed value is within
// half an ulp of the double, far closer than any power of ten comes to a
// power of two); its row ([`Row`]) has the least length over the decpt the
// binade allows, for at least 1, 6, 15 and 17 digits.
//
// The digit test ([`at_least_digits`]): for a normal double a = m 2^q, a
// printed decimal with decpt >= D and fewer than N digits is a multiple of
// 10^(D - N + 1) = 10^-u; it lies within half an ulp, 2^(q-1), of a (the
// interval is narrower below a power of two: this is wider). Scaled by
// 10^u = 5^u 2^u that is: within 5^u / 2 of X = m 5^u, in units of 2^-r
// with r = -(q + u), lies a multiple of 2^r. Exact integer arithmetic
// (m < 2^53, 5^u < 2^63 for u <= 27): when the nearest multiple of 2^r is
// farther than 5^u / 2, the double prints at least N digits. (Outside
// 0 <= u <= 27, 1 <= r <= 64 the test is not taken: it says no.) A passed
// test also proves the double non-integral: for an integer a, a 10^u is an
// integer (u >= 0), so X is a multiple of 2^r.

/// 5^0 ..= 5^27.
const POW5: [u64; 28] = powers(5);

/// The digit test of [`at_least_digits`] for one binade and digit count:
/// `p5` = 5^u, `mask` = 2^r - 1, `lo` = (5^u >> 1) + 1 and `width` =
/// 2^r - 2 (5^u >> 1) - 1 (0 when negative); a test not taken has `width`
/// 0 (it then says no).
#[derive(Clone, Copy)]
struct Test {
    p5: u64,
    mask: u64,
    lo: u64,
    width: u64,
}

/// The digit counts of [`LENS`]' columns.
const ND: [u32; 4] = [1, 6, 15, 17];

/// floor(e * log10(2)) for |e| <= 1650.
const fn floor_log10_pow2(e: i32) -> i32 {
    (e * 78913) >> 18
}

/// The number of decimal digits of `u` (1 for 0), for the const tables.
const fn digits_const(mut u: u32) -> u32 {
    let mut n = 1;
    while u >= 10 {
        u /= 10;
        n += 1;
    }
    n
}

/// The least printed length of a double whose decpt is `p` and whose
/// digits number at least `nd` (>= 1), given whether it is integral.
const fn len_at_decpt(p: i32, nd: u32, integral: bool) -> u32 {
    if p < -3 || p > 17 {
        // D.DDDe±X (D.0e±X for one digit).
        let nd = if nd < 2 { 2 } else { nd };
        nd + 3 + digits_const((p - 1).unsigned_abs())
    } else if p <= 0 {
        // 0.000DDD
        2 + p.unsigned_abs() + nd
    } else if integral {
        // DDD000
        let p = p as u32;
        if p > nd {
            p
        } else {
            nd
        }
    } else {
        // DDD.DDD: more digits than decpt.
        let (a, b) = (p as u32 + 2, nd + 1);
        if a > b {
            a
        } else {
            b
        }
    }
}

/// Per biased exponent, the least printed lengths (no sign) for at least
/// `ND[i]` digits (0: zeros and subnormals, 1 byte at least; 0x7ff:
/// unused).
static LENS: [[u8; 4]; 2048] = {
    let mut rows = [[1u8; 4]; 2048];
    let mut b = 1;
    while b < 0x7ff {
        let e = b - 1023;
        // Integral only from 1 up, always from 2^52 up.
        let can_int = e >= 0;
        let can_frac = e < 52;
        let lo = floor_log10_pow2(e) + 1;
        // The printed value is below 2^(e+1) (it is nearer the double
        // than the next binade's first double is): decpt <= ceil((e + 1)
        // log10 2), which is floor + 1 but 0 for 2^0 = 10^0.
        let hi = if e + 1 == 0 {
            0
        } else {
            floor_log10_pow2(e + 1) + 1
        };
        let mut len = [u8::MAX; 4];
        let mut i = 0;
        while i < 4 {
            let mut p = lo;
            while p <= hi {
                // A passed digit test proves the double non-integral (see
                // above; tests exist below 2^52 only); without one it may
                // be either where both are possible.
                let mut l = u32::MAX;
                if can_frac {
                    l = len_at_decpt(p, ND[i], false);
                }
                if can_int && (i == 0 || !can_frac) {
                    let f = len_at_decpt(p, ND[i], true);
                    if f < l {
                        l = f;
                    }
                }
                if l < len[i] as u32 {
                    len[i] = l as u8;
                }
                p += 1;
            }
            i += 1;
        }
        rows[b as usize] = len;
        b += 1;
    }
    rows
};

/// The first biased exponent of [`TESTS`]; a digit test is taken only in
/// binades 2^-39 ..= 2^51 (984 ..= 1074; see the unit test).
const TESTS_FROM: usize = 984;

/// A test not taken.
const NO_TEST: Test = Test {
    p5: 0,
    mask: 0,
    lo: 0,
    width: 0,
};

/// The digit test of biased exponent `b` for `ND[i + 1]` digits.
const fn digit_test(b: i32, i: usize) -> Test {
    let e = b - 1023;
    let u = ND[i + 1] as i32 - 1 - (floor_log10_pow2(e) + 1);
    let r = -(e - 52 + u);
    if b < 1 || b >= 0x7ff || u < 0 || u >= 28 || r < 1 || r > 64 {
        return NO_TEST;
    }
    let p5 = POW5[u as usize];
    let mask = u64::MAX >> (64 - r);
    let half = p5 >> 1;
    Test {
        p5,
        mask,
        lo: half + 1,
        width: if mask / 2 >= half { mask - 2 * half } else { 0 },
    }
}

/// A binade of the test window: its [`LENS`] row and its digit tests
/// (for `ND[1..]`).
#[derive(Clone, Copy)]
struct Tested {
    lens: [u8; 4],
    test: [Test; 3],
}

/// The binades `TESTS_FROM ..` with their digit tests.
static TESTS: [Tested; 128] = {
    let mut t = [Tested {
        lens: [1; 4],
        test: [NO_TEST; 3],
    }; 128];
    let mut k = 0;
    while k < 128 {
        t[k].lens = LENS[TESTS_FROM + k];
        let mut i = 0;
        while i < 3 {
            t[k].test[i] = digit_test((TESTS_FROM + k) as i32, i);
            i += 1;
        }
        k += 1;
    }
    t
};

/// Does the normal double with significand `m` print at least the digit
/// count `t` is for? (`false`: not known; see above. Only the low `r`
/// bits of X = m 5^u matter, so the product wraps at 64 bits; 5^u is odd,
/// so "twice the distance above 5^u" is "the distance above 5^u >> 1".)
#[inline(always)]
fn at_least_digits(m: u64, t: &Test) -> bool {
    // frac = X mod 2^r is farther than 5^u >> 1 from 0 and from 2^r:
    // (5^u >> 1) + 1 <= frac <= 2^r - (5^u >> 1) - 1.
    let frac = m.wrapping_mul(t.p5) & t.mask;
    frac.wrapping_sub(t.lo) < t.width
}

/// The least length `json_encode` prints for the double `d` with
/// serialize_precision = -1, its sign included (`None` for INF/NAN).
#[inline(always)]
fn double_len(d: f64) -> Option<usize> {
    let bits = d.to_bits();
    let b = (bits >> 52) as usize & 0x7ff;
    let sign = (bits >> 63) as usize;
    let m = (bits & ((1 << 52) - 1)) | (1 << 52);
    // (The test window holds finite binades only.)
    let len = match TESTS.get(b.wrapping_sub(TESTS_FROM)) {
        Some(t) => {
            if at_least_digits(m, &t.test[1]) {
                if at_least_digits(m, &t.test[2]) {
                    t.lens[3]
                } else {
                    t.lens[2]
                }
            } else if at_least_digits(m, &t.test[0]) {
                t.lens[1]
            } else {
                t.lens[0]
            }
        }
        None if b == 0x7ff => return None,
        None => LENS.get(b)?[0],
    };
    Some(sign + len as usize)
}

#[cfg(test)]
mod tests {
    use super::{double_len, long_len};
    use rustjson_core::number::write_double_shortest;

    /// Every binade whose digit tests can be taken is in the window of
    /// `TESTS`.
    #[test]
    fn digit_test_window() {
        for b in 0..0x800 {
            for i in 0..3 {
                let t = super::digit_test(b, i);
                let inside = (super::TESTS_FROM..super::TESTS_FROM + 128).contains(&(b as usize));
                assert!(inside || t.width == 0, "binade {b} test {i}");
            }
        }
    }

    #[test]
    fn short_ascii_checks() {
        for n in 0..=16usize {
            let clean = vec![b'a'; n];
            assert!(super::short_ascii(&clean), "{n}");
            for i in 0..n {
                let mut s = clean.clone();
                s[i] = 0x80 | (i as u8);
                assert!(!super::short_ascii(&s), "{n} {i}");
                assert_eq!(super::valid_utf8(&s), core::str::from_utf8(&s).is_ok());
            }
        }
        for n in 17..=200usize {
            let clean = vec![b'a'; n];
            assert!(super::valid_utf8(&clean), "{n}");
            if n <= 128 {
                assert!(super::mid_ascii(&clean), "{n}");
            }
            for i in 0..n {
                let mut s = clean.clone();
                s[i] = 0x80 | (i as u8);
                if n <= 128 {
                    assert!(!super::mid_ascii(&s), "{n} {i}");
                }
                assert_eq!(super::valid_utf8(&s), core::str::from_utf8(&s).is_ok());
                // A valid two-byte sequence there.
                if i + 1 < n {
                    s[i] = 0xc3;
                    s[i + 1] = 0xa9;
                    assert!(super::valid_utf8(&s), "{n} {i}");
                }
            }
        }
    }

    #[test]
    fn long_lengths() {
        for v in [
            0i64,
            7,
            9,
            10,
            99,
            100,
            -1,
            -10,
            i64::MAX,
            i64::MIN,
            123456789,
        ] {
            assert_eq!(long_len(v), v.to_string().len(), "{v}");
        }
        for k in 0..19 {
            let p = 10i64.pow(k);
            for v in [p - 1, p, p + 1, -p + 1, -p, -p - 1] {
                assert_eq!(long_len(v), v.to_string().len(), "{v}");
            }
        }
        for b in 0..64 {
            let p = 1u64 << b;
            for u in [p - 1, p, p + 1, u64::MAX >> (63 - b)] {
                assert_eq!(super::decimal_len(u), u.to_string().len(), "{u}");
            }
        }
        assert_eq!(super::decimal_len(u64::MAX), 20);
        assert_eq!(super::decimal_len(10_000_000_000_000_000_000), 20);
        assert_eq!(super::decimal_len(9_999_999_999_999_999_999), 19);
    }

    /// xorshift64*: a fixed-seed stream for the sweeps.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    /// Checks the bound of `d` against the real formatter, both signs and
    /// both PRESERVE_ZERO_FRACTION settings; returns the bound and the
    /// length (positive, no PRESERVE_ZERO_FRACTION).
    fn check(d: f64) -> (usize, usize) {
        let mut out = (0, 0);
        if !d.is_finite() {
            return out;
        }
        for v in [d, -d] {
            for pzf in [false, true] {
                let mut text = Vec::new();
                write_double_shortest(&mut text, v, pzf);
                let bound = double_len(v).expect("finite");
                assert!(
                    bound <= text.len(),
                    "{v:e} ({:#x}) pzf={pzf}: bound {bound} > {:?}",
                    v.to_bits(),
                    String::from_utf8_lossy(&text)
                );
                if v == d && !pzf {
                    out = (bound, text.len());
                }
            }
        }
        out
    }

    #[test]
    #[cfg_attr(miri, ignore = "millions of doubles: minutes of native time")]
    fn double_bound_never_exceeds_the_text() {
        assert!(double_len(f64::INFINITY).is_none());
        assert!(double_len(f64::NEG_INFINITY).is_none());
        assert!(double_len(f64::NAN).is_none());
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut sum_bound, mut sum_len) = (0usize, 0usize);
        // Every biased exponent: its edges and random mantissas (the low
        // bits also zeroed, for short digit strings).
        for b in 0u64..0x7ff {
            let mut ms = vec![0, 1, 2, (1 << 52) - 1, (1 << 52) - 2, 1 << 51];
            for _ in 0..600 {
                let m = rng.next() & ((1 << 52) - 1);
                ms.push(m);
                ms.push(m & !((1 << (rng.next() % 53)) - 1));
            }
            for m in ms {
                let d = f64::from_bits((b << 52) | m);
                let (bound, len) = check(d);
                sum_bound += bound;
                sum_len += len;
                // Neighbours.
                check(f64::from_bits(d.to_bits().wrapping_add(1)));
                if d.to_bits() > 0 {
                    check(f64::from_bits(d.to_bits() - 1));
                }
            }
        }
        // Powers of ten, their neighbours, short decimals, integers.
        for k in -330..=310 {
            let p: f64 = format!("1e{k}").parse().unwrap_or(0.0);
            for d in [p, p * 2.0, p * 5.0, p * 1.5, p * 9.999] {
                check(d);
                check(f64::from_bits(d.to_bits().wrapping_add(1)));
                check(f64::from_bits(d.to_bits().wrapping_sub(1)));
            }
        }
        for i in 0..100_000u64 {
            check(i as f64);
            check(i as f64 / 10.0);
            check(i as f64 / 100.0);
            check(i as f64 / 1000.0 + 1e5);
            check((rng.next() >> (rng.next() % 64)) as f64);
        }
        for k in 0..64 {
            let p = (1u64 << k) as f64;
            check(p);
            check(p - 1.0);
            check(p + 1.0);
            check(f64::from_bits(p.to_bits() - 1));
        }
        // Short decimals of every digit count and their near neighbours
        // (a few ulps off: the hard cases of the digit test).
        for _ in 0..300_000 {
            let nd = 1 + rng.next() % 17;
            let digits = rng.next() % 10u64.pow(nd as u32);
            let exp = (rng.next() % 60) as i32 - 40;
            let d: f64 = format!("{digits}e{exp}").parse().unwrap_or(0.0);
            for k in 0..4u64 {
                check(f64::from_bits(d.to_bits().wrapping_add(k)));
                check(f64::from_bits(d.to_bits().wrapping_sub(k)));
            }
        }
        // Typical coordinates: the bound is tight to two or three bytes.
        let (mut cb, mut cl) = (0, 0);
        for _ in 0..200_000 {
            let d = (rng.next() >> 11) as f64 / (1u64 << 53) as f64 * 360.0 - 180.0;
            let (bound, len) = check(d);
            cb += bound;
            cl += len;
        }
        assert!(cb * 100 >= cl * 90, "coordinates: bound {cb} of {cl} bytes");
        eprintln!("random bits: bound {sum_bound} of {sum_len} bytes; coordinates: {cb} of {cl}");
    }
}
