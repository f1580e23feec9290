// Places (cities and airports) index and autocomplete search. Pure: receives the parsed data/network.json
// and data/place-names.json objects; reading the files is the loader's job.
//
// Matching is case- and diacritics-insensitive over the city names in en/ru/uz/tr, a Latin transliteration
// of the Russian name, the English airport names and IATA codes, with one-edit typo tolerance.
// Ranking tiers: exact code < exact name < name starts with query < a later word starts with query < typo;
// ties are broken by route count (busiest first), then code.

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
// Normalization

// prettier-ignore
const CYR_TO_LAT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Kazakh, Uzbek Cyrillic, Ukrainian, Belarusian letters.
  ә: 'a', ғ: 'g', қ: 'k', ң: 'n', ө: 'o', ұ: 'u', ү: 'u', һ: 'h', і: 'i', ї: 'yi', є: 'ye', ў: 'o', ґ: 'g',
};

const SPECIAL_LATIN: Record<string, string> = {
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
};

const CYRILLIC = /[\u0400-\u04FF]/;
const APOSTROPHES = /['’‘`´ʻʼʹ]/g;
const SPECIAL_RE = /[ıßæœøłđðþħ]/g;
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

/** Case-, diacritics- and punctuation-insensitive form: "Oʻzbekiston" → "ozbekiston", "Nyu-York" → "nyu york". */
export function foldText(s: string): string {
  return s
    .toLowerCase()
    .replace(SPECIAL_RE, (c) => SPECIAL_LATIN[c] ?? c)
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(APOSTROPHES, '')
    .replace(NON_ALNUM, ' ')
    .trim();
}

/** Russian (and other Cyrillic) → Latin, then folded: "Ташкент" → "tashkent", "Хабаровск" → "khabarovsk". */
export function transliterate(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase().normalize('NFC')) out += CYR_TO_LAT[ch] ?? ch;
  return foldText(out);
}

// ---------------------------------------------------------------------------------------------------------
// Index

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

// ---------------------------------------------------------------------------------------------------------
// Search

// A match on an airport name ranks just after the same kind of match on a city name (tier + 1).
const TIER_CODE = 0;
const TIER_EXACT = 2;
const TIER_START = 4;
const TIER_WORD = 6;
const TIER_TYPO = 8;

function lowerBound(arr: readonly string[], q: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** a[ai..) equals b[bi..bl) (same remaining length assumed checked by the caller). */
function sameTail(a: string, ai: number, b: string, bi: number, bl: number): boolean {
  if (a.length - ai !== bl - bi) return false;
  while (bi < bl) if (a.charCodeAt(ai++) !== b.charCodeAt(bi++)) return false;
  return true;
}

/**
 * True if a and b[0..bl) are within Damerau–Levenshtein (optimal string alignment) distance 1.
 * Linear time, no allocation.
 */
export function withinOneEdit(a: string, b: string, bl: number = b.length): boolean {
  const al = a.length;
  if (bl > b.length || al - bl > 1 || bl - al > 1) return false;
  const m = al < bl ? al : bl;
  let i = 0;
  while (i < m && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === m) return true; // equal, or one extra character at the end
  if (al === bl) {
    if (sameTail(a, i + 1, b, i + 1, bl)) return true; // substitution
    return (
      i + 1 < al &&
      a.charCodeAt(i) === b.charCodeAt(i + 1) &&
      a.charCodeAt(i + 1) === b.charCodeAt(i) &&
      sameTail(a, i + 2, b, i + 2, bl)
    ); // transposition
  }
  return al > bl ? sameTail(a, i + 1, b, i, bl) : sameTail(a, i, b, i + 1, bl);
}

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
