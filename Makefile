# rustjson: top-level Makefile.
#
#   make build          cargo build --release, then copy target/release/librustjson.so to modules/rustjson.so
#   make setup          install/prepare everything needed (tools/setup.sh: Debian packages, de_DE locale,
#                       PHP 8.2 source for run-tests.php + ext/json/tests in $RUSTJSON_CACHE)
#   make test           setup, build, core unit tests, src/ unit tests (no PHP), core sweeps vs PHP (10M doubles,
#                       ~7M strings), our phpt suite (stock oracle check, rustjson, rustjson+JIT), panic recovery
#                       (mk/encode.mk: test-panic), official ext/json suite (stock vs
#                       rustjson), json_encode differential run (tools/fuzz/run.php), json_validate
#                       differential run (tools/validate_diff.php), both phpt suites under valgrind, and the
#                       PHP matrix legs (8.2 debug, 8.2 ZTS debug, 8.4, 8.5)
#   make fuzz COUNT=N   open-ended differential fuzzing (random seed)
#   make demo           build, then encode a generated twitter-like document with stock and rustjson
#   make bench          build, then the wall-clock bench, stock vs rustjson (tools/bench/bench.php):
#                       writes tools/bench/results.md and tools/bench/chart.svg (BENCH_ARGS=--quick etc.)
#   make bench-callgrind build, then instructions per call under callgrind (tools/bench/callgrind.sh):
#                       writes tools/bench/callgrind.md and tools/bench/callgrind.svg (BENCH_ARGS=--all etc.)
#   make bench-decode-floor   the probe build; json_decode() of the number-heavy corpora with and without
#                       number conversion (tools/bench/decode_floor.php -> tools/bench/decode_floor.md)
#   make bench-floor    a probe build (--features floor-probe, target-probe/, never shipped), then the corpora's
#                       memory floor beside stock and rustjson (tools/bench/floor.php): tools/bench/floor.md
#   make clean          remove build products
#
# Single steps: test-core, test-sweeps, test-phpt, test-phpt-jit, test-phpt-stock, test-official, test-diff,
# test-validate, test-valgrind, test-matrix.
# Variables: PHP (php binary, default php), CARGO, FUZZ_COUNT (json_encode differential run size),
#            VALIDATE_COUNT (json_validate differential run size), FUZZ_SEED (seed of both),
#            BENCH_ARGS (extra arguments for bench / bench-callgrind, e.g. --filter=REGEX).
#
# Developer tools (tools/README.md lists every file in tools/ and what runs it):
#   make validate-diff  the json_validate differential against the core crate alone (tools/validate_diff.sh:
#                       rustjson_core via core/examples/validate_cli.rs vs json_decode(); COUNT cases,
#                       default 1000000, SEED default 1, JOBS parallel PHP processes, default 1)
#   make validate-bench rustjson_core's validate vs PHP's own json_validate()/json_decode() on the corpora
#                       (tools/validate_bench.sh; ROUNDS, default 3)
#   make number-table   check core/tests/number_table.rs's double table against tools/number_table_gen.php
#                       on this PHP (tools/table_check.sh); TABLE_WRITE=1 rewrites the table instead
#   make validate-cases the same for core/tests/validate_cases.rs and tools/validate_cases_gen.php
#   make phpt-freeze TESTS="php-tests/x.phpt ..."  freeze stock PHP's output into those tests' --EXPECT--
#                       (tools/phpt-freeze.php; FREEZE_ARGS=--all re-freezes; STUB=1 loads the phpt stub
#                       for rustjson-specific tests)
#   make phpt-stub      build the phpt stub extension (tools/phpt-stub/) and print the path of its .so
#   make leg-shell LEG=php85 [CMD='...']  a shell (or CMD) in a leg's environment (tools/php-builds/shell.sh)
#
# Other PHPs (tools/php-builds/; each made once and cached in $RUSTJSON_CACHE, default /var/cache/rustjson):
#   make test-debug     PHP 8.2 debug build: leaks and failed assertions fail the run
#   make test-zts       PHP 8.2 debug ZTS build
#   make test-php84     PHP 8.4 (Debian trixie binaries, chroot)
#   make test-php85     PHP 8.5 (Debian experimental binaries, chroot)
#   make test-matrix    all four: their PHPs one after the other, then the legs in MATRIX_JOBS lanes
#                       (default 2 with 2+ CPUs; tools/php-builds/matrix.sh)
#   (LEG_FUZZ_COUNT: random json_encode cases per leg, default 20000; LEG_VALIDATE_COUNT: json_validate
#   cases per leg, default 50000; seed FUZZ_SEED)

PHP        ?= php
CARGO      ?= cargo
FUZZ_COUNT ?= 200000
FUZZ_SEED  ?= 20261129
LEG_FUZZ_COUNT ?= 20000
LEG_VALIDATE_COUNT ?= 50000
VALIDATE_COUNT ?= 100000
COUNT      ?= 1000000
SEED       ?= 1
JOBS       ?= 1
ROUNDS     ?= 3
BENCH_ARGS ?=
SO         := modules/rustjson.so
SO_ABS     := $(CURDIR)/$(SO)

# The stages depend on each other's order; never run them in parallel.
.NOTPARALLEL:
.PHONY: all build setup test test-core test-phpt test-phpt-jit test-phpt-stock test-official test-sweeps test-valgrind test-diff test-validate fuzz demo bench bench-callgrind bench-floor bench-decode-floor clean help \
	test-debug test-zts test-php84 test-php85 test-matrix \
	validate-diff validate-bench number-table validate-cases phpt-freeze phpt-stub leg-shell

all: build

# The header above, then each mk/*.mk's own header.
help:
	@for f in Makefile mk/*.mk; do [ -f "$$f" ] && sed -n '1,/^$$/p' "$$f"; done

setup:
	PHP=$(PHP) bash tools/setup.sh

# ext-php-rs wants absolute paths in PHP/PHP_CONFIG (make exports command-line variables).
build:
	PHP="$$(command -v $(PHP))" $(CARGO) build --release
	@mkdir -p modules
	@# copy + rename: never overwrite a .so in place that a running php may have mapped
	cp target/release/librustjson.so modules/.rustjson.so.tmp
	mv -f modules/.rustjson.so.tmp $(SO)
	@out=$$($(PHP) -n -d extension=$(SO_ABS) -r 'echo extension_loaded("rustjson") ? "yes" : "no";' 2>&1); \
	if [ "$$out" != "yes" ]; then echo "build: $(SO) does not load into $(PHP):" >&2; echo "$$out" >&2; exit 1; fi; \
	echo "build: $(SO) loads"

test-core:
	$(CARGO) test -p rustjson-core --profile test-opt

test-phpt: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/run-phpt.sh

# The same with opcache + tracing JIT loaded (JIT-compiled calls must reach rustjson too).
test-phpt-jit: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/run-phpt.sh --jit

# Our phpt tests against STOCK PHP (no extension): checks the frozen expectations themselves.
test-phpt-stock:
	PHP=$(PHP) bash tools/run-phpt.sh --stock

test-official: setup build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/official-suite.sh --all-stock-pass

# The cores against the real PHP binary: 10,000,000 doubles (serialize_precision -1, with and
# without PRESERVE_ZERO_FRACTION) and ~7 million strings x flag sets through every escaper.
test-sweeps:
	CARGO_TARGET_DIR=$(CURDIR)/target bash tools/number_sweep.sh 10000000
	CARGO_TARGET_DIR=$(CURDIR)/target PHP=$(PHP) sh tools/escape_php_check.sh

# Both phpt suites under valgrind (memcheck): no errors, no leaks.
test-valgrind: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/valgrind.sh

# The bounded differential run of `make test`: FUZZ_COUNT random values (pinned seed, so CI
# is reproducible) plus every exhaustive sweep; stock vs rustjson in one process per half, the
# two halves at once: the sweeps and cases [0, N/4), and cases [N/4, N) (the same cases as
# one process running them all: case I of a seed is always the same value).
test-diff: build
	@n=$(FUZZ_COUNT); a=$$((n / 4)); log=$$(mktemp); \
	echo "test-diff: sweeps + random cases [0, $$a) and [$$a, $$n) in two processes, seed $(FUZZ_SEED)"; \
	$(PHP) -n -d extension=$(SO_ABS) tools/fuzz/run.php --seed=$(FUZZ_SEED) --start=$$a --count=$$((n - a)) --mode=random --quiet --no-write > $$log 2>&1 & pid=$$!; \
	ra=0; $(PHP) -n -d extension=$(SO_ABS) tools/fuzz/run.php --seed=$(FUZZ_SEED) --start=0 --count=$$a --mode=all --quiet --no-write || ra=$$?; \
	rb=0; wait $$pid || rb=$$?; cat $$log; rm -f $$log; \
	[ $$ra -eq 0 ] && [ $$rb -eq 0 ]

# The json_validate differential of `make test`: VALIDATE_COUNT cases (pinned seed), rustjson's
# json_validate() vs json_decode()'s error code (stock json_validate() on PHP 8.3+), in one process.
test-validate: build
	$(PHP) -n -d extension=$(SO_ABS) tools/validate_diff.php --seed=$(FUZZ_SEED) --count=$(VALIDATE_COUNT)

# Open-ended differential fuzzing: `make fuzz COUNT=10000000` (random seed, printed; regressions
# are written to php-tests/fuzz_regress_*.phpt).
fuzz: build
	$(PHP) -n -d extension=$(SO_ABS) tools/fuzz/run.php --count=$(COUNT) --mode=random --quiet

# Every stage in order. The sub-makes stop at the first failure.
# Closing line: 'stages: N passed, 0 failed[, N skipped]'.
test:
	@set -e; start=$$(date +%s); skipped=0; passed=0; \
	for t in setup build test-core test-fuzz test-src-unit test-sweeps test-phpt-stock test-phpt test-phpt-jit test-panic test-official test-diff test-validate test-decode test-valgrind test-matrix; do \
		echo; echo "==== make $$t"; t0=$$(date +%s); \
		if [ $$t = test-diff ] && [ ! -f tools/fuzz/run.php ]; then \
			echo "test-diff: SKIPPED (tools/fuzz/run.php does not exist yet)"; skipped=$$((skipped + 1)); continue; \
		fi; \
		$(MAKE) --no-print-directory $$t PHP=$(PHP) CARGO=$(CARGO) FUZZ_COUNT=$(FUZZ_COUNT) VALIDATE_COUNT=$(VALIDATE_COUNT); \
		passed=$$((passed + 1)); echo "==== $$t: OK ($$(( $$(date +%s) - t0 ))s)"; \
	done; \
	echo; echo "make test: all stages passed in $$(( $$(date +%s) - start ))s"; \
	if [ $$skipped -gt 0 ]; then echo "stages: $$passed passed, 0 failed, $$skipped skipped"; \
	else echo "stages: $$passed passed, 0 failed"; fi

# ---- Other PHPs (tools/php-builds/leg.sh): build rustjson against that PHP (own CARGO_TARGET_DIR in
# $RUSTJSON_CACHE), then php-tests/ (oracle: that PHP's stock output), +JIT, PHP 8.2's ext/json/tests
# (stock vs rustjson), the json_encode and json_validate differential runs. Closing line of each:
# '<leg>: N passed, M failed'.
test-debug: setup
	FUZZ_COUNT=$(LEG_FUZZ_COUNT) VALIDATE_COUNT=$(LEG_VALIDATE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) bash tools/php-builds/leg.sh debug

test-zts: setup
	FUZZ_COUNT=$(LEG_FUZZ_COUNT) VALIDATE_COUNT=$(LEG_VALIDATE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) bash tools/php-builds/leg.sh zts-debug

test-php84: setup
	FUZZ_COUNT=$(LEG_FUZZ_COUNT) VALIDATE_COUNT=$(LEG_VALIDATE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) bash tools/php-builds/leg.sh php84

test-php85: setup
	FUZZ_COUNT=$(LEG_FUZZ_COUNT) VALIDATE_COUNT=$(LEG_VALIDATE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) bash tools/php-builds/leg.sh php85

# All legs (two at a time on 2+ CPUs), continuing after a failed one; closing line
# 'matrix: N passed, M failed'.
test-matrix: setup
	FUZZ_COUNT=$(LEG_FUZZ_COUNT) VALIDATE_COUNT=$(LEG_VALIDATE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) bash tools/php-builds/matrix.sh

demo: setup build
	$(PHP) -n -d extension=$(SO_ABS) tools/demo.php

# Wall clock, stock vs rustjson interleaved in one process (corpora read from ../shared/corpora).
bench: build
	$(PHP) -n -d extension=$(SO_ABS) tools/bench/bench.php --markdown=tools/bench/results.md --svg=tools/bench/chart.svg $(BENCH_ARGS)

# Instructions per call under valgrind --tool=callgrind (default: a subset of the inputs).
bench-callgrind: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/bench/callgrind.sh --markdown=tools/bench/callgrind.md --svg=tools/bench/callgrind.svg $(BENCH_ARGS)

# The memory floor: what reading each corpus costs, without encoding it (src/probe.rs).
PROBE_SO := $(CURDIR)/target-probe/release/librustjson.so
bench-floor: build
	CARGO_TARGET_DIR=$(CURDIR)/target-probe PHP="$$(command -v $(PHP))" $(CARGO) build --release --features floor-probe
	$(PHP) -n -d extension=$(PROBE_SO) tools/bench/floor.php --markdown=tools/bench/floor.md $(BENCH_ARGS)

# The number-heavy decode bound: json_decode() with and without number conversion (probe build).
bench-decode-floor: build
	CARGO_TARGET_DIR=$(CURDIR)/target-probe PHP="$$(command -v $(PHP))" $(CARGO) build --release --features floor-probe
	$(PHP) -n -d extension=$(PROBE_SO) tools/bench/decode_floor.php --corpora=$(CURDIR)/../shared/corpora $(BENCH_ARGS)

# ---- Developer tools (see the header and tools/README.md).
# The core's examples are built in target/ (as test-sweeps does), next to the release build.
validate-diff:
	CARGO_TARGET_DIR=$(CURDIR)/target PHP=$(PHP) CARGO=$(CARGO) bash tools/validate_diff.sh $(COUNT) $(SEED) $(JOBS)

validate-bench:
	CARGO_TARGET_DIR=$(CURDIR)/target PHP_CMD="$(PHP) -n" CARGO=$(CARGO) bash tools/validate_bench.sh $(ROUNDS)

number-table:
	PHP=$(PHP) bash tools/table_check.sh number $(if $(TABLE_WRITE),--write)

validate-cases:
	PHP=$(PHP) bash tools/table_check.sh validate $(if $(TABLE_WRITE),--write)

phpt-freeze:
	@[ -n "$(TESTS)" ] || { echo 'usage: make phpt-freeze TESTS="php-tests/x.phpt ..." [FREEZE_ARGS=--all] [STUB=1]' >&2; exit 2; }
	$(PHP) tools/phpt-freeze.php $(FREEZE_ARGS) $(if $(STUB),--so=$$(bash tools/phpt-stub/build.sh)) $(TESTS)

phpt-stub:
	bash tools/phpt-stub/build.sh

leg-shell:
	@[ -n "$(LEG)" ] || { echo "usage: make leg-shell LEG=debug|zts-debug|php84|php85|docker-profile [CMD='...']" >&2; exit 2; }
	bash tools/php-builds/shell.sh $(LEG) $(CMD)

clean:
	$(CARGO) clean
	rm -rf target-probe target-panic
	rm -rf modules
	rm -f php-tests/*.diff php-tests/*.exp php-tests/*.log php-tests/*.out php-tests/*.php php-tests/*.sh php-tests/*.mem

-include mk/*.mk
