//! json_encode(): the value walk. Mirrors ext/json's json_encoder.c
//! (`php_json_encode_zval`, `php_json_encode_array`,
//! `php_json_encode_serializable_object`, `php_json_encode_serializable_enum`)
//! decision for decision, so side effects (jsonSerialize calls, property
//! handlers, destructors), error codes and partial output are stock's.
//! Strings and numbers go to the PHP-free cores in `rustjson_core`.
//!
//! The modules:
//! - `walk`: `php_json_encode_zval` (the dispatch on a value's type);
//! - `containers`: arrays, and the one walk over a table's elements;
//! - `objects`: objects (declared slots, property tables, JsonSerializable,
//!   enums);
//! - `scalars`: doubles, strings, NUMERIC_CHECK;
//! - `keys`: every call of the escape core's API (`rustjson_core::escape`);
//! - `layout`: compact vs PRETTY_PRINT, a type chosen once per call;
//! - `frames`: what the walk holds (counted copies, recursion marks), its
//!   release after a caught panic;
//! - `inject`: test-only panic injection (feature `panic-inject`).
//!
//! Raw access to PHP values lives in `crate::php` (`php::view`'s handles).
//!
//! Deliberate deviation: the remaining C stack is checked (once nesting is
//! deep: at every general container frame, every DEEP_STEP fast ones; and at
//! every jsonSerialize() call), as PHP
//! 8.3+ does, so that absurdly deep input gives error 1 (depth) instead of
//! the segfault stock PHP 8.2 has there.
mod containers;
mod frames;
mod inject;
mod keys;
mod layout;
mod objects;
pub(crate) mod presize;
mod scalars;
mod walk;

pub use frames::{Store as FrameStore, FAST_CAP};
#[cfg(feature = "panic-inject")]
pub use inject::register as register_panic_inject;
pub use keys::encode_lone_string;

/// RSHUTDOWN: what the walk keeps per thread between calls (the deep
/// frames' block) goes.
pub fn request_shutdown() {
    frames::deep::request_shutdown();
}

use crate::php::outbuf::OutBuf;
use crate::php::view::Zv;
use rustjson_core::options::{self as opt, error};
use rustjson_core::{escape, Sink};

/// A failed encode step (`FAILURE` in php-src).
pub struct Fail;
type Status = Result<(), Fail>;

/// Container nesting from which the C stack is checked: at every level in
/// the general frames, every DEEP_STEP levels in the fast ones (which
/// [`frames`] records inline below this depth, in a block past it).
const STACK_CHECK_DEPTH: i32 = 128;

/// Fast frames past STACK_CHECK_DEPTH are taken this many levels at a time
/// (see `Encoder::encode_array_deep`).
const DEEP_STEP: i32 = 32;

/// The C stack a fast array frame takes when entered by a call (its
/// registers, locals and return address on x86-64), which a chained frame
/// (`Encoder::list_chain`) is counted as by the stack guard.
const CHAIN_FRAME_BYTES: usize = 160;

/// `repr(C)`: the hot fields first (short displacements), the frame record
/// last.
#[repr(C)]
pub struct Encoder {
    pub buf: OutBuf,
    options: u32,
    depth: i32,
    max_depth: i32,
    pub error_code: i32,
    stack_limit: usize,
    /// Chained list frames open (see `Encoder::list_chain`): entered in a
    /// loop, they take no C stack, but the stack guard counts them as the
    /// frames they stand for ([`CHAIN_FRAME_BYTES`] each), so a nest fails
    /// with the depth error where its calls would have run out of stack.
    chained: usize,
    /// The escape mode of `options`, resolved once per call.
    mode: escape::EscapeMode,
    /// Containers entered below this depth take the fast frames: under
    /// STACK_CHECK_DEPTH and `max_depth` at first (deeper ones, which fail,
    /// go the general way); raised DEEP_STEP levels at a time by the deep
    /// gate (`Encoder::encode_array_deep`).
    fast_depth: i32,
    /// An empty array's text: `[]`, or `{}` under FORCE_OBJECT.
    empty_array: [u8; 2],
    /// The last class found to implement JsonSerializable, and the last
    /// found not to (null before): the interface check once per class run,
    /// not per object (see `Encoder::is_serializable_class`).
    serializable_class: *const crate::php::sys::zend_class_entry,
    plain_class: *const crate::php::sys::zend_class_entry,
    /// What the large-output bound needs (see [`presize`]; set by
    /// `arm_presize`).
    presize: crate::php::outbuf::PresizeCtx,
    /// What the walk holds: see [`frames`].
    frames: frames::Frames,
}

// Nothing the encoder keeps live across user code or an allocation (which
// may bail out of the call with a longjmp) may have a destructor.
const _: () = assert!(!core::mem::needs_drop::<Encoder>());
const _: () = assert!(!core::mem::needs_drop::<OutBuf>());
const _: () = assert!(!core::mem::needs_drop::<frames::Frames>());
const _: () = assert!(!core::mem::needs_drop::<crate::php::view::LocalZval>());

/// How a failure shows in the output (see [`Encoder::fail`]).
#[derive(Clone, Copy)]
enum Out {
    /// Nothing written.
    Nothing,
    /// `null` in the value's place, always (recursion).
    Null,
    /// `null` in the value's place under PARTIAL_OUTPUT_ON_ERROR.
    NullIfPartial,
    /// `0` in the value's place, always (non-backed enums).
    Zero,
}

impl Encoder {
    /// An encoder writing into `buf`, its fast frames recorded in `fast`
    /// (containers nest that deep in fast frames before the deep gate).
    pub fn new(buf: OutBuf, fast: frames::Store, options: u32, max_depth: i32) -> Self {
        Encoder {
            buf,
            options,
            depth: 0,
            max_depth,
            error_code: 0,
            stack_limit: 0,
            chained: 0,
            mode: escape::EscapeMode::new(options),
            // (A cap is at most FAST_CAP: no overflow.)
            fast_depth: max_depth.min(fast.cap() as i32).max(0),
            presize: crate::php::outbuf::PresizeCtx {
                root: core::ptr::null_mut(),
                options,
                depth: max_depth,
                frames: core::ptr::null(),
            },
            serializable_class: core::ptr::null(),
            plain_class: core::ptr::null(),
            empty_array: if options & opt::FORCE_OBJECT != 0 {
                *b"{}"
            } else {
                *b"[]"
            },
            frames: frames::Frames::new(fast),
        }
    }

    /// Let the output take a lower bound of its size when it grows large
    /// (see [`presize`]).
    ///
    /// # Safety
    /// `root` is the call's live argument, encoded by this encoder, which
    /// stays where it is until the call ends.
    pub unsafe fn arm_presize(&mut self, root: *mut crate::php::sys::zval) {
        self.presize = crate::php::outbuf::PresizeCtx {
            root,
            options: self.options,
            depth: self.max_depth,
            frames: (&raw const self.frames).cast(),
        };
        // SAFETY: the caller's contract: the encoder (its context and
        // frames) stays in place; the context is not written again.
        unsafe { self.buf.presize(&raw const self.presize) };
    }

    /// Encode `value` (the call's argument), compact (with or without a
    /// `JSON_HEX_*` byte flag: see [`layout::CompactHex`]) or pretty as the
    /// options say: the one place the layout is chosen.
    pub fn encode(&mut self, value: Zv) {
        let _ = if self.options & opt::PRETTY_PRINT != 0 {
            self.encode_root::<layout::Pretty>(value)
        } else if self.options & (opt::HEX_TAG | opt::HEX_AMP | opt::HEX_APOS) != 0 {
            self.encode_root::<layout::CompactHex>(value)
        } else {
            self.encode_root::<layout::Compact>(value)
        };
    }

    /// The call's value: an array straight to its frame (at the root
    /// nothing is pending or out of memory yet: what `encode_zval` checks
    /// first), anything else by its type.
    #[inline(always)]
    fn encode_root<L: layout::Layout>(&mut self, value: Zv) -> Status {
        if value.ty() == crate::php::sys::IS_ARRAY {
            return self.encode_array_value::<L>(value);
        }
        self.encode_zval::<L>(value)
    }

    /// The end of a walk: the error code (the output stays in `buf` for
    /// the caller to hand over or free).
    #[inline(always)]
    pub fn finish(&mut self) -> i32 {
        // (The frames' log has no heap part left: see Frames::pop.)
        self.frames.end();
        self.error_code
    }

    /// The end of a walk that succeeded with an output still in the
    /// caller's small storage (see `OutBuf::on_stack`): that output, the
    /// call's result as it stands (the encoder keeps it; nothing is left to
    /// free). `None` for anything else: [`Encoder::finish`] then.
    #[inline(always)]
    pub fn small_success(&mut self) -> Option<&[u8]> {
        self.frames.end();
        if self.error_code != 0 {
            return None;
        }
        self.buf.stack_output()
    }

    /// After a panic caught around [`Encoder::encode`]: give back every
    /// reference and recursion mark the walk held (see [`frames`]) and
    /// free the output.
    pub fn recover_after_panic(&mut self) {
        self.frames.release_all();
        self.buf.free();
    }

    #[inline(always)]
    fn partial(&self) -> bool {
        self.options & opt::PARTIAL_OUTPUT_ON_ERROR != 0
    }

    /// Record error `code` (`encoder->error_code = code`): the one place
    /// an error code is set.
    #[inline(always)]
    fn error(&mut self, code: i32) {
        self.error_code = code;
    }

    /// The failure of a value: its error code (none for 0: an exception is
    /// pending), what stands in its place in the output, `Err`.
    #[inline(always)]
    fn fail(&mut self, code: i32, out: Out) -> Status {
        if code != error::NONE {
            self.error(code);
        }
        match out {
            Out::Nothing => {}
            Out::Null => self.buf.extend(b"null"),
            Out::NullIfPartial => {
                if self.partial() {
                    self.buf.extend(b"null")
                }
            }
            Out::Zero => self.buf.push(b'0'),
        }
        Err(Fail)
    }

    /// Does a child's result stop the walk of its container? A failure
    /// does when not in partial mode; running out of memory always does.
    #[inline(always)]
    fn aborts(&self, r: Status) -> bool {
        (r.is_err() && !self.partial()) || self.buf.oom()
    }

    /// The depth check of `php_json_encode_array` (`over`: the container's
    /// content lies past `max_depth`): error 1, which stops the walk unless
    /// in partial mode.
    #[inline(always)]
    fn check_depth(&mut self, over: bool) -> Status {
        if over {
            self.error(error::DEPTH);
            if !self.partial() {
                return Err(Fail);
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn stack_exhausted(&mut self) -> bool {
        if self.stack_limit == 0 {
            self.stack_limit = crate::stack::limit();
        }
        let here = 0u8;
        (&here as *const u8 as usize).saturating_sub(self.chained * CHAIN_FRAME_BYTES)
            < self.stack_limit
    }

    /// The stack guard for containers: only worth a look once nesting is
    /// deep (each level costs a few hundred bytes of stack).
    #[inline(always)]
    fn container_stack_exhausted(&mut self) -> bool {
        self.depth >= STACK_CHECK_DEPTH && self.stack_exhausted()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_check_stops_unless_partial() {
        let mut e = Encoder::new(OutBuf::new(), frames::Store::none(), 0, 512);
        assert!(e.check_depth(false).is_ok());
        assert!(e.check_depth(true).is_err());
        assert_eq!(e.error_code, error::DEPTH);
        let mut e = Encoder::new(
            OutBuf::new(),
            frames::Store::none(),
            opt::PARTIAL_OUTPUT_ON_ERROR,
            512,
        );
        assert!(e.check_depth(true).is_ok());
        assert_eq!(e.error_code, error::DEPTH);
    }

    #[test]
    fn fail_sets_the_code_once_and_keeps_exception_paths_codeless() {
        let mut e = Encoder::new(OutBuf::new(), frames::Store::none(), 0, 512);
        assert!(e.fail(error::RECURSION, Out::Nothing).is_err());
        assert_eq!(e.error_code, error::RECURSION);
        assert!(e.fail(error::NONE, Out::Nothing).is_err());
        assert_eq!(e.error_code, error::RECURSION);
        assert!(e.fail(error::NONE, Out::NullIfPartial).is_err());
        assert_eq!(e.buf.len(), 0);
    }

    #[test]
    fn aborts_only_outside_partial_mode() {
        let e = Encoder::new(OutBuf::new(), frames::Store::none(), 0, 512);
        assert!(e.aborts(Err(Fail)));
        assert!(!e.aborts(Ok(())));
        let e = Encoder::new(
            OutBuf::new(),
            frames::Store::none(),
            opt::PARTIAL_OUTPUT_ON_ERROR,
            512,
        );
        assert!(!e.aborts(Err(Fail)));
    }

    #[test]
    fn fast_depth_and_empty_array() {
        let mut words = vec![0usize; FrameStore::words(FAST_CAP)];
        // SAFETY: the words outlive the encoder, which never walks.
        let fast = unsafe { FrameStore::new(words.as_mut_ptr(), FAST_CAP) };
        let e = Encoder::new(OutBuf::new(), fast, opt::FORCE_OBJECT, 1000);
        assert_eq!(e.fast_depth, STACK_CHECK_DEPTH);
        assert_eq!(&e.empty_array, b"{}");
        // SAFETY: as above, 8 of them.
        let few = unsafe { FrameStore::new(words.as_mut_ptr(), 8) };
        let e = Encoder::new(OutBuf::new(), few, 0, 1000);
        assert_eq!(e.fast_depth, 8);
        let e = Encoder::new(OutBuf::new(), frames::Store::none(), 0, -5);
        assert_eq!(e.fast_depth, 0);
        assert_eq!(&e.empty_array, b"[]");
    }
}
