/**
 * The sandbox card page's session is a secret (whoever has `/v1/sandbox-pay/sbx_…` can pay or decline the
 * order), so the request log names its route pattern, never the path as asked: the API runs with its logger
 * writing to a captured stream, the card page is opened, refused, challenged and paid, and the lines are scanned
 * (apps/api/src/logging.ts `loggedUrl`, docs/decisions/0021-log-redaction-when-written.md).
 */
import { afterAll, expect, test } from 'vitest';
import { routesOf, startTestApi } from '../../../testing/api.ts';
import { capturedLog } from '../../../testing/captured-log.ts';
import { ANON, bookingBody, injectOrder, isoDay, searchOffer } from '../../../testing/booking.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('no card page session reaches the request log: its requests are logged by route pattern', async () => {
  const { lines, stream } = capturedLog();
  const { app, close } = await startTestApi(
    { rateLimitScale: 1000 },
    { now: () => new Date(start), logStream: stream },
  );
  cleanups.push(close);
  // Listening: the card page tells the site of the payment by a webhook over HTTP, like an outside provider.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const offer = await searchOffer(app, { date: isoDay(start, 30) });

  const secrets: string[] = [];
  const openCardPage = async (key: string) => {
    const booked = await injectOrder(app, bookingBody(offer), key);
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().data as { id: string; access_token: string };
    const started = await app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/payments?access_token=${order.access_token}`,
      headers: ANON,
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    const url: string = started.json().data.redirect_url;
    expect(url).toMatch(/^\/v1\/sandbox-pay\/sbx_/);
    secrets.push(order.access_token, url.split('/').at(-1)!);
    return url;
  };
  const card = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        expiry: '12/30',
        cvc: '123',
        holder: 'ANNA KARIMOVA',
        ...fields,
      }).toString(),
    });

  // Opened (GET and HEAD, with a query), refused (a card failing Luhn), then paid.
  const paid = await openCardPage('log-scan-paid');
  expect((await app.inject({ url: paid })).statusCode).toBe(200);
  expect((await app.inject({ method: 'HEAD', url: `${paid}?lang=en` })).statusCode).toBe(200);
  expect((await card(paid, { card_number: '4242424242424241' })).statusCode).toBe(422);
  expect((await card(paid, { card_number: '4242424242424242' })).statusCode).toBe(303);
  // A 3-D Secure card: the challenge page, then its confirmation.
  const challenged = await openCardPage('log-scan-3ds');
  const challenge = await card(challenged, { card_number: '4000000000003220' });
  expect(challenge.statusCode).toBe(200);
  const value = /name="challenge" value="([^"]+)"/.exec(challenge.body)?.[1];
  expect(value).toBeDefined();
  const confirmed = await app.inject({
    method: 'POST',
    url: `${challenged}/3ds`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ challenge: value!, decision: 'confirm' }).toString(),
  });
  expect(confirmed.statusCode).toBe(303);
  // A session that does not exist is a secret guess all the same.
  await app.inject({ url: '/v1/sandbox-pay/sbx_AAAAAAAAAAAAAAAAAAAAAA' });

  const text = lines.join('\n');
  expect(text).not.toContain('sbx_');
  for (const secret of secrets) expect(text).not.toContain(secret);
  // The scan looked at real lines: every request above was logged, by its route pattern.
  const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
  expect(urls.filter((url) => url === '/v1/sandbox-pay/:session').length).toBeGreaterThanOrEqual(5);
  expect(urls).toContain('/v1/sandbox-pay/:session?lang=en');
  expect(urls).toContain('/v1/sandbox-pay/:session/3ds');

  // The API's other path parameters name records (an order id alone opens nothing without its access token):
  // a new parameter that is a secret must be named like one (`:token`, `:session`…) to be logged by pattern.
  const params = new Set(
    routesOf(app).flatMap((route) => [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1])),
  );
  expect([...params].sort()).toEqual([
    'change_id',
    'id',
    'name',
    'provider',
    'refund_id',
    'session',
    'slug',
    'userId',
  ]);
}, 120_000);
