//! Runs `rustjson_core::validate::validate` over many inputs, for the
//! differential test against PHP (tools/validate_diff.sh).
//!
//! ```text
//! validate_cli [--level=L] FILE|-      read records, print one error code per line (0 = valid)
//! validate_cli [--level=L] -e JSON...  validate each argument (depth 512, no flags)
//! ```
//!
//! `--level=L` runs at instruction-set level `L` (`scalar`, `sse2`,
//! `ssse3`, `avx2`, `avx512`, `avx512vbmi2`, `neon`; clamped to what this
//! CPU has) instead of the detected one.
//!
//! A record is: depth (u32 LE), flags (u8: 1 = JSON_INVALID_UTF8_IGNORE),
//! length (u32 LE), then the input bytes. An empty input prints 4, as
//! json_validate("") does.
//!
//! Every input is also run through the exact path alone (no fast path);
//! if that disagrees with `validate`, the line is `99` (a fast-path bug),
//! which no PHP code matches.

use std::io::{BufWriter, Read, Write};

use rustjson_core::isa::{self, Level};
use rustjson_core::validate::{testing, validate_at};

fn code(level: Level, input: &[u8], depth: u32, ignore: bool) -> i32 {
    if input.is_empty() {
        return 4;
    }
    let full = validate_at(level, input, depth, ignore);
    let exact = testing::exact(level, input, depth, ignore);
    if full != exact {
        return 99;
    }
    match full {
        Ok(()) => 0,
        Err(c) => c,
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let mut level = isa::detected();
    if let Some(name) = args.get(1).and_then(|a| a.strip_prefix("--level=")) {
        level = Level::from_name(name).unwrap_or_else(|| panic!("unknown level {name}"));
        args.remove(1);
    }
    if args.get(1).map(String::as_str) == Some("-e") {
        for a in &args[2..] {
            println!("{}", code(level, a.as_bytes(), 512, false));
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
        writeln!(out, "{}", code(level, input, depth, flags & 1 != 0)).unwrap();
    }
}
