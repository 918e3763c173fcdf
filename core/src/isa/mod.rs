//! The one place that asks the CPU what it can do.
//!
//! Every vector path of the crate (escape, validate, and the decoder after
//! them) dispatches through this module:
//!
//! - [`Level`] names an instruction-set level. On x86_64 the levels are
//!   cumulative (`Sse2` < `Ssse3` < `Avx2` < `Avx512` < `Avx512Vbmi2`): a
//!   level includes everything below it, so code written for a level may use
//!   every feature of the levels under it. On aarch64 there is `Neon`; on
//!   every target there is `Scalar` (portable code only: SWAR words and
//!   tables).
//! - [`detected`] is the best level of this CPU, detected once and cached in
//!   an atomic (one relaxed load afterwards).
//! - The tokens ([`Sse2`], [`Ssse3`], [`Avx2`], [`Avx512`], [`Avx512Vbmi2`],
//!   [`Neon`]) are zero-sized proofs: a value exists only where its level is
//!   available, so a safe method taking one may call that level's
//!   `#[target_feature]` code.
//!
//! Forcing a level is explicit: the entry points that tests and benchmarks
//! use take a [`Level`] argument (for example
//! `escape::escape_string_at(level, ...)`); nothing reads an environment
//! variable, and nothing global can be changed from outside.

use core::sync::atomic::{AtomicU8, Ordering};

/// An instruction-set level (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Level {
    /// Portable code only (SWAR words, tables): every target.
    Scalar = 1,
    /// x86_64's baseline: SSE2.
    Sse2 = 2,
    /// SSE2 + SSSE3 (`pshufb`).
    Ssse3 = 3,
    /// SSSE3 + AVX2, BMI1, POPCNT and PCLMULQDQ.
    Avx2 = 4,
    /// AVX2 + AVX-512F and AVX-512BW.
    Avx512 = 5,
    /// AVX-512 + AVX-512VBMI2 (byte/word compression).
    Avx512Vbmi2 = 6,
    /// aarch64 (little endian): Advanced SIMD, part of the baseline there.
    Neon = 7,
}

impl Level {
    /// The levels compiled for this target, best first.
    #[cfg(target_arch = "x86_64")]
    pub const COMPILED: &'static [Level] = &[
        Level::Avx512Vbmi2,
        Level::Avx512,
        Level::Avx2,
        Level::Ssse3,
        Level::Sse2,
        Level::Scalar,
    ];
    /// The levels compiled for this target, best first.
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    pub const COMPILED: &'static [Level] = &[Level::Neon, Level::Scalar];
    /// The levels compiled for this target, best first.
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    pub const COMPILED: &'static [Level] = &[Level::Scalar];

    /// Lower-case name: `"avx512vbmi2"`, `"avx512"`, `"avx2"`, `"ssse3"`,
    /// `"sse2"`, `"neon"` or `"scalar"`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Scalar => "scalar",
            Level::Sse2 => "sse2",
            Level::Ssse3 => "ssse3",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
            Level::Avx512Vbmi2 => "avx512vbmi2",
            Level::Neon => "neon",
        }
    }

    /// The level of that [`name`](Level::name), if it is compiled for this
    /// target.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::COMPILED.iter().copied().find(|l| l.name() == name)
    }

    /// Whether this CPU can run code of this level: compiled for this target
    /// and at or below [`detected`].
    #[inline]
    pub fn available(self) -> bool {
        self == Level::Scalar || (Level::COMPILED.contains(&self) && self <= detected())
    }

    /// `self`, or the best available level below it: what a caller that asks
    /// for `self` gets on this CPU.
    #[inline]
    pub fn clamp_to_cpu(self) -> Level {
        if self == Level::Scalar {
            return Level::Scalar;
        }
        let d = detected();
        if self <= d && Level::COMPILED.contains(&self) {
            self
        } else if Level::COMPILED.contains(&self) {
            d
        } else {
            Level::Scalar
        }
    }

    fn from_u8(v: u8) -> Option<Level> {
        Some(match v {
            1 => Level::Scalar,
            2 => Level::Sse2,
            3 => Level::Ssse3,
            4 => Level::Avx2,
            5 => Level::Avx512,
            6 => Level::Avx512Vbmi2,
            7 => Level::Neon,
            _ => return None,
        })
    }
}

/// The levels this CPU can run, best first (always ends with `Scalar`).
pub fn available_levels() -> impl Iterator<Item = Level> {
    Level::COMPILED.iter().copied().filter(|l| l.available())
}

/// 0 until the first [`detected`] call.
static DETECTED: AtomicU8 = AtomicU8::new(0);

/// The best level of this CPU, detected on the first call and cached.
#[inline(always)]
pub fn detected() -> Level {
    match Level::from_u8(DETECTED.load(Ordering::Relaxed)) {
        Some(l) => l,
        None => detect(),
    }
}

#[cold]
#[inline(never)]
fn detect() -> Level {
    let l = probe();
    DETECTED.store(l as u8, Ordering::Relaxed);
    l
}

#[cfg(target_arch = "x86_64")]
fn probe() -> Level {
    use std::is_x86_feature_detected as has;
    if !has!("ssse3") {
        return Level::Sse2;
    }
    if !(has!("avx2") && has!("bmi1") && has!("popcnt") && has!("pclmulqdq")) {
        return Level::Ssse3;
    }
    if !(has!("avx512f") && has!("avx512bw")) {
        return Level::Avx2;
    }
    if !has!("avx512vbmi2") {
        return Level::Avx512;
    }
    Level::Avx512Vbmi2
}

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
fn probe() -> Level {
    Level::Neon
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_endian = "little")
)))]
fn probe() -> Level {
    Level::Scalar
}

/// Declares a zero-sized token type that proves one level is available.
macro_rules! token {
    ($(#[$doc:meta])* $name:ident, $level:expr, $arch:meta) => {
        $(#[$doc])*
        #[cfg($arch)]
        #[derive(Clone, Copy, Debug)]
        pub struct $name(());

        #[cfg($arch)]
        impl $name {
            /// The level this token proves.
            pub const LEVEL: Level = $level;

            /// `Some` if this CPU has the level.
            #[inline(always)]
            pub fn new() -> Option<Self> {
                Self::LEVEL.available().then_some($name(()))
            }

            /// `Some` if `level` includes this token's level and this CPU has
            /// it: the token for code that may run at `level`.
            #[inline(always)]
            pub fn within(level: Level) -> Option<Self> {
                (level >= Self::LEVEL && Self::LEVEL.available()).then_some($name(()))
            }

            /// The token without a check.
            ///
            /// # Safety
            /// This CPU must have the level ([`Level::available`]).
            #[inline(always)]
            pub const unsafe fn new_unchecked() -> Self {
                $name(())
            }
        }
    };
}

token!(
    /// Proof of SSE2 (x86_64's baseline: always available there).
    Sse2, Level::Sse2, target_arch = "x86_64"
);
token!(
    /// Proof of SSSE3.
    Ssse3, Level::Ssse3, target_arch = "x86_64"
);
token!(
    /// Proof of AVX2 (with BMI1, POPCNT, PCLMULQDQ and SSSE3).
    Avx2, Level::Avx2, target_arch = "x86_64"
);
token!(
    /// Proof of AVX-512F and AVX-512BW (and everything [`Avx2`] proves).
    Avx512, Level::Avx512, target_arch = "x86_64"
);
token!(
    /// Proof of AVX-512VBMI2 (and everything [`Avx512`] proves).
    Avx512Vbmi2, Level::Avx512Vbmi2, target_arch = "x86_64"
);
token!(
    /// Proof of NEON (aarch64's baseline: always available there).
    Neon, Level::Neon, all(target_arch = "aarch64", target_endian = "little")
);

#[cfg(target_arch = "x86_64")]
impl Sse2 {
    /// SSE2 is part of the x86_64 baseline: no check needed.
    #[inline(always)]
    pub const fn baseline() -> Self {
        Sse2(())
    }
}

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
impl Neon {
    /// NEON is part of the aarch64 baseline: no check needed.
    #[inline(always)]
    pub const fn baseline() -> Self {
        Neon(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detected_is_compiled_and_available() {
        let d = detected();
        assert!(Level::COMPILED.contains(&d));
        assert!(d.available());
        assert_eq!(detected(), d, "cached");
        assert!(Level::Scalar.available());
    }

    #[test]
    fn names_round_trip() {
        for &l in Level::COMPILED {
            assert_eq!(Level::from_name(l.name()), Some(l));
        }
        assert_eq!(Level::from_name("nope"), None);
    }

    #[test]
    fn available_levels_are_cumulative() {
        let avail: Vec<Level> = available_levels().collect();
        assert_eq!(*avail.last().unwrap(), Level::Scalar);
        // Every compiled level at or below the detected one is available.
        for &l in Level::COMPILED {
            assert_eq!(avail.contains(&l), l <= detected() || l == Level::Scalar);
        }
    }

    #[test]
    fn clamp() {
        assert_eq!(Level::Scalar.clamp_to_cpu(), Level::Scalar);
        for &l in Level::COMPILED {
            let c = l.clamp_to_cpu();
            assert!(c.available());
            assert!(c <= l || l == Level::Scalar);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn tokens_follow_levels() {
        assert!(Sse2::new().is_some());
        assert_eq!(Avx2::new().is_some(), Level::Avx2.available());
        assert_eq!(Avx512::new().is_some(), Level::Avx512.available());
        assert!(Avx2::within(Level::Sse2).is_none());
        assert!(Sse2::within(Level::Scalar).is_none());
        assert!(Sse2::within(Level::Sse2).is_some());
        if Level::Avx2.available() {
            assert!(Ssse3::within(Level::Avx2).is_some());
        }
    }
}
