#!/usr/bin/env bash
# Smoke test of the shop's container image, as a first deployment would go: start it with a named volume
# for its data, wait until /health/ready says yes (and the image's HEALTHCHECK too), check that it does not
# run as root, that the generated admin password is in the log and that a backup can be taken, place a
# guest order through the REST API (a demo product, home delivery, bank transfer) and see its order number,
# then stop the container with SIGTERM and require a clean exit within 10 s.
# Usage: scripts/container-smoke.sh <image>    (CONTAINER_ENGINE=docker to use Docker instead of podman)
set -euo pipefail

image=${1:?usage: scripts/container-smoke.sh <image>}
engine=${CONTAINER_ENGINE:-podman}
name=shop-smoke-$$
volume=shop-smoke-data-$$
READY_TIMEOUT_S=180
STOP_TIMEOUT_S=10

fail() {
  echo "container smoke test FAILED: $*" >&2
  echo '--- container log (last 60 lines) ---' >&2
  "$engine" logs --tail 60 "$name" >&2 || true
  exit 1
}

cleanup() {
  "$engine" rm --force "$name" >/dev/null 2>&1 || true
  "$engine" volume rm --force "$volume" >/dev/null 2>&1 || true
}
trap cleanup EXIT

port=$(node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
base=http://127.0.0.1:$port

# Podman runs the image's HEALTHCHECK from systemd timers, which a machine without systemd lacks: here it
# is run by hand once the shop is ready.
declare -a health_flags=()
[[ $engine != podman ]] || health_flags=(--health-interval disable)

"$engine" volume create "$volume" >/dev/null
"$engine" run --detach "${health_flags[@]}" --name "$name" --publish "127.0.0.1:$port:3000" --volume "$volume:/data" \
  --env "PUBLIC_URL=$base" "$image" > /dev/null 2> >(grep -v 'systemd connection' >&2)
echo "Started $image as $name on $base with the volume $volume."

started=$SECONDS
until node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$base/health/ready"; do
  [[ $("$engine" inspect --format '{{.State.Running}}' "$name") == true ]] || fail 'the container stopped while starting'
  ((SECONDS - started < READY_TIMEOUT_S)) || fail "not ready within $READY_TIMEOUT_S s"
  sleep 1
done
echo "Ready after $((SECONDS - started)) s."

# As the HEALTHCHECK's own retries: unhealthy only after three failures in a row.
if [[ $engine == podman ]]; then
  for attempt in 1 2 3; do
    podman healthcheck run "$name" >/dev/null 2>&1 && break
    ((attempt < 3)) || fail "the image's HEALTHCHECK says unhealthy"
    sleep 2
  done
  echo "The image's HEALTHCHECK says healthy."
fi
[[ $("$engine" exec "$name" id -u) != 0 ]] || fail 'the shop runs as root'
"$engine" exec "$name" pg_dump --version >/dev/null || fail 'pg_dump is missing: backups of a PostgreSQL shop would fail'
# A backup while the shop serves, as an owner would take one before an upgrade.
"$engine" exec --workdir /app "$name" npm run --silent backup || fail 'npm run backup failed in the container'
"$engine" exec "$name" sh -c 'ls /data/backups/shop-*.tar.gz' || fail 'no backup file in /data/backups'

# Read whole first: grep -q stopping early would break the pipe of the logs command under pipefail.
log=$("$engine" logs "$name" 2>&1)
grep -q '  jelszó: ' <<<"$log" || fail 'the generated admin password is not in the log'

# The first enabled home-delivery method, bank transfer and a featured product in stock, all from the
# demo data over the public REST API; the order must come back with its number.
node --input-type=module - "$base" <<'EOF' || fail 'the order was not placed'
const base = process.argv[2];
async function call(method, path, body) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}
const shipping = (await call('GET', '/checkout/shipping')).items.find((m) => m.enabled && m.needsAddress);
const payment = (await call('GET', '/checkout/payment')).items.find(
  (m) => m.enabled && m.provider === 'bank_transfer',
);
const product = (await call('GET', '/product/featured')).items.find((p) => p.inStock);
if (!shipping || !payment || !product) throw new Error('no home delivery, bank transfer or product in stock');
const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
const placed = await call('POST', '/cart/order', {
  cart: [{ product: product.id, quantity: 1 }],
  customer: { email: 'vevo@example.hu', firstName: 'Anna', lastName: 'Kovács', phone: '+36 30 123 4567' },
  shippingAddress: address,
  billingAddress: address,
  shippingMethod: shipping.id,
  paymentMethod: payment.id,
  acceptTerms: true,
});
if (!/^\d{4}-\d+$/.test(placed.order?.number ?? '')) throw new Error(`no order number: ${JSON.stringify(placed)}`);
console.log(`Order ${placed.order.number} placed: ${product.title}, ${shipping.name}, ${payment.name}, ${placed.order.total} Ft.`);
EOF

"$engine" kill --signal TERM "$name" >/dev/null
stopping=$SECONDS
status=$(timeout "$((STOP_TIMEOUT_S + 2))" "$engine" wait "$name") || fail "still running $STOP_TIMEOUT_S s after SIGTERM"
took=$((SECONDS - stopping))
((took <= STOP_TIMEOUT_S)) || fail "took $took s to stop after SIGTERM"
[[ $status == 0 ]] || fail "exited with status $status after SIGTERM"
echo "Stopped by SIGTERM in $took s with status 0."
echo 'Container smoke test passed.'
