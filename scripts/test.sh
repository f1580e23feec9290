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

step typecheck, lint and build, side by side
# Each is one process that keeps about one core busy; together they take the time of the longest.
(cd apps/web && react-router typegen >/dev/null)
checks=$(mktemp -d)
check() {
  local name=$1
  shift
  ("$@" >"$checks/$name.log" 2>&1 && touch "$checks/$name.ok") &
}
check tsc-root bash scripts/tsc.sh -p tsconfig.json
check tsc-web bash scripts/tsc.sh -p apps/web/tsconfig.json
check eslint eslint --max-warnings 0 .
check prettier bash -c 'prettier --check . >/dev/null || { prettier --list-different .; echo "prettier: run npm run format"; exit 1; }'
check build npm run build --silent
wait
failed=
for name in tsc-root tsc-web eslint prettier build; do
  [ -e "$checks/$name.ok" ] && continue
  printf '\n-- %s failed:\n' "$name"
  cat "$checks/$name.log"
  failed=1
done
rm -rf "$checks"
[ -z "$failed" ] || exit 1

# The unit and PostgreSQL files of the moved-clock step (its short form) run only there, on a listed day instead
# of today (docs/testing-dates.md, "CI's run"; vitest.config.ts leaves them out).
moved_clock_only=$(bash scripts/test-dates.sh --short-filters | tr '\n' ' ')

step unit tests
PARVOZ_MOVED_CLOCK_ONLY=$moved_clock_only vitest run --project unit

step PostgreSQL tests
if [ -z "${DATABASE_URL:-}" ]; then
  DATABASE_URL=$(bash packages/db/scripts/pg-test-server.sh start)
  export DATABASE_URL
  started_pg=1
fi
PARVOZ_MOVED_CLOCK_ONLY=$moved_clock_only vitest run --project pg

step end-to-end tests
# On CI a failed browser test runs once more (vitest.config.ts); the ones that needed it are named here.
# The files that pick dates relative to today run once, in the moved-clock step below, on a listed day instead of
# today (docs/testing-dates.md, "CI's run"): the same journeys on the day that crosses a month, a year or a
# clock change, and a minute less of CPU than running them twice.
moved_only=()
while read -r file; do moved_only+=(--exclude "$file"); done < <(bash scripts/test-dates.sh --short-e2e-files)
e2e_log=$(mktemp)
vitest run --project e2e "${moved_only[@]}" 2>&1 | tee "$e2e_log"
flaky=$(grep -a 'retry x' "$e2e_log" | grep -a '✓' | sed 's/\x1b\[[0-9;]*m//g' || true)
if [ -n "$flaky" ]; then
  printf '\n-- passed only when run again (docs/decisions/0024-one-retry-for-browser-tests-on-ci.md):\n'
  printf '%s\n' "$flaky"
fi
rm -f "$e2e_log"

# The suite on another day than today (docs/testing-dates.md): one listed day per run, a different one each
# day of the week, on a PostgreSQL server of its own started under the moved clock.
step moved clock: "npm run test:dates -- --short"
bash scripts/test-dates.sh --short
