dnl Test-only stub named "rustjson" (see build.sh). Not the real extension.
PHP_ARG_ENABLE(rustjson, whether to enable the rustjson test stub, [ --enable-rustjson  rustjson phpt stub])
if test "$PHP_RUSTJSON" != "no"; then
  PHP_NEW_EXTENSION(rustjson, rustjson_stub.c, $ext_shared)
fi
