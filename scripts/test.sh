#!/usr/bin/env bash
# The one test command (README): typecheck, lint, unit tests, build, the PostgreSQL suite against a real
# server (started here unless DATABASE_URL is given), then the end-to-end suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# Each step says how long the one before it took (the CI budget is read off these lines).
last=$SECONDS
step() {
  printf '\n== %s (previous step %ss, %ss in all)\n' "$*" $((SECONDS - last)) "$SECONDS"
  last=$SECONDS
}
started_pg=
finish() {
  local status=$?
  [ -n "$started_pg" ] && { bash packages/db/scripts/pg-test-server.sh stop >/dev/null 2>&1 || true; }
  printf '\n== %s after %ss (last step %ss)\n' "$([ $status = 0 ] && echo passed || echo FAILED)" "$SECONDS" $((SECONDS - last))
}
trap finish EXIT

step typecheck
(cd apps/web && react-router typegen >/dev/null)
tsc -p tsconfig.json
tsc -p apps/web/tsconfig.json

step lint
eslint --max-warnings 0 .
prettier --check . >/dev/null || { prettier --list-different .; echo 'prettier: run npm run format'; exit 1; }

step unit tests
vitest run --project unit

step build
npm run build --silent

step PostgreSQL tests
if [ -z "${DATABASE_URL:-}" ]; then
  DATABASE_URL=$(bash packages/db/scripts/pg-test-server.sh start)
  export DATABASE_URL
  started_pg=1
fi
vitest run --project pg

step end-to-end tests
vitest run --project e2e
