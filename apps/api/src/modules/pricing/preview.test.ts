/**
 * The console's preview of a draft rule through HTTP (inject, PGlite; docs/operations.md, "Pricing rules"):
 * searches made are sampled (the cheapest few offers of each) without a write of their own, then a 5 % markup on
 * Tashkent departures reports exactly how many sampled offers and paid orders it changes and the margins before and
 * after; a draft that matches nothing reports no change; an edit's draft replaces its rule's version in force, and
 * an order booked under a rule is tried at its supplier's cost.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Offer } from '@parvoz/core/search-types';
import { useTestApi } from '../../testing/api.ts';
import { ANON, isoDay } from '../../testing/booking.ts';
import { book, pay, signedInAs } from '../../testing/after-sale.ts';
import { passSecondFactor } from '../../second-factor/testing.ts';
import { SAMPLED_OFFERS_PER_SEARCH } from './samples.ts';
import { EFFECTIVE_LEAD_MS } from './service.ts';

let clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
let admin: Record<string, string> = {};
const date = isoDay(Date.UTC(2026, 10, 23), 30);

const api = useTestApi({ rateLimitScale: 1000 }, { now: () => clock });

beforeAll(async () => {
  admin = await signedInAs(api.db, 'admin@agency.test', 'admin', clock);
  await passSecondFactor(api.app, admin, clock);
});

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** 5 % of a cost in cents, rounded half away from zero (the core's rounding, ADR 0025). */
const fivePercent = (c: number) => Math.floor((c * 500 + 5000) / 10_000);
const dollars = (c: number) => (c / 100).toFixed(2);

/** One adult's search in dollars: its offers at the supplier's price, cheapest first. */
async function search(origin: string, destination: string): Promise<Offer[]> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    payload: {
      slices: [{ origin, destination, departure_date: date }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin_class: 'economy',
      sort: 'cheapest',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const offers = expandSearchOffers(res.json().data) as Offer[];
  return offers.sort((a, b) => cents(a.total_amount) - cents(b.total_amount));
}

const markup = (over: Record<string, unknown> = {}) => ({
  kind: 'markup',
  priority: 1,
  scope: { origins: [{ city: 'TAS' }] },
  percent_bp: 500,
  per: 'passenger',
  ...over,
});

const preview = (body: object, headers = admin) =>
  api.app.inject({ method: 'POST', url: '/v1/ops/price-rules/preview', headers, payload: body });

describe('a draft rule tried on the last 30 days', () => {
  let sampled: number[] = [];
  let fromTashkent: number[] = [];
  let ordered = 0;

  test('searches are sampled; a 5 % markup on Tashkent departures reports its changes exactly', async () => {
    const tasIst = (await search('TAS', 'IST')).slice(0, SAMPLED_OFFERS_PER_SEARCH);
    const tasDxb = (await search('TAS', 'DXB')).slice(0, SAMPLED_OFFERS_PER_SEARCH);
    const istTas = (await search('IST', 'TAS')).slice(0, SAMPLED_OFFERS_PER_SEARCH);
    expect(tasIst).toHaveLength(SAMPLED_OFFERS_PER_SEARCH);
    fromTashkent = [...tasIst, ...tasDxb].map((o) => cents(o.total_amount));
    sampled = [...fromTashkent, ...istTas.map((o) => cents(o.total_amount))];
    // A paid order from Tashkent and one from Istanbul, sold at the supplier's price (no rule yet).
    for (const offer of [tasIst[0]!, istTas[0]!])
      await pay(api.app, api.db, await book(api.app, offer), clock);
    ordered = cents(tasIst[0]!.total_amount);
    clock = new Date(clock.getTime() + 86_400_000);

    const res = await preview({ rule: markup() });
    expect(res.statusCode, res.body).toBe(200);
    const margin = fromTashkent.reduce((sum, c) => sum + fivePercent(c), 0);
    expect(res.json().data).toEqual({
      from: new Date(clock.getTime() - 30 * 86_400_000).toISOString(),
      until: clock.toISOString(),
      searches: {
        offers: sampled.length,
        changed: fromTashkent.length,
        currencies: [
          {
            currency: 'USD',
            offers: sampled.length,
            changed: fromTashkent.length,
            margin_before: '0.00',
            margin_after: dollars(margin),
            average_before: '0.00',
            average_after: dollars(Math.round(margin / sampled.length)),
          },
        ],
      },
      orders: {
        offers: 2,
        changed: 1,
        currencies: [
          {
            currency: 'USD',
            offers: 2,
            changed: 1,
            margin_before: '0.00',
            margin_after: dollars(fivePercent(ordered)),
            average_before: '0.00',
            average_after: dollars(Math.round(fivePercent(ordered) / 2)),
          },
        ],
      },
    });
  });

  test('a draft that matches nothing reports no change', async () => {
    const res = await preview({ rule: markup({ scope: { origins: [{ airport: 'JFK' }] } }) });
    expect(res.statusCode, res.body).toBe(200);
    const { searches, orders } = res.json().data;
    expect([searches.offers, searches.changed, orders.offers, orders.changed]).toEqual([
      sampled.length,
      0,
      2,
      0,
    ]);
    for (const c of [...searches.currencies, ...orders.currencies])
      expect([c.changed, c.margin_before, c.margin_after]).toEqual([0, '0.00', '0.00']);
  });

  test('an edit’s draft takes the place of its rule’s version in force; bad drafts are refused', async () => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/v1/ops/price-rules',
      headers: admin,
      payload: markup(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    clock = new Date(clock.getTime() + EFFECTIVE_LEAD_MS + 1_000);
    const margin = fromTashkent.reduce((sum, c) => sum + fivePercent(c), 0);

    // The same rule again: nothing changes, the margin before is already the markup's.
    const same = (await preview({ rule: markup(), rule_id: id })).json().data.searches;
    expect([same.changed, same.currencies[0].margin_before, same.currencies[0].margin_after]).toEqual([
      0,
      dollars(margin),
      dollars(margin),
    ]);
    // A new rule like it would stack on it: every Tashkent offer changes.
    expect((await preview({ rule: markup() })).json().data.searches.changed).toBe(fromTashkent.length);
    // Retired by its draft's scope: the margin goes back to none.
    const none = await preview({ rule: markup({ scope: { suppliers: ['nobody'] } }), rule_id: id });
    expect(none.json().data.searches.currencies[0]).toMatchObject({
      changed: fromTashkent.length,
      margin_before: dollars(margin),
      margin_after: '0.00',
    });

    // An order booked under the rule: its supplier's cost comes from its stored offer, not from its price.
    const offer = (await search('TAS', 'IST'))[0]!;
    await pay(api.app, api.db, await book(api.app, offer), clock);
    const total = cents(offer.total_amount);
    const costs = Array.from({ length: 100 }, (_, i) => Math.floor(total / 1.05) - 50 + i);
    const cost = costs.find((c) => c + fivePercent(c) === total)!;
    expect(cost).toBeDefined();
    const orders = (await preview({ rule: markup({ scope: { suppliers: ['nobody'] } }), rule_id: id })).json()
      .data.orders;
    expect(orders).toMatchObject({ offers: 3, changed: 2 });
    expect(orders.currencies[0]).toMatchObject({
      margin_before: dollars(fivePercent(ordered) + total - cost),
      margin_after: '0.00',
    });

    const unknown = await preview({ rule: markup(), rule_id: '00000000-0000-4000-8000-000000000009' });
    expect(unknown.statusCode).toBe(404);
    for (const bad of [{ rule: markup({ percent_bp: 0 }) }, { rule: markup(), surprise: 1 }, markup()]) {
      const res = await preview(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });
});
