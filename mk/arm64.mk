# mk/arm64.mk: the aarch64 leg (included by the Makefile's `-include mk/*.mk`).
#
#   make test-arm64     tools/arm64/leg.sh: cross-build rustjson for aarch64-unknown-linux-gnu (rustup target,
#                       Debian's gcc-aarch64-linux-gnu) against Debian bookworm's arm64 PHP 8.2 (a
#                       debootstrap --foreign root, unpacked only) -> modules-arm64/rustjson.so, and run that PHP
#                       under qemu-user (qemu-aarch64-static -L ROOT): the core tests on aarch64 (neon and
#                       scalar levels), the PHP escape differential through every aarch64 escaper, the
#                       extension-level escape sweep (tools/arm64/escape_sweep.php), our phpt suite
#                       (stock oracle, rustjson, rustjson+JIT), the official ext/json suite, the json_encode,
#                       json_validate and json_decode differentials; stock vs rustjson on the same arm64 PHP.
#                       Installs what is missing (as root). Not in `make test`/test-matrix: see tools/arm64/README.md
#                       for its measured time. ARM64_STAGES="build core ..." runs only those stages;
#                       ARM64_FUZZ_COUNT (default 200000), ARM64_VALIDATE_COUNT (default 100000),
#                       ARM64_DECODE_COUNT (default 20000), FUZZ_SEED.
#   make arm64-insn     tools/arm64/insn.sh: instructions per call of the core's escape / validate / stage 1, neon vs
#                       scalar (SWAR), counted by qemu (-singlestep -d exec); a markdown table on stdout
#   make arm64-shell [CMD='...']  a shell (or CMD) with PHP=the arm64 php wrapper, RUSTJSON_SO=modules-arm64/rustjson.so

ARM64_STAGES ?=
ARM64_FUZZ_COUNT ?= 200000
ARM64_VALIDATE_COUNT ?= 100000
ARM64_DECODE_COUNT ?= 20000

.PHONY: test-arm64 arm64-shell arm64-insn

test-arm64:
	ARM64_FUZZ_COUNT=$(ARM64_FUZZ_COUNT) ARM64_VALIDATE_COUNT=$(ARM64_VALIDATE_COUNT) \
	ARM64_DECODE_COUNT=$(ARM64_DECODE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) \
		bash tools/arm64/leg.sh $(ARM64_STAGES)

arm64-shell:
	bash tools/arm64/root.sh >&2
	PHP=$${RUSTJSON_CACHE:-/var/cache/rustjson}/arm64/bin/php RUSTJSON_SO=$(CURDIR)/modules-arm64/rustjson.so \
		$${CMD:-bash}

arm64-insn:
	CARGO=$(CARGO) bash tools/arm64/insn.sh
