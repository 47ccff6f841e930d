# tsconv: a static binary on an empty image, run as an unprivileged user.
#
#   docker build -t tsconv .
#   docker run -p 8080:8080 tsconv
#
# The IANA time zone database is compiled into the binary, so the image
# needs no /usr/share/zoneinfo. musl makes the binary fully static,
# including its DNS resolver (for --redis-url redis://redis:6379/).

FROM rust:1-bookworm AS build
RUN rustup target add x86_64-unknown-linux-musl \
 && apt-get update \
 && apt-get install -y --no-install-recommends musl-tools \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY crates ./crates
# The tables of the zone of a place, embedded at build time.
COPY data ./data
# `dist`: thin LTO and one codegen unit, the build the benchmarks measure.
RUN cargo build --profile dist --locked --target x86_64-unknown-linux-musl \
 && cp target/x86_64-unknown-linux-musl/dist/tsconv /tsconv

FROM scratch
COPY --from=build /tsconv /tsconv
# nobody:nogroup; nothing in the image belongs to it.
USER 65534:65534
ENV TSCONV_ADDR=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["/tsconv"]
CMD ["serve"]
