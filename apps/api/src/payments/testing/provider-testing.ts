/**
 * What the iyzico and Stripe suites share: the parsed config a provider factory reads (to call a provider as the
 * API does), and orders booked on one standard-fare offer that is searched again before it expires.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Offer } from '@parvoz/core/search-types';
import type { ApiConfig } from '../../config.ts';
import { parseTestConfig, TEST_PAYMENT_WEBHOOK_SECRET } from '../../testing/api.ts';
import { ANON, bookingBody, isoDay, searchOffer } from '../../testing/booking.ts';

/** The whole API config with the test secrets and `provider`'s settings. */
export const providerApiConfig = (provider: Partial<ApiConfig>) =>
  parseTestConfig({
    anonymousToken: 'x'.repeat(16),
    paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
    ...provider,
  });

/**
 * Books one-adult orders (201) on a standard-fare offer 40 days after `start`, searched again once it is ten
 * minutes old by `clock` (offers live 20 minutes and the suites move the clock); each with its own idempotency key.
 */
export function ordersOnAFreshOffer(
  app: () => FastifyInstance,
  start: number,
  clock: () => number,
  keyPrefix: string,
) {
  let offer: Offer | undefined;
  let searchedAt = 0;
  let keys = 0;
  return async <T>(currency: string): Promise<T> => {
    if (!offer || clock() - searchedAt > 10 * 60_000) {
      offer = await searchOffer(app(), { date: isoDay(start, 40), adults: 1, fareFamily: 'standard' });
      searchedAt = clock();
    }
    const response = await app().inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...ANON, 'idempotency-key': `${keyPrefix}-${++keys}-${start}` },
      payload: bookingBody(offer, { currency }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as T;
  };
}
