# mk/decode.mk: json_decode test targets (included by the Makefile's `-include mk/*.mk`).
#
#   make test-decode    tools/decode/php_diff.php: json_decode() of stock ext/json (rustjson.decode=0) vs
#                       rustjson's (rustjson.decode=1) in one process, on the corpora (whole and mutated),
#                       depth and argument edges, hostile keys, number spellings and DECODE_COUNT random
#                       documents (pinned seed DECODE_SEED): serialize, debug_zval_dump, double bits, error
#                       state, exceptions, memory; plus fresh-process runs per corpus (object handles,
#                       memory). Then every 16th document of tools/decode/sweep.php's sweeps. Then
#                       tools/decode/number_quick.php: NUMBER_QUICK_COUNT number tokens in the shapes of the core's
#                       quick number path (40-byte window, 1-17 digit integer parts, 0-20 digit fractions, halfway
#                       points), through short, stage-1 and exact-route documents. Then
#                       tools/decode/handles.sh: HANDLES_COUNT cases of the object-handle differential
#                       (objects created after failed and successful decodes, stock vs rustjson, one
#                       process per side; about 30 s). 0 differences required. Bounded (about 1.5 min).
#   make decode-sweep   tools/decode/sweep.php whole: every 1-2 byte string (values and keys, four UTF-8
#                       flag sets), 3-4 byte strings over class-boundary bytes, every \uXXXX, every
#                       surrogate pair (1,048,576), lone/reversed surrogates, every number token up to 5
#                       characters, big integers around +-2^63, 17-digit doubles and subnormals, number
#                       keys, short whole documents, deep nesting. About 21M decodes, about 30 s.
#   make decode-diff-long   tools/decode/long_diff.sh: php_diff.php's random part in LONG_JOBS parallel
#                       jobs with distinct seeds until LONG_CASES cases (default 10,000,000).
#   make decode-handles-long   tools/decode/handles.sh: HANDLES_SEEDS seeds of HANDLES_COUNT cases each
#                       (default 10 x 100,000 = 1,000,000 cases, about 5 minutes).

DECODE_COUNT ?= 20000
DECODE_SEED ?= 1
NUMBER_QUICK_COUNT ?= 50000
LONG_CASES ?= 10000000
LONG_JOBS ?= 2
HANDLES_COUNT ?= 100000
HANDLES_SEEDS ?= 10

.PHONY: test-decode decode-sweep decode-diff-long decode-handles-long

test-decode: build
	RUSTJSON_SO=$(SO_ABS) $(PHP) -n -d extension=$(SO_ABS) tools/decode/php_diff.php $(DECODE_COUNT) $(DECODE_SEED) $(CURDIR)/../shared/corpora
	$(PHP) -n -d extension=$(SO_ABS) tools/decode/sweep.php --quick
	$(PHP) -n -d extension=$(SO_ABS) tools/decode/number_quick.php $(NUMBER_QUICK_COUNT) $(DECODE_SEED)
	$(PHP) -n -d extension=$(SO_ABS) tools/decode/runs_diff.php numbers $(DECODE_SEED) 1000
	$(PHP) -n -d extension=$(SO_ABS) tools/decode/runs_diff.php lists $(DECODE_SEED) 1000
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/decode/handles.sh $(HANDLES_COUNT) 1

decode-handles-long: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/decode/handles.sh $(HANDLES_COUNT) 100 $(HANDLES_SEEDS)

decode-sweep: build
	$(PHP) -n -d extension=$(SO_ABS) tools/decode/sweep.php

decode-diff-long: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) CORPORA=$(CURDIR)/../shared/corpora bash tools/decode/long_diff.sh $(LONG_CASES) $(LONG_JOBS)

# make bench-decode: tools/bench/decode.php, json_decode stock vs rustjson per corpus (assoc and object),
# a ~50-byte document and a 16-byte string: ns/call, ratio, floor (json_validate + free), peak and
# retained memory, fresh-process RSS; invalid vs valid. Writes tools/bench/decode.md. BENCH_ARGS passed on.
# make decode-cg-invalid: tools/decode/cg_invalid.php, instructions per json_decode() call under callgrind
# for valid and broken corpora (cut1, cut2, mid, ctrl), assoc and object mode, stock vs this build;
# CG_ARGS passed on (e.g. CG_ARGS=--so=/tmp/old.so,modules/rustjson.so).
.PHONY: decode-cg-invalid
decode-cg-invalid: build
	$(PHP) -n -d extension=$(SO_ABS) tools/decode/cg_invalid.php --corpora-dir=$(CURDIR)/../shared/corpora $(CG_ARGS)

.PHONY: bench-decode
bench-decode: build
	$(PHP) -n -d extension=$(SO_ABS) tools/bench/decode.php --corpora=$(CURDIR)/../shared/corpora $(BENCH_ARGS)
