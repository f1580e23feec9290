/**
 * Test helper for price alerts (unit, PostgreSQL and e2e suites): moves a search's lowest price the way the
 * engine moves it, through sold seats. A cabin that is 90 % sold costs about 1.8 times an empty one
 * (core/pricing.ts `loadFactor`), so filling the flights of the cheapest offers raises the lowest price, and
 * giving the seats back makes it drop again.
 */
import { holdSeats, releaseSeats, soldSeats, type Database, type SeatRelease } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';
import { searchEngineFor } from '../../search/index.ts';

const FILL_SHARE = 0.9;
/** Offers up to this many times the lowest price are filled in one round. */
const NEAR = 1.3;

/** Seats of the cabin on the flight of `flightKey`, from the built-in schedule of `seed`. */
export function cabinCapacity(seed: string, flightKey: string, cabin: 'economy' | 'business'): number {
  const schedule = searchEngineFor(seed).schedule;
  const resolved = schedule.resolveKey(flightKey);
  if (!resolved) throw new Error(`unknown flight ${flightKey}`);
  return schedule.capacity(resolved.slot, cabin);
}

const lowest = (offers: Offer[]) => Math.min(...offers.map((o) => Number(o.total_amount)));

const flightsOf = (offer: Offer) =>
  offer.slices.flatMap((s) => s.segments.map((g) => g.flight_key)).join(' ');

/**
 * Fills the flights of the cheapest offers to 90 %, searches again, and so on until the cheapest offer flies
 * only on filled flights: then every offer cheaper than it was filled, and the lowest price is well above
 * the one before. After each fill it searches until the answer shows it (the search reads sold seats through
 * a cache of a few seconds), calling `wait` between tries. Returns the seats held (give them back with
 * `releaseSeats`) and the lowest price before and after.
 */
export async function raiseLowestPrice(options: {
  db: Database;
  search: () => Promise<Offer[]>;
  wait?: () => Promise<void>;
  seed?: string;
}): Promise<{ held: SeatRelease[]; before: number; after: number }> {
  const seed = options.seed ?? 'parvoz';
  const held: SeatRelease[] = [];
  const filled = new Set<string>();
  let offers = await options.search();
  const before = lowest(offers);
  for (let round = 0; round < 40; round++) {
    const cheapest = offers.reduce((a, b) => (Number(b.total_amount) < Number(a.total_amount) ? b : a));
    const unfilled = (o: Offer) =>
      o.slices.flatMap((s) => s.segments).filter((s) => !filled.has(`${s.flight_key} ${s.cabin_class}`));
    if (unfilled(cheapest).length === 0) return { held, before, after: lowest(offers) };
    // The flights of every offer near the lowest price at once: fewer rounds (each waits for the search).
    const near = offers.filter((o) => Number(o.total_amount) <= Number(cheapest.total_amount) * NEAR);
    const fresh = [
      ...new Map(near.flatMap(unfilled).map((s) => [`${s.flight_key} ${s.cabin_class}`, s])).values(),
    ];
    const sold = await soldSeats(
      options.db,
      fresh.map((s) => s.flight_key),
    );
    const requests = fresh.flatMap((s) => {
      const capacity = cabinCapacity(seed, s.flight_key, s.cabin_class);
      const seats = Math.floor(capacity * FILL_SHARE) - (sold.get(s.flight_key)?.[s.cabin_class] ?? 0);
      filled.add(`${s.flight_key} ${s.cabin_class}`);
      return seats > 0 ? [{ flightKey: s.flight_key, cabin: s.cabin_class, seats, capacity }] : [];
    });
    await holdSeats(options.db, requests);
    held.push(...requests.map(({ flightKey, cabin, seats }) => ({ flightKey, cabin, seats })));
    // The search shows the fill once an offer on a filled flight is dearer (or gone, beaten by another).
    const heldNow = new Set(requests.map((r) => `${r.flightKey} ${r.cabin}`));
    const probe = near.find((o) =>
      o.slices.some((s) => s.segments.some((g) => heldNow.has(`${g.flight_key} ${g.cabin_class}`))),
    );
    for (let tries = 0; ; tries++) {
      offers = await options.search();
      const same = probe && offers.find((o) => flightsOf(o) === flightsOf(probe));
      if (!probe || !same || Number(same.total_amount) > Number(probe.total_amount)) break;
      if (tries >= 100) throw new Error('the search never showed the seats sold');
      await options.wait?.();
    }
  }
  throw new Error('the lowest price did not settle on filled flights');
}

/** Sells every seat of every offer's flights, searching again until nothing is on sale. */
export async function sellOut(options: { db: Database; search: () => Promise<Offer[]>; seed?: string }) {
  const seed = options.seed ?? 'parvoz';
  for (let round = 0; round < 20; round++) {
    const offers = await options.search();
    if (offers.length === 0) return;
    const segments = new Map(
      offers
        .flatMap((o) => o.slices.flatMap((s) => s.segments))
        .map((g) => [`${g.flight_key} ${g.cabin_class}`, g]),
    );
    const sold = await soldSeats(
      options.db,
      [...segments.values()].map((g) => g.flight_key),
    );
    await holdSeats(
      options.db,
      [...segments.values()].flatMap((g) => {
        const capacity = cabinCapacity(seed, g.flight_key, g.cabin_class);
        const seats = capacity - (sold.get(g.flight_key)?.[g.cabin_class] ?? 0);
        return seats > 0 ? [{ flightKey: g.flight_key, cabin: g.cabin_class, seats, capacity }] : [];
      }),
    );
  }
  throw new Error('the search still has offers');
}

export { releaseSeats };
