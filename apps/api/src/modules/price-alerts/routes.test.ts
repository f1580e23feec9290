/**
 * Price alerts (docs/operations.md#price-alerts) through HTTP (inject, PGlite): subscribe → the confirmation
 * email → confirm → the worker re-prices and emails once per drop (the price moved through sold seats, as the
 * engine moves it) → unsubscribe from the email's link; the signed-in traveller's list and delete; who may
 * and who gets 404; the limits per caller, per address and per address's live alerts; bad input; no token in
 * the log.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { beforeEach, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';
import type { PriceAlert } from '@parvoz/contracts/price-alerts';
import { formatMoney } from '@parvoz/i18n/currency';
import { useTestApi, memoryMailTransport } from '../../testing/api.ts';
import type { OutgoingEmail } from '../../adapters/mail/transport.ts';
import { ANON, isoDay } from '../../testing/booking.ts';
import { raiseLowestPrice, releaseSeats, sellOut } from './testing/price-moves.ts';
import { ROUTE_LIMITS } from '../../rate-limit.ts';
import { CONFIRM_EMAILS_PER_DAY, CONFIRM_TTL_MS } from './service.ts';
import { PRICE_HISTORY_KEPT } from '@parvoz/core/price-alerts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';

const SITE = 'https://parvoz.example';
const INTERVAL_S = 3600;
const MAX_PER_EMAIL = 3;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const inbox: OutgoingEmail[] = [];
const logLines: string[] = [];
let ips = 0;

const api = useTestApi(
  {
    publicUrl: SITE,
    priceAlertIntervalSeconds: INTERVAL_S,
    priceAlertMinDropPercent: 5,
    priceAlertMaxPerEmail: MAX_PER_EMAIL,
  },
  {
    now: () => new Date(clock),
    mailTransport: memoryMailTransport(inbox),
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
);

/** Each test's requests come from an address of their own, so the per-IP budget is the test's own. */
const newIp = () => `198.51.100.${++ips}`;

type Search = {
  origin: string;
  destination: string;
  departure_date: string;
  return_date?: string | null;
  departure_until?: string | null;
  passengers: { adults: number; children?: number; infants?: number };
  cabin_class?: 'economy' | 'business';
};
const search = (days: number, over: Partial<Search> = {}): Search => ({
  origin: 'TAS',
  destination: 'IST',
  departure_date: isoDay(start, days),
  passengers: { adults: 1 },
  ...over,
});

function subscribe(
  email: unknown,
  s: Search,
  options: { ip?: string; lang?: string; currency?: string; headers?: Record<string, string> } = {},
) {
  return api.app.inject({
    method: 'POST',
    url: '/v1/price_alerts',
    headers: options.headers ?? ANON,
    remoteAddress: options.ip ?? newIp(),
    payload: { email, lang: options.lang ?? 'en', currency: options.currency ?? 'USD', ...s },
  });
}

const post = (path: string, payload: Record<string, unknown>, ip = newIp()) =>
  api.app.inject({
    method: 'POST',
    url: `/v1/price_alerts/${path}`,
    headers: ANON,
    remoteAddress: ip,
    payload,
  });

/** The offers of a search as the results page gets them, read with a fresh view of sold seats. */
async function offersOf(s: Search, currency = 'USD'): Promise<Offer[]> {
  clock += 3_000; // past the search's 2-second cache of sold seats
  const slices = [{ origin: s.origin, destination: s.destination, departure_date: s.departure_date }];
  if (s.return_date)
    slices.push({ origin: s.destination, destination: s.origin, departure_date: s.return_date });
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    remoteAddress: '203.0.113.250',
    payload: { slices, passengers: s.passengers, cabin_class: s.cabin_class ?? 'economy', currency },
  });
  expect(response.statusCode, response.body).toBe(200);
  return expandSearchOffers(response.json().data) as Offer[];
}
const lowestOf = (offers: Offer[]) => Math.min(...offers.map((o) => Number(o.total_amount)));

async function mailTo(address: string): Promise<OutgoingEmail[]> {
  await api.app.outbox.runOnce();
  return inbox.filter((m) => m.to === address);
}

function linkIn(email: OutgoingEmail, page: 'confirm' | 'unsubscribe'): URL {
  const match = new RegExp(`https://parvoz\\.example/\\w+/price-alerts/${page}\\?token=[\\w-]+`).exec(
    email.text,
  );
  if (!match) throw new Error(`no ${page} link in: ${email.text}`);
  expect(email.html).toContain(match[0]);
  return new URL(match[0]);
}
const tokenOf = (url: URL) => url.searchParams.get('token')!;

async function signIn(email: string) {
  await api.app.inject({ method: 'POST', url: '/v1/auth/code', payload: { email, lang: 'en' } });
  const code = /\b(\d{6})\b/.exec((await mailTo(email)).at(-1)!.text)![1];
  const verified = await api.app.inject({ method: 'POST', url: '/v1/auth/verify', payload: { email, code } });
  return { authorization: `Bearer ${verified.json().data.token}` };
}

async function alertRow(email: string) {
  const rows = await api.db.select().from(schema.priceAlerts).where(eq(schema.priceAlerts.email, email));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Subscribes and confirms; returns the alert as the confirmation answered it. */
async function activeAlert(email: string, s: Search, lang = 'en'): Promise<PriceAlert> {
  const subscribed = await subscribe(email, s, { lang });
  expect(subscribed.statusCode, subscribed.body).toBe(202);
  const confirmed = await post('confirm', {
    token: tokenOf(linkIn((await mailTo(email)).at(-1)!, 'confirm')),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data;
}

describe('subscribing and confirming', () => {
  test('the first email confirms; only then is the alert active, at the price the traveller saw', async () => {
    const email = 'first.alert@example.com';
    const s = search(40);
    const lowest = lowestOf(await offersOf(s, 'RUB'));
    const created = await subscribe('  First.Alert@Example.com ', s, { lang: 'ru', currency: 'RUB' });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json()).toEqual({ data: { status: 'pending', email } });

    const row = await alertRow(email);
    expect(row).toMatchObject({ status: 'pending', lang: 'ru', currency: 'RUB', origin: 'TAS' });
    expect(row.referencePriceMinor).toBe(Math.round(lowest * 100));

    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Подтвердите уведомление о цене: Ташкент → Стамбул');
    expect(mail!.text).toContain(formatMoney('ru', lowest, 'RUB'));
    expect(mail!.text).toContain('5 %');
    const link = linkIn(mail!, 'confirm');
    expect(link.pathname).toBe('/ru/price-alerts/confirm');

    // The token is kept only as its SHA-256.
    const tokens = await api.db.select().from(schema.priceAlertTokens);
    const stored = tokens.find((t) => t.alertId === row.id)!;
    expect(stored.tokenHash).toBe(createHash('sha256').update(tokenOf(link)).digest('hex'));
    expect(JSON.stringify(tokens)).not.toContain(tokenOf(link));

    const confirmed = await post('confirm', { token: tokenOf(link), lang: 'en' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: 'active',
      origin: 'TAS',
      destination: 'IST',
      origin_name: 'Tashkent',
      destination_name: 'Istanbul',
      departure_date: s.departure_date,
      currency: 'RUB',
      reference_amount: lowest.toFixed(2),
    });
    // Opening the link again says the same.
    expect((await post('confirm', { token: tokenOf(link) })).json().data.status).toBe('active');
    expect((await alertRow(email)).status).toBe('active');
  });

  test('asking again before confirming sends a new link and the old one stops working', async () => {
    const email = 'asked.twice@example.com';
    const s = search(41);
    await subscribe(email, s);
    const first = linkIn((await mailTo(email))[0]!, 'confirm');
    await subscribe(email, s);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1]!, 'confirm');
    expect((await post('confirm', { token: tokenOf(first) })).statusCode).toBe(404);
    expect((await post('confirm', { token: tokenOf(second) })).statusCode).toBe(200);
    // Subscribing once more to a search already watched sends nothing new.
    expect((await subscribe(email, s)).statusCode).toBe(202);
    expect(await mailTo(email)).toHaveLength(2);
    expect(
      await api.db.select().from(schema.priceAlerts).where(eq(schema.priceAlerts.email, email)),
    ).toHaveLength(1);
  });

  test('a confirmation link works for 7 days; after that it is 404 and nothing is watched', async () => {
    const email = 'late.confirm@example.com';
    await subscribe(email, search(42));
    const link = linkIn((await mailTo(email))[0]!, 'confirm');
    clock += CONFIRM_TTL_MS;
    const late = await post('confirm', { token: tokenOf(link) });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe('not_found');
    expect((await alertRow(email)).status).toBe('pending');
  });

  test('the confirmation email has an unsubscribe link too: it ends the pending alert, and the confirm link then turns nothing on', async () => {
    const email = 'no.thanks@example.com';
    await subscribe(email, search(43));
    const [mail] = await mailTo(email);
    const unsubscribe = linkIn(mail!, 'unsubscribe');
    const done = await post('unsubscribe', { token: tokenOf(unsubscribe) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('unsubscribed');
    expect((await post('confirm', { token: tokenOf(linkIn(mail!, 'confirm')) })).json().data.status).toBe(
      'unsubscribed',
    );
    expect((await alertRow(email)).status).toBe('unsubscribed');
  });

  test('an unknown or malformed token: 404 and 400, never a 500', async () => {
    const unknown = 'A'.repeat(43);
    for (const path of ['confirm', 'unsubscribe']) {
      expect((await post(path, { token: unknown })).statusCode).toBe(404);
      for (const token of ['short', `${unknown}A`, 'A'.repeat(42) + '!', 42, null]) {
        const response = await post(path, { token });
        expect(response.statusCode, String(token)).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
      expect((await post(path, {})).statusCode).toBe(400);
    }
  });
});

describe('the worker', () => {
  // Each test counts what one pass checks: alerts of earlier tests must not be due.
  beforeEach(async () => {
    await api.db.delete(schema.priceAlerts);
  });

  test('emails once when the lowest price drops by 5 %, with an unsubscribe link that works signed out', async () => {
    const email = 'watcher@example.com';
    const s = search(45);
    // The price rises (flights fill up) before the traveller subscribes…
    const raised = await raiseLowestPrice({ db: api.db, search: () => offersOf(s) });
    expect(raised.after).toBeGreaterThan(raised.before * 1.05);
    clock += 3_000;
    const alert = await activeAlert(email, s, 'tr');
    expect(Number(alert.reference_amount)).toBe(raised.after);

    // …no drop yet: the worker checks and stays quiet.
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 1, emailed: 0 });
    expect(await mailTo(email)).toHaveLength(1);
    // Not due again before the interval.
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 0, emailed: 0 });

    // The seats go back on sale: the price drops.
    await releaseSeats(api.db, raised.held);
    expect(lowestOf(await offersOf(s))).toBe(raised.before);
    clock += INTERVAL_S * 1000;
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 1, emailed: 1 });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    const drop = mails[1]!;
    const money = (amount: number) => formatMoney('tr', amount, 'USD');
    expect(drop.subject).toBe(`Daha ucuz: Taşkent → İstanbul, en düşük fiyat ${money(raised.before)}`);
    expect(drop.text).toContain(money(raised.after));
    expect(drop.text).toContain(
      `${SITE}/tr/flight/TAS${s.departure_date.slice(8, 10)}${s.departure_date.slice(5, 7)}IST1`,
    );
    const row = await alertRow(email);
    expect(row.referencePriceMinor).toBe(Math.round(raised.before * 100));
    expect(row.lastPriceMinor).toBe(Math.round(raised.before * 100));

    // The same price later: no second email.
    clock += INTERVAL_S * 1000;
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 1, emailed: 0 });
    expect(await mailTo(email)).toHaveLength(2);

    // Unsubscribe from the email's link, without signing in: nothing is checked any more.
    const unsubscribe = linkIn(drop, 'unsubscribe');
    expect(unsubscribe.pathname).toBe('/tr/price-alerts/unsubscribe');
    const done = await post('unsubscribe', { token: tokenOf(unsubscribe) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'unsubscribed', origin_name: 'Taşkent' });
    expect((await post('unsubscribe', { token: tokenOf(unsubscribe) })).json().data.status).toBe(
      'unsubscribed',
    );
    clock += INTERVAL_S * 1000;
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 0, emailed: 0 });
    // A confirmation token does not unsubscribe, nor an unsubscribe token confirm.
    expect((await post('confirm', { token: tokenOf(unsubscribe) })).statusCode).toBe(404);
  });

  test('an alert whose departure has passed expires quietly', async () => {
    const email = 'expires@example.com';
    await activeAlert(email, { ...search(0), departure_date: isoDay(clock, 2) });
    clock += 5 * 86_400_000;
    expect(await api.app.priceAlerts.runOnce()).toMatchObject({ emailed: 0 });
    expect((await alertRow(email)).status).toBe('expired');
    clock -= 5 * 86_400_000;
  });
  test('unconfirmed alerts are deleted after 7 days, ended ones after 30', async () => {
    const saved = clock;
    const count = async (email: string) =>
      (await api.db.select().from(schema.priceAlerts).where(eq(schema.priceAlerts.email, email))).length;
    await subscribe('never.confirmed@example.com', search(100));
    await activeAlert('ended@example.com', { ...search(0), departure_date: isoDay(clock, 2) });
    clock += 3 * 86_400_000;
    await api.app.priceAlerts.runOnce(); // its flight has left: ended
    clock += 5 * 86_400_000;
    await api.app.priceAlerts.runOnce();
    expect(await count('never.confirmed@example.com')).toBe(0);
    expect(await count('ended@example.com')).toBe(1);
    clock += 30 * 86_400_000;
    await api.app.priceAlerts.runOnce();
    expect(await count('ended@example.com')).toBe(0);
    clock = saved;
  });
});

describe('a range of departures (docs/operations.md#price-alerts)', () => {
  beforeEach(async () => {
    await api.db.delete(schema.priceAlerts);
  });

  /** The lowest of the range's days in the calendar of low fares, and its day. */
  async function cheapestOfRange(s: Search, currency = 'USD') {
    const days = (Date.parse(s.departure_until!) - Date.parse(s.departure_date)) / 86_400_000 + 1;
    const stay = s.return_date
      ? (Date.parse(s.return_date) - Date.parse(s.departure_date)) / 86_400_000
      : null;
    const calendar = await api.app.inject({
      method: 'GET',
      url: `/v1/flights/calendar?origin=${s.origin}&destination=${s.destination}&from=${s.departure_date}&days=${days}&currency=${currency}${stay === null ? '' : `&return_after=${stay}`}`,
      headers: ANON,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const priced = (calendar.json().data.days as { date: string; min_amount: string | null }[]).filter(
      (d) => d.min_amount !== null,
    );
    const best = priced.reduce((a, b) => (Number(b.min_amount) < Number(a.min_amount) ? b : a));
    return { date: best.date, amount: Number(best.min_amount) };
  }

  test('a week of round trips: the lowest of its days, an email naming the cheapest day and opening it, a price history', async () => {
    const email = 'any.day@example.com';
    const s = search(60, { departure_until: isoDay(start, 66), return_date: isoDay(start, 65) });
    const lowest = await cheapestOfRange(s);
    expect((await subscribe(email, s, { lang: 'ru' })).statusCode).toBe(202);
    const row = await alertRow(email);
    expect(row).toMatchObject({ departureUntil: s.departure_until, returnDate: s.return_date });
    expect(row.referencePriceMinor).toBe(Math.round(lowest.amount * 100));
    const [confirm] = await mailTo(email);
    // The confirmation says which days are watched, and the stay.
    expect(confirm!.text).toMatch(/в любой день с .+ по .+, обратно через 5 дней/);
    const confirmed = await post('confirm', { token: tokenOf(linkIn(confirm!, 'confirm')) });
    expect(confirmed.json().data).toMatchObject({ departure_until: s.departure_until, history: [] });

    // The traveller saw a higher price than today's: the first check finds the drop.
    await api.db
      .update(schema.priceAlerts)
      .set({ referencePriceMinor: Math.round(lowest.amount * 200) })
      .where(eq(schema.priceAlerts.email, email));
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 1, emailed: 1 });
    const drop = (await mailTo(email))[1]!;
    const ddmm = (date: string) => date.slice(8, 10) + date.slice(5, 7);
    const back = isoDay(Date.parse(`${lowest.date}T00:00:00Z`), 5);
    expect(drop.text).toContain(`${SITE}/ru/flight/TAS${ddmm(lowest.date)}IST${ddmm(back)}1`);
    expect(drop.text).toContain('Самый дешёвый день сейчас:');
    clock += INTERVAL_S * 1000;
    expect(await api.app.priceAlerts.runOnce()).toEqual({ checked: 1, emailed: 0 });

    // The list shows each check, oldest first.
    const owner = await signIn(email);
    const [listed] = (await api.app.inject({ method: 'GET', url: '/v1/price_alerts', headers: owner })).json()
      .data as PriceAlert[];
    expect(listed!.history.map((h) => h.amount)).toEqual([
      lowest.amount.toFixed(2),
      lowest.amount.toFixed(2),
    ]);
    expect(listed!.history[0]!.checked_at < listed!.history[1]!.checked_at).toBe(true);
  });

  test('only the latest checks are kept; a range whose days have all passed expires', async () => {
    const email = 'short.range@example.com';
    const s = search(0, { departure_date: isoDay(clock, 3), departure_until: isoDay(clock, 4) });
    await activeAlert(email, s);
    const { id } = await alertRow(email);
    for (let i = 0; i < PRICE_HISTORY_KEPT + 2; i++) {
      expect((await api.app.priceAlerts.runOnce()).checked).toBe(1);
      clock += INTERVAL_S * 1000;
    }
    const kept = await api.db
      .select()
      .from(schema.priceAlertPrices)
      .where(eq(schema.priceAlertPrices.alertId, id));
    expect(kept).toHaveLength(PRICE_HISTORY_KEPT);
    clock += 3 * 86_400_000;
    await api.app.priceAlerts.runOnce();
    expect((await alertRow(email)).status).toBe('expired');
  });

  test.each([
    ['a range ending before it starts', (s: Search) => ({ ...s, departure_until: isoDay(start, 39) })],
    ['a range of more than 61 days', (s: Search) => ({ ...s, departure_until: isoDay(start, 102) })],
    ['a range end that is no date', (s: Search) => ({ ...s, departure_until: '2027-02-30' })],
  ])('%s: 400 naming departure_until, nothing stored', async (_name, change) => {
    const response = await subscribe('bad.range@example.com', change(search(40)));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details[0].path).toBe('/departure_until');
    expect(
      await api.db
        .select()
        .from(schema.priceAlerts)
        .where(eq(schema.priceAlerts.email, 'bad.range@example.com')),
    ).toHaveLength(0);
  });
});

describe('limits', () => {
  test(`an address watches at most ${MAX_PER_EMAIL} searches (pending ones count)`, async () => {
    const email = 'many.searches@example.com';
    for (let i = 0; i < MAX_PER_EMAIL; i++)
      expect((await subscribe(email, search(50 + i))).statusCode).toBe(202);
    const refused = await subscribe(email, search(60));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'unprocessable',
      details: { reason: 'alert_limit', max: MAX_PER_EMAIL },
    });
    expect(await mailTo(email)).toHaveLength(MAX_PER_EMAIL);
    // Another address is not affected.
    expect((await subscribe('someone.else@example.com', search(60))).statusCode).toBe(202);
  });

  test(`at most ${CONFIRM_EMAILS_PER_DAY} confirmation emails a day to one address, whoever asks`, async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < CONFIRM_EMAILS_PER_DAY; i++)
      expect((await subscribe(email, search(70))).statusCode).toBe(202);
    const refused = await subscribe(email, search(70));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailTo(email)).toHaveLength(CONFIRM_EMAILS_PER_DAY);
  });

  test('plus-aliases and case variants of one address share its live-alert cap (docs/operations.md)', async () => {
    const spellings = ['tagged@example.com', 'Tagged+a@example.com', 'tagged+b@EXAMPLE.com'];
    for (const [i, email] of spellings.entries())
      expect((await subscribe(email, search(90 + i))).statusCode).toBe(202);
    const refused = await subscribe('tagged+c@example.com', search(93));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toMatchObject({ reason: 'alert_limit', max: MAX_PER_EMAIL });
    // The alerts keep the address as typed (lower-cased): the emails go where the traveller asked.
    expect(await mailTo('tagged+a@example.com')).toHaveLength(1);
  });

  test('plus-aliases of one address share its confirmation emails a day', async () => {
    // Three links for one alert, two for another spelling's: five emails to one mailbox.
    for (const email of ['aliased@example.com', 'aliased@example.com', 'Aliased@example.com'])
      expect((await subscribe(email, search(94))).statusCode).toBe(202);
    for (let i = 0; i < 2; i++)
      expect((await subscribe('aliased+x@example.com', search(94))).statusCode).toBe(202);
    expect((await subscribe('aliased+y@example.com', search(94))).statusCode).toBe(429);
  });

  test(`one caller subscribes at most ${ROUTE_LIMITS.priceAlerts.limit} times an hour`, async () => {
    const ip = newIp();
    for (let i = 0; i < ROUTE_LIMITS.priceAlerts.limit; i++)
      expect((await subscribe(`caller${i}@example.com`, search(80), { ip })).statusCode).toBe(202);
    const refused = await subscribe('caller-last@example.com', search(80), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(
      await api.db
        .select()
        .from(schema.priceAlerts)
        .where(eq(schema.priceAlerts.email, 'caller-last@example.com')),
    ).toEqual([]);
    expect((await subscribe('caller-last@example.com', search(80))).statusCode).toBe(202);
  });

  test(`link pages: ${ROUTE_LIMITS.priceAlertLinks.limit} tries per network per 10 minutes`, async () => {
    const ip = newIp();
    for (let i = 0; i < ROUTE_LIMITS.priceAlertLinks.limit; i++)
      expect((await post('unsubscribe', { token: 'B'.repeat(43) }, ip)).statusCode).toBe(404);
    expect((await post('confirm', { token: 'B'.repeat(43) }, ip)).statusCode).toBe(429);
  });
});

describe('the profile: list and delete mine', () => {
  test('a signed-in traveller sees the alerts of their email, and deletes them; others get 404', async () => {
    const mine = 'profile.owner@example.com';
    const other = 'profile.other@example.com';
    const active = await activeAlert(mine, search(90));
    clock += 1_000;
    await subscribe(mine, search(91));
    const theirs = await activeAlert(other, search(92));
    const owner = await signIn(mine);

    const list = await api.app.inject({ method: 'GET', url: '/v1/price_alerts?lang=ru', headers: owner });
    expect(list.statusCode, list.body).toBe(200);
    const alerts: PriceAlert[] = list.json().data;
    expect(alerts.map((a) => [a.departure_date, a.status])).toEqual([
      [search(91).departure_date, 'pending'],
      [search(90).departure_date, 'active'],
    ]);
    expect(alerts[0]).toMatchObject({ origin_name: 'Ташкент', destination_name: 'Стамбул' });

    // Someone else's alert is 404 to delete, and stays.
    const foreign = await api.app.inject({
      method: 'DELETE',
      url: `/v1/price_alerts/${theirs.id}`,
      headers: owner,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await alertRow(other)).status).toBe('active');

    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/v1/price_alerts/${active.id}`,
      headers: owner,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await api.app.inject({ method: 'GET', url: '/v1/price_alerts', headers: owner });
    expect(after.json().data.map((a: PriceAlert) => a.id)).not.toContain(active.id);
    expect(
      (await api.app.inject({ method: 'DELETE', url: `/v1/price_alerts/${active.id}`, headers: owner }))
        .statusCode,
    ).toBe(404);
  });

  test('signed out: 401 to list and delete; a bad id is 400', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/v1/price_alerts', headers: ANON })).statusCode).toBe(
      401,
    );
    const someId = '00000000-0000-4000-8000-000000000000';
    expect(
      (await api.app.inject({ method: 'DELETE', url: `/v1/price_alerts/${someId}`, headers: ANON }))
        .statusCode,
    ).toBe(401);
    const owner = await signIn('bad.id@example.com');
    const bad = await api.app.inject({
      method: 'DELETE',
      url: '/v1/price_alerts/not-a-uuid',
      headers: owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/price_alerts?lang=xx', headers: owner })).statusCode,
    ).toBe(400);
  });
});

describe('bad input', () => {
  test.each([
    ['no email', { email: undefined }],
    ['not an email', { email: 'not-an-email' }],
    ['a lower-case code', { origin: 'tas' }],
    ['the same place twice', { destination: 'TAS' }],
    ['a date that does not exist', { departure_date: '2026-02-30' }],
    ['a return before the departure', { return_date: isoDay(start, 30) }],
    ['no adults', { passengers: { adults: 0 } }],
    ['more infants than adults', { passengers: { adults: 1, infants: 2 } }],
    ['an unknown cabin', { cabin_class: 'first' }],
    ['an unknown currency', { currency: 'XXX' }],
    ['an unknown language', { lang: 'de' }],
  ])('%s: 400 validation_failed and nothing stored', async (_name, change) => {
    const before = await api.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM price_alerts`);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/price_alerts',
      headers: ANON,
      remoteAddress: newIp(),
      payload: { email: 'bad.input@example.com', lang: 'en', currency: 'USD', ...search(40), ...change },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    const after = await api.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM price_alerts`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  test('a search with nothing on sale: 422 no_offers, no email', async () => {
    // Tashkent → Aberdeen (South Dakota): one itinerary on that day, three flights; all of them sold.
    const s = search(40, { destination: 'ABR' });
    await sellOut({ db: api.db, search: () => offersOf(s) });
    clock += 3_000;
    const refused = await subscribe('nothing.on.sale@example.com', s);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'unprocessable', details: { reason: 'no_offers' } });
    expect(await mailTo('nothing.on.sale@example.com')).toEqual([]);
  });

  test('an unknown airport or a date beyond the schedule: 400 from the search, never a 500', async () => {
    for (const change of [{ origin: 'QQQ' }, { departure_date: isoDay(start, 400) }]) {
      const response = await subscribe('unknown.place@example.com', search(40, change));
      expect(response.statusCode, response.body).toBe(400);
    }
  });
});

test('no link token reaches the log', async () => {
  const email = 'log.scan@example.com';
  await activeAlert(email, search(95));
  const token = tokenOf(linkIn((await mailTo(email))[0]!, 'confirm'));
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('\n')).not.toContain(token);
});
