//! Rough throughput of every implementation (GB/s of input). #[ignore]d:
//! `cargo test -p rustjson-core --release --test escape_speed -- --ignored --nocapture`

use rustjson_core::escape::{available_implementations, escape_string, escape_string_using};
use rustjson_core::options::*;
use std::hint::black_box;
use std::time::Instant;

fn measure(label: &str, imp: Option<&str>, s: &[u8], opts: u32) {
    let mut out = Vec::with_capacity(s.len() * 6 + 2);
    let reps = (64 << 20) / s.len().max(1) + 1;
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..reps {
            out.clear();
            match imp {
                Some(imp) => escape_string_using(imp, &mut out, black_box(s), opts)
                    .unwrap()
                    .unwrap(),
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

#[test]
#[ignore]
fn speed() {
    let ascii: Vec<u8> = (0..65536)
        .map(|k| b"The quick brown fox jumps over the lazy dog. "[k % 45])
        .collect();
    let mut cyr = "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(80);
    cyr.truncate(cyr.floor_char_boundary(4096));
    let cyr = cyr.into_bytes();
    let mut fr =
        "Le cœur a ses raisons que la raison ne connaît point. Très bien, ça va déjà. ".repeat(60);
    fr.truncate(fr.floor_char_boundary(4096));
    let fr = fr.into_bytes();
    let url = "https://example.com/api/v1/users/12345/profile?x=1 "
        .repeat(90)
        .into_bytes()[..4096]
        .to_vec();
    let dense: Vec<u8> = (0..4096).map(|k| b"a\"b\\c\nd\te/"[k % 10]).collect();
    let keys: [&[u8]; 4] = [b"id", b"name", b"created_at", b"profile_image_url"];
    for imp in available_implementations() {
        measure("64 KiB ASCII", Some(imp), &ascii, 0);
        measure("4 KiB Cyrillic", Some(imp), &cyr, 0);
        measure(
            "4 KiB Cyrillic UNESCAPED_UNICODE",
            Some(imp),
            &cyr,
            UNESCAPED_UNICODE,
        );
        measure("4 KiB French", Some(imp), &fr, 0);
        measure(
            "4 KiB French UNESCAPED_UNICODE",
            Some(imp),
            &fr,
            UNESCAPED_UNICODE,
        );
        measure("4 KiB URLs", Some(imp), &url, 0);
        measure("4 KiB dense escapes", Some(imp), &dense, 0);
    }
    for k in keys {
        measure(&format!("key {:?}", String::from_utf8_lossy(k)), None, k, 0);
    }
    measure("64 KiB ASCII", None, &ascii, 0);
}
