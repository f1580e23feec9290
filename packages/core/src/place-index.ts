/**
 * The places index: city and airport records from the network data and place names, with sorted search
 * keys (folded names and their later words) and the prefilters of the typo pass. Built once.
 */
import { CYRILLIC, foldText, transliterate } from './place-text.ts';

export const PLACE_LANGS = ['en', 'ru', 'uz', 'tr'] as const;
export type PlaceLang = (typeof PLACE_LANGS)[number];

/** data/network.json (only the parts used here). */
export interface NetworkData {
  airports: ReadonlyArray<readonly [string, string, string, string, number, number, string]>;
  routes: ReadonlyArray<readonly [string, string, string, string]>;
}

/** data/place-names.json: city entries have at least `en`; country entries have all four languages. */
export interface PlaceNamesData {
  cities: Readonly<Record<string, Readonly<Partial<Record<PlaceLang, string>>>>>;
  countries: Readonly<Record<string, Readonly<Partial<Record<PlaceLang, string>>>>>;
}

export interface CityRecord {
  code: string;
  names: Readonly<Partial<Record<PlaceLang, string>>> & { en: string };
  countryCode: string;
  /** Airport codes, busiest first. */
  airports: string[];
  /** Routes departing from or arriving at any of the city's airports. */
  routes: number;
}

export interface AirportRecord {
  code: string;
  name: string;
  cityCode: string;
  countryCode: string;
  lat: number;
  lon: number;
  tz: string;
  routes: number;
}

export interface PlaceIndex {
  cities: ReadonlyMap<string, CityRecord>;
  airports: ReadonlyMap<string, AirportRecord>;
  countries: PlaceNamesData['countries'];
  /** Targets: 0..cityList.length-1 are cities, the rest airports. */
  readonly cityList: readonly CityRecord[];
  readonly airportList: readonly AirportRecord[];
  /** Target number of each city code and (separately) of each airport code. */
  readonly cityTarget: ReadonlyMap<string, number>;
  readonly airportTarget: ReadonlyMap<string, number>;
  /** Sorted, distinct search keys (folded names and every word-suffix of them). */
  readonly keys: readonly string[];
  /** postings[i]: encoded (target << 1 | isNameStart) for keys[i]. */
  readonly postings: readonly (readonly number[])[];
  /**
   * Typo-pass prefilter: key indices of keys of 4+ characters by their characters 0–1, 1–2 and 0+2.
   * Any single edit of a query q leaves a key whose pair is one of a handful built from q[0..2].
   */
  readonly pair01: ReadonlyMap<string, readonly number[]>;
  readonly pair12: ReadonlyMap<string, readonly number[]>;
  readonly pair02: ReadonlyMap<string, readonly number[]>;
  /** For each target: its city's target (a city is its own). */
  readonly cityOfTarget: Int32Array;
  /** For each target: its position when all targets are ordered by route count (desc), then code. */
  readonly rankOf: Int32Array;
  readonly byRank: Int32Array;
}

// prettier-ignore
const AIRPORT_STOPWORDS = new Set([
  'airport', 'international', 'intl', 'regional', 'domestic', 'municipal', 'national', 'county', 'field',
  'airfield', 'aerodrome', 'air', 'base', 'airbase', 'airpark', 'heliport', 'station', 'terminal', 'city',
  'metropolitan', 'memorial', 'executive', 'de', 'del', 'la', 'el', 'do', 'da', 'of', 'the', 'and', 'y',
]);

/** Builds the index once; pass the parsed data/network.json and data/place-names.json. */
export function buildPlaceIndex(network: NetworkData, names: PlaceNamesData): PlaceIndex {
  const airportRoutes = new Map<string, number>();
  for (const r of network.routes) {
    airportRoutes.set(r[1], (airportRoutes.get(r[1]) ?? 0) + 1);
    airportRoutes.set(r[2], (airportRoutes.get(r[2]) ?? 0) + 1);
  }
  const airports = new Map<string, AirportRecord>();
  const cities = new Map<string, CityRecord>();
  for (const [code, name, cityCode, countryCode, lat, lon, tz] of network.airports) {
    const routes = airportRoutes.get(code) ?? 0;
    airports.set(code, { code, name, cityCode, countryCode, lat, lon, tz, routes });
    let city = cities.get(cityCode);
    if (!city) {
      const n = names.cities[cityCode];
      city = { code: cityCode, names: { ...n, en: n?.en ?? name }, countryCode, airports: [], routes: 0 };
      cities.set(cityCode, city);
    }
    city.airports.push(code);
    city.routes += routes;
  }
  for (const city of cities.values()) {
    city.airports.sort((a, b) => airports.get(b)!.routes - airports.get(a)!.routes || (a < b ? -1 : 1));
  }
  const cityList = [...cities.values()];
  const airportList = [...airports.values()];
  const cityTarget = new Map(cityList.map((c, i) => [c.code, i]));
  const airportTarget = new Map(airportList.map((a, j) => [a.code, cityList.length + j]));

  // key -> postings
  const post = new Map<string, Set<number>>();
  const add = (key: string, target: number, start: boolean): void => {
    if (!key) return;
    let s = post.get(key);
    if (!s) post.set(key, (s = new Set()));
    s.add((target << 1) | (start ? 1 : 0));
  };
  const addName = (folded: string, target: number, skip?: Set<string>): void => {
    if (!folded) return;
    const words = folded.split(' ');
    let offset = 0;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (i === 0 || !skip?.has(w)) add(i === 0 ? folded : folded.slice(offset), target, i === 0);
      offset += w.length + 1;
    }
  };
  cityList.forEach((city, i) => {
    for (const lang of PLACE_LANGS) {
      const n = city.names[lang];
      if (!n) continue;
      addName(foldText(n), i);
      if (CYRILLIC.test(n)) addName(transliterate(n), i);
    }
  });
  // Airport names: the whole name and every later word that is not a generic one ("international", ...).
  airportList.forEach((ap, j) => addName(foldText(ap.name), cityList.length + j, AIRPORT_STOPWORDS));

  const keys = [...post.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const postings = keys.map((k) => [...post.get(k)!].sort((a, b) => a - b));
  const pair01 = new Map<string, number[]>();
  const pair12 = new Map<string, number[]>();
  const pair02 = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, pair: string, i: number): void => {
    const l = m.get(pair);
    if (l) l.push(i);
    else m.set(pair, [i]);
  };
  keys.forEach((k, i) => {
    if (k.length < 4) return;
    push(pair01, k[0]! + k[1]!, i);
    push(pair12, k[1]! + k[2]!, i);
    push(pair02, k[0]! + k[2]!, i);
  });

  const nTargets = cityList.length + airportList.length;
  const cityOfTarget = new Int32Array(nTargets);
  const routesOf = new Int32Array(nTargets);
  const codeOf: string[] = [];
  cityList.forEach((c, i) => {
    cityOfTarget[i] = i;
    routesOf[i] = c.routes;
    codeOf[i] = c.code;
  });
  airportList.forEach((a, j) => {
    const t = cityList.length + j;
    cityOfTarget[t] = cityTarget.get(a.cityCode)!;
    routesOf[t] = a.routes;
    codeOf[t] = a.code;
  });
  const order = Array.from({ length: nTargets }, (_, t) => t).sort(
    (x, y) =>
      routesOf[y]! - routesOf[x]! || (codeOf[x]! < codeOf[y]! ? -1 : codeOf[x]! > codeOf[y]! ? 1 : x - y),
  );
  const byRank = Int32Array.from(order);
  const rankOf = new Int32Array(nTargets);
  byRank.forEach((t, r) => (rankOf[t] = r));

  return {
    cities,
    airports,
    countries: names.countries,
    cityList,
    airportList,
    cityTarget,
    airportTarget,
    keys,
    postings,
    pair01,
    pair12,
    pair02,
    cityOfTarget,
    rankOf,
    byRank,
  };
}
