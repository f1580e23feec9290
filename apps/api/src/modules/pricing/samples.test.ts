/**
 * The samples of what searches showed (samples.ts), over a migrated database: a search's cheapest offers are kept
 * in memory and written by the next flush; a flush interval keeps at most its bound of them; the same flush
 * deletes samples older than 30 days; a flush that fails keeps its samples for the next one.
 */
import { expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_RATES } from '@parvoz/core/money';
import type { PricingInput } from '@parvoz/core/price-rules';
import { useTestDatabase } from '../../testing/started.ts';
import { createPriceSampler, SAMPLE_DAYS, SAMPLES_PER_FLUSH } from './samples.ts';
import { priceSamplesSince } from './store.ts';

const database = useTestDatabase();
const log = { warn: () => undefined };
let clock = Date.UTC(2026, 10, 1, 12, 0);
const now = () => new Date(clock);

const sale = (costMinor: number): PricingInput => ({
  supplier: 'builtin',
  airlines: ['HY'],
  origin: { airport: 'TAS', city: 'TAS', country: 'UZ' },
  destination: { airport: 'IST', city: 'IST', country: 'TR' },
  cabin: 'economy',
  fareFamily: 'light',
  passengers: [{ type: 'adult', costMinor }],
  currency: 'USD',
  market: '',
  saleAt: clock,
  departureDate: '2026-12-01',
  rates: DEFAULT_RATES,
});

const storedCosts = async () =>
  (await priceSamplesSince(database.db, new Date(0), 1_000))
    .map((row) => (row.input.passengers as { costMinor: number }[])[0]!.costMinor)
    .sort((a, b) => a - b);

test('kept without the rates and the sale time; written by the flush, at most its bound per interval', async () => {
  const sampler = createPriceSampler({ db: database.db, now, log, random: () => 0.999 });
  sampler.take([sale(100), sale(200)], clock);
  expect(await storedCosts()).toEqual([]);
  await sampler.flush();
  const [row] = await priceSamplesSince(database.db, new Date(clock), 10);
  expect(row!.sampledAt.getTime()).toBe(clock);
  expect(row!.input).not.toHaveProperty('rates');
  expect(row!.input).not.toHaveProperty('saleAt');
  expect(await storedCosts()).toEqual([100, 200]);

  // More than the bound offered in one interval: the bound is kept (this random keeps the first ones).
  for (let i = 0; i < SAMPLES_PER_FLUSH + 5; i++) sampler.take([sale(1_000 + i)], clock);
  await sampler.flush();
  expect(await storedCosts()).toHaveLength(2 + SAMPLES_PER_FLUSH);
});

test('a flush deletes the samples older than 30 days', async () => {
  const sampler = createPriceSampler({ db: database.db, now, log });
  const before = (await storedCosts()).length;
  clock += SAMPLE_DAYS * 86_400_000 + 1;
  sampler.take([sale(7)], clock);
  await sampler.flush();
  expect(before).toBeGreaterThan(0);
  expect(await storedCosts()).toEqual([7]);
});

test('a failed flush keeps its samples for the next one', async () => {
  const sampler = createPriceSampler({ db: database.db, now, log });
  sampler.take([sale(8)], clock);
  await database.db.execute(sql`ALTER TABLE price_samples RENAME TO price_samples_away`);
  try {
    await sampler.flush();
  } finally {
    await database.db.execute(sql`ALTER TABLE price_samples_away RENAME TO price_samples`);
  }
  expect(await storedCosts()).toEqual([7]);
  await sampler.stop();
  expect(await storedCosts()).toEqual([7, 8]);
});
