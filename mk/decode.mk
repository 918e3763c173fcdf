# mk/decode.mk: json_decode test targets (included by the Makefile's `-include mk/*.mk`).
#
#   make test-decode    tools/decode/php_diff.php: json_decode() of stock ext/json (rustjson.decode=0) vs
#                       rustjson's (rustjson.decode=1) in one process, on the corpora (whole and mutated),
#                       depth and argument edges, hostile keys, number spellings and DECODE_COUNT random
#                       documents (pinned seed DECODE_SEED): serialize, debug_zval_dump, double bits, error
#                       state, exceptions, memory; plus fresh-process runs per corpus (object handles,
#                       memory). 0 differences required. Bounded (well under a minute).

DECODE_COUNT ?= 20000
DECODE_SEED ?= 1

.PHONY: test-decode

test-decode: build
	RUSTJSON_SO=$(SO_ABS) $(PHP) -n -d extension=$(SO_ABS) tools/decode/php_diff.php $(DECODE_COUNT) $(DECODE_SEED) $(CURDIR)/../shared/corpora
