import { describe, expect, test } from 'vitest';
import type { PriceAlertFormResult } from '../../features/price-alerts/result.ts';
import { answerOf, postedForm, type Asked, NOT_FOUND, useApiStandIn } from '../../testing/api-stand-in.ts';
import { action } from './subscribe.server.ts';

// The price-alert form of a results page posted without JavaScript, against a stand-in of POST
// /v1/price_alerts: the contract's form schema reads the email and the results page's segment; a form it
// refuses comes back with what was typed and subscribes nobody.
/** A results page's segment a month from today (DDMM: the search path's date of departure). */
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
const SEGMENT = `TAS${inAMonth.slice(8, 10)}${inAMonth.slice(5, 7)}IST1`;

const answer = ({ method, path, body }: Asked) =>
  method === 'POST' && path === '/v1/price_alerts'
    ? { status: 202, body: { data: { status: 'pending', email: (body as { email: string }).email } } }
    : NOT_FOUND;

const standIn = useApiStandIn(answer);

const post = (fields: Record<string, string>) =>
  answerOf<PriceAlertFormResult>(() =>
    action(postedForm(standIn.api, '/en/price-alerts', fields, { lang: 'en' }, { currency: 'UZS' })),
  );

describe('the price-alert form', () => {
  test('subscribes the email to the search of the results page it was on', async () => {
    const { data, status } = await post({ email: 'Traveller@Example.com', segment: SEGMENT });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, segment: SEGMENT });
    expect(standIn.asked).toHaveLength(1);
    expect(standIn.asked[0]!.body).toMatchObject({
      origin: 'TAS',
      destination: 'IST',
      currency: 'UZS',
      lang: 'en',
    });
  });

  test('three days either side, or the month: a range of departures the API watches', async () => {
    const departure = inAMonth.slice(0, 10);
    const day = (offset: number) =>
      new Date(Date.parse(`${departure}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    await post({ email: 'week@example.com', segment: SEGMENT, dates: 'week' });
    expect(standIn.asked[0]!.body).toMatchObject({
      departure_date: day(-3),
      departure_until: day(3),
      return_date: null,
    });
    const back = `${SEGMENT.slice(0, 10)}${day(5).slice(8, 10)}${day(5).slice(5, 7)}1`;
    await post({ email: 'month@example.com', segment: back, dates: 'month' });
    const [year, month] = departure.split('-').map(Number) as [number, number];
    const first = `${departure.slice(0, 7)}-01`;
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const from = first < today ? today : first;
    // The stay (5 days) is kept from the range's first day.
    expect(standIn.asked[1]!.body).toMatchObject({
      departure_date: from,
      departure_until: last,
      return_date: new Date(Date.parse(`${from}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    // A choice the form does not offer is refused: nobody is subscribed.
    await post({ email: 'day@example.com', segment: SEGMENT, dates: 'year' });
    expect(standIn.asked).toHaveLength(2);
  });

  test('an email that is no email address comes back under its field, as typed', async () => {
    const { data, status } = await post({ email: 'not an email', segment: SEGMENT });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, segment: SEGMENT, email: 'not an email' });
    expect(data?.submission?.error).toHaveProperty('email');
    expect(standIn.asked).toEqual([]);
  });

  test.each([
    ['no results page', { email: 'traveller@example.com' }],
    ['a segment that is no search', { email: 'traveller@example.com', segment: '../../admin' }],
  ])('%s: the page says it could not subscribe, and nobody is subscribed', async (_name, fields) => {
    expect(await post(fields)).toMatchObject({
      status: 400,
      data: { ok: false, problem: 'generic', segment: '', email: 'traveller@example.com' },
    });
    expect(standIn.asked).toEqual([]);
  });
});
