/**
 * Duffel's seat maps of an offer as ours (the port's `seatMaps`, docs/seats.md; docs/duffel.md, "Seat maps"), and
 * the seats a booking chose, checked against them again just before the order (./orders.ts).
 *
 * Duffel's API reference, "Seat maps" (https://duffel.com/docs/api/seat-maps, and the SDK's SeatMapTypes,
 * @duffel/api 4.30): `GET /air/seat_maps?offer_id=` lists one seat map per segment the airline has one for
 * (`segment_id`, `slice_id` of the offer), in no promised order; each holds `cabins` (with their
 * `cabin_class`) → `rows` (front to back) → `sections` (split by the aisles) → `elements`. A `seat` (also
 * `restricted_seat_general`) has a `designator`, a `name`, `disclosures` and `available_services`: at most one
 * per passenger, `{ id, passenger_id, total_amount, total_currency }`, none when the seat cannot be taken. An
 * `exit_row` element is "the extra wide legroom used to reach aircraft exits", alone in its row; `empty`,
 * `bassinet`, `lavatory`, `galley`, `closet` and `stairs` are no seats. A seat's `name` and `disclosures` are the
 * airline's free text: Duffel gives no documented value for extra legroom, so no seat is `extra_legroom`.
 */
import type {
  Offer as DuffelOffer,
  OfferSliceSegment,
  SeatMap as DuffelSeatMap,
  SeatMapCabinRow,
  SeatMapCabinRowSectionElement,
  SeatMapCabinRowSectionElementSeat,
} from '@duffel/api/types';
import { fromMajorString, isCurrencyCode, toMajorString, type CurrencyCode } from '@parvoz/core/money';
import type { Seat, SeatFeature, SeatMap, SeatRow, SupplierSeatService } from '@parvoz/core/seat-maps';
import { SupplierRefused, type BookingResult, type ServiceChoice } from '../orders.ts';
import { flightKeyOf, ourCabin } from './mapping.ts';
import { notNowError } from './not-now.ts';
import { decodeDuffelOfferId } from './offer-id.ts';
import { ourPassengerIndexes } from './offer-passengers.ts';
import { isAnswered } from './hold-payments.ts';
import type { DuffelCalls } from './timeouts.ts';

type PassengerIndexes = ReturnType<typeof ourPassengerIndexes>;

const isSeat = (e: SeatMapCabinRowSectionElement): e is SeatMapCabinRowSectionElementSeat =>
  e.type === 'seat' || e.type === 'restricted_seat_general';

/** Each of the seat's services for a passenger of the offer, in the offer's currency, by our passenger index. */
function servicesOf(
  seat: SeatMapCabinRowSectionElementSeat,
  passengers: PassengerIndexes,
  currency: CurrencyCode,
): SupplierSeatService[] {
  return (seat.available_services ?? [])
    .flatMap((a) => {
      const passenger = passengers.get(a.passenger_id);
      const price = a.total_currency === currency ? fromMajorString(a.total_amount, currency) : null;
      if (!passenger || !price || price.amount < 0) return [];
      return [
        {
          passenger_index: passenger.index,
          amount: toMajorString(price),
          supplier: { service_id: a.id, amount: a.total_amount, currency: a.total_currency },
        },
      ];
    })
    .sort((x, y) => x.passenger_index - y.passenger_index);
}

/**
 * The rows that hold seats, numbered by their seats' designators ("12A": row 12). By the places in the row (seats
 * and `empty` ones alike): a seat at either end of the row is a `window` seat, one at a section's edge beside an
 * aisle an `aisle` seat; the first row of seats behind an `exit_row` element (facing the exit's legroom) is an
 * `exit_row`.
 */
function seatRowsOf(rows: readonly SeatMapCabinRow[], passengers: PassengerIndexes, currency: CurrencyCode) {
  const out: SeatRow[] = [];
  let behindExit = false;
  for (const row of rows) {
    if (row.sections.some((s) => s.elements.some((e) => e.type === 'exit_row'))) {
      behindExit = true;
      continue;
    }
    const first = row.sections.flatMap((s) => s.elements).find(isSeat);
    const number = Number(/^\d+/.exec(first?.designator ?? '')?.[0]);
    if (!first || !Number.isInteger(number)) continue;
    const last = row.sections.length - 1;
    const sections = row.sections.map((section, s) =>
      section.elements.flatMap((element, i): Seat[] => {
        if (!isSeat(element)) return [];
        const end = i === section.elements.length - 1;
        const features: SeatFeature[] = [];
        if ((s === 0 && i === 0) || (s === last && end)) features.push('window');
        if ((s > 0 && i === 0) || (s < last && end)) features.push('aisle');
        if (behindExit) features.push('exit_row');
        return [
          {
            designator: element.designator,
            features,
            services: servicesOf(element, passengers, currency),
          },
        ];
      }),
    );
    out.push({ number, sections });
    behindExit = false;
  }
  return out;
}

/**
 * Our maps of an offer from Duffel's: one per flight Duffel has a map for, in the offer's slice and segment order,
 * with the cabin our passengers travel in (the segment's `cabin_class`); none for an offer in a currency we do
 * not know (it could not have been shown).
 */
export function mapDuffelSeatMaps(offer: DuffelOffer, maps: readonly DuffelSeatMap[]): SeatMap[] {
  const currency = offer.total_currency;
  if (!isCurrencyCode(currency)) return [];
  const passengers = ourPassengerIndexes(offer);
  const out: SeatMap[] = [];
  offer.slices.forEach((slice, slice_index) =>
    slice.segments.forEach((segment: OfferSliceSegment, segment_index) => {
      const map = maps.find((m) => m.segment_id === segment.id && m.slice_id === slice.id);
      const cabin = segment.passengers?.[0]?.cabin_class;
      const rows = (map?.cabins ?? [])
        .filter((c) => c.cabin_class === cabin)
        .flatMap((c) => seatRowsOf(c.rows, passengers, currency));
      if (rows.length === 0) return;
      out.push({
        slice_index,
        segment_index,
        flight_key: flightKeyOf(segment, segment.origin?.time_zone),
        cabin_class: ourCabin(cabin),
        currency,
        rows,
      });
    }),
  );
  return out;
}

/**
 * The chosen seat services still sold as chosen: each listed on a seat now, once, at the price and currency the
 * traveller saw (the offer's), one seat per passenger and flight and one passenger per seat (Duffel's order shows
 * one `seat` per passenger and segment); else the index of the first that is not.
 */
export function seatsStillSold(
  maps: readonly DuffelSeatMap[],
  choices: readonly ServiceChoice[],
  currency: string,
): { ok: true; seats: { id: string; amount: string }[] } | { ok: false; index: number } {
  const listed = new Map<string, { seat: string; passenger: string; amount: string; currency: string }>();
  for (const map of maps)
    for (const cabin of map.cabins)
      for (const row of cabin.rows)
        for (const section of row.sections)
          for (const e of section.elements.filter(isSeat))
            for (const a of e.available_services ?? [])
              listed.set(a.id, {
                seat: `${map.segment_id}/${e.designator}`,
                passenger: `${map.segment_id}/${a.passenger_id}`,
                amount: a.total_amount,
                currency: a.total_currency,
              });
  const taken = new Set<string>();
  const seats: { id: string; amount: string }[] = [];
  for (const [index, choice] of choices.entries()) {
    const sold = listed.get(choice.id);
    if (
      !sold ||
      choice.quantity !== 1 ||
      taken.has(choice.id) ||
      taken.has(sold.seat) ||
      taken.has(sold.passenger) ||
      sold.amount !== choice.amount ||
      sold.currency !== choice.currency ||
      sold.currency !== currency
    )
      return { ok: false, index };
    taken.add(choice.id).add(sold.seat).add(sold.passenger);
    seats.push({ id: choice.id, amount: sold.amount });
  }
  return { ok: true, seats };
}

/** Reading seat maps at Duffel: ours of an offer (the port's `seatMaps`), and the check of a booking's seats. */
export function seatMapCalls(
  { duffel, read }: Pick<DuffelCalls, 'duffel' | 'read'>,
  secret: string | Buffer,
) {
  const duffelSeatMaps = async (offerId: string) =>
    (await read('get seat maps', duffel.seatMaps.get({ offer_id: offerId }))).data;

  return {
    /**
     * Our maps of our offer: Duffel's offer (its slices, segments and passengers) and its seat maps. Throws when
     * Duffel cannot be reached or refuses (SupplierRefused for an id that is not ours or expired).
     */
    async seatMaps(offerId: string, now: number): Promise<SeatMap[]> {
      const decoded = decodeDuffelOfferId(offerId, secret, now);
      if (!decoded.ok) throw new SupplierRefused(decoded.error, { code: decoded.error });
      const [offer, maps] = await Promise.all([
        read('get offer', duffel.offers.get(decoded.ref.offer)),
        duffelSeatMaps(decoded.ref.offer),
      ]);
      return mapDuffelSeatMaps(offer.data, maps);
    },

    /**
     * A booking's seats read again from Duffel's maps of `offerId` (Duffel's id) just before the order: their ids
     * and prices, `service_unavailable` at the first one no longer sold as chosen (`detail.seat`, its index), or
     * `offer_unavailable` when Duffel refuses to show the maps. A rate limit or our token refused is thrown
     * (./not-now.ts), as is no answer.
     */
    async seatsToBook(
      offerId: string,
      choices: readonly ServiceChoice[],
      currency: string,
    ): Promise<
      { ok: true; seats: { id: string; amount: string }[] } | Extract<BookingResult, { ok: false }>
    > {
      let maps: DuffelSeatMap[];
      try {
        maps = await duffelSeatMaps(offerId);
      } catch (error) {
        if (notNowError(error)) throw error;
        if (isAnswered(error)) return { ok: false, code: 'offer_unavailable', detail: error.errors };
        throw error;
      }
      const checked = seatsStillSold(maps, choices, currency);
      return checked.ok
        ? checked
        : { ok: false, code: 'service_unavailable', detail: { seat: checked.index } };
    },
  };
}
