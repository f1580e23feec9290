/**
 * Passengers of a Duffel order as Duffel validates them (docs/duffel.md, Booking; the stand-in's rules and the pages
 * they follow: testing/duffel-passengers.ts): `title` one of mr, ms, mrs, miss, dr; `gender` m or f; `born_on` a
 * date, not in the future, whose age on the final slice's departure is the age the offer asked for (18 or over for
 * one asked for as an adult); `phone_number` in E.164; `email`; names present. The stand-in refuses anything else
 * with Duffel's 422 `validation_error`, its `source` naming the field; and the adapter sends valid values for every
 * passenger the site books (adult, child, infant, either gender) with the phone numbers the booking form takes, so
 * a bad value it sent would fail here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookingContactSchema } from '@parvoz/contracts/booking-form';
import { phoneInputSchema } from '@parvoz/contracts/profile';
import type { DuffelBookingInput, DuffelOrders } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { firstTasIstOfferId, HY_601_FLIGHT, startDuffelAdapters } from './testing/duffel-adapters.ts';
import { duffelPassenger, postDuffelOrder } from './testing/duffel-fixtures.ts';
import { DUFFEL_GENDERS, DUFFEL_TITLES } from './testing/duffel-passengers.ts';
import type { Loose } from '../../payments/testing/http.ts';

const TOKEN = 'duffel_test_passengers0123456789';
const SECRET = 'test-offer-secret-0123456789';
const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const year = Number(date.slice(0, 4));
let server: DuffelTestServer;
let orders: DuffelOrders;
let search: (passengers?: { adults: number; children?: number; infants?: number }) => Promise<string>;
/** The offer asked for these travellers' ages, as a booking prices it first (./ages.ts). */
let atAges: (offerId: string, bornOn: string[]) => Promise<string>;

beforeAll(async () => {
  const started = await startDuffelAdapters({ token: TOKEN, secret: SECRET, flights: [HY_601_FLIGHT] });
  ({ server, orders } = started);
  search = (passengers) => firstTasIstOfferId(started.supplier, date, passengers);
  atAges = async (offerId, bornOn) => {
    const priced = await started.supplier.price(offerId, { now: Date.now(), bornOn });
    if (!priced.ok) throw new Error(priced.error.code);
    return priced.data.id;
  };
});

afterAll(async () => {
  await server?.close();
});

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the stand-in validates create-order passengers as Duffel does', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a title Duffel does not know', { title: 'mx' }, 'title', 'invalid_data'],
    ['a title not in lower case', { title: 'Mr' }, 'title', 'invalid_data'],
    ['a gender spelled out', { gender: 'female' }, 'gender', 'invalid_data'],
    ['a phone without its +', { phone_number: '998901234567' }, 'phone_number', 'invalid_data'],
    ['a phone with spaces', { phone_number: '+998 90 123 45 67' }, 'phone_number', 'invalid_data'],
    ['a phone with a leading 0', { phone_number: '+0998901234567' }, 'phone_number', 'invalid_data'],
    ['an email without a domain', { email: 'anna@' }, 'email', 'invalid_data'],
    ['a born_on that is no date', { born_on: '1990-02-30' }, 'born_on', 'invalid_data'],
    ['a born_on as a timestamp', { born_on: '1990-04-12T00:00:00Z' }, 'born_on', 'invalid_data'],
    ['a born_on in the future', { born_on: dayFromNow(3) }, 'born_on', 'invalid_data'],
    ['an adult aged 1 on the flight', { born_on: `${year - 1}-01-01` }, 'born_on', 'invalid_data'],
    ['a 15-year-old asked for as an adult', { born_on: `${year - 15}-01-01` }, 'born_on', 'invalid_data'],
    ['no given_name', { given_name: '' }, 'given_name', 'validation_required'],
    ['no family_name', { family_name: undefined }, 'family_name', 'validation_required'],
    ['no phone_number', { phone_number: null }, 'phone_number', 'validation_required'],
  ];
  test.each(cases)('%s: 422 validation_error naming the field, no order', async (_, change, field, code) => {
    await search();
    const offer = [...server.offers.values()].at(-1)!;
    const before = server.orders.length;
    const passenger = { ...duffelPassenger((offer.passengers as Loose[])[0]!.id), ...change };
    const response = await postDuffelOrder(server, TOKEN, {
      selected_offers: [offer.id],
      type: 'hold',
      passengers: [passenger],
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Loose;
    expect(body.errors[0]).toMatchObject({
      type: 'validation_error',
      code,
      source: { field, pointer: `/passengers/0/${field}` },
      documentation_url: 'https://duffel.com/docs/api/overview/errors',
    });
    expect(body.meta).toMatchObject({ status: 422 });
    expect(server.orders).toHaveLength(before);
  });

  test('a child not of the age the offer asked for: 422 naming born_on, no order', async () => {
    await search({ adults: 1, children: 1 });
    const offer = [...server.offers.values()].at(-1)!;
    const [adult, child] = offer.passengers as Loose[];
    expect(child).toMatchObject({ age: 8 });
    const before = server.orders.length;
    const response = await postDuffelOrder(server, TOKEN, {
      selected_offers: [offer.id],
      type: 'hold',
      passengers: [
        duffelPassenger(adult!.id),
        { ...duffelPassenger(child!.id), born_on: `${year - 5}-01-01` },
      ],
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Loose).errors[0]).toMatchObject({
      source: { field: 'born_on', pointer: '/passengers/1/born_on' },
    });
    expect(server.orders).toHaveLength(before);
  });

  test('every title and gender Duffel lists, and a passenger born today, are taken', async () => {
    for (const [i, title] of DUFFEL_TITLES.entries()) {
      await search();
      const offer = [...server.offers.values()].at(-1)!;
      const response = await postDuffelOrder(server, TOKEN, {
        selected_offers: [offer.id],
        type: 'hold',
        passengers: [
          { ...duffelPassenger((offer.passengers as Loose[])[0]!.id), title, gender: DUFFEL_GENDERS[i % 2] },
        ],
      });
      expect(response.status, title).toBe(201);
    }
    // An infant born today is asked for at age 0.
    await atAges(await search({ adults: 1, infants: 1 }), ['1990-04-12', dayFromNow(0)]);
    const offer = [...server.offers.values()].at(-1)!;
    const [adult, infant] = offer.passengers as Loose[];
    const response = await postDuffelOrder(server, TOKEN, {
      selected_offers: [offer.id],
      type: 'hold',
      passengers: [
        { ...duffelPassenger(adult!.id), infant_passenger_id: infant!.id },
        { ...duffelPassenger(infant!.id), given_name: 'Cem', born_on: dayFromNow(0) },
      ],
    });
    expect(response.status).toBe(201);
  });
});

describe('the adapter sends Duffel valid passengers', () => {
  const traveller = (
    type: 'adult' | 'child' | 'infant',
    given: string,
    born: string,
    gender: 'male' | 'female',
  ): DuffelBookingInput['passengers'][number] => ({
    type,
    given_name: given,
    family_name: 'Karimov',
    born_on: born,
    gender,
    document: { number: `FA${given.length}234567`, expires_on: '2036-01-31', issuing_country_code: 'UZ' },
  });

  // The phone as the booking form reads it (a country and the number as typed: packages/contracts profile.ts
  // phoneInputSchema) and then POST /v1/orders takes it (booking-form.ts bookingContactSchema): national and
  // international forms, with spaces, brackets and dashes.
  const typed: [string, string][] = [
    ['UZ', '90 123 45 67'],
    ['TR', '0532 123 45 67'],
    ['RU', '8 (912) 345-67-89'],
    ['GB', '020 8016 0509'],
    ['UZ', '+998 (90) 123-45-67'],
    ['US', '+1 (202) 456-1111'],
  ];

  test.each(typed)(
    'an adult, a child and an infant, the phone typed in %s as "%s": booked, each field valid',
    async (country, phone) => {
      const asRead = phoneInputSchema.parse({ phone_country: country, phone }).phone;
      const contact = bookingContactSchema.parse({
        full_name: 'Aziz Karimov',
        email: 'Aziz@Example.com',
        phone: asRead,
      });
      const passengers = [
        traveller('adult', 'Aziz', '1985-06-30', 'male'),
        traveller('adult', 'Malika', '1987-02-14', 'female'),
        // Aged 2–11 and under 2 on the flight's date, as the site's booking rules check (packages/core).
        traveller('child', 'Bobur', `${year - 7}-03-01`, 'male'),
        traveller('infant', 'Laylo', `${year - 1}-01-01`, 'female'),
      ];
      const searched = await search({ adults: 2, children: 1, infants: 1 });
      const offerId = await atAges(
        searched,
        passengers.map((p) => p.born_on),
      );
      const result = await orders.book(
        {
          offerId,
          passengers,
          contact: { email: contact.email, phone: contact.phone },
          idempotencyKey: `passengers-${country}-${phone}`,
          type: 'hold',
        },
        Date.now(),
      );
      expect(result.ok, JSON.stringify(result)).toBe(true);
      const sent = server.requests.findLast((r) => r.method === 'POST' && r.path === '/air/orders')!.body!
        .data;
      for (const p of sent.passengers as Loose[]) {
        expect(DUFFEL_TITLES).toContain(p.title);
        expect(DUFFEL_GENDERS).toContain(p.gender);
        expect(p.phone_number).toMatch(/^\+[1-9]\d{1,14}$/);
        expect(p.born_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect((sent.passengers as Loose[]).map((p) => [p.title, p.gender])).toEqual([
        ['mr', 'm'],
        ['ms', 'f'],
        ['mr', 'm'],
        ['ms', 'f'],
      ]);
    },
  );
});
