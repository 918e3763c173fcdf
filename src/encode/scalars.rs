//! Scalars: doubles (`php_json_encode_double`, INF/NAN), strings
//! (`php_json_escape_string`, NUMERIC_CHECK).
use super::layout::Layout;
use super::{Encoder, Out, Status};
use crate::php::outbuf::OutBuf;
use crate::php::view::ZStr;
use crate::php::{self, Numeric, DOUBLE_MAX_LENGTH};
use rustjson_core::options::{self as opt, error};
use rustjson_core::{number, Sink};

/// A string with invalid UTF-8 (and neither IGNORE nor SUBSTITUTE), after
/// the core cut the output back to before it: `null` in its place under
/// PARTIAL_OUTPUT_ON_ERROR; returns the error code (`php_json_escape_string`).
#[cold]
#[inline(never)]
pub fn utf8_failure(buf: &mut OutBuf, options: u32) -> i32 {
    if options & opt::PARTIAL_OUTPUT_ON_ERROR != 0 {
        buf.extend(b"null");
    }
    error::UTF8
}

impl Encoder {
    /// A string value.
    #[inline(always)]
    pub(super) fn encode_string<L: Layout>(&mut self, s: ZStr) -> Status {
        if self.options & opt::NUMERIC_CHECK != 0 {
            return self.escape_string(s.bytes(), self.options);
        }
        if self.write_short_string::<L>(s) {
            return Ok(());
        }
        // Not taken: long, or dirty (no second clean check).
        if self.escape_not_short_clean(s.bytes()).is_err() {
            return self.utf8_error();
        }
        Ok(())
    }

    /// A double value: its text, or `0` with error 7 for INF/NAN (which
    /// does not stop the walk).
    #[inline(never)]
    pub(super) fn encode_double_zval(&mut self, d: f64) {
        if d.is_finite() {
            self.encode_double(d);
        } else {
            let _ = self.fail(error::INF_OR_NAN, Out::Zero);
        }
    }

    /// `php_json_encode_double`.
    #[inline(always)]
    fn encode_double(&mut self, d: f64) {
        let precision = php::serialize_precision();
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
        let mut num = [0u8; DOUBLE_MAX_LENGTH + 3];
        let mut len = php::gcvt(d, precision as i32, &mut num);
        let text = num.get(..len).unwrap_or(&[]);
        if pzf && !text.contains(&b'.') && len < DOUBLE_MAX_LENGTH - 2 {
            num[len] = b'.';
            num[len + 1] = b'0';
            len += 2;
        }
        self.buf.extend(num.get(..len).unwrap_or(&[]));
    }

    /// `php_json_escape_string`, NUMERIC_CHECK included.
    #[inline(always)]
    pub(super) fn escape_string(&mut self, s: &[u8], options: u32) -> Status {
        if options & opt::NUMERIC_CHECK != 0 && !s.is_empty() && self.numeric_string(s) {
            return Ok(());
        }
        // (An empty string is `""`, written by the core.)
        if self.escape_bytes(s).is_err() {
            return self.utf8_error();
        }
        Ok(())
    }

    /// NUMERIC_CHECK: a numeric string is written as the number it holds
    /// (not INF/NAN ones, which stay strings). Returns whether it was.
    #[inline(never)]
    fn numeric_string(&mut self, s: &[u8]) -> bool {
        match php::numeric_string(s) {
            Numeric::Long(l) => number::write_long(&mut self.buf, l),
            Numeric::Double(d) if d.is_finite() => self.encode_double(d),
            _ => return false,
        }
        true
    }

    /// Invalid UTF-8 without IGNORE/SUBSTITUTE (the core already cut the
    /// output back to before the string).
    #[cold]
    #[inline(never)]
    fn utf8_error(&mut self) -> Status {
        let code = utf8_failure(&mut self.buf, self.options);
        self.fail(code, Out::Nothing)
    }
}
