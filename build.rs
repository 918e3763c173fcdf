//! Build script: generates bindings for the PHP declarations rustjson needs
//! (src/php/shim.h and the PHP headers it includes) and compiles the C shim.
//!
//! PHP is found through `php-config` (or `$PHP_CONFIG`), like ext-php-rs.
//! Emits `cfg(php82)`, `cfg(php83)`, `cfg(php84)`, `cfg(php85)` for the
//! version built against (each one set for that version and all later ones),
//! `cfg(php_zts)` and `cfg(php_debug)`.
use std::{env, path::PathBuf, process::Command};

fn php_config(arg: &str) -> String {
    let bin = env::var("PHP_CONFIG").unwrap_or_else(|_| "php-config".into());
    let out = Command::new(&bin)
        .arg(arg)
        .output()
        .unwrap_or_else(|e| panic!("cannot run `{bin} {arg}` ({e}): install php-dev (e.g. apt-get install php8.2-dev) or set PHP_CONFIG"));
    assert!(out.status.success(), "`{bin} {arg}` failed");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The binding allowlist: every PHP item the extension uses, in one place.
const ALLOW_TYPES: &[&str] = &[
    "zval",
    "zend_array",
    "HashTable",
    "Bucket",
    "zend_string",
    "zend_object",
    "zend_class_entry",
    "zend_property_info",
    "zend_execute_data",
    "zend_function",
    "zend_internal_function",
    "zend_object_handlers",
    "zend_reference",
    "zend_refcounted_h",
    "zend_ini_entry_def",
    "zend_ini_entry",
    "zend_module_entry",
    "smart_str",
    "zif_handler",
    "zend_function_entry",
    "zend_internal_arg_info",
    // The error codes (an enum: its constants come with the type).
    "php_json_error_code",
];
const ALLOW_FUNCTIONS: &[&str] = &[
    "rustjson_.*",
    "php_info_print_table_.*",
    "zend_std_get_properties",
];
const ALLOW_VARS: &[&str] = &[
    "IS_.*",
    "GC_.*",
    "HASH_FLAG_.*",
    "ZEND_ACC_.*",
    "PHP_INI_.*",
    "ZEND_INI_.*",
    "ZEND_DOUBLE_MAX_LENGTH",
    "PHP_JSON_.*",
    "ZEND_API_VERSION",
    "PHP_VERSION_ID",
    "ZEND_DEBUG",
    "Z_TYPE_FLAGS_SHIFT",
    "_ZEND_.*",
    "ZEND_ARG_.*",
];

fn main() {
    let includes: Vec<String> = php_config("--includes")
        .split_whitespace()
        .map(|s| s.trim_start_matches("-I").to_string())
        .collect();
    let vernum: u32 = php_config("--vernum").parse().expect("php-config --vernum");

    println!("cargo:rerun-if-changed=src/php/shim.h");
    println!("cargo:rerun-if-changed=src/php/shim.c");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PHP_CONFIG");

    for v in [82u32, 83, 84, 85, 86] {
        println!("cargo::rustc-check-cfg=cfg(php{v})");
        if vernum >= (v / 10) * 10000 + (v % 10) * 100 {
            println!("cargo:rustc-cfg=php{v}");
        }
    }
    println!("cargo::rustc-check-cfg=cfg(php_zts)");
    println!("cargo::rustc-check-cfg=cfg(php_debug)");

    // The unit tests of src/ (`cargo test -p rustjson --lib`) run without
    // PHP: the test executable leaves PHP's symbols unresolved (the tests
    // never reach them). A cdylib allows undefined symbols anyway, so the
    // shipped module links exactly as before.
    println!("cargo:rustc-link-arg=-Wl,--unresolved-symbols=ignore-all");

    // The C shim.
    let mut cc = cc::Build::new();
    cc.file("src/php/shim.c")
        .flag_if_supported("-Wno-unused-parameter")
        // The shim's exported functions are never interposed: let gcc inline
        // them into each other (one shim call, not two).
        .flag_if_supported("-fno-semantic-interposition")
        // cc adds frame pointers to builds with debug info; the Rust side
        // has none, and the shim's small functions pay 3 instructions each.
        .flag_if_supported("-fomit-frame-pointer")
        .opt_level(2);
    for inc in &includes {
        cc.include(inc);
    }
    // PHP 8.2.36+ has fallible smart_str growth (delayed OOM errors).
    let smart_str_h = includes
        .iter()
        .find_map(|i| std::fs::read_to_string(PathBuf::from(i).join("Zend/zend_smart_str.h")).ok())
        .unwrap_or_default();
    if smart_str_h.contains("smart_str_falloc") {
        cc.define("RUSTJSON_HAVE_FALLIBLE_SMART_STR", "1");
    }
    // The measurement build's helpers (never in the shipped extension).
    if std::env::var_os("CARGO_FEATURE_FLOOR_PROBE").is_some() {
        cc.define("RUSTJSON_PROBE", "1");
    }
    cc.compile("rustjson_shim");

    // Bindings.
    let mut b = bindgen::Builder::default()
        .header("src/php/shim.h")
        .clang_args(includes.iter().map(|i| format!("-I{i}")))
        .layout_tests(false)
        .derive_default(true)
        .prepend_enum_name(false)
        .parse_callbacks(Box::new(bindgen::CargoCallbacks::new()));
    for t in ALLOW_TYPES {
        b = b.allowlist_type(t);
    }
    for f in ALLOW_FUNCTIONS {
        b = b.allowlist_function(f);
    }
    for v in ALLOW_VARS {
        b = b.allowlist_var(v);
    }
    let bindings = b.generate().expect("bindgen failed on src/php/shim.h");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("php_sys.rs");
    bindings.write_to_file(&out).expect("writing bindings");

    // ZTS / debug, read back from the generated constants' source of truth.
    let main_h = includes
        .iter()
        .find_map(|i| std::fs::read_to_string(PathBuf::from(i).join("main/php_config.h")).ok())
        .unwrap_or_default();
    if main_h.contains("#define ZTS 1") {
        println!("cargo:rustc-cfg=php_zts");
    }
    if main_h.contains("#define ZEND_DEBUG 1") {
        println!("cargo:rustc-cfg=php_debug");
    }
}
