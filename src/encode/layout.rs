//! Compact output vs PRETTY_PRINT, as a type: [`Compact`] and [`Pretty`]
//! implement [`Layout`], the walk is generic over it (monomorphized: no
//! run-time test of the flag inside the walk), and [`super::Encoder::encode`]
//! picks one per call.
use super::Encoder;
use rustjson_core::Sink;

/// Where compact and pretty output differ: the framing around elements.
pub trait Layout {
    /// The call has a `JSON_HEX_*` flag other than `JSON_HEX_QUOT`
    /// ([`CompactHex`]): the short keys' and strings' clean check compares
    /// those bytes inline (elsewhere it is out of line).
    const HEX: bool = false;

    /// [`Layout::key_lead`] writes (pretty: the newline and indentation),
    /// so a member must be known to be written before it.
    const LEAD_WRITES: bool = false;

    /// Before a list element: `,` after the first (`need_comma`); pretty:
    /// then a newline and the indentation.
    fn list_sep(e: &mut Encoder, need_comma: &mut bool);

    /// Before a key, whose separator `sep` (`{` for the first member, else
    /// `,`) comes first. Compact: written by the key's own write (returned);
    /// pretty: written here with a newline and the indentation (`None`
    /// returned).
    fn key_lead(e: &mut Encoder, sep: u8) -> Option<u8>;

    /// After a key's `:` (pretty: a space).
    fn key_trail(e: &mut Encoder);

    /// Before the closing bracket of a container that had members (pretty:
    /// a newline and the indentation).
    fn before_close(e: &mut Encoder);

    /// What [`Layout::list_sep`] writes after a list's first element, as
    /// a 32-byte word (the bytes, then anything) and its length, when it
    /// fits: for the scalar runs of a packed list, which store it whole.
    fn list_sep_word(e: &Encoder) -> Option<([u8; SEP_WORD], usize)>;
}

/// The longest list separator a scalar run stores whole (pretty-printed
/// lists down to depth 7: `,`, a newline and 28 spaces).
pub const SEP_WORD: usize = 32;

/// The end of [`Encoder::sep_newline_indent`]'s two 16-byte stores of
/// spaces: a separator, a newline, then 32 bytes (depth 8).
const INDENT_WORDS_END: usize = 2 + 32;

/// Compact output (no PRETTY_PRINT).
pub enum Compact {}

/// PRETTY_PRINT: four spaces per level, `": "`.
pub enum Pretty {}

/// Compact output under `JSON_HEX_TAG`, `_AMP` or `_APOS`: [`Compact`]'s
/// framing, with [`Layout::HEX`] (a walk of its own, so that the common
/// one's code stays as it is).
pub enum CompactHex {}

impl Layout for Compact {
    #[inline(always)]
    fn list_sep(e: &mut Encoder, need_comma: &mut bool) {
        if *need_comma {
            e.buf.push(b',');
        }
        *need_comma = true;
    }

    #[inline(always)]
    fn key_lead(_: &mut Encoder, sep: u8) -> Option<u8> {
        Some(sep)
    }

    #[inline(always)]
    fn key_trail(_: &mut Encoder) {}

    #[inline(always)]
    fn before_close(_: &mut Encoder) {}

    #[inline(always)]
    fn list_sep_word(_: &Encoder) -> Option<([u8; SEP_WORD], usize)> {
        let mut w = [0; SEP_WORD];
        w[0] = b',';
        Some((w, 1))
    }
}

impl Layout for CompactHex {
    const HEX: bool = true;

    #[inline(always)]
    fn list_sep(e: &mut Encoder, need_comma: &mut bool) {
        Compact::list_sep(e, need_comma)
    }

    #[inline(always)]
    fn key_lead(e: &mut Encoder, sep: u8) -> Option<u8> {
        Compact::key_lead(e, sep)
    }

    #[inline(always)]
    fn key_trail(e: &mut Encoder) {
        Compact::key_trail(e)
    }

    #[inline(always)]
    fn before_close(e: &mut Encoder) {
        Compact::before_close(e)
    }

    #[inline(always)]
    fn list_sep_word(e: &Encoder) -> Option<([u8; SEP_WORD], usize)> {
        Compact::list_sep_word(e)
    }
}

impl Layout for Pretty {
    const LEAD_WRITES: bool = true;

    #[inline(always)]
    fn list_sep(e: &mut Encoder, need_comma: &mut bool) {
        e.sep_newline_indent::<true>(usize::from(*need_comma), b',');
        *need_comma = true;
    }

    #[inline(always)]
    fn key_lead(e: &mut Encoder, sep: u8) -> Option<u8> {
        e.sep_newline_indent::<false>(1, sep);
        None
    }

    #[inline(always)]
    fn key_trail(e: &mut Encoder) {
        e.buf.push(b' ');
    }

    #[inline(always)]
    fn before_close(e: &mut Encoder) {
        e.sep_newline_indent::<false>(0, b'\n');
    }

    #[inline(always)]
    fn list_sep_word(e: &Encoder) -> Option<([u8; SEP_WORD], usize)> {
        let n = 2 + 4 * e.depth.max(0) as usize;
        if n > SEP_WORD {
            return None;
        }
        let mut w = [b' '; SEP_WORD];
        w[0] = b',';
        w[1] = b'\n';
        Some((w, n))
    }
}

impl Encoder {
    /// PRETTY_PRINT's framing before an element: `c` (0 or 1) bytes of
    /// `sep` (`,`, or the `{` a map walk writes with its first member), a
    /// newline and four spaces per level, in one reservation. With `WORDS` (a list's
    /// elements), an indentation of up to 32 spaces is two fixed 16-byte
    /// stores when the spare room holds them (bytes past the text are spare
    /// room, not committed) instead of a memset call per element; the map
    /// walk's keys keep the fill (the stores cost its loop a register:
    /// array-mode pretty rows +2-3.4% in callgrind).
    #[inline(always)]
    fn sep_newline_indent<const WORDS: bool>(&mut self, c: usize, sep: u8) {
        let n = c + 1 + 4 * self.depth.max(0) as usize;
        self.buf.reserve(n);
        // SAFETY: n bytes reserved, all written before commit (`sep`,
        // written unconditionally, is overwritten by the newline when c is
        // 0); the fixed stores end at INDENT_WORDS_END <=
        // spare().
        unsafe {
            let p = self.buf.spare_ptr();
            if WORDS && n <= INDENT_WORDS_END && self.buf.spare() >= INDENT_WORDS_END {
                let spaces = [b' '; 16];
                p.add(c + 1).cast::<[u8; 16]>().write_unaligned(spaces);
                p.add(c + 17).cast::<[u8; 16]>().write_unaligned(spaces);
            } else {
                core::ptr::write_bytes(p.add(c + 1), b' ', n - c - 1);
            }
            p.write(sep);
            p.add(c).write(b'\n');
            self.buf.commit(n);
        }
    }
}
