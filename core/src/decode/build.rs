//! The value-building side of json_decode: the [`Builder`] interface the
//! parser ([`super::parse`]) drives, and [`Tree`], a plain-Rust builder for
//! tests and tools.
//!
//! # The event protocol
//!
//! The parser reports the document as a stream of events, in document
//! order; the builder keeps its own stack of open containers (for PHP: a
//! stack of zvals, each a `zend_array` or a `stdClass` being filled), so
//! values are built in place with no intermediate tree:
//!
//! ```text
//! value   := null | bool | int | double | big_int | string | string_from_text
//!          | begin_array value* end_array
//!          | begin_object (key|key_from_text value)* end_object
//! ```
//!
//! A value event inside an array appends it (keys 0, 1, ...); inside an
//! object it is the value of the key event just before it. The first
//! value event outside any container is the root; after it, [`Builder::finish`]
//! hands the root over.
//!
//! Object semantics are the builder's (the parser never looks at keys
//! except for error 9): in object-as-array mode PHP stores members with
//! `zend_symtable_update` (int keys through [`super::key::numeric_key`],
//! a duplicate key keeps its first position and takes the last value); in
//! object mode keys stay strings, `""` included, duplicates as above. A key
//! whose first byte is NUL in object mode is error 9: the parser detects it
//! (it needs the error's position) and never hands such a member's value
//! to [`Builder::finish`].
//!
//! Strings are decoded straight into the builder's own buffer: the parser
//! asks for [`Builder::text`] (empty when handed out), decodes into it
//! (it reserves the body's length, an upper bound, except under
//! JSON_INVALID_UTF8_SUBSTITUTE), then calls [`Builder::string_from_text`]
//! or [`Builder::key_from_text`], which take the bytes and leave the text
//! empty again. A string or key that needs no decoding (no escape, checked
//! bytes) comes as a borrowed slice instead ([`Builder::string`],
//! [`Builder::key`]).
//!
//! # Errors and PHP's bailout
//!
//! When the parser gives up (an error, or a route change from the fast to
//! the exact route), it calls [`Builder::discard`] once: the builder frees
//! everything it holds (open containers, a pending key, the text) and is
//! ready for a new document. After `discard` the parser may replay the
//! document from the start.
//!
//! A builder method may never return (PHP's memory limit longjmps out of
//! emalloc). The parser guarantees that no value with drop glue lives in
//! its own frames while a builder method runs: its state is plain data
//! (bit stacks, counters, a thread-local token buffer reached through a
//! raw pointer). Builder methods must not panic, and must not call
//! [`super::parse`] on the same builder.

use super::key::numeric_key;
use crate::Sink;

/// The value-building interface of json_decode (see the module docs for
/// the event protocol and the contract).
///
/// # Safety
/// While the parser runs, it holds this thread's stage-1 token buffer as a
/// `&mut` borrow: an implementation must not call [`super::parse`] (or
/// anything that does) on the same thread from inside a method. Methods
/// must not panic.
pub unsafe trait Builder {
    /// The finished document.
    type Value;
    /// The buffer strings are decoded into.
    type Text: Sink;

    /// `null`.
    fn null(&mut self);
    /// `true` / `false`.
    fn bool(&mut self, v: bool);
    /// An integer that fits a PHP int.
    fn int(&mut self, v: i64);
    /// A double (also a too-big integer without JSON_BIGINT_AS_STRING).
    fn double(&mut self, v: f64);
    /// A too-big integer under JSON_BIGINT_AS_STRING: its digits as a string.
    fn big_int(&mut self, digits: &[u8]);
    /// A string value that needed no decoding.
    fn string(&mut self, bytes: &[u8]);
    /// The (empty) buffer the next string or key is decoded into.
    fn text(&mut self) -> &mut Self::Text;
    /// The bytes in [`Builder::text`] are a string value; empty the text.
    fn string_from_text(&mut self);
    /// The key of the next member of the innermost (object) container.
    fn key(&mut self, bytes: &[u8]);
    /// The bytes in [`Builder::text`] are the next key; empty the text.
    fn key_from_text(&mut self);
    /// A key body straight from the input, before the parser looked for
    /// escapes in it: `true` when the builder took it as the next key, as
    /// [`Builder::key`] would have (nothing done on `false`). A builder
    /// may only take bytes equal to those of an earlier [`Builder::key`]
    /// of this document (which had no escape, so neither has this body)
    /// that was not NUL-led in object mode. The parser's fast route asks
    /// first for short bodies, so a repeated key skips its escape check.
    #[inline(always)]
    fn known_key(&mut self, _bytes: &[u8]) -> bool {
        false
    }
    /// A run of numbers appended to the innermost container, an array
    /// whose last element was just delivered (the parser asks after an
    /// element that is a number). The builder calls `next` once per
    /// further element, while it wants one, and stores each number `next`
    /// yields as [`Builder::int`] / [`Builder::double`] would; `None` ends
    /// the run (that call consumed nothing: the parser goes on with its
    /// general walk). A builder may stop calling at any time (its array
    /// is full, say); `next` never fails a document. The default takes
    /// every number through [`Builder::int`] / [`Builder::double`].
    #[inline(always)]
    fn number_run<F: FnMut() -> Option<RunNumber>>(&mut self, mut next: F) {
        while let Some(x) = next() {
            match x {
                RunNumber::Int(v) => self.int(v),
                RunNumber::Double(v) => self.double(v),
            }
        }
    }
    /// Open an array (a JSON `[`).
    fn begin_array(&mut self);
    /// A whole array of one or two numbers (`[a]`, `[a, b]`), which the
    /// parser's fast route hands over in one call: what
    /// [`Builder::begin_array`], the numbers (as [`Builder::int`] /
    /// [`Builder::double`]) and [`Builder::end_array`] give. The default
    /// makes exactly those calls.
    #[inline(always)]
    fn number_list(&mut self, a: RunNumber, b: Option<RunNumber>) {
        self.begin_array();
        for x in [Some(a), b].into_iter().flatten() {
            match x {
                RunNumber::Int(v) => self.int(v),
                RunNumber::Double(v) => self.double(v),
            }
        }
        self.end_array();
    }
    /// Close the innermost array; it becomes a value.
    fn end_array(&mut self);
    /// Open an object (a JSON `{`), as an object or an array (assoc).
    fn begin_object(&mut self);
    /// Close the innermost object; it becomes a value.
    fn end_object(&mut self);
    /// The root value, after it is complete; the builder is then empty.
    fn finish(&mut self) -> Self::Value;
    /// Release everything built so far; the builder is then empty.
    fn discard(&mut self);
    /// Asked once the document's last event was delivered (and on no
    /// error): `true` when the builder wants the whole document again
    /// (it builds it differently the second time). The parser then calls
    /// [`Builder::discard`] and replays the events from the start. Also
    /// asked in object mode at an error, before the discard: `true` when
    /// what the builder holds is not what stock's parser holds there; the
    /// parser then discards and asks for [`Builder::replay_failure`].
    fn rebuild(&mut self) -> bool {
        false
    }
    /// Asked after an error (and its [`Builder::discard`]) in object mode
    /// when the document has a `{`: `true` when the builder wants the
    /// events stock's parser acts on before its error (for PHP: object
    /// handles, which objects are made and freed in which order decides
    /// what later objects get). The parser then replays the document up to
    /// PHP's error token (with [`Builder::fail_in_empty_object`] where it
    /// applies) and calls [`Builder::discard`], which must release the
    /// open containers innermost first, each with its members in order, as
    /// bison's error recovery does. Scalars come as `null` in a replay
    /// (their values do not matter), so the builder must build in stock's
    /// order from the start of the replay (it is never replayed again).
    fn replay_failure(&mut self) -> bool {
        false
    }
    /// At an error (in a failure replay, or before the discard that
    /// follows the error in object mode): the error token came where the
    /// innermost object's first key was expected (not a string token).
    /// PHP's parser has then made that object (`members: %empty`), which
    /// the discard releases first.
    fn fail_in_empty_object(&mut self) {}
}

/// One number of a run ([`Builder::number_run`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunNumber {
    /// An integer that fits a PHP int ([`Builder::int`]).
    Int(i64),
    /// A double ([`Builder::double`]).
    Double(f64),
}

/// A key of a [`Value::Array`]: PHP arrays have int and string keys.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    /// An int key (list positions, numeric object keys in assoc mode).
    Int(i64),
    /// A string key.
    Str(Vec<u8>),
}

/// A decoded value as PHP would hold it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A PHP int.
    Int(i64),
    /// A PHP float.
    Double(f64),
    /// A PHP string (bytes).
    Str(Vec<u8>),
    /// A PHP array (a JSON array, or an object in assoc mode).
    Array(Vec<(Key, Value)>),
    /// A `stdClass` (property names are strings).
    Object(Vec<(Vec<u8>, Value)>),
}

impl Value {
    /// A canonical dump, the same as `tools/decode/parse_check.php`'s:
    /// `N`, `b0`/`b1`, `i<dec>;`, `d<16 hex digits of the f64 bits>`,
    /// `s<hex bytes>;`, `a<n>{key value...}`, `o<n>{key value...}` with
    /// keys as `i<dec>;` or `s<hex>;`.
    pub fn dump(&self, out: &mut String) {
        use core::fmt::Write;
        match self {
            Value::Null => out.push('N'),
            Value::Bool(b) => out.push_str(if *b { "b1" } else { "b0" }),
            Value::Int(i) => {
                let _ = write!(out, "i{i};");
            }
            Value::Double(d) => {
                let _ = write!(out, "d{:016x}", d.to_bits());
            }
            Value::Str(s) => dump_str(s, out),
            Value::Array(items) => {
                let _ = write!(out, "a{}{{", items.len());
                for (k, v) in items {
                    match k {
                        Key::Int(i) => {
                            let _ = write!(out, "i{i};");
                        }
                        Key::Str(s) => dump_str(s, out),
                    }
                    v.dump(out);
                }
                out.push('}');
            }
            Value::Object(items) => {
                let _ = write!(out, "o{}{{", items.len());
                for (k, v) in items {
                    dump_str(k, out);
                    v.dump(out);
                }
                out.push('}');
            }
        }
    }
}

fn dump_str(s: &[u8], out: &mut String) {
    use core::fmt::Write;
    out.push('s');
    for b in s {
        let _ = write!(out, "{b:02x}");
    }
    out.push(';');
}

/// One open container of a [`Tree`].
#[derive(Debug)]
enum Frame {
    Array(Vec<(Key, Value)>),
    /// Members, and the key of the member whose value comes next.
    Assoc(Vec<(Key, Value)>, Option<Key>),
    Object(Vec<(Vec<u8>, Value)>, Option<Vec<u8>>),
}

/// A [`Builder`] of [`Value`] trees with PHP's semantics (for tests and
/// tools; it allocates with Rust's allocator, so it is no model of the
/// bailout contract).
#[derive(Debug, Default)]
pub struct Tree {
    /// Objects become arrays (`$associative` / JSON_OBJECT_AS_ARRAY).
    pub assoc: bool,
    stack: Vec<Frame>,
    root: Option<Value>,
    text: Vec<u8>,
}

impl Tree {
    /// An empty builder; `assoc` as in [`Tree::assoc`].
    pub fn new(assoc: bool) -> Self {
        Tree {
            assoc,
            ..Tree::default()
        }
    }

    /// Store a value where the event protocol puts it.
    fn put(&mut self, v: Value) {
        match self.stack.last_mut() {
            None => self.root = Some(v),
            Some(Frame::Array(items)) => {
                let k = Key::Int(items.len() as i64);
                items.push((k, v));
            }
            Some(Frame::Assoc(items, key)) => {
                let k = key.take().unwrap_or(Key::Int(0));
                match items.iter_mut().find(|(old, _)| *old == k) {
                    Some(slot) => slot.1 = v,
                    None => items.push((k, v)),
                }
            }
            Some(Frame::Object(items, key)) => {
                let k = key.take().unwrap_or_default();
                match items.iter_mut().find(|(old, _)| *old == k) {
                    Some(slot) => slot.1 = v,
                    None => items.push((k, v)),
                }
            }
        }
    }

    fn set_key(&mut self, k: Vec<u8>) {
        match self.stack.last_mut() {
            Some(Frame::Assoc(_, key)) => {
                *key = Some(match numeric_key(&k) {
                    Some(i) => Key::Int(i),
                    None => Key::Str(k),
                })
            }
            Some(Frame::Object(_, key)) => *key = Some(k),
            _ => {}
        }
    }
}

// SAFETY: `Tree` never calls the parser, and its methods cannot panic
// (allocation failure aborts).
unsafe impl Builder for Tree {
    type Value = Value;
    type Text = Vec<u8>;

    fn null(&mut self) {
        self.put(Value::Null)
    }
    fn bool(&mut self, v: bool) {
        self.put(Value::Bool(v))
    }
    fn int(&mut self, v: i64) {
        self.put(Value::Int(v))
    }
    fn double(&mut self, v: f64) {
        self.put(Value::Double(v))
    }
    fn big_int(&mut self, digits: &[u8]) {
        self.put(Value::Str(digits.to_vec()))
    }
    fn string(&mut self, bytes: &[u8]) {
        self.put(Value::Str(bytes.to_vec()))
    }
    fn text(&mut self) -> &mut Vec<u8> {
        &mut self.text
    }
    fn string_from_text(&mut self) {
        let s = core::mem::take(&mut self.text);
        self.put(Value::Str(s))
    }
    fn key(&mut self, bytes: &[u8]) {
        self.set_key(bytes.to_vec())
    }
    fn key_from_text(&mut self) {
        let k = core::mem::take(&mut self.text);
        self.set_key(k)
    }
    fn begin_array(&mut self) {
        self.stack.push(Frame::Array(Vec::new()))
    }
    fn end_array(&mut self) {
        if let Some(Frame::Array(items)) = self.stack.pop() {
            self.put(Value::Array(items))
        }
    }
    fn begin_object(&mut self) {
        self.stack.push(if self.assoc {
            Frame::Assoc(Vec::new(), None)
        } else {
            Frame::Object(Vec::new(), None)
        })
    }
    fn end_object(&mut self) {
        match self.stack.pop() {
            Some(Frame::Assoc(items, _)) => self.put(Value::Array(items)),
            Some(Frame::Object(items, _)) => self.put(Value::Object(items)),
            _ => {}
        }
    }
    fn finish(&mut self) -> Value {
        self.stack.clear();
        self.text.clear();
        self.root.take().unwrap_or(Value::Null)
    }
    fn discard(&mut self) {
        self.stack.clear();
        self.text.clear();
        self.root = None;
    }
}

/// A [`Builder`] that builds nothing (for error searches and benchmarks of
/// the parser alone).
#[derive(Debug, Default)]
pub struct Nothing {
    text: Vec<u8>,
}

// SAFETY: `Nothing` never calls the parser and does not panic.
unsafe impl Builder for Nothing {
    type Value = ();
    type Text = Vec<u8>;
    #[inline(always)]
    fn null(&mut self) {}
    #[inline(always)]
    fn bool(&mut self, _: bool) {}
    #[inline(always)]
    fn int(&mut self, _: i64) {}
    #[inline(always)]
    fn double(&mut self, _: f64) {}
    #[inline(always)]
    fn big_int(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn string(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn text(&mut self) -> &mut Vec<u8> {
        &mut self.text
    }
    #[inline(always)]
    fn string_from_text(&mut self) {
        self.text.clear()
    }
    #[inline(always)]
    fn key(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn key_from_text(&mut self) {
        self.text.clear()
    }
    #[inline(always)]
    fn begin_array(&mut self) {}
    #[inline(always)]
    fn end_array(&mut self) {}
    #[inline(always)]
    fn begin_object(&mut self) {}
    #[inline(always)]
    fn end_object(&mut self) {}
    #[inline(always)]
    fn finish(&mut self) {
        self.text.clear()
    }
    #[inline(always)]
    fn discard(&mut self) {
        self.text.clear()
    }
}
