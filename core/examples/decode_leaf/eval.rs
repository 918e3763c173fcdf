//! One line of the leaf check: `KIND FLAGS HEX` in, the result PHP prints
//! out (see main.rs). Shared with core/tests/decode_php_cases.rs.

use rustjson_core::decode::key::numeric_key;
use rustjson_core::decode::number::{self, Number};
use rustjson_core::decode::string::{decode, InvalidUtf8};
use rustjson_core::decode::BIGINT_AS_STRING;
use std::fmt::Write as _;

pub fn hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() * 2);
    for x in b {
        let _ = write!(s, "{x:02x}");
    }
    s
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// The result line for one input line; `buf` is scratch space.
pub fn eval_line(line: &str, buf: &mut Vec<u8>) -> String {
    let mut parts = line.split(' ');
    let kind = parts.next().unwrap_or("");
    let flags: u32 = parts.next().and_then(|f| f.parse().ok()).unwrap_or(0);
    let input = unhex(parts.next().unwrap_or(""));
    match kind {
        "n" => match number::parse(&input, flags & BIGINT_AS_STRING != 0) {
            Number::Int(v) => format!("i:{v}"),
            Number::BigIntString(s) => format!("s:{}", hex(s)),
            Number::Double(d) => format!("d:{:016x}", d.to_bits()),
        },
        "s" | "o" => {
            buf.clear();
            match decode(&input, InvalidUtf8::from_flags(flags), buf) {
                Err(e) => format!("e:{}", e.code()),
                Ok(d) if kind == "o" => {
                    if d.starts_with_nul {
                        "e:9".to_string()
                    } else {
                        "ok".to_string()
                    }
                }
                Ok(_) => format!("s:{}", hex(buf)),
            }
        }
        "k" => match numeric_key(&input) {
            Some(v) => format!("i:{v}"),
            None => format!("s:{}", hex(&input)),
        },
        _ => "?".to_string(),
    }
}
