//! Throughput of `rustjson_core::validate::validate` on JSON files.
//!
//! ```text
//! cargo run --release -p rustjson-core --example validate_bench -- [FILE...]
//! ```
//!
//! Default files: twitter, citm_catalog and gsoc-2018 from ../shared/corpora.
//! Prints, per file, the best and median time of one call over many
//! repetitions and the resulting GB/s (input bytes). Wall time on a shared
//! machine is noisy: compare medians, in the same run
//! (tools/validate_bench.sh interleaves this with PHP). `DETAIL=1` adds the
//! exact path alone and the fast path's stage 1 alone; `MACHINE=1` prints
//! "NAME WHAT MEDIAN_US BEST_US" lines.

use std::time::{Duration, Instant};

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpora");
        for name in ["twitter", "citm_catalog", "gsoc-2018"] {
            files.push(format!("{dir}/{name}.json"));
        }
    }
    for f in &files {
        let data = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        bench(f, "validate", &data, &|d| {
            rustjson_core::validate::validate(d, 512, false)
        });
        if std::env::var_os("DETAIL").is_some() {
            use rustjson_core::validate::testing;
            let level = rustjson_core::isa::detected();
            bench(f, "exact only", &data, &|d| {
                testing::exact(level, d, 512, false)
            });
            bench(f, "stage 1 only", &data, &|d| {
                testing::stage1_tokens(level, d).map(|_| ()).ok_or(0)
            });
        }
    }
}

fn bench(f: &str, what: &str, data: &[u8], run: &dyn Fn(&[u8]) -> Result<(), i32>) {
    {
        let r = run(data);
        // Enough repetitions for about 1.5 s per file.
        let once = {
            let t = Instant::now();
            let _ = std::hint::black_box(run(std::hint::black_box(data)));
            t.elapsed().max(Duration::from_micros(1))
        };
        let reps = (1_000_000 / once.as_micros().max(1)).clamp(5, 20_000) as usize;
        let mut times = Vec::with_capacity(reps);
        for _ in 0..reps {
            let t = Instant::now();
            let _ = std::hint::black_box(run(std::hint::black_box(data)));
            times.push(t.elapsed());
        }
        times.sort();
        let best = times[0];
        let median = times[times.len() / 2];
        let gbs = |d: Duration| data.len() as f64 / d.as_secs_f64() / 1e9;
        let name = f.rsplit('/').next().unwrap_or(f);
        if std::env::var_os("MACHINE").is_some() {
            println!(
                "{name} {} {:.1} {:.1}",
                what.replace(' ', "_"),
                median.as_secs_f64() * 1e6,
                best.as_secs_f64() * 1e6
            );
            return;
        }
        println!(
            "{name:<20} {what:<12} {:>8} B  {:?}  best {:>8.1} us ({:>5.2} GB/s)  median {:>8.1} us ({:>5.2} GB/s)",
            data.len(),
            r,
            best.as_secs_f64() * 1e6,
            gbs(best),
            median.as_secs_f64() * 1e6,
            gbs(median),
        );
    }
}
