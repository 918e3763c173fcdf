# mk/docker-profile.mk: the `docker-profile` PHP (included by the Makefile's `-include mk/*.mk`).
#
# PHP 8.2.32, release NTS, built from the cached Debian source with the official Docker php images'
# build profile (CFLAGS -fstack-protector-strong -fpic -fpie -O2 ..., LDFLAGS -Wl,-O1 -pie, their
# configure flags as far as this machine's -dev packages allow; opcache shared). Made once by
# tools/php-builds/docker-php.sh into $(RUSTJSON_CACHE)/php-builds/docker-profile, reused afterwards.
#
#   make test-docker-profile   the leg (tools/php-builds/leg.sh docker-profile): build, frameless,
#                              phpt-stock, phpt (opcache on), phpt+jit, official, fuzz, validate;
#                              closing line 'docker-profile: N passed, M failed'
#   make bench-docker-profile  tools/bench/bench.php on that PHP with opcache on (tools/php-builds/docker-bench.sh);
#                              DOCKER_BENCH_ARGS (default: --quick, markdown to /tmp/bench-docker-profile.md,
#                              no SVG); prints the group geomeans

DOCKER_BENCH_ARGS ?= --quick --markdown=/tmp/bench-docker-profile.md --svg=none

.PHONY: test-docker-profile bench-docker-profile

test-docker-profile: setup
	FUZZ_COUNT=$(LEG_FUZZ_COUNT) VALIDATE_COUNT=$(LEG_VALIDATE_COUNT) FUZZ_SEED=$(FUZZ_SEED) CARGO=$(CARGO) bash tools/php-builds/leg.sh docker-profile

bench-docker-profile: setup
	CARGO=$(CARGO) bash tools/php-builds/docker-bench.sh $(DOCKER_BENCH_ARGS)
