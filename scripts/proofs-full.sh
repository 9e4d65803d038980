#!/usr/bin/env bash
# The full-size standing proofs of issue 11 (docs/decisions/0044): every property of every body fuzzed, ten
# kill -9 rounds and 200 runs of the sync fault model, on PostgreSQL. Not part of `npm test`; its last results
# are in the README ("Attack and fault proofs").
set -euo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC TEST_DB=postgres
FUZZ_FULL=true CRASH_ROUNDS=10 SYNC_MODEL_RUNS=200 npx vitest run --project server \
  apps/sync-server/test/fuzzing.test.ts apps/sync-server/test/crash-restart.test.ts \
  apps/sync-server/test/sync-faults.test.ts apps/sync-server/test/authorization.test.ts
