#!/usr/bin/env bash
# Runs every test: shared rules, the server suite on PGlite and (when one answers) on PostgreSQL,
# then the Playwright journeys in Debian's Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC

# Each step prints its duration so the README can state where CI time goes (decision 0069).
step_start=$SECONDS
step_name=""
step() {
  if [ -n "$step_name" ]; then echo "== done: $step_name in $((SECONDS - step_start)) s"; fi
  step_name="$1"
  step_start=$SECONDS
  echo "== $1"
}
trap 'if [ -n "$step_name" ]; then echo "== done: $step_name in $((SECONDS - step_start)) s (total $SECONDS s)"; fi' EXIT

bash scripts/ensure-chromium.sh

step "unit: packages/schema, the lint's rules and the PWA's logic"
npx vitest run --project schema --project tooling --project pwa

step "server on PGlite"
TEST_DB=pglite npx vitest run --project server

PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL" 2>/dev/null; then
  step "server on PostgreSQL ($PG_URL)"
  TEST_DB=postgres TEST_PG_URL="$PG_URL" npx vitest run --project server
else
  echo "== server on PostgreSQL: skipped (no server answers at $PG_URL)"
fi

step "build the PWA"
npm run build

step "bundle budget: each learner page's initial JavaScript (decision 0085)"
node --import tsx scripts/bundle-budget.ts

step "end to end (Chromium)"
npm run test:e2e
