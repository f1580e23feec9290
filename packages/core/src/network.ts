/**
 * The static flight network (airports, airlines, direct routes) built from `data/network.json`
 * (see scripts/build-network.ts for the file format). Pure: the caller reads the file.
 *
 * Airports and airlines get dense integer indices; routes are stored column-wise and grouped by
 * origin (CSR), so the schedule and the search engine work on typed arrays.
 */
import { haversineRad, toRadians } from './geo.ts';
import { EXTRA_AIRCRAFT_NAMES } from './schedule-aircraft.ts';

/** [iata, nameEn, cityCode, countryCode, lat, lon, IANA time zone] */
export type NetworkAirportRow = [string, string, string, string, number, number, string];
/** [iata, name, countryCode | null] */
export type NetworkAirlineRow = [string, string, string | null];
/** [airlineIata, originIata, destinationIata, equipment (space-separated IATA aircraft codes, "" if unknown)] */
export type NetworkRouteRow = [string, string, string, string];
/** [iata, name] */
export type NetworkAircraftRow = [string, string];

/** The contents of data/network.json (version 1). */
export interface NetworkFile {
  version: number;
  source: string;
  airports: NetworkAirportRow[];
  airlines: NetworkAirlineRow[];
  routes: NetworkRouteRow[];
  aircraft: NetworkAircraftRow[];
}

export interface Airport {
  readonly index: number;
  readonly iata: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  readonly tz: string;
}

export interface Airline {
  readonly index: number;
  readonly iata: string;
  readonly name: string;
  readonly country: string | null;
}

export interface Network {
  readonly source: string;
  readonly airports: readonly Airport[];
  readonly airlines: readonly Airline[];
  /** Number of directed routes (airline, origin, destination). */
  readonly routeCount: number;
  /** Route columns, sorted by origin, then airline, then destination. */
  readonly routeOrigin: Int32Array;
  readonly routeDestination: Int32Array;
  readonly routeAirline: Int32Array;
  readonly routeDistanceKm: Float64Array;
  readonly routeEquipment: readonly (readonly string[])[];
  /** Routes from airport i are indices routeStart[i] .. routeStart[i + 1] - 1. */
  readonly routeStart: Int32Array;
  /** Number of routes leaving each airport (a rough "hub size"). */
  readonly airportDegree: Int32Array;
  /** Routes of each airline. */
  readonly airlineRouteCount: Int32Array;
  /** Number of airlines flying each route's origin–destination pair. */
  readonly routePairAirlines: Int32Array;
  readonly latRad: Float64Array;
  readonly lonRad: Float64Array;
  airportIndex(iata: string): number | undefined;
  airlineIndex(iata: string): number | undefined;
  airport(iata: string): Airport | undefined;
  airline(iata: string): Airline | undefined;
  aircraftName(code: string): string;
  /** Airports of a city code, or the one airport of an airport code; [] if unknown. City codes win. */
  resolvePlace(code: string): readonly number[];
  isKnownPlace(code: string): boolean;
  /** City code of a place code (an airport's city, or the city itself). */
  cityOf(code: string): string | undefined;
  distanceKm(a: number, b: number): number;
  /**
   * Fewest flights from each airport to any target on the static route graph: 0 for targets,
   * 1..3, or 255 when more than 3 flights are needed. Cached per target set.
   */
  hopsTo(targets: readonly number[]): Uint8Array;
  /**
   * Fewest flights from any origin to any destination when transfers may only happen at airports
   * outside both sets (null if more than maxFlights are needed).
   */
  minFlights(origins: readonly number[], destinations: readonly number[], maxFlights: number): number | null;
}

export class NetworkFormatError extends Error {
  override name = 'NetworkFormatError';
}

const IATA3 = /^[A-Z0-9]{3}$/;

/** Checks the shape of a parsed network.json; throws NetworkFormatError with the first problem. */
export function validateNetworkFile(value: unknown): NetworkFile {
  const fail = (msg: string): never => {
    throw new NetworkFormatError(msg);
  };
  if (typeof value !== 'object' || value === null) fail('network file is not an object');
  const file = value as Record<string, unknown>;
  if (file.version !== 1) fail(`unsupported network file version ${String(file.version)}`);
  for (const key of ['airports', 'airlines', 'routes', 'aircraft']) {
    if (!Array.isArray(file[key])) fail(`network file: ${key} must be an array`);
  }
  for (const row of file.airports as unknown[]) {
    if (
      !Array.isArray(row) ||
      row.length < 7 ||
      typeof row[0] !== 'string' ||
      !IATA3.test(row[0]) ||
      typeof row[4] !== 'number' ||
      typeof row[5] !== 'number' ||
      typeof row[6] !== 'string'
    ) {
      fail(`bad airport row ${JSON.stringify(row)}`);
    }
  }
  for (const row of file.routes as unknown[]) {
    if (!Array.isArray(row) || row.length < 4 || row.some((x) => typeof x !== 'string'))
      fail(`bad route row ${JSON.stringify(row)}`);
  }
  return file as unknown as NetworkFile;
}

/** Parses the text of data/network.json. */
export function parseNetworkJson(text: string): NetworkFile {
  return validateNetworkFile(JSON.parse(text));
}

/** Builds the in-memory network. Routes referring to unknown airports/airlines, or a→a, are skipped. */
export function buildNetwork(file: NetworkFile): Network {
  const airports: Airport[] = [];
  const airportIdx = new Map<string, number>();
  for (const [iata, name, city, country, lat, lon, tz] of file.airports) {
    if (airportIdx.has(iata)) continue;
    airportIdx.set(iata, airports.length);
    airports.push({ index: airports.length, iata, name, city: city || iata, country, lat, lon, tz });
  }
  const airlines: Airline[] = [];
  const airlineIdx = new Map<string, number>();
  for (const [iata, name, country] of file.airlines) {
    if (airlineIdx.has(iata)) continue;
    airlineIdx.set(iata, airlines.length);
    airlines.push({ index: airlines.length, iata, name, country: country ?? null });
  }
  const aircraftNames = new Map<string, string>(Object.entries(EXTRA_AIRCRAFT_NAMES));
  for (const [code, name] of file.aircraft) aircraftNames.set(code, name);

  const n = airports.length;
  const latRad = new Float64Array(n);
  const lonRad = new Float64Array(n);
  for (const a of airports) {
    latRad[a.index] = toRadians(a.lat);
    lonRad[a.index] = toRadians(a.lon);
  }
  const distanceKm = (a: number, b: number): number =>
    haversineRad(latRad[a]!, lonRad[a]!, latRad[b]!, lonRad[b]!);

  // Valid, de-duplicated routes, sorted by origin, airline, destination.
  type Row = { o: number; d: number; al: number; eq: string[] };
  const rows: Row[] = [];
  const seen = new Set<number>();
  for (const [al, o, d, eq] of file.routes) {
    const ai = airlineIdx.get(al);
    const oi = airportIdx.get(o);
    const di = airportIdx.get(d);
    if (ai === undefined || oi === undefined || di === undefined || oi === di) continue;
    const key = (ai * n + oi) * n + di;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ o: oi, d: di, al: ai, eq: eq.split(/\s+/).filter(Boolean) });
  }
  rows.sort((a, b) => a.o - b.o || a.al - b.al || a.d - b.d);
  const m = rows.length;
  const routeOrigin = new Int32Array(m);
  const routeDestination = new Int32Array(m);
  const routeAirline = new Int32Array(m);
  const routeDistanceKm = new Float64Array(m);
  const routeEquipment: string[][] = new Array<string[]>(m);
  const routeStart = new Int32Array(n + 1);
  const airportDegree = new Int32Array(n);
  const airlineRouteCount = new Int32Array(airlines.length);
  const pairCount = new Map<number, number>();
  for (let i = 0; i < m; i++) {
    const r = rows[i]!;
    routeOrigin[i] = r.o;
    routeDestination[i] = r.d;
    routeAirline[i] = r.al;
    routeDistanceKm[i] = distanceKm(r.o, r.d);
    routeEquipment[i] = r.eq;
    routeStart[r.o + 1]!++;
    airportDegree[r.o]!++;
    airlineRouteCount[r.al]!++;
    const pk = r.o * n + r.d;
    pairCount.set(pk, (pairCount.get(pk) ?? 0) + 1);
  }
  for (let i = 0; i < n; i++) routeStart[i + 1]! += routeStart[i]!;
  const routePairAirlines = new Int32Array(m);
  for (let i = 0; i < m; i++)
    routePairAirlines[i] = pairCount.get(routeOrigin[i]! * n + routeDestination[i]!) ?? 1;

  // Reverse adjacency of the static graph (unique airport pairs), for hop counts.
  const revStart = new Int32Array(n + 1);
  const pairs = [...pairCount.keys()];
  for (const pk of pairs) revStart[(pk % n) + 1]!++;
  for (let i = 0; i < n; i++) revStart[i + 1]! += revStart[i]!;
  const revAdj = new Int32Array(pairs.length);
  const fill = revStart.slice(0, n);
  for (const pk of pairs) revAdj[fill[pk % n]!++] = Math.floor(pk / n);
  // Forward unique adjacency.
  const fwdStart = new Int32Array(n + 1);
  for (const pk of pairs) fwdStart[Math.floor(pk / n) + 1]!++;
  for (let i = 0; i < n; i++) fwdStart[i + 1]! += fwdStart[i]!;
  const fwdAdj = new Int32Array(pairs.length);
  const ffill = fwdStart.slice(0, n);
  for (const pk of pairs) fwdAdj[ffill[Math.floor(pk / n)]!++] = pk % n;

  const cities = new Map<string, number[]>();
  for (const a of airports) {
    let list = cities.get(a.city);
    if (!list) cities.set(a.city, (list = []));
    list.push(a.index);
  }

  const hopsCache = new Map<string, Uint8Array>();
  const hopsTo = (targets: readonly number[]): Uint8Array => {
    const key = [...targets].sort((a, b) => a - b).join(',');
    const cached = hopsCache.get(key);
    if (cached) {
      hopsCache.delete(key);
      hopsCache.set(key, cached);
      return cached;
    }
    const dist = new Uint8Array(n).fill(255);
    let frontier: number[] = [];
    for (const t of targets) {
      if (dist[t] !== 0) {
        dist[t] = 0;
        frontier.push(t);
      }
    }
    for (let hop = 1; hop <= 3 && frontier.length; hop++) {
      const next: number[] = [];
      for (const v of frontier) {
        for (let j = revStart[v]!; j < revStart[v + 1]!; j++) {
          const u = revAdj[j]!;
          if (dist[u] === 255) {
            dist[u] = hop;
            next.push(u);
          }
        }
      }
      frontier = next;
    }
    if (hopsCache.size >= 512) hopsCache.delete(hopsCache.keys().next().value!);
    hopsCache.set(key, dist);
    return dist;
  };

  const minFlights = (
    origins: readonly number[],
    destinations: readonly number[],
    maxFlights: number,
  ): number | null => {
    const isDest = new Set(destinations);
    const isOrigin = new Set(origins);
    const seenAirport = new Uint8Array(n);
    let frontier = [...isOrigin];
    for (const o of frontier) seenAirport[o] = 1;
    for (let flights = 1; flights <= maxFlights && frontier.length; flights++) {
      const next: number[] = [];
      for (const v of frontier) {
        for (let j = fwdStart[v]!; j < fwdStart[v + 1]!; j++) {
          const u = fwdAdj[j]!;
          if (isDest.has(u)) return flights;
          if (seenAirport[u] || isOrigin.has(u)) continue;
          seenAirport[u] = 1;
          next.push(u);
        }
      }
      frontier = next;
    }
    return null;
  };

  const resolvePlace = (code: string): readonly number[] => {
    const city = cities.get(code);
    if (city) return city;
    const idx = airportIdx.get(code);
    return idx === undefined ? [] : [idx];
  };

  return {
    source: file.source,
    airports,
    airlines,
    routeCount: m,
    routeOrigin,
    routeDestination,
    routeAirline,
    routeDistanceKm,
    routeEquipment,
    routeStart,
    airportDegree,
    airlineRouteCount,
    routePairAirlines,
    latRad,
    lonRad,
    airportIndex: (iata) => airportIdx.get(iata),
    airlineIndex: (iata) => airlineIdx.get(iata),
    airport: (iata) => {
      const i = airportIdx.get(iata);
      return i === undefined ? undefined : airports[i];
    },
    airline: (iata) => {
      const i = airlineIdx.get(iata);
      return i === undefined ? undefined : airlines[i];
    },
    aircraftName: (code) => aircraftNames.get(code) ?? code,
    resolvePlace,
    isKnownPlace: (code) => resolvePlace(code).length > 0,
    cityOf: (code) => (cities.has(code) ? code : airports[airportIdx.get(code) ?? -1]?.city),
    distanceKm,
    hopsTo,
    minFlights,
  };
}
