//! Memory behaviour: what is reserved, and that nothing is read or written
//! out of bounds (inputs and outputs placed against PROT_NONE guard pages,
//! so any stray access faults).

mod escape_naive;
use escape_naive::*;
use rustjson_core::options::*;
use rustjson_core::Sink;

/// A Vec-backed sink that grows exactly as asked and records every
/// `reserve` call as (len at the call, additional).
#[derive(Default)]
struct ExactSink {
    buf: Vec<u8>,
    reserves: Vec<(usize, usize)>,
    max_cap: usize,
}

// SAFETY: reserve/spare/spare_ptr/commit/truncate keep the trait's contract
// (the buffer below is the only storage, and every length is checked).
unsafe impl Sink for ExactSink {
    fn len(&self) -> usize {
        self.buf.len()
    }
    fn spare(&self) -> usize {
        self.buf.capacity() - self.buf.len()
    }
    fn reserve(&mut self, additional: usize) {
        self.reserves.push((self.buf.len(), additional));
        self.buf.reserve_exact(additional);
        self.max_cap = self.max_cap.max(self.buf.capacity());
    }
    fn truncate(&mut self, len: usize) {
        self.buf.truncate(len)
    }
    fn spare_ptr(&mut self) -> *mut u8 {
        self.buf.spare_capacity_mut().as_mut_ptr().cast()
    }
    unsafe fn commit(&mut self, n: usize) {
        assert!(n <= self.spare());
        // SAFETY: the caller initialized n spare bytes.
        unsafe { self.buf.set_len(self.buf.len() + n) }
    }
    fn as_bytes(&self) -> &[u8] {
        &self.buf
    }
}

fn memory_inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"a".to_vec(),
        vec![b'a'; 5000],
        vec![0u8; 5000],
        b"\xf0\x9f\x98\x80".repeat(1200),
        "Привет, мир! ".repeat(300).into_bytes(),
        b"/".repeat(3000),
        b"<a href='x'>&amp;</a>".repeat(200),
        b"\xff".repeat(3000),
        b"\xe2\x80\xa8".repeat(1000),
    ];
    let mut mixed = Vec::new();
    for k in 0..4000 {
        mixed.push(if k % 97 == 0 { b'\n' } else { b'x' });
    }
    v.push(mixed);
    v
}

/// At entry exactly len + 2; later never past what PHP's encoder takes for
/// the string (see [`never_reserves_past_stock`]), so the peak capacity
/// never exceeds the final output (when growth happened at all).
#[test]
fn reserves_like_smart_str() {
    for imp in implementations() {
        for s in memory_inputs() {
            for opts in FLAG_SETS.iter().chain(MORE_FLAG_SETS.iter()) {
                let mut sink = ExactSink::default();
                let r = rustjson_core::escape::escape_string_at(level(imp), &mut sink, &s, *opts)
                    .unwrap();
                assert_eq!(r.is_ok(), naive(&s, *opts).is_some());
                let (first_len, first) = sink.reserves[0];
                assert_eq!((first_len, first), (0, s.len() + 2), "{imp} first reserve");
                let bound = (s.len() + 2).max(stock_written(&s, *opts));
                for &(at, additional) in &sink.reserves[1..] {
                    assert!(
                        at + additional <= bound,
                        "{imp}: reserve({additional}) at {at} for {} bytes",
                        s.len()
                    );
                }
                if r.is_ok() && opts & (INVALID_UTF8_IGNORE | INVALID_UTF8_SUBSTITUTE) == 0 {
                    let out = sink.buf.len();
                    assert!(
                        sink.max_cap <= (s.len() + 2).max(out),
                        "{imp} opts {opts:#x}: peak capacity {} for output {out}, input {}",
                        sink.max_cap,
                        s.len()
                    );
                }
            }
        }
    }
}

/// Random adversarial strings through an exactly-growing sink: a write past
/// the spare capacity shows up when it is committed.
#[test]
fn random_strings_exact_sink() {
    let imps = implementations();
    let mut rng = Rng(0x5eed);
    let all_flags = all_flag_sets();
    for _ in 0..20_000 {
        let s = random_string(&mut rng);
        let opts = all_flags[rng.below(all_flags.len())];
        let want = naive(&s, opts);
        for imp in &imps {
            let mut sink = ExactSink::default();
            let r =
                rustjson_core::escape::escape_string_at(level(imp), &mut sink, &s, opts).unwrap();
            assert_eq!(r.ok().map(|_| sink.buf), want, "{imp} {s:02x?} {opts:#x}");
        }
    }
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod guarded {
    use super::*;
    use core::ffi::{c_int, c_long, c_void};

    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: c_int,
            flags: c_int,
            fd: c_int,
            off: i64,
        ) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> c_int;
        fn mprotect(addr: *mut c_void, len: usize, prot: c_int) -> c_int;
        fn sysconf(name: c_int) -> c_long;
    }
    const PROT_NONE: c_int = 0;
    const PROT_RW: c_int = 1 | 2;
    const MAP_PRIVATE_ANON: c_int = 0x02 | 0x20;
    const SC_PAGESIZE: c_int = 30;

    fn page() -> usize {
        // SAFETY: plain libc query.
        unsafe { sysconf(SC_PAGESIZE) as usize }
    }

    /// [guard page][data pages][guard page]; all data pages read-write.
    struct Region {
        base: *mut u8,
        total: usize,
        data: *mut u8,
        data_len: usize,
    }

    impl Region {
        fn new(min_data: usize) -> Region {
            let pg = page();
            let data_len = min_data.div_ceil(pg).max(1) * pg;
            let total = data_len + 2 * pg;
            // SAFETY: anonymous private mapping; checked below.
            let base = unsafe {
                mmap(
                    core::ptr::null_mut(),
                    total,
                    PROT_RW,
                    MAP_PRIVATE_ANON,
                    -1,
                    0,
                )
            };
            assert!(base as isize != -1, "mmap failed");
            let base = base.cast::<u8>();
            // SAFETY: both guard pages lie inside the mapping.
            unsafe {
                assert_eq!(mprotect(base.cast(), pg, PROT_NONE), 0);
                assert_eq!(mprotect(base.add(pg + data_len).cast(), pg, PROT_NONE), 0);
            }
            Region {
                base,
                total,
                // SAFETY: inside the mapping.
                data: unsafe { base.add(pg) },
                data_len,
            }
        }
        /// Pointer to the last `n` bytes of the data area.
        fn end_minus(&self, n: usize) -> *mut u8 {
            assert!(n <= self.data_len);
            // SAFETY: in bounds by the assert.
            unsafe { self.data.add(self.data_len - n) }
        }
    }

    impl Drop for Region {
        fn drop(&mut self) {
            // SAFETY: our own mapping.
            unsafe { munmap(self.base.cast(), self.total) };
        }
    }

    /// A sink whose spare capacity always ends exactly at a guard page and
    /// which grows exactly as asked.
    struct GuardSink {
        region: Region,
        cap: usize,
        len: usize,
    }

    impl GuardSink {
        fn new() -> GuardSink {
            GuardSink {
                region: Region::new(1),
                cap: 0,
                len: 0,
            }
        }
        fn start(&self) -> *mut u8 {
            self.region.end_minus(self.cap)
        }
    }

    // SAFETY: reserve/spare/spare_ptr/commit/truncate keep the trait's contract
    // (the buffer below is the only storage, and every length is checked).
    unsafe impl Sink for GuardSink {
        fn len(&self) -> usize {
            self.len
        }
        fn spare(&self) -> usize {
            self.cap - self.len
        }
        fn reserve(&mut self, additional: usize) {
            if self.spare() >= additional {
                return;
            }
            let cap = self.len + additional;
            let region = Region::new(cap);
            let start = region.end_minus(cap);
            // SAFETY: copy the written bytes into the new, larger region.
            unsafe { core::ptr::copy_nonoverlapping(self.start(), start, self.len) };
            self.region = region;
            self.cap = cap;
        }
        fn truncate(&mut self, len: usize) {
            assert!(len <= self.len);
            self.len = len;
        }
        fn spare_ptr(&mut self) -> *mut u8 {
            // SAFETY: len <= cap, inside the data area.
            unsafe { self.start().add(self.len) }
        }
        unsafe fn commit(&mut self, n: usize) {
            assert!(n <= self.spare());
            self.len += n;
        }
        fn as_bytes(&self) -> &[u8] {
            // SAFETY: the first len bytes are initialized.
            unsafe { core::slice::from_raw_parts(self.start(), self.len) }
        }
    }

    /// Like [`GuardSink`], but growing like `smart_str` (to whole pages, less
    /// a header), so that the spare capacity after a growth is large and the
    /// block-wide paths (the escape-dense expansion, four UTF-8 sequences at
    /// a time) run right up to the guard page.
    struct PageGuardSink(GuardSink);

    // SAFETY: reserve/spare/spare_ptr/commit/truncate keep the trait's contract
    // (the buffer below is the only storage, and every length is checked).
    unsafe impl Sink for PageGuardSink {
        fn len(&self) -> usize {
            self.0.len
        }
        fn spare(&self) -> usize {
            self.0.cap - self.0.len
        }
        fn reserve(&mut self, additional: usize) {
            if self.spare() >= additional {
                return;
            }
            let want = self.0.len + additional;
            let cap = (want + 25).div_ceil(4096) * 4096 - 25;
            let extra = cap - self.0.len;
            self.0.reserve(extra);
        }
        fn truncate(&mut self, len: usize) {
            self.0.truncate(len)
        }
        fn spare_ptr(&mut self) -> *mut u8 {
            self.0.spare_ptr()
        }
        unsafe fn commit(&mut self, n: usize) {
            // SAFETY: forwarded.
            unsafe { self.0.commit(n) }
        }
        fn as_bytes(&self) -> &[u8] {
            self.0.as_bytes()
        }
    }

    /// Escape-dense and non-ASCII-dense inputs of many lengths through a
    /// page-growing sink whose capacity ends at a guard page.
    #[test]
    fn dense_inputs_never_write_past_a_page_sink() {
        let imps = implementations();
        let mut all: Vec<Vec<u8>> = Vec::new();
        for len in (0..=300).chain([4000, 4093, 4094, 4095, 4096, 4097, 8190, 12000]) {
            all.push(vec![b'"'; len]);
            all.push((0..len).map(|k| b"\\\"/\n\t\r\x08\x0c"[k % 8]).collect());
            all.push(
                (0..len)
                    .map(|k| if k % 16 == 15 { b'"' } else { b'a' })
                    .collect(),
            );
            all.push(b"\x01".repeat(len));
            all.push("Жж".repeat(len / 4 + 1).into_bytes()[..len / 2 * 2].to_vec());
            all.push("中".repeat(len / 3).into_bytes());
            all.push("😀".repeat(len / 4).into_bytes());
            all.push("é a".repeat(len / 4).into_bytes());
        }
        for s in all {
            for opts in [
                0,
                UNESCAPED_UNICODE,
                HEX_QUOT | HEX_TAG,
                UNESCAPED_SLASHES | INVALID_UTF8_SUBSTITUTE,
            ] {
                let want = naive(&s, opts);
                for imp in &imps {
                    // Empty, and with some output already in the sink.
                    for before in [0, 1, 3000] {
                        let mut sink = PageGuardSink(GuardSink::new());
                        sink.extend(&vec![b'x'; before]);
                        let r = rustjson_core::escape::escape_string_at(
                            level(imp),
                            &mut sink,
                            &s,
                            opts,
                        )
                        .unwrap();
                        assert!(r.is_ok());
                        assert_eq!(
                            &sink.as_bytes()[before..],
                            want.as_deref().unwrap(),
                            "{imp}"
                        );
                    }
                }
            }
        }
    }

    fn inputs() -> Vec<Vec<u8>> {
        let mut v = Vec::new();
        for len in 0..=140usize {
            v.push((0..len).map(|k| b'a' + (k % 26) as u8).collect::<Vec<u8>>());
            let mut dirty: Vec<u8> = (0..len)
                .map(|k| b"a\"b\\c/d\ne\x01f<g>h&i'j"[k % 19])
                .collect();
            v.push(dirty.clone());
            if len > 0 {
                dirty[len - 1] = 0xc3; // truncated sequence at the very end
                v.push(dirty);
                let mut uni: Vec<u8> = "é€😀\u{2028}x".bytes().cycle().take(len).collect();
                v.push(uni.clone());
                uni[0] = 0x80;
                v.push(uni);
            }
        }
        v
    }

    /// Inputs that end at, and inputs that start at, a guard page.
    #[test]
    fn never_reads_outside_the_input() {
        let imps = implementations();
        let region = Region::new(4096);
        for s in inputs() {
            for at_end in [true, false] {
                let p = if at_end {
                    region.end_minus(s.len())
                } else {
                    region.data
                };
                // SAFETY: p..p+len lies inside the data area.
                let guarded = unsafe {
                    core::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
                    core::slice::from_raw_parts(p, s.len())
                };
                for opts in [
                    0,
                    UNESCAPED_UNICODE,
                    INVALID_UTF8_SUBSTITUTE | HEX_TAG | HEX_AMP | HEX_APOS,
                ] {
                    check(guarded, opts, &imps);
                }
            }
        }
    }

    /// Exact-size output buffers ending at a guard page: any blind store
    /// past the spare capacity faults.
    #[test]
    fn never_writes_past_the_spare_capacity() {
        let imps = implementations();
        let mut all = inputs();
        all.extend(memory_inputs());
        let mut rng = Rng(0xfeed);
        all.extend((0..3000).map(|_| random_string(&mut rng)));
        for s in all {
            for opts in [
                0,
                UNESCAPED_UNICODE,
                INVALID_UTF8_SUBSTITUTE,
                INVALID_UTF8_IGNORE | HEX_QUOT | HEX_TAG,
            ] {
                let want = naive(&s, opts);
                for imp in &imps {
                    let mut sink = GuardSink::new();
                    sink.extend(b"x");
                    let r =
                        rustjson_core::escape::escape_string_at(level(imp), &mut sink, &s, opts)
                            .unwrap();
                    match &want {
                        Some(w) => {
                            assert!(r.is_ok());
                            assert_eq!(&sink.as_bytes()[1..], &w[..], "{imp}");
                        }
                        None => {
                            assert!(r.is_err());
                            assert_eq!(sink.as_bytes(), b"x");
                        }
                    }
                }
            }
        }
    }
}

/// What PHP's encoder writes for `s` under `opts`, its opening quote
/// included, before it stops: the whole output, or (failing on invalid
/// UTF-8) the bytes before the first invalid sequence.
fn stock_written(s: &[u8], opts: u32) -> usize {
    if let Some(out) = naive(s, opts) {
        return out.len();
    }
    let f = core::str::from_utf8(s).unwrap_err().valid_up_to();
    // Everything before `f` is valid: its output, less the closing quote.
    naive(&s[..f], opts).unwrap().len() - 1
}

/// The buffer never grows past what PHP's encoder takes for the string:
/// its length plus the quotes at entry (`smart_str_alloc(len + 2)`), or
/// what it appends, up to where it fails. Before, the kernel kept room for
/// every unread byte (and its blind stores' slack), which a string that
/// fails or drops bytes (JSON_INVALID_UTF8_IGNORE) never writes; now the
/// output goes to a spill past a growth of such a string (where at most
/// 64 KiB of it are unread then: every string here).
#[test]
fn never_reserves_past_stock() {
    let imps = implementations();
    let all_flags = all_flag_sets();
    let mut inputs = memory_inputs();
    // ASCII escapes just before a failing or dropped byte, and after it.
    for tail in [
        &b"\"\"\"\"\xff"[..],
        b"\n\n\n\n\n\n\xe9",
        b"////\xff////",
        b"\x01\x01\x01\xc3",
        b"\"\xf4\x90\x80\x80\"\"\"\"",
        b"\xc3\xa9\xc3\xa9\"\"\xffabc",
    ] {
        for rep in [1, 2, 40, 700] {
            let mut v = b"abc".to_vec();
            for _ in 0..rep {
                v.extend_from_slice(tail);
            }
            inputs.push(v.clone());
            v.extend_from_slice(&vec![b'x'; 300]);
            inputs.push(v.clone());
            v.extend_from_slice(&b"\xff".repeat(300));
            inputs.push(v);
        }
    }
    let mut rng = Rng(0x9eed);
    for _ in 0..4000 {
        inputs.push(random_string(&mut rng));
    }
    for s in &inputs {
        for &opts in &all_flags {
            let bound = (s.len() + 2).max(stock_written(s, opts));
            let check = |sink: ExactSink, r: Result<(), _>, what: &str| {
                assert_eq!(r.ok().map(|_| sink.buf), naive(s, opts), "{what} {opts:#x}");
                assert!(
                    sink.max_cap <= bound,
                    "{what} opts {opts:#x}: capacity {} past stock's {bound} for {}",
                    sink.max_cap,
                    hex(&s[..s.len().min(64)])
                );
            };
            for imp in &imps {
                let mut sink = ExactSink::default();
                let r = rustjson_core::escape::escape_string_at(level(imp), &mut sink, s, opts)
                    .unwrap();
                check(sink, r, imp);
            }
            // The front end too (its short-string paths).
            let mut sink = ExactSink::default();
            let r = rustjson_core::escape::escape_string(&mut sink, s, opts);
            check(sink, r, "front end");
        }
    }
}
