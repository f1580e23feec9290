/**
 * What the benchmarks of many searches at once share (bench/search-slow-supplier.ts,
 * bench/search-mixed-airlines.ts, bench/results-stream.ts): the anonymous API headers, a burst of different
 * one-way TAS → IST searches timed from their send, a percentile of sorted times, and the Duffel test server
 * answering late beside a site that uses it and a same-run baseline site without Duffel.
 */
import { startSite, type RunningSite } from '../e2e/support/server.ts';
import { startDuffelServer } from '../apps/api/src/suppliers/duffel/testing/duffel-server.ts';
import {
  TAS_IST_AIRPORTS,
  duffelOnlyFlight,
} from '../apps/api/src/suppliers/duffel/testing/duffel-fixtures.ts';
import { day } from './results-timing.ts';

/** The site's anonymous public token, as the web's own searches send it, with a gzipped answer. */
export const SEARCH_HEADERS = {
  authorization: 'Bearer parvoz-public-anonymous',
  'content-type': 'application/json',
  'accept-encoding': 'gzip',
};

/** The value at `p` per cent of already sorted `values` (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * `count` `POST /v1/flights/search` sent at once to `siteUrl`, TAS → IST, each on its own day from `firstDay`
 * days ahead (so no search joins or reuses another): each answer's status, body and time from its send to
 * its last byte.
 */
export function searchBurst(siteUrl: string, firstDay: number, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const started = performance.now();
      const response = await fetch(`${siteUrl}/v1/flights/search`, {
        method: 'POST',
        headers: SEARCH_HEADERS,
        body: JSON.stringify({
          slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(firstDay + i) }],
          passengers: { adults: 1 },
          cabin_class: 'economy',
          currency: 'USD',
        }),
      });
      const text = await response.text();
      return { ms: performance.now() - started, status: response.status, text };
    }),
  );
}

/**
 * The Duffel test server selling QP's TAS → IST flight `delayMs` late, a site configured with it and a
 * baseline site without Duffel, both with `env`; `stop` ends all three.
 */
export async function startSitesBesideLateDuffel(delayMs: number, env: Record<string, string>) {
  const token = 'duffel_test_bench0123456789abcdef';
  const duffel = await startDuffelServer({
    token,
    airports: TAS_IST_AIRPORTS,
    flights: [duffelOnlyFlight('211.00', '41.00')],
  });
  duffel.knobs.delayMs = delayMs;
  const [withDuffel, plain]: RunningSite[] = await Promise.all([
    startSite({ ...env, DUFFEL_ACCESS_TOKEN: token, DUFFEL_API_URL: duffel.url }),
    startSite(env),
  ]);
  return {
    withDuffel: withDuffel!,
    plain: plain!,
    stop: async () => {
      await Promise.all([withDuffel!.stop(), plain!.stop()]);
      await duffel.close();
    },
  };
}
