/** Search settings from the environment: rates, seed and offer secret, with clear refusals. */
import { expect, test } from 'vitest';
import { apiConfigFromEnv } from '../../config.ts';

test('EXCHANGE_RATES overrides some display rates; the rest keep their defaults', () => {
  const config = apiConfigFromEnv({ EXCHANGE_RATES: 'eur=0.9, UZS=12800' });
  expect(config.exchangeRates).toEqual({ EUR: 0.9, UZS: 12800 });
  expect(apiConfigFromEnv({}).exchangeRates).toEqual({});
});

test.each(['EUR', 'EUR=abc', 'GBP=0.8', 'EUR=-1'])('EXCHANGE_RATES=%s is refused by name', (value) => {
  expect(() => apiConfigFromEnv({ EXCHANGE_RATES: value })).toThrow(/exchangeRates/);
});

test('the schedule seed and offer secret come from SCHEDULE_SEED and OFFER_SECRET', () => {
  expect(apiConfigFromEnv({}).offerSecret).toBeUndefined();
  const config = apiConfigFromEnv({ SCHEDULE_SEED: 'other', OFFER_SECRET: 'a-long-enough-offer-secret' });
  expect(config).toMatchObject({ scheduleSeed: 'other', offerSecret: 'a-long-enough-offer-secret' });
  expect(() => apiConfigFromEnv({ OFFER_SECRET: 'short' })).toThrow(/offerSecret/);
});
