# mk/packaging.mk: packaging and operator checks (included by the Makefile's `-include mk/*.mk`).
#
#   make check-names        one name everywhere: crate, [lib], composer.json, config.m4, Makefile.frag,
#                           rustjson.ini, Dockerfile, the built file and the module it registers
#                           (tools/check_names.sh)
#   make composer-validate  composer validate, plus composer.json's php-ext block against PIE's rules
#                           (tools/composer_validate.sh)
#   make pie-test           phpize && ./configure && make && make install on a clean `git archive HEAD`,
#                           load the installed module by name, make clean (tools/pie_test.sh);
#                           PIE_TEST_INSTALL=real installs into the real extension dir (then removes it)
#   make dist               dist/php_rustjson-<version>_php<8.x>-<arch>-linux-<libc>[-zts].zip, the name PIE
#                           looks for, rustjson.so at its root, debug info stripped; smoke-tested
#                           (tools/dist.sh; DIST_VERSION=v0.1.0 when the git tags carry a "v")
#   make abi-check          every rustjson.so into every cached PHP (8.2 host, 8.2 debug, 8.2 ZTS, 8.4,
#                           8.5): a mismatch must be refused with PHP's standard message, never a crash
#                           (tools/abi_check.sh; builds against PHP 8.4 when its chroot is cached)
#   make packaging-check    check-names, composer-validate and dist

DIST_DIR     ?= dist
DIST_VERSION ?=
ABI_BUILD    ?= php84

.PHONY: check-names composer-validate pie-test dist abi-check packaging-check

check-names: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) bash tools/check_names.sh

composer-validate:
	PHP=$(PHP) bash tools/composer_validate.sh

pie-test:
	bash tools/pie_test.sh

dist: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) DIST_DIR=$(DIST_DIR) DIST_VERSION=$(DIST_VERSION) bash tools/dist.sh

abi-check: build
	PHP=$(PHP) RUSTJSON_SO=$(SO_ABS) CARGO=$(CARGO) ABI_BUILD="$(ABI_BUILD)" bash tools/abi_check.sh

packaging-check: check-names composer-validate dist
