#!/usr/bin/env bash
# `npm test`: every check and every suite. A failing step does not hide the others' results (only the
# browser suite is skipped when the web app does not build); the exit status is non-zero if any failed.
# Database suites use TEST_DATABASE_URL (a PostgreSQL superuser URL) when it is set, else in-memory PGlite.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

declare -a SUMMARY=()
FAILED=0

step() {
  local name=$1
  shift
  printf '\n==================== %s ====================\n$ %s\n' "$name" "$*"
  local started=$SECONDS status=0
  "$@" || status=$?
  if ((status == 0)); then
    SUMMARY+=("ok       $name ($((SECONDS - started)) s)")
  else
    SUMMARY+=("FAILED   $name ($((SECONDS - started)) s, exit $status)")
    FAILED=1
  fi
  return "$status"
}

skip() {
  SUMMARY+=("skipped  $1 ($2)")
  printf '\n==================== %s ====================\nskipped: %s\n' "$1" "$2"
}

if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  echo "Database suites run on PostgreSQL at ${TEST_DATABASE_URL##*@} (TEST_DATABASE_URL)."
else
  echo 'Database suites run on in-memory PGlite (set TEST_DATABASE_URL to use a PostgreSQL server).'
fi

# Every suite writes a JSON report; summarize-tests.mjs adds them up at the end.
VITEST_REPORT=$PWD/.test-report.json
PLAYWRIGHT_REPORT=$PWD/e2e/.test-report.json
rm -f "$PLAYWRIGHT_REPORT" "$VITEST_REPORT"

step 'typecheck' npx turbo run typecheck --log-order=grouped --continue || true
step 'lint (biome check)' npx biome check . || true
# One Vitest process runs every package's suites (vitest.config.ts) with one pool of workers sized
# to the machine, so the database suites never compete in separate processes for the same cores.
step 'unit, database and REST suites (vitest)' \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$VITEST_REPORT" || true
if step 'build the web app' npx turbo run build --filter=@shop/web --log-order=grouped; then
  step 'browser suite (Playwright)' env PLAYWRIGHT_JSON_OUTPUT_FILE="$PLAYWRIGHT_REPORT" \
    npm exec --workspace=@shop/e2e -- playwright test --reporter=list,json || true
else
  skip 'browser suite (Playwright)' 'the web app did not build'
fi

printf '\n==================== npm test summary ====================\n'
printf '  %s\n' "${SUMMARY[@]}"
node scripts/summarize-tests.mjs "$VITEST_REPORT" "$PLAYWRIGHT_REPORT" || FAILED=1
if ((FAILED)); then
  echo 'npm test FAILED.'
  exit 1
fi
echo 'All checks and suites passed.'
