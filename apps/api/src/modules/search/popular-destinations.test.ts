/** The popular destinations' cache: a month of searches per origin and day, only the chosen days afterwards. */
import { expect, test } from 'vitest';
import { useTestDatabase } from '../../testing/started.ts';
import type { CalendarQuery } from '@parvoz/core/supplier';
import { apiConfigSchema, type ApiConfig } from '../../config.ts';
import { TEST_ANONYMOUS_TOKEN, TEST_OFFER_SECRET, TEST_PAYMENT_WEBHOOK_SECRET } from '../../testing/api.ts';
import { createFlightService, type FlightService } from './service.ts';
import { createPopularDestinations, POPULAR_WINDOW_DAYS } from './popular-destinations.ts';

const config = apiConfigSchema.parse({
  anonymousToken: TEST_ANONYMOUS_TOKEN,
  offerSecret: TEST_OFFER_SECRET,
  paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
}) as ApiConfig;

const database = useTestDatabase();

test('each origin’s month is searched once a day; every call prices only the chosen days', async () => {
  let clock = Date.UTC(2026, 10, 23, 6, 0);
  const now = () => new Date(clock);
  const real = createFlightService(database.db, config, now);
  const asked: CalendarQuery[] = [];
  const flights: FlightService = {
    ...real,
    calendar: (query) => {
      asked.push(query);
      return real.calendar(query);
    },
  };
  const service = createPopularDestinations(flights, real.network, now);
  const months = () => asked.filter((q) => q.days === POPULAR_WINDOW_DAYS).length;

  const first = await service.popular({ origin: 'TAS', currency: 'USD', lang: 'en' });
  const scanned = months();
  expect(scanned).toBeGreaterThanOrEqual(first!.destinations.length);

  asked.length = 0;
  clock += 3_600_000;
  const again = await service.popular({ origin: 'TAS', currency: 'UZS', lang: 'uz' });
  expect(months()).toBe(0);
  expect(asked.map((q) => [q.destination, q.from, q.days])).toEqual(
    again!.destinations.map((d) => [d.code, d.date, 1]),
  );

  // Another origin has its own month; the next UTC day starts over.
  asked.length = 0;
  await service.popular({ origin: 'IST', currency: 'USD', lang: 'en' });
  expect(months()).toBeGreaterThan(0);
  asked.length = 0;
  clock += 24 * 3_600_000;
  await service.popular({ origin: 'TAS', currency: 'USD', lang: 'en' });
  expect(months()).toBeGreaterThanOrEqual(first!.destinations.length);
});
