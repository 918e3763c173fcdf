//! escape: every implementation level this CPU can run (forced through
//! `escape_string_at`), the dispatching entry points, and the key / short
//! string writers, against the naive oracle of core's tests.
//!
//! Input: 2 bytes of flags (bits 0-11 = ext/json bits 0-11, bits 12-14 =
//! bits 20-22: INVALID_UTF8_IGNORE / _SUBSTITUTE, THROW_ON_ERROR), 1 byte
//! choosing the key separator, then the string.
//!
//! Placements: an exactly-sized heap copy (ASan sees a read before the
//! start or past the end), and a copy that ends where a PROT_NONE guard
//! page begins (a read past the end faults).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustjson_core::escape::{
    escape_string, escape_string_at, escape_with, is_clean_le64, write_key, write_short_string,
    EscapeMode, Key,
};
use rustjson_core::isa::available_levels;
use rustjson_fuzz::escape_naive::naive;
use rustjson_fuzz::{at_page_end_with_lead, ExactSink};

const PREFIX: &[u8] = b"[1,";

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let w = u32::from(u16::from_le_bytes([data[0], data[1]]));
    let flags = (w & 0xfff) | (((w >> 12) & 7) << 20);
    let sep = match data[2] & 3 {
        0 => None,
        1 => Some(b','),
        2 => Some(b'{'),
        _ => Some(data[2]),
    };
    let s = &data[3..];
    let want = naive(s, flags);
    let mode = EscapeMode::new(flags);

    check_escape(s, flags, &mode, want.as_deref());
    let heap = s.to_vec();
    check_escape(&heap, flags, &mode, want.as_deref());
    at_page_end_with_lead(s, |w| {
        let p = &w[16..];
        check_escape(p, flags, &mode, want.as_deref());
        // Suffixes of the lengths around 16, 32 and 64 (and the whole
        // string, and one length the input picks), ending at the guard
        // page, with 16 readable bytes before it.
        for k in suffix_lengths(p.len(), data[2]) {
            let t = &p[p.len() - k..];
            // SAFETY: `w` holds 16 bytes before `p`, so k <= w.len() and
            // w.len() >= 16.
            let tail = unsafe { Key::at_end(w, k) };
            check_keys(t, Key::new(t), tail, flags, &mode, sep);
        }
    });
    // The same suffixes on the heap: exactly sized (Key::new) and with
    // 16 bytes before them (Key::at_end).
    let n = s.len().min(70);
    let mut padded = vec![b'x'; 16];
    padded.extend_from_slice(&s[s.len() - n..]);
    for k in suffix_lengths(n, data[2]) {
        let t = &padded[padded.len() - k..];
        let exact = t.to_vec();
        // SAFETY: `padded` holds 16 bytes before every suffix: k <=
        // padded.len() and padded.len() >= 16.
        let tail = unsafe { Key::at_end(&padded, k) };
        check_keys(&exact, Key::new(&exact), tail, flags, &mode, sep);
    }
});

/// The suffix lengths the key writers are run at: `n` itself (when at most
/// 70), 0, the lengths around 16, 32 and 64 that fit, and one more chosen
/// by the input.
fn suffix_lengths(n: usize, pick: u8) -> impl Iterator<Item = usize> {
    let extra = usize::from(pick >> 2) % 71;
    [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, extra, n]
        .into_iter()
        .enumerate()
        .filter(move |&(i, k)| k <= n.min(70) && (i < 12 || k != extra))
        .map(|(_, k)| k)
}

fn check_escape(s: &[u8], flags: u32, mode: &EscapeMode, want: Option<&[u8]>) {
    let expect = |got: &ExactSink, ok: bool, what: &str| {
        let body = &got.0[PREFIX.len()..];
        assert_eq!(&got.0[..PREFIX.len()], PREFIX, "{what}: prefix changed");
        match (ok, want) {
            (true, Some(w)) => assert!(
                body == w,
                "{what}: input {s:02x?} flags {flags:#x}\n got  {:?}\n want {:?}",
                String::from_utf8_lossy(body),
                String::from_utf8_lossy(w)
            ),
            (false, None) => assert!(body.is_empty(), "{what}: error left output"),
            _ => panic!("{what}: input {s:02x?} flags {flags:#x}: ok={ok}, oracle {want:?}"),
        }
    };
    for level in available_levels() {
        let mut out = ExactSink(PREFIX.to_vec());
        let r = escape_string_at(level, &mut out, s, flags).expect("available level");
        expect(&out, r.is_ok(), level.name());
    }
    let mut out = ExactSink(PREFIX.to_vec());
    let r = escape_string(&mut out, s, flags);
    expect(&out, r.is_ok(), "escape_string");
    let mut out = ExactSink(PREFIX.to_vec());
    let r = escape_with(&mut out, s, mode);
    expect(&out, r.is_ok(), "escape_with");
    let mut v = PREFIX.to_vec();
    let r = escape_with(&mut v, s, mode);
    expect(&ExactSink(v), r.is_ok(), "escape_with(Vec)");
    // A sink that already has the room of the most a string can take
    // (6 bytes per byte and the quotes): the short dirty strings' blind
    // mask paths (under 16 and 16 to 64 bytes) run only then.
    let mut v = Vec::with_capacity(PREFIX.len() + 6 * s.len() + 64);
    v.extend_from_slice(PREFIX);
    let r = escape_with(&mut v, s, mode);
    expect(&ExactSink(v), r.is_ok(), "escape_with(roomy Vec)");
}

/// Bytes every flag set leaves as they are, and that every scanner passes.
fn plain(s: &[u8]) -> bool {
    s.iter().all(|&b| {
        (0x20..0x7f).contains(&b) && !matches!(b, b'"' | b'\\' | b'/' | b'<' | b'>' | b'&' | b'\'')
    })
}

fn quoted(t: &[u8]) -> Vec<u8> {
    let mut q = vec![b'"'];
    q.extend_from_slice(t);
    q.push(b'"');
    q
}

fn check_keys(
    t: &[u8],
    plain_key: Key<'_>,
    tail_key: Key<'_>,
    flags: u32,
    mode: &EscapeMode,
    sep: Option<u8>,
) {
    let clean = naive(t, flags).as_deref() == Some(&quoted(t)[..]);
    let easy = plain(t);
    for (key, how) in [(plain_key, "new"), (tail_key, "at_end")] {
        key_one::<0, 15>(t, key, mode, sep, clean, easy, flags, how);
        key_one::<0, 32>(t, key, mode, sep, clean, easy, flags, how);
        key_one::<16, 32>(t, key, mode, sep, clean, easy, flags, how);
        key_one::<0, 64>(t, key, mode, sep, clean, easy, flags, how);
        key_one::<16, 64>(t, key, mode, sep, clean, easy, flags, how);

        let mut out = ExactSink(PREFIX.to_vec());
        let wrote = write_short_string(&mut out, key, mode);
        if wrote {
            assert!(
                clean && t.len() < 16,
                "write_short_string({how}) took {t:02x?} flags {flags:#x}"
            );
            assert_eq!(
                &out.0[PREFIX.len()..],
                &quoted(t)[..],
                "write_short_string({how})"
            );
        } else {
            assert_eq!(out.0, PREFIX, "write_short_string({how}) wrote on false");
            assert!(
                !(easy && t.len() < 16),
                "write_short_string({how}) refused plain {t:02x?} flags {flags:#x}"
            );
        }

        let c = is_clean_le64(key, mode);
        if c {
            assert!(
                clean && t.len() <= 64,
                "is_clean_le64({how}) true for {t:02x?} flags {flags:#x}"
            );
        } else {
            let reachable = t.len() < 16 || cfg!(target_arch = "x86_64");
            assert!(
                !(easy && t.len() <= 64 && reachable),
                "is_clean_le64({how}) false for plain {t:02x?} flags {flags:#x}"
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn key_one<const MIN: usize, const MAX: usize>(
    t: &[u8],
    key: Key<'_>,
    mode: &EscapeMode,
    sep: Option<u8>,
    clean: bool,
    easy: bool,
    flags: u32,
    how: &str,
) {
    let mut out = ExactSink(PREFIX.to_vec());
    let wrote = write_key::<ExactSink, MIN, MAX>(&mut out, key, mode, sep);
    let n = t.len();
    let in_range = n >= MIN && n <= MAX && (n < 16 || cfg!(target_arch = "x86_64"));
    if wrote {
        assert!(
            clean && in_range,
            "write_key<{MIN},{MAX}>({how}) took {t:02x?} flags {flags:#x}"
        );
        let mut want = PREFIX.to_vec();
        want.extend(sep);
        want.extend_from_slice(&quoted(t));
        want.push(b':');
        assert_eq!(
            out.0, want,
            "write_key<{MIN},{MAX}>({how}) {t:02x?} flags {flags:#x}"
        );
    } else {
        assert_eq!(
            out.0, PREFIX,
            "write_key<{MIN},{MAX}>({how}) wrote on false"
        );
        assert!(
            !(easy && in_range),
            "write_key<{MIN},{MAX}>({how}) refused plain {t:02x?} flags {flags:#x}"
        );
    }
}
