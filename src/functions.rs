//! The PHP entry points: `json_encode()` and `json_validate()`, with the
//! argument handling and the error bookkeeping of json.c.
use crate::encode::Encoder;
use crate::lent;
use crate::override_::{self, Swap};
use crate::php::outbuf::OutBuf;
use crate::php::{self, sys};
use ext_php_rs::builders::ModuleBuilder;
use rustjson_core::options as opt;
use rustjson_core::Sink;
use std::panic::{catch_unwind, AssertUnwindSafe};

static JSON_ENCODE: Swap = Swap::new("json_encode");
static JSON_DECODE: Swap = Swap::new("json_decode");
#[cfg(php83)]
static JSON_VALIDATE: Swap = Swap::new("json_validate");

/// Outputs shorter than this are written on the stack and allocated once,
/// at their exact size, by a lone string that needs escapes, and in their
/// space by a json_encode() inside jsonSerialize() (other calls have the
/// thread's 16 KiB: see [`lent`]). Stock's first block holds 231 bytes
/// (SMART_STR_START_LEN); past that it grows to page-rounded sizes. Our
/// cores reserve a little more than they write (room for vector stores),
/// so a buffer that left the stack at 231 bytes could take a 4 KiB block
/// where stock's output (e.g. one that fails there) still fits its first
/// 256-byte one: starting with twice that on the stack, the heap is only
/// touched where stock's buffer is page-sized too.
pub(crate) const SMALL_OUTPUT: usize = 512;

/// Default `$depth` (PHP_JSON_PARSER_DEFAULT_DEPTH).
const DEFAULT_DEPTH: i64 = 512;

pub fn install() {
    JSON_ENCODE.install(json_encode_handler);
    JSON_DECODE.install(json_decode_handler);
    #[cfg(php83)]
    JSON_VALIDATE.install(json_validate_swapped);
}

pub fn uninstall() {
    JSON_ENCODE.uninstall();
    JSON_DECODE.uninstall();
    #[cfg(php83)]
    JSON_VALIDATE.uninstall();
}

/// `json_last_error_msg()` texts (json.c:php_json_get_error_msg).
pub fn error_message(code: i32) -> &'static [u8] {
    match code {
        0 => b"No error\0",
        1 => b"Maximum stack depth exceeded\0",
        2 => b"State mismatch (invalid or malformed JSON)\0",
        3 => b"Control character error, possibly incorrectly encoded\0",
        4 => b"Syntax error\0",
        5 => b"Malformed UTF-8 characters, possibly incorrectly encoded\0",
        6 => b"Recursion detected\0",
        7 => b"Inf and NaN cannot be JSON encoded\0",
        8 => b"Type is not supported\0",
        9 => b"The decoded property name is invalid\0",
        10 => b"Single unpaired UTF-16 surrogate in unicode escape\0",
        11 => b"Non-backed enums have no default serialization\0",
        _ => b"Unknown error\0",
    }
}

fn internal_error() {
    // SAFETY: throwing from inside a PHP function call.
    unsafe {
        sys::rustjson_throw_internal_error(c"rustjson: internal error (please report)".as_ptr())
    };
}

/// `PHP_FUNCTION(json_encode)`.
unsafe extern "C" fn json_encode_handler(ex: *mut sys::zend_execute_data, rv: *mut sys::zval) {
    // SAFETY: ex/rv are the frame and return slot of a json_encode() call.
    unsafe {
        let argc = override_::num_args(ex);
        let options = override_::long_arg(ex, argc, 2, 0);
        let depth = override_::long_arg(ex, argc, 3, DEFAULT_DEPTH);
        let (Some(options), Some(depth)) = (options, depth) else {
            return JSON_ENCODE.call_stock(ex, rv);
        };
        if !crate::ini::enabled() || !(1..=3).contains(&argc) {
            return JSON_ENCODE.call_stock(ex, rv);
        }
        let value = override_::arg(ex, 1);
        // Stock casts both to C int.
        let opts = options as i32 as u32;
        #[cfg(feature = "floor-probe")]
        if opts & crate::probe::PROBE != 0 && opts & crate::probe::CLONE != 0 {
            // The value's deep copy (the decode floor's build part): no
            // Rust value is live while Zend allocates.
            return sys::rustjson_probe_clone(rv, value);
        }
        // The three routes are tail calls, each with its own frame: the
        // handler itself saves no registers and sets up no storage.
        if lone_string(value, opts) {
            return encode_lone_string(value, opts, options, rv);
        }
        // IS_NULL, IS_FALSE, IS_TRUE, IS_LONG, IS_DOUBLE (one compare: the
        // containers go on at once).
        if php::zval::ztype(value) <= sys::IS_DOUBLE {
            return encode_scalar_or_value(value, opts, options, depth, rv);
        }
        encode_value(value, opts, options, depth, rv);
    }
}

/// A lone scalar: its exact text where `encode_lone_scalar` has one, else
/// the walk (INF/NAN, serialize_precision other than -1).
///
/// # Safety
/// `value` is the call's live first argument; `rv` its return slot.
#[inline(never)]
unsafe fn encode_scalar_or_value(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    depth: i64,
    rv: *mut sys::zval,
) {
    // SAFETY: forwarded.
    unsafe {
        if !encode_lone_scalar(value, opts, options, rv) {
            encode_value(value, opts, options, depth, rv);
        }
    }
}

/// Any value but a lone string or scalar: the walk, in the thread's call
/// space ([`lent`]) when no other walk on this thread has it, else (a
/// json_encode() inside a jsonSerialize()) in a nested space. Its own frame
/// (saved registers), so that the lone string and scalar paths of the
/// handler set none of it up.
///
/// # Safety
/// `value` is the call's live first argument; `rv` its return slot.
#[inline(never)]
unsafe fn encode_value(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    depth: i64,
    rv: *mut sys::zval,
) {
    let Some(space) = lent::take() else {
        // SAFETY: forwarded.
        return unsafe { encode_value_nested(value, opts, options, depth, rv) };
    };
    // SAFETY: forwarded; the space is lent to this call until
    // `give_back` (a bailout skips that: RSHUTDOWN makes it lendable).
    unsafe { encode_value_in(space, value, opts, options, depth, rv) };
    lent::give_back();
}

/// [`encode_value`] while the thread's call space is lent (a nested call):
/// a nested space of the thread's pool.
///
/// # Safety
/// As `encode_value`.
#[inline(never)]
unsafe fn encode_value_nested(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    depth: i64,
    rv: *mut sys::zval,
) {
    let space = lent::take_nested();
    // SAFETY: forwarded; the space is lent to this call until given back
    // (a bailout skips that: RSHUTDOWN frees the pool).
    unsafe {
        encode_value_in(space, value, opts, options, depth, rv);
        lent::give_back_nested(space);
    }
}

/// The walk of `encode_value` in `space` (one copy for both callers: two
/// would leave the panic guard's closure out of line, +17 instructions per
/// call).
///
/// # Safety
/// As `encode_value`; `space` is lent to this call (its storage stays in
/// place and nothing else uses it until this returns).
#[inline(never)]
unsafe fn encode_value_in(
    space: *const lent::Space,
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    depth: i64,
    rv: *mut sys::zval,
) {
    // The walk's state lives in the space, so that after a panic what it
    // holds (references, recursion marks, the output) is given back.
    // A small output stays in the storage until the end (see
    // OutBuf::on_stack).
    // SAFETY: the caller's contract: the space's storage outlives the
    // buffer, which is handed over or freed before this returns, and its
    // encoder slot is this walk's.
    let enc = unsafe {
        let space = &*space;
        let buf = OutBuf::on_stack(space.out, space.out_cap);
        (*space.enc).write(Encoder::new(buf, space.fast, opts, depth as i32))
    };
    // SAFETY: value is the call's live argument, encoded by `enc`,
    // which stays where it is.
    unsafe { enc.arm_presize(value) };
    if catch_unwind(AssertUnwindSafe(|| {
        #[cfg(feature = "floor-probe")]
        if opts & crate::probe::PROBE != 0 {
            // SAFETY: value is the call's live argument; nothing runs
            // meanwhile; rv is its return slot.
            unsafe {
                if opts & crate::probe::WRITE != 0 {
                    let len = crate::probe::write_len(value);
                    return crate::php::outbuf::probe_write_floor(len, rv);
                }
                core::hint::black_box(crate::probe::read_all(value));
                return sys::rustjson_return_false(rv);
            }
        }
        // SAFETY: value is the call's live argument.
        unsafe { enc.encode(php::view::Zv::new(value)) };
        if let Some(text) = enc.small_success() {
            // SAFETY: rv is the call's return slot; `text` is the output
            // in the small storage, which nothing frees.
            return unsafe { return_exact(rv, options, text) };
        }
        let code = enc.finish();
        // SAFETY: rv is the call's return slot.
        unsafe { finish_call(&mut enc.buf, code, options, rv) };
    }))
    .is_err()
    {
        enc.recover_after_panic();
        internal_error();
    }
}

/// null, a bool, an int or a finite double (with serialize_precision -1)
/// alone: its text, formatted on the stack, becomes the result string at
/// its exact size in one allocation (stock appends to a smart_str of 256
/// bytes and shrinks it: the same result, a larger peak). No error is
/// possible, so only the error state is set as stock sets it. Returns
/// false, having done nothing, for anything else.
#[inline(always)]
unsafe fn encode_lone_scalar(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    rv: *mut sys::zval,
) -> bool {
    let mut text = rustjson_core::sink::ArrayBuf::<32>::new();
    // SAFETY: value is the call's live first argument; rv the call's
    // return slot.
    unsafe {
        // Results PHP has interned ("null", "true", "false", one digit):
        // the same text as stock's fresh string, without an allocation.
        let ty = php::zval::ztype(value);
        if matches!(ty, sys::IS_NULL | sys::IS_TRUE | sys::IS_FALSE) {
            set_success_error(options);
            sys::rustjson_return_literal(rv, ty as u8);
            return true;
        }
        if ty == sys::IS_LONG && (0..=9).contains(&(*value).value.lval) {
            set_success_error(options);
            sys::rustjson_return_char(
                rv,
                b'0' as core::ffi::c_char + (*value).value.lval as core::ffi::c_char,
            );
            return true;
        }
        match ty {
            sys::IS_LONG => rustjson_core::number::write_long(&mut text, (*value).value.lval),
            sys::IS_DOUBLE => {
                let d = (*value).value.dval;
                if !d.is_finite() || php::serialize_precision() != -1 {
                    return false;
                }
                let pzf = opts & opt::PRESERVE_ZERO_FRACTION != 0;
                rustjson_core::number::write_double_shortest(&mut text, d, pzf);
            }
            _ => return false,
        }
    }
    // SAFETY: rv is the call's return slot.
    unsafe { return_exact(rv, options, text.as_bytes()) };
    true
}

/// Whether a call that succeeded leaves `JSON_G(error_code)` = 0, as stock
/// does: unless THROW_ON_ERROR without PARTIAL.
fn success_clears_error(options: i64) -> bool {
    options & i64::from(opt::THROW_ON_ERROR) == 0
        || options & i64::from(opt::PARTIAL_OUTPUT_ON_ERROR) != 0
}

/// The error state of a call that succeeded, as stock leaves it (for the
/// results the shim's return calls do not make).
fn set_success_error(options: i64) {
    if success_clears_error(options) {
        php::set_json_error(0);
    }
}

/// The end of a call that cannot fail: the error state as stock leaves it
/// (`success_clears_error`), and `text` as the result, in one allocation
/// of its exact size (one shim call does the error state, the allocation
/// and the return slot).
///
/// # Safety
/// `rv` is the call's return slot.
#[inline(always)]
unsafe fn return_exact(rv: *mut sys::zval, options: i64, text: &[u8]) {
    // SAFETY: the shim's fresh string of exactly `text.len()` bytes, now
    // the result in `rv`: all its bytes and the NUL are written here, and
    // no PHP code runs before they are.
    unsafe {
        let dst = sys::rustjson_return_new_str(rv, text.len(), success_clears_error(options))
            .cast::<u8>();
        core::ptr::copy_nonoverlapping(text.as_ptr(), dst, text.len());
        *dst.add(text.len()) = 0;
    }
}

/// A string alone, without NUMERIC_CHECK: php_json_encode_zval goes
/// straight to php_json_escape_string, and so do we, without a walk's
/// state.
#[inline(always)]
unsafe fn lone_string(value: *mut sys::zval, opts: u32) -> bool {
    // SAFETY: value is the call's live first argument.
    unsafe { php::zval::ztype(value) == sys::IS_STRING && opts & opt::NUMERIC_CHECK == 0 }
}

/// A lone string (see `lone_string`). A short clean one becomes `"s"` in
/// one allocation of its exact size (stock appends to a smart_str of 256
/// bytes and shrinks it). Without HEX_* flags the check makes no calls and
/// both ends are tail calls (the shim's, or the escaper's route), so this
/// function saves no registers; the HEX_* checks, which call out of line,
/// have their own copy.
///
/// # Safety
/// `value` is the call's live first argument, a string; `rv` its return slot.
#[inline(never)]
unsafe extern "C" fn encode_lone_string(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    rv: *mut sys::zval,
) {
    if opts & (opt::HEX_TAG | opt::HEX_AMP | opt::HEX_APOS | opt::HEX_QUOT) != 0 {
        // SAFETY: forwarded.
        return unsafe { encode_lone_string_hex(value, opts, options, rv) };
    }
    // SAFETY: forwarded.
    unsafe { lone_string_body(value, opts, options, rv) }
}

/// `encode_lone_string` under HEX_* flags.
///
/// # Safety
/// As `encode_lone_string`.
#[inline(never)]
unsafe extern "C" fn encode_lone_string_hex(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    rv: *mut sys::zval,
) {
    // SAFETY: forwarded.
    unsafe { lone_string_body(value, opts, options, rv) }
}

/// # Safety
/// As `encode_lone_string`.
#[inline(always)]
unsafe fn lone_string_body(value: *mut sys::zval, opts: u32, options: i64, rv: *mut sys::zval) {
    // SAFETY: a string zval points at a live zend_string.
    let s = unsafe { php::zval::zstr_bytes((*value).value.str_) };
    if s.len() <= 64 {
        let mode = rustjson_core::escape::EscapeMode::new(opts);
        // SAFETY: a live zend_string's window: at least 24 bytes, ending
        // with its `len` bytes (`s`).
        let key = unsafe {
            rustjson_core::escape::Key::at_end(php::zval::zstr_window((*value).value.str_), s.len())
        };
        if rustjson_core::escape::is_clean_le64(key, &mode) {
            // SAFETY: rv is the call's return slot; `s` is the argument's
            // bytes, live for the call.
            return unsafe {
                sys::rustjson_return_quoted(
                    rv,
                    s.as_ptr().cast(),
                    s.len(),
                    success_clears_error(options),
                )
            };
        }
    }
    // SAFETY: forwarded.
    unsafe { encode_lone_string_general(value, opts, options, rv) }
}

/// A lone string that is long or needs escapes: the escaper into an output
/// buffer. Its own frame (the small-output storage), which the short clean
/// path does not set up.
///
/// # Safety
/// `value` is the call's live first argument, a string; `rv` its return slot.
#[inline(never)]
unsafe extern "C" fn encode_lone_string_general(
    value: *mut sys::zval,
    opts: u32,
    options: i64,
    rv: *mut sys::zval,
) {
    // SAFETY: a string zval points at a live zend_string.
    let s = unsafe { php::zval::zstr_bytes((*value).value.str_) };
    let mut small = [core::mem::MaybeUninit::<u8>::uninit(); SMALL_OUTPUT];
    if catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `small` stays in place until this function returns,
        // after the buffer is handed over or freed.
        let mut buf = unsafe { OutBuf::on_stack(small.as_mut_ptr().cast(), SMALL_OUTPUT) };
        let code = crate::encode::encode_lone_string(&mut buf, s, opts);
        if code == 0 {
            if let Some(text) = buf.stack_output() {
                // SAFETY: rv is the call's return slot (forwarded); `text`
                // is the output in this frame's storage, which nothing frees.
                return unsafe { return_exact(rv, options, text) };
            }
        }
        // SAFETY: rv is the call's return slot (forwarded).
        unsafe { finish_call(&mut buf, code, options, rv) }
    }))
    .is_err()
    {
        internal_error();
    }
}

/// The end of `PHP_FUNCTION(json_encode)`: the error bookkeeping, then the
/// result string (or false, or a JsonException) from `buf` and `code`.
unsafe fn finish_call(buf: &mut OutBuf, code: i32, options: i64, rv: *mut sys::zval) {
    let partial = options & i64::from(opt::PARTIAL_OUTPUT_ON_ERROR) != 0;
    let throw = options & i64::from(opt::THROW_ON_ERROR) != 0;
    if buf.oom() {
        // PHP raises "Allowed memory size ... exhausted" as we return.
        buf.free();
        // SAFETY: rv is the call's return slot.
        unsafe { sys::rustjson_return_false(rv) };
        return;
    }
    // SAFETY: rv is the call's return slot; the buffer is ours until handed over.
    unsafe {
        if !throw || partial {
            php::set_json_error(code);
            if code != 0 && !partial {
                buf.free();
                sys::rustjson_return_false(rv);
                return;
            }
        } else if code != 0 {
            buf.free();
            sys::rustjson_throw_json_exception(
                error_message(code).as_ptr().cast(),
                i64::from(code),
            );
            return;
        }
        sys::rustjson_return_str(rv, buf.take_zend_string());
    }
}

// ---------------------------------------------------------------------------
// json_decode()

/// `PHP_FUNCTION(json_decode)`: served when `rustjson.enabled` and
/// `rustjson.decode` are On and the arguments have their common exact
/// types (string; null/bool; int; int); every other call goes to stock.
unsafe extern "C" fn json_decode_handler(ex: *mut sys::zend_execute_data, rv: *mut sys::zval) {
    // SAFETY: ex/rv are the frame and return slot of a json_decode() call.
    unsafe {
        let argc = override_::num_args(ex);
        if !crate::ini::enabled() || !crate::ini::decode() || !(1..=4).contains(&argc) {
            return JSON_DECODE.call_stock(ex, rv);
        }
        let json = override_::arg(ex, 1);
        if php::zval::ztype(json) != sys::IS_STRING {
            return JSON_DECODE.call_stock(ex, rv);
        }
        let assoc = if argc < 2 {
            None
        } else {
            match php::zval::ztype(override_::arg(ex, 2)) {
                sys::IS_NULL => None,
                sys::IS_FALSE => Some(false),
                sys::IS_TRUE => Some(true),
                _ => return JSON_DECODE.call_stock(ex, rv),
            }
        };
        let depth = override_::long_arg(ex, argc, 3, DEFAULT_DEPTH);
        let options = override_::long_arg(ex, argc, 4, 0);
        let (Some(depth), Some(options)) = (depth, options) else {
            return JSON_DECODE.call_stock(ex, rv);
        };
        decode_call((*json).value.str_, assoc, depth, options, rv);
    }
}

/// json_decode() after parameter parsing (json.c's PHP_FUNCTION and
/// php_json_decode_ex).
unsafe fn decode_call(
    json: *mut sys::zend_string,
    assoc: Option<bool>,
    depth: i64,
    mut options: i64,
    rv: *mut sys::zval,
) {
    let throw = options & i64::from(opt::THROW_ON_ERROR) != 0;
    // SAFETY: json is the call's live string argument, rv its return slot.
    unsafe {
        if !throw {
            php::set_json_error(0);
        }
        let bytes = php::zval::zstr_bytes(json);
        if bytes.is_empty() {
            decode_failed(opt::error::SYNTAX, throw, rv);
            return;
        }
        if !depth_ok(depth, 3) {
            return;
        }
        match assoc {
            Some(true) => options |= i64::from(rustjson_core::decode::OBJECT_AS_ARRAY),
            Some(false) => options &= !i64::from(rustjson_core::decode::OBJECT_AS_ARRAY),
            None => {}
        }
        // The parser gets the flags as a C int, as stock's does.
        let flags = options as i32 as u32;
        // Measurement builds: the probe bit asks for numbers not valued
        // (`make bench-decode-floor`).
        #[cfg(feature = "floor-probe")]
        rustjson_core::decode::number::PROBE_SKIP_VALUES.store(
            flags & crate::probe::PROBE != 0,
            core::sync::atomic::Ordering::Relaxed,
        );
        let opts = rustjson_core::decode::parse::Options {
            depth: depth as u32,
            flags,
            assoc: flags & rustjson_core::decode::OBJECT_AS_ARRAY != 0,
        };
        // The builder lives out here, so that after a panic what it holds
        // is given back.
        let mut scratch = crate::decode::Scratch::new();
        let mut b = crate::decode::ZvBuilder::new(opts.assoc, &mut scratch);
        match catch_unwind(AssertUnwindSafe(|| {
            rustjson_core::decode::parse::parse(bytes, opts, &mut b)
        })) {
            Ok(Ok(zv)) => {
                (*rv).value = zv.value;
                (*rv).u1 = zv.u1;
            }
            Ok(Err(code)) => {
                b.release();
                decode_failed(code, throw, rv)
            }
            Err(_) => {
                use rustjson_core::decode::build::Builder;
                b.discard();
                b.release();
                internal_error();
            }
        }
    }
}

/// json_decode()/json_validate()'s `$depth` check (argument `arg`): false
/// after throwing stock's ValueError.
fn depth_ok(depth: i64, arg: u32) -> bool {
    let msg = if depth <= 0 {
        c"must be greater than 0"
    } else if depth > i64::from(i32::MAX) {
        c"must be less than 2147483647"
    } else {
        return true;
    };
    // SAFETY: called inside a PHP function call, which may throw.
    unsafe { sys::rustjson_argument_value_error(arg, msg.as_ptr()) };
    false
}

/// A failed json_decode(): the error code (or a JsonException), null.
unsafe fn decode_failed(code: i32, throw: bool, rv: *mut sys::zval) {
    // SAFETY: rv is the call's return slot.
    unsafe {
        if !throw {
            php::set_json_error(code);
        } else {
            sys::rustjson_throw_json_exception(
                error_message(code).as_ptr().cast(),
                i64::from(code),
            );
        }
        sys::rustjson_return_null(rv);
    }
}

// ---------------------------------------------------------------------------
// json_validate()

/// PHP 8.3's `PHP_FUNCTION(json_validate)` after parameter parsing.
unsafe fn validate_call(json: *mut sys::zend_string, depth: i64, flags: i64, rv: *mut sys::zval) {
    // SAFETY: json is a live string argument, rv the return slot.
    unsafe {
        if flags != 0 && flags != i64::from(opt::INVALID_UTF8_IGNORE) {
            sys::rustjson_argument_value_error(
                3,
                c"must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)".as_ptr(),
            );
            return;
        }
        let bytes = php::zval::zstr_bytes(json);
        if bytes.is_empty() {
            php::set_json_error(opt::error::SYNTAX);
            sys::rustjson_return_false(rv);
            return;
        }
        php::set_json_error(0);
        if !depth_ok(depth, 2) {
            return;
        }
        let ignore = flags != 0;
        match catch_unwind(|| rustjson_core::validate::validate(bytes, depth as u32, ignore)) {
            Ok(Ok(())) => sys::rustjson_return_bool(rv, true),
            Ok(Err(code)) => {
                php::set_json_error(code);
                sys::rustjson_return_bool(rv, false);
            }
            Err(_) => internal_error(),
        }
    }
}

/// json_validate() registered by us (PHP < 8.3): parameters parsed by PHP's
/// own ZPP macros in the shim, so errors and coercions are stock's.
#[cfg(not(php83))]
extern "C" fn json_validate_provided(
    ex: &mut ext_php_rs::zend::ExecuteData,
    rv: &mut ext_php_rs::types::Zval,
) {
    let ex: *mut sys::zend_execute_data = (ex as *mut ext_php_rs::zend::ExecuteData).cast();
    let rv: *mut sys::zval = (rv as *mut ext_php_rs::types::Zval).cast();
    let mut json: *mut sys::zend_string = core::ptr::null_mut();
    let mut depth: i64 = DEFAULT_DEPTH;
    let mut flags: i64 = 0;
    // SAFETY: ex/rv are this call's frame and return slot.
    unsafe {
        if !sys::rustjson_validate_parse_args(ex, &mut json, &mut depth, &mut flags) {
            return;
        }
        validate_call(json, depth, flags, rv);
    }
}

/// json_validate() swapped on PHP 8.3+: exact argument types only.
#[cfg(php83)]
unsafe extern "C" fn json_validate_swapped(ex: *mut sys::zend_execute_data, rv: *mut sys::zval) {
    // SAFETY: ex/rv are the frame and return slot of a json_validate() call.
    unsafe {
        let argc = override_::num_args(ex);
        let depth = override_::long_arg(ex, argc, 2, DEFAULT_DEPTH);
        let flags = override_::long_arg(ex, argc, 3, 0);
        let (Some(depth), Some(flags)) = (depth, flags) else {
            return JSON_VALIDATE.call_stock(ex, rv);
        };
        if !crate::ini::enabled() || !(1..=3).contains(&argc) {
            return JSON_VALIDATE.call_stock(ex, rv);
        }
        let json = override_::arg(ex, 1);
        if php::zval::ztype(json) != sys::IS_STRING {
            return JSON_VALIDATE.call_stock(ex, rv);
        }
        validate_call((*json).value.str_, depth, flags, rv);
    }
}

/// Functions the module itself registers.
pub fn register(module: ModuleBuilder<'_>) -> ModuleBuilder<'_> {
    #[cfg(not(php83))]
    {
        use ext_php_rs::args::Arg;
        use ext_php_rs::builders::FunctionBuilder;
        use ext_php_rs::flags::DataType;
        let f = FunctionBuilder::new("json_validate", json_validate_provided)
            .arg(Arg::new("json", DataType::String))
            .not_required()
            .arg(Arg::new("depth", DataType::Long).default("512"))
            .arg(Arg::new("flags", DataType::Long).default("0"))
            .returns(DataType::Bool, false, false);
        module.function(f)
    }
    #[cfg(php83)]
    module
}

/// The phpinfo() section.
pub fn info(module: *mut sys::zend_module_entry) {
    let row = |k: &str, v: &str| {
        let k = std::ffi::CString::new(k).unwrap_or_default();
        let v = std::ffi::CString::new(v).unwrap_or_default();
        // SAFETY: two NUL-terminated strings for a 2-column row.
        unsafe { sys::php_info_print_table_row(2, k.as_ptr(), v.as_ptr()) };
    };
    // SAFETY: called by PHP's MINFO with the table machinery ready.
    unsafe { sys::php_info_print_table_start() };
    row("rustjson support", "enabled");
    row("Version", env!("CARGO_PKG_VERSION"));
    row(
        "json_encode",
        if JSON_ENCODE.installed() {
            "overridden"
        } else {
            "not overridden"
        },
    );
    row(
        "json_decode",
        if !JSON_DECODE.installed() {
            "not overridden"
        } else if !crate::ini::enabled() {
            "stock (rustjson.enabled=0)"
        } else if crate::ini::decode() {
            "served by rustjson (rustjson.decode=1)"
        } else {
            "stock (rustjson.decode=0)"
        },
    );
    #[cfg(php83)]
    row(
        "json_validate",
        if JSON_VALIDATE.installed() {
            "overridden"
        } else {
            "not overridden"
        },
    );
    #[cfg(not(php83))]
    row("json_validate", "provided (PHP 8.3 semantics)");
    row(
        "String escaping",
        rustjson_core::escape::implementation_name(),
    );
    row(
        "Build",
        &format!(
            "{}-{}, {}",
            std::env::consts::ARCH,
            std::env::consts::OS,
            if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            }
        ),
    );
    row("Thread safety", if cfg!(php_zts) { "ZTS" } else { "NTS" });
    // SAFETY: both return static data of the headers built against.
    let (api, version) = unsafe {
        (
            sys::rustjson_php_api(),
            std::ffi::CStr::from_ptr(sys::rustjson_php_version()).to_string_lossy(),
        )
    };
    row("Built for PHP", &format!("{version} (API {api})"));
    // SAFETY: as above; `module` is our module entry.
    unsafe {
        sys::php_info_print_table_end();
        sys::rustjson_display_ini(module);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn error_messages_are_nul_terminated_and_cover_every_code() {
        for code in 0..=11 {
            let m = super::error_message(code);
            assert_eq!(m.last(), Some(&0));
            assert_ne!(m, b"Unknown error\0", "code {code}");
        }
        assert_eq!(super::error_message(12), b"Unknown error\0");
    }
}
