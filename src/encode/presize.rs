//! A lower bound of a large output, so that its string is reserved once.
//!
//! Past PHP's largest in-chunk block (about 2 MiB) every growth of the
//! output is a `mremap`/`mmap` of one more page, and every page is a fresh
//! page fault: a multi-megabyte output costs hundreds of system calls and
//! faults, which stock pays too. When the output first grows past that
//! size, [`lower_bound`] walks the whole value once more, without writing,
//! and returns a length the output is certain to reach: the buffer is then
//! grown to it in one step and its pages are populated in one call
//! (`OutBuf::reserve_total`).
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
//! object other than a plain stdClass, any other type. Flags that can make
//! the output shorter than the bound (NUMERIC_CHECK, the INVALID_UTF8 and
//! PARTIAL_OUTPUT flags) turn it off. Every count is at most what the
//! encoder writes: a string at least its bytes and two quotes (escapes
//! only lengthen it), a double at least one digit, the punctuation and
//! pretty-print whitespace exactly.
use super::frames::Frames;
use crate::php::outbuf::PresizeCtx;
use crate::php::sys;
use crate::php::view::{Marked, Table, Zv};
use rustjson_core::options as opt;

/// Flags under which no bound is taken.
const OFF: u32 = opt::NUMERIC_CHECK
    | opt::PARTIAL_OUTPUT_ON_ERROR
    | opt::INVALID_UTF8_IGNORE
    | opt::INVALID_UTF8_SUBSTITUTE;

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
    /// The output counted so far.
    n: usize,
}

/// The walk stopped: the bound counted so far stands.
struct Stop;

/// A length the output of `json_encode(root, options, max_depth)` is
/// certain to reach if the call succeeds, and that stock's output also
/// reaches before any failure (0 when no bound is taken).
///
/// # Safety
/// `ctx.root` is the call's live argument and `ctx` the context of the
/// encoder encoding it (mid-walk: its frame record is read, not written);
/// nothing else runs meanwhile (no user code, no PHP allocation).
pub unsafe fn lower_bound(ctx: PresizeCtx) -> usize {
    let root = ctx.root;
    let (options, max_depth) = (ctx.options, ctx.depth);
    if options & OFF != 0 || ctx.frames.is_null() {
        return 0;
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
        n: 0,
    };
    // SAFETY: the caller's contract.
    let _ = w.value(unsafe { Zv::new(root) }, 0);
    w.n
}

impl Walk<'_> {
    fn value(&mut self, v: Zv, depth: i32) -> Result<(), Stop> {
        match v.ty() {
            sys::IS_NULL | sys::IS_TRUE => self.n += 4,
            sys::IS_FALSE => self.n += 5,
            sys::IS_LONG => self.n += long_len(v.long()),
            sys::IS_DOUBLE => {
                let d = v.double();
                if !d.is_finite() {
                    return Err(Stop);
                }
                self.n += 1 + usize::from(d.is_sign_negative());
            }
            sys::IS_STRING => self.string(v.str().bytes())?,
            sys::IS_ARRAY => {
                let t = v.table();
                let as_list = !self.force_object && t.is_list();
                self.container(t, as_list, false, depth)?;
            }
            sys::IS_OBJECT => {
                let o = v.obj();
                if !o.std_handlers() || o.class().as_ptr() != self.std_class {
                    return Err(Stop);
                }
                match o.properties() {
                    Some(t) => {
                        let p = t.as_ptr() as usize;
                        if self.path.contains(&p) {
                            return Err(Stop);
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
            _ => return Err(Stop),
        }
        Ok(())
    }

    /// A string value or key: valid UTF-8 (else the encode fails here), at
    /// least its bytes and two quotes.
    fn string(&mut self, b: &[u8]) -> Result<(), Stop> {
        if !b.is_ascii() && core::str::from_utf8(b).is_err() {
            return Err(Stop);
        }
        self.n += b.len() + 2;
        Ok(())
    }

    /// Stock's depth check fails a container entered at the limit (also
    /// an empty one, at its close).
    fn check_depth(&self, depth: i32) -> Result<(), Stop> {
        if depth >= self.max_depth {
            Err(Stop)
        } else {
            Ok(())
        }
    }

    fn container(&mut self, t: Table, as_list: bool, object: bool, depth: i32) -> Result<(), Stop> {
        // A table marked by anything but this encode: the encode fails
        // with a recursion error here.
        if t.is_recursive() && !self.frames.marks(t.as_ptr() as usize) {
            return Err(Stop);
        }
        self.check_depth(depth)?;
        // The opening bracket; the separators, pretty's newlines and
        // indentation and the closing bracket are added once the container
        // is complete (a stop inside it leaves them uncounted).
        self.n += 1;
        let mut count = 0usize;
        if as_list && t.is_packed() {
            // A list: its values only.
            let mut c = t.packed();
            while c.more() {
                let Some((v, _)) = c.step() else { continue };
                count += 1;
                self.element(v, depth)?;
            }
        } else {
            for e in t.iter() {
                let v = e.val;
                if !as_list {
                    match e.key() {
                        Some(k) => {
                            let k = k.bytes();
                            // Mangled (private/protected) names are skipped
                            // in objects.
                            if object && k.first() == Some(&0) {
                                continue;
                            }
                            self.string(k)?;
                        }
                        None => self.n += long_len(e.index()) + 2,
                    }
                    // The colon (pretty: and a space).
                    self.n += 1 + usize::from(self.pretty);
                }
                count += 1;
                self.element(v, depth)?;
            }
        }
        if count > 0 {
            // The commas; pretty: a newline and indentation before each
            // element and before the closing bracket.
            self.n += count - 1;
            if self.pretty {
                self.n += count * (1 + 4 * (depth as usize + 1)) + 1 + 4 * depth as usize;
            }
        }
        self.n += 1;
        Ok(())
    }

    /// An element's value, at `depth + 1`.
    #[inline(always)]
    fn element(&mut self, v: Zv, depth: i32) -> Result<(), Stop> {
        match v.ty() {
            // The common leaves inline.
            sys::IS_DOUBLE => {
                if !v.double().is_finite() {
                    return Err(Stop);
                }
                self.n += 1;
                Ok(())
            }
            sys::IS_LONG => {
                self.n += long_len(v.long());
                Ok(())
            }
            sys::IS_REFERENCE => Err(Stop),
            _ => self.value(v, depth + 1),
        }
    }
}

/// The length of `v` in decimal.
fn long_len(v: i64) -> usize {
    let mut n = usize::from(v < 0) + 1;
    let mut u = v.unsigned_abs();
    while u >= 10 {
        u /= 10;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::long_len;

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
    }
}
