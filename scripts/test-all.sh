#!/usr/bin/env bash
# Runs every test: shared rules, the server suite on PGlite and (when one answers) on PostgreSQL,
# then the Playwright journeys in Debian's Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC

bash scripts/ensure-chromium.sh

echo "== unit: packages/schema, the lint's rules and the PWA's logic"
npx vitest run --project schema --project tooling --project pwa

echo "== server on PGlite"
TEST_DB=pglite npx vitest run --project server

PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL" 2>/dev/null; then
  echo "== server on PostgreSQL ($PG_URL)"
  TEST_DB=postgres TEST_PG_URL="$PG_URL" npx vitest run --project server
else
  echo "== server on PostgreSQL: skipped (no server answers at $PG_URL)"
fi

echo "== build the PWA"
npm run build

echo "== end to end (Chromium)"
npm run test:e2e
