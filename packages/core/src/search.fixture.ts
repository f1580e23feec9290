/**
 * What the unit tests of searching share: the built-in supplier over the fixture network (network.fixture.ts:
 * seed `fixture`, three times the flights, a test signing secret), searched at FIXTURE_NOW, and the searches they
 * ask of it.
 */
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { buildSchedule } from './schedule.ts';
import { createSearchEngine } from './search.ts';
import type { SearchParams } from './search-segment.ts';
import type { FlightSearchRequest } from './search-types.ts';
import { createBuiltinSupplier } from './supplier.ts';

/** 20 November 2026, 08:00 UTC. */
export const FIXTURE_NOW = Date.UTC(2026, 10, 20, 8, 0);

export function fixtureSupplier() {
  const net = buildNetwork(FIXTURE_NETWORK);
  const engine = createSearchEngine(buildSchedule(net, { seed: 'fixture', frequencyScale: 3 }));
  const supplier = createBuiltinSupplier(net, { seed: 'fixture', secret: 'test-secret', engine });
  return { net, engine, supplier };
}

/** TAS ⇄ LON, out on 15 and back on 22 December 2026, two adults, a child and an infant, economy. */
export const familyRoundTrip = (over: Partial<FlightSearchRequest> = {}): FlightSearchRequest => ({
  slices: [
    { origin: 'TAS', destination: 'LON', departure_date: '2026-12-15' },
    { origin: 'LON', destination: 'TAS', departure_date: '2026-12-22' },
  ],
  passengers: { adults: 2, children: 1, infants: 1 },
  cabin_class: 'economy',
  ...over,
});

/** The search of the URL segment `TAS1512IST1`: one adult, TAS → IST on 15 December 2026, economy. */
export const TAS_IST_ONE_ADULT: SearchParams = {
  origin: 'TAS',
  destination: 'IST',
  departureDate: '2026-12-15',
  returnDate: null,
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'economy',
};
