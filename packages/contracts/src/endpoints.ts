/**
 * The API's endpoints, defined once (./endpoint.ts). Add an endpoint here, use its schemas in the route
 * (`schema: schemaOf(endpoints.x)` in apps/api), call it from the web with `callEndpoint`.
 */
import { endpoint } from './endpoint.ts';
import {
  flightCalendarResponseSchema,
  flightSearchResponseSchema,
  placesResponseSchema,
  popularDestinationsResponseSchema,
  pricedOfferResponseSchema,
} from './offers.ts';
import {
  flightCalendarQuerySchema,
  flightPopularQuerySchema,
  flightSearchRequestSchema,
  offerIdParamsSchema,
  offerQuerySchema,
  placesQuerySchema,
  repriceRequestSchema,
} from './search.ts';

export const endpoints = {
  searchFlights: endpoint({
    method: 'POST',
    path: '/v1/flights/search',
    summary: 'Offers for a one-way trip or a round trip, ranked, with filter values.',
    access: 'public',
    body: flightSearchRequestSchema,
    response: flightSearchResponseSchema,
    errors: ['unknown_origin', 'unknown_destination', 'same_origin_destination', 'date_out_of_range'],
  }),
  flightCalendar: endpoint({
    method: 'GET',
    path: '/v1/flights/calendar',
    summary: "One adult's cheapest one-way total per day on a route (the calendar of low prices).",
    access: 'public',
    query: flightCalendarQuerySchema,
    response: flightCalendarResponseSchema,
    errors: ['unknown_origin', 'unknown_destination', 'same_origin_destination'],
  }),
  popularDestinations: endpoint({
    method: 'GET',
    path: '/v1/flights/popular',
    summary:
      'The destinations best connected to a city by nonstop flights, each at its lowest one-way fare of the next 30 days.',
    access: 'public',
    query: flightPopularQuerySchema,
    response: popularDestinationsResponseSchema,
    errors: ['unknown_origin'],
  }),
  getOffer: endpoint({
    method: 'GET',
    path: '/v1/offers/{id}',
    summary: 'An offer priced again now, with live seats and its fare conditions.',
    access: 'public',
    params: offerIdParamsSchema,
    query: offerQuerySchema,
    response: pricedOfferResponseSchema,
    errors: ['offer_not_found', 'offer_expired', 'offer_unavailable'],
  }),
  repriceOffer: endpoint({
    method: 'POST',
    path: '/v1/offers/reprice',
    summary: 'A fresh offer for flights chosen earlier (e.g. from a shared ticket link).',
    access: 'public',
    body: repriceRequestSchema,
    response: pricedOfferResponseSchema,
    errors: ['offer_unavailable'],
  }),
  searchPlaces: endpoint({
    method: 'GET',
    path: '/v1/places',
    summary: 'Cities and airports matching typed text, in any of the four languages.',
    access: 'public',
    query: placesQuerySchema,
    response: placesResponseSchema,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
