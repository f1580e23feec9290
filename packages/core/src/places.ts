// Places (cities and airports) index and autocomplete search. Pure: receives the parsed data/network.json
// and data/place-names.json objects; reading the files is the loader's job.
//
// Matching is case- and diacritics-insensitive over the city names in en/ru/uz/tr, a Latin transliteration
// of the Russian name, the English airport names and IATA codes, with one-edit typo tolerance.
// Ranking tiers: exact code < exact name < name starts with query < a later word starts with query < typo;
// ties are broken by route count (busiest first), then code.

import {
  PLACE_LANGS,
  type AirportRecord,
  type CityRecord,
  type PlaceIndex,
  type PlaceLang,
} from './place-index.ts';
import { CYRILLIC, foldText, lowerBound, transliterate, withinOneEdit } from './place-text.ts';

// The index and the text matching live in their own modules; callers import everything from here.
export { PLACE_LANGS, buildPlaceIndex } from './place-index.ts';
export type {
  AirportRecord,
  CityRecord,
  NetworkData,
  PlaceIndex,
  PlaceLang,
  PlaceNamesData,
} from './place-index.ts';
export { foldText, transliterate, withinOneEdit } from './place-text.ts';

export interface PlaceAirport {
  code: string;
  name: string;
}

export interface PlaceResult {
  type: 'city' | 'airport';
  code: string;
  /** City name (type city) or airport name (type airport), in the requested language when known. */
  name: string;
  city_code: string;
  city_name: string;
  country_code: string;
  country_name: string;
  airports: PlaceAirport[];
}

export interface SearchOptions {
  lang?: string;
  limit?: number;
}

export const DEFAULT_LIMIT = 8;
export const MAX_LIMIT = 20;

// ---------------------------------------------------------------------------------------------------------
// Search

// A match on an airport name ranks just after the same kind of match on a city name (tier + 1).
const TIER_CODE = 0;
const TIER_EXACT = 2;
const TIER_START = 4;
const TIER_WORD = 6;
const TIER_TYPO = 8;

function resolveLang(lang: string | undefined): PlaceLang {
  const l = (lang ?? 'en').toLowerCase().slice(0, 2);
  return (PLACE_LANGS as readonly string[]).includes(l) ? (l as PlaceLang) : 'en';
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit)));
}

function countryName(index: PlaceIndex, cc: string, lang: PlaceLang): string {
  const c = index.countries[cc];
  return c?.[lang] ?? c?.en ?? cc;
}

function cityName(city: CityRecord, lang: PlaceLang): string {
  return city.names[lang] ?? city.names.en;
}

function airportsOf(index: PlaceIndex, city: CityRecord): PlaceAirport[] {
  return city.airports.map((code) => ({ code, name: index.airports.get(code)!.name }));
}

function cityResult(index: PlaceIndex, city: CityRecord, lang: PlaceLang): PlaceResult {
  const name = cityName(city, lang);
  return {
    type: 'city',
    code: city.code,
    name,
    city_code: city.code,
    city_name: name,
    country_code: city.countryCode,
    country_name: countryName(index, city.countryCode, lang),
    airports: airportsOf(index, city),
  };
}

function airportResult(index: PlaceIndex, ap: AirportRecord, lang: PlaceLang): PlaceResult {
  const city = index.cities.get(ap.cityCode)!;
  return {
    type: 'airport',
    code: ap.code,
    name: ap.name,
    city_code: city.code,
    city_name: cityName(city, lang),
    country_code: ap.countryCode,
    country_name: countryName(index, ap.countryCode, lang),
    airports: [{ code: ap.code, name: ap.name }],
  };
}

/** Autocomplete over cities and airports. Empty query → []. */
export function searchPlaces(index: PlaceIndex, query: string, options: SearchOptions = {}): PlaceResult[] {
  const lang = resolveLang(options.lang);
  const limit = clampLimit(options.limit);
  const raw = (query ?? '').trim();
  if (!raw) return [];

  const nCities = index.cityList.length;
  const { cityOfTarget, keys, postings } = index;
  // Best tier per target (NONE = no hit). An airport of a single-airport city counts as its city.
  const tiers = new Uint8Array(cityOfTarget.length).fill(NONE);
  const touched: number[] = [];
  let exactHit = false;
  const hit = (target: number, tier: number): void => {
    let t = target;
    if (t >= nCities && index.cityList[cityOfTarget[t]!]!.airports.length === 1) t = cityOfTarget[t]!;
    if (tier < tiers[t]!) {
      if (tiers[t] === NONE) touched.push(t);
      tiers[t] = tier;
      if (tier <= TIER_EXACT + 1) exactHit = true;
    }
  };

  // 1. IATA codes.
  if (/^[A-Za-z]{3}$/.test(raw)) {
    const code = raw.toUpperCase();
    const c = index.cityTarget.get(code);
    if (c !== undefined) hit(c, TIER_CODE);
    const a = index.airportTarget.get(code);
    if (a !== undefined) hit(a, TIER_CODE);
  }

  // 2. Names: exact and prefix, on the folded query and (for Cyrillic input) its transliteration.
  const forms = [foldText(raw)];
  if (CYRILLIC.test(raw)) forms.push(transliterate(raw));
  for (const q of forms) {
    if (!q) continue;
    for (let i = lowerBound(keys, q); i < keys.length && keys[i]!.startsWith(q); i++) {
      const exact = keys[i]!.length === q.length;
      for (const p of postings[i]!) {
        const start = (p & 1) === 1;
        const t = p >> 1;
        hit(t, (start ? (exact ? TIER_EXACT : TIER_START) : TIER_WORD) + (t >= nCities ? 1 : 0));
      }
    }
  }

  // 3. One-edit typos, only when nothing matched a code or a whole name and the passes above found fewer
  //    places than asked for. Whole keys (names or their later words) for queries of 4+ characters, key
  //    prefixes too for queries of 6+ characters.
  if (!exactHit && touched.length < limit) {
    for (const q of forms) {
      const ql = q.length;
      if (ql < 4) continue;
      const q0 = q[0]!;
      const q1 = q[1]!;
      const q2 = q[2]!;
      // Edit at position ≥ 2: key starts q0 q1. Substitution at 0: key[1..2] = q1 q2; at 1: key[0],key[2] = q0 q2.
      // Extra char in q at 0: key starts q1 q2; at 1: q0 q2. Extra char in key at 0: key[1..2] = q0 q1;
      // at 1: key[0],key[2] = q0 q1. Transposition 0–1: key starts q1 q0; 1–2: q0 q2.
      const lists = [
        index.pair01.get(q0 + q1),
        index.pair01.get(q1 + q2),
        index.pair01.get(q0 + q2),
        index.pair01.get(q1 + q0),
        index.pair12.get(q1 + q2),
        index.pair12.get(q0 + q1),
        index.pair02.get(q0 + q2),
        index.pair02.get(q0 + q1),
      ];
      for (const list of lists) {
        if (!list) continue;
        for (const i of list) {
          const k = keys[i]!;
          const kl = k.length;
          if (kl < ql - 1) continue;
          let ok = withinOneEdit(q, k);
          if (!ok && ql >= 6 && kl > ql)
            ok = withinOneEdit(q, k, ql) || withinOneEdit(q, k, ql - 1) || withinOneEdit(q, k, ql + 1);
          if (ok) for (const p of postings[i]!) hit(p >> 1, TIER_TYPO + (p >> 1 >= nCities ? 1 : 0));
        }
      }
    }
  }

  return assemble(index, tiers, touched, lang, limit);
}

const NONE = 255;

function assemble(
  index: PlaceIndex,
  tiers: Uint8Array,
  touched: number[],
  lang: PlaceLang,
  limit: number,
): PlaceResult[] {
  const nCities = index.cityList.length;
  const n = index.rankOf.length;
  // Sort by (tier, rank) with one numeric key per hit.
  const order = new Float64Array(touched.length);
  let m = 0;
  for (const t of touched) {
    const tier = tiers[t]!;
    if (t >= nCities) {
      // An airport is listed on its own only when it matched better than its city.
      const ct = tiers[index.cityOfTarget[t]!]!;
      if (ct <= tier) continue;
    }
    order[m++] = tier * n + index.rankOf[t]!;
  }
  const sorted = order.subarray(0, m).sort();
  const out: PlaceResult[] = [];
  const doneCities = new Set<number>();
  for (const key of sorted) {
    if (out.length >= limit) break;
    const t = index.byRank[key % n]!;
    if (t >= nCities) {
      const ap = index.airportList[t - nCities]!;
      out.push(airportResult(index, ap, lang));
      // Its city follows (if not listed already), so "all airports" is one click away.
      const c = index.cityOfTarget[t]!;
      if (!doneCities.has(c) && out.length < limit) {
        out.push(cityResult(index, index.cityList[c]!, lang));
        doneCities.add(c);
      }
    } else if (!doneCities.has(t)) {
      out.push(cityResult(index, index.cityList[t]!, lang));
      doneCities.add(t);
    }
  }
  return out;
}

/** A city (by city code) or else an airport (by IATA code), or null. */
export function getPlace(index: PlaceIndex, code: string, lang?: string): PlaceResult | null {
  const l = resolveLang(lang);
  const c = code.toUpperCase();
  const city = index.cities.get(c);
  if (city) return cityResult(index, city, l);
  const ap = index.airports.get(c);
  return ap ? airportResult(index, ap, l) : null;
}

/** The city code of an airport ("SAW" → "IST", "TAS" → "TAS"), or null for an unknown airport. */
export function cityOfAirport(index: PlaceIndex, iata: string): string | null {
  return index.airports.get(iata.toUpperCase())?.cityCode ?? null;
}
