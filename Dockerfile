# rustjson in an official PHP image (Debian based), as a multi-stage build:
#
#   docker build -t php-rustjson .                                        # php:8.2-cli
#   docker build --build-arg PHP_VERSION=8.4 --build-arg PHP_VARIANT=fpm -t php-rustjson:8.4-fpm .
#   docker run --rm php-rustjson php --ri rustjson
#
# PHP_VERSION: 8.2, 8.3, 8.4 or 8.5. PHP_VARIANT: cli, fpm, apache or zts (Debian). For Alpine see
# docs/docker.md (musl needs its own build and RUSTFLAGS="-C target-feature=-crt-static").
#
# The .so is built in an image with the same tag as the final one, against that image's own
# php-config, so it always matches: same PHP minor (module API), same NTS/ZTS, same libc and arch.
# A build from the cli image also loads in fpm/apache of the same minor (docs/docker.md).
#
# Not built in this repository's CI: there is no Docker engine there. `make dist` and `make pie-test`
# test the same build and load steps on the host.

ARG PHP_VERSION=8.2
ARG PHP_VARIANT=cli

# ---- build: Rust toolchain + libclang (bindgen) on top of the PHP image; gcc/make are already there
FROM php:${PHP_VERSION}-${PHP_VARIANT} AS build
ARG RUST_TOOLCHAIN=stable
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl clang libclang-dev \
 && rm -rf /var/lib/apt/lists/* \
 && curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
    | sh -s -- -y --profile minimal --default-toolchain "$RUST_TOOLCHAIN"
ENV PATH=/root/.cargo/bin:$PATH
WORKDIR /src
COPY . .
# php-config/php from this image (/usr/local/bin) decide the headers and NTS/ZTS.
RUN PHP_CONFIG=/usr/local/bin/php-config cargo build --release --locked \
 && strip --strip-debug target/release/librustjson.so \
 && php -n -d extension=/src/target/release/librustjson.so -r 'exit(extension_loaded("rustjson") ? 0 : 1);'

# ---- final: the same image, plus rustjson.so in its extension dir, enabled
FROM php:${PHP_VERSION}-${PHP_VARIANT}
COPY --from=build /src/target/release/librustjson.so /tmp/rustjson.so
RUN mv /tmp/rustjson.so "$(php-config --extension-dir)/rustjson.so" \
 && docker-php-ext-enable rustjson \
 && php -r 'exit(extension_loaded("rustjson") ? 0 : 1);'
# Optional: the kill switch from the environment (docker run -e RUSTJSON_ENABLED=0 ...).
# PHP >= 8.3: ${VAR:-default}; on 8.2 use ${RUSTJSON_ENABLED} and always set the variable.
# RUN echo 'rustjson.enabled = ${RUSTJSON_ENABLED:-1}' >> "$PHP_INI_DIR/conf.d/docker-php-ext-rustjson.ini"
