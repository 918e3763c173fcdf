//! Integer-like object keys: which decoded keys an array stores as ints.
//!
//! With `$associative` (or JSON_OBJECT_AS_ARRAY) the parser stores members
//! with `zend_symtable_update`, which turns a "canonical decimal integer"
//! key into an int key (ZEND_HANDLE_NUMERIC_STR): an optional `-`, then
//! `0` alone or a non-zero digit and at most 18 more digits, nothing else,
//! and the value within `i64`. So `"1"`, `"-1"`, `"9223372036854775807"`
//! and `"-9223372036854775808"` are ints; `"01"`, `"-0"`, `"+1"`, `" 1"`,
//! `"1 "`, `""`, `"-"`, `"9223372036854775808"` and `"1.0"` stay strings.

/// `Some(int key)` when PHP's symbol table turns `key` into an int key.
#[inline]
pub fn numeric_key(key: &[u8]) -> Option<i64> {
    let (neg, digits) = match key.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'0'..=b'9', _)) => (false, key),
        _ => return None,
    };
    let (&first, rest) = digits.split_first()?;
    if !first.is_ascii_digit() || (first == b'0' && key.len() > 1) || digits.len() > 19 {
        return None;
    }
    // At most 19 digits: below 10^19 < 2^64, no overflow.
    let mut v = u64::from(first - b'0');
    for &c in rest {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u64::from(c - b'0');
    }
    if neg {
        // -0 was rejected above (a leading zero with length > 1), so v >= 1.
        if v - 1 > i64::MAX as u64 {
            return None;
        }
        Some(0i64.wrapping_sub_unsigned(v))
    } else {
        i64::try_from(v).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        for (k, v) in [
            ("1", Some(1)),
            ("0", Some(0)),
            ("-1", Some(-1)),
            ("9223372036854775807", Some(i64::MAX)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("01", None),
            ("-0", None),
            ("00", None),
            ("+1", None),
            (" 1", None),
            ("1 ", None),
            ("", None),
            ("-", None),
            ("--1", None),
            ("9223372036854775808", None),
            ("-9223372036854775809", None),
            ("99999999999999999999", None),
            ("1.0", None),
            ("1e3", None),
            ("1\0", None),
        ] {
            assert_eq!(numeric_key(k.as_bytes()), v, "{k:?}");
        }
    }
}
