/**
 * Live mode (PARVOZ_MODE=live; docs/operations.md, "Demo and live mode"): a live API over the database of a demo
 * one neither shows nor sells the built-in network, refuses its offers as unknown, takes no payment for its
 * orders, and has no sandbox (its card page and webhook are 404s, no currency is offered it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Offer } from '@parvoz/core/search-types';
import { MESSAGES } from '@parvoz/i18n/messages';
import type { OutgoingEmail } from './adapters/mail/transport.ts';
import { buildTestApi, MANY_ORDERS, memoryMailTransport, startTestApi } from './testing/api.ts';
import { ANON, bookingBody, injectOrder, isoDay, searchOffer } from './testing/booking.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);

const inbox: OutgoingEmail[] = [];
let demo: Awaited<ReturnType<typeof startTestApi>>;
let live: FastifyInstance;
let offer: Offer;
let order: { id: string; access_token: string };
let sandboxPath: string;

beforeAll(async () => {
  demo = await startTestApi({ ...MANY_ORDERS }, { now, mailTransport: memoryMailTransport(inbox) });
  live = await buildTestApi(demo.db, { ...MANY_ORDERS, mode: 'live' }, { now });
  offer = await searchOffer(demo.app, { date: isoDay(start, 30) });
  const booked = await injectOrder(demo.app, bookingBody(offer), 'live-mode-demo-order');
  expect(booked.statusCode).toBe(201);
  order = booked.json().data;
  const paying = await demo.app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/payments?access_token=${order.access_token}`,
    headers: ANON,
    payload: {},
  });
  expect(paying.statusCode).toBe(201);
  sandboxPath = new URL(paying.json().data.redirect_url as string, 'http://localhost').pathname;
});

afterAll(async () => {
  await live?.close();
  await demo?.close();
});

/** A forged offer id: the demo one with its last character changed. */
const forged = (id: string) => id.slice(0, -1) + (id.endsWith('A') ? 'B' : 'A');

describe('the built-in network on a live site', () => {
  test('a search is still checked, but answers no built-in offer', async () => {
    const search = (origin: string) =>
      live.inject({
        method: 'POST',
        url: '/v1/flights/search',
        headers: ANON,
        payload: {
          slices: [{ origin, destination: 'IST', departure_date: isoDay(start, 30) }],
          passengers: { adults: 1, children: 0, infants: 0 },
          cabin_class: 'economy',
        },
      });
    const answer = await search('TAS');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.offers).toEqual([]);
    const refused = await search('ZZZ');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('validation_failed');
  });

  test('"anywhere" has no fares to show (no calendar of low fares), and scans nothing', async () => {
    const answer = await live.inject({
      method: 'GET',
      url: '/v1/flights/anywhere?origin=TAS&month=2027-02',
      headers: ANON,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ origin: { code: 'TAS' }, destinations: [] });
  });

  test('a demo offer is refused exactly as an unknown one', async () => {
    const demoOffer = await live.inject({ method: 'GET', url: `/v1/offers/${offer.id}`, headers: ANON });
    const unknown = await live.inject({
      method: 'GET',
      url: `/v1/offers/${forged(offer.id)}`,
      headers: ANON,
    });
    expect(demoOffer.statusCode).toBe(unknown.statusCode);
    expect(demoOffer.json().error.code).toBe(unknown.json().error.code);
    expect(demoOffer.statusCode).toBe(404);

    const booked = await injectOrder(live, bookingBody(offer), 'live-mode-live-order');
    const forgedBooking = await injectOrder(
      live,
      bookingBody({ ...offer, id: forged(offer.id) }),
      'live-mode-forged-order',
    );
    expect(booked.statusCode).toBe(400);
    expect(booked.json().error).toEqual(forgedBooking.json().error);
  });

  test('a demo order is offered no provider and its payment is refused', async () => {
    const options = await live.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}/payment_options?access_token=${order.access_token}`,
      headers: ANON,
    });
    expect(options.statusCode).toBe(422);
    expect(options.json().error.details).toMatchObject({ reason: 'demo_order' });
    const paying = await live.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/payments?access_token=${order.access_token}`,
      headers: ANON,
      payload: {},
    });
    expect(paying.statusCode).toBe(422);
    expect(paying.json().error.details).toMatchObject({ reason: 'demo_order' });
  });
});

describe('the sandbox on a live site', () => {
  test('its card page and webhook do not exist', async () => {
    expect((await demo.app.inject({ method: 'GET', url: sandboxPath })).statusCode).toBe(200);
    expect((await live.inject({ method: 'GET', url: sandboxPath })).statusCode).toBe(404);
    const webhook = await live.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });

  test('no currency is offered it', async () => {
    const listed = await live.inject({ method: 'GET', url: '/v1/payments/providers', headers: ANON });
    expect(listed.json().data.providers).toEqual([]);
  });
});

test('every email of a demonstration site says so, in its language', async () => {
  for (const [i, lang] of (['en', 'ru', 'uz', 'tr'] as const).entries()) {
    const asked = await demo.app.inject({
      method: 'POST',
      url: '/v1/auth/code',
      remoteAddress: `198.51.100.${10 + i}`,
      payload: { email: `demo-${lang}@example.com`, lang },
    });
    expect(asked.statusCode).toBeLessThan(300);
  }
  await demo.app.outbox.runOnce();
  for (const lang of ['en', 'ru', 'uz', 'tr'] as const) {
    const mail = inbox.find((m) => m.to === `demo-${lang}@example.com`);
    expect(mail!.text.startsWith(`${MESSAGES[lang]['demo.banner']}\n\n`)).toBe(true);
    expect(mail!.html).toMatch(/<body[^>]*><div style="[^"]*">[^<]+<\/div>/);
  }
});
