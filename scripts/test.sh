#!/usr/bin/env bash
# The one test command (README): typecheck, lint, unit tests, build, the PostgreSQL suite against a real
# server (started here unless DATABASE_URL is given), then the end-to-end suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
step() { printf '\n== %s\n' "$*"; }

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
  trap 'bash packages/db/scripts/pg-test-server.sh stop >/dev/null 2>&1 || true' EXIT
fi
vitest run --project pg

step end-to-end tests
vitest run --project e2e
