/**
 * A traveller under 18 booked through our own POST /v1/orders on a Duffel offer searched by counts (./ages.ts,
 * docs/duffel.md "Passengers' ages"): the booking prices the same flights asked for at the travellers' ages, the
 * traveller confirms the airline's fare for them when it differs (the booking page's price-changed answer), and the
 * hold at Duffel is made on that offer, the 15-year-old on the passenger Duffel was asked for at 15.
 */
import { describe, expect, test } from 'vitest';
import { bookingBody, injectOrder, lastFlightDate, suiteClock, yearsBefore } from '../../testing/booking.ts';
import type { Booked } from '../../testing/after-sale.ts';
import { orderOf } from '../../modules/orders/testing/fixtures.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { decodeDuffelOfferId } from './offer-id.ts';
import { TEST_OFFER_SECRET } from '../../testing/api.ts';
import { DUFFEL_ONLY_FLIGHT, searchDuffelOffer, useDuffelTestApi } from './testing/duffel-api-testing.ts';
import type { Loose } from '../../payments/testing/http.ts';

const TOKEN = 'duffel_test_booking_ages0123456789';
const clock = suiteClock(25);

/** An adult's fare of 300.00, a young person's of 210.00. */
const api = useDuffelTestApi({
  token: TOKEN,
  now: clock.now,
  flights: [{ ...DUFFEL_ONLY_FLIGHT, young_amount: '210.00' }],
});

describe('a 15-year-old on a Duffel offer searched for two adults', () => {
  test('the fare for their ages is confirmed first, then held at Duffel with the passenger aged 15', async () => {
    const offer = await searchDuffelOffer(api.app, {
      date: clock.nextDay(),
      passengers: { adults: 2 },
      sort: 'cheapest',
    });
    expect(offer.total_amount).toBe('600.00');
    const body = bookingBody(offer, { expected_total: offer.total_amount });
    body.passengers[1]!.born_on = yearsBefore(lastFlightDate(offer), 15, -1);
    const ordersBefore = api.server.orders.length;

    // The airline's fare for an adult and a 15-year-old: the traveller is asked to confirm it, nothing is booked.
    const moved = await injectOrder(api.app, body, 'booking-ages-1');
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().error.details).toMatchObject({
      reason: 'price_changed',
      old_total: '600.00',
      new_total: '510.00',
    });
    expect(api.server.orders).toHaveLength(ordersBefore);

    const confirmed = await injectOrder(api.app, { ...body, expected_total: '510.00' }, 'booking-ages-2');
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const order = confirmed.json().data as Booked;
    expect(order.total_amount).toBe('510.00');
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    expect(atDuffel.total_amount).toBe('510.00');
    const asked = api.server.offers.get(atDuffel.offer_id as string)!;
    const ageOf = (id: string) => (asked.passengers as Loose[]).find((p) => p.id === id)!.age;
    expect((atDuffel.passengers as Loose[]).map((p) => ageOf(p.id as string))).toEqual([null, 15]);
    // Our order keeps the offer it was booked on: paid, an order booked at pay time reads that offer again.
    const row = (await orderOf(api.db, order.id))!;
    expect(row.supplierTotalAmount).toBe('510.00');
    const kept = decodeDuffelOfferId(row.offerId!, TEST_OFFER_SECRET, clock.now().getTime());
    expect(kept).toMatchObject({ ok: true, ref: { offer: atDuffel.offer_id } });
    expect(row.offerId).not.toBe(body.offer_id);
  });
});
