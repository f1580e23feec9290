/**
 * A Duffel offer's passengers as our offer lists them (./mapping.ts): our type of each, and our passenger index of
 * each of Duffel's ids — adults, then children, then infants, each in Duffel's order, as `passengerList` counts
 * them and as the booking sends them back (./passengers.ts). Bags (`luggageOf`) and seats (./seat-maps.ts) name
 * their passenger by this index. Pure.
 */
import type { Offer as DuffelOffer } from '@duffel/api/types';
import type { PassengerType } from '@parvoz/core/search-types';

/** The age asked for decides when there is one (a 15-year-old is one of our adults, whatever Duffel calls them). */
export function ourPassengerType(type: string | null, age: number | null): PassengerType {
  if (age !== null) return age < 2 ? 'infant' : age < 12 ? 'child' : 'adult';
  if (type === 'infant_without_seat') return 'infant';
  return type === 'child' ? 'child' : 'adult';
}

/** Each of Duffel's passenger ids with our index of that passenger and our type. */
export function ourPassengerIndexes(d: Pick<DuffelOffer, 'passengers'>) {
  const passengers = d.passengers ?? [];
  const types = passengers.map((p) => ourPassengerType(p.type, p.age));
  const ours = new Map<string, { index: number; type: PassengerType }>();
  let index = 0;
  for (const t of ['adult', 'child', 'infant'] as const)
    passengers.forEach((p, i) => {
      if (types[i] === t) ours.set(p.id, { index: index++, type: t });
    });
  return ours;
}
