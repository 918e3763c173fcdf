dnl rustjson: the PECL/PIE build route (phpize && ./configure && make && make install).
dnl The extension is a Rust cdylib; this drives cargo against the PHP whose
dnl phpize/php-config is in use and puts the result at modules/rustjson.so.

PHP_ARG_ENABLE([rustjson],
  [whether to enable rustjson (a faster, byte-identical json_encode/json_validate)],
  [AS_HELP_STRING([--enable-rustjson], [Enable rustjson])],
  [yes])

if test "$PHP_RUSTJSON" != "no"; then
  AC_PATH_PROG([CARGO], [cargo], [no], [$PATH:$HOME/.cargo/bin:/usr/local/cargo/bin])
  if test "$CARGO" = "no"; then
    AC_MSG_ERROR([cargo not found. rustjson is written in Rust: install a Rust toolchain (https://rustup.rs, or apt-get install cargo rustc on a recent distribution) and re-run configure.])
  fi
  AC_PATH_PROG([RUSTC], [rustc], [no], [$PATH:$HOME/.cargo/bin:/usr/local/cargo/bin])
  if test "$RUSTC" = "no"; then
    AC_MSG_ERROR([rustc not found: install a Rust toolchain (https://rustup.rs).])
  fi

  dnl bindgen needs libclang at build time.
  AC_MSG_CHECKING([for libclang (needed by bindgen)])
  RUSTJSON_LIBCLANG=no
  if test -n "$LIBCLANG_PATH" && ls "$LIBCLANG_PATH"/libclang*.so* >/dev/null 2>&1; then
    RUSTJSON_LIBCLANG="$LIBCLANG_PATH"
  else
    for d in /usr/lib/llvm-*/lib /usr/lib64 /usr/lib /usr/lib/x86_64-linux-gnu /usr/lib/aarch64-linux-gnu /usr/local/lib; do
      if ls $d/libclang*.so* >/dev/null 2>&1; then RUSTJSON_LIBCLANG=$d; break; fi
    done
  fi
  AC_MSG_RESULT([$RUSTJSON_LIBCLANG])
  if test "$RUSTJSON_LIBCLANG" = "no"; then
    AC_MSG_ERROR([libclang not found: install it (Debian/Ubuntu: apt-get install libclang-dev clang; Alpine: apk add clang-dev) or set LIBCLANG_PATH.])
  fi

  PHP_SUBST(CARGO)
  dnl cargo (ext-php-rs, our build.rs) needs absolute paths of the PHP in use.
  RUSTJSON_PHP_CONFIG=`command -v "$PHP_CONFIG" 2>/dev/null || echo "$PHP_CONFIG"`
  RUSTJSON_PHP=`"$RUSTJSON_PHP_CONFIG" --php-binary 2>/dev/null`
  PHP_SUBST(RUSTJSON_PHP)
  PHP_SUBST(RUSTJSON_PHP_CONFIG)
  RUSTJSON_SRCDIR="$abs_srcdir"
  PHP_SUBST(RUSTJSON_SRCDIR)
  PHP_MODULES="$PHP_MODULES \$(phplibdir)/rustjson.so"
  PHP_ADD_MAKEFILE_FRAGMENT([$abs_srcdir/Makefile.frag])
fi
