#!/usr/bin/env bash
# The restore drill (README "Backups and restore"; CI runs it): for the embedded database and, when
# TEST_DATABASE_URL names a PostgreSQL superuser, for PostgreSQL too:
#   1. start a demo shop, place an order over the REST API and wait for its invoice;
#   2. `npm run backup` while the shop serves, which must keep answering meanwhile;
#   3. `npm run restore` into an empty data folder / a new empty database;
#   4. orders, order lines, invoices (with their PDFs) and pictures: counts and checksums before = after;
#   5. start the restored shop and take an order on it.
# Servers, folders and databases it makes are removed on every exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export ADMIN_EMAIL=drill@example.hu ADMIN_PASSWORD=drill-jelszo-123
export LOG_LEVEL=warn INVOICE_INTERVAL_MS=500 DEMO_DATA=true BACKUPS=false NODE_ENV=production
WORK=$(mktemp -d /tmp/shop-restore-drill.XXXXXX)
SERVER_PID=''
declare -a DATABASES=()

cleanup() {
  local status=$?
  stop_server
  for name in "${DATABASES[@]}"; do
    psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null || true
  done
  rm -rf "$WORK"
  return "$status"
}
trap cleanup EXIT

free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# Starts the shop on DATA_DIR (and DATABASE_URL when set) and waits until /health/ready says 200.
start_server() {
  PORT=$(free_port)
  URL="http://127.0.0.1:$PORT"
  # node itself, not npx: $! must be the server, which stop_server's SIGTERM reaches.
  PORT=$PORT PUBLIC_URL=$URL node --import tsx apps/server/src/main.ts >"$WORK/server-$PORT.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 240); do
    if curl -sf "$URL/health/ready" >/dev/null; then return 0; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
    sleep 0.5
  done
  cat "$WORK/server-$PORT.log" >&2
  echo "A bolt nem indult el ($URL)." >&2
  return 1
}

stop_server() {
  [[ -n $SERVER_PID ]] || return 0
  kill -TERM "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=''
}

# Creates a new empty database and points DATABASE_URL at it (not in a subshell: cleanup drops them).
new_database() {
  local name="shop_drill_$$_${#DATABASES[@]}"
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE \"$name\"" >/dev/null
  DATABASES+=("$name")
  export DATABASE_URL="${TEST_DATABASE_URL%/*}/$name"
}

# Says what the drill does, with the seconds since the kind's drill began.
step() { echo "[$((SECONDS - started)) s] $*"; }

drill() {
  local kind=$1
  started=$SECONDS
  echo "==== restore drill: $kind ===="
  export DATA_DIR=$WORK/$kind-original
  if [[ $kind == postgres ]]; then new_database; else unset DATABASE_URL; fi

  step "demo shop starts"
  start_server
  step "order, completed, invoiced"
  npx tsx scripts/restore-drill/shop.ts order "$URL"
  step "backup while the shop serves"
  rm -f "$WORK/stop"
  npx tsx scripts/restore-drill/shop.ts serve "$URL" "$WORK/stop" &
  local reader=$!
  npm run --silent backup
  touch "$WORK/stop"
  wait "$reader"
  stop_server
  local file
  file=$(ls "$DATA_DIR"/backups/shop-*.tar.gz)
  local before after
  step "fingerprint of the original"
  before=$(npx tsx apps/server/src/backup-cli.ts fingerprint)

  export DATA_DIR=$WORK/$kind-restored
  if [[ $kind == postgres ]]; then new_database; fi
  step "restore"
  npm run --silent restore -- "$file"
  # A second restore into the same place must refuse, exit ≠ 0, and leave the shop as it was.
  if npm run --silent restore -- "$file" 2>"$WORK/refused.txt"; then
    echo 'A visszaállítás felülírt volna egy élő boltot.' >&2
    return 1
  fi
  grep -q 'nem ír felül élő boltot' "$WORK/refused.txt"
  after=$(npx tsx apps/server/src/backup-cli.ts fingerprint)
  if [[ $before != "$after" ]]; then
    printf 'Eltér a visszaállított bolt / restored shop differs:\n  before: %s\n  after:  %s\n' "$before" "$after" >&2
    return 1
  fi
  echo "egyezik / equal: $after"

  step "the restored shop starts and takes an order"
  start_server
  npx tsx scripts/restore-drill/shop.ts order "$URL"
  stop_server
  echo "==== $kind: ok in $((SECONDS - started)) s ===="
}

drill embedded
if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  drill postgres
else
  echo 'TEST_DATABASE_URL is not set: the PostgreSQL drill is skipped.'
fi
