//! Runs `rustjson_core::validate::validate` over many inputs, for the
//! differential test against PHP (tools/validate_diff.sh).
//!
//! ```text
//! validate_cli FILE|-      read records, print one error code per line (0 = valid)
//! validate_cli -e JSON...  validate each argument (depth 512, no flags)
//! ```
//!
//! A record is: depth (u32 LE), flags (u8: 1 = JSON_INVALID_UTF8_IGNORE),
//! length (u32 LE), then the input bytes. An empty input prints 4, as
//! json_validate("") does.
//!
//! Every input is also run through the exact path alone (no fast path);
//! if that disagrees with `validate`, the line is `99` (a fast-path bug),
//! which no PHP code matches.

use std::io::{BufWriter, Read, Write};

fn code(input: &[u8], depth: u32, ignore: bool) -> i32 {
    if input.is_empty() {
        return 4;
    }
    let full = rustjson_core::validate::validate(input, depth, ignore);
    let exact = rustjson_core::validate::testing::exact(input, depth, ignore);
    if full != exact {
        return 99;
    }
    match full {
        Ok(()) => 0,
        Err(c) => c,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("-e") {
        for a in &args[2..] {
            println!("{}", code(a.as_bytes(), 512, false));
        }
        return;
    }
    let path = args.get(1).map(String::as_str).unwrap_or("-");
    let mut data = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut data).expect("read stdin");
    } else {
        data = std::fs::read(path).expect("read input file");
    }
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    let mut i = 0;
    while i < data.len() {
        let depth = u32::from_le_bytes(data[i..i + 4].try_into().unwrap());
        let flags = data[i + 4];
        let len = u32::from_le_bytes(data[i + 5..i + 9].try_into().unwrap()) as usize;
        let input = &data[i + 9..i + 9 + len];
        i += 9 + len;
        writeln!(out, "{}", code(input, depth, flags & 1 != 0)).unwrap();
    }
}
