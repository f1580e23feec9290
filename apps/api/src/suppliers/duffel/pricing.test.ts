/**
 * The agency's price rules on Duffel's offers (modules/pricing/apply.ts, docs/decisions/0025-price-rules-stacking-and-rounding.md),
 * through HTTP (inject, PGlite) against the Duffel stand-in: a markup written after a search changes the next
 * search's price, never the price of an offer already shown — its page and its booking charge what its search
 * showed, because our id of a Duffel offer carries when it was searched (offer-id.ts).
 */
import { describe, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { bookingBody, freshSearchDays, injectOrder } from '../../testing/booking.ts';
import { signedInAs } from '../../testing/after-sale.ts';
import { passSecondFactor } from '../../second-factor/testing.ts';
import { EFFECTIVE_LEAD_MS } from '../../modules/pricing/index.ts';
import { postTenPercentMarkup } from '../../modules/pricing/testing/apis.ts';
import { decodeDuffelOfferId } from './offer-id.ts';
import { searchDuffelOffer, useDuffelTestApi } from './testing/duffel-api-testing.ts';
import { TEST_OFFER_SECRET } from '../../testing/api.ts';

const TOKEN = 'duffel_test_pricing0123456789';
let clock = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(clock);
const nextDay = freshSearchDays(clock, 20);
const api = useDuffelTestApi({ token: TOKEN, now });

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** 10 % of a cost in cents, rounded half away from zero to a cent (the core's rounding). */
const tenPercent = (costCents: number) => Math.floor((costCents * 1000 + 5000) / 10_000);

async function offerPage(offer: Offer) {
  const res = await api.app.inject({ method: 'GET', url: `/v1/offers/${encodeURIComponent(offer.id)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Offer;
}

describe('a markup on Duffel offers', () => {
  test('applies to searches after it; an offer shown before keeps its price at its page and its booking', async () => {
    const before = await searchDuffelOffer(api.app, { date: nextDay() });
    const searched = decodeDuffelOfferId(before.id, TEST_OFFER_SECRET, clock);
    expect(searched.ok && searched.ref.searchedAt).toBe(clock);

    const admin = await signedInAs(api.db, 'admin@pricing.test', 'admin', now());
    await passSecondFactor(api.app, admin, now());
    await postTenPercentMarkup(api.app, admin, { suppliers: ['duffel'], origins: [{ city: 'TAS' }] });
    clock += EFFECTIVE_LEAD_MS + 60_000;

    // A new search: 10 % more than Duffel's price (the stand-in's fare is the same every day).
    const after = await searchDuffelOffer(api.app, { date: nextDay() });
    expect(cents(after.total_amount)).toBe(
      cents(before.total_amount) + tenPercent(cents(before.total_amount)),
    );
    expect((await offerPage(after)).total_amount).toBe(after.total_amount);

    // The offer shown before the rule: its page and its order at the price its search showed.
    const page = await offerPage(before);
    expect(page.total_amount).toBe(before.total_amount);
    const booked = await injectOrder(
      api.app,
      { ...bookingBody(page), expected_total: before.total_amount },
      'duffel-pricing-before',
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.total_amount).toBe(before.total_amount);
  });
});
