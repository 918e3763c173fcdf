//! decode::parse: known PHP results, agreement with validate on random
//! inputs, the same result at every ISA level, and the discard contract.
//! (tools/decode/parse_check.sh compares with the real PHP.)

use rustjson_core::decode::build::{Builder, Key, Nothing, RunNumber, Tree, Value};
use rustjson_core::decode::parse::{parse, parse_at, Options};
use rustjson_core::isa;
use rustjson_core::options::{INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE};
use rustjson_core::validate;

fn opts(depth: u32, flags: u32, assoc: bool) -> Options {
    Options {
        depth,
        flags,
        assoc,
    }
}

fn dec(doc: &[u8], o: Options) -> Result<Value, i32> {
    parse(doc, o, &mut Tree::new(o.assoc))
}

fn s(b: &str) -> Value {
    Value::Str(b.as_bytes().to_vec())
}

#[test]
fn php_results() {
    let obj = opts(512, 0, false);
    let arr = opts(512, 0, true);
    // Error 9 right after the member's value: before the next token is read,
    // after any error inside the value.
    for doc in [
        r#"{"\u0000":1 x"#,
        r#"{"\u0000":1"#,
        "{\"\\u0000\":1 \"\u{ff}\"}",
        r#"{"\u0000":{} x"#,
        r#"{"\u0000":1,"#,
        "[{\"\\u0000\":1 \x01",
        r#"{"a":{"\u0000a":[1,2]}}"#,
    ] {
        assert_eq!(dec(doc.as_bytes(), obj), Err(9), "{doc}");
    }
    assert_eq!(dec(br#"{"\u0000":[1"#, obj), Err(4));
    assert_eq!(dec(br#"{"\u0000":[[1]]}"#, opts(2, 0, false)), Err(1));
    assert_eq!(dec(b"[1,\x01 {\"\\u0000\":1}]", obj), Err(3));
    // Assoc mode: NUL-led keys are fine.
    assert_eq!(
        dec(br#"{"\u0000":1}"#, arr),
        Ok(Value::Array(vec![(Key::Str(vec![0]), Value::Int(1))]))
    );
    assert_eq!(
        dec(br#"{"":1}"#, obj),
        Ok(Value::Object(vec![(vec![], Value::Int(1))]))
    );
    // Duplicates: first position, last value; numeric keys in assoc mode.
    assert_eq!(
        dec(br#"{"a":1,"b":2,"a":3}"#, obj),
        Ok(Value::Object(vec![
            (b"a".to_vec(), Value::Int(3)),
            (b"b".to_vec(), Value::Int(2))
        ]))
    );
    assert_eq!(
        dec(br#"{"1":1,"01":2,"-0":3,"\u0031":4}"#, arr),
        Ok(Value::Array(vec![
            (Key::Int(1), Value::Int(4)),
            (Key::Str(b"01".to_vec()), Value::Int(2)),
            (Key::Str(b"-0".to_vec()), Value::Int(3)),
        ]))
    );
    assert_eq!(
        dec(
            b"[1, -0, 1e2, 12345678901234567890, true, null, \"a\\n\"]",
            obj
        ),
        Ok(Value::Array(vec![
            (Key::Int(0), Value::Int(1)),
            (Key::Int(1), Value::Int(0)),
            (Key::Int(2), Value::Double(100.0)),
            (Key::Int(3), Value::Double(12345678901234567890.0)),
            (Key::Int(4), Value::Bool(true)),
            (Key::Int(5), Value::Null),
            (Key::Int(6), s("a\n")),
        ]))
    );
    assert_eq!(
        dec(b"12345678901234567890", opts(512, 2, false)),
        Ok(s("12345678901234567890"))
    );
    // Invalid UTF-8 under the flags.
    assert_eq!(dec(b"\"a\xffb\"", obj), Err(5));
    assert_eq!(
        dec(b"\"a\xffb\"", opts(512, INVALID_UTF8_IGNORE, false)),
        Ok(s("ab"))
    );
    assert_eq!(
        dec(b"\"a\xffb\"", opts(512, INVALID_UTF8_SUBSTITUTE, false)),
        Ok(s("a\u{fffd}b"))
    );
    // Depth: `$depth` 1 allows scalars only; bison's cutoff at 4,999 arrays.
    assert_eq!(dec(b"[]", opts(1, 0, false)), Err(1));
    assert_eq!(dec(b"1", opts(1, 0, false)), Ok(Value::Int(1)));
    let nest = |k: usize| [vec![b'['; k], vec![b']'; k]].concat();
    assert!(dec(&nest(4998), opts(100_000, 0, false)).is_ok());
    assert_eq!(dec(&nest(4999), opts(100_000, 0, false)), Err(4));
    assert_eq!(dec(b"", obj), Err(4));
    assert_eq!(dec(b" ", obj), Err(4));
    assert_eq!(dec(b"[1}", obj), Err(2));
}

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// A random well-formed value (keys include NUL-led ones).
fn tree(r: &mut Rng, doc: &mut Vec<u8>, depth: usize) {
    const SCALARS: &[&[u8]] = &[
        b"1",
        b"-0",
        b"2.5e-3",
        b"99999999999999999999",
        b"true",
        b"false",
        b"null",
        b"\"\"",
        b"\"a\\u00e9\\\"\"",
        b"\"\xc3\xa9\xff\"",
        b"\"0123456789012345678901234567890123456789012345678901234567890123\"",
    ];
    const KEYS: &[&[u8]] = &[
        b"\"a\"",
        b"\"b\"",
        b"\"1\"",
        b"\"\"",
        b"\"\\u0000k\"",
        b"\"\\n\"",
    ];
    if r.below(8) == 0 {
        doc.push(b' ');
    }
    match r.below(if depth > 4 { 1 } else { 4 }) {
        0 => doc.extend_from_slice(SCALARS[r.below(SCALARS.len())]),
        1 => {
            doc.push(b'[');
            for i in 0..r.below(4) {
                if i > 0 {
                    doc.push(b',');
                }
                tree(r, doc, depth + 1);
            }
            doc.push(b']');
        }
        _ => {
            doc.push(b'{');
            for i in 0..r.below(4) {
                if i > 0 {
                    doc.push(b',');
                }
                let k = if r.below(12) == 0 {
                    4
                } else {
                    r.below(KEYS.len())
                };
                doc.extend_from_slice(KEYS[if k == 4 || r.below(2) == 0 { k } else { 0 }]);
                doc.push(b':');
                tree(r, doc, depth + 1);
            }
            doc.push(b'}');
        }
    }
}

/// Random documents: JSON-ish token soup, mostly well formed, long enough
/// (sometimes) for the fast route's stage 1 to see several blocks.
fn random_doc(r: &mut Rng) -> Vec<u8> {
    const PARTS: &[&[u8]] = &[
        b"[",
        b"]",
        b"{",
        b"}",
        b",",
        b":",
        b"\"k\"",
        b"\"\\u0000\"",
        b"\"\\u0000x\":",
        b"\"a\\n\\u00e9\\ud83d\\ude00\"",
        b"\"\\ud800\"",
        b"\"\xff\"",
        b"\"\x01\"",
        b"1",
        b"-0.5e3",
        b"123456789012345678901",
        b"true",
        b"nul",
        b" ",
        b"\n",
        b"\"a long string that fills part of a 64-byte block of stage one\"",
    ];
    let mut doc = Vec::new();
    if r.below(2) == 0 {
        tree(r, &mut doc, 0);
        // Sometimes broken at one byte.
        if r.below(4) == 0 && !doc.is_empty() {
            let at = r.below(doc.len());
            doc[at] = b"[]{}:,\"\\x\x00"[r.below(10)];
        }
        return doc;
    }
    // Half of the rest start as a valid skeleton.
    if r.below(2) == 0 {
        let k = r.below(8);
        for _ in 0..k {
            doc.extend_from_slice(if r.below(2) == 0 { b"{\"k\":" } else { b"[" });
        }
    }
    for _ in 0..r.below(40) {
        doc.extend_from_slice(PARTS[r.below(PARTS.len())]);
    }
    doc
}

#[test]
fn random_agrees_with_validate_at_every_level() {
    let mut r = Rng(0x5EED_1234_5678_9ABC);
    let levels: Vec<_> = isa::available_levels().collect();
    let mut codes = [0u32; 11];
    for _ in 0..100_000 {
        let doc = random_doc(&mut r);
        let flags = [0, 2, INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE][r.below(4)];
        let o = opts([1, 2, 3, 5, 512][r.below(5)], flags, r.below(2) == 0);
        let want = dec(&doc, o);
        codes[want.as_ref().err().copied().unwrap_or(0) as usize] += 1;
        for &level in &levels {
            assert_eq!(
                parse_at(level, &doc, o, &mut Tree::new(o.assoc)),
                want,
                "{level:?} {:?}",
                String::from_utf8_lossy(&doc)
            );
        }
        if doc.is_empty() {
            continue;
        }
        let ignore = flags & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) != 0;
        // Under JSON_BIGINT_AS_STRING an overflowing integer is also a key
        // (PHP's scanner makes it a string token).
        let bigint_keys = flags & rustjson_core::decode::BIGINT_AS_STRING != 0;
        let v = validate::validate_decode_at(isa::detected(), &doc, o.depth, ignore, bigint_keys);
        match (&want, v) {
            // Only error 9 (object mode) separates decode from validate.
            (Err(9), _) => assert!(!o.assoc),
            (Ok(_), Ok(())) => {}
            (Err(e), Err(f)) => assert_eq!(*e, f, "{:?}", String::from_utf8_lossy(&doc)),
            _ => panic!("{want:?} {v:?} {:?}", String::from_utf8_lossy(&doc)),
        }
    }
    eprintln!("results by code: {codes:?}");
    // Every class is exercised.
    for code in [0, 1, 2, 3, 4, 5, 9, 10] {
        assert!(codes[code] > 100, "{codes:?}");
    }
}

/// Counts events, to check the discard contract.
#[derive(Default)]
struct Count {
    inner: Nothing,
    open: i64,
    discards: u32,
    finishes: u32,
}

// SAFETY: never calls the parser, never panics.
unsafe impl Builder for Count {
    type Value = ();
    type Text = Vec<u8>;
    fn null(&mut self) {}
    fn bool(&mut self, _: bool) {}
    fn int(&mut self, _: i64) {}
    fn double(&mut self, _: f64) {}
    fn big_int(&mut self, _: &[u8]) {}
    fn string(&mut self, _: &[u8]) {}
    fn text(&mut self) -> &mut Vec<u8> {
        self.inner.text()
    }
    fn string_from_text(&mut self) {
        self.inner.string_from_text()
    }
    fn key(&mut self, _: &[u8]) {}
    fn key_from_text(&mut self) {
        self.inner.key_from_text()
    }
    fn begin_array(&mut self) {
        self.open += 1
    }
    fn end_array(&mut self) {
        self.open -= 1
    }
    fn begin_object(&mut self) {
        self.open += 1
    }
    fn end_object(&mut self) {
        self.open -= 1
    }
    fn finish(&mut self) {
        assert_eq!(self.open, 0);
        self.finishes += 1;
    }
    fn discard(&mut self) {
        self.open = 0;
        self.discards += 1;
    }
}

#[test]
fn errors_discard_and_success_finishes() {
    let mut r = Rng(42);
    for _ in 0..20_000 {
        let doc = random_doc(&mut r);
        let mut c = Count::default();
        let res = parse(&doc, opts(512, 0, r.below(2) == 0), &mut c);
        match res {
            Ok(()) => assert_eq!(c.finishes, 1),
            // One discard per route that built something (fast, exact).
            Err(_) => assert!(c.finishes == 0 && c.open == 0 && c.discards <= 2),
        }
    }
}

#[test]
fn deep_and_corpora_at_every_level() {
    let levels: Vec<_> = isa::available_levels().collect();
    // Past the fast route's 1,000 levels: the exact route builds.
    let mut docs: Vec<Vec<u8>> = Vec::new();
    for k in [999, 1000, 1001, 1500, 2499, 2500] {
        let mut d = Vec::new();
        for i in 0..k {
            d.extend_from_slice(if i % 2 == 0 { b"{\"k\":" } else { b"[" });
        }
        d.extend_from_slice(b"\"\xffx\"");
        for i in (0..k).rev() {
            d.push(if i % 2 == 0 { b'}' } else { b']' });
        }
        docs.push(d);
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpora");
    for name in ["twitter", "citm_catalog", "canada", "twitterescaped"] {
        if let Ok(d) = std::fs::read(format!("{dir}/{name}.json")) {
            docs.push(d);
        }
    }
    for doc in &docs {
        for flags in [0, INVALID_UTF8_IGNORE, INVALID_UTF8_SUBSTITUTE] {
            for assoc in [false, true] {
                let o = opts(100_000, flags, assoc);
                let want = dec(doc, o);
                // Whole corpora are valid; the deep ones only with a flag.
                assert_eq!(
                    want.is_ok(),
                    doc.len() > 20_000 || flags != 0,
                    "{want:?} {}",
                    doc.len()
                );
                for &level in &levels {
                    assert!(parse_at(level, doc, o, &mut Tree::new(assoc)) == want);
                }
            }
        }
    }
}

/// Arrays that start with a number, on the stage-1 route (documents past
/// 1,024 bytes): the parser takes their `, number` elements (and `]`) as
/// runs. The same list after a string element is walked element by
/// element; both must give the same elements, or the same error, at every
/// level: lists of 1-1,300 numbers (tables grow, 4,032-byte chunks end
/// inside them) with several separators, then one element changed
/// (malformed numbers, missing or doubled commas, other values, nested
/// arrays past a small `$depth`, big integers, truncation).
#[test]
fn number_lists_as_the_general_walk() {
    let mut r = Rng(0x0018_5EED_0000_0001);
    let levels: Vec<_> = isa::available_levels().collect();
    let numbers: Vec<&str> = "0 -0 7 -12 4278190080 9223372036854775807 -9223372036854775808 \
        0.5 -0.0636837780476 2.34647130966 1e5 -2.5E-3 1e400 9223372036854775808 123456789012345678"
        .split_whitespace()
        .collect();
    let seps = [",", ", ", " ,", "\n    ,\n    ", "\t,\r\n"];
    let bad: Vec<&str> =
        "x|01|1.|-|1e|.5|+1|1 2|,,|\"s\"|true|null|[1,2]|[]|{\"k\":1}|1x|1.5.5|1-2|\
        2e5e|1:|}|]|1\u{1}|1 2 3|4 5,6|7]8|9 ]"
            .split('|')
            .collect();
    let mut codes = [0u32; 11];
    let lens = [
        1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 63, 65, 399, 401, 513, 1025, 1300,
    ];
    for len in lens {
        for sep in seps {
            for variant in 0..6 {
                let mut items: Vec<String> = (0..len)
                    .map(|_| match r.below(3) {
                        0 => r.pick(&numbers).to_string(),
                        1 => format!("{}", r.below(200_000) as i64 - 100_000),
                        _ => format!("-{}.{}", r.below(100), r.below(1_000_000)),
                    })
                    .collect();
                // Not the first element: after `[` and after `"s",` a
                // bad token can be different errors.
                if variant >= 3 && len > 1 {
                    let at = 1 + r.below(len - 1);
                    items[at] = r.pick(&bad).to_string();
                }
                let pad = "p".repeat(1030 + r.below(4100));
                let list = items.join(sep);
                let doc = |first: &str| {
                    let mut d = format!("[\"{pad}\",[{first}{list}],5 ,6,[1.5,-2]]");
                    // Cut in the same place of the list and what follows.
                    if variant == 5 {
                        d.truncate(d.len() - 1 - (len * 7) % 60);
                    }
                    d.into_bytes()
                };
                let (runs, walked) = (doc(""), doc("\"s\","));
                for o in [
                    opts(512, 0, true),
                    opts(512, rustjson_core::decode::BIGINT_AS_STRING, false),
                    opts(3, 0, true),
                ] {
                    let mut want = dec(&walked, o);
                    // The walked list without its first element.
                    if let Ok(Value::Array(top)) = &mut want {
                        if let Some((_, Value::Array(list))) = top.get_mut(1) {
                            list.remove(0);
                            for (i, (k, _)) in list.iter_mut().enumerate() {
                                *k = Key::Int(i as i64);
                            }
                        }
                    }
                    codes[want.as_ref().err().copied().unwrap_or(0) as usize] += 1;
                    for &level in &levels {
                        let got = parse_at(level, &runs, o, &mut Tree::new(o.assoc));
                        assert!(
                            got == want,
                            "{level:?} len {len} variant {variant} {:?}: {got:?}",
                            items.iter().find(|s| bad.contains(&s.as_str()))
                        );
                    }
                }
            }
        }
    }
    eprintln!("results by code: {codes:?}");
    for code in [0, 1, 3, 4] {
        assert!(codes[code] > 20, "{codes:?}");
    }
}

/// Lists of numbers longer than a stage-1 chunk: past the chunk's end the
/// parser's run goes on over the bytes (`direct_run`) and stage 1
/// restarts where the run stops. Each list comes after a string that
/// leaves a run of non-ASCII blocks open (well-formed or not) or none, with
/// whitespace around its commas or not, ends in one of several ways
/// (a close, whitespace, a comma and another value, a bad byte, the end
/// of input), and may have one bad element near its end. The same list
/// after a string element is walked element by element: both must give
/// the same elements, or the same error, at every level and under the
/// INVALID_UTF8 flags.
#[test]
fn number_runs_past_a_chunk() {
    let mut r = Rng(0x0018_D1EC_0000_0002);
    let levels: Vec<_> = isa::available_levels().collect();
    let seps = [",", ", ", " ,", " , ", ",\n  ", "\t,\r\n", ",  "];
    let heads = [
        String::new(),
        format!("\"{}\",", "\u{e9}\u{20ac}".repeat(60)),
        format!("\"{}\u{e9}\",", "p".repeat(70)),
        "\"\u{e9}\u{ff}\",".to_string(),
        "\"\\u00e9 \\n\",".to_string(),
    ];
    let tails = [
        "]",
        " ]",
        "\n]",
        ",\"s\"]",
        ", [1, 2]]",
        ", {\"a\":1}]",
        ",]",
        "] x",
        ", 1e400]",
        " , 5 ]",
        ", 9223372036854775808]",
        ",\u{1}1]",
        ", \"\u{e9}\"]",
        "",
        ", ",
        ",",
    ];
    let bad = [
        "x", "01", "1.", "-", ".5", "1 2", ",,", "\"s\"", "[1]", "1x", "\u{1}",
    ];
    let mut codes = [0u32; 11];
    for case in 0..400 {
        let len = 600 + r.below(1400);
        let sep = r.pick(&seps);
        // Every fourth list is of non-negative ints of 1 to 7 digits
        // (`short_run`'s elements, read from a window's masks), with once
        // in a few hundred an 8-digit or negative int or a double (which
        // ends that loop), and its bad element anywhere.
        let ints = case % 4 == 3;
        let mut items: Vec<String> = (0..len)
            .map(|_| match r.below(if ints { 1600 } else { 3 }) {
                0 => format!("{}", r.below(2_000_000) as i64 - 1_000_000),
                1 => format!("-0.{:013}", r.below(1 << 40)),
                2 => format!("{}.{}", r.below(10), r.below(100_000_000_000)),
                3 => format!("{}", 10_000_000 + r.below(90_000_000)),
                _ => {
                    let digits = 1 + r.below(7) as u32;
                    format!("{}", r.below(10usize.pow(digits)))
                }
            })
            .collect();
        if case % 3 == 0 {
            let at = if ints {
                r.below(len)
            } else {
                len - 1 - r.below(300)
            };
            // A leading zero half the time among ints (`01` is `0`, then
            // a syntax error).
            items[at] = if ints && r.below(2) == 0 {
                "01".to_string()
            } else {
                r.pick(&bad).to_string()
            };
        }
        let mut head = r.pick(&heads).clone();
        // Invalid UTF-8 in the head string (a byte PHP rejects).
        if case % 7 == 0 {
            head = head.replace('\u{ff}', "");
        }
        let mut head = head.into_bytes();
        if case % 7 == 1 && !head.is_empty() {
            // A byte of the string's body (`head` is `"body",`): replacing
            // its closing quote would let the string run on into the list,
            // where the two documents differ, and so may their errors.
            let at = 1 + r.below(head.len() - 3);
            head[at] = 0xFF;
        }
        let pad = "p".repeat(1030 + r.below(4100));
        let list = items.join(sep);
        let tail = r.pick(&tails);
        let doc = |first: &str| {
            let mut d = format!("[\"{pad}\",").into_bytes();
            d.extend_from_slice(&head);
            d.extend_from_slice(format!("[{first}{list}{tail},7]").as_bytes());
            d
        };
        let (runs, walked) = (doc(""), doc("\"s\","));
        for o in [
            opts(512, 0, true),
            opts(512, INVALID_UTF8_SUBSTITUTE, false),
            opts(
                512,
                INVALID_UTF8_IGNORE | rustjson_core::decode::BIGINT_AS_STRING,
                true,
            ),
        ] {
            let mut want = dec(&walked, o);
            // The walked list without its first element.
            if let Ok(Value::Array(top)) = &mut want {
                let list = top.iter_mut().rev().find_map(|(_, v)| match v {
                    Value::Array(l) if l.len() >= len => Some(l),
                    _ => None,
                });
                if let Some(list) = list {
                    list.remove(0);
                    for (i, (k, _)) in list.iter_mut().enumerate() {
                        *k = Key::Int(i as i64);
                    }
                }
            }
            codes[want.as_ref().err().copied().unwrap_or(0) as usize] += 1;
            for &level in &levels {
                let got = parse_at(level, &runs, o, &mut Tree::new(o.assoc));
                assert!(got == want, "{level:?} case {case} tail {tail:?}: {got:?}");
            }
        }
    }
    eprintln!("results by code: {codes:?}");
    for code in [0, 4, 5] {
        assert!(codes[code] > 20, "{codes:?}");
    }
}

/// Lists of long numbers past a stage-1 chunk (`long_run`: each element
/// found by a 64-byte window's comma and space masks), with element
/// lengths of 12 to 33 bytes in a pattern that puts their commas at every
/// offset of the window, the space after one at its last byte or past
/// it: the values must be those of the same list laid out on lines (whose
/// elements the window leaves to the general path), at every level.
#[test]
fn number_runs_every_window_offset() {
    let levels: Vec<_> = isa::available_levels().collect();
    let pad = "p".repeat(3900);
    for k in 0..96usize {
        let items: Vec<String> = (0..400usize)
            .map(|i| {
                let len = 12 + (i * 7 + k * 5 + i / 9) % 22;
                // `-d.ddd...` of `len` bytes, digits varying.
                let digits: String = (0..len - 3)
                    .map(|j| char::from(b'0' + ((i * 31 + j * 7 + k) % 10) as u8))
                    .collect();
                format!("-{}.{digits}", (i + k) % 10)
            })
            .collect();
        // Separators: one throughout, or `,` and `, ` mixed (so that a
        // space may sit at the window's first byte while the byte after a
        // comma at its last is not one).
        let doc = |sep: &str| {
            let mut list = String::new();
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    list += match sep {
                        "mixed" if (i * 3 + k) % 5 < 2 => ",",
                        "mixed" => ", ",
                        s => s,
                    };
                }
                list += item;
            }
            format!("[\"{pad}\",[{list}],7]").into_bytes()
        };
        let o = opts(512, 0, true);
        let want = dec(&doc(",\n"), o);
        assert!(want.is_ok(), "{k}");
        for &level in &levels {
            for sep in [", ", ",", " , ", "mixed"] {
                let got = parse_at(level, &doc(sep), o, &mut Tree::new(true));
                assert!(got == want, "{level:?} k {k} sep {sep:?}");
            }
        }
    }
}

/// Arrays of lists of one or two numbers longer than a stage-1 chunk: where
/// the chunk ends inside a list, that list and the lists after it are read
/// from the bytes (`lists_past_chunk`) and stage 1 restarts after them.
/// A valid document must give the lists each item gives decoded on its
/// own (the short-document route); an invalid one validate's error code,
/// at every level. Items may be bad (other values, longer lists,
/// malformed numbers, whitespace anywhere), the array may end in several
/// ways, and a list may be an object member (where `, [` is an error).
#[test]
fn number_lists_past_a_chunk() {
    let mut r = Rng(0x0018_D1EC_0000_0003);
    let levels: Vec<_> = isa::available_levels().collect();
    let seps = [",", ", ", " ,", " , ", ",\n  ", "\t,\r\n"];
    let isep = [",", ", ", " , ", ",\n"];
    let bad = [
        "[x]",
        "[01]",
        "[1.]",
        "[1 2]",
        "[1,,2]",
        "[\"s\"]",
        "[1,2,3]",
        "[]",
        "[[1]]",
        "{\"k\":1}",
        "[1,]",
        "[,1]",
        "1",
        "[1}",
        "[9223372036854775808]",
        "[1e400, -0]",
        "[\u{1}]",
    ];
    // Stage 1 rejects some after the lists (a control byte): the reader
    // then stops at the last token taken.
    let tails = [
        "]",
        " ]",
        ", [1, 2, 3]]",
        ", {\"a\":1}]",
        ",]",
        "",
        ", [",
        ", [1,",
        "] x",
        ", 5]",
        "]\u{1}",
        ", \"\u{1}\"]",
        "\u{1}]",
        " \u{1}",
        ", [1]\u{1}]",
        ",\u{1}[1]]",
    ];
    let mut codes = [0u32; 11];
    let mut valid = 0;
    for case in 0..300 {
        let len = 150 + r.below(900);
        let sep = r.pick(&seps);
        let mut items: Vec<String> = (0..len)
            .map(|_| {
                let a = format!(
                    "{}.{:09}",
                    r.below(200) as i64 - 100,
                    r.below(1_000_000_000)
                );
                let open = if r.below(8) == 0 { "[ " } else { "[" };
                let close = if r.below(8) == 0 { " ]" } else { "]" };
                if r.below(10) == 0 {
                    format!("{open}{a}{close}")
                } else {
                    let b = format!("{}", r.below(2_000_000) as i64 - 1_000_000);
                    format!("{open}{a}{}{b}{close}", r.pick(&isep))
                }
            })
            .collect();
        if case % 3 == 0 {
            let at = len - 1 - r.below(100.min(len));
            items[at] = r.pick(&bad).to_string();
        }
        let tail = if case % 2 == 0 { "]" } else { r.pick(&tails) };
        let pad = "p".repeat(1030 + r.below(4100));
        let member = case % 11 == 0;
        let doc = if member {
            format!("{{\"pad\":\"{pad}\",\"v\":{}{tail}}}", items.join(sep))
        } else {
            format!("[\"{pad}\",[{}{tail}]", items.join(sep))
        }
        .into_bytes();
        let o = opts(512, 0, case % 4 != 1);
        let v = validate::validate_decode_at(isa::detected(), &doc, o.depth, false, false);
        let want = match v {
            Err(e) => Err(e),
            Ok(()) => {
                valid += 1;
                let mut list: Vec<(Key, Value)> = items
                    .iter()
                    .map(|it| (Key::Int(0), dec(it.as_bytes(), o).unwrap()))
                    .collect();
                // A valid tail adds elements (`, 5]`): those it has as a
                // list of its own.
                if let Some(more) = tail.strip_prefix(',') {
                    if let Ok(Value::Array(extra)) = dec(format!("[{more}").as_bytes(), o) {
                        list.extend(extra);
                    }
                }
                for (i, (k, _)) in list.iter_mut().enumerate() {
                    *k = Key::Int(i as i64);
                }
                Ok(Value::Array(vec![
                    (Key::Int(0), s(&pad)),
                    (Key::Int(1), Value::Array(list)),
                ]))
            }
        };
        codes[want.as_ref().err().copied().unwrap_or(0) as usize] += 1;
        for &level in &levels {
            let got = parse_at(level, &doc, o, &mut Tree::new(o.assoc));
            if got != want {
                let (g, w) = (format!("{got:?}"), format!("{want:?}"));
                let at = g.bytes().zip(w.bytes()).take_while(|(a, b)| a == b).count();
                panic!(
                    "{level:?} case {case} tail {tail:?}: got {} want {}",
                    &g[at.saturating_sub(80)..(at + 80).min(g.len())],
                    &w[at.saturating_sub(80)..(at + 80).min(w.len())]
                );
            }
        }
    }
    eprintln!("results by code: {codes:?}, {valid} valid");
    assert!(valid > 100 && codes[4] > 20 && codes[3] > 5, "{codes:?}");
}

/// Counts the arrays of one or two numbers the parser hands over whole
/// ([`Builder::number_list`]) and those it builds element by element.
#[derive(Default)]
struct Lists {
    inner: Nothing,
    /// Open containers: (is an array, elements, all of them numbers).
    stack: Vec<(bool, u32, bool)>,
    /// Lists of one or two numbers handed over whole, and built otherwise.
    listed: u32,
    unlisted: u32,
}

impl Lists {
    fn element(&mut self, number: bool) {
        if let Some(top) = self.stack.last_mut() {
            top.1 += 1;
            top.2 &= number;
        }
    }
    fn close(&mut self) {
        let (array, n, numbers) = self.stack.pop().unwrap();
        if array && (1..=2).contains(&n) && numbers {
            self.unlisted += 1;
        }
        self.element(false);
    }
}

// SAFETY: never calls the parser, never panics but for a failed check.
unsafe impl Builder for Lists {
    type Value = ();
    type Text = Vec<u8>;
    fn null(&mut self) {
        self.element(false)
    }
    fn bool(&mut self, _: bool) {
        self.element(false)
    }
    fn int(&mut self, _: i64) {
        self.element(true)
    }
    fn double(&mut self, _: f64) {
        self.element(true)
    }
    fn big_int(&mut self, _: &[u8]) {
        self.element(false)
    }
    fn string(&mut self, _: &[u8]) {
        self.element(false)
    }
    fn text(&mut self) -> &mut Vec<u8> {
        self.inner.text()
    }
    fn string_from_text(&mut self) {
        self.element(false)
    }
    fn key(&mut self, _: &[u8]) {}
    fn key_from_text(&mut self) {
        self.inner.key_from_text()
    }
    fn begin_array(&mut self) {
        self.stack.push((true, 0, true))
    }
    fn number_list(&mut self, _: RunNumber, _: Option<RunNumber>) {
        self.listed += 1;
        self.element(false)
    }
    fn end_array(&mut self) {
        self.close()
    }
    fn begin_object(&mut self) {
        self.stack.push((false, 0, false))
    }
    fn end_object(&mut self) {
        self.close()
    }
    fn finish(&mut self) {}
    fn discard(&mut self) {
        self.stack.clear()
    }
}

#[test]
fn number_lists_whole() {
    // Lists of 0-4 elements of every kind, in documents past the
    // short-document route: nearly every list of one or two numbers is
    // handed to the builder whole (not those whose tokens cross a stage-1
    // chunk's end), and the values are the same at every ISA level.
    let mut r = Rng(7);
    let items = [
        "1",
        "-2.5",
        "0",
        "\"s\"",
        "\"\"",
        "true",
        "null",
        "[]",
        "{}",
        "[1]",
        "{\"k\":[2]}",
    ];
    let (mut listed, mut unlisted) = (0, 0);
    for _ in 0..300 {
        let mut doc = b"[\"".to_vec();
        doc.extend(std::iter::repeat_n(b'p', 1030 + r.below(3000)));
        doc.push(b'"');
        for _ in 0..1 + r.below(200) {
            doc.extend_from_slice(if r.below(2) == 0 { b"," } else { b" ,\n " });
            doc.push(b'[');
            let n = r.below(5);
            for k in 0..n {
                if k > 0 {
                    doc.extend_from_slice(if r.below(3) == 0 { b" , " } else { b"," });
                }
                let it = items[r.below(items.len() as _)];
                doc.extend_from_slice(it.as_bytes());
            }
            doc.push(b']');
        }
        doc.push(b']');
        let o = opts(512, 0, r.below(2) == 0);
        let mut want = None;
        for level in isa::available_levels() {
            let mut h = Lists::default();
            parse_at(level, &doc, o, &mut h).unwrap();
            listed += h.listed;
            unlisted += h.unlisted;
            let mut t = Tree::default();
            let v = format!("{:?}", parse_at(level, &doc, o, &mut t).unwrap());
            assert_eq!(want.get_or_insert_with(|| v.clone()), &v);
        }
    }
    eprintln!("lists of one or two numbers: {listed} whole, {unlisted} element by element");
    assert!(
        listed > 0 && listed * 100 >= (listed + unlisted) * 95,
        "{listed} {unlisted}"
    );
}
