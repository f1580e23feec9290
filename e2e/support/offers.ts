import { expect } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import type { SearchAnswer } from '@parvoz/contracts/offers';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import { bookingBody } from '../../apps/api/src/testing/booking.ts';
import { callApi } from './api.ts';
import { isoDay } from './dates.ts';

/** A one-way search as a test asks it: TAS→IST, one adult, economy, in the API's default currency unless said. */
export type OneWaySearch = {
  days: number;
  origin?: string;
  destination?: string;
  passengers?: { adults: number; children?: number; infants?: number };
  cabin?: 'economy' | 'premium_economy' | 'business' | 'first';
  currency?: string;
};

/**
 * The offers of a one-way search `days` from today, asked through the API as the anonymous web app asks, and
 * made whole (slices and fare families in each) as the web reads the compact answer.
 */
export async function searchOffers(siteUrl: string, search: OneWaySearch): Promise<Offer[]> {
  const found = await callApi<{ data: SearchAnswer }>(siteUrl, '/v1/flights/search', {
    body: {
      slices: [
        {
          origin: search.origin ?? 'TAS',
          destination: search.destination ?? 'IST',
          departure_date: isoDay(search.days),
        },
      ],
      passengers: search.passengers ?? { adults: 1 },
      cabin_class: search.cabin ?? 'economy',
      ...(search.currency ? { currency: search.currency } : {}),
    },
  });
  expect(found.status).toBe(200);
  return expandSearchOffers(found.body.data) as Offer[];
}

/** The first offer of the first of `days` that has any (a route need not fly every day). */
export async function firstOfferOn(
  siteUrl: string,
  days: readonly number[],
  search: Omit<OneWaySearch, 'days'> = {},
): Promise<Offer> {
  for (const day of days) {
    const [first] = await searchOffers(siteUrl, { ...search, days: day });
    if (first) return first;
  }
  throw new Error(
    `no offers ${search.origin ?? 'TAS'}-${search.destination ?? 'IST'} on days ${days.join(', ')}`,
  );
}

/** An offer whose every slice is one flight. */
export const isNonstop = (offer: Offer): boolean => offer.slices.every((slice) => slice.transfers === 0);

/** An order as the API answers its booking. */
export type BookedOrder = {
  id: string;
  booking_reference: string;
  access_token: string;
  contact: { full_name: string; email: string; phone: string };
};

/** `offer` booked through the API for `bookingBody`'s traveller, under the Idempotency-Key `key`. */
export async function bookThroughApi(siteUrl: string, offer: Offer, key: string): Promise<BookedOrder> {
  const booked = await callApi<{ data: BookedOrder }>(siteUrl, '/v1/orders', {
    body: bookingBody(offer),
    key,
  });
  expect(booked.status).toBe(201);
  return booked.body.data;
}
