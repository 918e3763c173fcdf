//! Panic injection for tests (cargo feature `panic-inject`, never in the
//! shipped build: `make test-panic` builds it into its own target
//! directory). That build registers `rustjson_panic_inject(int $n): void`:
//! the walk then panics at the `$n`-th injection point it reaches (each
//! frame once it holds its container, each jsonSerialize() result), once;
//! 0 disables. Without the feature, [`point`] is nothing.

/// An injection point.
#[cfg(not(feature = "panic-inject"))]
#[inline(always)]
pub fn point() {}

#[cfg(feature = "panic-inject")]
pub use imp::{point, register};

#[cfg(feature = "panic-inject")]
mod imp {
    use crate::php::sys;
    use ext_php_rs::builders::{FunctionBuilder, ModuleBuilder};
    use std::sync::atomic::{AtomicI64, Ordering};

    /// Points left before the panic (0: none armed).
    static COUNTDOWN: AtomicI64 = AtomicI64::new(0);

    #[inline(never)]
    pub fn point() {
        let n = COUNTDOWN.load(Ordering::Relaxed);
        if n <= 0 {
            return;
        }
        COUNTDOWN.store(n - 1, Ordering::Relaxed);
        if n == 1 {
            panic!("rustjson: injected panic");
        }
    }

    extern "C" fn panic_inject(
        ex: &mut ext_php_rs::zend::ExecuteData,
        _rv: &mut ext_php_rs::types::Zval,
    ) {
        let ex: *mut sys::zend_execute_data = (ex as *mut ext_php_rs::zend::ExecuteData).cast();
        // SAFETY: ex is this call's frame.
        let n = unsafe {
            let argc = crate::override_::num_args(ex);
            crate::override_::long_arg(ex, argc, 1, 0)
        };
        // Injected panics are expected: no message on stderr.
        std::panic::set_hook(Box::new(|_| {}));
        COUNTDOWN.store(n.unwrap_or(0), Ordering::Relaxed);
    }

    /// Register `rustjson_panic_inject()`.
    pub fn register(module: ModuleBuilder<'_>) -> ModuleBuilder<'_> {
        use ext_php_rs::args::Arg;
        use ext_php_rs::flags::DataType;
        let f = FunctionBuilder::new("rustjson_panic_inject", panic_inject)
            .arg(Arg::new("n", DataType::Long))
            .returns(DataType::Void, false, false);
        module.function(f)
    }
}
