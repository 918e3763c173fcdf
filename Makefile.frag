# Added to the phpize-generated Makefile by config.m4: build with cargo.
RUSTJSON_CARGO_TARGET = $(top_builddir)/target

$(phplibdir)/rustjson.so: $(RUSTJSON_SRCDIR)/Cargo.toml $(RUSTJSON_SRCDIR)/build.rs $(wildcard $(RUSTJSON_SRCDIR)/src/*.rs $(RUSTJSON_SRCDIR)/src/php/* $(RUSTJSON_SRCDIR)/core/src/*.rs $(RUSTJSON_SRCDIR)/core/src/*/*.rs)
	PHP_CONFIG="$(RUSTJSON_PHP_CONFIG)" PHP="$(RUSTJSON_PHP)" CARGO_TARGET_DIR="$(RUSTJSON_CARGO_TARGET)" $(CARGO) build --release --manifest-path "$(RUSTJSON_SRCDIR)/Cargo.toml"
	$(mkinstalldirs) $(phplibdir)
	cp "$(RUSTJSON_CARGO_TARGET)/release/librustjson.so" $@

clean-rustjson:
	rm -rf $(RUSTJSON_CARGO_TARGET) $(phplibdir)/rustjson.so

clean: clean-rustjson
