//! Objects: plain objects (`php_json_encode_array` for objects: declared
//! slots, or the property table), JsonSerializable
//! (`php_json_encode_serializable_object`), enums
//! (`php_json_encode_serializable_enum`), hooked properties (8.4+).
use super::frames::Hold;
use super::layout::Layout;
use super::{Encoder, Fail, Out, Status};
use crate::php::view::{exception, Class, LocalZval, Marked, Obj, Table, Zv};
use rustjson_core::options::error;

impl Encoder {
    /// An object inside a container or as a value: JsonSerializable, enum,
    /// or a plain object (see [`Encoder::object_fast_ok`]) in the fast
    /// frame (as `php_json_encode_zval` and `php_json_encode_array` do it:
    /// a counted copy of the zval; then its declared slots, or
    /// `zend_std_get_properties_for`: the table, with a reference for the
    /// walk). Anything else (hooked properties and lazy objects on PHP 8.4+
    /// included) goes the general way.
    #[inline(never)]
    pub(super) fn encode_object<L: Layout>(&mut self, val: Zv) -> Status {
        self.hold_pending();
        let obj = val.obj();
        if self.object_fast_ok(obj) {
            return match obj.properties() {
                None => self.encode_slots_fast::<L>(obj),
                Some(ht) if ht.is_recursive() => self.encode_container_copy::<L>(val),
                Some(ht) => self.encode_table_fast::<L>(obj, ht),
            };
        }
        if self.buf.oom() {
            return Err(Fail);
        }
        let ce = obj.class();
        if self.is_serializable_class(ce) {
            return self.encode_serializable_object::<L>(val);
        }
        if ce.is_enum() {
            return self.encode_serializable_enum::<L>(obj);
        }
        self.encode_container_copy::<L>(val)
    }

    /// `instanceof_function(ce, php_json_serializable_ce)`, remembered for
    /// the last class found to implement JsonSerializable and the last
    /// found not to (e.g. a list of records, each with a JsonSerializable
    /// value object and an enum). Sound for the whole call: a class's
    /// interfaces are fixed once it is linked (an object's class is), and
    /// no class entry is freed before the request ends, so none can take
    /// a remembered one's address during the call.
    #[inline(always)]
    fn is_serializable_class(&mut self, ce: Class) -> bool {
        let p = ce.as_ptr().cast_const();
        if p == self.serializable_class {
            return true;
        }
        if p == self.plain_class {
            return false;
        }
        let yes = ce.is_json_serializable();
        if yes {
            self.serializable_class = p;
        } else {
            self.plain_class = p;
        }
        yes
    }

    /// May a plain object take the fast frames? No interface (so neither
    /// JsonSerializable nor anything an internal class adds), not an enum,
    /// the standard property handlers, below `fast_depth`; on PHP 8.4+ also
    /// no hooked properties and not lazy (stock's condition for its
    /// declared-slots path; with a table, the table is then the object's
    /// own, read without user code, and carries the recursion mark, as
    /// before 8.4).
    #[inline(always)]
    fn object_fast_ok(&self, obj: Obj) -> bool {
        let ce = obj.class();
        !ce.has_interfaces()
            && !ce.is_enum()
            && obj.std_handlers()
            && self.depth < self.fast_depth
            && obj.no_hooks_not_lazy()
    }

    /// A plain object with a property table, in the fast frame: the counted
    /// copy of the object, a reference to the table for the walk, the
    /// recursion mark on the table; all three deferred as a fast array
    /// frame's (see [`Encoder::hold_pending`]: the walk holds them before
    /// user code can run or a mark be read).
    #[inline(always)]
    fn encode_table_fast<L: Layout>(&mut self, obj: Obj, ht: Table) -> Status {
        let slot = self.frames.push_table_obj(obj, ht);
        super::inject::point();
        self.depth += 1;
        let mut need_comma = false;
        let r = self.walk_map::<true, L>(ht, &mut need_comma);
        if !self.frames.pop_fast(slot) {
            // Never held.
            return self.close::<L>(r, need_comma, b'}');
        }
        ht.unprotect();
        let r = self.close::<L>(r, need_comma, b'}');
        ht.release_properties();
        obj.release();
        r
    }

    /// A plain object without a property table, in the fast frame:
    /// `php_json_encode_array`'s "optimized version without rebuilding
    /// properties HashTable" behind the counted copy of
    /// `php_json_encode_zval`, the recursion mark on the object; both
    /// deferred as in [`Encoder::encode_table_fast`].
    #[inline(always)]
    fn encode_slots_fast<L: Layout>(&mut self, obj: Obj) -> Status {
        if obj.is_recursive() {
            return self.fail(error::RECURSION, Out::Null);
        }
        let slot = self.frames.push_slots_obj(obj);
        super::inject::point();
        self.depth += 1;
        let mut need_comma = false;
        let r = self.walk_slots::<L>(obj, &mut need_comma);
        if !self.frames.pop_fast(slot) {
            // Never held.
            return self.close::<L>(r, need_comma, b'}');
        }
        obj.unprotect();
        let r = self.close::<L>(r, need_comma, b'}');
        obj.release();
        r
    }

    /// The declared-slots path in the general frame (the counted copy is
    /// the caller's).
    pub(super) fn encode_slots_general<L: Layout>(&mut self, obj: Obj) -> Status {
        if obj.is_recursive() {
            return self.fail(error::RECURSION, Out::Null);
        }
        obj.protect();
        self.frames.push(Hold::mark(obj.gc()));
        super::inject::point();
        self.depth += 1;
        let mut need_comma = false;
        let r = self.walk_slots::<L>(obj, &mut need_comma);
        self.frames.pop(1);
        obj.unprotect();
        self.close::<L>(r, need_comma, b'}')
    }

    /// The declared-slots loop: the slots in slot order, each read fresh
    /// (user code below may change them), protected and private ones and
    /// unset ones skipped; writes the `{` (with the first key).
    #[inline(always)]
    fn walk_slots<L: Layout>(&mut self, obj: Obj, need_comma: &mut bool) -> Status {
        let mut sep = b'{';
        for i in 0..obj.class().slot_count() {
            let Some((name, prop)) = obj.visible_slot(i) else {
                continue;
            };
            self.map_str_key::<L>(name, sep);
            sep = b',';
            let r = self.encode_child::<L>(prop);
            if self.aborts(r) {
                return Err(Fail);
            }
        }
        self.map_end(sep, need_comma);
        Ok(())
    }

    /// `php_json_encode_serializable_object` (PHP 8.2–8.4 semantics).
    #[inline(never)]
    fn encode_serializable_object<L: Layout>(&mut self, val: Zv) -> Status {
        // Every jsonSerialize() call nests PHP frames on the C stack, without
        // any container depth: guard here too (chains of objects returning
        // new objects are unbounded otherwise).
        if self.stack_exhausted() {
            return self.fail(error::DEPTH, Out::NullIfPartial);
        }
        let obj = val.obj();
        let Some(guard) = obj.serializable_enter() else {
            return self.fail(error::RECURSION, Out::NullIfPartial);
        };
        self.frames.push(Hold::serializable(guard));
        let mut retval = LocalZval::undef();
        if !val.call_json_serialize(&mut retval) {
            exception::failed_calling(obj.class());
            self.frames.pop(1);
            guard.leave();
            return self.fail(error::NONE, Out::NullIfPartial);
        }
        if exception::pending() {
            retval.dtor();
            self.frames.pop(1);
            guard.leave();
            return self.fail(error::NONE, Out::NullIfPartial);
        }
        self.frames.push(Hold::copy(retval.held()));
        super::inject::point();
        let rv = retval.zv();
        let r = if rv.is_object(obj) {
            // `return $this;`: encode its properties directly.
            self.frames.pop(1);
            guard.leave();
            self.frames.push(Hold::copy(retval.held()));
            let r = self.encode_container::<L>(rv);
            self.frames.pop(1);
            r
        } else {
            let r = self.encode_zval::<L>(rv);
            self.frames.pop(2);
            guard.leave();
            r
        };
        retval.dtor();
        r
    }

    /// `php_json_encode_serializable_enum`.
    #[inline(never)]
    fn encode_serializable_enum<L: Layout>(&mut self, obj: Obj) -> Status {
        if !obj.class().enum_is_backed() {
            return self.fail(error::NON_BACKED_ENUM, Out::Zero);
        }
        self.encode_zval::<L>(obj.enum_value())
    }

    /// 8.4+: the elements of the temporary property table of an object
    /// with hooked properties (`php_json_encode_array`'s loop), IS_PTR
    /// entries read through their get hook.
    #[cfg(php84)]
    pub(super) fn walk_hooked<L: Layout>(
        &mut self,
        val: Zv,
        ht: Table,
        need_comma: &mut bool,
    ) -> Status {
        use crate::php::view::HookRead;
        let mut sep = b'{';
        for e in ht.iter() {
            let key = e.key();
            if let Some(k) = key {
                if k.bytes().first() == Some(&0) {
                    // Skip protected and private members (mangled names).
                    continue;
                }
            }
            let mut tmp = LocalZval::undef();
            let hooked = e.val.ty() == crate::php::sys::IS_PTR;
            let data = if hooked {
                match val.read_hooked(e.val, &mut tmp) {
                    HookRead::Skip => continue,
                    HookRead::Value(z) => z,
                    HookRead::Threw => return Err(Fail),
                }
            } else {
                e.val
            };
            match key {
                Some(k) => self.map_str_key::<L>(k, sep),
                None => self.map_int_key::<L>(e.index(), sep),
            }
            sep = b',';
            if hooked {
                self.frames.push(Hold::copy(tmp.held()));
            }
            let r = self.encode_child::<L>(data);
            if hooked {
                self.frames.pop(1);
                tmp.dtor();
            }
            if self.aborts(r) {
                return Err(Fail);
            }
        }
        self.map_end(sep, need_comma);
        Ok(())
    }

    /// Before 8.4 no class has hooked properties: never called.
    #[cfg(not(php84))]
    pub(super) fn walk_hooked<L: Layout>(&mut self, _: Zv, _: Table, _: &mut bool) -> Status {
        Ok(())
    }
}
