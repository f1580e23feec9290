// Builds data/network.json from the OpenFlights snapshot in ../shared/data/openflights (ODbL 1.0).
// Run: node scripts/build-network.ts
// Output format (version 1), compact and deterministic:
//   airports: [iata, nameEn, cityCode, countryCode, lat, lon, tz]   sorted by iata
//   airlines: [iata, name, countryCode | null]                         sorted by iata
//   routes:   [airlineIata, originIata, destinationIata, equipment]    sorted, deduplicated
//   aircraft: [iata, name]                                             sorted by iata
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTRA_AIRCRAFT_NAMES } from '../packages/core/src/schedule-aircraft.ts';
import { PLACE_LANGS, type PlaceLang } from '../packages/core/src/place-index.ts';

export type Field = string | null;
export type AirportRow = [string, string, string, string, number, number, string];
export type AirlineRow = [string, string, string | null];
export type RouteRow = [string, string, string, string];
export type AircraftRow = [string, string];
export interface Network {
  version: 1;
  source: string;
  airports: AirportRow[];
  airlines: AirlineRow[];
  routes: RouteRow[];
  aircraft: AircraftRow[];
}

/**
 * Parses one OpenFlights CSV line: comma separated, fields optionally in double quotes
 * (a doubled quote inside a quoted field is a literal quote; a backslash escapes a quote too,
 * as some OpenFlights rows use \"), an unquoted \N is null. Quoted "\N" is also null.
 */
export function parseCsvLine(line: string): Field[] {
  const out: Field[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    if (i < n && line[i] === '"') {
      i++;
      let s = '';
      for (;;) {
        if (i >= n) break;
        const c = line[i]!;
        if (c === '\\' && line[i + 1] === '"') {
          s += '"';
          i += 2;
        } else if (c === '"') {
          if (line[i + 1] === '"') {
            s += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else {
          s += c;
          i++;
        }
      }
      // Skip anything up to the next comma (malformed trailing characters).
      while (i < n && line[i] !== ',') i++;
      out.push(s === '\\N' ? null : s);
    } else {
      let j = line.indexOf(',', i);
      if (j < 0) j = n;
      const s = line.slice(i, j);
      out.push(s === '\\N' ? null : s);
      i = j;
    }
    if (i >= n) break;
    i++; // the comma
    if (i === n) {
      out.push('');
      break;
    }
  }
  return out;
}

/** Parses a whole .dat file into rows (empty lines skipped; CRLF tolerated). */
export function parseDat(text: string): Field[][] {
  const rows: Field[][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    rows.push(parseCsvLine(line));
  }
  return rows;
}

/**
 * IATA metropolitan-area (city) codes grouping several airports. Airports not listed here get
 * their own IATA code as city code. Only airports present in the network matter.
 */
export const METRO_AREAS: Record<string, readonly string[]> = {
  // Europe
  LON: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'],
  PAR: ['CDG', 'ORY', 'BVA'],
  MIL: ['MXP', 'LIN', 'BGY'],
  ROM: ['FCO', 'CIA'],
  VCE: ['VCE', 'TSF'],
  BER: ['BER', 'TXL', 'SXF'],
  STO: ['ARN', 'BMA', 'NYO', 'VST'],
  OSL: ['OSL', 'TRF', 'RYG'],
  REK: ['KEF', 'RKV'],
  BUH: ['OTP', 'BBU'],
  BRU: ['BRU', 'CRL'],
  EAP: ['BSL', 'MLH'],
  BFS: ['BFS', 'BHD'],
  GLA: ['GLA', 'PIK'],
  TCI: ['TFN', 'TFS'],
  MOW: ['SVO', 'DME', 'VKO', 'ZIA', 'BKA'],
  IEV: ['KBP', 'IEV'],
  IST: ['IST', 'SAW', 'ISL'],
  // Middle East, Asia, Oceania, Africa
  THR: ['IKA', 'THR'],
  DXB: ['DXB', 'DWC'],
  BAK: ['GYD'],
  TYO: ['NRT', 'HND'],
  OSA: ['KIX', 'ITM', 'UKB'],
  SPK: ['CTS', 'OKD'],
  NGO: ['NGO', 'NKM'],
  SEL: ['ICN', 'GMP'],
  BJS: ['PEK', 'PKX', 'NAY'],
  SHA: ['PVG', 'SHA'],
  TPE: ['TPE', 'TSA'],
  BKK: ['BKK', 'DMK'],
  JKT: ['CGK', 'HLP'],
  KUL: ['KUL', 'SZB'],
  MEL: ['MEL', 'AVV'],
  JNB: ['JNB', 'HLA'],
  NBO: ['NBO', 'WIL'],
  CAS: ['CMN', 'CAS'],
  // Americas
  NYC: ['JFK', 'LGA', 'EWR'],
  WAS: ['IAD', 'DCA', 'BWI'],
  CHI: ['ORD', 'MDW'],
  DTT: ['DTW', 'DET'],
  HOU: ['IAH', 'HOU'],
  DFW: ['DFW', 'DAL'],
  ORL: ['MCO', 'SFB', 'ORL'],
  YTO: ['YYZ', 'YTZ'],
  YMQ: ['YUL', 'YMX'],
  SAO: ['GRU', 'CGH', 'VCP'],
  RIO: ['GIG', 'SDU'],
  BUE: ['EZE', 'AEP'],
  BHZ: ['CNF', 'PLU'],
  MEX: ['MEX', 'NLU'],
};

export function buildCityMap(): Map<string, string> {
  const m = new Map<string, string>();
  for (const [city, airports] of Object.entries(METRO_AREAS)) {
    for (const a of airports) m.set(a, city);
  }
  return m;
}

const IATA2 = /^[A-Z0-9]{2}$/;
const IATA3 = /^[A-Z]{3}$/;

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function cmpTuple(a: readonly (string | number | null)[], b: readonly (string | number | null)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = String(a[i] ?? '');
    const y = String(b[i] ?? '');
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

export interface RawFiles {
  airports: string;
  airlines: string;
  routes: string;
  planes: string;
  countries: string;
  /** data/ceased-airlines.csv: airlines OpenFlights still lists as active that no longer fly. */
  ceasedAirlines?: string;
  /** data/airspace-restrictions.json: closed airspaces and bilateral bans (no route may cross them). */
  airspaceRestrictions?: string;
}

/** The IATA codes of data/ceased-airlines.csv (header `iata,name,ceased,note,source`). */
export function parseCeasedAirlines(csv: string): Set<string> {
  const [header, ...rows] = csv.trim().split('\n');
  if (header?.trim() !== 'iata,name,ceased,note,source')
    throw new Error('ceased-airlines.csv: expected the header iata,name,ceased,note,source');
  return new Set(rows.filter((row) => row.trim()).map((row) => parseCsvLine(row)[0] ?? ''));
}

export interface AirspaceRestrictions {
  /** Countries (ISO alpha-2) whose airspace is closed to civil flights: no route starts or ends there. */
  closedCountries: Set<string>;
  /** Whether two countries ban each other's flights: no direct route joins them. */
  banned(a: string, b: string): boolean;
}

/**
 * Reads data/airspace-restrictions.json (docs/decisions/0028-closed-airspace-and-flight-bans.md): `closed` lists
 * countries, `bans` pairs of country lists, where a name of `groups` (e.g. EU) stands for its countries.
 */
export function parseAirspaceRestrictions(json: string): AirspaceRestrictions {
  const raw = JSON.parse(json) as {
    groups?: Record<string, string[]>;
    closed: { country: string; sources: string[] }[];
    bans: { between: [string[], string[]]; sources: string[] }[];
  };
  const expand = (codes: string[]): string[] =>
    codes.flatMap((c) => {
      const group = raw.groups?.[c];
      if (group) return group;
      if (!/^[A-Z]{2}$/.test(c)) throw new Error(`airspace-restrictions.json: unknown country or group ${c}`);
      return [c];
    });
  for (const entry of [...raw.closed, ...raw.bans])
    if (!entry.sources?.length) throw new Error('airspace-restrictions.json: every entry needs its sources');
  const pairs = new Set<string>();
  for (const { between } of raw.bans) {
    const [left, right] = between.map(expand) as [string[], string[]];
    for (const a of left)
      for (const b of right) {
        pairs.add(`${a}|${b}`);
        pairs.add(`${b}|${a}`);
      }
  }
  return {
    closedCountries: new Set(raw.closed.map((c) => c.country)),
    banned: (a, b) => pairs.has(`${a}|${b}`),
  };
}

export interface BuildReport {
  network: Network;
  /** OpenFlights city name of each kept airport (English fallback for place-names.json). */
  airportCityNames: Map<string, string>;
  warnings: string[];
}

/** Pure transformation from the raw .dat texts to the network. */
export function buildNetwork(files: RawFiles): BuildReport {
  const warnings: string[] = [];
  // Countries: name -> ISO alpha-2 (first occurrence wins; duplicates such as India agree).
  const countryCode = new Map<string, string>();
  for (const r of parseDat(files.countries)) {
    const name = r[0];
    const code = r[1];
    if (name && code && /^[A-Z]{2}$/.test(code) && !countryCode.has(name)) countryCode.set(name, code);
  }
  // A few names used in airports/airlines.dat that differ from countries.dat.
  const countryAlias: Record<string, string> = {
    'Congo (Kinshasa)': 'CD',
    'Congo (Brazzaville)': 'CG',
    "Cote d'Ivoire": 'CI',
    Burma: 'MM',
    'East Timor': 'TL',
    Macau: 'MO',
    'Hong Kong': 'HK',
    'South Korea': 'KR',
    'North Korea': 'KP',
    'Czech Republic': 'CZ',
    Swaziland: 'SZ',
    Macedonia: 'MK',
    'Cape Verde': 'CV',
    'Virgin Islands': 'VI',
    'Faroe Islands': 'FO',
    'Saint Helena': 'SH',
    'Saint Pierre and Miquelon': 'PM',
    'Wallis and Futuna': 'WF',
    'West Bank': 'PS',
    'Midway Islands': 'UM',
    'Johnston Atoll': 'UM',
    'Wake Island': 'UM',
    Micronesia: 'FM',
    'Saint Kitts and Nevis': 'KN',
    'Saint Lucia': 'LC',
    'Saint Vincent and the Grenadines': 'VC',
    Kyrgyzstan: 'KG',
    Brunei: 'BN',
    Svalbard: 'SJ',
    'Republic of Korea': 'KR',
    "Democratic People's Republic of Korea": 'KP',
    'Hong Kong SAR of China': 'HK',
    'Lao Peoples Democratic Republic': 'LA',
    'Russian Federation': 'RU',
    'Canadian Territories': 'CA',
    'Republic of the Congo': 'CG',
  };
  // Rows whose country field is wrong or obsolete in the snapshot (Netherlands Antilles was dissolved in 2010;
  // a few airline rows have shifted fields).
  const airportCountryFix: Record<string, string> = { BON: 'BQ', EUX: 'BQ', SAB: 'BQ', CUR: 'CW', SXM: 'SX' };
  const airlineCountryFix: Record<string, string> = { AS: 'US', AV: 'CO', KA: 'HK' };
  const toCountry = (name: string | null): string | null => {
    if (!name) return null;
    const code = countryCode.get(name) ?? countryAlias[name] ?? null;
    return code === 'AN' ? 'CW' : code; // Netherlands Antilles (dissolved 2010): Curaçao
  };

  // Airports by OpenFlights id and by IATA.
  interface Ap {
    id: string;
    iata: string | null;
    name: string;
    city: string | null;
    country: string | null;
    lat: number;
    lon: number;
    tz: string | null;
  }
  const allAirports: Ap[] = [];
  const airportById = new Map<string, Ap>();
  const airportByIata = new Map<string, Ap>();
  for (const r of parseDat(files.airports)) {
    const id = r[0];
    if (!id) continue;
    const code = r[4];
    const iata = code && IATA3.test(code) ? code : null;
    const tz = r[11];
    const ap: Ap = {
      id,
      iata,
      name: r[1] ?? code ?? id,
      city: r[2] ?? null,
      country: (iata && airportCountryFix[iata]) ?? toCountry(r[3] ?? null),
      lat: Number(r[6]),
      lon: Number(r[7]),
      tz: tz && tz.includes('/') ? tz : null,
    };
    allAirports.push(ap);
    airportById.set(id, ap);
    if (!iata) continue;
    if (airportByIata.has(iata)) {
      warnings.push(`duplicate airport IATA ${iata}`);
      continue;
    }
    airportByIata.set(iata, ap);
  }
  // Some major airports (e.g. IST, DOH, HYD, ISB) have no tz in the snapshot: take the tz of the nearest
  // airport of the same country that has one, if it is within 300 km.
  const withTz = allAirports.filter((a) => a.tz && a.country);
  const inferredTz = new Set<Ap>();
  const inferTz = (ap: Ap): void => {
    if (ap.tz || !ap.country || inferredTz.has(ap)) return;
    inferredTz.add(ap);
    let best: Ap | undefined;
    let bestD = Infinity;
    for (const o of withTz) {
      if (o.country !== ap.country || o === ap) continue;
      const d = distanceKm(ap.lat, ap.lon, o.lat, o.lon);
      if (d < bestD) {
        bestD = d;
        best = o;
      }
    }
    if (best && bestD <= 300) {
      ap.tz = best.tz;
      warnings.push(`airport ${ap.iata ?? ap.id}: tz inferred as ${ap.tz} from ${best.iata ?? best.id}`);
    }
  };
  // A route names its airports by code and OpenFlights id; some airport rows lack the IATA code the routes use.
  const resolveAirport = (code: string, id: Field | undefined): Ap | undefined => {
    let ap = airportByIata.get(code);
    if (!ap && id && IATA3.test(code)) {
      const byId = airportById.get(id);
      if (byId && byId.iata === null) {
        byId.iata = code;
        airportByIata.set(code, byId);
        warnings.push(`airport id ${id} (${byId.name}): IATA ${code} taken from routes`);
        ap = byId;
      }
    }
    if (ap) inferTz(ap);
    return ap;
  };

  // Airlines: active with a 2-character IATA code.
  interface Al {
    id: string;
    iata: string;
    name: string;
    country: string | null;
  }
  const airlineById = new Map<string, Al>();
  const activeByIata = new Map<string, Al[]>();
  for (const r of parseDat(files.airlines)) {
    const id = r[0];
    const iata = r[3];
    if (!id || r[7] !== 'Y' || !iata || !IATA2.test(iata)) continue;
    const al: Al = {
      id,
      iata,
      name: r[1] ?? iata,
      country: airlineCountryFix[iata] ?? toCountry(r[6] ?? null),
    };
    airlineById.set(id, al);
    const list = activeByIata.get(iata) ?? [];
    list.push(al);
    activeByIata.set(iata, list);
  }

  // Routes (none of an airline that has ceased flying: they would be sold as real flights).
  const ceased = files.ceasedAirlines ? parseCeasedAirlines(files.ceasedAirlines) : new Set<string>();
  const restrictions = files.airspaceRestrictions
    ? parseAirspaceRestrictions(files.airspaceRestrictions)
    : null;
  // Airports whose every route crosses a closure or a ban stay as places (a search there says "no connection").
  const restrictedAirports = new Set<string>();
  const routeKeys = new Set<string>();
  const routes: RouteRow[] = [];
  const usedAirlines = new Map<string, Map<string, number>>(); // iata -> airline id -> route count
  for (const r of parseDat(files.routes)) {
    const [alCode, alId, src, srcId, dst, dstId, , stops, equipment] = r;
    if (stops !== '0') continue;
    if (!alCode || !src || !dst || src === dst || ceased.has(alCode)) continue;
    let al: Al | undefined;
    if (alId) al = airlineById.get(alId);
    if (!al && !alId) {
      const cands = activeByIata.get(alCode);
      if (cands && cands.length === 1) al = cands[0];
    }
    if (!al || al.iata !== alCode) continue;
    const o = resolveAirport(src, srcId);
    const d = resolveAirport(dst, dstId);
    if (!o || !d || !o.tz || !d.tz) continue;
    // Countries, not airline nationality: OpenFlights mislabels some airlines' countries (ADR 0009).
    if (
      restrictions &&
      o.country &&
      d.country &&
      (restrictions.closedCountries.has(o.country) ||
        restrictions.closedCountries.has(d.country) ||
        restrictions.banned(o.country, d.country))
    ) {
      restrictedAirports.add(src).add(dst);
      continue;
    }
    const eq = (equipment ?? '').trim().split(/\s+/).filter(Boolean).join(' ');
    const key = `${alCode}|${src}|${dst}|${eq}`;
    if (routeKeys.has(key)) continue;
    routeKeys.add(key);
    routes.push([alCode, src, dst, eq]);
    const byId = usedAirlines.get(alCode) ?? new Map<string, number>();
    byId.set(al.id, (byId.get(al.id) ?? 0) + 1);
    usedAirlines.set(alCode, byId);
  }
  routes.sort(cmpTuple);

  // Airlines actually used; if two active airlines share an IATA code, keep the one with more routes.
  const airlines: AirlineRow[] = [];
  for (const [iata, byId] of usedAirlines) {
    let best: Al | undefined;
    let bestN = -1;
    for (const [id, n] of [...byId].sort((a, b) => cmpStr(a[0], b[0]))) {
      if (n > bestN) {
        best = airlineById.get(id);
        bestN = n;
      }
    }
    if (byId.size > 1)
      warnings.push(`airline IATA ${iata} shared by ${byId.size} active airlines; kept ${best?.name}`);
    if (best) airlines.push([iata, best.name, best.country]);
  }
  airlines.sort((a, b) => cmpStr(a[0], b[0]));

  // Airports used by routes, and those that lost their routes to a closure or a ban.
  const used = new Set<string>(restrictedAirports);
  for (const [, o, d] of routes) {
    used.add(o);
    used.add(d);
  }
  const cityMap = buildCityMap();
  const airports: AirportRow[] = [];
  const airportCityNames = new Map<string, string>();
  for (const iata of [...used].sort()) {
    const ap = airportByIata.get(iata)!;
    if (ap.city) airportCityNames.set(iata, ap.city);
    if (!ap.country) warnings.push(`airport ${iata}: unknown country`);
    airports.push([
      iata,
      ap.name,
      cityMap.get(iata) ?? iata,
      ap.country ?? 'ZZ',
      round4(ap.lat),
      round4(ap.lon),
      ap.tz!,
    ]);
  }

  // Aircraft: IATA code -> name (first occurrence wins).
  const aircraftMap = new Map<string, string>();
  for (const r of parseDat(files.planes)) {
    const name = r[0];
    const iata = r[1];
    if (!name || !iata || !/^[A-Z0-9]{3}$/.test(iata)) continue;
    if (!aircraftMap.has(iata)) aircraftMap.set(iata, name);
  }
  for (const [iata, name] of Object.entries(EXTRA_AIRCRAFT_NAMES))
    if (!aircraftMap.has(iata)) aircraftMap.set(iata, name);
  const aircraft: AircraftRow[] = [...aircraftMap].sort((a, b) => cmpStr(a[0], b[0]));

  return {
    network: { version: 1, source: 'OpenFlights snapshot (ODbL 1.0)', airports, airlines, routes, aircraft },
    airportCityNames,
    warnings,
  };
}

/** Compact JSON with one record per line so diffs stay readable. */
export function serializeNetwork(n: Network): string {
  const arr = (rows: readonly unknown[]): string =>
    '[\n' + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]';
  return (
    '{"version":1,\n"source":' +
    JSON.stringify(n.source) +
    ',\n"airports":' +
    arr(n.airports) +
    ',\n"airlines":' +
    arr(n.airlines) +
    ',\n"routes":' +
    arr(n.routes) +
    ',\n"aircraft":' +
    arr(n.aircraft) +
    '}\n'
  );
}

// ---------------------------------------------------------------------------------------------------------
// data/place-names.json: { cities: { CODE: { en, ru?, uz?, tr? } }, countries: { XX: { en, ru, uz, tr } } }
// City entries with ru/uz/tr are curated by hand in the file and kept as they are; every other city of the
// network gets an English-only entry from OpenFlights' city name. Country names are generated with
// Intl.DisplayNames (ICU data of Node), with the overrides below.

// The languages of place names: core's list, which a test ties to the site's LOCALES.
export { PLACE_LANGS, type PlaceLang };
export type LocalizedName = { en: string } & Partial<Record<PlaceLang, string>>;
export interface PlaceNames {
  cities: Record<string, LocalizedName>;
  countries: Record<string, Record<PlaceLang, string>>;
}

/** Shorter or more usual forms than ICU's. */
export const COUNTRY_NAME_OVERRIDES: Record<string, Partial<Record<PlaceLang, string>>> = {
  US: { ru: 'США', uz: 'AQSH' },
  GB: { uz: 'Buyuk Britaniya' },
  KR: { ru: 'Южная Корея' },
  HK: { en: 'Hong Kong', ru: 'Гонконг', uz: 'Gonkong', tr: 'Hong Kong' },
  MO: { en: 'Macau', ru: 'Макао', uz: 'Makao', tr: 'Makao' },
  MM: { en: 'Myanmar', ru: 'Мьянма', uz: 'Myanma', tr: 'Myanmar' },
  PS: { en: 'Palestine', ru: 'Палестина', uz: 'Falastin', tr: 'Filistin' },
  CD: { en: 'DR Congo', ru: 'ДР Конго', uz: 'Kongo Demokratik Respublikasi', tr: 'Kongo DC' },
  ZA: { ru: 'ЮАР' },
  CG: { en: 'Congo', ru: 'Республика Конго', uz: 'Kongo Respublikasi', tr: 'Kongo' },
  SZ: { uz: 'Esvatini' },
  UM: { en: 'U.S. Outlying Islands' },
};

/**
 * ICU's Uzbek data mixes ‘ ’ with the proper letters: oʻ and gʻ take U+02BB (ʻ), the tutuq belgisi
 * (e.g. Nomaʼlum) takes U+02BC (ʼ).
 */
export function fixUzbekApostrophes(s: string): string {
  return s
    .replace(/\u2018/g, '\u02BB')
    .replace(/\u2019/g, '\u02BC')
    .replace(/([OoGg])['`]/g, '$1\u02BB')
    .replace(/['`]/g, '\u02BC');
}

export function countryNames(codes: Iterable<string>): PlaceNames['countries'] {
  const dn = Object.fromEntries(
    PLACE_LANGS.map((l) => [l, new Intl.DisplayNames([l], { type: 'region', fallback: 'code' })]),
  ) as Record<PlaceLang, Intl.DisplayNames>;
  const out: PlaceNames['countries'] = {};
  for (const code of [...new Set(codes)].sort()) {
    const e = {} as Record<PlaceLang, string>;
    for (const l of PLACE_LANGS) {
      const name = COUNTRY_NAME_OVERRIDES[code]?.[l] ?? dn[l].of(code) ?? code;
      e[l] =
        l === 'uz'
          ? fixUzbekApostrophes(name)
          : l === 'ru'
            ? name
                .replace(/(^|\s)о-ва(?=\s|$)/g, '$1острова')
                .replace(/(^|\s)о-в(?=\s|$)/g, '$1остров')
                .replace(/^./, (c) => c.toUpperCase())
            : name;
    }
    out[code] = e;
  }
  return out;
}

export function buildPlaceNames(
  network: Network,
  airportCityNames: Map<string, string>,
  existing: PlaceNames | null,
): PlaceNames {
  const routeCount = new Map<string, number>();
  for (const [, o, d] of network.routes) {
    routeCount.set(o, (routeCount.get(o) ?? 0) + 1);
    routeCount.set(d, (routeCount.get(d) ?? 0) + 1);
  }
  // English fallback: the OpenFlights city name of the city's busiest airport.
  const fallback = new Map<string, { name: string; n: number }>();
  for (const [iata, , city] of network.airports) {
    const name = airportCityNames.get(iata);
    if (!name) continue;
    const n = routeCount.get(iata) ?? 0;
    const cur = fallback.get(city);
    if (!cur || n > cur.n) fallback.set(city, { name, n });
  }
  const cities: PlaceNames['cities'] = {};
  const networkCities = new Set(network.airports.map((a) => a[2]));
  for (const [code, entry] of Object.entries(existing?.cities ?? {})) {
    const curated = PLACE_LANGS.some((l) => l !== 'en' && entry[l]);
    if (curated) cities[code] = entry;
  }
  for (const code of networkCities) {
    if (cities[code]) continue;
    let en = fallback.get(code)?.name ?? code;
    // A few OpenFlights city names are in capitals ("MONTGOMERY").
    if (/[A-Z]{3}/.test(en) && en === en.toUpperCase())
      en = en.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());
    cities[code] = { en };
  }
  const sortedCities: PlaceNames['cities'] = {};
  for (const code of Object.keys(cities).sort()) {
    const e = cities[code]!;
    const ordered = { en: e.en } as LocalizedName;
    for (const l of PLACE_LANGS) if (e[l]) ordered[l] = e[l];
    if (ordered.uz) ordered.uz = fixUzbekApostrophes(ordered.uz);
    sortedCities[code] = ordered;
  }
  const countryCodes = [
    ...network.airports.map((a) => a[3]),
    ...network.airlines.flatMap((a) => (a[2] ? [a[2]] : [])),
  ];
  return { cities: sortedCities, countries: countryNames(countryCodes) };
}

export function serializePlaceNames(p: PlaceNames): string {
  const obj = (rec: Record<string, unknown>): string =>
    '{\n' +
    Object.entries(rec)
      .map(([k, v]) => JSON.stringify(k) + ':' + JSON.stringify(v))
      .join(',\n') +
    '\n}';
  return '{"cities":' + obj(p.cities) + ',\n"countries":' + obj(p.countries) + '}\n';
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const src = resolve(root, '../shared/data/openflights');
  const read = (f: string): string => readFileSync(join(src, f), 'utf8');
  const { network, airportCityNames, warnings } = buildNetwork({
    airports: read('airports.dat'),
    airlines: read('airlines.dat'),
    routes: read('routes.dat'),
    planes: read('planes.dat'),
    countries: read('countries.dat'),
    ceasedAirlines: readFileSync(join(root, 'data/ceased-airlines.csv'), 'utf8'),
    airspaceRestrictions: readFileSync(join(root, 'data/airspace-restrictions.json'), 'utf8'),
  });
  const out = join(root, 'data');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'network.json'), serializeNetwork(network));
  writeFileSync(join(out, 'LICENSE'), read('LICENSE'));
  const namesFile = join(out, 'place-names.json');
  const existing = existsSync(namesFile) ? (JSON.parse(readFileSync(namesFile, 'utf8')) as PlaceNames) : null;
  const placeNames = buildPlaceNames(network, airportCityNames, existing);
  writeFileSync(namesFile, serializePlaceNames(placeNames));
  writeFileSync(
    join(out, 'ATTRIBUTION.md'),
    '# Attribution\n\n' +
      'The airport, airline, route and aircraft data in `network.json` is derived from the ' +
      '[OpenFlights](https://openflights.org/data.php) database snapshot and is made available under the ' +
      'Open Database License (ODbL) 1.0 (see `LICENSE` in this folder). Place names in `place-names.json` ' +
      'were added by the Parvoz project. Airlines listed in `ceased-airlines.csv` (each with the public ' +
      'source of its end) are left out of the network: OpenFlights still marks them active. Routes that start ' +
      "or end in a closed airspace or join two countries that ban each other's flights " +
      '(`airspace-restrictions.json`, each entry with its official sources) are left out too.\n',
  );
  if (process.argv.includes('--verbose')) for (const w of warnings) console.warn('note:', w);
  else if (warnings.length)
    console.warn(
      `${warnings.length} data notes (tz inferred, codes repaired); run with --verbose to list them`,
    );
  const cities = new Set(network.airports.map((a) => a[2]));
  console.log(
    `network.json: ${network.airports.length} airports (${cities.size} cities), ${network.airlines.length} airlines, ` +
      `${network.routes.length} routes, ${network.aircraft.length} aircraft types`,
  );
  const translated = Object.values(placeNames.cities).filter((c) => c.ru && c.uz && c.tr).length;
  console.log(
    `place-names.json: ${Object.keys(placeNames.cities).length} cities (${translated} in en/ru/uz/tr), ` +
      `${Object.keys(placeNames.countries).length} countries`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
