/**
 * One slow airline among fast ones at Duffel: `node bench/search-mixed-airlines.ts` (needs `npm run build`).
 * The Duffel test server sells TAS → IST on two airlines: QP answers Duffel in 0.3 s, HY in BENCH_SLOW_MS
 * (10 s), longer than the site's search budget (DUFFEL_TIME_BUDGET_MS, 8 s by default). Duffel answers at our
 * `supplier_timeout` (the budget less its margin, docs/duffel.md "Timeouts") with the airlines that answered by
 * then, so the fast airline's offer must reach the traveller within the budget. The same-run baseline is the
 * same searches with both airlines at 0.3 s. SEARCHES (20) different searches (one per day) are sent at once to
 * the real one-process site. Records each answer's time, whether QP's and HY's offers are in it and whether it
 * says it is incomplete. Asserts nothing.
 */
import { startSite } from '../e2e/support/server.ts';
import { startDuffelServer } from '../apps/api/src/suppliers/duffel/testing/duffel-server.ts';
import {
  TAS_IST_AIRPORTS,
  duffelOnlyFlight,
} from '../apps/api/src/suppliers/duffel/testing/duffel-fixtures.ts';
import { DUFFEL_DEFAULT_BUDGET_MS } from '../apps/api/src/suppliers/duffel/settings.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Offer } from '@parvoz/core/search-types';
import { percentile, searchBurst } from './search-burst.ts';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 10_000);
const FAST_MS = 300;
const TOKEN = 'duffel_test_benchmixed0123456789';

const FAST = duffelOnlyFlight('300.00', '60.00');
const SLOW = duffelOnlyFlight('250.00', '50.00', {
  segments: [
    { ...FAST.segments[0]!, carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' }, departs: '22:10' },
  ],
});

const duffel = await startDuffelServer({ token: TOKEN, airports: TAS_IST_AIRPORTS, flights: [FAST, SLOW] });
const site = await startSite({
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000000',
  DUFFEL_ACCESS_TOKEN: TOKEN,
  DUFFEL_API_URL: duffel.url,
});

/** `SEARCHES` searches sent at once, each on its own day from `firstDay` days ahead. */
async function burst(firstDay: number) {
  return (await searchBurst(site.url, firstDay, SEARCHES)).map(({ ms, status, text }) => {
    const json = JSON.parse(text) as {
      data: Parameters<typeof expandSearchOffers>[0] & { incomplete?: boolean };
    };
    // Duffel's offers by their ids (the built-in network flies HY too); the carrier of each.
    const carriers = (expandSearchOffers(json.data) as Offer[])
      .filter((o) => o.id.startsWith('dfl.'))
      .map((o) => o.slices[0]!.segments[0]!.marketing_carrier.iata_code);
    return {
      ms,
      status,
      fast: carriers.includes('QP'),
      slow: carriers.includes('HY'),
      incomplete: json.data.incomplete === true,
    };
  });
}

try {
  duffel.knobs.airlineDelayMs = { QP: FAST_MS, HY: FAST_MS };
  await burst(300); // warms the site's caches of places and the network
  console.log(
    `${SEARCHES} different searches at once; Duffel airlines QP ${FAST_MS} ms, HY as below; budget ${DUFFEL_DEFAULT_BUDGET_MS} ms`,
  );
  console.log(
    '| HY answers Duffel in | p50 ms | p99 ms | worst ms | non-200 | with Duffel QP | with Duffel HY | incomplete |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [slowMs, firstDay] of [
    [FAST_MS, 10],
    [SLOW_MS, 40],
  ] as const) {
    duffel.knobs.airlineDelayMs = { QP: FAST_MS, HY: slowMs };
    const result = await burst(firstDay);
    const ms = result.map((r) => r.ms).sort((a, b) => a - b);
    const row = [
      `${slowMs} ms${slowMs === FAST_MS ? ' (baseline)' : ''}`,
      Math.round(percentile(ms, 50)),
      Math.round(percentile(ms, 99)),
      Math.round(ms.at(-1)!),
      result.filter((r) => r.status !== 200).length,
      result.filter((r) => r.fast).length,
      result.filter((r) => r.slow).length,
      result.filter((r) => r.incomplete).length,
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  await site.stop();
  await duffel.close();
}
