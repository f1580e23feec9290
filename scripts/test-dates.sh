#!/usr/bin/env bash
# The suite on other days than today (docs/testing-dates.md): the unit and PostgreSQL projects and the e2e
# files that pick dates, with the clock of the test process, of every site and PostgreSQL server it starts
# (libfaketime) and of the browser (Playwright's clock, e2e/support/browser.ts) moved to each listed day.
#
#   npm run test:dates                     today and every listed day, all three parts
#   npm run test:dates -- 2027-02-28T12:00:00Z ...   only these instants (and not today)
#   npm run test:dates -- --short          CI's form (scripts/test.sh): one listed day, chosen by the day of
#                                          the year so that any run of consecutive days as long as the list
#                                          covers it all, and fewer files
#   npm run test:dates -- --short-e2e-files   prints the e2e files of the short form (CI runs them only there)
#   npm run test:dates -- --short-filters     prints the unit and pg file filters of the short form (likewise)
#
# Needs Debian's faketime, a PostgreSQL server binary and Chromium (.ci/run installs them) and a built site
# (npm run build).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

# Each instant is picked for what it crosses; times are UTC. Tashkent is UTC+5 and Istanbul UTC+3 all year,
# so an evening instant is already the next day there.
LISTED=(
  2027-07-01T06:10:00Z # the 1st of a 31-day month
  2027-04-30T22:40:00Z # the last day of a 30-day month, already 1 May in Tashkent and Istanbul
  2026-12-31T20:30:00Z # 31 December: searches cross into the next year, which has begun in Tashkent
  2027-02-28T12:00:00Z # 28 February of a common year
  2028-02-29T09:00:00Z # 29 February
  2027-03-28T00:30:00Z # the last Sunday of March, just before Europe's clocks go forward (01:00 UTC)
  2027-10-31T00:30:00Z # the last Sunday of October, just before Europe's clocks go back (01:00 UTC)
)

# The e2e files whose journeys pick, type or read dates relative to today.
E2E_FILES=(
  e2e/search.test.ts
  e2e/search-pages.test.ts
  e2e/home.test.ts
  e2e/booking.test.ts
  e2e/offer-countdown.test.ts
  e2e/price-alerts.test.ts
  e2e/phone.test.ts
  e2e/after-sale.test.ts
  e2e/words.test.ts
  e2e/multi-city.test.ts
  e2e/seats.test.ts
)

# CI's short form (--short) runs fewer of them: the search form, results and the ±3-day strip, the home
# page's calendar and destinations, and offers that expire (the others book on the days these pick).
SHORT_E2E_FILES=(
  e2e/search.test.ts
  e2e/home.test.ts
  e2e/offer-countdown.test.ts
)

# The unit and PostgreSQL files of the short form: the date properties and the suites of what is sold by date (a
# file runs when its path contains one of these, as Vitest filters); the whole of both projects run today.
SHORT_FILTERS=(property search flights booking-rules price-alert popular)

short=
days=()
for arg in "$@"; do
  case "$arg" in
    --short) short=1 ;;
    # scripts/test.sh leaves these out of its own end-to-end run: CI runs them here, on the moved clock.
    --short-e2e-files) printf '%s\n' "${SHORT_E2E_FILES[@]}"; exit 0 ;;
    --short-filters) printf '%s\n' "${SHORT_FILTERS[@]}"; exit 0 ;;
    *) days+=("$arg") ;;
  esac
done
if [ -n "$short" ]; then
  days=("${LISTED[$((10#$(date -u +%j) % ${#LISTED[@]}))]}")
elif [ ${#days[@]} -eq 0 ]; then
  days=(today "${LISTED[@]}")
fi

[ -e /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] ||
  { echo "test:dates needs Debian's faketime (apt-get install faketime)" >&2; exit 1; }
[ -d apps/web/build/client ] || npm run build --silent

# A PostgreSQL server of this script's own, started under the moved clock so that now() in SQL agrees with
# the sites' clocks (a server started before would keep today's).
export PARVOZ_PG_DIR="/tmp/parvoz-pg-dates-$$" PARVOZ_PG_PORT="${PARVOZ_DATES_PG_PORT:-55439}"
stop_pg() { bash packages/db/scripts/pg-test-server.sh destroy >/dev/null 2>&1 || true; }
trap stop_pg EXIT

results=()
failed=0
for day in "${days[@]}"; do
  if [ "$day" = today ]; then
    moved=()
    moved_pg=()
    shown="today ($(date -u +%FT%TZ))"
  else
    target=$(date -u -d "$day" +%s) || { echo "not a date: $day" >&2; exit 2; }
    # An offset, not a start time: every process started during the run (sites, PostgreSQL) shares one clock.
    # Monotonic clocks stay real, so timers and timeouts run as usual.
    # libfaketime preloaded by hand rather than through its faketime command, which stays to wait for every
    # process of the run (the PostgreSQL server too) and so never returns from $(...).
    preload=(env LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
      FAKETIME="+$((target - $(date -u +%s)))")
    moved=("${preload[@]}" FAKETIME_DONT_FAKE_MONOTONIC=1)
    # PostgreSQL's postmaster, left with real monotonic clocks or libfaketime's cache, wrote start times that
    # pg_ctl never matched or drifted by minutes; with both faked and no cache its now() is exact.
    moved_pg=("${preload[@]}" FAKETIME_NO_CACHE=1)
    shown="$day"
  fi
  printf '\n== test:dates %s\n' "$shown"
  started=$SECONDS
  status=passed
  stop_pg
  DATABASE_URL=$("${moved_pg[@]}" bash packages/db/scripts/pg-test-server.sh start)
  export DATABASE_URL
  # The PostgreSQL server's own clock, read back: proof the move reached it.
  server_now=$("${moved[@]}" node --input-type=module -e "
    const { default: pg } = await import('pg');
    const c = new pg.Client(process.env.DATABASE_URL); await c.connect();
    const r = await c.query('SELECT now()::text AS now'); console.log(r.rows[0].now); await c.end();" 2>/dev/null ||
    echo unknown)
  echo "PostgreSQL's now(): $server_now"
  # As `npm test` runs them: the unit project on its embedded databases (DATABASE_URL would move it onto the
  # server, a different test), the PostgreSQL project on the server started above.
  filter=()
  [ -n "$short" ] && filter=("${SHORT_FILTERS[@]}")
  env -u DATABASE_URL "${moved[@]}" vitest run --project unit "${filter[@]}" || status=FAILED
  "${moved[@]}" vitest run --project pg "${filter[@]}" || status=FAILED
  if [ -z "$short" ]; then
    "${moved[@]}" vitest run --project e2e "${E2E_FILES[@]}" || status=FAILED
  else
    "${moved[@]}" vitest run --project e2e "${SHORT_E2E_FILES[@]}" || status=FAILED
  fi
  [ "$status" = passed ] || failed=1
  results+=("| $shown | $server_now | $status | $((SECONDS - started)) s |")
done

printf '\n| day (UTC) | PostgreSQL now() | result | time |\n| --- | --- | --- | --- |\n'
printf '%s\n' "${results[@]}"
exit $failed
