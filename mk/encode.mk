# mk/encode.mk: encoder test targets (included by the Makefile's `-include mk/*.mk`).
#
#   make test-panic     a panic-inject build (--features panic-inject, profile test-opt in target/test-opt/, never shipped), then
#                       php-tests/panic/inject.php: panics injected at every point of nested arrays/objects
#                       (fast and general frames, JsonSerializable, partial output); after each, the error PHP
#                       sees, the output of the same values again vs stock, refcounts, memory; also under
#                       USE_ZEND_ALLOC=0 valgrind (memcheck, no errors, no definite leaks) when valgrind exists
#   make test-src-unit  the PHP-free unit tests of src/ (cargo test -p rustjson --lib)
#   make memlimit-boundary  tools/memlimit_boundary.php: json_encode()'s least memory_limit room, stock vs
#                       rustjson, bisected in child processes for five output shapes (SHAPES=... for some;
#                       four of them run in `make test` through php-tests/encode_memory_limit_boundary.phpt)

PANIC_SO := $(CURDIR)/target/test-opt/librustjson.so

.PHONY: test-panic test-src-unit memlimit-boundary

test-panic:
	PHP="$$(command -v $(PHP))" $(CARGO) build --profile test-opt --features panic-inject
	$(PHP) -n -d extension=$(PANIC_SO) php-tests/panic/inject.php
	@if command -v valgrind >/dev/null; then \
		echo "test-panic: under valgrind (USE_ZEND_ALLOC=0)"; \
		USE_ZEND_ALLOC=0 ZEND_DONT_UNLOAD_MODULES=1 valgrind -q --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite --suppressions=php-tests/panic/valgrind.supp \
			$(PHP) -n -d extension=$(PANIC_SO) php-tests/panic/inject.php --quick; \
	fi

test-src-unit:
	PHP="$$(command -v $(PHP))" $(CARGO) test -p rustjson --lib --profile test-opt

memlimit-boundary: build
	$(PHP) -n -d extension=$(SO_ABS) tools/memlimit_boundary.php $(SHAPES)
