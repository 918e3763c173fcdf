//! decode::string writes through the sink's raw pointer: run it against a
//! sink whose capacity is exactly what was reserved (a fresh allocation per
//! string), so that any write past the room it reserved lands outside the
//! allocation (run this test under valgrind to see such a write), and check
//! the result equals the decode into an ordinary Vec.

use rustjson_core::decode::string::{decode, InvalidUtf8};

#[path = "common/exact_sink.rs"]
mod exact_sink;
use exact_sink::ExactSink as Exact;

fn same(body: &[u8]) {
    for mode in [
        InvalidUtf8::Error,
        InvalidUtf8::Ignore,
        InvalidUtf8::Substitute,
    ] {
        let mut exact = Exact(Vec::new());
        let a = decode(body, mode, &mut exact);
        let mut v = Vec::new();
        let b = decode(body, mode, &mut v);
        assert_eq!(a, b, "{body:x?}");
        assert_eq!(exact.0, v, "{body:x?}");
    }
}

#[test]
fn exact_room_every_short_body_and_random_mixtures() {
    let pieces: [&[u8]; 16] = [
        b"a",
        b"abcdefghij",
        b"\\n",
        b"\\u0041",
        b"\\u00e9",
        b"\\u20AC",
        b"\\ud83d\\ude00",
        b"\\ud800",
        b"\\x",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        b"\xff",
        b"\xe0\x80",
        b"\x01",
        b"\\",
    ];
    for a in 0..=255u8 {
        same(&[a]);
        for b in 0..=255u8 {
            same(&[a, b]);
        }
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        let mut body = Vec::new();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut k = x;
        for _ in 0..(k % 12) {
            k /= 12;
            body.extend_from_slice(pieces[(k % 16) as usize]);
            k = k.rotate_left(7) ^ x;
        }
        same(&body);
    }
}
