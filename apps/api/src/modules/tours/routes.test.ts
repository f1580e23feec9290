/**
 * Last-minute tours through the API (inject), on a fresh database with the demo tours seeded at start, and the
 * operator's emails delivered by the outbox to a real SMTP server. (Agency applications, which these tests
 * once shared: routes/v1/agencies/agencies.test.ts.)
 */
import { describe, expect, expectTypeOf, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { useOperatorFormApi } from '../../testing/operator-forms.ts';
import { seedDemoTours } from './service.ts';
import { DEMO_TOURS } from './demo-tours.ts';
import type { LocalizedText } from '@parvoz/db/schema';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';

const OPERATOR = 'sales@parvoz.test';
const clock = new Date('2030-03-01T08:00:00Z');
const { api, post, count } = useOperatorFormApi({ operatorEmail: OPERATOR, clock, ipPrefix: '10.1' });

const get = (url: string) => api.app.inject({ method: 'GET', url });

const validRequest = {
  full_name: 'Dilnoza Karimova',
  email: 'Dilnoza@Example.com',
  phone: '+998901234567',
  adults: 2,
  children: 1,
  message: 'Sea view if possible',
  lang: 'uz',
};

// packages/db sits below the languages (it imports nothing of ours), so a tour's texts name the languages
// themselves; the typecheck of this line fails when they and the site's part.
test('a tour is written in exactly the languages of the site', () => {
  expectTypeOf<keyof LocalizedText>().toEqualTypeOf<Locale>();
  expect(Object.keys(DEMO_TOURS[0]!.title).sort()).toEqual([...LOCALES].sort());
});

describe('the list and the detail', () => {
  test('the demo tours are on sale from the first start, soonest first, in the asked language', async () => {
    const response = await get('/v1/tours?lang=ru');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json();
    expect(body.data).toHaveLength(DEMO_TOURS.length);
    const dates = body.data.map((t: { departs_on: string }) => t.departs_on);
    expect(dates).toEqual([...dates].sort());
    expect(body.data[0]).toMatchObject({
      slug: 'antalya-lara-from-tashkent',
      title: 'Анталья, Лара: 7 ночей «всё включено» из Ташкента',
      origin: { code: 'TAS', name: 'Ташкент' },
      destination: { code: 'AYT', name: 'Анталья', country_code: 'TR', country_name: 'Турция' },
      departs_on: '2030-03-11',
      returns_on: '2030-03-18',
      nights: 7,
      board_basis: 'AI',
      hotel: { name: 'Sunrise Lara Resort', stars: 5 },
      seats_left: 12,
      price: { amount: '689.00', currency: 'USD' },
    });
    expect(body.data[0].includes).toEqual(['flight', 'hotel', 'transfer', 'insurance', 'baggage']);
    expect(body.facets.origins).toEqual([
      { code: 'ALA', name: 'Алматы' },
      { code: 'IST', name: 'Стамбул' },
      { code: 'TAS', name: 'Ташкент' },
    ]);
    expect(body.facets.months).toEqual(['2030-03', '2030-04']);
  });

  test('filters by departure city and month; prices in the display currency', async () => {
    const fromAlmaty = (await get('/v1/tours?lang=en&origin=ala')).json();
    expect(fromAlmaty.data.map((t: { slug: string }) => t.slug)).toEqual([
      'tbilisi-old-town-from-almaty',
      'batumi-from-almaty',
    ]);
    expect(fromAlmaty.facets.origins).toHaveLength(3);
    const april = (await get('/v1/tours?lang=en&month=2030-04')).json();
    expect(april.data.every((t: { departs_on: string }) => t.departs_on.startsWith('2030-04'))).toBe(true);
    expect(april.data.length).toBeGreaterThan(0);
    const none = (await get('/v1/tours?lang=en&origin=IST&month=2030-04')).json();
    expect(none.data.map((t: { slug: string }) => t.slug)).toEqual(['dubai-downtown-from-istanbul']);
    const inSum = (await get('/v1/tours?lang=uz&currency=UZS&origin=TAS')).json();
    expect(inSum.data[0].price).toEqual({ amount: '8750300', currency: 'UZS' });
    expect(inSum.data[0].base_price).toEqual({ amount: '689.00', currency: 'USD' });
  });

  test('bad filters are a 400, never a 500', async () => {
    for (const query of [
      'month=2030-13',
      'month=march',
      'origin=TASH',
      'lang=de',
      'currency=GBP',
      'origin[0]=TAS',
    ]) {
      const response = await get(`/v1/tours?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  test('a tour page in each language; an unknown tour is a 404, a malformed slug a 400', async () => {
    const tr = (await get('/v1/tours/tbilisi-old-town-from-almaty?lang=tr')).json();
    expect(tr.data).toMatchObject({
      title: 'Tiflis: Almatı’dan Eski Şehir’de 4 gece',
      destination: { name: 'Tiflis', country_code: 'GE' },
    });
    expect(tr.data.description).toContain('Mtskheta');
    expect((await get('/v1/tours/no-such-tour')).statusCode).toBe(404);
    expect((await get('/v1/tours/Bad_Slug!')).statusCode).toBe(400);
  });
});

describe('requests', () => {
  test('a request is stored and the operator gets an email in the operator’s language', async () => {
    const before = await count('tour_requests');
    const response = await post('/v1/tours/dubai-marina-from-tashkent/requests', validRequest);
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count('tour_requests')).toBe(before + 1);
    const stored = await api.db.execute<Record<string, unknown>>(
      sql`SELECT full_name, email, phone, adults, children, message, lang FROM tour_requests WHERE id = ${id}`,
    );
    expect(stored.rows[0]).toEqual({
      full_name: 'Dilnoza Karimova',
      email: 'dilnoza@example.com',
      phone: '+998901234567',
      adults: 2,
      children: 1,
      message: 'Sea view if possible',
      lang: 'uz',
    });

    await api.app.outbox.runOnce();
    const mail = await api.smtp.waitFor(OPERATOR, 5_000);
    expect(mail.subject).toBe(
      'Заявка на тур: Дубай Марина: 5 ночей с завтраками из Ташкента — Dilnoza Karimova',
    );
    expect(mail.text).toContain('+998901234567');
    expect(mail.text).toContain('dilnoza@example.com');
    expect(mail.text).toContain('2 взрослых, 1 ребёнок');
    expect(mail.text).toContain('https://parvoz.test/ru/tours/dubai-marina-from-tashkent');
    expect(mail.text).toContain(id);
    expect(mail.html).toContain('Sea view if possible');
  });

  test('invalid input is a 400 with the fields named, and nothing is stored', async () => {
    const before = await count('tour_requests');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ phone: '12345' }, '/phone'],
      [{ phone: '+998 90 123 45 67' }, '/phone'],
      [{ email: 'not-an-email' }, '/email'],
      [{ full_name: 'A' }, '/full_name'],
      [{ adults: 0 }, '/adults'],
      [{ adults: 5, children: 5 }, '/children'],
      [{ message: 'x'.repeat(1001) }, '/message'],
      [{ lang: 'de' }, '/lang'],
    ];
    for (const [change, path] of cases) {
      const response = await post('/v1/tours/dubai-marina-from-tashkent/requests', {
        ...validRequest,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const details = response.json().error.details as Array<{ path: string }>;
      expect(details.map((d) => d.path)).toContain(path);
    }
    expect((await post('/v1/tours/dubai-marina-from-tashkent/requests', '{"broken')).statusCode).toBe(400);
    expect(await count('tour_requests')).toBe(before);
  });

  test('more travellers than places left is refused (422); an unknown tour is a 404', async () => {
    const before = await count('tour_requests');
    const tooMany = await post('/v1/tours/phuket-patong-from-tashkent/requests', {
      ...validRequest,
      adults: 4,
      children: 1,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.details).toEqual({ reason: 'not_enough_seats', seats_left: 4 });
    expect((await post('/v1/tours/no-such-tour/requests', validRequest)).statusCode).toBe(404);
    expect(await count('tour_requests')).toBe(before);
  });

  test('the same Idempotency-Key stores one request; reused for another body it is refused', async () => {
    const before = await count('tour_requests');
    const headers = { 'idempotency-key': 'tour-request-key-0001' };
    const first = await post('/v1/tours/bodrum-from-istanbul/requests', validRequest, headers);
    const again = await post('/v1/tours/bodrum-from-istanbul/requests', validRequest, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count('tour_requests')).toBe(before + 1);
    const other = await post(
      '/v1/tours/bodrum-from-istanbul/requests',
      { ...validRequest, adults: 1 },
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(
      (await post('/v1/tours/bodrum-from-istanbul/requests', validRequest, { 'idempotency-key': 'x' }))
        .statusCode,
    ).toBe(400);
    expect(await count('tour_requests')).toBe(before + 1);
  });

  test("another visitor's equal Idempotency-Key is another key: their own request, never a 422", async () => {
    const before = await count('tour_requests');
    const key = 'tour-request-key-0002';
    const as = (visitor: string, body: unknown) =>
      post('/v1/tours/bodrum-from-istanbul/requests', body, {
        'idempotency-key': key,
        'x-parvoz-visitor': visitor.repeat(43),
      });
    const mine = await as('a', validRequest);
    const theirs = await as('b', { ...validRequest, adults: 1 });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json()).not.toEqual(mine.json());
    expect(await count('tour_requests')).toBe(before + 2);
    expect((await as('a', validRequest)).json()).toEqual(mine.json());
  });

  test('forms are limited per visitor: the 11th within an hour is a 429', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post('/v1/tours/batumi-from-almaty/requests', validRequest)).statusCode).toBe(201);
    }
    const limited = await post('/v1/tours/batumi-from-almaty/requests', validRequest);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sales window and the demo seed', () => {
  test('a tour whose sales closed leaves the list and its page; the seed puts it back on a later date', async () => {
    await api.db.execute(
      sql`UPDATE tours SET valid_until = ${'2030-03-01T00:00:00Z'} WHERE slug = 'bodrum-from-istanbul'`,
    );
    const list = (await get('/v1/tours?lang=en')).json();
    expect(list.data.map((t: { slug: string }) => t.slug)).not.toContain('bodrum-from-istanbul');
    expect((await get('/v1/tours/bodrum-from-istanbul')).statusCode).toBe(404);
    expect((await post('/v1/tours/bodrum-from-istanbul/requests', validRequest)).statusCode).toBe(404);

    await seedDemoTours(api.db, clock);
    const back = (await get('/v1/tours/bodrum-from-istanbul')).json();
    expect(back.data.departs_on).toBe('2030-03-13');
    const total = await api.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tours`);
    expect(total.rows[0]!.n).toBe(DEMO_TOURS.length);
  });

  test('the seed leaves tours on sale alone and is idempotent', async () => {
    const before = (await get('/v1/tours?lang=en')).json();
    await seedDemoTours(api.db, new Date(clock.getTime() + 86_400_000));
    await seedDemoTours(api.db, new Date(clock.getTime() + 86_400_000));
    expect((await get('/v1/tours?lang=en')).json()).toEqual(before);
  });
});
