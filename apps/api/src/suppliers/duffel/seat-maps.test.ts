/**
 * Duffel's seat maps (docs/duffel.md, "Seat maps"; docs/seats.md) against the stand-in over real HTTP: the stand-in
 * plays `GET /air/seat_maps` and seats as order services as Duffel documents them (./testing/duffel-seat-maps.ts
 * names each page); the adapter maps them into ours (order, passengers, taken and free seats, exit rows, flights
 * without a map) and books them: re-read just before the order, paid with the offer at pay time, never on a hold.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type {
  Offer as DuffelOffer,
  SeatMap as DuffelSeatMap,
  SeatMapCabinRowSectionElementSeat as DuffelSeat,
} from '@duffel/api/types';
import type { FlightSupplier } from '@parvoz/core/supplier';
import type { Offer } from '@parvoz/core/search-types';
import type { SeatMap, SupplierSeatService } from '@parvoz/core/seat-maps';
import { SupplierAuthRejected, SupplierRateLimited, SupplierRefused, type ServiceChoice } from '../orders.ts';
import { createDuffelOrders, type DuffelBookingInput, type DuffelOrders } from './orders.ts';
import { decodeDuffelOfferId } from './offer-id.ts';
import { mapDuffelSeatMaps } from './seat-maps.ts';
import { annaWithPassport, startDuffelAdapters } from './testing/duffel-adapters.ts';
import { duffelPassenger, postDuffelOrder } from './testing/duffel-fixtures.ts';
import type { DuffelTestFlight, DuffelTestServer } from './testing/duffel-server.ts';
import type { Loose } from '../../payments/testing/http.ts';

const TOKEN = 'duffel_test_seatmaps0123456789';
const SECRET = 'test-offer-secret-seat-maps-0123';
const HY = { iata_code: 'HY', name: 'Uzbekistan Airways' };

/**
 * HY 53 Tashkent–Samarkand (seats: rows 10–14, exit row 12 for adults, row 14 free, 10A taken, no 13E), then HY 271
 * on to Istanbul (rows 1–2).
 */
const OUT: DuffelTestFlight = {
  segments: [
    {
      carrier: HY,
      flight_number: '53',
      origin: 'TAS',
      destination: 'SKD',
      departs: '07:00',
      duration_minutes: 60,
      seats: {
        sections: ['ABC', 'DEF'],
        rows: [10, 14],
        exit_rows: [12],
        price: '12.00',
        exit_price: '30.00',
        free_rows: [14],
        taken: ['10A'],
        empty: ['13E'],
      },
    },
    {
      carrier: HY,
      flight_number: '271',
      origin: 'SKD',
      destination: 'IST',
      departs: '10:00',
      duration_minutes: 330,
      seats: { sections: ['AC', 'DF'], rows: [1, 2], price: '25.00' },
    },
  ],
  amount: '200.00',
  tax: '40.00',
  currency: 'USD',
};
/** HY 272 back, a flight the airline shows no seat map for. */
const BACK: DuffelTestFlight = {
  segments: [
    {
      carrier: HY,
      flight_number: '272',
      origin: 'IST',
      destination: 'TAS',
      departs: '12:00',
      duration_minutes: 300,
    },
  ],
  amount: '150.00',
  tax: '30.00',
  currency: 'USD',
};

let server: DuffelTestServer;
let supplier: FlightSupplier;
let orders: DuffelOrders;
beforeAll(async () => {
  ({ server, supplier, orders } = await startDuffelAdapters({
    token: TOKEN,
    secret: SECRET,
    flights: [OUT, BACK],
    airports: ['TAS', 'SKD', 'IST'],
  }));
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server.knobs.seatPriceFactor = 1;
  server.knobs.failWith = null;
  server.knobs.pay.rateLimit = null;
});

/** A departure date of its own per test (a seat booked stays taken on its flight). */
let days = 30;
const nextDate = () => new Date(Date.now() + ++days * 86_400_000).toISOString().slice(0, 10);

async function search(
  legs: [string, string, string][],
  passengers: { adults: number; children?: number; infants?: number } = { adults: 1 },
): Promise<Offer> {
  const found = await supplier.search(
    {
      slices: legs.map(([origin, destination, departure_date]) => ({ origin, destination, departure_date })),
      passengers: { children: 0, infants: 0, ...passengers },
      cabin_class: 'economy',
      currency: 'USD',
    },
    { now: Date.now() },
  );
  if (!found.ok || !found.data.offers[0]) throw new Error('no Duffel offer');
  return found.data.offers[0];
}
const outbound = (date = nextDate()) => search([['TAS', 'IST', date]]);
/** The stand-in's own offer behind ours. */
function duffelOfferOf(offer: Offer) {
  const decoded = decodeDuffelOfferId(offer.id, SECRET, Date.now());
  if (!decoded.ok) throw new Error(decoded.error);
  return server.offers.get(decoded.ref.offer)!;
}

/** A call to the stand-in as any Duffel client makes it: its status and body (`data`, or Duffel's `errors`). */
const call = <T = Loose>(path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2', 'content-type': 'application/json' },
  }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { data: T; errors: { type: string; code: string }[] },
  }));

const seatOf = (map: SeatMap, designator: string) =>
  map.rows.flatMap((r) => r.sections.flat()).find((s) => s.designator === designator)!;
/** The choice the booking sends for a seat of our map: its Duffel service and the price shown. */
const choiceOf = (map: SeatMap, designator: string, passenger = 0): ServiceChoice => {
  const service = seatOf(map, designator).services.find((s) => s.passenger_index === passenger);
  const supplier = (service as SupplierSeatService).supplier;
  return { id: supplier.service_id, quantity: 1, amount: supplier.amount, currency: supplier.currency };
};
const input = (offerId: string, seats: ServiceChoice[], type: 'instant' | 'hold' = 'instant') =>
  ({
    offerId,
    passengers: [annaWithPassport()],
    contact: { email: 'anna@example.com', phone: '+998 90 123 45 67' },
    idempotencyKey: `seats-${Math.random().toString(36).slice(2)}`,
    type,
    seats,
  }) satisfies DuffelBookingInput;
const ordersPosted = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');

describe('the stand-in plays Duffel’s seat maps', () => {
  // Duffel's "Seat maps" reference (https://duffel.com/docs/api/seat-maps) and the SDK's SeatMapTypes.
  test('one map per segment with seats, in no promised order; rows of elements; a service per passenger who may sit there', async () => {
    const date = nextDate();
    await search(
      [
        ['TAS', 'IST', date],
        ['IST', 'TAS', nextDate()],
      ],
      { adults: 1, children: 1, infants: 1 },
    );
    const offer = [...server.offers.values()].at(-1)!;
    const { status, body } = await call<DuffelSeatMap[]>(`/air/seat_maps?offer_id=${offer.id}`);
    expect(status).toBe(200);
    const [hy53, hy271] = offer.slices[0].segments;
    // The return flight has no map; the two outbound ones are listed last segment first.
    expect(body.data.map((m) => [m.slice_id, m.segment_id])).toEqual([
      [offer.slices[0].id, hy271.id],
      [offer.slices[0].id, hy53.id],
    ]);
    const cabin = body.data[1]!.cabins[0]!;
    expect(cabin).toMatchObject({ deck: 0, cabin_class: 'economy', aisles: 1 });
    const kinds = cabin.rows.map((r) =>
      r.sections.map((s) => s.elements.map((e) => e.type).join(',')).join('|'),
    );
    expect(kinds).toEqual([
      'galley|',
      'seat,seat,seat|seat,seat,seat',
      'seat,seat,seat|seat,seat,seat',
      // "There is one exit_row element per row section. Exit row elements only occur in their own row."
      'exit_row|exit_row',
      'seat,seat,seat|seat,seat,seat',
      'seat,seat,seat|seat,empty,seat',
      'seat,seat,seat|seat,seat,seat',
      '|lavatory',
    ]);
    const seat = (designator: string) =>
      cabin.rows
        .flatMap((r) => r.sections.flatMap((s) => s.elements))
        .find((e): e is DuffelSeat => e.type === 'seat' && e.designator === designator)!;
    const [adult, child] = offer.passengers;
    // "at most one service per seat per passenger"; none for the infant on a lap; the exit row for adults only.
    expect(seat('11A').available_services).toEqual([
      {
        id: expect.stringMatching(/^ase_/),
        passenger_id: adult.id,
        total_amount: '12.00',
        total_currency: 'USD',
      },
      {
        id: expect.stringMatching(/^ase_/),
        passenger_id: child.id,
        total_amount: '12.00',
        total_currency: 'USD',
      },
    ]);
    expect(seat('12A')).toMatchObject({
      name: 'Exit row seat',
      disclosures: expect.arrayContaining(['Do not seat children in exit row seats']),
      available_services: [{ passenger_id: adult.id, total_amount: '30.00' }],
    });
    expect(seat('14A').available_services.map((a) => a.total_amount)).toEqual(['0.00', '0.00']);
    // A seat taken: "If a seat has no available services … then it's unavailable."
    expect(seat('10A')).toMatchObject({
      type: 'seat',
      designator: '10A',
      disclosures: [],
      available_services: [],
    });
    // The same ids on every read (an order names them).
    expect((await call<DuffelSeatMap[]>(`/air/seat_maps?offer_id=${offer.id}`)).body).toEqual(body);
  });

  // The seat maps page documents no error of its own: Duffel's errors page
  // (https://duffel.com/docs/api/overview/errors, 404 "The requested resource doesn't exist") and the offer read's
  // refusal of an expired offer.
  test('an unknown offer is 404 `not_found`, an expired one 422 `offer_no_longer_available`, as reading the offer', async () => {
    const unknown = await call('/air/seat_maps?offer_id=off_0000nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
    await outbound();
    const offer = [...server.offers.values()].at(-1)!;
    const expiresAt = offer.expires_at;
    offer.expires_at = new Date(Date.now() - 1000).toISOString();
    try {
      const gone = await call(`/air/seat_maps?offer_id=${offer.id}`);
      expect(gone.status).toBe(422);
      expect(gone.body.errors[0]).toMatchObject({ code: 'offer_no_longer_available' });
    } finally {
      offer.expires_at = expiresAt;
    }
  });

  // Guide "Adding seats", https://duffel.com/docs/guides/adding-seats (services `{ id, quantity: 1 }`, the service
  // of the passenger); the SDK's Payment type (the offer's total plus the services'); "Holding orders and paying
  // later", https://duffel.com/docs/guides/holding-orders-and-paying-later (no services on a hold); Orders,
  // https://duffel.com/docs/api/orders/schema (`services` of type `seat` with the seat as `metadata`, the segment
  // passenger's `seat`: one per passenger and segment). A seat taken since: no documented error, 422 as for bags.
  test('an order with a seat: paid with it, listed in its services and on its passenger; refused on a hold, twice for one passenger, once taken', async () => {
    const date = nextDate();
    await outbound(date);
    const offer = [...server.offers.values()].at(-1)!;
    // Another offer of the same flight, its map read before anyone booked.
    await outbound(date);
    const other = [...server.offers.values()].at(-1)!;
    const servicesOf = async (o: typeof offer, designator: string) => {
      const maps = (await call<DuffelSeatMap[]>(`/air/seat_maps?offer_id=${o.id}`)).body.data;
      const map = maps.find((m) => m.segment_id === o.slices[0].segments[0].id)!;
      return map.cabins[0]!.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).flatMap((e) =>
        e.type === 'seat' && e.designator === designator ? e.available_services : [],
      );
    };
    const instant = (o: typeof offer, amount: string, services: object[], type = 'instant') =>
      call('/air/orders', {
        method: 'POST',
        body: JSON.stringify({
          data: {
            selected_offers: [o.id],
            passengers: [duffelPassenger(o.passengers[0].id)],
            type,
            ...(type === 'instant' ? { payments: [{ type: 'balance', amount, currency: 'USD' }] } : {}),
            services,
          },
        }),
      });
    const [seat] = await servicesOf(offer, '11B');
    const [otherSeat] = await servicesOf(other, '11B');
    const [nextSeat] = await servicesOf(offer, '11C');
    const refused = [
      await instant(offer, '200.00', [{ id: seat!.id, quantity: 1 }]),
      await instant(offer, '224.00', [
        { id: seat!.id, quantity: 1 },
        { id: nextSeat!.id, quantity: 1 },
      ]),
      await instant(offer, '224.00', [{ id: seat!.id, quantity: 2 }]),
      await instant(offer, '212.00', [{ id: otherSeat!.id, quantity: 1 }]),
      await instant(offer, '', [{ id: seat!.id, quantity: 1 }], 'hold'),
    ];
    expect(refused.map((r) => [r.status, r.body.errors[0]?.code])).toEqual(
      Array(5).fill([422, 'invalid_data']),
    );
    expect(server.orders.some((o) => o.offer_id === offer.id)).toBe(false);

    const booked = await instant(offer, '212.00', [{ id: seat!.id, quantity: 1 }]);
    expect(booked.status).toBe(201);
    expect(booked.body.data.total_amount).toBe('212.00');
    expect(booked.body.data.services).toEqual([
      expect.objectContaining({
        id: seat!.id,
        type: 'seat',
        quantity: 1,
        passenger_ids: [offer.passengers[0].id],
        segment_ids: [offer.slices[0].segments[0].id],
        total_amount: '12.00',
        metadata: { designator: '11B', disclosures: [], name: '' },
      }),
    ]);
    expect(booked.body.data.slices[0].segments[0].passengers[0].seat).toEqual({
      designator: '11B',
      disclosures: [],
      name: '',
    });
    // Taken on that flight for every offer: the other offer's map shows no services for it, and its service read
    // before is refused; the seat beside it is still sold.
    expect(await servicesOf(other, '11B')).toEqual([]);
    const late = await instant(other, '212.00', [{ id: otherSeat!.id, quantity: 1 }]);
    expect([late.status, late.body.errors[0]?.code]).toEqual([422, 'invalid_data']);
    expect(await servicesOf(other, '11C')).toHaveLength(1);
    expect(server.orders.some((o) => o.offer_id === other.id)).toBe(false);
  });
});

describe('our seat maps of a Duffel offer', () => {
  test('in slice and segment order, by our passenger index; taken, free and exit-row seats; a flight without a map left out', async () => {
    const offer = await search(
      [
        ['TAS', 'IST', nextDate()],
        ['IST', 'TAS', nextDate()],
      ],
      { adults: 2, children: 1, infants: 1 },
    );
    const maps = await orders.seatMaps!(offer.id, Date.now());
    const [hy53, hy271] = offer.slices[0]!.segments;
    expect(
      maps.map((m) => [m.slice_index, m.segment_index, m.flight_key, m.cabin_class, m.currency]),
    ).toEqual([
      [0, 0, hy53!.flight_key, 'economy', 'USD'],
      [0, 1, hy271!.flight_key, 'economy', 'USD'],
    ]);
    const map = maps[0]!;
    expect(map.rows.map((r) => r.number)).toEqual([10, 11, 12, 13, 14]);
    const row = (n: number) => map.rows.find((r) => r.number === n)!;
    expect(row(11).sections.map((s) => s.map((seat) => [seat.designator, seat.features]))).toEqual([
      [
        ['11A', ['window']],
        ['11B', []],
        ['11C', ['aisle']],
      ],
      [
        ['11D', ['aisle']],
        ['11E', []],
        ['11F', ['window']],
      ],
    ]);
    // Behind the exit_row elements: the exit row, which Duffel offers the adults only (our passengers 0 and 1).
    expect(
      row(12)
        .sections.flat()
        .map((s) => s.features),
    ).toEqual([
      ['window', 'exit_row'],
      ['exit_row'],
      ['aisle', 'exit_row'],
      ['aisle', 'exit_row'],
      ['exit_row'],
      ['window', 'exit_row'],
    ]);
    expect(seatOf(map, '12C').services.map((s) => [s.passenger_index, s.amount])).toEqual([
      [0, '30.00'],
      [1, '30.00'],
    ]);
    // Adults 0 and 1, the child 2; the infant (3) sits on a lap: no seat of its own.
    const paid = seatOf(map, '11B').services;
    expect(paid.map((s) => [s.passenger_index, s.amount])).toEqual([
      [0, '12.00'],
      [1, '12.00'],
      [2, '12.00'],
    ]);
    expect((paid[2] as SupplierSeatService).supplier).toEqual({
      service_id: expect.stringMatching(/^ase_/),
      amount: '12.00',
      currency: 'USD',
    });
    expect(seatOf(map, '14F').services.map((s) => s.amount)).toEqual(['0.00', '0.00', '0.00']);
    expect(seatOf(map, '10A').services).toEqual([]);
    // An `empty` place is no seat, and takes its place in the row: 13F stays at the window.
    expect(row(13).sections[1]!.map((s) => [s.designator, s.features])).toEqual([
      ['13D', ['aisle']],
      ['13F', ['window']],
    ]);
    expect(maps[1]!.rows.map((r) => r.sections.map((s) => s.map((seat) => seat.designator)))).toEqual([
      [
        ['1A', '1C'],
        ['1D', '1F'],
      ],
      [
        ['2A', '2C'],
        ['2D', '2F'],
      ],
    ]);
  });

  test('an offer whose airline shows no seat map: none', async () => {
    const offer = await search([['IST', 'TAS', nextDate()]]);
    expect(await orders.seatMaps!(offer.id, Date.now())).toEqual([]);
  });

  test('not our id or expired: refused; Duffel down, rate limited or refusing our token: thrown', async () => {
    const offer = await outbound();
    await expect(orders.seatMaps!('dfl.nope.nope', Date.now())).rejects.toBeInstanceOf(SupplierRefused);
    await expect(orders.seatMaps!(offer.id, Date.now() + 86_400_000)).rejects.toBeInstanceOf(SupplierRefused);
    server.knobs.failWith = 503;
    await expect(orders.seatMaps!(offer.id, Date.now())).rejects.not.toBeInstanceOf(SupplierRefused);
    server.knobs.failWith = null;
    server.knobs.pay.rateLimit = { match: /seat_maps/, times: 1, resetAfterMs: 60_000 };
    await expect(orders.seatMaps!(offer.id, Date.now())).rejects.toBeInstanceOf(SupplierRateLimited);
    const stranger = createDuffelOrders({
      accessToken: 'duffel_test_wrong',
      apiUrl: server.url,
      secret: SECRET,
    });
    await expect(stranger.seatMaps!(offer.id, Date.now())).rejects.toBeInstanceOf(SupplierAuthRejected);
  });

  test('pure: Duffel’s passengers in our order, the segment’s cabin only, the offer’s currency only, no seat but seats', () => {
    const seat = (designator: string, services: object[], type = 'seat') => ({
      type,
      designator,
      name: '',
      disclosures: [],
      available_services: services,
    });
    const service = (id: string, passenger_id: string, total_amount = '5.00', total_currency = 'EUR') => ({
      id,
      passenger_id,
      total_amount,
      total_currency,
    });
    const segment = (id: string) => ({
      id,
      marketing_carrier: { iata_code: 'TK' },
      marketing_carrier_flight_number: '0371',
      departing_at: '2026-12-15T08:40:00',
      origin: { time_zone: 'Europe/Istanbul' },
      passengers: [{ cabin_class: 'business' }],
    });
    const offer = {
      total_currency: 'EUR',
      // Duffel lists the child first: ours lists adults first, so the adult is our 0.
      passengers: [
        { id: 'pas_child', type: null, age: 8 },
        { id: 'pas_adult', type: 'adult', age: null },
      ],
      slices: [{ id: 'sli_1', segments: [segment('seg_1')] }],
    } as unknown as DuffelOffer;
    const cabin = (cabin_class: string, rows: object[][]) => ({
      cabin_class,
      deck: 0,
      aisles: 1,
      wings: null,
      rows: rows.map((sections) => ({ sections })),
    });
    const maps = [
      { id: 'sea_other', slice_id: 'sli_1', segment_id: 'seg_9', cabins: [] },
      {
        id: 'sea_1',
        slice_id: 'sli_1',
        segment_id: 'seg_1',
        cabins: [
          cabin('business', [
            [{ elements: [{ type: 'bassinet' }] }, { elements: [{ type: 'closet' }, { type: 'stairs' }] }],
            [
              { elements: [seat('1A', [service('ase_1', 'pas_child'), service('ase_2', 'pas_adult')])] },
              {
                elements: [
                  seat(
                    '1D',
                    [service('ase_3', 'pas_adult', '9.00', 'USD'), service('ase_4', 'pas_nobody')],
                    'restricted_seat_general',
                  ),
                ],
              },
            ],
          ]),
          cabin('economy', [[{ elements: [seat('30A', [service('ase_5', 'pas_adult')])] }]]),
        ],
      },
    ] as unknown as DuffelSeatMap[];
    expect(mapDuffelSeatMaps(offer, maps)).toEqual([
      {
        slice_index: 0,
        segment_index: 0,
        flight_key: 'TK371-2026-12-15',
        cabin_class: 'business',
        currency: 'EUR',
        rows: [
          {
            number: 1,
            sections: [
              [
                {
                  designator: '1A',
                  features: ['window', 'aisle'],
                  services: [
                    {
                      passenger_index: 0,
                      amount: '5.00',
                      supplier: { service_id: 'ase_2', amount: '5.00', currency: 'EUR' },
                    },
                    {
                      passenger_index: 1,
                      amount: '5.00',
                      supplier: { service_id: 'ase_1', amount: '5.00', currency: 'EUR' },
                    },
                  ],
                },
              ],
              // Offered in another currency than the offer's, or to nobody of the offer: not offered.
              [{ designator: '1D', features: ['window', 'aisle'], services: [] }],
            ],
          },
        ],
      },
    ]);
  });
});

describe('booking with seats at Duffel', () => {
  test('at pay time (instant): the seat in the order’s services, paid with the offer; Duffel’s order has it', async () => {
    const offer = await outbound();
    const [hy53, hy271] = await orders.seatMaps!(offer.id, Date.now());
    const seats = [choiceOf(hy53!, '11A'), choiceOf(hy271!, '2D')];
    const result = await orders.book(input(offer.id, seats), Date.now(), '237.00');
    expect(result).toMatchObject({ ok: true, booking: { totalAmount: '237.00', totalCurrency: 'USD' } });
    const sent = ordersPosted().at(-1)!.body!.data;
    expect(sent).toMatchObject({
      type: 'instant',
      services: seats.map((s) => ({ id: s.id, quantity: 1 })),
      payments: [{ type: 'balance', amount: '237.00', currency: 'USD' }],
    });
    const atDuffel = server.orders.at(-1)!;
    expect(
      atDuffel.services.map((s: { type: string; metadata: { designator: string } }) => [
        s.type,
        s.metadata.designator,
      ]),
    ).toEqual([
      ['seat', '11A'],
      ['seat', '2D'],
    ]);
    expect(
      atDuffel.slices[0].segments.map(
        (s: { passengers: { seat?: { designator: string } }[] }) => s.passengers[0]!.seat?.designator,
      ),
    ).toEqual(['11A', '2D']);
  });

  test('a free seat costs nothing; a hold with seats creates nothing and answers the terms with the seats in the total', async () => {
    const offer = await outbound();
    const [hy53, hy271] = await orders.seatMaps!(offer.id, Date.now());
    const before = ordersPosted().length;
    const held = await orders.book(
      input(offer.id, [choiceOf(hy53!, '14C'), choiceOf(hy271!, '1A')], 'hold'),
      Date.now(),
    );
    expect(held).toEqual({
      ok: false,
      code: 'instant_payment_required',
      instant: { totalAmount: '225.00', totalCurrency: 'USD', expiresAt: duffelOfferOf(offer).expires_at },
    });
    expect(ordersPosted()).toHaveLength(before);
  });

  test('a seat taken meanwhile: `service_unavailable` at its index, no order asked for', async () => {
    const date = nextDate();
    const offer = await outbound(date);
    const [hy53] = await orders.seatMaps!(offer.id, Date.now());
    // Another agency books 11E on the same flight first, from its own offer.
    const rival = await outbound(date);
    const rivalOffer = duffelOfferOf(rival);
    const [rivalMap] = await orders.seatMaps!(rival.id, Date.now());
    const taken = await postDuffelOrder(server, TOKEN, {
      selected_offers: [rivalOffer.id],
      passengers: [duffelPassenger(rivalOffer.passengers[0].id)],
      type: 'instant',
      payments: [{ type: 'balance', amount: '212.00', currency: 'USD' }],
      services: [{ id: choiceOf(rivalMap!, '11E').id, quantity: 1 }],
    });
    expect(taken.status).toBe(201);
    const before = ordersPosted().length;
    for (const type of ['instant', 'hold'] as const) {
      const result = await orders.book(
        input(offer.id, [choiceOf(hy53!, '11D'), choiceOf(hy53!, '11E')], type),
        Date.now(),
      );
      expect(result).toEqual({ ok: false, code: 'service_unavailable', detail: { seat: 1 } });
    }
    expect(ordersPosted()).toHaveLength(before);
  });

  test('a seat repriced, one unknown, two for one passenger on a flight or one chosen twice: refused, no order asked for', async () => {
    const offer = await outbound();
    const [hy53, hy271] = await orders.seatMaps!(offer.id, Date.now());
    const before = ordersPosted().length;
    const refusedAt = async (seats: ServiceChoice[], seat: number) =>
      expect(await orders.book(input(offer.id, seats), Date.now())).toEqual({
        ok: false,
        code: 'service_unavailable',
        detail: { seat },
      });
    await refusedAt([{ ...choiceOf(hy53!, '11A'), id: 'ase_0000unknown' }], 0);
    await refusedAt([choiceOf(hy271!, '1A'), choiceOf(hy53!, '11A'), choiceOf(hy53!, '11B')], 2);
    await refusedAt([choiceOf(hy53!, '11A'), choiceOf(hy53!, '11A')], 1);
    await refusedAt([{ ...choiceOf(hy53!, '11A'), quantity: 2 }], 0);
    await refusedAt([{ ...choiceOf(hy53!, '11A'), amount: '10.00' }], 0);
    // The airline raised its seat prices since the traveller saw them.
    server.knobs.seatPriceFactor = 1.5;
    await refusedAt([choiceOf(hy271!, '1A'), choiceOf(hy53!, '11A')], 0);
    expect(ordersPosted()).toHaveLength(before);
  });
});
