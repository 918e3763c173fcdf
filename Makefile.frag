# Added to the phpize-generated Makefile by config.m4: build with cargo.
RUSTJSON_CARGO_TARGET = $(top_builddir)/target

$(phplibdir)/rustjson.so: $(srcdir)/Cargo.toml $(srcdir)/build.rs $(wildcard $(srcdir)/src/*.rs $(srcdir)/src/php/* $(srcdir)/core/src/*.rs $(srcdir)/core/src/*/*.rs)
	PHP_CONFIG="$(RUSTJSON_PHP_CONFIG)" CARGO_TARGET_DIR="$(RUSTJSON_CARGO_TARGET)" $(CARGO) build --release --manifest-path "$(srcdir)/Cargo.toml"
	$(mkinstalldirs) $(phplibdir)
	cp "$(RUSTJSON_CARGO_TARGET)/release/librustjson.so" $@

clean-rustjson:
	rm -rf $(RUSTJSON_CARGO_TARGET) $(phplibdir)/rustjson.so

clean: clean-rustjson
