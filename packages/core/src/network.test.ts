import { describe, expect, test } from 'vitest';
import { NetworkFormatError, buildNetwork, parseNetworkJson, validateNetworkFile } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';

const net = buildNetwork(FIXTURE_NETWORK);
const idx = (code: string): number => net.airportIndex(code)!;

describe('network', () => {
  test('indexes airports, airlines, routes grouped by origin', () => {
    expect(net.airports).toHaveLength(11);
    expect(net.routeCount).toBe(FIXTURE_NETWORK.routes.length);
    for (let a = 0; a < net.airports.length; a++) {
      for (let r = net.routeStart[a]!; r < net.routeStart[a + 1]!; r++) expect(net.routeOrigin[r]).toBe(a);
    }
    expect(net.airline('HY')?.name).toBe('Uzbekistan Airways');
    expect(net.aircraftName('77W')).toBe('Boeing 777-300ER');
    expect(net.aircraftName('73H')).toBe('Boeing 737-800 (winglets)');
    expect(net.aircraftName('ZZZ')).toBe('ZZZ');
  });

  test('places: city codes resolve to all their airports, airport codes to one', () => {
    const airportsOf = (place: string) => net.resolvePlace(place).map((i) => net.airports[i]!.iata);
    expect(airportsOf('LON').sort()).toEqual(['LGW', 'LHR']);
    expect(airportsOf('IST').sort()).toEqual(['IST', 'SAW']);
    expect(airportsOf('SAW')).toEqual(['SAW']);
    expect(net.resolvePlace('XXX')).toEqual([]);
    expect(net.isKnownPlace('MOW')).toBe(true);
    expect(net.cityOf('LGW')).toBe('LON');
    expect(net.cityOf('LON')).toBe('LON');
  });

  test('distances', () => {
    expect(net.distanceKm(idx('LHR'), idx('JFK'))).toBeGreaterThan(5500);
    expect(net.distanceKm(idx('LHR'), idx('JFK'))).toBeLessThan(5600);
  });

  test('hop counts to a destination (reverse BFS) and static minimum flights', () => {
    const hops = net.hopsTo([idx('JFK')]);
    expect(hops[idx('JFK')]).toBe(0);
    expect(hops[idx('LHR')]).toBe(1);
    expect(hops[idx('TAS')]).toBe(2);
    expect(hops[idx('SKD')]).toBe(3);
    expect(net.hopsTo([idx('JFK')])).toBe(hops); // cached
    expect(net.minFlights([idx('SKD')], [idx('JFK')], 3)).toBe(3);
    expect(net.minFlights([idx('SKD')], [idx('JFK')], 2)).toBeNull();
    expect(net.minFlights(net.resolvePlace('IST'), net.resolvePlace('LON'), 3)).toBe(1);
    // No transfer inside the origin city: SAW → IST → ... is not a path from the IST city.
    expect(net.minFlights([idx('TAS')], [idx('LGW')], 3)).toBe(2);
  });

  test('validation of the file format', () => {
    expect(() => validateNetworkFile({ version: 2 })).toThrow(NetworkFormatError);
    expect(() => validateNetworkFile({ ...FIXTURE_NETWORK, airports: [['x']] })).toThrow(NetworkFormatError);
    expect(() =>
      parseNetworkJson('{"version":1,"airports":[],"airlines":[],"routes":[[1]],"aircraft":[]}'),
    ).toThrow(NetworkFormatError);
    expect(parseNetworkJson(JSON.stringify(FIXTURE_NETWORK)).routes.length).toBe(
      FIXTURE_NETWORK.routes.length,
    );
    // Routes to unknown airports/airlines and duplicates are dropped.
    const extra = buildNetwork({
      ...FIXTURE_NETWORK,
      routes: [
        ...FIXTURE_NETWORK.routes,
        ['ZZ', 'TAS', 'IST', ''],
        ['HY', 'TAS', 'XXX', ''],
        ['HY', 'TAS', 'IST', '320'],
      ],
    });
    expect(extra.routeCount).toBe(FIXTURE_NETWORK.routes.length);
  });
});
