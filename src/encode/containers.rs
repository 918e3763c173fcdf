//! Arrays (`php_json_encode_array` for arrays) and the walk over a table's
//! elements, shared by arrays and property tables: one frame per container
//! (open, items, close), the fast case (a plain array below `fast_depth`,
//! its hold deferred: see [`Encoder::hold_pending`]) a branch of it.
use super::frames::{Hold, Pending};
use super::layout::Layout;
use super::{Encoder, Fail, Out, Status};
use crate::php::sys;
use crate::php::view::{Entry, Gc, Marked, Packed, Table, Zv};
use rustjson_core::options::{self as opt, error};
use rustjson_core::{number, Sink};

/// The shortest list whose walk looks for runs of scalars.
const RUN_MIN: u32 = 8;

/// The values a list's scalar run writes inline ([`Encoder::scalar_run`]):
/// null, false, true (consecutive type codes) and ints.
#[inline(always)]
fn is_run_scalar(t: u32) -> bool {
    t.wrapping_sub(sys::IS_NULL) <= sys::IS_LONG - sys::IS_NULL
}

/// The texts of null, false and true as 8-byte words, and their lengths.
static LITERALS: [([u8; 8], usize); 3] = [
    (*b"null\0\0\0\0", 4),
    (*b"false\0\0\0", 5),
    (*b"true\0\0\0\0", 4),
];
const _: () = assert!(
    sys::IS_FALSE == sys::IS_NULL + 1
        && sys::IS_TRUE == sys::IS_NULL + 2
        && sys::IS_LONG == sys::IS_NULL + 3
);

/// How a fast array frame's walk ended ([`Encoder::array_level`]).
enum Level {
    /// The frame ended (closed, its entry popped) with this status.
    Done(Status),
    /// The walk left the list's last element, an array to enter next; the
    /// frame stays open.
    Chain(Zv),
}

impl Encoder {
    /// Hold the arrays of the fast array frames not held yet: what stock
    /// does at every container's entry (a counted copy of the zval, and the
    /// recursion mark), done only once it can matter. A fast array frame
    /// walks plain data (no user code can run and no cycle can close there:
    /// an array cycle needs a reference or an object), so it defers both
    /// until its walk reaches anything else: every other path (objects,
    /// references, JsonSerializable, other types) calls this first, before
    /// user code can run or a recursion mark be read. Observably the same:
    /// refcounts and marks are in place whenever they can be looked at.
    #[inline(always)]
    pub(super) fn hold_pending(&mut self) {
        if self.frames.any_pending() {
            self.hold_pending_frames();
        }
    }

    #[inline(never)]
    fn hold_pending_frames(&mut self) {
        self.frames.take_pending(|p| match p {
            Pending::Array(t, counted) => {
                t.addref_array(counted);
                t.protect();
            }
            Pending::Slots(o) => {
                o.addref();
                o.protect();
            }
            Pending::TableObj(o, t) => {
                o.addref();
                t.addref();
                t.protect();
            }
        });
    }

    /// An array value: `[]`/`{}` directly when empty (nothing to walk,
    /// protect or count), otherwise its frame.
    #[inline(always)]
    pub(super) fn encode_array_value<L: Layout>(&mut self, val: Zv) -> Status {
        if val.table().count() == 0 {
            return self.encode_empty_array();
        }
        self.encode_array_fast::<L>(val)
    }

    /// `php_json_encode_array` for an empty array: open, depth check at
    /// close, close. (Failing in non-partial mode discards the output, so
    /// only the error matters there.)
    #[inline(always)]
    fn encode_empty_array(&mut self) -> Status {
        self.check_depth(self.depth >= self.max_depth)?;
        let s = self.empty_array;
        self.buf.extend(&s);
        Ok(())
    }

    /// A non-empty array: the fast frame (its counted copy and recursion
    /// mark deferred), or, at `fast_depth` or recursive, the deep gate.
    #[inline(never)]
    fn encode_array_fast<L: Layout>(&mut self, val: Zv) -> Status {
        let ht = val.table();
        if self.depth >= self.fast_depth || ht.is_recursive() {
            return self.encode_array_deep::<L>(val);
        }
        self.array_frame::<L>(val, ht)
    }

    /// A non-empty array at `fast_depth` (or recursive): deep nesting keeps
    /// the fast frames, DEEP_STEP levels at a time, where they can be had:
    /// from STACK_CHECK_DEPTH on (past `max_depth` too: a fast frame checks
    /// the depth at its close, as `php_json_encode_array` does, so a nest
    /// that fails there fails the same way), the C stack checked here for
    /// the next DEEP_STEP levels (fast frames check nothing: at most
    /// DEEP_STEP of them nest past this check, a few KB of the stack
    /// guard's reserve), their records' storage grown
    /// ([`super::frames::Frames::reserve`]). Everything else takes the
    /// general frame, as a recursive array does.
    #[inline(never)]
    fn encode_array_deep<L: Layout>(&mut self, val: Zv) -> Status {
        let ht = val.table();
        let d = self.depth;
        if ht.is_recursive()
            || d < super::STACK_CHECK_DEPTH
            || self.stack_exhausted()
            || !self
                .frames
                .reserve(d as usize + super::DEEP_STEP as usize + 1)
        {
            return self.encode_container_copy::<L>(val);
        }
        let saved = self.fast_depth;
        self.fast_depth = d.saturating_add(super::DEEP_STEP);
        let r = self.array_frame::<L>(val, ht);
        self.fast_depth = saved;
        r
    }

    /// The fast array frame. Where it is a packed list whose last element
    /// is an array that would take a fast frame next
    /// ([`Encoder::chain_child`]), the walk leaves that element (its
    /// separator written) to [`Encoder::list_chain`].
    #[inline(always)]
    fn array_frame<L: Layout>(&mut self, val: Zv, ht: Table) -> Status {
        match self.array_level::<L>(val, ht) {
            Level::Done(r) => r,
            Level::Chain(child) => self.list_chain::<L>(child),
        }
    }

    /// One fast array frame: entered, walked and, unless its walk left its
    /// last element for a chain ([`Level::Chain`]: the frame stays open,
    /// its close is [`Encoder::chain_close`]'s), ended.
    #[inline(always)]
    fn array_level<L: Layout>(&mut self, val: Zv, ht: Table) -> Level {
        let refcounted = val.refcounted();
        let slot = self.frames.push_array(ht, refcounted);
        super::inject::point();
        let as_list = self.options & opt::FORCE_OBJECT == 0 && ht.is_list_nonempty();
        if as_list {
            self.buf.push(b'[');
        }
        self.depth += 1;
        let mut need_comma = false;
        let mut tail = None;
        let r = self.walk_elements::<true, L>(ht, false, as_list, &mut need_comma, &mut tail);
        if let Some(child) = tail {
            return Level::Chain(child);
        }
        let close = if as_list { b']' } else { b'}' };
        if !self.frames.pop_fast(slot) {
            // Never held.
            return Level::Done(self.close::<L>(r, need_comma, close));
        }
        // Held on the way.
        Level::Done(self.close_held::<L>(ht, refcounted, r, need_comma, close))
    }

    /// The end of a fast array frame whose entry was held on the way: its
    /// mark given back, its close, then its reference.
    #[inline(always)]
    fn close_held<L: Layout>(
        &mut self,
        ht: Table,
        counted: bool,
        r: Status,
        need_comma: bool,
        close: u8,
    ) -> Status {
        ht.unprotect();
        let r = self.close::<L>(r, need_comma, close);
        if counted {
            ht.release_array();
        }
        r
    }

    /// A chain of fast array frames: `first`, the last element of the list
    /// whose frame is innermost, and below it, while each is a list whose
    /// last element [`Encoder::chain_child`] takes, the next one, entered
    /// in a loop instead of a call (nests like `[[[1]]]` cost no call, no
    /// return to mispredict and no stack per level). What a list of the
    /// chain has left to do after its last element is fixed, and done for
    /// each, innermost first, as its own frame would
    /// ([`Encoder::chain_close`]).
    #[inline(never)]
    fn list_chain<L: Layout>(&mut self, first: Zv) -> Status {
        // The lists to close after the innermost frame: the caller's, and
        // each entered here but the innermost.
        let mut open = 1usize;
        let mut val = first;
        let mut r = loop {
            self.chained += 1;
            match self.array_level::<L>(val, val.table()) {
                Level::Chain(child) => {
                    open += 1;
                    val = child;
                }
                Level::Done(r) => break r,
            }
        };
        while open > 0 {
            open -= 1;
            self.chained -= 1;
            r = self.chain_close::<L>(r);
        }
        r
    }

    /// The end of a chained list's frame (see [`Encoder::list_chain`]),
    /// after its last element, an array, ended with `r`.
    #[inline(always)]
    fn chain_close<L: Layout>(&mut self, r: Status) -> Status {
        // The list's walk: it stops on the element's failure, else ends.
        let r = if self.aborts(r) { Err(Fail) } else { Ok(()) };
        match self.frames.pop_fast_array() {
            None => self.close::<L>(r, true, b']'),
            Some((t, counted)) => self.close_held::<L>(t, counted, r, true, b']'),
        }
    }

    /// Whether a list's last element `z` is an array that would take a
    /// fast frame now ([`Encoder::encode_array_value`], then
    /// [`Encoder::encode_array_fast`]): non-empty, below `fast_depth`, not
    /// being walked already.
    #[inline(always)]
    fn chain_child(&self, z: Zv) -> bool {
        z.ty() == crate::php::sys::IS_ARRAY
            && self.depth < self.fast_depth
            && z.table().count() != 0
            && !z.table().is_recursive()
    }

    /// Arrays and objects through the general frame, from a counted copy of
    /// the zval so that jsonSerialize() cannot free the container mid-walk
    /// (bug77843).
    #[inline(never)]
    pub(super) fn encode_container_copy<L: Layout>(&mut self, val: Zv) -> Status {
        self.hold_pending();
        let mut copy = val.counted_copy();
        self.frames.push(Hold::copy(copy.held()));
        let r = self.encode_container::<L>(copy.zv());
        self.frames.pop(1);
        copy.release();
        r
    }

    /// `php_json_encode_array`: arrays, and objects encoded as their
    /// properties (`val` a counted copy). A general frame.
    pub(super) fn encode_container<L: Layout>(&mut self, val: Zv) -> Status {
        if self.container_stack_exhausted() {
            return self.fail(error::DEPTH, Out::NullIfPartial);
        }
        let (table, props, as_list, mark) = if val.ty() != crate::php::sys::IS_OBJECT {
            let t = val.table();
            let as_list = self.options & opt::FORCE_OBJECT == 0 && t.is_list();
            (Some(t), None, as_list, Some(t.gc()))
        } else {
            let obj = val.obj();
            if obj.slots_path_ok() {
                return self.encode_slots_general::<L>(obj);
            }
            // Before 8.4 the slots path is refused with standard handlers
            // only when the table exists; 8.4+ also refuses hooked and
            // lazy objects, whose table may not exist yet (or must be
            // built by initializing the object): the real call does that.
            let table = match obj.properties() {
                Some(t) if cfg!(not(php84)) && obj.std_handlers() => {
                    // zend_std_get_properties_for(JSON): the materialized
                    // table, with a reference for the walk.
                    t.addref();
                    Some(t)
                }
                _ => val.properties_for_json(),
            };
            // What carries the recursion mark: the table, or (8.4+, hooked
            // classes, whose table is a temporary) the object itself.
            let mark = if obj.class().has_hooks() {
                Some(obj.gc())
            } else {
                table.map(Table::gc)
            };
            (table, table, false, mark)
        };
        let r = self.encode_table_frame::<L>(val, table, as_list, mark, props.is_some());
        if let Some(p) = props {
            p.release_properties();
        }
        r
    }

    /// The frame of [`Encoder::encode_container`] once its table is known:
    /// the recursion check and mark, the walk, the close.
    #[inline(always)]
    fn encode_table_frame<L: Layout>(
        &mut self,
        val: Zv,
        table: Option<Table>,
        as_list: bool,
        mark: Option<Gc>,
        props: bool,
    ) -> Status {
        if let Some(m) = mark {
            if m.is_recursive() {
                return self.fail(error::RECURSION, Out::Null);
            }
            m.protect();
        }
        let mut n = 0;
        if let Some(m) = mark {
            self.frames.push(Hold::mark(m));
            n += 1;
        }
        if let (true, Some(t)) = (props, table) {
            self.frames.push(Hold::props(t));
            n += 1;
        }
        super::inject::point();
        if as_list {
            self.buf.push(b'[');
        }
        self.depth += 1;
        let mut need_comma = false;
        let hooked = val.ty() == crate::php::sys::IS_OBJECT && val.obj().class().has_hooks();
        let r = match table {
            Some(t) if !hooked => {
                self.walk_elements::<false, L>(t, props, as_list, &mut need_comma, &mut None)
            }
            Some(t) => self.walk_hooked::<L>(val, t, &mut need_comma),
            None => {
                self.buf.push(b'{');
                Ok(())
            }
        };
        // (The props entry is released by the caller, after the pop.)
        self.frames.pop(n);
        if let Some(m) = mark {
            m.unprotect();
        }
        self.close::<L>(r, need_comma, if as_list { b']' } else { b'}' })
    }

    /// The elements of a table, by kind: a property table (`is_object`), a
    /// map, a packed list, a list stored as a hash. A map's `{` is written
    /// with its first key (by the walk); a list's `[` by the caller.
    /// `TAIL`: a packed list may leave its last element in `tail` (see
    /// [`Encoder::walk_packed`]).
    #[inline(always)]
    pub(super) fn walk_elements<const TAIL: bool, L: Layout>(
        &mut self,
        ht: Table,
        is_object: bool,
        as_list: bool,
        need_comma: &mut bool,
        tail: &mut Option<Zv>,
    ) -> Status {
        if is_object {
            self.walk_map::<true, L>(ht, need_comma)
        } else if !as_list {
            self.walk_map::<false, L>(ht, need_comma)
        } else if ht.is_packed() {
            self.walk_packed::<false, TAIL, L>(ht, need_comma, tail)
        } else {
            self.walk_hash_list::<L>(ht, need_comma)
        }
    }

    /// The end of a container's frame, after its walk `r`: the depth check
    /// of `php_json_encode_array`, then the closing bracket (after the
    /// layout's framing when the container had a member, `need_comma`).
    /// (A fast frame is entered below `max_depth`, but the check can still
    /// fail: in partial mode a child that failed inside its own frame
    /// leaves its level counted, as stock's encoder does.)
    #[inline(always)]
    pub(super) fn close<L: Layout>(&mut self, r: Status, need_comma: bool, close: u8) -> Status {
        r?;
        self.check_depth(self.depth > self.max_depth)?;
        self.depth -= 1;
        if need_comma {
            L::before_close(self);
        }
        self.buf.push(close);
        Ok(())
    }

    /// The elements of a string-keyed (or mixed) table:
    /// `ZEND_HASH_FOREACH_KEY_VAL_IND` over the buckets, the separators and
    /// key written together. The opening `{` is written here, with the first
    /// key (or alone when there is none). `OBJ`: a property table
    /// (protected and private members, whose mangled names start with a
    /// NUL byte, are skipped).
    #[inline(always)]
    pub(super) fn walk_map<const OBJ: bool, L: Layout>(
        &mut self,
        ht: Table,
        need_comma: &mut bool,
    ) -> Status {
        if ht.is_packed() {
            // Packed, under FORCE_OBJECT or with holes.
            return self.walk_packed::<true, false, L>(ht, need_comma, &mut None);
        }
        // The first member follows the object's `{`, the others a `,`: two
        // loops, so that the separator is a constant in each (one register
        // fewer in the loop that runs for every member).
        let mut c = ht.buckets();
        let mut sep = b'{';
        while c.more() {
            let Some(e) = c.step() else {
                continue;
            };
            let Some(r) = self.map_member::<OBJ, L>(e, b'{') else {
                continue;
            };
            sep = b',';
            if self.aborts(r) {
                return Err(Fail);
            }
            break;
        }
        while c.more() {
            let Some(e) = c.step() else {
                continue;
            };
            let Some(r) = self.map_member::<OBJ, L>(e, b',') else {
                continue;
            };
            if self.aborts(r) {
                return Err(Fail);
            }
        }
        self.map_end(sep, need_comma);
        Ok(())
    }

    /// One member of a map walk after `sep`: its key and value; `None` when
    /// it is skipped (`OBJ`: a protected or private member, whose mangled
    /// name starts with a NUL byte).
    #[inline(always)]
    fn map_member<const OBJ: bool, L: Layout>(&mut self, e: Entry, sep: u8) -> Option<Status> {
        match e.key() {
            Some(k) if OBJ => {
                if !self.map_member_key::<L>(k, sep) {
                    return None;
                }
            }
            Some(k) => self.map_str_key::<L>(k, sep),
            None => self.map_int_key::<L>(e.index(), sep),
        }
        Some(self.encode_child::<L>(e.val))
    }

    /// The elements of a packed table: as a list, or (`KEYS`, under
    /// FORCE_OBJECT) with their integer keys (and then, as in
    /// [`Encoder::walk_map`], the opening `{` too).
    /// `TAIL` (a fast frame's list, see [`Encoder::array_frame`]): a last
    /// element that [`Encoder::chain_child`] takes is left in `tail`, its
    /// separator written, for the caller to enter.
    #[inline(always)]
    fn walk_packed<const KEYS: bool, const TAIL: bool, L: Layout>(
        &mut self,
        ht: Table,
        need_comma: &mut bool,
        tail: &mut Option<Zv>,
    ) -> Status {
        let mut sep = b'{';
        let mut c = ht.packed();
        // Runs are looked for in lists of RUN_MIN elements or more, while
        // every element checked after the first starts one: the first that
        // does not (a list of doubles, strings, arrays) hands the rest to
        // the plain loop below, which checks nothing. (A check per element
        // or per short list costs more than runs save there: canada's
        // coordinate pairs, nest-400's one-element lists.) Nor where a run
        // cannot store its separator whole (pretty-printed lists below
        // depth 7): there every element would call it for nothing.
        if !KEYS && ht.count() >= RUN_MIN && L::list_sep_word(self).is_some() {
            while c.more() {
                if *need_comma {
                    if !is_run_scalar(c.next_type()) {
                        break;
                    }
                    c = self.scalar_run::<L>(c);
                    if !c.more() {
                        break;
                    }
                }
                let Some((z, _)) = c.step() else {
                    continue;
                };
                L::list_sep(self, need_comma);
                let r = self.encode_child::<L>(z);
                if self.aborts(r) {
                    return Err(Fail);
                }
            }
        }
        while c.more() {
            let Some((z, index)) = c.step() else {
                continue;
            };
            if KEYS {
                self.map_int_key::<L>(index, sep);
                sep = b',';
            } else {
                L::list_sep(self, need_comma);
            }
            if TAIL && self.chain_child(z) && !c.more() {
                *tail = Some(z);
                return Ok(());
            }
            let r = self.encode_child::<L>(z);
            if self.aborts(r) {
                return Err(Fail);
            }
        }
        if KEYS {
            self.map_end(sep, need_comma);
        }
        Ok(())
    }

    /// The run of ints, `true`, `false` and `null` at the cursor of a
    /// list's walk, after its first element (so every one takes a
    /// separator): each element's separator and
    /// text written as [`Encoder::walk_packed`]'s own path writes them, with
    /// the write pointer in a register and no capacity check of the
    /// buffer's own. An element is taken only while the buffer's spare room
    /// exceeds the most it can need (separator and `LONG_MAX_LEN`): then
    /// the element's own reservations would not grow the buffer either, so
    /// the buffer ends as that path leaves it (same growth steps, same
    /// peak). The run stops at the first other value, or when room runs
    /// short; the walk's own path takes that element (growing the buffer
    /// exactly as stock's does). Out of line, the cursor passed by value:
    /// the walk keeps its own in registers. Returns the cursor past the
    /// run.
    #[inline(never)]
    fn scalar_run<L: Layout>(&mut self, c: Packed) -> Packed {
        let Some((sep, sep_len)) = L::list_sep_word(self) else {
            return c;
        };
        let (mut lo, mut hi) = ([0u8; 16], [0u8; 16]);
        lo.copy_from_slice(&sep[..16]);
        hi.copy_from_slice(&sep[16..]);
        let (lo, hi) = (u128::from_le_bytes(lo), u128::from_le_bytes(hi));
        if sep_len <= 16 {
            self.scalar_run_with::<false>(c, lo, hi, sep_len)
        } else {
            self.scalar_run_with::<true>(c, lo, hi, sep_len)
        }
    }

    /// [`Encoder::scalar_run`] for one separator width: up to 16 bytes
    /// (`WIDE` false: one store of `sep`, and two ints at once), or 17 to
    /// [`SEP_WORD`](super::layout::SEP_WORD) bytes (`WIDE`: `sep` and
    /// `sep_hi` stored one after the other, and one int at a time: the
    /// pair writer takes a separator of at most 16 bytes).
    #[inline(always)]
    fn scalar_run_with<const WIDE: bool>(
        &mut self,
        mut c: Packed,
        sep: u128,
        sep_hi: u128,
        sep_len: usize,
    ) -> Packed {
        // The most bytes an element takes.
        let most = sep_len + number::LONG_MAX_LEN;
        // Four ints at a time where the CPU has AVX2 (separators of up to
        // SEP_WORD bytes, one or two 16-byte stores).
        #[cfg(target_arch = "x86_64")]
        let mut quad = rustjson_core::isa::Avx2::new();
        // And eight at a time before them where it has AVX-512 VBMI2 (the
        // separators of up to 7 bytes: compact, and pretty at depth 1).
        #[cfg(target_arch = "x86_64")]
        let oct = if WIDE || sep_len > 7 {
            None
        } else {
            rustjson_core::isa::Avx512Vbmi2::new()
        };
        let start = self.buf.spare_ptr();
        let room = self.buf.spare();
        let mut p = start;
        loop {
            // How many elements surely fit (each of `most` bytes, a byte
            // left over after the last one: the buffer's NUL).
            let left = room - (p as usize - start as usize);
            let k = left.saturating_sub(1) / most;
            let mut part = c.first(k);
            while let Some(z) = part.peek() {
                let t = z.ty();
                // SAFETY: fewer than k elements were written in this part,
                // so p .. p + most lies in the spare room (most >= 16
                // covers a 16-byte separator word, and most >= 37 the two
                // words of a wide one; a literal's word is 8 bytes), and
                // p .. p + 2 * most when the part has a second one (the
                // pair's contract: q + 2 * LONG_MAX_LEN + sep_len).
                unsafe {
                    #[cfg(target_arch = "x86_64")]
                    if let Some(avx2) = quad.filter(|_| t == sys::IS_LONG) {
                        // Ints four at a time, each after its separator,
                        // in the spare room left (the writer checks it),
                        // where the next four slots may all be ints.
                        let rest = part.rest_words();
                        if rest.len() >= 4 && rest[3][1] as u8 == sys::IS_LONG as u8 {
                            let left = room - (p as usize - start as usize);
                            let (mut took, mut n) = (0, 0);
                            if let Some(oct) = oct {
                                (took, n) = number::write_long_octs(
                                    oct,
                                    rest,
                                    sys::IS_LONG as u8,
                                    p,
                                    left,
                                    sep,
                                    sep_len,
                                );
                            }
                            let (took4, n4) = number::write_long_quads(
                                avx2,
                                &rest[took..],
                                sys::IS_LONG as u8,
                                p.add(n),
                                left - n,
                                sep,
                                sep_hi,
                                sep_len,
                            );
                            took += took4;
                            n += n4;
                            if took > 0 {
                                p = p.add(n);
                                part.skip_n(took);
                                continue;
                            }
                            // Not four small ints: the pairs take this
                            // run from here.
                            quad = None;
                        }
                    }
                    if WIDE {
                        p.cast::<u128>().write_unaligned(sep.to_le());
                        p.add(16).cast::<u128>().write_unaligned(sep_hi.to_le());
                    } else if sep_len <= 8 {
                        p.cast::<u64>().write_unaligned((sep as u64).to_le());
                    } else {
                        p.cast::<u128>().write_unaligned(sep.to_le());
                    }
                    let q = p.add(sep_len);
                    if t == sys::IS_LONG {
                        if let Some(z2) = part
                            .peek_second()
                            .filter(|z2| !WIDE && z2.ty() == sys::IS_LONG)
                        {
                            // Two ints: both fit (each takes at most
                            // `most` bytes), their digits made at once.
                            let n =
                                number::write_long_pair_at(q, z.long(), z2.long(), sep, sep_len);
                            p = q.add(n);
                            part.skip();
                            part.skip();
                            continue;
                        }
                        p = q.add(number::write_long_at(q, z.long()));
                    } else if is_run_scalar(t) {
                        let (word, len) = LITERALS[(t - sys::IS_NULL) as usize];
                        q.cast::<[u8; 8]>().write_unaligned(word);
                        p = q.add(len);
                    } else {
                        break;
                    }
                }
                part.skip();
            }
            c.resume(&part);
            if k == 0 || part.more() || !c.more() {
                break;
            }
        }
        // SAFETY: the bytes from start to p were written above, all in the
        // spare room.
        unsafe { self.buf.commit(p as usize - start as usize) };
        c
    }

    /// A list stored as a hash (e.g. after unset() of its last element and
    /// re-adding).
    #[inline(never)]
    fn walk_hash_list<L: Layout>(&mut self, ht: Table, need_comma: &mut bool) -> Status {
        for e in ht.iter() {
            L::list_sep(self, need_comma);
            let r = self.encode_child::<L>(e.val);
            if self.aborts(r) {
                return Err(Fail);
            }
        }
        Ok(())
    }

    /// The end of a map walk whose next separator is `sep`: the `{` when no
    /// member was written; `need_comma` says whether one was.
    #[inline(always)]
    pub(super) fn map_end(&mut self, sep: u8, need_comma: &mut bool) {
        if sep == b'{' {
            self.buf.push(b'{');
        } else {
            *need_comma = true;
        }
    }
}
