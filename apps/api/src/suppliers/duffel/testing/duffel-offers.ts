/**
 * The Duffel stand-in's (./duffel-server.ts) offers, from the flights a test configures, as Duffel's API reference
 * (duffel.com/docs/api, "Offer requests" and "Offers") shows them: `POST /air/offer_requests` makes an offer of
 * every combination of one flight per slice, of the airlines that answered within `supplier_timeout`
 * (./duffel-rules.ts); `GET /air/offers/:id` reads one now, with its checked bags only when asked
 * (`return_available_services=true`).
 */
import { randomBytes } from 'node:crypto';
import { timeZone } from '@parvoz/core/schedule-time';
import type { Loose } from '../../../payments/testing/http.ts';
import {
  cents,
  duffelFailure,
  duffelId,
  duffelNotFound,
  invalidData,
  major,
  offerGone,
} from './duffel-answers.ts';
import type { DuffelKnobs } from './duffel-knobs.ts';
import type { DuffelTestSeats } from './duffel-seat-maps.ts';
import { typeForAge } from './duffel-passengers.ts';
import { answerInTime, isoDuration, wallClock } from './duffel-rules.ts';

export interface DuffelTestAirport {
  iata_code: string;
  name: string;
  city_name: string;
  iata_city_code: string;
  iata_country_code: string;
  time_zone: string;
  latitude: number;
  longitude: number;
}

export interface DuffelTestSegment {
  carrier: { iata_code: string | null; name: string };
  flight_number: string;
  origin: string;
  destination: string;
  /** Local departure time "HH:MM" on the requested date (+ `day_offset` days). */
  departs: string;
  day_offset?: number;
  duration_minutes: number;
  aircraft?: { iata_code: string; name: string } | null;
  /** Segment distance in km as Duffel sends it (a string), or null. */
  distance?: string | null;
  /** The seats sold on this flight (`GET /air/seat_maps`, ./duffel-seat-maps.ts); none: Duffel has no map for it. */
  seats?: DuffelTestSeats;
}

export interface DuffelTestCondition {
  allowed: boolean;
  penalty_amount: string | null;
  penalty_currency: string | null;
}

/** One itinerary the airline sells on one slice: per adult price; children pay the same (or `young_amount`), infants 10%. */
export interface DuffelTestFlight {
  segments: DuffelTestSegment[];
  /** Per adult, in `currency`, e.g. "180.00". */
  amount: string;
  /** Per passenger asked for by an age from 2 to 17 (a child's or a young person's fare); default `amount`. */
  young_amount?: string;
  /** Per adult tax included in `amount`. */
  tax: string;
  currency: string;
  cabin_class?: 'economy' | 'premium_economy' | 'business' | 'first';
  baggage?: { checked: number; carry_on: number };
  refund?: DuffelTestCondition | null;
  change?: DuffelTestCondition | null;
  fare_brand_name?: string;
  /**
   * A checked bag the airline sells for this flight (Duffel's `available_services` of type `baggage`), per
   * seated passenger: `amount` per bag in `currency`, at most `max` (default 1), `weight_kg` (default 23; null:
   * Duffel names none), on this slice or, with `journey`, one service over every slice of the offer.
   */
  extra_bag?: { amount: string; max?: number; weight_kg?: number | null; journey?: boolean };
}

/** The offers of the stand-in: made by searches, read one by one, booked by ./duffel-orders.ts. */
export function offerCalls(context: {
  airports: Record<string, DuffelTestAirport>;
  flights: DuffelTestFlight[];
  /** Offer lifetime (Duffel: about 30 minutes). */
  offerTtlMs: number;
  knobs: DuffelKnobs;
  now: () => Date;
}) {
  const { airports, flights, offerTtlMs: ttl, knobs, now } = context;
  const offers = new Map<string, Loose>();

  const airport = (code: string) => {
    const a = airports[code];
    if (!a) return null;
    return {
      type: 'airport',
      id: `arp_${code.toLowerCase()}_${a.iata_country_code.toLowerCase()}`,
      iata_code: a.iata_code,
      icao_code: null,
      iata_city_code: a.iata_city_code,
      iata_country_code: a.iata_country_code,
      name: a.name,
      city_name: a.city_name,
      city: null,
      time_zone: a.time_zone,
      latitude: a.latitude,
      longitude: a.longitude,
    };
  };

  const airline = (c: DuffelTestSegment['carrier']) => ({
    id: `arl_${(c.iata_code ?? 'xx').toLowerCase()}`,
    iata_code: c.iata_code,
    name: c.name,
    logo_symbol_url: null,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
  });

  /** The flights of one requested slice, as Duffel slices (or null when a place is unknown). */
  function sliceOptions(slice: Loose, passengerIds: string[]) {
    const date = String(slice.departure_date);
    return flights
      .filter(
        (f) =>
          f.segments[0]!.origin === slice.origin &&
          f.segments[f.segments.length - 1]!.destination === slice.destination,
      )
      .map((f) => {
        const segments = f.segments.map((s) => {
          const from = airports[s.origin]!;
          const to = airports[s.destination]!;
          const [hh, mm] = s.departs.split(':').map(Number) as [number, number];
          const localMs =
            Date.parse(`${date}T00:00:00Z`) + (s.day_offset ?? 0) * 86_400_000 + (hh * 60 + mm) * 60_000;
          const departUtc = timeZone(from.time_zone).toUtc(localMs);
          const arriveUtc = departUtc + s.duration_minutes * 60_000;
          return {
            id: duffelId('seg'),
            origin: airport(s.origin),
            destination: airport(s.destination),
            origin_terminal: null,
            destination_terminal: null,
            departing_at: wallClock(departUtc, from.time_zone),
            arriving_at: wallClock(arriveUtc, to.time_zone),
            duration: isoDuration(s.duration_minutes),
            distance: s.distance ?? null,
            aircraft:
              s.aircraft === undefined
                ? { id: 'arc_00009VMF8AhXSSRnQDI6Hi', iata_code: '320', name: 'Airbus A320' }
                : s.aircraft,
            marketing_carrier: airline(s.carrier),
            marketing_carrier_flight_number: s.flight_number,
            operating_carrier: airline(s.carrier),
            operating_carrier_flight_number: s.flight_number,
            stops: [],
            passengers: passengerIds.map((pid) => ({
              passenger_id: pid,
              cabin_class: f.cabin_class ?? 'economy',
              cabin_class_marketing_name: 'Economy',
              fare_basis_code: 'Y20LGTN2',
              cabin: null,
              baggages: [
                { type: 'checked', quantity: f.baggage?.checked ?? 1 },
                { type: 'carry_on', quantity: f.baggage?.carry_on ?? 1 },
              ],
            })),
          };
        });
        return { flight: f, segments };
      });
  }

  /** The extra checked bags of an offer: one service per seated passenger and slice (or journey) that sells one. */
  function bagServices(
    combo: ReturnType<typeof sliceOptions>,
    slices: Loose[],
    passengers: Loose[],
  ): Loose[] {
    const seated = passengers.filter((p) => p.type !== 'infant_without_seat');
    const service = (
      bag: NonNullable<DuffelTestFlight['extra_bag']>,
      currency: string,
      segmentIds: string[],
    ) =>
      seated.map((p) => ({
        id: duffelId('ase'),
        type: 'baggage',
        passenger_ids: [p.id],
        segment_ids: segmentIds,
        maximum_quantity: bag.max ?? 1,
        total_amount: bag.amount,
        total_currency: currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: bag.weight_kg === undefined ? 23 : bag.weight_kg,
          maximum_height_cm: 90,
          maximum_length_cm: 75,
          maximum_depth_cm: 43,
        },
      }));
    const segmentIdsOf = (slice: Loose) => (slice.segments as Loose[]).map((seg) => seg.id as string);
    const first = combo[0]!.flight;
    if (first.extra_bag?.journey)
      return service(first.extra_bag, first.currency, slices.flatMap(segmentIdsOf));
    return combo.flatMap((o, i) =>
      o.flight.extra_bag ? service(o.flight.extra_bag, o.flight.currency, segmentIdsOf(slices[i]!)) : [],
    );
  }

  /** An offer request's answer as `supplier_timeout` makes it (./duffel-rules.ts). */
  function offerRequest(data: Loose, query: URLSearchParams) {
    const answered = offerRequestNow(data);
    if (answered.status !== 201) return { ...answered, afterMs: 0 };
    const body = answered.body as { data: { offers: Loose[] } };
    const { late, afterMs } = answerInTime(body.data.offers, knobs.airlineDelayMs, query);
    // An airline that had not answered in time sold nothing: its offers were never made.
    for (const offer of late) offers.delete(offer.id as string);
    body.data.offers = body.data.offers.filter((offer) => !late.includes(offer));
    return { ...answered, afterMs };
  }

  function offerRequestNow(data: Loose) {
    const slices = Array.isArray(data.slices) ? data.slices : null;
    const passengers = Array.isArray(data.passengers) ? data.passengers : null;
    if (!slices || slices.length === 0 || !passengers || passengers.length === 0)
      return duffelFailure(
        422,
        'validation_error',
        'validation_required',
        'Required field',
        'slices and passengers are required',
      );
    for (const s of slices)
      for (const code of [s.origin, s.destination])
        if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code))
          return invalidData(`${String(code)} is not an IATA code`);
    for (const p of passengers)
      if ((p.type === undefined) === (p.age === undefined))
        return invalidData('a passenger has a type or an age');
    const requestPassengers = passengers.map((p: Loose) => ({
      id: duffelId('pas'),
      type: p.type ?? typeForAge(p.age),
      age: p.age ?? null,
    }));
    const ids = requestPassengers.map((p: Loose) => p.id as string);
    const factor = requestPassengers.reduce(
      (sum: number, p: Loose) => sum + (p.type === 'infant_without_seat' ? 0.1 : 1),
      0,
    );
    /** What one flight costs these passengers: infants 10 %, 2–17-year-olds asked by age its `young_amount`. */
    const fareOf = (f: DuffelTestFlight) =>
      requestPassengers.reduce((sum: number, p: Loose) => {
        if (p.type === 'infant_without_seat') return sum + cents(f.amount) * 0.1;
        const young = p.age !== null && p.age >= 2 && f.young_amount !== undefined;
        return sum + cents(young ? f.young_amount! : f.amount);
      }, 0);
    const maxConnections = typeof data.max_connections === 'number' ? data.max_connections : 1;
    const perSlice = slices.map((s: Loose) =>
      sliceOptions(s, ids).filter((o) => o.segments.length - 1 <= maxConnections),
    );
    // Every combination of one option per slice is an offer (round trips: outbound × return).
    let combos: ReturnType<typeof sliceOptions>[] = [[]];
    for (const options of perSlice) combos = combos.flatMap((c) => options.map((o) => [...c, o]));
    const created = now();
    const list = combos
      .filter((c) => c.length === slices.length)
      .filter((c) => new Set(c.map((o) => o.flight.currency)).size === 1)
      .map((c) => {
        const currency = c[0]!.flight.currency;
        const total = c.reduce((sum, o) => sum + Math.round(fareOf(o.flight)), 0);
        const tax = c.reduce((sum, o) => sum + Math.round(cents(o.flight.tax) * factor), 0);
        const first = c[0]!.flight;
        const offer: Loose = {
          id: duffelId('off'),
          live_mode: false,
          partial: false,
          created_at: created.toISOString(),
          updated_at: created.toISOString(),
          expires_at: new Date(created.getTime() + ttl).toISOString(),
          total_amount: major(total),
          total_currency: currency,
          base_amount: major(total - tax),
          base_currency: currency,
          tax_amount: major(tax),
          tax_currency: currency,
          total_emissions_kg: '180',
          owner: airline(first.segments[0]!.carrier),
          passengers: requestPassengers.map((p: Loose) => ({
            ...p,
            fare_type: null,
            loyalty_programme_accounts: [],
          })),
          passenger_identity_documents_required: knobs.identityDocuments.required,
          supported_passenger_identity_document_types: [...knobs.identityDocuments.supported],
          supported_loyalty_programmes: [],
          private_fares: [],
          payment_requirements: knobs.instantPaymentOnly
            ? { requires_instant_payment: true, price_guarantee_expires_at: null, payment_required_by: null }
            : {
                requires_instant_payment: false,
                price_guarantee_expires_at: new Date(created.getTime() + 86_400_000).toISOString(),
                payment_required_by: new Date(created.getTime() + 2 * 86_400_000).toISOString(),
              },
          conditions: {
            refund_before_departure: first.refund === undefined ? null : first.refund,
            change_before_departure: first.change === undefined ? null : first.change,
          },
          available_services: [],
          slices: c.map((o, i) => ({
            id: duffelId('sli'),
            origin_type: 'airport',
            destination_type: 'airport',
            origin: airport(slices[i].origin),
            destination: airport(slices[i].destination),
            duration: null,
            fare_brand_name: o.flight.fare_brand_name ?? 'Basic',
            comparison_key: randomBytes(6).toString('base64'),
            ngs_shelf: 1,
            conditions: {
              refund_before_departure: o.flight.refund ?? null,
              change_before_departure: o.flight.change ?? null,
              advance_seat_selection: null,
              priority_boarding: null,
              priority_check_in: null,
            },
            segments: o.segments,
          })),
        };
        offer.available_services = bagServices(c, offer.slices as Loose[], requestPassengers);
        offers.set(offer.id, offer);
        return offer;
      });
    const body = {
      data: {
        id: duffelId('orq'),
        live_mode: false,
        created_at: created.toISOString(),
        cabin_class: data.cabin_class ?? null,
        slices: slices.map((s: Loose) => ({
          origin_type: 'airport',
          destination_type: 'airport',
          origin: airport(s.origin),
          destination: airport(s.destination),
          departure_date: s.departure_date,
        })),
        passengers: requestPassengers,
        offers: list.map(({ available_services: _unused, ...rest }) => rest),
      },
    };
    return { status: 201, body };
  }

  function getOffer(offerId: string, withServices: boolean) {
    const stored = offers.get(offerId);
    if (stored && withServices && knobs.servicesVanishAfter !== null && knobs.servicesVanishAfter-- <= 0)
      stored.available_services = [];
    // Duffel lists an offer's services only when asked (`return_available_services=true`).
    const offer: Loose | undefined = stored && {
      ...stored,
      available_services: withServices ? stored.available_services : [],
    };
    if (!offer) return duffelNotFound();
    if (Date.parse(offer.expires_at) <= now().getTime()) return offerGone();
    if (knobs.priceFactor === 1) return { status: 200, body: { data: offer } };
    const total = Math.round(cents(offer.total_amount) * knobs.priceFactor);
    const tax = cents(offer.tax_amount);
    return {
      status: 200,
      body: { data: { ...offer, total_amount: major(total), base_amount: major(total - tax) } },
    };
  }

  return { offers, search: offerRequest, get: getOffer };
}
