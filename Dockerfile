# syntax=docker/dockerfile:1.7
# Quarry production image: one image, two commands (quarry-api, quarry-worker).
#   docker build -t quarry .
#   docker run quarry quarry-api      # serves web/dist, GraphQL, REST, /healthz, /readyz
#   docker run quarry quarry-worker   # Temporal activities + apalis jobs
# See docker-compose.yml for the full stack.

# ---------------------------------------------------------------- web: builds web/dist
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# ---------------------------------------------------------------- duckdb: the prebuilt library
# The engine links DuckDB's shared library as its npm package ships it (see scripts/deps.sh);
# keep the release in step with DUCKDB_NPM_RELEASE there.
FROM node:20-bookworm-slim AS duckdb
ARG TARGETARCH
WORKDIR /duckdb
RUN case "${TARGETARCH:-amd64}" in arm64) arch=arm64 ;; *) arch=x64 ;; esac \
 && npm pack --silent "@duckdb/node-bindings-linux-${arch}@1.5.6-r.1" \
 && tar -xzf ./*.tgz package/libduckdb.so package/LICENSE \
 && mv package/libduckdb.so package/LICENSE . && rm -rf package ./*.tgz

# ---------------------------------------------------------------- rust: builds the binaries
FROM rust:1-bookworm AS rust
WORKDIR /src
ENV CARGO_TERM_COLOR=never \
    SQLX_OFFLINE=true \
    DUCKDB_LIB_DIR=/duckdb
COPY --from=duckdb /duckdb /duckdb
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    locked=""; if [ -f Cargo.lock ]; then locked="--locked"; fi; \
    cargo build --release $locked -p quarry-api -p quarry-worker \
 && mkdir -p /out \
 && cp target/release/quarry-api target/release/quarry-worker /out/

# ---------------------------------------------------------------- runtime
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl tini wordnet-base \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin quarry \
 && mkdir -p /app/data && chown quarry /app/data
WORKDIR /app
COPY --from=rust /out/quarry-api /out/quarry-worker /usr/local/bin/
# Found through the binaries' rpath ($ORIGIN, see .cargo/config.toml).
COPY --from=duckdb /duckdb/libduckdb.so /usr/local/bin/
COPY --from=duckdb /duckdb/LICENSE /usr/share/doc/duckdb/LICENSE
COPY --from=web /src/web/dist /app/web/dist
COPY migrations /app/migrations
ENV QUARRY_BIND=0.0.0.0 \
    QUARRY_PORT=3000 \
    QUARRY_WEB_DIST=/app/web/dist \
    QUARRY_DATA_DIR=/app/data \
    RUST_LOG=info
USER quarry
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${QUARRY_PORT}/healthz" || exit 1
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["quarry-api"]
