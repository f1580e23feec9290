/**
 * Plain types of the flight search/offer API (docs/design.md §3 "API contract", Duffel-like field names).
 * The API answers with packages/contracts/src/offers.ts, which the compiler holds these to (the routes'
 * response schemas). Conventions:
 *  - codes are upper-case IATA codes (3 letters for airports/cities, 2 for airlines);
 *  - amounts are strings in major units of `*_currency` ("412.50"; UZS has no decimals: "5230000");
 *  - `departing_at` / `arriving_at` are local ISO date-times with the airport's UTC offset
 *    ("2026-12-15T08:40:00+05:00"); `expires_at` / `created_at` are UTC ISO instants ("...Z");
 *  - durations are ISO 8601 ("PT5H40M").
 */
import type { CurrencyCode } from './money.ts';
import type { PassengerCounts, PassengerType } from './passengers.ts';
import type { BaggageAllowance, FareFamily } from './pricing.ts';
import type { Cabin } from './schedule.ts';
import type { SearchErrorCode, SortOrder } from './search.ts';

export type { CurrencyCode, PassengerCounts, PassengerType, BaggageAllowance, FareFamily, SortOrder };
export type CabinClass = Cabin;

/** One leg of the journey to search: from an airport or city code, on a local date. */
export interface FlightSearchSlice {
  /** Airport or city code, e.g. "TAS", "IST" (all Istanbul airports), "LON". */
  origin: string;
  destination: string;
  /** YYYY-MM-DD, local date of departure at the origin; today … today + 329 days. */
  departure_date: string;
}

/** Body of POST /v1/flights/search. */
export interface FlightSearchRequest {
  /** One slice (one way) or two (round trip: the second is the return, on or after the first). */
  slices: FlightSearchSlice[];
  /** Adults 12+ (≥ 1), children 2–11, infants under 2 on a lap (≤ adults); adults + children ≤ 9. */
  passengers: PassengerCounts;
  cabin_class: CabinClass;
  /** Most transfers per slice, 0–2 (default 2). */
  max_connections?: number;
  /** Display currency (default USD). */
  currency?: CurrencyCode;
  /** Order of `offers` (default "best"). */
  sort?: SortOrder;
  /** The site language searched in: the market of the agency's price rules (SupplierContext `market`). */
  lang?: string;
}

export interface CarrierRef {
  iata_code: string;
  name: string;
}

export interface AircraftRef {
  iata_code: string;
  name: string;
}

/** One flight of a slice. */
export interface OfferSegment {
  /** Stable flight id: carrier + number + local departure date, e.g. "HY601-2026-12-15". */
  flight_key: string;
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  /** Flight time, ISO 8601. */
  duration: string;
  marketing_carrier: CarrierRef;
  /** Flight number without the carrier code, e.g. "601". */
  flight_number: string;
  aircraft: AircraftRef;
  cabin_class: CabinClass;
  distance_km: number;
  /** Time on the ground before this flight (transfer), minutes; absent on the first flight. */
  connection_minutes?: number;
}

/** Outbound or return part of an offer. */
export interface OfferSlice {
  /** First departure / last arrival airport codes. */
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  /** Door-to-door time of the slice, ISO 8601 ("PT5H40M"). */
  duration: string;
  duration_minutes: number;
  transfers: number;
  segments: OfferSegment[];
}

export interface OfferPassenger {
  id: string;
  type: PassengerType;
}

/**
 * Price of all passengers of one type. total_amount = fare_amount + tax_amount + luggage_amount +
 * service_fee_amount − discount_amount exactly (price-breakdown.ts: the agency's markups sit in the fare).
 */
export interface PriceBreakdownItem {
  passenger_type: PassengerType;
  count: number;
  fare_amount: string;
  tax_amount: string;
  luggage_amount: string;
  /** The seats chosen for these passengers (an order's, seat-maps.ts); present only when not zero. */
  seats_amount?: string;
  /** The agency's service fee for these passengers; present only when not zero. */
  service_fee_amount?: string;
  /** The agency's discount for these passengers (a positive amount, taken off); present only when not zero. */
  discount_amount?: string;
  total_amount: string;
  currency: CurrencyCode;
}

/** The same flights in another fare family (the offer itself is one of them). */
export interface FareFamilyOption {
  fare_family: FareFamily;
  offer_id: string;
  total_amount: string;
  total_currency: CurrencyCode;
  baggage: BaggageAllowance;
}

/** "Add luggage": one 23 kg bag for one passenger (adult or child) on one slice. */
export interface LuggageService {
  id: string;
  type: 'baggage';
  slice_index: number;
  weight_kg: number;
  /** Price per passenger for this slice. */
  amount: string;
  currency: CurrencyCode;
  passenger_types: PassengerType[];
  /** Only for this passenger of the offer (index in `passengers`): a real supplier sells bags per passenger. */
  passenger_index?: number;
  /**
   * The second or third of the same bag, when a real supplier sells several (Duffel's `maximum_quantity`): its own
   * option, so each is ticked on its own and the label says which.
   */
  bag_number?: number;
  /**
   * What a real supplier sells (never shown): its service id, price per bag in its own currency and the most that
   * may be bought; the order sends the id and is charged exactly this (docs/duffel.md, decision 0017).
   */
  supplier?: { service_id: string; amount: string; currency: string; maximum_quantity: number };
}

export interface Offer {
  /** Opaque, signed; carries everything needed to re-price (GET /v1/offers/{id}). */
  id: string;
  total_amount: string;
  total_currency: CurrencyCode;
  /** The fares, the agency's markups in them; with the taxes, the fees and the discounts: the total. */
  base_amount: string;
  tax_amount: string;
  /** UTC ISO instant; 20 minutes after the search by default. */
  expires_at: string;
  slices: OfferSlice[];
  passengers: OfferPassenger[];
  cabin_class: CabinClass;
  fare_family: FareFamily;
  /** Allowance per seated passenger (infants: none). */
  baggage: BaggageAllowance;
  /** Present only when fewer than 10 seats are left on some flight. */
  seats_left?: number;
  price_breakdown: PriceBreakdownItem[];
  fare_families: FareFamilyOption[];
  available_services: LuggageService[];
  /** Carrier of the first flight. */
  owner: CarrierRef;
  /**
   * Present only for a supplier's offer that is booked at the airline only once the traveller has paid
   * (docs/duffel.md): always when the airline will not hold it (Duffel's
   * `payment_requirements.requires_instant_payment`), or when extra bags are chosen (`instant_with_services`:
   * the airline holds no seats with bags).
   */
  payment_requirements?: { requires_instant_payment?: true; instant_with_services?: true };
  /**
   * Present only when the offer is charged in a currency other than the one asked for (docs/duffel.md: a real
   * airline's fare is charged in the airline's currency): the total converted at our rates, for reference
   * only.
   */
  display_total?: { amount: string; currency: CurrencyCode };
  /**
   * Present only when the agency's pricing rules changed the supplier's price
   * (docs/decisions/0025-price-rules-stacking-and-rounding.md): the supplier's cost and what the rules added or took
   * off, in `total_currency`, kept with the order for the books; never shown to the traveller as such (the fee
   * and the discount reach the traveller as lines of `price_breakdown`, price-breakdown.ts).
   */
  pricing?: OfferPricing;
}

/** The agency's side of an offer's price: total_amount = supplier_total + markup + fee − discount. */
export interface OfferPricing {
  supplier_total: string;
  markup: string;
  fee: string;
  discount: string;
  lines: { rule_id: string; kind: 'markup' | 'service_fee' | 'discount'; amount: string }[];
}

export interface FacetTimeRange {
  /** Local ISO date-times (origin's zone for departures, destination's zone for arrivals). */
  earliest: string;
  latest: string;
}

/** Filter values over all offers of a search (amounts in the search currency). */
export interface SearchFacets {
  currency: CurrencyCode;
  /** Most transfers in any slice of an offer → cheapest offer total. */
  transfers: { count: number; min_price: string }[];
  price: { min: string; max: string } | null;
  /** Every carrier flying in an offer → cheapest such offer. */
  airlines: { iata_code: string; name: string; min_price: string }[];
  /** Per slice (outbound, return). */
  slices: { departure: FacetTimeRange | null; arrival: FacetTimeRange | null }[];
}

/** What a search answer says of itself, whichever form its offers take. */
interface SearchAnswerHead {
  /** Search id (derived from the request and the search time). */
  id: string;
  created_at: string;
  /** When every offer of the answer expires. */
  expires_at: string;
  currency: CurrencyCode;
  cabin_class: CabinClass;
  passengers: OfferPassenger[];
  facets: SearchFacets;
  /** false: no flights connect the places of some slice on any date, within the connections allowed. */
  connected: boolean;
}

export interface FlightSearchData extends SearchAnswerHead {
  offers: Offer[];
}

/**
 * A flight of a search answer (ADR 0015), listed once however many slices fly it; slices name it by its key.
 * Its carrier and aircraft are keys into the answer's `carriers` and `aircraft` (their codes).
 */
export type SearchFlight = Omit<OfferSegment, 'connection_minutes' | 'marketing_carrier' | 'aircraft'> & {
  marketing_carrier: string;
  aircraft: string;
};

/**
 * A slice of a search answer (ADR 0015), listed once however many offers fly it; offers name it by its key.
 * `flights`: keys into the answer's `flights`, in order; `connection_minutes`: the time on the ground before
 * each flight after the first. `luggage`: the "add luggage" service on this slice (one bag per adult or child,
 * price per passenger).
 */
export interface SearchSlice extends Omit<OfferSlice, 'segments'> {
  flights: string[];
  connection_minutes: number[];
  luggage: { weight_kg: number; amount: string; passenger_types: PassengerType[] };
}

/** What a fare family of the searched cabin includes (the same for every offer of the answer). */
export interface SearchFareFamily {
  fare_family: FareFamily;
  baggage: BaggageAllowance;
}

/** The same flights in another fare family of the cabin: its own signed id and total. */
export interface SearchOtherFare {
  fare_family: FareFamily;
  offer_id: string;
  total_amount: string;
}

/**
 * An offer of a search answer: only what differs between offers. The rest is the answer's: the currency,
 * `expires_at`, passengers, cabin, the baggage of each fare family, the slices (by key) with their luggage;
 * the owner is the carrier of the first flight. The price breakdown comes with GET /v1/offers/{id}.
 */
export interface SearchOffer {
  /** Opaque, signed: the offer in `fare_family`, bookable on its own (GET /v1/offers/{id}). */
  id: string;
  /** Keys into the answer's `slices`, outbound first. */
  slices: string[];
  fare_family: FareFamily;
  total_amount: string;
  base_amount: string;
  tax_amount: string;
  /** Present only when fewer than 10 seats are left on some flight. */
  seats_left?: number;
  /** Present only when the airline will not hold the offer: booked there once the traveller has paid. */
  payment_requirements?: { requires_instant_payment: true };
  /**
   * Present only when the offer's bags differ from its fare family's listed ones (a supplier's offer, whose
   * airline sets them: docs/duffel.md): what the results page's "bag included" filter reads.
   */
  baggage?: BaggageAllowance;
  other_fares: SearchOtherFare[];
}

/** The body of POST /v1/flights/search's answer: offers referring to slices and fare families listed once. */
export interface SearchAnswer extends SearchAnswerHead {
  /** The cabin's fare families, cheapest first. */
  fare_families: SearchFareFamily[];
  carriers: Record<string, CarrierRef>;
  aircraft: Record<string, AircraftRef>;
  flights: Record<string, SearchFlight>;
  slices: Record<string, SearchSlice>;
  offers: SearchOffer[];
}

/** Response of POST /v1/flights/search. */
export interface FlightSearchResponse {
  data: SearchAnswer;
}

/** Response of GET /v1/offers/{id}: the offer re-priced now. */
export interface OfferResponse {
  data: Offer;
}

export type SupplierErrorCode = SearchErrorCode | 'offer_not_found' | 'offer_expired' | 'offer_unavailable';

export interface SupplierError {
  code: SupplierErrorCode;
  message: string;
  /** Request field at fault, e.g. "slices.0.origin". */
  field?: string;
}

export type SupplierResult<T> = { ok: true; data: T } | { ok: false; error: SupplierError };
