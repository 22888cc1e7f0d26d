#!/usr/bin/env bash
# Container test: builds the image from the Dockerfile with podman and runs it with volumes: /healthz, the app's
# page, the renditions' tools found (ffmpeg, heif-convert), a registration with an upload, then a NEW container on the same volumes still has them. Then the same
# through docker-compose.yml's default profile with podman-compose (up, healthy, register + upload, down and up keep
# them), and the s3 and https profiles must at least validate.
# No registry is reachable here, so the base images are made first: debian:bookworm-slim by debootstrap, and a
# stand-in for oven/bun (that base plus the bun binary from node_modules).
# Needs root and: apt-get install -y podman podman-compose buildah runc debootstrap curl
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d /tmp/casefile-container.XXXXXX)"
image=localhost/casefile:container-test
name="casefile-container-test-$$"
data_volume="$name-data"
uploads_volume="$name-uploads"

project="casefile-compose-$$"
# docker-compose.yml resolved for its default profile (tests/ship/compose-profile.ts: Debian's podman-compose knows
# no profiles). Without systemd podman logs that it cannot time the healthcheck; `podman healthcheck run` runs it.
compose() { podman-compose -p "$project" -f "$work/compose.json" "$@"; }

cleanup() {
  compose down -v >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true # podman-compose 1.0.3's down leaves it
  podman rm -f "$name" >/dev/null 2>&1 || true
  podman volume rm -f "$data_volume" "$uploads_volume" >/dev/null 2>&1 || true
  podman image prune -f --filter label=org.casefile.stage=build >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

for tool in podman podman-compose debootstrap curl; do
  command -v "$tool" >/dev/null || { echo "container test: $tool is missing (apt-get install -y podman podman-compose buildah runc debootstrap curl)" >&2; exit 1; }
done

# Settings measured on these machines (runc; crun's default ulimits fail here).
export CONTAINERS_CONF="$work/containers.conf"
cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]

[engine]
runtime = "runc"
CONF

base=docker.io/library/debian:bookworm-slim
if ! podman image exists "$base"; then
  # The Debian mirror apt already uses (deb822 sources, else the classic sources.list).
  mirror="$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
  [ -n "$mirror" ] || mirror="$(awk '$1 == "deb" && $2 !~ /^\[/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)"
  [ -n "$mirror" ] || { echo "container test: found no Debian mirror in apt's sources" >&2; exit 1; }
  echo "== making $base with debootstrap from $mirror"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; echo "container test: debootstrap failed" >&2; exit 1; }
  tar -C "$work/rootfs" -c . | podman import - "$base"
fi

bun_version="$(sed -n 's/^ARG BUN_VERSION=//p' "$repo/Dockerfile")"
bun_image="docker.io/oven/bun:${bun_version}-debian"
if ! podman image exists "$bun_image"; then
  echo "== making a stand-in for $bun_image from $base and node_modules' bun"
  installed="$("$repo/node_modules/.bin/bun" --version)"
  [ "$installed" = "$bun_version" ] || { echo "node_modules has bun $installed but the Dockerfile wants $bun_version" >&2; exit 1; }
  mkdir "$work/bun-image"
  cp "$repo/node_modules/bun/bin/bun.exe" "$work/bun-image/bun"
  printf 'FROM %s\nCOPY bun /usr/local/bin/bun\nRUN ln -s bun /usr/local/bin/bunx\n' "$base" >"$work/bun-image/Containerfile"
  podman build --pull=never -t "$bun_image" "$work/bun-image"
fi

# Behind this machine's TLS-intercepting egress proxy, `bun install` in the build needs the host's CA bundle.
ca_args=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  ca_args=(-v /etc/ssl/certs:/etc/ssl/host-certs:ro --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/host-certs/ca-certificates.crt)
fi

echo "== podman build"
build_started=$SECONDS
podman build --format docker --pull=never "${ca_args[@]}" -t "$image" "$repo"
echo "image built in $((SECONDS - build_started)) s; size $(podman image inspect "$image" --format '{{.Size}}') bytes"

fail() { echo "container test FAILED: $*" >&2; podman logs "$name" >&2 || true; exit 1; }

healthcheck="$(podman image inspect "$image" --format '{{json .Config.Healthcheck}}')"
[[ "$healthcheck" == *casefile*healthcheck* ]] || fail "the image has no HEALTHCHECK (got $healthcheck)"
[ "$(podman image inspect "$image" --format '{{.Config.User}}')" = casefile ] || fail "the image does not run as the casefile user"

podman volume create "$data_volume" >/dev/null
podman volume create "$uploads_volume" >/dev/null

start() {
  # No systemd here for periodic health timers; `podman healthcheck run` below checks on demand.
  podman run -d --name "$name" --health-interval=disable -p 127.0.0.1::3000 -v "$data_volume:/data" -v "$uploads_volume:/uploads" "$image" >/dev/null
  port="$(podman port "$name" 3000/tcp | sed 's/.*://')"
  url="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do
    curl -sf "$url/healthz" >/dev/null && return 0
    sleep 0.2
  done
  fail "/healthz did not answer within 20 s"
}

echo "== first container"
start
[ "$(curl -s "$url/healthz")" = '{"ok":true}' ] || fail "/healthz"
curl -s "$url/" | grep -q '<script type="module" src="/assets/' || fail "/ is not the app's HTML"
script="$(curl -s "$url/" | grep -o '/assets/main-[^"]*\.js')"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url$script")" = 200 ] || fail "$script"
podman healthcheck run "$name" || fail "podman healthcheck run"
[ "$(podman exec "$name" id -u)" != 0 ] || fail "the server runs as root"
# The image brings the renditions' tools, and the start says it found them. The start report comes a little after
# the server listens (so the first answers do not wait for it): wait for its lines.
logged() {
  for _ in $(seq 1 50); do
    podman logs "$name" 2>&1 | grep -q "$1" && return 0
    sleep 0.2
  done
  return 1
}
logged "renditions: found ffmpeg" || fail "the start did not find ffmpeg"
logged "renditions: found heif-convert" || fail "the start did not find heif-convert"

jar="$work/cookies"
register_and_upload() {
  user="container_$RANDOM"
  status="$(curl -s -o "$work/register.json" -w '%{http_code}' "$url/api/user/register" \
    -F username="$user" -F password=secret-pass -F email="$user@example.org" -F phone_number=5551234567 \
    -F full_name="Container Test" -F pronouns=They/Them -F verification_photo=@"$repo/tests/fixtures/photo.jpg")"
  [ "$status" = 201 ] || fail "registration answered $status: $(cat "$work/register.json")"
  rm -f "$jar"
  [ "$(login)" = 200 ] || fail "login"
  curl -s -b "$jar" "$url/api/evidence" -F title="Container clip" -F file=@"$repo/tests/fixtures/clip.mp4" >"$work/item.json"
  media="$(grep -o '"aws_url":"[^"]*"' "$work/item.json" | cut -d'"' -f4)"
  [ -n "$media" ] || fail "upload: $(cat "$work/item.json")"
}
login() {
  curl -s -c "$jar" -o /dev/null -w '%{http_code}' "$url/api/user/login" -H 'content-type: application/json' \
    -d "{\"usernameOrEmail\":\"$user\",\"password\":\"secret-pass\"}"
}
still_there() {
  rm -f "$jar"
  [ "$(login)" = 200 ] || fail "login after the restart"
  curl -s -b "$jar" "$url/api/evidence" | grep -q '"title":"Container clip"' || fail "the item is gone after the restart"
  cmp <(curl -s -b "$jar" "$url$media") "$repo/tests/fixtures/clip.mp4" || fail "the media differs after the restart"
}
wait_healthz() {
  for _ in $(seq 1 150); do
    curl -sf "$url/healthz" >/dev/null && return 0
    sleep 0.2
  done
  fail "/healthz did not answer within 30 s"
}
register_and_upload

echo "== SIGTERM, then a new container on the same volumes"
podman stop -t 30 "$name" >/dev/null
[ "$(podman inspect "$name" --format '{{.State.ExitCode}}')" = 0 ] || fail "the server did not exit 0 on SIGTERM"
podman rm "$name" >/dev/null
start
still_there
podman rm -f "$name" >/dev/null

echo "== podman-compose: the default profile"
# The image just built is the one compose names (casefile:latest), so `up` builds nothing.
podman tag "$image" localhost/casefile:latest
port="$("$repo/node_modules/.bin/bun" -e 'const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } }); console.log(s.port); s.stop(true)')"
export CASEFILE_HTTP_PORT="$port"
url="http://127.0.0.1:$port"
compose_container() { podman ps -a --filter "label=io.podman.compose.project=$project" --filter label=com.docker.compose.service=casefile --format '{{.Names}}' | head -1; }
"$repo/node_modules/.bin/bun" "$repo/tests/ship/compose-profile.ts" default >"$work/compose.json" || fail "the default profile does not validate"
(cd "$work" && compose up -d) || fail "podman-compose up"
wait_healthz
name="$(compose_container)"
podman healthcheck run "$name" || fail "the compose healthcheck"
[ "$(podman inspect "$name" --format '{{.State.Health.Status}}')" = healthy ] || fail "compose's casefile is not healthy"
register_and_upload
(cd "$work" && compose down) || fail "podman-compose down"
(cd "$work" && compose up -d) || fail "podman-compose up (again)"
wait_healthz
still_there

echo "== the s3 and https profiles validate"
for profile in s3 https; do
  "$repo/node_modules/.bin/bun" "$repo/tests/ship/compose-profile.ts" "$profile" >/dev/null || fail "the $profile profile does not validate"
done

echo "container test passed"
