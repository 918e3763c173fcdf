//! Rough speed of every implementation (GB/s of input, ns per string).
//! #[ignore]d:
//! `cargo test -p rustjson-core --release --test escape_speed -- --ignored --nocapture`
//!
//! The inputs are those of tools/bench/lib.php (`bench_text_inputs`): 4 KiB
//! texts in several scripts (default flags and JSON_UNESCAPED_UNICODE),
//! escape-dense strings, and short strings / keys, where the per-call cost
//! of the entry path shows. For stable numbers (this machine is shared),
//! count instructions instead: `valgrind --tool=callgrind` on a small
//! binary calling `escape_string` in a loop.

use rustjson_core::escape::{escape_string, escape_string_at};
use rustjson_core::isa::{available_levels, Level};
use rustjson_core::options::*;
use std::hint::black_box;
use std::time::Instant;

fn measure(label: &str, imp: Option<&str>, s: &[u8], opts: u32) {
    let mut out = Vec::with_capacity(s.len() * 6 + 2);
    let reps = (16 << 20) / s.len().max(16) + 1;
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..reps {
            out.clear();
            match imp {
                Some(imp) => {
                    escape_string_at(Level::from_name(imp).unwrap(), &mut out, black_box(s), opts)
                        .unwrap()
                        .unwrap()
                }
                None => escape_string(&mut out, black_box(s), opts).unwrap(),
            }
            black_box(&out);
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    let gbs = (s.len() * reps) as f64 / best / 1e9;
    let ns = best / reps as f64 * 1e9;
    println!(
        "{label:<34} {:<14} {gbs:7.2} GB/s  {ns:9.1} ns/string",
        imp.unwrap_or("escape_string")
    );
}

/// `unit` repeated to `bytes` bytes, cut back to a whole character (as
/// `bench_fill` in tools/bench/lib.php).
fn fill(unit: &str, bytes: usize) -> Vec<u8> {
    let mut s = unit.repeat(bytes / unit.len() + 1);
    s.truncate(s.floor_char_boundary(bytes));
    s.into_bytes()
}

#[test]
#[ignore]
fn speed() {
    let k4 = 4096;
    let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor \
                 incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis \
                 nostrud exercitation ullamco. ";
    let texts: Vec<(&str, Vec<u8>)> = vec![
        ("64 KiB ASCII", fill(lorem, 65536)),
        ("4 KiB ASCII", fill(lorem, k4)),
        (
            "4 KiB HTML",
            fill(
                "<div class=\"item\"><a href=\"/wiki/Main_Page?x=1&amp;y=2\" title='Home'>Home \
                 &amp; away</a> <span>&lt;b&gt; 42 &gt; 7</span></div>\n",
                k4,
            ),
        ),
        (
            "4 KiB URLs",
            fill(
                "https://api.example.com/v1/users/1234567/repos?page=2&per_page=100 \
                 http://cdn.example.org/static/img/logo-2x.png ",
                k4,
            ),
        ),
        ("4 KiB quote every 16 B", fill("abcdefghijklmno\"", k4)),
        ("4 KiB quotes only", vec![b'"'; k4]),
        (
            "4 KiB newline every 40 B",
            fill("The quick brown fox jumps over the dog\n", k4),
        ),
        (
            "4 KiB Cyrillic",
            fill(
                "Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая \
                 электрификация южных губерний. ",
                k4,
            ),
        ),
        (
            "4 KiB CJK",
            fill(
                "我能吞下玻璃而不伤身体。日本語の文章を書いています。東京都千代田区丸の内一丁目、漢字とかな。",
                k4,
            ),
        ),
        (
            "4 KiB emoji",
            fill("😀🎉🚀👍🏽❤️🔥✨🐘🦀😂🙈👨‍👩‍👧🌍🍕⚡", k4),
        ),
        (
            "4 KiB French",
            fill(
                "Les élèves étudièrent à l'école près de la forêt; où est le garçon? Ça va \
                 très bien, merci. Noël approche et la fête sera déjà là. ",
                k4,
            ),
        ),
    ];
    for imp in available_levels().map(|l| l.name()) {
        for (label, s) in &texts {
            measure(label, Some(imp), s, 0);
            if !s.is_ascii() {
                measure(&format!("{label} UU"), Some(imp), s, UNESCAPED_UNICODE);
            }
        }
    }
    let short: [(&str, &[u8]); 6] = [
        ("key \"id\"", b"id"),
        ("key \"created_at\"", b"created_at"),
        ("16 B ASCII", b"Hello, world 123"),
        ("32 B ASCII", b"Hello, world 123 Hello, world 12"),
        (
            "64 B ASCII",
            b"Hello, world 123 Hello, world 12Hello, world 123 Hello, world 12",
        ),
        ("16 B with a quote", b"Hello, \"world\" 1"),
    ];
    for (label, s) in short {
        measure(label, None, s, 0);
    }
    for (label, s) in &texts {
        measure(label, None, s, 0);
    }
}
