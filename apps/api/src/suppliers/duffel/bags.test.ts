/**
 * Duffel's extra bags (docs/duffel.md; docs/decisions/0017-duffel-supplier.md "Extra bags"): the test server plays
 * `GET /air/offers/:id?return_available_services=true` and `POST /air/orders` with `services`; the mapping makes
 * them our luggage options, per passenger and slice; a booking with bags creates nothing at Duffel (its bags are
 * checked), and once the traveller has paid it becomes an `instant` order whose services, payment and total include
 * them; every refusal (unknown bag, over the maximum, another price, withdrawn by pay time) is tested, through the
 * adapter and through POST /v1/orders (PGlite).
 */
import { describe, expect, test, vi } from 'vitest';
import type { Offer as DuffelOffer } from '@duffel/api/types';
import { DEFAULT_RATES } from '@parvoz/core/money';
import type { Offer } from '@parvoz/core/search-types';
import { ANON, bookingBody, injectOrder } from '../../testing/booking.ts';
import { QUIET_LOG } from '../../testing/api.ts';
import { pay, readOrder, type Booked } from '../../testing/after-sale.ts';
import { expireUnpaidOrders } from '../../modules/orders/index.ts';
import { bookPaidOrders, releaseLapsedHolds } from '../../modules/supplier-orders/index.ts';
import { paidOrderIdempotencyKey } from '../../modules/supplier-orders/index.ts';
import { luggageOf } from './mapping.ts';
import { ORDER_METADATA_KEY, type DuffelBookingInput } from './orders.ts';
import {
  DUFFEL_ONLY_FLIGHT,
  useDuffelSuite,
  searchDuffelOffer,
  duffelOrdersOn,
} from './testing/duffel-api-testing.ts';
import { duffelPassenger, postDuffelOrder } from './testing/duffel-fixtures.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { countOrders, orderOf } from '../../modules/orders/testing/fixtures.ts';

/** The same QP 4242 out, and QP 4243 back, each selling one checked bag of 23 kg for 45 USD (at most 2). */
const RETURN_FLIGHT = {
  ...DUFFEL_ONLY_FLIGHT,
  segments: [
    {
      ...DUFFEL_ONLY_FLIGHT.segments[0]!,
      flight_number: '4243',
      origin: 'IST',
      destination: 'TAS',
      departs: '10:00',
    },
  ],
  extra_bag: { amount: '45.00', max: 2 },
};

const { api, token, clock, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_bags0123456789', firstDay: 30, keys: 'duffel-bags' },
  { flights: [{ ...DUFFEL_ONLY_FLIGHT, extra_bag: { amount: '45.00', max: 2 } }, RETURN_FLIGHT] },
);

async function search(
  passengers: { adults: number; children?: number; infants?: number },
  options: { back?: boolean; currency?: string } = {},
): Promise<Offer> {
  const date = nextDay();
  const back = options.back ? nextDay() : undefined;
  return searchDuffelOffer(api.app, { date, back, passengers, currency: options.currency, sort: 'cheapest' });
}

/** GET /v1/offers/:id: the booking page's offer, with Duffel's bags. */
async function priced(id: string, currency?: string): Promise<Offer> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/v1/offers/${encodeURIComponent(id)}${currency ? `?currency=${currency}` : ''}`,
    headers: ANON,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Offer;
}

function postOrder(body: object) {
  return injectOrder(api.app, body, nextKey());
}

/** What the test server answers to `POST /air/orders`: the order, or Duffel's errors. */
type DuffelAnswer = {
  data: { total_amount: string; services: unknown[] };
  errors: { type: string; code: string; message: string }[];
};

const ordersPosted = () => api.server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');

describe('the test server plays Duffel’s services', () => {
  test('services only on the single-offer GET asked with return_available_services=true', async () => {
    const offer = await search({ adults: 1 });
    const stored = [...api.server.offers.values()].at(-1);
    const get = (query: string) =>
      fetch(`${api.server.url}/air/offers/${stored!.id}${query}`, {
        headers: { authorization: `Bearer ${token}`, 'duffel-version': 'v2' },
      }).then((r) => r.json() as Promise<{ data: DuffelOffer }>);
    expect((await get('')).data.available_services).toEqual([]);
    const services = (await get('?return_available_services=true')).data.available_services;
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({
      type: 'baggage',
      total_amount: '45.00',
      total_currency: 'USD',
      maximum_quantity: 2,
      passenger_ids: [stored!.passengers[0].id],
      segment_ids: [stored!.slices[0].segments[0].id],
      metadata: { type: 'checked', maximum_weight_kg: 23 },
    });
    // Our search shows none for Duffel's offers (Duffel lists services on the single offer only).
    expect(offer.available_services.filter((s) => s.passenger_types.length > 0)).toEqual([]);
  });

  test('refuses an unknown service, a quantity above the maximum, services on a hold; the total includes them', async () => {
    await search({ adults: 1 });
    const stored = [...api.server.offers.values()].at(-1)!;
    const service = stored.available_services[0];
    const passenger = duffelPassenger(stored.passengers[0].id);
    const post = (data: object) =>
      postDuffelOrder(api.server, token, data).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as DuffelAnswer,
      }));
    const base = { selected_offers: [stored.id], passengers: [passenger], type: 'instant' };
    const payment = (amount: string) => ({ payments: [{ type: 'balance', amount, currency: 'USD' }] });

    const unknown = await post({
      ...base,
      ...payment('345.00'),
      services: [{ id: 'ase_0000nope', quantity: 1 }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ type: 'validation_error', code: 'invalid_data' });
    const tooMany = await post({
      ...base,
      ...payment('435.00'),
      services: [{ id: service.id, quantity: 3 }],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]!.message).toMatch(/between 1 and 2/);
    const onHold = await post({ ...base, type: 'hold', services: [{ id: service.id, quantity: 1 }] });
    expect(onHold.status).toBe(422);
    const offerTotalOnly = await post({
      ...base,
      ...payment('300.00'),
      services: [{ id: service.id, quantity: 2 }],
    });
    expect(offerTotalOnly.status).toBe(422);
    expect(api.server.orders.some((o) => o.offer_id === stored.id)).toBe(false);

    const booked = await post({ ...base, ...payment('390.00'), services: [{ id: service.id, quantity: 2 }] });
    expect(booked.status).toBe(201);
    expect(booked.body.data.total_amount).toBe('390.00');
    expect(booked.body.data.services).toEqual([
      expect.objectContaining({ id: service.id, quantity: 2, total_amount: '90.00', total_currency: 'USD' }),
    ]);
  });
});

describe('mapping Duffel’s bags to our luggage options', () => {
  test('a round trip: one bag per seated passenger and slice, for that passenger only, in the airline’s currency', async () => {
    const found = await search({ adults: 2, children: 1, infants: 1 }, { back: true, currency: 'EUR' });
    const offer = await priced(found.id, 'EUR');
    // Adults 0 and 1, the child 2; the infant (3) gets none. Two slices each, two bags each (Duffel sells 2),
    // numbered in that order: lug_0 is passenger 0, slice 0, bag 1; lug_11 is passenger 2, slice 1, bag 2.
    const expected = [0, 1, 2].flatMap((passenger) =>
      [0, 1].flatMap((slice) => [1, 2].map((bag) => [passenger, slice, bag])),
    );
    expect(expected).toHaveLength(12);
    expect(
      offer.available_services.map((s) => [s.id, s.passenger_index, s.slice_index, s.bag_number ?? 1]),
    ).toEqual(expected.map((bag, i) => [`lug_${i}`, ...bag]));
    // Asked in EUR, priced in Duffel's USD as it will be charged; the total in EUR beside it.
    expect(offer.total_currency).toBe('USD');
    expect(offer.display_total?.currency).toBe('EUR');
    for (const s of offer.available_services) {
      expect(s).toMatchObject({ type: 'baggage', weight_kg: 23, amount: '45.00', currency: 'USD' });
      // Duffel's own id and price never leave the API.
      expect(s).not.toHaveProperty('supplier');
    }
    expect(offer.available_services[8]!.passenger_types).toEqual(['child']);
    // With a bag the airline holds no seats: the booking page says so before one is chosen.
    expect(offer.payment_requirements).toEqual({ instant_with_services: true });
    // The same offer read again gives the same ids (booking relies on it).
    expect((await priced(found.id, 'EUR')).available_services.map((s) => s.id)).toEqual(
      offer.available_services.map((s) => s.id),
    );
  });

  test('pure mapping: checked bags only, whole slices only, known currencies; Duffel’s price kept', () => {
    const seg = (id: string) => ({ id }) as DuffelOffer['slices'][number]['segments'][number];
    const bag = (over: Record<string, unknown>) => ({
      id: 'ase_1',
      type: 'baggage',
      passenger_ids: ['pas_a'],
      segment_ids: ['seg_1', 'seg_2'],
      maximum_quantity: 1,
      total_amount: '30.00',
      total_currency: 'USD',
      metadata: {
        type: 'checked',
        maximum_weight_kg: null,
        maximum_height_cm: null,
        maximum_length_cm: null,
        maximum_depth_cm: null,
      },
      ...over,
    });
    const d = {
      passengers: [
        { id: 'pas_i', type: 'infant_without_seat', age: null },
        { id: 'pas_a', type: 'adult', age: null },
      ],
      slices: [{ segments: [seg('seg_1'), seg('seg_2')] }, { segments: [seg('seg_3')] }],
      available_services: [
        bag({}),
        bag({ id: 'ase_2', segment_ids: ['seg_1'] }),
        bag({ id: 'ase_3', segment_ids: ['seg_1', 'seg_2', 'seg_3'] }),
        bag({ id: 'ase_4', metadata: { type: 'carry_on', maximum_weight_kg: 8 } }),
        bag({ id: 'ase_5', passenger_ids: ['pas_i'] }),
        bag({ id: 'ase_6', total_currency: 'GBP', segment_ids: ['seg_3'] }),
        bag({ id: 'ase_7', passenger_ids: ['pas_a', 'pas_i'], segment_ids: ['seg_3'] }),
        bag({ id: 'ase_8', segment_ids: ['seg_3'], total_amount: '25.50', maximum_quantity: 3 }),
      ],
    } as unknown as DuffelOffer;
    const options = luggageOf(d, 'USD', DEFAULT_RATES);
    expect(options).toEqual([
      {
        id: 'lug_0',
        type: 'baggage',
        slice_index: 0,
        weight_kg: 23,
        amount: '30.00',
        currency: 'USD',
        passenger_types: ['adult'],
        // Duffel's passengers in our order: adults first, so the adult listed second by Duffel is ours 0.
        passenger_index: 0,
        supplier: { service_id: 'ase_1', amount: '30.00', currency: 'USD', maximum_quantity: 1 },
      },
      // Sold up to three times: three options, the second and third numbered, one Duffel service behind them.
      ...[undefined, 2, 3].map((bagNumber, i) =>
        expect.objectContaining({
          id: `lug_${i + 1}`,
          slice_index: 1,
          amount: '25.50',
          ...(bagNumber ? { bag_number: bagNumber } : {}),
          supplier: { service_id: 'ase_8', amount: '25.50', currency: 'USD', maximum_quantity: 3 },
        }),
      ),
    ]);
    expect(options[1]).not.toHaveProperty('bag_number');
    // Never more than three of one bag, however many the airline would sell.
    const many = {
      ...d,
      available_services: [bag({ id: 'ase_9', segment_ids: ['seg_3'], maximum_quantity: 9 })],
    };
    expect(luggageOf(many as DuffelOffer, 'USD', DEFAULT_RATES).map((o) => o.bag_number)).toEqual([
      undefined,
      2,
      3,
    ]);
  });
});

describe('booking with Duffel’s bags through the adapter', () => {
  const input = (offerId: string, services: DuffelBookingInput['services'], type: 'instant' | 'hold') =>
    ({
      offerId,
      passengers: [
        {
          type: 'adult',
          given_name: 'Anna',
          family_name: 'Karimova',
          born_on: '1990-04-12',
          gender: 'female',
          document: { number: 'FA1234567', expires_on: '2036-01-31', issuing_country_code: 'UZ' },
        },
      ],
      contact: { email: 'anna@example.com', phone: '+998 90 123 45 67' },
      idempotencyKey: nextKey('bags-adapter'),
      type,
      services,
    }) satisfies DuffelBookingInput;
  const adapter = () => duffelOrdersOn(api.server, token);

  test('refuses an unknown bag, more than allowed or at another price, asking Duffel for no order', async () => {
    const found = await search({ adults: 1 });
    const offer = await priced(found.id);
    const sold = [...api.server.offers.values()].at(-1)!.available_services[0];
    const before = ordersPosted().length;
    const refused = async (
      services: DuffelBookingInput['services'],
      type: 'instant' | 'hold' = 'instant',
    ) => {
      const result = await adapter().book(input(offer.id, services, type), clock.start);
      expect(result).toMatchObject({ ok: false, code: 'service_unavailable' });
    };
    await refused([{ id: 'ase_0000unknown', quantity: 1, amount: '45.00', currency: 'USD' }]);
    await refused([{ id: sold.id, quantity: 3, amount: '45.00', currency: 'USD' }]);
    await refused([
      { id: sold.id, quantity: 2, amount: '45.00', currency: 'USD' },
      { id: sold.id, quantity: 1, amount: '45.00', currency: 'USD' },
    ]);
    await refused([{ id: sold.id, quantity: 1, amount: '40.00', currency: 'USD' }]);
    // The same on a hold (the booking's check): refused before anything is recorded.
    await refused([{ id: sold.id, quantity: 3, amount: '45.00', currency: 'USD' }], 'hold');
    expect(ordersPosted()).toHaveLength(before);
  });

  test('a hold with a bag sold as chosen: nothing created, the terms with the bag answered', async () => {
    const found = await search({ adults: 1 });
    const offer = await priced(found.id);
    const sold = [...api.server.offers.values()].at(-1)!;
    const before = ordersPosted().length;
    const result = await adapter().book(
      input(
        offer.id,
        [{ id: sold.available_services[0].id, quantity: 1, amount: '45.00', currency: 'USD' }],
        'hold',
      ),
      clock.start,
    );
    expect(result).toEqual({
      ok: false,
      code: 'instant_payment_required',
      instant: { totalAmount: '345.00', totalCurrency: 'USD', expiresAt: sold.expires_at },
    });
    expect(ordersPosted()).toHaveLength(before);
  });

  test('an instant order with the services, paid for the offer plus the bags', async () => {
    const found = await search({ adults: 1 });
    const offer = await priced(found.id);
    const sold = [...api.server.offers.values()].at(-1)!.available_services[0];
    const result = await adapter().book(
      input(offer.id, [{ id: sold.id, quantity: 2, amount: '45.00', currency: 'USD' }], 'instant'),
      clock.start,
    );
    expect(result.ok).toBe(true);
    const sent = ordersPosted().at(-1)!.body!.data;
    expect(sent.type).toBe('instant');
    expect(sent.services).toEqual([{ id: sold.id, quantity: 2 }]);
    expect(sent.payments).toEqual([{ type: 'balance', amount: '390.00', currency: 'USD' }]);
    if (result.ok) expect(result.booking.totalAmount).toBe('390.00');
  });
});

describe('booking a Duffel offer with a bag through POST /v1/orders', () => {
  test('nothing is created at Duffel; our total and the kept Duffel total include the bag; the order shows it on its passenger', async () => {
    const found = await search({ adults: 2 });
    const offer = await priced(found.id);
    const second = offer.available_services.find((s) => s.passenger_index === 1)!;
    const before = ordersPosted().length;
    const response = await postOrder(
      bookingBody(offer, {
        services: [{ id: second.id, passenger_index: 1 }],
        expected_total: '645.00',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data;
    // Booked at Duffel only once the traveller has paid (below): no order there, nothing paid from the balance.
    expect(ordersPosted()).toHaveLength(before);
    expect(order).toMatchObject({ total_amount: '645.00', supplier_booking_reference: null });
    expect(order.passengers[0].services).toEqual([]);
    expect(order.passengers[1].services).toEqual([
      { id: second.id, slice_index: 0, weight_kg: 23, amount: '45.00' },
    ]);
    const row = await orderOf(api.db, order.id);
    expect(row).toMatchObject({
      supplier: 'duffel',
      supplierOrderId: null,
      supplierTotalAmount: '645.00',
      supplierCurrency: 'USD',
      totalMinor: 64_500,
    });
    // The payment window: the usual 20 minutes at most, never past the offer's expiry.
    const duffelOffer = [...api.server.offers.values()].at(-1)!;
    expect(row!.paymentDeadline.getTime()).toBeLessThanOrEqual(clock.at + 20 * 60_000);
    expect(row!.paymentDeadline.getTime()).toBeLessThanOrEqual(Date.parse(duffelOffer.expires_at));
  });

  test('searched in another currency, the order with a bag is charged in Duffel’s: our total is Duffel’s, no rate between', async () => {
    const found = await search({ adults: 1 }, { currency: 'EUR' });
    expect(found.total_currency).toBe('EUR');
    const offer = await priced(found.id, 'EUR');
    expect([offer.total_currency, offer.display_total?.currency]).toEqual(['USD', 'EUR']);
    const bag = offer.available_services[0]!;
    const total = (Number(offer.total_amount) + Number(bag.amount)).toFixed(2);
    const response = await postOrder(
      bookingBody(offer, {
        currency: 'EUR',
        services: [{ id: bag.id, passenger_index: 0 }],
        expected_total: total,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ total_amount: '345.00', total_currency: 'USD' });
    const row = await orderOf(api.db, response.json().data.id);
    expect(row).toMatchObject({ supplierTotalAmount: '345.00', supplierCurrency: 'USD' });
  });

  test('a bag of another passenger, one the offer does not sell, or the same bag twice: the luggage errors, nothing booked', async () => {
    const found = await search({ adults: 2 });
    const offer = await priced(found.id);
    const first = offer.available_services.find((s) => s.passenger_index === 0)!;
    const before = ordersPosted().length;
    const refused = async (services: { id: string; passenger_index: number }[], message: string) => {
      const response = await postOrder(bookingBody(offer, { services }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details).toContainEqual(expect.objectContaining({ message }));
    };
    await refused([{ id: first.id, passenger_index: 1 }], 'booking.error.serviceNotForPassenger');
    await refused([{ id: 'lug_9', passenger_index: 0 }], 'booking.error.serviceUnknown');
    await refused(
      [
        { id: first.id, passenger_index: 0 },
        { id: first.id, passenger_index: 0 },
      ],
      'booking.error.serviceDuplicate',
    );
    expect(ordersPosted()).toHaveLength(before);
  });

  test('the whole request again with the same key: the same order, still nothing at Duffel', async () => {
    const offer = await priced((await search({ adults: 1 })).id);
    const bag = offer.available_services[0]!;
    const before = ordersPosted().length;
    const key = nextKey('duffel-bags-again');
    const body = bookingBody(offer, { services: [{ id: bag.id, passenger_index: 0 }] });
    const post = () => injectOrder(api.app, body, key);
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.total_amount).toBe('345.00');
    const again = await post();
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(ordersPosted()).toHaveLength(before);
  });

  test('a bag Duffel stopped selling between the booking page and the order: the luggage error, nothing recorded', async () => {
    const found = await search({ adults: 1 });
    const offer = await priced(found.id);
    const bag = offer.available_services[0]!;
    const before = ordersPosted().length;
    const count = await countOrders(api.db);
    // Our re-pricing still lists the bag; the adapter's own read a moment later no longer does.
    api.server.knobs.servicesVanishAfter = 1;
    try {
      const response = await postOrder(
        bookingBody(offer, { services: [{ id: bag.id, passenger_index: 0 }] }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ path: '/services/0/id', message: 'booking.error.serviceUnknown' }),
      ]);
    } finally {
      api.server.knobs.servicesVanishAfter = null;
    }
    expect(ordersPosted()).toHaveLength(before);
    expect(await countOrders(api.db)).toBe(count);
  });
});

describe('after booking with a bag (booked at Duffel once the traveller has paid)', () => {
  const deps = () => ({
    db: api.db,
    supplier: duffelOrdersOn(api.server, token),
    now,
    log: QUIET_LOG,
  });
  async function bookWithBag(): Promise<Booked> {
    const offer = await priced((await search({ adults: 1 })).id);
    const bag = offer.available_services[0]!;
    const response = await postOrder(bookingBody(offer, { services: [{ id: bag.id, passenger_index: 0 }] }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Booked;
  }
  const duffelOrdersOf = (order: Booked) =>
    api.server.orders.filter((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id);
  const postedFor = (order: Booked) =>
    ordersPosted().filter((r) => r.body?.data?.metadata?.[ORDER_METADATA_KEY] === order.id);
  const rowOf = async (id: string) => (await orderOf(api.db, id))!;
  const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

  test('paid by the traveller: one instant order at Duffel with the bag, paid from the balance for the offer plus the bag', async () => {
    const order = await bookWithBag();
    const sold = [...api.server.offers.values()].at(-1)!.available_services[0];
    expect(duffelOrdersOf(order)).toHaveLength(0);
    await pay(api.app, api.db, order, now());
    await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('booked'));
    const atDuffel = duffelOrdersOf(order);
    expect(atDuffel).toHaveLength(1);
    expect(postedFor(order)).toHaveLength(1);
    expect(postedFor(order)[0]!.body!.data).toMatchObject({
      type: 'instant',
      services: [{ id: sold.id, quantity: 1 }],
      payments: [{ type: 'balance', amount: '345.00', currency: 'USD' }],
      metadata: { parvoz_idempotency_key: paidOrderIdempotencyKey(order.id) },
    });
    expect(atDuffel[0]!.services).toHaveLength(1);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({
      paymentStatus: 'paid',
      supplierOrderId: atDuffel[0]!.id,
      supplierBookingReference: atDuffel[0]!.booking_reference,
      supplierTotalAmount: '345.00',
    });
    expect(row.supplierPaidAt).not.toBeNull();
    // Paid as it was created: no hold payment afterwards, and another pass books nothing more.
    expect(api.server.payments.filter((p) => p.order_id === atDuffel[0]!.id)).toEqual([]);
    expect(await bookPaidOrders(deps())).toBe(0);
    expect(duffelOrdersOf(order)).toHaveLength(1);
  });

  test('two of the same bag (the airline sells 2): one Duffel service with quantity 2, paid for both', async () => {
    const offer = await priced((await search({ adults: 1 })).id);
    const [first, second] = offer.available_services;
    expect([first!.bag_number, second!.bag_number]).toEqual([undefined, 2]);
    const total = (Number(offer.total_amount) + Number(first!.amount) * 2).toFixed(2);
    const response = await postOrder(
      bookingBody(offer, {
        services: [
          { id: first!.id, passenger_index: 0 },
          { id: second!.id, passenger_index: 0 },
        ],
        expected_total: total,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data as Booked;
    expect(order.total_amount).toBe('390.00');
    const sold = [...api.server.offers.values()].at(-1)!.available_services[0];
    await pay(api.app, api.db, order, now());
    await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('booked'));
    expect(postedFor(order)).toHaveLength(1);
    expect(postedFor(order)[0]!.body!.data).toMatchObject({
      type: 'instant',
      services: [{ id: sold.id, quantity: 2 }],
      payments: [{ type: 'balance', amount: '390.00', currency: 'USD' }],
    });
    expect((await rowOf(order.id)).supplierTotalAmount).toBe('390.00');
  });

  test('the bag withdrawn by the time the traveller pays: no order at Duffel (never one without the bag), cancelled, refunded in full, told', async () => {
    const order = await bookWithBag();
    const before = ordersPosted().length;
    api.server.knobs.servicesVanishAfter = 0;
    try {
      await pay(api.app, api.db, order, now());
      await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('cancelled'));
    } finally {
      api.server.knobs.servicesVanishAfter = null;
    }
    expect(ordersPosted()).toHaveLength(before);
    expect(duffelOrdersOf(order)).toHaveLength(0);
    const read = await readOrder(api.app, order.id, order.access_token);
    expect(read).toMatchObject({ booking_status: 'cancelled', payment_status: 'paid' });
    expect(read.refunds).toEqual([
      expect.objectContaining({ amount: '345.00', currency: 'USD', reason: 'supplier_refused' }),
    ]);
    expect(await queuedEmails(api.db, { dedupeKey: `supplier-refused-refund:${order.id}` })).toHaveLength(1);
    expect(await bookPaidOrders(deps())).toBe(0);
    expect(duffelOrdersOf(order)).toHaveLength(0);
  });

  test('not paid by the traveller in time: cancelled here, nothing ever created or paid at Duffel', async () => {
    const order = await bookWithBag();
    const before = ordersPosted().length;
    clock.at += 21 * 60_000;
    try {
      expect(await expireUnpaidOrders(api.db, now())).toBeGreaterThanOrEqual(1);
      await releaseLapsedHolds(deps());
      await bookPaidOrders(deps());
      expect((await rowOf(order.id)).bookingStatus).toBe('cancelled');
      expect(ordersPosted()).toHaveLength(before);
      expect(duffelOrdersOf(order)).toHaveLength(0);
    } finally {
      clock.at = clock.start;
    }
  });
});
