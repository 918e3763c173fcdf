//! json_encode(): the value walk. Mirrors ext/json's json_encoder.c
//! (`php_json_encode_zval`, `php_json_encode_array`,
//! `php_json_encode_serializable_object`, `php_json_encode_serializable_enum`)
//! decision for decision, so side effects (jsonSerialize calls, property
//! handlers, destructors), error codes and partial output are stock's.
//! Strings and numbers go to the PHP-free cores in `rustjson_core`.
//!
//! Deliberate deviation: the remaining C stack is checked (at container
//! entry once nesting is deep, and at every jsonSerialize() call), as PHP
//! 8.3+ does, so that absurdly deep input gives error 1 (depth) instead of
//! the segfault stock PHP 8.2 has there.
use crate::php::outbuf::OutBuf;
use crate::php::sys;
use crate::php::zval::{self, HtIter};
use rustjson_core::options::{self as opt, error};
use rustjson_core::{escape, number, Sink};

/// A failed encode step (`FAILURE` in php-src).
pub struct Fail;
type Status = Result<(), Fail>;

/// `repr(C)`: the hot fields first (short displacements), `pend` last.
#[repr(C)]
pub struct Encoder {
    pub buf: OutBuf,
    options: u32,
    depth: i32,
    max_depth: i32,
    pub error_code: i32,
    stack_limit: usize,
    /// The escape mode of `options`, resolved once per call.
    mode: escape::EscapeMode,
    /// How many fast array frames are pending (not held yet): the top
    /// `npend` fast frames of the walk, whose tables are `pend[..npend]`.
    npend: usize,
    /// Containers entered below this depth take the fast frames: under
    /// STACK_CHECK_DEPTH and `max_depth` (deeper ones, which fail, go the
    /// general way).
    fast_depth: i32,
    /// An empty array's text: `[]`, or `{}` under FORCE_OBJECT.
    empty_array: [u8; 2],
    /// The tables of the pending fast array frames, outermost first, each
    /// with bit 0 set when its zval is refcounted (see
    /// [`Encoder::hold_pending`]). Fast frames nest at most STACK_CHECK_DEPTH
    /// deep (they are only entered below it, and each adds a level).
    pend: [core::mem::MaybeUninit<usize>; STACK_CHECK_DEPTH as usize],
}

const PARTIAL: u32 = opt::PARTIAL_OUTPUT_ON_ERROR;

/// Container nesting from which the C stack is checked at every level.
const STACK_CHECK_DEPTH: i32 = 128;

/// `ZEND_DOUBLE_MAX_LENGTH`: 3 + DBL_MANT_DIG - DBL_MIN_EXP.
const DOUBLE_MAX_LENGTH: usize = 3 + 53 + 1021;

impl Encoder {
    pub fn new(options: u32, max_depth: i32) -> Self {
        Encoder {
            buf: OutBuf::new(),
            options,
            depth: 0,
            max_depth,
            error_code: 0,
            stack_limit: 0,
            mode: escape::EscapeMode::new(options),
            pend: [core::mem::MaybeUninit::uninit(); STACK_CHECK_DEPTH as usize],
            npend: 0,
            fast_depth: max_depth.clamp(0, STACK_CHECK_DEPTH),
            empty_array: if options & opt::FORCE_OBJECT != 0 {
                *b"{}"
            } else {
                *b"[]"
            },
        }
    }

    #[inline(always)]
    fn partial(&self) -> bool {
        self.options & PARTIAL != 0
    }

    #[inline(always)]
    fn pretty(&self) -> bool {
        self.options & opt::PRETTY_PRINT != 0
    }

    /// Newline and indentation before an element, under PRETTY_PRINT.
    #[inline(always)]
    fn pretty_newline_indent(&mut self) {
        if self.pretty() {
            self.sep_newline_indent(None);
        }
    }

    /// PRETTY_PRINT's framing before an element: `sep` when given (`,`, or
    /// the `{` a map walk writes with its first member), a newline and four
    /// spaces per level, in one reservation.
    #[inline(always)]
    fn sep_newline_indent(&mut self, sep: Option<u8>) {
        let c = usize::from(sep.is_some());
        let n = c + 1 + 4 * self.depth.max(0) as usize;
        self.buf.reserve(n);
        // SAFETY: n bytes reserved, all written before commit (the
        // separator, written unconditionally, is overwritten by the newline
        // when there is none).
        unsafe {
            let p = self.buf.spare_ptr();
            p.write(sep.unwrap_or(b'\n'));
            p.add(c).write(b'\n');
            core::ptr::write_bytes(p.add(c + 1), b' ', n - c - 1);
            self.buf.commit(n);
        }
    }

    /// Hold the arrays of the fast array frames not held yet: what stock
    /// does at every container's entry (a counted copy of the zval, and the
    /// recursion mark), done only once it can matter. A fast array frame
    /// walks plain data (no user code can run and no cycle can close there:
    /// an array cycle needs a reference or an object), so it defers both
    /// until its walk reaches anything else: every other path (objects,
    /// references, JsonSerializable, other types) calls this first, before
    /// user code can run or a recursion mark be read. Observably the same:
    /// refcounts and marks are in place whenever they can be looked at.
    ///
    /// The pending frames are always the innermost fast frames of the walk
    /// (a frame pushes its table at entry and pops it at exit if still
    /// pending; this empties the list), so a frame knows at its exit whether
    /// it was held meanwhile: its slot is then at or above `npend`.
    #[inline(always)]
    fn hold_pending(&mut self) {
        if self.npend != 0 {
            self.hold_pending_frames();
        }
    }

    #[inline(never)]
    fn hold_pending_frames(&mut self) {
        for i in 0..self.npend.min(STACK_CHECK_DEPTH as usize) {
            // SAFETY: entries below npend were written by the fast frames
            // still on the stack; their tables are live (nothing could free
            // them: no user code ran since they were entered).
            unsafe {
                let e = self.pend[i].assume_init();
                let ht = (e & !1) as *mut sys::HashTable;
                if e & 1 != 0 {
                    (*ht).gc.refcount += 1;
                }
                zval::gc_try_protect(&mut (*ht).gc);
            }
        }
        self.npend = 0;
    }

    /// Does a child's result stop the walk of its container? A failure
    /// does when not in partial mode; running out of memory always does.
    #[inline(always)]
    fn aborts(&self, r: Status) -> bool {
        (r.is_err() && !self.partial()) || self.buf.oom()
    }

    /// The common kinds of value (null, bools, ints, doubles, strings, arrays),
    /// shared by [`Encoder::encode_child`] and [`Encoder::encode_zval`];
    /// `None` for everything else.
    /// `P`: PRETTY_PRINT (which the arrays' walks are built for).
    #[inline(always)]
    fn encode_common<const P: bool>(&mut self, val: *mut sys::zval, t: u32) -> Option<Status> {
        // SAFETY: val is a live zval of type `t`.
        unsafe {
            match t {
                sys::IS_NULL => self.buf.extend(b"null"),
                sys::IS_TRUE => self.buf.extend(b"true"),
                sys::IS_FALSE => self.buf.extend(b"false"),
                sys::IS_LONG => number::write_long(&mut self.buf, (*val).value.lval),
                sys::IS_DOUBLE => self.encode_double_zval((*val).value.dval),
                sys::IS_STRING => {
                    let s = zval::zstr_bytes((*val).value.str_);
                    // SAFETY: s is a zend_string's bytes, after its header.
                    if self.options & opt::NUMERIC_CHECK == 0
                        && escape::write_short_string(
                            &mut self.buf,
                            escape::Key::tail16(s),
                            &self.mode,
                        )
                    {
                        return Some(Ok(()));
                    }
                    return Some(self.escape_string(s, self.options));
                }
                sys::IS_ARRAY => return Some(self.encode_array_zval::<P>(val)),
                _ => return None,
            }
        }
        Some(Ok(()))
    }

    /// A container element: the common kinds inline in the walk, everything
    /// else through [`Encoder::encode_zval`] (same semantics, one call less).
    /// `P`: PRETTY_PRINT.
    #[inline(always)]
    fn encode_child<const P: bool>(&mut self, val: *mut sys::zval) -> Status {
        // SAFETY: val is a live element of the container being walked.
        let t = unsafe { zval::ztype(val) };
        match self.encode_common::<P>(val, t) {
            Some(r) => r,
            None if t == sys::IS_OBJECT => self.encode_object_fast::<P>(val),
            None => self.encode_zval(val),
        }
    }

    /// [`Encoder::encode_child`] where PRETTY_PRINT is only known at run time.
    #[inline(always)]
    fn encode_child_dyn(&mut self, val: *mut sys::zval) -> Status {
        if self.pretty() {
            self.encode_child::<true>(val)
        } else {
            self.encode_child::<false>(val)
        }
    }

    /// A non-empty array (nested data, mostly): what
    /// [`Encoder::encode_container_copy`] and [`Encoder::encode_array`] do
    /// for an array, in a smaller frame. Deep nesting and recursion go the
    /// general way. `P`: PRETTY_PRINT.
    #[inline(never)]
    unsafe fn encode_array_fast<const P: bool>(&mut self, val: *mut sys::zval) -> Status {
        // SAFETY: val is a live, non-empty IS_ARRAY zval; the copy holds its
        // own reference until ptr_dtor_nogc.
        unsafe {
            let ht = (*val).value.arr;
            if self.depth >= self.fast_depth || zval::gc_is_recursive(&(*ht).gc) {
                return self.encode_container_copy(val);
            }
            // The counted copy and the recursion mark are deferred: see
            // hold_pending.
            let slot = self.npend;
            let refcounted = (*val).u1.v.type_flags != 0;
            // In bounds: fast frames nest under STACK_CHECK_DEPTH deep.
            debug_assert!(slot < STACK_CHECK_DEPTH as usize);
            *self.pend.get_unchecked_mut(slot) =
                core::mem::MaybeUninit::new(ht as usize | usize::from(refcounted));
            self.npend = slot + 1;
            let as_list = self.options & opt::FORCE_OBJECT == 0 && zval::array_is_list_nonempty(ht);
            if as_list {
                self.buf.push(b'[');
            }
            self.depth += 1;
            let mut need_comma = false;
            let r = if !as_list {
                self.walk_map::<false, P>(ht, &mut need_comma)
            } else if (*ht).u.flags & sys::HASH_FLAG_PACKED != 0 {
                self.walk_packed::<false, P>(ht, &mut need_comma)
            } else {
                self.walk_hash_list::<P>(ht, &mut need_comma)
            };
            let close = if as_list { b']' } else { b'}' };
            if self.npend > slot {
                // Never held: off the list.
                self.npend = slot;
                return self.close_fast::<P>(r, need_comma, close);
            }
            // Held on the way.
            zval::gc_try_unprotect(&mut (*ht).gc);
            let r = self.close_fast::<P>(r, need_comma, close);
            if refcounted {
                zval::release_counted(ht.cast(), sys::IS_ARRAY_EX);
            }
            r
        }
    }

    /// An object inside a container: a plain object (see
    /// [`Encoder::object_fast_ok`]) encoded here as `php_json_encode_zval`
    /// and `php_json_encode_array` do it (a counted copy of the zval; then
    /// its declared slots, or `zend_std_get_properties_for`: the table, with
    /// a reference for the walk), in a smaller frame than
    /// [`Encoder::encode_array`]'s. Anything else (hooked properties and
    /// lazy objects on PHP 8.4+ included) goes the general way.
    #[inline(never)]
    fn encode_object_fast<const P: bool>(&mut self, val: *mut sys::zval) -> Status {
        self.hold_pending();
        // SAFETY: val is a live IS_OBJECT element of the container being
        // walked.
        unsafe {
            if !self.object_fast_ok((*val).value.obj) {
                return self.encode_zval(val);
            }
            self.encode_plain_object_fast::<P>(val)
        }
    }

    /// May a plain object take [`Encoder::encode_plain_object_fast`]? No
    /// interface (so neither JsonSerializable nor anything an internal
    /// class adds), not an enum, the standard property handlers, below
    /// `fast_depth`; on PHP 8.4+ also no hooked properties and not lazy
    /// (stock's condition for its declared-slots path; with a table, the
    /// table is then the object's own, read without user code, and carries
    /// the recursion mark, as before 8.4).
    #[inline(always)]
    unsafe fn object_fast_ok(&self, obj: *const sys::zend_object) -> bool {
        // SAFETY: obj is live.
        unsafe {
            let ce = (*obj).ce;
            (*ce).num_interfaces == 0
                && (*ce).ce_flags & sys::ZEND_ACC_ENUM == 0
                && zval::std_props_handlers(obj)
                && self.depth < self.fast_depth
                && (cfg!(not(php84)) || sys::rustjson_obj_no_hooks_not_lazy(obj))
        }
    }

    /// The body of [`Encoder::encode_object_fast`], for an object that
    /// [`Encoder::object_fast_ok`] accepted, the pending frames held: its
    /// declared slots when it has no property table, else the table (a
    /// recursive one goes the general way, which reports it).
    #[inline(always)]
    unsafe fn encode_plain_object_fast<const P: bool>(&mut self, val: *mut sys::zval) -> Status {
        // SAFETY: val is a live IS_OBJECT zval; the copy holds a reference
        // to the object, and the walk one to its property table, until they
        // are released.
        unsafe {
            let obj = (*val).value.obj;
            let ht = (*obj).properties;
            if ht.is_null() {
                return self.encode_slots_fast::<P>(val, obj);
            }
            if zval::gc_is_recursive(&(*ht).gc) {
                return self.encode_container_copy(val);
            }
            // The counted copy of the zval, as its parts.
            let type_info = (*val).u1.type_info;
            zval::try_addref(val);
            zval::gc_try_addref(&mut (*ht).gc);
            zval::gc_try_protect(&mut (*ht).gc);
            self.depth += 1;
            let mut need_comma = false;
            // walk_map writes the `{`.
            let r = self.walk_map::<true, P>(ht, &mut need_comma);
            zval::gc_try_unprotect(&mut (*ht).gc);
            let r = self.close_fast::<P>(r, need_comma, b'}');
            release_properties(ht);
            zval::release_counted(obj.cast(), type_info);
            r
        }
    }

    /// [`Encoder::encode_object_fast`] for an object without a property
    /// table: `php_json_encode_array`'s "optimized version without
    /// rebuilding properties HashTable" (as [`Encoder::encode_plain_object`],
    /// behind the counted copy of `php_json_encode_zval`), in the fast
    /// frames' shape: the declared slots in slot order, each read fresh
    /// (user code below may change them), protected and private ones and
    /// unset ones skipped, the recursion mark on the object.
    #[inline(always)]
    unsafe fn encode_slots_fast<const P: bool>(
        &mut self,
        val: *mut sys::zval,
        obj: *mut sys::zend_object,
    ) -> Status {
        // SAFETY: val is a live object zval whose object has no property
        // table and the standard handlers; the copy holds a reference to
        // the object until it is released; slot offsets come from its class.
        unsafe {
            if zval::gc_is_recursive(&(*obj).gc) {
                self.error_code = error::RECURSION;
                self.buf.extend(b"null");
                return Err(Fail);
            }
            let type_info = (*val).u1.type_info;
            zval::try_addref(val);
            zval::gc_try_protect(&mut (*obj).gc);
            self.depth += 1;
            let ce = (*obj).ce;
            let mut need_comma = false;
            let mut sep = b'{';
            let mut r = Ok(());
            let count = (*ce).default_properties_count.max(0) as usize;
            for i in 0..count {
                let Some((name, prop)) = zval::visible_slot(obj, i) else {
                    continue;
                };
                self.map_str_key::<P>(name, sep);
                sep = b',';
                let rc = self.encode_child::<P>(prop);
                if self.aborts(rc) {
                    r = Err(Fail);
                    break;
                }
            }
            if r.is_ok() {
                self.map_end(sep, &mut need_comma);
            }
            zval::gc_try_unprotect(&mut (*obj).gc);
            let r = self.close_fast::<P>(r, need_comma, b'}');
            zval::release_counted(obj.cast(), type_info);
            r
        }
    }

    /// The end of a container walked by [`Encoder::encode_array_fast`] or
    /// [`Encoder::encode_object_fast`], after its walk `r`: the depth check
    /// of `php_json_encode_array`, then the closing bracket. (The frames are
    /// entered below `max_depth`, but the check can still fail: in partial
    /// mode a child that failed inside its own frame leaves its level
    /// counted, as stock's encoder does.)
    /// Under PRETTY_PRINT (`P`) a newline and the indentation come first
    /// when the container had a member (`need_comma`).
    #[inline(always)]
    fn close_fast<const P: bool>(&mut self, r: Status, need_comma: bool, close: u8) -> Status {
        r?;
        if self.depth > self.max_depth {
            self.error_code = error::DEPTH;
            if !self.partial() {
                return Err(Fail);
            }
        }
        self.depth -= 1;
        if P && need_comma {
            self.sep_newline_indent(None);
        }
        self.buf.push(close);
        Ok(())
    }

    /// An array value: `[]`/`{}` directly when empty (nothing to walk, protect
    /// or count), otherwise the full container walk.
    #[inline(always)]
    unsafe fn encode_array_zval<const P: bool>(&mut self, val: *mut sys::zval) -> Status {
        // SAFETY: val is a live IS_ARRAY zval.
        unsafe {
            if zval::ht_count((*val).value.arr) == 0 {
                return self.encode_empty_array();
            }
            self.encode_array_fast::<P>(val)
        }
    }

    /// `php_json_encode_array` for an empty array: open, depth check at
    /// close, close. (Failing in non-partial mode discards the output, so
    /// only the error matters there.)
    #[inline(always)]
    fn encode_empty_array(&mut self) -> Status {
        if self.depth >= self.max_depth {
            self.error_code = error::DEPTH;
            if !self.partial() {
                return Err(Fail);
            }
        }
        let s = self.empty_array;
        self.buf.extend(&s);
        Ok(())
    }

    /// `php_json_encode_zval`.
    #[inline(never)]
    pub fn encode_zval(&mut self, mut val: *mut sys::zval) -> Status {
        if self.buf.oom() {
            return Err(Fail);
        }
        self.hold_pending();
        loop {
            // SAFETY: val is a live zval owned by PHP for the whole call.
            unsafe {
                let t = zval::ztype(val);
                let common = if self.pretty() {
                    self.encode_common::<true>(val, t)
                } else {
                    self.encode_common::<false>(val, t)
                };
                if let Some(r) = common {
                    return r;
                }
                match t {
                    sys::IS_OBJECT => {
                        let obj = (*val).value.obj;
                        let ce = (*obj).ce;
                        if zval::implements(ce, crate::php::serializable_ce()) {
                            return self.encode_serializable_object(val);
                        }
                        if (*ce).ce_flags & sys::ZEND_ACC_ENUM != 0 {
                            return self.encode_serializable_enum(obj);
                        }
                        if self.object_fast_ok(obj) {
                            return if self.pretty() {
                                self.encode_plain_object_fast::<true>(val)
                            } else {
                                self.encode_plain_object_fast::<false>(val)
                            };
                        }
                        return self.encode_container_copy(val);
                    }
                    sys::IS_REFERENCE => {
                        val = zval::refval(val);
                        continue;
                    }
                    _ => {
                        self.error_code = error::UNSUPPORTED_TYPE;
                        if self.partial() {
                            self.buf.extend(b"null");
                        }
                        return Err(Fail);
                    }
                }
            }
        }
    }

    /// Arrays and plain objects: encoded from a counted copy of the zval so
    /// that jsonSerialize() cannot free the container mid-walk (bug77843).
    unsafe fn encode_container_copy(&mut self, val: *mut sys::zval) -> Status {
        // SAFETY: val is live; the copy holds its own reference until ptr_dtor_nogc.
        unsafe {
            let mut copy: sys::zval = *val;
            zval::try_addref(&mut copy);
            let r = self.encode_array(&mut copy);
            zval::ptr_dtor_nogc(&mut copy);
            r
        }
    }

    /// A double value: its text, or `0` with error 7 for INF/NAN.
    #[inline(never)]
    fn encode_double_zval(&mut self, d: f64) {
        if d.is_finite() {
            self.encode_double(d);
        } else {
            self.error_code = error::INF_OR_NAN;
            self.buf.push(b'0');
        }
    }

    /// `php_json_encode_double`.
    #[inline(always)]
    fn encode_double(&mut self, d: f64) {
        let precision = crate::php::serialize_precision();
        let pzf = self.options & opt::PRESERVE_ZERO_FRACTION != 0;
        if precision == -1 {
            number::write_double_shortest(&mut self.buf, d, pzf);
        } else {
            self.encode_double_precision(d, precision, pzf);
        }
    }

    /// [`Encoder::encode_double`] for a `serialize_precision` other than -1:
    /// PHP's own zend_gcvt (out of line, with its 1 KiB buffer, so that the
    /// shortest path keeps a small frame).
    #[inline(never)]
    fn encode_double_precision(&mut self, d: f64, precision: i64, pzf: bool) {
        {
            let mut num = [0u8; DOUBLE_MAX_LENGTH + 3];
            // SAFETY: the buffer has ZEND_DOUBLE_MAX_LENGTH bytes, as zend_gcvt requires.
            let mut len =
                unsafe { sys::rustjson_gcvt(d, precision as i32, num.as_mut_ptr().cast()) };
            let text = num.get(..len).unwrap_or(&[]);
            if pzf && !text.contains(&b'.') && len < DOUBLE_MAX_LENGTH - 2 {
                num[len] = b'.';
                num[len + 1] = b'0';
                len += 2;
            }
            self.buf.extend(num.get(..len).unwrap_or(&[]));
        }
    }

    /// `php_json_escape_string`, NUMERIC_CHECK included.
    #[inline(always)]
    fn escape_string(&mut self, s: &[u8], options: u32) -> Status {
        if options & opt::NUMERIC_CHECK != 0 && !s.is_empty() && self.numeric_string(s) {
            return Ok(());
        }
        // (An empty string is `""`, written by the core.)
        if escape::escape_with(&mut self.buf, s, &self.mode).is_err() {
            return self.utf8_error();
        }
        Ok(())
    }

    /// NUMERIC_CHECK: a numeric string is written as the number it holds
    /// (not INF/NAN ones, which stay strings). Returns whether it was.
    #[inline(never)]
    fn numeric_string(&mut self, s: &[u8]) -> bool {
        let mut l: sys::zend_long = 0;
        let mut d: f64 = 0.0;
        // SAFETY: s is a valid byte slice; the out-pointers are locals.
        let t =
            unsafe { sys::rustjson_is_numeric_string(s.as_ptr().cast(), s.len(), &mut l, &mut d) };
        if u32::from(t) == sys::IS_LONG {
            number::write_long(&mut self.buf, l);
            true
        } else if u32::from(t) == sys::IS_DOUBLE && d.is_finite() {
            self.encode_double(d);
            true
        } else {
            false
        }
    }

    /// Invalid UTF-8 without IGNORE/SUBSTITUTE (the core already cut the
    /// output back to before the string).
    #[cold]
    #[inline(never)]
    fn utf8_error(&mut self) -> Status {
        self.error_code = utf8_failure(&mut self.buf, self.options);
        Err(Fail)
    }

    /// An object key (or property name): escaped without NUMERIC_CHECK; a
    /// bad key becomes `""` in partial mode and is otherwise ignored.
    #[inline]
    fn write_key(&mut self, key: &[u8]) {
        if self
            .escape_string(key, self.options & !opt::NUMERIC_CHECK)
            .is_err()
            && self.partial()
        {
            let len = self.buf.len();
            self.buf.truncate(len.saturating_sub(4));
            self.buf.extend(b"\"\"");
        }
    }

    #[inline(always)]
    fn stack_exhausted(&mut self) -> bool {
        if self.stack_limit == 0 {
            self.stack_limit = crate::stack::limit();
        }
        let here = 0u8;
        (&here as *const u8 as usize) < self.stack_limit
    }

    /// The stack guard for containers: only worth a look once nesting is
    /// deep (each level costs a few hundred bytes of stack).
    #[inline(always)]
    fn container_stack_exhausted(&mut self) -> bool {
        self.depth >= STACK_CHECK_DEPTH && self.stack_exhausted()
    }

    /// `php_json_encode_array`: arrays, and objects encoded as their
    /// properties. A slow frame: it holds what is pending, and itself.
    unsafe fn encode_array(&mut self, val: *mut sys::zval) -> Status {
        self.hold_pending();
        if self.container_stack_exhausted() {
            self.error_code = error::DEPTH;
            if self.partial() {
                self.buf.extend(b"null");
            }
            return Err(Fail);
        }
        // SAFETY: val is a live, counted copy of an array or object zval.
        unsafe {
            let myht: *mut sys::HashTable;
            let prop_ht: *mut sys::HashTable;
            let as_list: bool;
            let is_object = zval::ztype(val) == sys::IS_OBJECT;
            if !is_object {
                myht = (*val).value.arr;
                prop_ht = core::ptr::null_mut();
                as_list = self.options & opt::FORCE_OBJECT == 0 && zval::array_is_list(myht);
            } else {
                let obj = (*val).value.obj;
                if zval::obj_fast_path_ok(obj) {
                    return self.encode_plain_object(obj);
                }
                // Before 8.4 the fast path is refused with standard handlers
                // only when the table exists; 8.4+ also refuses hooked and
                // lazy objects, whose table may not exist yet (or must be
                // built by initializing the object): the real call does that.
                let std = cfg!(not(php84))
                    && !(*obj).properties.is_null()
                    && zval::std_props_handlers(obj);
                myht = if std {
                    // zend_std_get_properties_for(JSON): the materialized
                    // table, with a reference for the walk.
                    let ht = (*obj).properties;
                    zval::gc_try_addref(&mut (*ht).gc);
                    ht
                } else {
                    sys::rustjson_get_properties_for_json(val)
                };
                prop_ht = myht;
                as_list = false;
            }

            // What carries the recursion mark: the table, or (8.4+, hooked
            // classes, whose table is a temporary) the object itself.
            let hooked = is_object && zval::class_has_hooks((*(*val).value.obj).ce);
            let recursion_rc: *mut sys::zend_refcounted_h = if hooked {
                &mut (*(*val).value.obj).gc
            } else if myht.is_null() {
                core::ptr::null_mut()
            } else {
                &mut (*myht).gc
            };
            if !recursion_rc.is_null() && zval::gc_is_recursive(recursion_rc) {
                self.error_code = error::RECURSION;
                self.buf.extend(b"null");
                release_properties(prop_ht);
                return Err(Fail);
            }
            if !recursion_rc.is_null() {
                zval::gc_try_protect(recursion_rc);
            }
            let walks = !hooked && !myht.is_null();
            // The map walks write their `{` themselves.
            if !walks || as_list {
                self.buf.push(if as_list { b'[' } else { b'{' });
            }
            self.depth += 1;

            let mut need_comma = false;
            if walks {
                // Without hooks: the specialized walks.
                let r = if self.pretty() {
                    self.walk_any::<true>(myht, is_object, as_list, &mut need_comma)
                } else {
                    self.walk_any::<false>(myht, is_object, as_list, &mut need_comma)
                };
                if r.is_err() {
                    zval::gc_try_unprotect(recursion_rc);
                    release_properties(prop_ht);
                    return Err(Fail);
                }
            } else if !myht.is_null() && zval::ht_count(myht) > 0 {
                for e in HtIter::new(myht) {
                    if !as_list
                        && is_object
                        && !e.key.is_null()
                        && zval::zstr_bytes(e.key).first() == Some(&0)
                    {
                        // Skip protected and private members (mangled names).
                        continue;
                    }
                    let data = e.val;
                    // 8.4+: hooked properties appear as IS_PTR property infos;
                    // their value is read through the get hook.
                    #[cfg(php84)]
                    let mut tmp: sys::zval = core::mem::zeroed();
                    #[cfg(php84)]
                    let hooked_tmp = zval::ztype(data) == sys::IS_PTR;
                    #[cfg(php84)]
                    let data = if hooked_tmp {
                        let mut status = 0;
                        let read =
                            sys::rustjson_read_hooked_property(val, data, &mut tmp, &mut status);
                        match status {
                            0 => continue,
                            1 => read,
                            _ => {
                                if !recursion_rc.is_null() {
                                    zval::gc_try_unprotect(recursion_rc);
                                }
                                release_properties(prop_ht);
                                return Err(Fail);
                            }
                        }
                    } else {
                        data
                    };
                    if as_list {
                        self.comma(&mut need_comma);
                    } else if !e.key.is_null() {
                        self.key(zval::zstr_bytes(e.key), &mut need_comma);
                    } else {
                        self.comma(&mut need_comma);
                        self.write_int_key(e.h as i64);
                    }
                    let r = self.encode_child_dyn(data);
                    #[cfg(php84)]
                    if hooked_tmp {
                        sys::rustjson_zval_ptr_dtor(&mut tmp);
                    }
                    if self.aborts(r) {
                        if !recursion_rc.is_null() {
                            zval::gc_try_unprotect(recursion_rc);
                        }
                        release_properties(prop_ht);
                        return Err(Fail);
                    }
                }
            }
            if !recursion_rc.is_null() {
                zval::gc_try_unprotect(recursion_rc);
            }
            if self.depth > self.max_depth {
                self.error_code = error::DEPTH;
                if !self.partial() {
                    release_properties(prop_ht);
                    return Err(Fail);
                }
            }
            self.depth -= 1;
            if need_comma {
                self.pretty_newline_indent();
            }
            self.buf.push(if as_list { b']' } else { b'}' });
            release_properties(prop_ht);
            Ok(())
        }
    }

    /// The "optimized version without rebuilding properties HashTable":
    /// declared property slots of a plain object, in slot order.
    unsafe fn encode_plain_object(&mut self, obj: *mut sys::zend_object) -> Status {
        // SAFETY: obj is live (held by our counted copy); slots are read fresh
        // on every iteration because user code may change them.
        unsafe {
            if zval::gc_is_recursive(&(*obj).gc) {
                self.error_code = error::RECURSION;
                self.buf.extend(b"null");
                return Err(Fail);
            }
            zval::gc_try_protect(&mut (*obj).gc);
            self.buf.push(b'{');
            self.depth += 1;

            let ce = (*obj).ce;
            let mut need_comma = false;
            let count = (*ce).default_properties_count.max(0) as usize;
            for i in 0..count {
                let Some((name, prop)) = zval::visible_slot(obj, i) else {
                    continue;
                };
                self.key(name, &mut need_comma);
                let r = self.encode_child_dyn(prop);
                if self.aborts(r) {
                    zval::gc_try_unprotect(&mut (*obj).gc);
                    return Err(Fail);
                }
            }
            zval::gc_try_unprotect(&mut (*obj).gc);
            if self.depth > self.max_depth {
                self.error_code = error::DEPTH;
                if !self.partial() {
                    return Err(Fail);
                }
            }
            self.depth -= 1;
            if need_comma {
                self.pretty_newline_indent();
            }
            self.buf.push(b'}');
            Ok(())
        }
    }

    /// `,` when needed, then a string key and `:` (with PRETTY_PRINT's
    /// newline, indent and space).
    #[inline(always)]
    fn key(&mut self, key: &[u8], need_comma: &mut bool) {
        if self.pretty() {
            self.comma(need_comma);
            self.write_key(key);
            self.colon();
        } else {
            self.key_compact(key, need_comma);
        }
    }

    /// [`Encoder::key`] without PRETTY_PRINT: a short clean key, with its
    /// comma, quotes and colon, in one write.
    #[inline(always)]
    fn key_compact(&mut self, key: &[u8], need_comma: &mut bool) {
        let sep = need_comma.then_some(b',');
        if !escape::write_key::<_, 0, 15>(&mut self.buf, escape::Key::new(key), &self.mode, sep) {
            self.key_slow(key, sep);
        }
        *need_comma = true;
    }

    /// A key that [`Encoder::key_compact`] does not take: 16 to 64
    /// clean bytes the same way ([`escape::write_key`]), else `sep`
    /// when given, the escaped key, `:`.
    #[inline(never)]
    fn key_slow(&mut self, key: &[u8], sep: Option<u8>) {
        if escape::write_key::<_, 16, 64>(&mut self.buf, escape::Key::new(key), &self.mode, sep) {
            return;
        }
        if let Some(b) = sep {
            self.buf.push(b);
        }
        self.write_key(key);
        self.buf.push(b':');
    }

    /// The elements of a string-keyed (or mixed) array:
    /// `ZEND_HASH_FOREACH_KEY_VAL_IND` over the buckets, the separators and
    /// key written together. The opening `{` is written here, with the first
    /// key (or alone when there is none): the caller does not write it.
    /// `OBJ`: a property table (protected and private members, whose
    /// mangled names start with a NUL byte, are skipped). `P`: PRETTY_PRINT
    /// (a newline and the indentation after the separator, `": "`).
    #[inline(always)]
    unsafe fn walk_map<const OBJ: bool, const P: bool>(
        &mut self,
        ht: *mut sys::HashTable,
        need_comma: &mut bool,
    ) -> Status {
        // SAFETY: ht is a live table held by our counted copy (a packed one,
        // under FORCE_OBJECT or with holes, goes to walk_packed); nNumUsed
        // and arData are read once, as the C macro does.
        unsafe {
            if (*ht).u.flags & sys::HASH_FLAG_PACKED != 0 {
                return self.walk_packed::<true, P>(ht, need_comma);
            }
            // What precedes the next key: the object's `{`, then `,`.
            let mut sep = b'{';
            let mut b = (*ht).__bindgen_anon_1.arData;
            let end = b.add((*ht).nNumUsed as usize);
            while b < end {
                let cur = b;
                b = b.add(1);
                zval::prefetch_bucket(cur.wrapping_add(2), end);
                if b < end {
                    zval::prefetch_inner(&(*b).val);
                }
                let mut z: *mut sys::zval = &mut (*cur).val;
                if zval::ztype(z) == sys::IS_INDIRECT {
                    z = zval::indirect(z);
                }
                if zval::ztype(z) == sys::IS_UNDEF {
                    continue;
                }
                let key = (*cur).key;
                if !key.is_null() {
                    let k = zval::zstr_bytes(key);
                    if OBJ && k.first() == Some(&0) {
                        // Skip protected and private members.
                        continue;
                    }
                    self.map_str_key::<P>(k, sep);
                } else {
                    self.map_int_key::<P>((*cur).h as i64, sep);
                }
                sep = b',';
                let r = self.encode_child::<P>(z);
                if self.aborts(r) {
                    return Err(Fail);
                }
            }
            self.map_end(sep, need_comma);
            Ok(())
        }
    }

    /// The elements of a packed array: as a list, or (`KEYS`, under
    /// FORCE_OBJECT) with their integer keys (and then, as in
    /// [`Encoder::walk_map`], the opening `{` too). `P`: PRETTY_PRINT.
    #[inline(always)]
    unsafe fn walk_packed<const KEYS: bool, const P: bool>(
        &mut self,
        ht: *mut sys::HashTable,
        need_comma: &mut bool,
    ) -> Status {
        // SAFETY: ht is a live packed array held by our counted copy;
        // nNumUsed and the data pointer are read once, as the C macro does.
        unsafe {
            let base = (*ht).__bindgen_anon_1.arPacked;
            let end = base.add((*ht).nNumUsed as usize);
            let mut sep = b'{';
            let mut z = base;
            while z < end {
                let mut cur = z;
                z = z.add(1);
                zval::prefetch_zval(cur.wrapping_add(2), end);
                if z < end {
                    zval::prefetch_inner(z);
                }
                if zval::ztype(cur) == sys::IS_INDIRECT {
                    cur = zval::indirect(cur);
                }
                if zval::ztype(cur) == sys::IS_UNDEF {
                    continue;
                }
                if KEYS {
                    let index = z.offset_from(base) - 1;
                    self.map_int_key::<P>(index as i64, sep);
                    sep = b',';
                } else {
                    self.list_sep::<P>(need_comma);
                }
                let r = self.encode_child::<P>(cur);
                if self.aborts(r) {
                    return Err(Fail);
                }
            }
            if KEYS {
                self.map_end(sep, need_comma);
            }
            Ok(())
        }
    }

    /// A list stored as a hash (e.g. after unset() of its last element and
    /// re-adding). `P`: PRETTY_PRINT.
    #[inline(never)]
    unsafe fn walk_hash_list<const P: bool>(
        &mut self,
        ht: *mut sys::HashTable,
        need_comma: &mut bool,
    ) -> Status {
        // SAFETY: ht is a live array held by our counted copy.
        unsafe {
            for e in HtIter::new(ht) {
                self.list_sep::<P>(need_comma);
                let r = self.encode_child::<P>(e.val);
                if self.aborts(r) {
                    return Err(Fail);
                }
            }
            Ok(())
        }
    }

    /// Before a list element: `,` after the first; under PRETTY_PRINT (`P`)
    /// then a newline and the indentation.
    #[inline(always)]
    fn list_sep<const P: bool>(&mut self, need_comma: &mut bool) {
        if P {
            self.sep_newline_indent(need_comma.then_some(b','));
        } else if *need_comma {
            self.buf.push(b',');
        }
        *need_comma = true;
    }

    /// The walk of a table by kind (property table, map, packed list, hash
    /// list), for the general path. `P`: PRETTY_PRINT.
    #[inline(always)]
    unsafe fn walk_any<const P: bool>(
        &mut self,
        ht: *mut sys::HashTable,
        is_object: bool,
        as_list: bool,
        need_comma: &mut bool,
    ) -> Status {
        // SAFETY: ht is a live table held by the caller.
        unsafe {
            if is_object {
                self.walk_map::<true, P>(ht, need_comma)
            } else if !as_list {
                self.walk_map::<false, P>(ht, need_comma)
            } else if (*ht).u.flags & sys::HASH_FLAG_PACKED != 0 {
                self.walk_packed::<false, P>(ht, need_comma)
            } else {
                self.walk_hash_list::<P>(ht, need_comma)
            }
        }
    }

    /// A string key in a map walk, after `sep` (`{` or `,`): `sep"key":`,
    /// or under PRETTY_PRINT (`P`) `sep`, newline, indentation, `"key": `.
    /// Clean keys of up to 32 bytes are written inline, others by
    /// [`Encoder::key_slow`].
    ///
    /// # Safety
    /// `k` is a zend_string's bytes: the short-key check reads the 16 bytes
    /// that end where `k` ends, and the string's header precedes them.
    #[inline(always)]
    unsafe fn map_str_key<const P: bool>(&mut self, k: &[u8], sep: u8) {
        // SAFETY: forwarded.
        unsafe {
            if P {
                self.sep_newline_indent(Some(sep));
                if !escape::write_key::<_, 0, 32>(
                    &mut self.buf,
                    escape::Key::tail16(k),
                    &self.mode,
                    None,
                ) {
                    self.key_slow(k, None);
                }
                self.buf.push(b' ');
            } else if !escape::write_key::<_, 0, 32>(
                &mut self.buf,
                escape::Key::tail16(k),
                &self.mode,
                Some(sep),
            ) {
                self.key_slow(k, Some(sep));
            }
        }
    }

    /// An integer key in a map walk, after `sep` (`{` or `,`): `sep"h":`,
    /// or under PRETTY_PRINT (`P`) `sep`, newline, indentation, `"h": `.
    #[inline(always)]
    fn map_int_key<const P: bool>(&mut self, h: i64, sep: u8) {
        if P {
            self.sep_newline_indent(Some(sep));
            number::write_int_key(&mut self.buf, h, None);
            self.buf.push(b' ');
        } else {
            number::write_int_key(&mut self.buf, h, Some(sep));
        }
    }

    /// The end of a map walk whose next separator is `sep`: the `{` when no
    /// member was written; `need_comma` says whether one was.
    #[inline(always)]
    fn map_end(&mut self, sep: u8, need_comma: &mut bool) {
        if sep == b'{' {
            self.buf.push(b'{');
        } else {
            *need_comma = true;
        }
    }

    #[inline(always)]
    fn comma(&mut self, need_comma: &mut bool) {
        if *need_comma {
            self.buf.push(b',');
        } else {
            *need_comma = true;
        }
        self.pretty_newline_indent();
    }

    /// `"123":` (or `"123": ` when pretty) for an integer key.
    #[inline(always)]
    fn write_int_key(&mut self, h: i64) {
        self.buf.push(b'"');
        number::write_long(&mut self.buf, h);
        let s: &[u8] = if self.pretty() { b"\": " } else { b"\":" };
        self.buf.extend(s);
    }

    #[inline(always)]
    fn colon(&mut self) {
        if self.pretty() {
            self.buf.extend(b": ");
        } else {
            self.buf.push(b':');
        }
    }

    /// `php_json_encode_serializable_object` (PHP 8.2–8.4 semantics).
    unsafe fn encode_serializable_object(&mut self, val: *mut sys::zval) -> Status {
        // Every jsonSerialize() call nests PHP frames on the C stack, without
        // any container depth: guard here too (chains of objects returning
        // new objects are unbounded otherwise).
        if self.stack_exhausted() {
            self.error_code = error::DEPTH;
            if self.partial() {
                self.buf.extend(b"null");
            }
            return Err(Fail);
        }
        // SAFETY: val is a live object zval; retval is ours until ptr_dtor.
        unsafe {
            let obj = (*val).value.obj;
            let ce = (*obj).ce;
            let mut mark: *mut sys::HashTable = core::ptr::null_mut();
            if sys::rustjson_serializable_enter(obj, &mut mark) {
                self.error_code = error::RECURSION;
                if self.partial() {
                    self.buf.extend(b"null");
                }
                return Err(Fail);
            }

            let mut retval: sys::zval = core::mem::zeroed();
            let r = sys::rustjson_call_json_serialize(val, &mut retval);
            if r != sys::SUCCESS || zval::ztype(&retval) == sys::IS_UNDEF {
                if sys::rustjson_has_failed_calling_exception() && !sys::rustjson_has_exception() {
                    sys::rustjson_throw_failed_calling(ce);
                }
                if self.partial() {
                    self.buf.extend(b"null");
                }
                sys::rustjson_serializable_leave(obj, mark);
                return Err(Fail);
            }
            if sys::rustjson_has_exception() {
                sys::rustjson_zval_ptr_dtor(&mut retval);
                if self.partial() {
                    self.buf.extend(b"null");
                }
                sys::rustjson_serializable_leave(obj, mark);
                return Err(Fail);
            }
            let rc = if zval::ztype(&retval) == sys::IS_OBJECT && retval.value.obj == obj {
                // `return $this;`: encode its properties directly.
                sys::rustjson_serializable_leave(obj, mark);
                self.encode_array(&mut retval)
            } else {
                let rc = self.encode_zval(&mut retval);
                sys::rustjson_serializable_leave(obj, mark);
                rc
            };
            sys::rustjson_zval_ptr_dtor(&mut retval);
            rc
        }
    }

    /// `php_json_encode_serializable_enum`.
    unsafe fn encode_serializable_enum(&mut self, obj: *mut sys::zend_object) -> Status {
        // SAFETY: obj is a live enum case.
        unsafe {
            if (*(*obj).ce).enum_backing_type == sys::IS_UNDEF {
                self.error_code = error::NON_BACKED_ENUM;
                self.buf.push(b'0');
                return Err(Fail);
            }
            self.encode_zval(sys::rustjson_enum_case_value(obj))
        }
    }
}

/// A string with invalid UTF-8 (and neither IGNORE nor SUBSTITUTE), after
/// the core cut the output back to before it: `null` in its place under
/// PARTIAL_OUTPUT_ON_ERROR; returns the error code (`php_json_escape_string`).
#[cold]
#[inline(never)]
pub fn utf8_failure(buf: &mut OutBuf, options: u32) -> i32 {
    if options & PARTIAL != 0 {
        buf.extend(b"null");
    }
    error::UTF8
}

/// `zend_release_properties`: drop the walk's reference (the last one
/// destroys the table, in PHP).
#[inline(always)]
unsafe fn release_properties(ht: *mut sys::HashTable) {
    if ht.is_null() {
        return;
    }
    // SAFETY: ht came from zend_get_properties_for (or its inlined std case).
    unsafe {
        let gc = &mut (*ht).gc;
        if gc.u.type_info & sys::GC_IMMUTABLE == 0 && gc.refcount > 1 {
            gc.refcount -= 1;
        } else {
            sys::rustjson_release_properties(ht);
        }
    }
}
