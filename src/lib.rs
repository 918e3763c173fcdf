//! rustjson: a drop-in, byte-identical, faster `json_encode()` (and
//! `json_validate()`) for PHP.
//!
//! At module startup the internal handler of `json_encode` is swapped for
//! ours (and `json_validate`'s on PHP 8.3+; on 8.2 `json_validate` is
//! registered with PHP 8.3's signature and semantics). `rustjson.enabled=0`
//! routes every call back to stock ext/json.
#![deny(unsafe_op_in_unsafe_fn)]

mod decode;
mod encode;
mod functions;
mod ini;
mod lent;
mod override_;
mod php;
#[cfg(feature = "floor-probe")]
mod probe;
mod stack;

use ext_php_rs::prelude::*;
use ext_php_rs::zend::ModuleEntry;

/// MINIT: register the ini entry, cache pointers, swap handlers.
extern "C" fn startup(_ty: i32, module_number: i32) -> i32 {
    ini::register(module_number);
    php::init();
    functions::install();
    0
}

/// MSHUTDOWN: restore the stock handlers.
unsafe extern "C" fn shutdown(_ty: i32, module_number: i32) -> i32 {
    functions::uninstall();
    ini::unregister(module_number);
    0
}

/// RSHUTDOWN: the encoder's per-thread block goes (see encode::request_shutdown).
unsafe extern "C" fn request_shutdown(_ty: i32, _module_number: i32) -> i32 {
    encode::request_shutdown();
    lent::request_shutdown();
    0
}

/// phpinfo() / `php --ri rustjson`.
unsafe extern "C" fn info(module: *mut ModuleEntry) {
    functions::info(module.cast());
}

#[php_module]
#[php(startup = startup)]
pub fn get_module(module: ModuleBuilder) -> ModuleBuilder {
    let module = module
        .shutdown_function(shutdown)
        .request_shutdown_function(request_shutdown)
        .info_function(info);
    let module = functions::register(module);
    #[cfg(feature = "panic-inject")]
    let module = encode::register_panic_inject(module);
    module
}
