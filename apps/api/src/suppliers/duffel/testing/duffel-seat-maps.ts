/**
 * The Duffel stand-in's (./duffel-server.ts) seat maps and seat services, no more lenient than Duffel documents
 * them. Pages followed:
 * - API reference, "Seat maps", https://duffel.com/docs/api/seat-maps ("Get seat maps": `GET
 *   /air/seat_maps?offer_id=`), and the SDK's SeatMapTypes (github:duffelhq/duffel-api-javascript,
 *   src/booking/SeatMaps/SeatMapTypes.ts): one seat map per segment `{ id, slice_id, segment_id, cabins }`, a
 *   cabin `{ deck, cabin_class, aisles, wings, rows }` (rows front to back, each split by the aisles into
 *   `sections` of `elements`); a `seat` has `designator`, `name`, `disclosures` and `available_services` — "at most
 *   one service per seat per passenger", `{ id, passenger_id, total_amount, total_currency }`, an empty list when
 *   the seat is unavailable; "There is one exit_row element per row section. Exit row elements only occur in their
 *   own row"; `empty`, `lavatory`, `galley` (and `bassinet`, `closet`, `stairs`) are elements too. "A seat is a
 *   special kind of service": not in the offer's `available_services`, only on this endpoint; seats are chosen only
 *   when the order is created. The page documents no error of its own: an unknown offer is the 404 `not_found` and
 *   an expired one the 422 `offer_no_longer_available` of reading the offer.
 * - Guide "Adding seats", https://duffel.com/docs/guides/adding-seats: the order's `services` take `{ id,
 *   quantity }`, "The quantity will always be 1", the id that "of the available service which corresponds to the
 *   passenger you want to book the seat for".
 * - The SDK's Payment type (PaymentsTypes): an instant order's payment is the offer's `total_amount` "plus the
 *   `total_amount` of all the services specified in services" (seats too); the hold guide, "Holding orders and
 *   paying later": no services on a hold order (./duffel-orders.ts refuses them).
 * - Orders (the SDK's OrderService and OrderSegmentPassenger): a booked seat is one of the order's `services`,
 *   `type: "seat"`, its `metadata` `{ designator, disclosures, name }`, and the segment's passenger's `seat`.
 *   One `seat` per passenger and segment, so a passenger gets one seat per flight and a seat one passenger.
 * Duffel names no error for a seat taken since the map was read, nor for two seats of one passenger: the
 * stand-in answers its usual 422 `invalid_data` (docs/duffel.md, "To check with a real Duffel test-mode account").
 */
import type { Loose } from '../../../payments/testing/http.ts';
import { cents, duffelId, duffelNotFound, major, offerGone, type DuffelAnswer } from './duffel-answers.ts';
import type { DuffelKnobs } from './duffel-knobs.ts';
import type { DuffelTestFlight } from './duffel-offers.ts';

/** The seats the airline sells on one segment of a test flight (none: Duffel has no seat map for it). */
export interface DuffelTestSeats {
  /** Column letters per section, the aisles between, e.g. ['ABC', 'DEF']. */
  sections: string[];
  /** The first and last row numbers. */
  rows: [number, number];
  /** Rows just behind an exit (an `exit_row` row before each): offered to adults only, at `exit_price`. */
  exit_rows?: number[];
  /** Price per seat in the offer's currency, e.g. "12.00". */
  price: string;
  exit_price?: string;
  /** Rows whose seats are free ("0.00"). */
  free_rows?: number[];
  /** Seats others took already (no services). */
  taken?: string[];
  /** Places without a seat (`empty` elements). */
  empty?: string[];
}

const EXIT_DISCLOSURES = [
  'Do not seat children in exit row seats',
  'Do not seat passengers with special needs in exit row seats',
];

/** The seat maps of the stand-in's offers, and the seats its orders book (taken for every offer of that flight). */
export function seatMapCalls(context: {
  offers: Map<string, Loose>;
  flights: DuffelTestFlight[];
  knobs: DuffelKnobs;
}) {
  const { offers, flights, knobs } = context;
  /** Per offer, its maps as made (each seat's services at their first price). */
  const made = new Map<string, Loose[]>();
  /** Per flight (carrier, number, departure), the seats booked or taken. */
  const occupied = new Map<string, Set<string>>();
  const flightOf = (segment: Loose) =>
    `${segment.marketing_carrier.iata_code}${segment.marketing_carrier_flight_number}@${segment.departing_at}`;
  const configOf = (segment: Loose): DuffelTestSeats | undefined =>
    flights
      .flatMap((f) => f.segments)
      .find(
        (s) =>
          s.carrier.iata_code === segment.marketing_carrier.iata_code &&
          s.flight_number === segment.marketing_carrier_flight_number &&
          s.origin === segment.origin.iata_code &&
          s.destination === segment.destination.iata_code,
      )?.seats;
  const takenOn = (segment: Loose) => {
    const flight = flightOf(segment);
    if (!occupied.has(flight)) occupied.set(flight, new Set(configOf(segment)?.taken ?? []));
    return occupied.get(flight)!;
  };
  /** A seat's price now: as made, times `seatPriceFactor` (the airline repriced its seats). */
  const priceNow = (amount: string) => major(Math.round(cents(amount) * knobs.seatPriceFactor));

  function seatRow(config: DuffelTestSeats, number: number, offer: Loose, segment: Loose) {
    const exit = (config.exit_rows ?? []).includes(number);
    const free = (config.free_rows ?? []).includes(number);
    const amount = free ? '0.00' : exit ? (config.exit_price ?? config.price) : config.price;
    const passengers = (offer.passengers as Loose[]).filter((p) =>
      exit ? p.type === 'adult' : p.type !== 'infant_without_seat',
    );
    return {
      sections: config.sections.map((letters) => ({
        elements: [...letters].map((letter) => {
          const designator = `${number}${letter}`;
          if ((config.empty ?? []).includes(designator)) return { type: 'empty' };
          return {
            type: 'seat',
            designator,
            name: exit ? 'Exit row seat' : '',
            disclosures: exit ? EXIT_DISCLOSURES : [],
            available_services: passengers.map((p) => ({
              id: duffelId('ase'),
              passenger_id: p.id,
              total_amount: amount,
              total_currency: offer.total_currency,
            })),
            _segment: segment.id,
          };
        }),
      })),
    };
  }

  /** The offer's maps as made: one per segment with seats, listed last segment first (no order is promised). */
  function mapsOf(offer: Loose): Loose[] {
    const known = made.get(offer.id);
    if (known) return known;
    const maps = (offer.slices as Loose[]).flatMap((slice) =>
      (slice.segments as Loose[]).flatMap((segment) => {
        const config = configOf(segment);
        if (!config) return [];
        const [first, last] = config.rows;
        const rows: Loose[] = [
          // A galley at the front (and a lavatory at the back, below): rows without seats.
          { sections: config.sections.map((_, i) => ({ elements: i === 0 ? [{ type: 'galley' }] : [] })) },
        ];
        for (let n = first; n <= last; n++) {
          if ((config.exit_rows ?? []).includes(n))
            rows.push({ sections: config.sections.map(() => ({ elements: [{ type: 'exit_row' }] })) });
          rows.push(seatRow(config, n, offer, segment));
        }
        rows.push({
          sections: config.sections.map((_, i) => ({
            elements: i === config.sections.length - 1 ? [{ type: 'lavatory' }] : [],
          })),
        });
        const exits = rows.flatMap((r, i) => (r.sections[0].elements[0]?.type === 'exit_row' ? [i] : []));
        const cabin = {
          deck: 0,
          cabin_class: segment.passengers[0].cabin_class,
          aisles: config.sections.length - 1,
          wings: exits.length > 0 ? { first_row_index: exits[0], last_row_index: exits.at(-1)! + 1 } : null,
          rows,
        };
        return [{ id: duffelId('sea'), slice_id: slice.id, segment_id: segment.id, cabins: [cabin] }];
      }),
    );
    const listed = maps.reverse();
    made.set(offer.id, listed);
    return listed;
  }

  /** Every seat of the offer's maps with its segment. */
  const seatsOf = (offer: Loose) =>
    mapsOf(offer).flatMap((map) =>
      (map.cabins as Loose[]).flatMap((c) =>
        (c.rows as Loose[]).flatMap((r) =>
          (r.sections as Loose[]).flatMap((s) => (s.elements as Loose[]).filter((e) => e.type === 'seat')),
        ),
      ),
    );
  const segmentOf = (offer: Loose, id: string) =>
    (offer.slices as Loose[]).flatMap((s) => s.segments as Loose[]).find((s) => s.id === id)!;

  /** The maps as Duffel answers them now: seats taken have no services, prices as repriced. */
  const render = (offer: Loose): Loose[] =>
    mapsOf(offer).map((map) => ({
      ...map,
      cabins: (map.cabins as Loose[]).map((cabin) => ({
        ...cabin,
        rows: (cabin.rows as Loose[]).map((row) => ({
          sections: (row.sections as Loose[]).map((section) => ({
            elements: (section.elements as Loose[]).map(({ _segment, ...e }) =>
              e.type !== 'seat'
                ? e
                : {
                    ...e,
                    available_services: takenOn(segmentOf(offer, _segment)).has(e.designator)
                      ? []
                      : (e.available_services as Loose[]).map((a) => ({
                          ...a,
                          total_amount: priceNow(a.total_amount),
                        })),
                  },
            ),
          })),
        })),
      })),
    }));

  return {
    /** GET /air/seat_maps?offer_id=: the offer's maps (404 unknown, 422 expired, as reading the offer). */
    list(query: URLSearchParams, now: Date): DuffelAnswer {
      const offer = offers.get(query.get('offer_id') ?? '');
      if (!offer) return duffelNotFound('The offer does not exist.');
      if (Date.parse(offer.expires_at) <= now.getTime()) return offerGone();
      return { status: 200, body: { data: render(offer) } };
    },

    /**
     * The offer's seat service `id` as an order's service, or null when the offer has no such service; 'taken'
     * when its seat was booked since (by any order of that flight).
     */
    service(offer: Loose, id: unknown): Loose | 'taken' | null {
      const seat = seatsOf(offer).find((e) => (e.available_services as Loose[]).some((a) => a.id === id));
      if (!seat) return null;
      const segment = segmentOf(offer, seat._segment);
      if (takenOn(segment).has(seat.designator)) return 'taken';
      const service = (seat.available_services as Loose[]).find((a) => a.id === id)!;
      return {
        id: service.id,
        type: 'seat',
        passenger_ids: [service.passenger_id],
        segment_ids: [segment.id],
        maximum_quantity: 1,
        total_amount: priceNow(service.total_amount),
        total_currency: service.total_currency,
        metadata: { designator: seat.designator, disclosures: seat.disclosures, name: seat.name },
      };
    },

    /** Why these booked services' seats cannot go together (one per passenger and segment, one passenger each). */
    clash(booked: readonly Loose[]): string | null {
      const seen = new Set<string>();
      for (const b of booked.filter((s) => s.type === 'seat')) {
        const seat = `${b.segment_ids[0]}/${b.metadata.designator}`;
        const passenger = `${b.segment_ids[0]}/${b.passenger_ids[0]}`;
        if (seen.has(seat)) return `The seat ${b.metadata.designator} can only be booked for one passenger.`;
        if (seen.has(passenger)) return 'A passenger can only have one seat per segment.';
        seen.add(seat).add(passenger);
      }
      return null;
    },

    /** The order's seats taken on their flights, and its slices with each seated passenger's `seat`. */
    book(offer: Loose, booked: readonly Loose[]): Loose[] {
      const seats = booked.filter((s) => s.type === 'seat');
      if (seats.length === 0) return offer.slices;
      const slices = structuredClone(offer.slices) as Loose[];
      for (const s of seats) {
        takenOn(segmentOf(offer, s.segment_ids[0])).add(s.metadata.designator);
        const segment = slices
          .flatMap((sl) => sl.segments as Loose[])
          .find((g) => g.id === s.segment_ids[0])!;
        const passenger = (segment.passengers as Loose[]).find((p) => p.passenger_id === s.passenger_ids[0]);
        if (passenger) passenger.seat = s.metadata;
      }
      return slices;
    },
  };
}
