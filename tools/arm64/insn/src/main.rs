//! `rustjson-arm64-insn WHAT LEVEL FILE REPS`: runs one core operation REPS times on FILE's bytes at
//! the given isa level, so that tools/arm64/insn.sh can count the instructions qemu executes
//! (REPS and 0 reps; the difference divided by REPS is the cost of one call).
//!
//! WHAT: `escape` (escape_string_at, options 0: FILE read as one string), `escape-unicode`
//! (JSON_UNESCAPED_UNICODE), `validate` (validate_at, depth 512), `stage1` (stage-1 tokens only).
//! LEVEL: `neon` or `scalar`.
use rustjson_core::isa::Level;
use rustjson_core::validate::testing;
use std::hint::black_box;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 5 {
        eprintln!(
            "usage: {} escape|escape-unicode|validate|stage1 neon|scalar FILE REPS",
            a[0]
        );
        std::process::exit(2);
    }
    let level = match a[2].as_str() {
        "neon" => Level::Neon,
        "scalar" => Level::Scalar,
        l => panic!("unknown level {l}"),
    };
    assert!(level.available(), "level {level:?} not available here");
    let data = std::fs::read(&a[3]).unwrap_or_else(|e| panic!("{}: {e}", a[3]));
    let reps: usize = a[4].parse().expect("REPS");
    let mut out: Vec<u8> = Vec::with_capacity(data.len() * 6 + 16);
    let mut acc = 0usize;
    for _ in 0..reps {
        let d = black_box(&data[..]);
        match a[1].as_str() {
            "escape" | "escape-unicode" => {
                let opts = if a[1] == "escape" {
                    0
                } else {
                    rustjson_core::options::UNESCAPED_UNICODE
                };
                out.clear();
                let r = rustjson_core::escape::escape_string_at(level, &mut out, d, opts);
                acc += out.len() + r.map_or(0, |r| r.is_ok() as usize);
            }
            "validate" => {
                acc += rustjson_core::validate::validate_at(level, d, 512, false).is_ok() as usize
            }
            "stage1" => acc += testing::stage1_tokens(level, d).unwrap_or(0),
            w => panic!("unknown operation {w}"),
        }
    }
    println!("{acc}");
}
