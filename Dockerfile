# casefile as a container: built with Bun, run as ONE self-contained executable on a small glibc base.
#   docker build -t casefile .        (or: docker compose up --build)
ARG BUN_VERSION=1.4.5

# --- build: the web bundle and dist/casefile (scripts/build-exe.ts) ---
FROM docker.io/oven/bun:${BUN_VERSION}-debian AS build
# Lets tests and operators prune the (large) intermediate build images: podman image prune --filter label=…
LABEL org.casefile.stage=build
WORKDIR /src
# Only for builds behind a TLS-intercepting proxy: the path of its CA bundle inside the build (mount it with -v).
ARG NODE_EXTRA_CA_CERTS
COPY package.json package-lock.json ./
RUN bun install --frozen-lockfile
COPY tsconfig.json ./
COPY migrations migrations
COPY locales locales
COPY scripts scripts
COPY src src
COPY web web
# The commit the release is built from (the context has no .git): docker build --build-arg CASEFILE_COMMIT=$(git rev-parse --short HEAD)
ARG CASEFILE_COMMIT=unknown
RUN CASEFILE_COMMIT=${CASEFILE_COMMIT} bun run build

# --- run: glibc (libSQL's addon needs it), and the tools renditions are made with (src/renditions): Debian's ffmpeg
# and libheif's heif-convert. Without them everything works, viewers get only the originals.
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ffmpeg libheif-examples \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /data --shell /usr/sbin/nologin casefile \
    && mkdir -p /data /uploads \
    && chown casefile:casefile /data /uploads
COPY --from=build /src/dist/casefile /usr/local/bin/casefile
# CASEFILE_CONTAINER=on: the start report does not offer the container's own addresses to phones (the host's are the ones).
# MIMALLOC_PURGE_DELAY=0: the runtime's allocator gives freed memory back to the system at once. Every uploaded byte
# passes through the server as a short-lived buffer; with the default delay, 300 phones uploading kept ~30 MiB more
# resident at the peak (BENCHMARKS.md, "Show night"). It is read when the process starts, so it is set here.
ENV PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:/data/casefile.db \
    UPLOADS_DIR=/uploads \
    CASEFILE_CONTAINER=on \
    MIMALLOC_PURGE_DELAY=0
USER casefile
WORKDIR /data
VOLUME ["/data", "/uploads"]
EXPOSE 3000
# The slim base has no curl: the program asks its own /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["casefile", "healthcheck"]
# SIGTERM lets running uploads finish for up to 25 s (below Docker's default 30 s stop timeout).
STOPSIGNAL SIGTERM
ENTRYPOINT ["casefile"]
CMD ["serve"]
