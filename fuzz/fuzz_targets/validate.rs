//! validate: every ISA level against the scalar level, result and error
//! code, for `validate_at`, `validate_decode_at` (bigint keys) and the
//! exact path alone; the fast path may only accept what the scalar level
//! accepts.
//!
//! Input: 1 byte of options (bits 0-2 pick the depth, bit 3 = ignore
//! invalid UTF-8, bit 4 = bigint keys), then the document. Placements: an
//! exactly-sized heap copy and a copy ending at a guard page.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustjson_core::isa::{available_levels, Level};
use rustjson_core::validate::{testing, validate, validate_at, validate_decode_at};
use rustjson_fuzz::at_page_end;

const DEPTHS: [u32; 8] = [1, 2, 3, 4, 8, 33, 512, i32::MAX as u32];

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let o = data[0];
    let depth = DEPTHS[usize::from(o & 7)];
    let ignore = o & 8 != 0;
    let bigint = o & 16 != 0;
    let doc = &data[1..];
    let heap = doc.to_vec();

    let want = validate_at(Level::Scalar, &heap, depth, ignore);
    let want_exact = testing::exact(Level::Scalar, &heap, depth, ignore);
    assert_eq!(want, want_exact, "scalar: validate vs exact path");
    let want_decode = validate_decode_at(Level::Scalar, &heap, depth, ignore, bigint);
    if !bigint {
        assert_eq!(
            want, want_decode,
            "scalar: validate_decode_at without bigint keys"
        );
    } else if want.is_ok() {
        assert!(want_decode.is_ok(), "bigint keys rejected a valid document");
    }

    let check = |d: &[u8], place: &str| {
        assert_eq!(validate(d, depth, ignore), want, "validate ({place})");
        for level in available_levels() {
            let n = level.name();
            assert_eq!(validate_at(level, d, depth, ignore), want, "{n} ({place})");
            assert_eq!(
                testing::exact(level, d, depth, ignore),
                want,
                "{n} exact ({place})"
            );
            assert_eq!(
                validate_decode_at(level, d, depth, ignore, bigint),
                want_decode,
                "{n} validate_decode_at ({place})"
            );
            if testing::fast_accepts(level, d, depth) {
                assert!(
                    want.is_ok(),
                    "{n}: fast path accepted an invalid document ({place})"
                );
            }
            let _ = testing::stage1_tokens(level, d);
        }
    };
    check(&heap, "heap");
    at_page_end(doc, |p| check(p, "page end"));
});
