//! Exact outputs of PHP 8.2 `json_encode($s, $flags)` (generated once with
//! `php -n`, hard-coded here), checked against every implementation, the
//! dispatching entry point and the oracle. `None` = json_encode() returned
//! false (JSON_ERROR_UTF8).

mod escape_naive;
use escape_naive::*;
use rustjson_core::options::*;

type Case = (&'static [u8], u32, Option<&'static [u8]>);

const KNOWN: &[Case] = &[
    (br#""#, 0, Some(br#""""#)),
    (br#"a"#, 0, Some(br#""a""#)),
    (br#"hello world"#, 0, Some(br#""hello world""#)),
    (br#""\/"#, 0, Some(br#""\"\\\/""#)),
    (
        b"\x00\x01\x1f\x7f",
        0,
        Some(b"\"\\u0000\\u0001\\u001f\x7f\""),
    ),
    (
        b"\x08\x0c\x0a\x0d\x09\x0b",
        0,
        Some(br#""\b\f\n\r\t\u000b""#),
    ),
    (
        br#"<a href='x'>&amp;</a>"#,
        0,
        Some(br#""<a href='x'>&amp;<\/a>""#),
    ),
    (
        br#"<a href='x'>&amp;</a>"#,
        HEX_TAG | HEX_AMP | HEX_APOS | HEX_QUOT,
        Some(br#""\u003Ca href=\u0027x\u0027\u003E\u0026amp;\u003C\/a\u003E""#),
    ),
    (br#""quoted""#, HEX_QUOT, Some(br#""\u0022quoted\u0022""#)),
    (br#"a/b/c"#, UNESCAPED_SLASHES, Some(br#""a/b/c""#)),
    (b"caf\xc3\xa9", 0, Some(br#""caf\u00e9""#)),
    (b"caf\xc3\xa9", UNESCAPED_UNICODE, Some(b"\"caf\xc3\xa9\"")),
    (
        b"\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0\xbc\xd0\xb8\xd1\x80",
        0,
        Some(br#""\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440""#),
    ),
    (
        b"\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0\xbc\xd0\xb8\xd1\x80",
        UNESCAPED_UNICODE,
        Some(b"\"\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0\xbc\xd0\xb8\xd1\x80\""),
    ),
    (
        b"\xe2\x82\xac\xf0\x9d\x84\x9e\xf0\x9f\x98\x80",
        0,
        Some(br#""\u20ac\ud834\udd1e\ud83d\ude00""#),
    ),
    (
        b"\xe2\x82\xac\xf0\x9d\x84\x9e\xf0\x9f\x98\x80",
        UNESCAPED_UNICODE,
        Some(b"\"\xe2\x82\xac\xf0\x9d\x84\x9e\xf0\x9f\x98\x80\""),
    ),
    (b"\xe2\x80\xa8\xe2\x80\xa9", 0, Some(br#""\u2028\u2029""#)),
    (
        b"\xe2\x80\xa8\xe2\x80\xa9",
        UNESCAPED_UNICODE,
        Some(br#""\u2028\u2029""#),
    ),
    (
        b"\xe2\x80\xa8\xe2\x80\xa9",
        UNESCAPED_UNICODE | UNESCAPED_LINE_TERMINATORS,
        Some(b"\"\xe2\x80\xa8\xe2\x80\xa9\""),
    ),
    (
        b"\xe2\x80\xa8",
        UNESCAPED_LINE_TERMINATORS,
        Some(br#""\u2028""#),
    ),
    (b"\xff", 0, None),
    (b"a\xffb", INVALID_UTF8_IGNORE, Some(br#""ab""#)),
    (b"a\xffb", INVALID_UTF8_SUBSTITUTE, Some(br#""a\ufffdb""#)),
    (
        b"a\xffb",
        INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE,
        Some(b"\"a\xef\xbf\xbdb\""),
    ),
    (
        b"a\xffb",
        INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE,
        Some(br#""ab""#),
    ),
    (
        b"\xed\xa0\x80",
        INVALID_UTF8_SUBSTITUTE,
        Some(br#""\ufffd""#),
    ),
    (b"\xc3\xc0", INVALID_UTF8_SUBSTITUTE, Some(br#""\ufffd""#)),
    (b"\xc3A", INVALID_UTF8_SUBSTITUTE, Some(br#""\ufffdA""#)),
    (b"\xe2\x82", INVALID_UTF8_SUBSTITUTE, Some(br#""\ufffd""#)),
    (b"\xe2\x82x", INVALID_UTF8_SUBSTITUTE, Some(br#""\ufffdx""#)),
    (
        b"\xf0\x9f\x98",
        INVALID_UTF8_SUBSTITUTE,
        Some(br#""\ufffd""#),
    ),
    (
        b"\xf4\x90\x80\x80",
        INVALID_UTF8_SUBSTITUTE,
        Some(br#""\ufffd""#),
    ),
    (
        b"\xe0\x80\xaf",
        INVALID_UTF8_SUBSTITUTE,
        Some(br#""\ufffd""#),
    ),
    (
        b"\xc0\xaf",
        INVALID_UTF8_SUBSTITUTE,
        Some(br#""\ufffd\ufffd""#),
    ),
    (
        b"\xe2\xc0\xc0",
        INVALID_UTF8_SUBSTITUTE,
        Some(br#""\ufffd""#),
    ),
    (b"\xe2\xc0A", INVALID_UTF8_SUBSTITUTE, Some(br#""\ufffdA""#)),
    (
        b"\xf0\x80\x80\x80x",
        INVALID_UTF8_SUBSTITUTE | UNESCAPED_UNICODE,
        Some(b"\"\xef\xbf\xbdx\""),
    ),
    (b"\xef\xbb\xbfBOM", 0, Some(br#""\ufeffBOM""#)),
    (b"\xf4\x8f\xbf\xbf", 0, Some(br#""\udbff\udfff""#)),
    (
        br#"https://example.com/path?q=1&r='2'"#,
        0,
        Some(br#""https:\/\/example.com\/path?q=1&r='2'""#),
    ),
    (
        b"0123456789abcdef0123456789abcdef\x0a0123456789abcdef",
        0,
        Some(br#""0123456789abcdef0123456789abcdef\n0123456789abcdef""#),
    ),
    (
        b"x\xc3\xa9x\xe2\x80\xa8x\xf0\x9f\x98\x80x\xff",
        UNESCAPED_UNICODE | INVALID_UTF8_SUBSTITUTE,
        Some(b"\"x\xc3\xa9x\\u2028x\xf0\x9f\x98\x80x\xef\xbf\xbd\""),
    ),
    (br#"123"#, 0, Some(br#""123""#)),
    (br#"<>&'""#, HEX_TAG, Some(br#""\u003C\u003E&'\"""#)),
    (
        br#"<>&'""#,
        HEX_AMP | HEX_APOS,
        Some(br#""<>\u0026\u0027\"""#),
    ),
    (b"\x7f\x80", INVALID_UTF8_IGNORE, Some(b"\"\x7f\"")),
];

#[test]
fn known_php_outputs() {
    let imps = implementations();
    for &(s, opts, want) in KNOWN {
        let want = want.map(<[u8]>::to_vec);
        assert_eq!(naive(s, opts), want, "oracle: {s:02x?} {opts:#x}");
        for imp in &imps {
            assert_eq!(run(imp, s, opts), want, "{imp}: {s:02x?} {opts:#x}");
        }
        assert_eq!(
            run_default(s, opts),
            want,
            "escape_string: {s:02x?} {opts:#x}"
        );
    }
}

/// Same cases, each embedded in long clean padding so that the SIMD block
/// and tail paths see them too (PHP's output is the padded one by
/// construction: the padding is copied verbatim).
#[test]
fn known_php_outputs_padded() {
    let imps = implementations();
    let pad = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for &(s, opts, want) in KNOWN {
        for (pre, post) in [(0, 40), (13, 0), (31, 33), (47, 5)] {
            let mut input = pad[..pre].to_vec();
            input.extend_from_slice(s);
            input.extend_from_slice(&pad[..post]);
            let want = want.map(|w| {
                let mut v = vec![b'"'];
                v.extend_from_slice(&pad[..pre]);
                v.extend_from_slice(&w[1..w.len() - 1]);
                v.extend_from_slice(&pad[..post]);
                v.push(b'"');
                v
            });
            for imp in &imps {
                assert_eq!(
                    run(imp, &input, opts),
                    want,
                    "{imp}: {input:02x?} {opts:#x}"
                );
            }
        }
    }
}
