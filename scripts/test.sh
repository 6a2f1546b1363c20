#!/usr/bin/env bash
# `npm test` (and, with MDS_TEST_POSTGRES=1, `npm run test:postgres`): every stage says what it does
# as it starts. Arguments go to vitest (`npm test -- test/cli` runs one folder after the checks).
set -euo pipefail
cd "$(dirname "$0")/.."
stages=4
stage() { printf '\n==> [%s/%s] %s\n' "$1" "$stages" "$2"; }
began=$SECONDS

stage 1 "system packages the suite needs (Chromium, PostgreSQL, Redis; installed from Debian when missing)"
bash scripts/engines.sh install

engine=SQLite
if [ "${MDS_TEST_POSTGRES:-}" = 1 ]; then engine=PostgreSQL; fi
if [ "$engine" = SQLite ]; then
  stage 2 "type check (tsc --noEmit, about a minute)"
  npx tsc --noEmit
  stage 3 "lint (ESLint, then Prettier --check)"
  npm run lint --silent
else
  stage 2 "type check: not repeated (it does not depend on the engine; npm test runs it)"
  stage 3 "lint: not repeated (npm test runs it)"
fi
stage 4 "the test suite on $engine (vitest)"
status=0
npx vitest run "$@" || status=$?
printf '\n==> done in %d min %d s (exit %d)\n' $(((SECONDS - began) / 60)) $(((SECONDS - began) % 60)) "$status"
exit "$status"
