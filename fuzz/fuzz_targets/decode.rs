//! decode: `decode::parse::parse_at` at every ISA level with the `Tree`
//! mock builder against the scalar level (the same tree, dumped with the
//! double bits, or the same error code), and against validate's verdict:
//! a document decodes iff `validate_decode_at` accepts it, with the same
//! error code, except error 9 (invalid property name) in object mode. The
//! `Nothing` builder must agree on the verdict too.
//!
//! Input: 1 byte of options (bit 0 assoc, bit 1 JSON_BIGINT_AS_STRING,
//! bit 2 JSON_INVALID_UTF8_IGNORE, bit 3 JSON_INVALID_UTF8_SUBSTITUTE,
//! bits 4-6 the depth), then the document.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustjson_core::decode::build::{Nothing, Tree};
use rustjson_core::decode::parse::{parse, parse_at, Options};
use rustjson_core::decode::BIGINT_AS_STRING;
use rustjson_core::isa::{available_levels, Level};
use rustjson_core::options::{error, INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE};
use rustjson_core::validate::validate_decode_at;
use rustjson_fuzz::at_page_end;

const DEPTHS: [u32; 8] = [1, 2, 3, 5, 16, 512, 100_000, i32::MAX as u32];

fn run(level: Level, d: &[u8], opts: Options) -> Result<String, i32> {
    let mut b = Tree::new(opts.assoc);
    parse_at(level, d, opts, &mut b).map(|v| {
        let mut s = String::new();
        v.dump(&mut s);
        s
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&o, doc)) = data.split_first() else {
        return;
    };
    let mut flags = 0;
    if o & 2 != 0 {
        flags |= BIGINT_AS_STRING;
    }
    if o & 4 != 0 {
        flags |= INVALID_UTF8_IGNORE;
    }
    if o & 8 != 0 {
        flags |= INVALID_UTF8_SUBSTITUTE;
    }
    let opts = Options {
        depth: DEPTHS[usize::from((o >> 4) & 7)],
        flags,
        assoc: o & 1 != 0,
    };
    let heap = doc.to_vec();
    let want = run(Level::Scalar, &heap, opts);

    // Against validate's verdict.
    if !heap.is_empty() {
        let ignore = flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
        let bigint = flags & BIGINT_AS_STRING != 0;
        let v = validate_decode_at(Level::Scalar, &heap, opts.depth, ignore, bigint);
        match (&want, v) {
            (Ok(_), Ok(())) => {}
            // Error 9 (a key starting with NUL in object mode) is raised
            // where the member ends: before any later error validate sees.
            (Err(e), _) if *e == error::INVALID_PROPERTY_NAME && !opts.assoc => {}
            (Err(e), Err(c)) => assert_eq!(*e, c, "decode and validate disagree on the code"),
            (Err(e), Ok(())) => panic!("decode failed with {e}, validate accepts"),
            (Ok(_), Err(c)) => panic!("decode accepted, validate says {c}"),
        }
    } else {
        assert_eq!(want, Err(error::SYNTAX), "empty input");
    }

    let check = |d: &[u8], place: &str| {
        for level in available_levels() {
            let got = run(level, d, opts);
            assert!(
                got == want,
                "{} ({place}): {got:?} vs scalar {want:?}",
                level.name()
            );
            let mut nothing = Nothing::default();
            let r = parse_at(level, d, opts, &mut nothing);
            assert_eq!(
                r.err(),
                want.as_ref().err().copied(),
                "{} Nothing ({place})",
                level.name()
            );
        }
        let mut b = Tree::new(opts.assoc);
        let got = parse(d, opts, &mut b).map(|v| {
            let mut s = String::new();
            v.dump(&mut s);
            s
        });
        assert!(got == want, "parse ({place})");
    };
    check(&heap, "heap");
    at_page_end(doc, |p| check(p, "page end"));
});
