//! `php_json_encode_zval`: a value by its type. A container's elements
//! take [`Encoder::encode_child`] (the common kinds inline in the walk),
//! everything else [`Encoder::encode_zval`].
use super::layout::Layout;
use super::{Encoder, Fail, Out, Status};
use crate::php::sys;
use crate::php::view::Zv;
use rustjson_core::options::error;
use rustjson_core::{number, Sink};

impl Encoder {
    /// The common kinds of value (null, bools, ints, doubles, strings,
    /// arrays); `None` for everything else.
    #[inline(always)]
    fn encode_common<L: Layout>(&mut self, val: Zv, t: u32) -> Option<Status> {
        match t {
            sys::IS_NULL => self.buf.extend(b"null"),
            sys::IS_TRUE => self.buf.extend(b"true"),
            sys::IS_FALSE => self.buf.extend(b"false"),
            sys::IS_LONG => number::write_long(&mut self.buf, val.long()),
            sys::IS_DOUBLE => self.encode_double_zval(val.double()),
            sys::IS_STRING => return Some(self.encode_string::<L>(val.str())),
            sys::IS_ARRAY => return Some(self.encode_array_value::<L>(val)),
            _ => return None,
        }
        Some(Ok(()))
    }

    /// A container element: the common kinds inline, objects to their
    /// frame, the rest through [`Encoder::encode_zval`].
    #[inline(always)]
    pub(super) fn encode_child<L: Layout>(&mut self, val: Zv) -> Status {
        let t = val.ty();
        match self.encode_common::<L>(val, t) {
            Some(r) => r,
            None if t == sys::IS_OBJECT => self.encode_object::<L>(val),
            None => self.encode_zval::<L>(val),
        }
    }

    /// `php_json_encode_zval`.
    #[inline(never)]
    pub(super) fn encode_zval<L: Layout>(&mut self, mut val: Zv) -> Status {
        if self.buf.oom() {
            return Err(Fail);
        }
        self.hold_pending();
        loop {
            let t = val.ty();
            if let Some(r) = self.encode_common::<L>(val, t) {
                return r;
            }
            match t {
                sys::IS_OBJECT => return self.encode_object::<L>(val),
                sys::IS_REFERENCE => val = val.deref(),
                _ => return self.fail(error::UNSUPPORTED_TYPE, Out::NullIfPartial),
            }
        }
    }
}
