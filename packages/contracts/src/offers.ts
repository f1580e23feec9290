/**
 * The offer and search answers of the API (docs/design.md §3 "API contract", Duffel-like field names): the
 * one definition the API's routes answer with (checked by the compiler and, outside production, at run time),
 * the web reads and /v1/openapi.json publishes. Conventions:
 *  - codes are upper-case IATA codes (3 letters for airports/cities, 2 for airlines);
 *  - amounts are strings in major units of their currency ("412.50"; UZS has no decimals: "5230000");
 *  - `departing_at` / `arriving_at` are local ISO date-times with the airport's UTC offset;
 *    `expires_at` / `created_at` are UTC instants; durations are ISO 8601 ("PT5H40M").
 */
import { z } from 'zod';
import { CABINS, PASSENGER_TYPES } from '@parvoz/core/vocabulary';
import { CURRENCIES } from '@parvoz/i18n/currency';
import {
  fareConditionsSchema,
  orderSegmentSchema,
  orderSliceSchema,
  priceBreakdownItemSchema,
} from './booking.ts';
import { fareFamilySchema } from './search.ts';

const currencySchema = z.enum(CURRENCIES);
const passengerTypeSchema = z.enum(PASSENGER_TYPES);
const carrierSchema = z.object({ iata_code: z.string(), name: z.string() });

/** Bags included per seated passenger (infants: none). */
export const baggageAllowanceSchema = z.object({
  cabin: z.object({ quantity: z.number(), weight_kg: z.number() }),
  checked: z.object({ quantity: z.number(), weight_kg: z.number() }),
});

/** The same flights in another fare family (the offer itself is one of them). */
export const fareFamilyOptionSchema = z.object({
  fare_family: fareFamilySchema,
  offer_id: z.string(),
  total_amount: z.string(),
  total_currency: currencySchema,
  baggage: baggageAllowanceSchema,
});

/** "Add luggage": one 23 kg bag for one passenger (adult or child) on one slice; `amount` per passenger. */
export const luggageServiceSchema = z.object({
  id: z.string(),
  type: z.literal('baggage'),
  slice_index: z.number(),
  weight_kg: z.number(),
  amount: z.string(),
  currency: currencySchema,
  passenger_types: z.array(passengerTypeSchema),
  /** Sold for this passenger only (index in the offer's `passengers`): a real airline's bags are per passenger. */
  passenger_index: z.number().optional(),
  /** The second or third of the same bag of a real airline that sells several: its label names the number. */
  bag_number: z.number().int().min(2).optional(),
});

export { luggageSuits } from './luggage.ts';

export const offerSchema = z.object({
  /** Opaque and signed: carries everything needed to re-price (GET /v1/offers/{id}). */
  id: z.string(),
  total_amount: z.string(),
  total_currency: currencySchema,
  base_amount: z.string(),
  tax_amount: z.string(),
  expires_at: z.string(),
  slices: z.array(orderSliceSchema).min(1),
  passengers: z.array(z.object({ id: z.string(), type: passengerTypeSchema })).min(1),
  cabin_class: z.enum(CABINS),
  fare_family: fareFamilySchema,
  baggage: baggageAllowanceSchema,
  /** Present only when fewer than 10 seats are left on some flight. */
  seats_left: z.number().optional(),
  /**
   * total_amount = fare_amount + tax_amount + luggage_amount + service_fee_amount − discount_amount exactly, per
   * passenger type; the types' totals add up to the offer's.
   */
  price_breakdown: z.array(priceBreakdownItemSchema),
  fare_families: z.array(fareFamilyOptionSchema),
  available_services: z.array(luggageServiceSchema),
  /** Carrier of the first flight. */
  owner: carrierSchema,
  /**
   * Present only for a supplier's offer the airline will not hold (docs/duffel.md: Duffel's
   * `requires_instant_payment`): the seats are booked at the airline only once the traveller's payment completes.
   */
  payment_requirements: z
    .object({
      requires_instant_payment: z.literal(true).optional(),
      /** With any extra bag chosen, the same: the airline holds no seats with bags. */
      instant_with_services: z.literal(true).optional(),
    })
    .optional(),
  /**
   * Present only when the offer is charged in another currency than the one asked for (a real airline's fare is
   * charged in the airline's currency, docs/duffel.md): its total in the currency asked for, at our rates,
   * for reference.
   */
  display_total: z.object({ amount: z.string(), currency: currencySchema }).optional(),
});
export type ApiOffer = z.infer<typeof offerSchema>;

const timeRangeSchema = z.object({ earliest: z.string(), latest: z.string() });

/** Filter values over all offers of a search (amounts in the search currency). */
export const searchFacetsSchema = z.object({
  currency: currencySchema,
  transfers: z.array(z.object({ count: z.number(), min_price: z.string() })),
  price: z.object({ min: z.string(), max: z.string() }).nullable(),
  airlines: z.array(z.object({ iata_code: z.string(), name: z.string(), min_price: z.string() })),
  slices: z.array(z.object({ departure: timeRangeSchema.nullable(), arrival: timeRangeSchema.nullable() })),
});

/**
 * A flight of a search answer, listed once however many slices fly it (ADR 0015); slices name it by its key.
 * `marketing_carrier` and `aircraft` are keys into the answer's `carriers` and `aircraft` (their codes).
 */
export const searchFlightSchema = orderSegmentSchema
  .omit({ connection_minutes: true })
  .extend({ marketing_carrier: z.string(), aircraft: z.string() });

/**
 * A slice of a search answer, listed once however many offers fly it (ADR 0015); offers name it by its key.
 * `flights`: keys into the answer's `flights`, in order; `connection_minutes`: the time on the ground before each
 * flight after the first. `luggage`: "add luggage" on this slice, one bag per passenger of `passenger_types`,
 * `amount` per passenger.
 */
export const searchSliceSchema = orderSliceSchema.omit({ segments: true }).extend({
  flights: z.array(z.string()).min(1),
  connection_minutes: z.array(z.number()),
  luggage: z.object({
    weight_kg: z.number(),
    amount: z.string(),
    passenger_types: z.array(passengerTypeSchema),
  }),
});

/** An offer of a search answer: only what differs between offers (the rest is the answer's, see below). */
export const searchOfferSchema = z.object({
  /** Opaque and signed: the offer in `fare_family`, bookable on its own (GET /v1/offers/{id}). */
  id: z.string(),
  /** Keys into the answer's `slices`, outbound first. */
  slices: z.array(z.string()).min(1),
  fare_family: fareFamilySchema,
  total_amount: z.string(),
  base_amount: z.string(),
  tax_amount: z.string(),
  /** Present only when fewer than 10 seats are left on some flight. */
  seats_left: z.number().optional(),
  /** Present only when the airline will not hold the offer: it is booked there once the traveller has paid. */
  payment_requirements: z.object({ requires_instant_payment: z.literal(true) }).optional(),
  /**
   * Present only when the offer's bags differ from its fare family's in `fare_families` (a supplier's airline
   * sets its own, docs/duffel.md); absent, the family's are the offer's.
   */
  baggage: baggageAllowanceSchema.optional(),
  /** The same flights in the cabin's other fare families, each with its own signed id. */
  other_fares: z.array(
    z.object({ fare_family: fareFamilySchema, offer_id: z.string(), total_amount: z.string() }),
  ),
});
export type SearchAnswerOffer = z.infer<typeof searchOfferSchema>;

/**
 * POST /v1/flights/search. Offers carry only what differs between them; the currency, `expires_at`, the
 * passengers, the cabin, each fare family's baggage, the slices (with their luggage), their flights and the
 * flights' carriers and aircraft are the answer's, listed once. `expandSearchOffers` (search-answer.ts) rebuilds full offers; the price breakdown per passenger type
 * comes with GET /v1/offers/{id}.
 */
export const flightSearchResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    currency: currencySchema,
    cabin_class: z.enum(CABINS),
    passengers: z.array(z.object({ id: z.string(), type: passengerTypeSchema })).min(1),
    /** The cabin's fare families, cheapest first, with what each includes. */
    fare_families: z.array(z.object({ fare_family: fareFamilySchema, baggage: baggageAllowanceSchema })),
    carriers: z.record(z.string(), carrierSchema),
    aircraft: z.record(z.string(), carrierSchema),
    flights: z.record(z.string(), searchFlightSchema),
    slices: z.record(z.string(), searchSliceSchema),
    offers: z.array(searchOfferSchema),
    facets: searchFacetsSchema,
    /** false: no flights connect the places of some slice on any date, within the connections allowed. */
    connected: z.boolean(),
    /** true: some supplier did not answer in time or failed, so some results may be missing (docs/duffel.md). */
    incomplete: z.boolean().optional(),
    /**
     * true (only with `?stage=first`): the built-in offers alone, other suppliers still searching; the same
     * request with `?stage=rest` answers the merged list when they are done.
     */
    pending: z.boolean().optional(),
  }),
});
export type FlightSearchResponse = z.infer<typeof flightSearchResponseSchema>;
export type SearchAnswer = FlightSearchResponse['data'];

/** GET /v1/offers/{id} and POST /v1/offers/reprice: the offer priced now, with its fare conditions. */
export const pricedOfferSchema = offerSchema.extend({ conditions: fareConditionsSchema });
export type PricedOffer = z.infer<typeof pricedOfferSchema>;
export const pricedOfferResponseSchema = z.object({ data: pricedOfferSchema });

/** GET /v1/flights/calendar: one adult's cheapest one-way total per day (null: nothing flies or sold out). */
export const flightCalendarResponseSchema = z.object({
  data: z.object({
    currency: currencySchema,
    connected: z.boolean(),
    days: z.array(z.object({ date: z.string(), min_amount: z.string().nullable() })),
  }),
});
export type FlightCalendarResponse = z.infer<typeof flightCalendarResponseSchema>;

/** One pair of days of the date grid: the cheapest round trip's total (null: nothing flies or sold out). */
export const dateGridCellSchema = z.object({
  departure: z.string(),
  return: z.string(),
  min_amount: z.string().nullable(),
});

/**
 * GET /v1/flights/date-grid: the 7 departures and 7 returns (oldest first), a cell for each pair whose return is not
 * before its departure (row by row) and the cheapest of them (the earliest pair of equal ones).
 */
export const flightDateGridResponseSchema = z.object({
  data: z.object({
    currency: currencySchema,
    connected: z.boolean(),
    departures: z.array(z.string()),
    returns: z.array(z.string()),
    cells: z.array(dateGridCellSchema),
    cheapest: dateGridCellSchema.nullable(),
  }),
});
export type FlightDateGridResponse = z.infer<typeof flightDateGridResponseSchema>;
export type FlightDateGrid = FlightDateGridResponse['data'];

/**
 * GET /v1/flights/popular: destinations from a city, each at its lowest one-way total for one adult (economy)
 * in the next 30 days, and that day; the origin and the destinations named in the asked language.
 */
export const popularDestinationsResponseSchema = z.object({
  data: z.object({
    origin: z.object({ code: z.string(), name: z.string() }),
    currency: currencySchema,
    destinations: z.array(
      z.object({
        /** City code (an airport's code where it has no city). */
        code: z.string(),
        name: z.string(),
        /** The day of the lowest fare (local departure date, YYYY-MM-DD). */
        date: z.string(),
        min_amount: z.string(),
      }),
    ),
  }),
});
export type PopularDestinations = z.infer<typeof popularDestinationsResponseSchema>['data'];
export type PopularDestination = PopularDestinations['destinations'][number];

/** GET /v1/places: cities and airports matching what the traveller typed. */
export const placeSchema = z.object({
  type: z.enum(['city', 'airport']),
  code: z.string(),
  name: z.string(),
  city_code: z.string(),
  city_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  airports: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type Place = z.infer<typeof placeSchema>;
export const placesResponseSchema = z.object({ data: z.array(placeSchema) });
