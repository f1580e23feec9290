/**
 * Travellers under 18 at Duffel (./ages.ts, docs/duffel.md "Passengers' ages"): Duffel's offer-request reference
 * (the official client's CreateOfferRequestAdultPassenger / CreateOfferRequestNonAdultPassenger) asks for a
 * passenger under 18 by `age` on the final slice's departure date, and `{ type: "adult" }` from 18. Our search has
 * only counts (an adult from 12, a child of 8, an infant of 1), so at booking the birth dates decide: an offer
 * asked for other ages is searched again for the travellers as they are, and its own fare for them is what the
 * traveller confirms and the airline books. The stand-in (testing/duffel-passengers.ts) refuses a `born_on` that
 * is not the age asked for, or under 18 on a passenger asked for as an adult.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FlightSupplier } from '@parvoz/core/supplier';
import type { Offer } from '@parvoz/core/search-types';
import type { DuffelBookingInput, DuffelOrders } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { annaWithPassport, firstTasIstOfferId, HY_601_FLIGHT } from './testing/duffel-adapters.ts';
import { startDuffelAdapters } from './testing/duffel-adapters.ts';
import { yearsBefore } from '../../testing/booking.ts';
import type { Loose } from '../../payments/testing/http.ts';

const TOKEN = 'duffel_test_ages0123456789';
const SECRET = 'test-offer-secret-ages-0123456789';
/** A young person's fare below the adult's 200.00, and a bag sold per passenger. */
const FLIGHT = { ...HY_601_FLIGHT, young_amount: '150.00', extra_bag: { amount: '30.00' } };
const RETURN_FLIGHT = {
  ...FLIGHT,
  segments: [{ ...FLIGHT.segments[0]!, flight_number: '602', origin: 'IST', destination: 'TAS' }],
};

let server: DuffelTestServer;
let supplier: FlightSupplier;
let orders: DuffelOrders;
let day = 30;

beforeAll(async () => {
  ({ server, supplier, orders } = await startDuffelAdapters({
    token: TOKEN,
    secret: SECRET,
    flights: [FLIGHT, RETURN_FLIGHT],
    // The search of a trip that is no longer sold waits for Duffel's shortest `supplier_timeout` (2 s) only.
    supplier: { timeouts: { readMs: 3_000 } },
  }));
});

afterAll(async () => {
  server.knobs.airlineDelayMs = {};
  await server?.close();
});

/** A search of its own day (an offer is booked once) and that day. */
async function searched(passengers: { adults: number; children?: number; infants?: number }) {
  const date = new Date(Date.now() + ++day * 86_400_000).toISOString().slice(0, 10);
  return { date, offerId: await firstTasIstOfferId(supplier, date, passengers) };
}

const traveller = (type: 'adult' | 'child' | 'infant', given: string, born: string) => ({
  ...annaWithPassport(),
  type,
  given_name: given,
  born_on: born,
});

const offerRequests = () =>
  server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/air/offer_requests'));
const ordersPosted = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');

async function priceFor(offerId: string, passengers: { born_on: string }[]): Promise<Offer> {
  const priced = await supplier.price(offerId, { now: Date.now(), bornOn: passengers.map((p) => p.born_on) });
  if (!priced.ok) throw new Error(priced.error.code);
  return priced.data;
}

const book = (
  offerId: string,
  passengers: DuffelBookingInput['passengers'],
  more: Partial<DuffelBookingInput> = {},
  expectedTotal?: string,
) =>
  orders.book(
    {
      offerId,
      passengers,
      contact: { email: 'anna@example.com', phone: '+998901234567' },
      idempotencyKey: `ages-${offerId.slice(-12)}-${more.type ?? 'hold'}`,
      type: 'hold',
      ...more,
    },
    Date.now(),
    expectedTotal,
  );

describe('a 15-year-old searched as an adult', () => {
  test('is asked for again by age at booking: its own fare, and the airline books them at 15', async () => {
    const { date, offerId } = await searched({ adults: 2 });
    expect(offerRequests().at(-1)!.body!.data.passengers).toEqual([{ type: 'adult' }, { type: 'adult' }]);
    const party = [
      traveller('adult', 'Anna', '1985-06-30'),
      traveller('adult', 'Timur', yearsBefore(date, 15, -1)),
    ];
    const before = offerRequests().length;
    const offer = await priceFor(offerId, party);
    // The same flight asked for the travellers as they are: an adult, and a passenger of 15 on the final slice's date.
    expect(offerRequests()).toHaveLength(before + 1);
    expect(offerRequests().at(-1)!.body!.data).toMatchObject({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
      passengers: [{ type: 'adult' }, { age: 15 }],
      cabin_class: 'economy',
    });
    // Another offer at Duffel, so another id, at the airline's fare for them: 200 + 150.
    expect(offer.id).not.toBe(offerId);
    expect(offer.total_amount).toBe('350.00');
    expect(offer.slices[0]!.segments[0]!.flight_number).toBe('601');

    const result = await book(offer.id, party);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const sent = ordersPosted().at(-1)!.body!.data;
    const atDuffel = server.offers.get(sent.selected_offers[0])!;
    const ageOf = (id: string) => (atDuffel.passengers as Loose[]).find((p) => p.id === id)!.age;
    expect((sent.passengers as Loose[]).map((p) => [p.given_name, ageOf(p.id)])).toEqual([
      ['Anna', null],
      ['Timur', 15],
    ]);
  });

  test('is never sent to Duffel on an offer asked for two adults (Duffel would refuse the order)', async () => {
    const { date, offerId } = await searched({ adults: 2 });
    const before = ordersPosted().length;
    const result = await book(offerId, [
      traveller('adult', 'Anna', '1985-06-30'),
      traveller('adult', 'Timur', yearsBefore(date, 15, -1)),
    ]);
    expect(result).toMatchObject({ ok: false, code: 'invalid_passengers' });
    expect(ordersPosted()).toHaveLength(before);
  });

  test('a 12-year-old travelling alone on a round trip is aged on the return date', async () => {
    const date = new Date(Date.now() + ++day * 86_400_000).toISOString().slice(0, 10);
    const back = new Date(Date.parse(date) + 6 * 86_400_000).toISOString().slice(0, 10);
    const found = await supplier.search(
      {
        slices: [
          { origin: 'TAS', destination: 'IST', departure_date: date },
          { origin: 'IST', destination: 'TAS', departure_date: back },
        ],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin_class: 'economy',
        currency: 'USD',
      },
      { now: Date.now() },
    );
    if (!found.ok) throw new Error(found.error.code);
    // 12 on the way out, 13 from the day before the return flight: asked for at 13.
    const born = yearsBefore(back, 13, -1);
    const offer = await priceFor(found.data.offers[0]!.id, [{ born_on: born }]);
    expect(offerRequests().at(-1)!.body!.data.passengers).toEqual([{ age: 13 }]);
    expect(offer.total_amount).toBe('300.00');
    expect(await book(offer.id, [traveller('adult', 'Timur', born)])).toMatchObject({ ok: true });
  });
});

describe('children and infants at their own ages', () => {
  test('a child of 5 and an infant of 0, searched as 8 and 1: asked for again, booked at their ages', async () => {
    const { date, offerId } = await searched({ adults: 1, children: 1, infants: 1 });
    expect(offerRequests().at(-1)!.body!.data.passengers).toEqual([
      { type: 'adult' },
      { age: 8 },
      { age: 1 },
    ]);
    const party = [
      traveller('adult', 'Anna', '1985-06-30'),
      traveller('child', 'Bobur', yearsBefore(date, 5, -1)),
      traveller('infant', 'Laylo', yearsBefore(date, 0, -100)),
    ];
    const offer = await priceFor(offerId, party);
    expect(offerRequests().at(-1)!.body!.data.passengers).toEqual([
      { type: 'adult' },
      { age: 5 },
      { age: 0 },
    ]);
    const result = await book(offer.id, party);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const sent = ordersPosted().at(-1)!.body!.data.passengers as Loose[];
    // The infant on the adult's lap.
    expect(sent[0]!.infant_passenger_id).toBe(sent[2]!.id);
  });

  test('travellers at the ages searched: the offer itself, no second search', async () => {
    const { date, offerId } = await searched({ adults: 1, children: 1 });
    const before = offerRequests().length;
    const party = [
      traveller('adult', 'Anna', '1985-06-30'),
      traveller('child', 'Bobur', yearsBefore(date, 8, -1)),
    ];
    const offer = await priceFor(offerId, party);
    expect(offerRequests()).toHaveLength(before);
    expect(offer.id).toBe(offerId);
    expect(await book(offerId, party)).toMatchObject({ ok: true });
  });
});

describe('what the second search finds', () => {
  test('bags chosen on the offer for their ages are booked on that offer, for that passenger', async () => {
    const { date, offerId } = await searched({ adults: 2 });
    const party = [
      traveller('adult', 'Anna', '1985-06-30'),
      traveller('adult', 'Timur', yearsBefore(date, 16, -1)),
    ];
    const offer = await priceFor(offerId, party);
    const bag = offer.available_services.find((s) => s.passenger_index === 1)!;
    expect(bag.supplier).toBeDefined();
    const result = await book(
      offer.id,
      party,
      {
        type: 'instant',
        services: [{ id: bag.supplier!.service_id, quantity: 1, amount: '30.00', currency: 'USD' }],
      },
      '380.00',
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const sent = ordersPosted().at(-1)!.body!.data;
    const atDuffel = server.offers.get(sent.selected_offers[0])!;
    const timur = (atDuffel.passengers as Loose[]).find((p) => p.age === 16)!;
    const sold = (atDuffel.available_services as Loose[]).find((s) => s.id === sent.services[0].id)!;
    expect(sold.passenger_ids).toEqual([timur.id]);
    expect(sent.payments).toEqual([{ type: 'balance', amount: '380.00', currency: 'USD' }]);
  });

  test('no longer sold for their ages: the offer is unavailable, nothing booked', async () => {
    const { date, offerId } = await searched({ adults: 2 });
    const party = [
      traveller('adult', 'Anna', '1985-06-30'),
      traveller('adult', 'Timur', yearsBefore(date, 14, -1)),
    ];
    // The airline does not answer the second search in time: no offer of these flights for them.
    server.knobs.airlineDelayMs = { HY: 60_000 };
    try {
      const priced = await supplier.price(offerId, { now: Date.now(), bornOn: party.map((p) => p.born_on) });
      expect(priced).toMatchObject({ ok: false, error: { code: 'offer_unavailable' } });
    } finally {
      server.knobs.airlineDelayMs = {};
    }
  });
});
