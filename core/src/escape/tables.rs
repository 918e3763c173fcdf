//! Byte classes and escape spellings, all built at compile time.
//!
//! Only five flags change what an ASCII byte turns into: the four
//! `JSON_HEX_*` flags and `JSON_UNESCAPED_SLASHES`. That makes 32 class
//! tables of 256 bytes (8 KiB), indexed by [`Flags::table_index`], so the hot loop
//! never tests a flag per byte.

use super::mode::Flags;
use crate::options::{HEX_AMP, HEX_APOS, HEX_QUOT, HEX_TAG, UNESCAPED_SLASHES};

/// Copied verbatim.
pub(super) const CLEAN: u8 = 0;
/// Two-byte escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`).
pub(super) const TWO: u8 = 2;
/// Six-byte escape (`\u00XX`).
///
/// The class value is the escape's length; [`ESCW`] spells both kinds.
pub(super) const SIX: u8 = 6;
/// A byte >= 0x80: the start (or a stray part) of a UTF-8 sequence.
pub(super) const UTF8: u8 = 0x80;

/// The class table of `flags` (see [`Flags::table_index`]).
#[inline(always)]
pub(super) fn class_table(flags: Flags) -> &'static [u8; 256] {
    // `& 31` lets the compiler drop the bounds check (the index is < 32 anyway).
    &CLASS[flags.table_index() & 31]
}

/// The bytes a SIMD or SWAR scan must stop at, besides `< 0x20` and
/// `>= 0x80`, under `flags` (see [`Flags::stop_bytes`]).
#[inline(always)]
pub(super) const fn stop_bytes(flags: Flags) -> [u8; 7] {
    flags.stop_bytes()
}

/// The ext/json options that class-table index `index` stands for.
#[inline(always)]
const fn index_options(index: usize) -> u32 {
    (index as u32 & 15)
        | if index & 16 != 0 {
            UNESCAPED_SLASHES
        } else {
            0
        }
}

const fn build_class(index: usize) -> [u8; 256] {
    let options = index_options(index);
    let mut t = [CLEAN; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b >= 0x80 {
            UTF8
        } else if b < 0x20 {
            match b as u8 {
                b'\x08' | b'\x0c' | b'\n' | b'\r' | b'\t' => TWO,
                _ => SIX,
            }
        } else {
            match b as u8 {
                b'\\' => TWO,
                b'"' => {
                    if options & HEX_QUOT != 0 {
                        SIX
                    } else {
                        TWO
                    }
                }
                b'/' => {
                    if options & UNESCAPED_SLASHES != 0 {
                        CLEAN
                    } else {
                        TWO
                    }
                }
                b'<' | b'>' => {
                    if options & HEX_TAG != 0 {
                        SIX
                    } else {
                        CLEAN
                    }
                }
                b'&' => {
                    if options & HEX_AMP != 0 {
                        SIX
                    } else {
                        CLEAN
                    }
                }
                b'\'' => {
                    if options & HEX_APOS != 0 {
                        SIX
                    } else {
                        CLEAN
                    }
                }
                _ => CLEAN,
            }
        };
        b += 1;
    }
    t
}

const fn build_all() -> [[u8; 256]; 32] {
    let mut all = [[0u8; 256]; 32];
    let mut i = 0;
    while i < 32 {
        all[i] = build_class(i);
        i += 1;
    }
    all
}

/// One class table per flag set, see [`Flags::table_index`].
static CLASS: [[u8; 256]; 32] = build_all();

/// The ASCII bytes needing an escape, by nibbles, per flag set (see
/// [`Flags::table_index`]): `[low, high]`, where `high[h]` is bit `h` for
/// `h < 8` (else 0) and `low[l]` has bit `h` set iff byte `h << 4 | l`
/// is escaped. So a byte `b < 0x80` needs work iff
/// `high[b >> 4] & low[b & 15] != 0`, and a byte `>= 0x80` never matches
/// (a table lookup by nibble, as a vector shuffle does it).
#[cfg(target_arch = "x86_64")]
pub(super) static ESC_NIBBLES: [[[u8; 16]; 2]; 32] = {
    let mut all = [[[0u8; 16]; 2]; 32];
    let mut i = 0;
    while i < 32 {
        let class = build_class(i);
        let mut b = 0;
        while b < 0x80 {
            if class[b] != CLEAN {
                all[i][0][b & 15] |= 1 << (b >> 4);
            }
            b += 1;
        }
        let mut h = 0;
        while h < 8 {
            all[i][1][h] = 1 << h;
            h += 1;
        }
        i += 1;
    }
    all
};

/// The escape of an ASCII byte as one little-endian word, written with a
/// single 8-byte store of which the first 2 ([`TWO`]) or 6 ([`SIX`]) bytes
/// are kept: the class is the length. Index `b` gives the two-byte spelling
/// (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`), index `0x80 | b` the
/// six-byte one, `\u00XX` (lowercase hex, except `<` and `>`, which PHP
/// spells `\u003C` and `\u003E`): see [`esc_index`]. Other entries are
/// zero.
pub(super) static ESCW: [u64; 256] = {
    let mut t = [0u64; 256];
    let pairs: [(u8, u8); 8] = [
        (b'"', b'"'),
        (b'\\', b'\\'),
        (b'/', b'/'),
        (0x08, b'b'),
        (0x0c, b'f'),
        (b'\n', b'n'),
        (b'\r', b'r'),
        (b'\t', b't'),
    ];
    let mut k = 0;
    while k < pairs.len() {
        t[pairs[k].0 as usize] = b'\\' as u64 | (pairs[k].1 as u64) << 8;
        k += 1;
    }
    let mut b = 0;
    while b < 0x80 {
        let hex = if b == b'<' as usize || b == b'>' as usize {
            b"0123456789ABCDEF"
        } else {
            b"0123456789abcdef"
        };
        let s = [b'\\', b'u', b'0', b'0', hex[b >> 4], hex[b & 15], 0, 0];
        t[0x80 | b] = u64::from_le_bytes(s);
        b += 1;
    }
    t
};

/// Index into [`ESCW`] of the escape of ASCII byte `b` of class `class`
/// ([`TWO`] or [`SIX`]).
#[inline(always)]
pub(super) fn esc_index(b: u8, class: u8) -> usize {
    // SIX has bit 2 set, TWO does not: bit 2 moved to bit 7.
    (b as usize & 0x7f) | ((class as usize & 4) << 5)
}

const fn hex2(b: usize) -> [u8; 2] {
    let hex = b"0123456789abcdef";
    [hex[b >> 4], hex[b & 15]]
}

/// `\u` and the two hex digits of the high byte of a UTF-16 unit, as bytes
/// 0-3 of a little-endian word.
static UHI: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let h = hex2(b);
        t[b] = u64::from_le_bytes([b'\\', b'u', h[0], h[1], 0, 0, 0, 0]);
        b += 1;
    }
    t
};

/// The two hex digits of the low byte of a UTF-16 unit, as bytes 4-5 of a
/// little-endian word.
static ULO: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let h = hex2(b);
        t[b] = u64::from_le_bytes([0, 0, 0, 0, h[0], h[1], 0, 0]);
        b += 1;
    }
    t
};

/// `\uXXXX` (lowercase hex) for a UTF-16 code unit, as the first 6 bytes
/// of a little-endian word (the top two bytes are zero).
#[inline(always)]
pub(super) fn u_escape_word(unit: u32) -> u64 {
    UHI[((unit >> 8) & 0xff) as usize] | ULO[(unit & 0xff) as usize]
}
