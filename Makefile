# rustjson: top-level Makefile.
#
#   make build          cargo build --release, then copy target/release/librustjson.so to modules/rustjson.so
#   make setup          install/prepare everything needed (tools/setup.sh: Debian packages, de_DE locale,
#                       PHP 8.2 source for run-tests.php + ext/json/tests in $RUSTJSON_CACHE)
#   make test           setup, build, core unit tests, our phpt suite (stock oracle check, rustjson, rustjson+JIT),
#                       official ext/json suite (stock vs rustjson), differential run (tools/fuzz/run.php)
#   make demo           build, then encode a generated twitter-like document with stock and rustjson
#   make clean          remove build products
#
# Single steps: test-core, test-phpt, test-phpt-jit, test-phpt-stock, test-official, test-diff.
# Variables: PHP (php binary, default php), CARGO, FUZZ_COUNT (differential run size).

PHP        ?= php
CARGO      ?= cargo
FUZZ_COUNT ?= 20000
SO         := modules/rustjson.so
SO_ABS     := $(CURDIR)/$(SO)

# The stages depend on each other's order; never run them in parallel.
.NOTPARALLEL:
.PHONY: all build setup test test-core test-phpt test-phpt-jit test-phpt-stock test-official test-diff demo clean help

all: build

help:
	@sed -n '1,15p' Makefile

setup:
	PHP=$(PHP) bash tools/setup.sh

build:
	$(CARGO) build --release
	@mkdir -p modules
	@# copy + rename: never overwrite a .so in place that a running php may have mapped
	cp target/release/librustjson.so modules/.rustjson.so.tmp
	mv -f modules/.rustjson.so.tmp $(SO)
	@out=$$($(PHP) -n -d extension=$(SO_ABS) -r 'echo extension_loaded("rustjson") ? "yes" : "no";' 2>&1); \
	if [ "$$out" != "yes" ]; then echo "build: $(SO) does not load into $(PHP):" >&2; echo "$$out" >&2; exit 1; fi; \
	echo "build: $(SO) loads"

test-core:
	$(CARGO) test -p rustjson-core --release

test-phpt: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/run-phpt.sh

# The same with opcache + tracing JIT loaded (JIT-compiled calls must reach rustjson too).
test-phpt-jit: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/run-phpt.sh --jit

# Our phpt tests against STOCK PHP (no extension): checks the frozen expectations themselves.
test-phpt-stock:
	PHP=$(PHP) bash tools/run-phpt.sh --stock

test-official: setup build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/official-suite.sh

test-diff: build
	@if [ -f tools/fuzz/run.php ]; then \
		echo "$(PHP) -n -d extension=$(SO_ABS) tools/fuzz/run.php --count=$(FUZZ_COUNT)"; \
		$(PHP) -n -d extension=$(SO_ABS) tools/fuzz/run.php --count=$(FUZZ_COUNT); \
	else \
		echo "test-diff: SKIPPED (tools/fuzz/run.php does not exist yet)"; \
	fi

# Every stage in order. The sub-makes stop at the first failure.
# Closing line: 'stages: N passed, 0 failed[, N skipped]'.
test:
	@set -e; start=$$(date +%s); skipped=0; passed=0; \
	for t in setup build test-core test-phpt-stock test-phpt test-phpt-jit test-official test-diff; do \
		echo; echo "==== make $$t"; t0=$$(date +%s); \
		if [ $$t = test-diff ] && [ ! -f tools/fuzz/run.php ]; then \
			echo "test-diff: SKIPPED (tools/fuzz/run.php does not exist yet)"; skipped=$$((skipped + 1)); continue; \
		fi; \
		$(MAKE) --no-print-directory $$t PHP=$(PHP) CARGO=$(CARGO) FUZZ_COUNT=$(FUZZ_COUNT); \
		passed=$$((passed + 1)); echo "==== $$t: OK ($$(( $$(date +%s) - t0 ))s)"; \
	done; \
	echo; echo "make test: all stages passed in $$(( $$(date +%s) - start ))s"; \
	if [ $$skipped -gt 0 ]; then echo "stages: $$passed passed, 0 failed, $$skipped skipped"; \
	else echo "stages: $$passed passed, 0 failed"; fi

demo: setup build
	$(PHP) -n -d extension=$(SO_ABS) tools/demo.php

clean:
	$(CARGO) clean
	rm -rf modules
	rm -f php-tests/*.diff php-tests/*.exp php-tests/*.log php-tests/*.out php-tests/*.php php-tests/*.sh php-tests/*.mem
