/**
 * Faults: the PostgreSQL server restarts under load. The site keeps running, answers 503 (retryable) while
 * the database is away, `/ready` says so, and everything works again once it is back, without a restart.
 * Uses a PostgreSQL server of its own (packages/db/scripts/pg-test-server.sh on another port and folder),
 * so stopping it disturbs nothing else.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startSite, type RunningSite } from './support/server.ts';
import { isoDay } from './support/dates.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../packages/db/scripts/pg-test-server.sh');
const serverEnv = {
  ...process.env,
  PARVOZ_PG_DIR: `/tmp/parvoz-pg-faults-${randomBytes(3).toString('hex')}`,
  PARVOZ_PG_PORT: String(56000 + Math.floor(Math.random() * 2000)),
};
const pgServer = (command: 'start' | 'stop' | 'destroy') =>
  execFileSync('bash', [SCRIPT, command], {
    env: serverEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

let site: RunningSite;

beforeAll(async () => {
  const url = pgServer('start');
  site = await startSite({ DATABASE_URL: url, RATE_LIMIT_SCALE: '1000' });
});

afterAll(async () => {
  await site?.stop();
  pgServer('destroy');
});

const departure = isoDay(25);
async function search(): Promise<number> {
  const response = await fetch(`${site.url}/v1/flights/search`, {
    method: 'POST',
    headers: { authorization: 'Bearer parvoz-public-anonymous', 'content-type': 'application/json' },
    body: JSON.stringify({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
      passengers: { adults: 1 },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}
const ready = async () => (await fetch(`${site.url}/ready`)).status;

test('a PostgreSQL restart under load: 503 while it is away, recovery without a restart', async () => {
  expect(await ready()).toBe(200);
  let stop = false;
  const statuses: number[] = [];
  const failures: string[] = [];
  // Four clients searching in a loop during the whole outage; every request must get an HTTP answer.
  const load = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!stop) {
        try {
          statuses.push(await search());
        } catch (error) {
          failures.push(String(error));
        }
      }
    }),
  );
  // The load is running (answered) before the database goes, and meets the outage before it comes back.
  await expect.poll(() => statuses.includes(200), { timeout: 20_000, interval: 20 }).toBe(true);
  pgServer('stop');
  await expect.poll(ready, { timeout: 10_000, interval: 200 }).toBe(503);
  await expect.poll(() => statuses.includes(503), { timeout: 20_000, interval: 20 }).toBe(true);
  pgServer('start');
  await expect.poll(ready, { timeout: 20_000, interval: 200 }).toBe(200);
  await expect.poll(search, { timeout: 20_000, interval: 200 }).toBe(200);
  stop = true;
  await load;

  expect(site.process.exitCode).toBeNull();
  expect(failures).toEqual([]);
  expect(statuses).toContain(200);
  expect(statuses).toContain(503);
  expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
});
