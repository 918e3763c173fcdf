# mk/fuzz.mk: coverage-guided fuzzing of rustjson-core under AddressSanitizer (cargo-fuzz, fuzz/; issue #20).
#
#   make test-fuzz      the make-test stage: builds the fuzz targets (installs the nightly toolchain and
#                       cargo-fuzz when missing; FAILS when they cannot be had), then runs each target
#                       (escape, validate, number, decode: every ISA level against an oracle) for
#                       FUZZ_TEST_SECONDS seconds (default 30) on the committed corpus fuzz/corpus/, one
#                       target per CPU at a time, built with 16 codegen units (a faster build, slightly
#                       fewer execs). Any crash, ASan report, hang or oracle mismatch fails it (reproducer
#                       in fuzz/artifacts/<target>/). About 3-5 minutes with the build.
#   make fuzz-core      the same run, new corpus entries kept in fuzz/work/ (FUZZ_SECONDS, default 60).
#   make fuzz-long      each target for FUZZ_SECONDS (default 3600) seconds of CPU time (not wall time:
#                       on a busy machine a run takes longer), one after the other, corpus growing in
#                       fuzz/work/; FUZZ_TARGETS="decode validate" to pick targets.
#   make fuzz-seeds     remake the committed seed corpora (tools/fuzz-core/seeds.sh: corpus slices, php-tests
#                       literals, edge cases, merged and minimized; FUZZ_EXTRA=fuzz/work merges a run's corpus).
#   make fuzz-replay    the fuzz corpora (fuzz/corpus and fuzz/work) through PHP, stock vs rustjson in one
#                       process (tools/fuzz-core/replay.php): json_validate, json_decode (rustjson.decode=1),
#                       json_encode of the decoded values and of the escape target's strings.
#   make miri           the core's Miri-sized unit tests under Miri (nightly; tools/fuzz-core/miri.sh; not in
#                       make test: 265 s of tests on one core of an unloaded Xeon, plus the build). MIRI_SECONDS limits the run (default 3600).

FUZZ_TEST_SECONDS ?= 30
FUZZ_SECONDS ?=
FUZZ_TARGETS ?= escape validate number decode
FUZZ_EXTRA ?=

.PHONY: test-fuzz fuzz-core fuzz-long fuzz-seeds fuzz-replay miri

MIRI_SECONDS ?= 3600

test-fuzz:
	FUZZ_CGU=16 FUZZ_PARALLEL=$$(nproc 2>/dev/null || echo 1) bash tools/fuzz-core/run.sh $(FUZZ_TEST_SECONDS) tmp $(FUZZ_TARGETS)

fuzz-core:
	bash tools/fuzz-core/run.sh $(or $(FUZZ_SECONDS),60) $(CURDIR)/fuzz/work $(FUZZ_TARGETS)

fuzz-long:
	FUZZ_CPU=1 bash tools/fuzz-core/run.sh $(or $(FUZZ_SECONDS),3600) $(CURDIR)/fuzz/work $(FUZZ_TARGETS)

fuzz-seeds:
	EXTRA="$(FUZZ_EXTRA)" PHP=$(PHP) bash tools/fuzz-core/seeds.sh $(CURDIR)/../shared/corpora

fuzz-replay: build
	$(PHP) -n -d extension=$(SO_ABS) tools/fuzz-core/replay.php fuzz/corpus fuzz/work

miri:
	bash tools/fuzz-core/miri.sh $(MIRI_SECONDS)
