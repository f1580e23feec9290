/**
 * GET /v1/payments/provider_displays (docs/payment-providers.md, "Adding a fifth provider"): the name and badge of
 * every provider the site knows, read by the web instead of tables of its own, checked against the contract and
 * rate limited like the providers list beside it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { paymentProviderDisplaysResponseSchema } from '@parvoz/contracts/booking';
import { getIntl } from '@parvoz/i18n/messages';
import { PAYMENT_PROVIDERS } from '../../../payments/registry.ts';
import { startTestApi, visitorHeaders } from '../../../testing/api.ts';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await startTestApi());
});
afterAll(() => close());

const displays = async (query: string) => {
  const answer = await app.inject({ method: 'GET', url: `/v1/payments/provider_displays${query}` });
  expect(answer.statusCode).toBe(200);
  return paymentProviderDisplaysResponseSchema.parse(answer.json()).data.providers;
};

test('every provider of the registry and the sandbox, configured or not, with its name, words and badge', async () => {
  const providers = await displays('');
  expect(providers.map((p) => p.name)).toEqual([...PAYMENT_PROVIDERS.map((p) => p.name), 'sandbox']);
  for (const descriptor of PAYMENT_PROVIDERS)
    expect(providers.find((p) => p.name === descriptor.name)).toEqual({
      name: descriptor.name,
      display_name: descriptor.display.name,
      description: getIntl('en').formatMessage({ id: descriptor.display.description! }),
      badge: descriptor.display.badge,
    });
  expect(providers.find((p) => p.name === 'sandbox')).toMatchObject({
    display_name: 'Test card page',
    description: 'A pretend card payment: no money moves',
    badge: { glyph: '▭' },
  });
});

test('the words are in the asked language; a brand keeps its name', async () => {
  for (const lang of ['en', 'ru', 'uz', 'tr'] as const) {
    const providers = await displays(`?lang=${lang}`);
    const intl = getIntl(lang);
    expect(providers.find((p) => p.name === 'sandbox')).toMatchObject({
      display_name: intl.formatMessage({ id: 'payment.provider.sandbox.name' }),
      description: intl.formatMessage({ id: 'order.pay.provider.sandbox' }),
    });
    for (const descriptor of PAYMENT_PROVIDERS)
      expect(providers.find((p) => p.name === descriptor.name)?.display_name).toBe(descriptor.display.name);
  }
  const refused = await app.inject({ method: 'GET', url: '/v1/payments/provider_displays?lang=xx' });
  expect(refused.statusCode).toBe(400);
});

test('is rate limited per client like the providers list', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 121; i++)
    statuses.push(
      (
        await app.inject({
          method: 'GET',
          url: '/v1/payments/provider_displays',
          headers: visitorHeaders('203.0.113.9'),
        })
      ).statusCode,
    );
  expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});
