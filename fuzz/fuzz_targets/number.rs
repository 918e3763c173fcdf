//! number: `write_double_shortest` (both JSON_PRESERVE_ZERO_FRACTION
//! settings) against the slow reference, `write_long` against
//! `i64::to_string`, `write_int_key` against its documented text, and
//! `shortest_decimal` against the round trip.
//!
//! Input: 8 bytes of f64 bits, then (optionally) 8 bytes of an i64 and a
//! separator byte; a few neighbours of each value are checked too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustjson_core::number::{shortest_decimal, write_double_shortest, write_int_key, write_long};
use rustjson_fuzz::{number_ref, ExactSink};

fuzz_target!(|data: &[u8]| {
    let mut w = [0u8; 8];
    let n = data.len().min(8);
    w[..n].copy_from_slice(&data[..n]);
    let bits = u64::from_le_bytes(w);
    for b in [bits, bits.wrapping_sub(1), bits.wrapping_add(1)] {
        check_double(f64::from_bits(b));
    }
    let mut l = [0u8; 8];
    let rest = data.get(8..).unwrap_or(&[]);
    let m = rest.len().min(8);
    l[..m].copy_from_slice(&rest[..m]);
    let v = i64::from_le_bytes(l);
    let sep = match rest.get(8) {
        None => None,
        Some(&s) if s & 1 == 0 => None,
        Some(&s) => Some(s),
    };
    for x in [
        v,
        v.wrapping_sub(1),
        v.wrapping_add(1),
        v >> 32,
        (v as i32) as i64,
    ] {
        check_long(x, sep);
    }
});

fn check_double(v: f64) {
    if !v.is_finite() {
        return;
    }
    for preserve in [false, true] {
        let want = number_ref::double(v, preserve);
        for prefix in [&b""[..], b"[1,"] {
            let mut out = ExactSink(prefix.to_vec());
            write_double_shortest(&mut out, v, preserve);
            assert_eq!(&out.0[..prefix.len()], prefix);
            assert!(
                &out.0[prefix.len()..] == want.as_bytes(),
                "bits {:#018x} preserve={preserve}: got {:?} want {want:?}",
                v.to_bits(),
                String::from_utf8_lossy(&out.0[prefix.len()..])
            );
            let mut vec = prefix.to_vec();
            write_double_shortest(&mut vec, v, preserve);
            assert_eq!(vec, out.0, "Vec sink");
        }
    }
    if v != 0.0 {
        let (f, e) = shortest_decimal(v);
        assert!(f < 100_000_000_000_000_000, "f {f} too long");
        let back: f64 = format!("{f}e{e}").parse().unwrap();
        assert_eq!(
            back,
            v.abs(),
            "shortest_decimal({v:e}) = ({f}, {e}) does not round-trip"
        );
    }
}

fn check_long(v: i64, sep: Option<u8>) {
    let mut out = ExactSink(b"x".to_vec());
    write_long(&mut out, v);
    assert_eq!(&out.0[1..], v.to_string().as_bytes(), "write_long({v})");
    let mut out = ExactSink(b"x".to_vec());
    write_int_key(&mut out, v, sep);
    let mut want = b"x".to_vec();
    want.extend(sep);
    want.extend_from_slice(format!("\"{v}\":").as_bytes());
    assert_eq!(out.0, want, "write_int_key({v}, {sep:?})");
}
