import { describe, expect, test } from 'vitest';
import type { PriceAlert } from '@parvoz/contracts/price-alerts';
import { type Asked, NOT_FOUND, useApiStandIn } from '../../testing/api-stand-in.ts';
import { alertLinkAction } from './link-action.server.ts';
import type { AlertLinkPage, AlertLinkResult } from './result.ts';

// The button of an alert email's link page, posted as a browser without JavaScript posts it, against a stand-in
// of the API's confirm and unsubscribe endpoints (packages/contracts/src/endpoints.ts): the link's token is
// read by the contract's schema, and a form without a token the schema takes says the link is not valid and
// asks the API nothing.
const TOKEN = 'A'.repeat(43);
const ALERT: PriceAlert = {
  id: 'pa_1',
  status: 'active',
  origin: 'TAS',
  destination: 'IST',
  origin_name: 'Tashkent',
  destination_name: 'Istanbul',
  departure_date: '2026-12-15',
  return_date: null,
  departure_until: null,
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin_class: 'economy',
  lang: 'uz',
  currency: 'UZS',
  reference_amount: '1500000',
  last_amount: null,
  last_checked_at: null,
  created_at: '2026-11-23T12:00:00.000Z',
  history: [],
};

const answer = ({ path }: Asked) =>
  path === '/v1/price_alerts/confirm' || path === '/v1/price_alerts/unsubscribe'
    ? { status: 200, body: { data: ALERT } }
    : NOT_FOUND;

const standIn = useApiStandIn(answer);

async function press(page: AlertLinkPage, fields: Record<string, string>, lang = 'uz') {
  const request = new Request(`http://localhost/${lang}/price-alerts/${page}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  const result = await alertLinkAction(standIn.api, request, lang, page);
  return { status: result.init?.status ?? 200, data: result.data as AlertLinkResult };
}

describe("an alert link page's button", () => {
  test.each(['confirm', 'unsubscribe'] as const)(
    '%s posts the link’s token in the page’s language',
    async (page) => {
      expect(await press(page, { token: TOKEN })).toEqual({ status: 200, data: { ok: true, alert: ALERT } });
      expect(standIn.asked.map((a) => [a.path, a.body])).toEqual([
        [`/v1/price_alerts/${page}`, { token: TOKEN, lang: 'uz' }],
      ]);
    },
  );

  test('a page in no language of the site asks in the API’s default one', async () => {
    await press('confirm', { token: TOKEN }, 'xx');
    expect(standIn.asked.map((a) => a.body)).toEqual([{ token: TOKEN }]);
  });

  test.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a token of the wrong length', { token: 'A'.repeat(42) }],
    ['a token with characters no link has', { token: `${'A'.repeat(42)}/` }],
  ])('%s: the link is not valid, and the API is asked nothing', async (_name, fields) => {
    expect(await press('confirm', fields)).toEqual({ status: 400, data: { ok: false, problem: 'invalid' } });
    expect(standIn.asked).toEqual([]);
  });
});
