import { readFileSync } from 'node:fs';
import { test, expect } from 'vitest';
import {
  parseAirspaceRestrictions,
  parseCeasedAirlines,
  parseCsvLine,
  type Network,
  parseDat,
  buildNetwork,
  serializeNetwork,
  buildPlaceNames,
  serializePlaceNames,
  fixUzbekApostrophes,
} from './build-network.ts';

test('parses quoted fields with commas, \\N as null, empty fields', () => {
  expect(parseCsvLine('1,"Private flight",\\N,"-","N/A","","","Y"')).toEqual([
    '1',
    'Private flight',
    null,
    '-',
    'N/A',
    '',
    '',
    'Y',
  ]);
  expect(parseCsvLine('"Bonaire, Saint Eustatius and Saba","BQ",""')).toEqual([
    'Bonaire, Saint Eustatius and Saba',
    'BQ',
    '',
  ]);
  expect(parseCsvLine('2B,410,AER,2965,KZN,2990,,0,CR2')).toEqual([
    '2B',
    '410',
    'AER',
    '2965',
    'KZN',
    '2990',
    '',
    '0',
    'CR2',
  ]);
  expect(parseCsvLine('a,"say ""hi""",b')).toEqual(['a', 'say "hi"', 'b']);
  expect(parseCsvLine('a,"x \\"y\\" z",b')).toEqual(['a', 'x "y" z', 'b']);
  expect(parseCsvLine('a,')).toEqual(['a', '']);
  expect(parseDat('a,b\r\n\r\n"c,d",\\N\n')).toEqual([
    ['a', 'b'],
    ['c,d', null],
  ]);
});

test('builds a small network: filters, city codes, countries, sorting, dedup', () => {
  const airports = [
    '1,"Tashkent International Airport","Tashkent","Uzbekistan","TAS","UTTT",41.257900238,69.2811965942,1417,5,"U","Asia/Samarkand","airport","OurAirports"',
    '2,"Sabiha Gökçen International Airport","Istanbul","Turkey","SAW","LTFJ",40.898601532,29.3092002869,312,3,"E","Europe/Istanbul","airport","OurAirports"',
    '3,"Nowhere, Field","Nowhere","Turkey","NWH","LTXX",40,29,1,3,"E",\\N,"airport","OurAirports"',
    '5,"Far Away","Far","Turkey","FAR","LTXZ",60,10,1,3,"E",\\N,"airport","OurAirports"',
    '4,"Unused","Unused","Turkey","UNU","LTXY",36,44,1,3,"E","Europe/Istanbul","airport","OurAirports"',
  ].join('\n');
  const airlines = [
    '1,"Uzbekistan Airways",\\N,"HY","UZB","UZBEK","Uzbekistan","Y"',
    '2,"Dead Air",\\N,"DD","DDD","DEAD","Turkey","N"',
  ].join('\n');
  const routes = [
    'HY,1,TAS,1,SAW,2,,0,320 321',
    'HY,1,TAS,1,SAW,2,,0,320 321',
    'HY,1,SAW,2,TAS,1,,1,320',
    'DD,2,TAS,1,SAW,2,,0,320',
    'HY,1,TAS,1,NWH,3,,0,320',
    'HY,1,SAW,2,TAS,1,,0,',
    'HY,1,SAW,2,FAR,5,,0,320',
  ].join('\n');
  const planes = '"Airbus A320","320","A320"\n"Airbus A321","321","A321"\n"Mystery",\\N,"MYST"';
  const countries = '"Uzbekistan","UZ","UZ"\n"Turkey","TR","TU"';
  const { network } = buildNetwork({ airports, airlines, routes, planes, countries });
  // NWH has no tz: taken from the nearest airport of the same country (SAW); FAR has none near: dropped.
  expect(network.airports).toEqual([
    ['NWH', 'Nowhere, Field', 'NWH', 'TR', 40, 29, 'Europe/Istanbul'],
    ['SAW', 'Sabiha Gökçen International Airport', 'IST', 'TR', 40.8986, 29.3092, 'Europe/Istanbul'],
    ['TAS', 'Tashkent International Airport', 'TAS', 'UZ', 41.2579, 69.2812, 'Asia/Samarkand'],
  ]);
  expect(network.airlines).toEqual([['HY', 'Uzbekistan Airways', 'UZ']]);
  expect(network.routes).toEqual([
    ['HY', 'SAW', 'TAS', ''],
    ['HY', 'TAS', 'NWH', '320'],
    ['HY', 'TAS', 'SAW', '320 321'],
  ]);
  expect(network.aircraft.find((a) => a[0] === '320')).toEqual(['320', 'Airbus A320']);
  expect(JSON.parse(serializeNetwork(network))).toEqual(network);
});

test('place names: curated entries kept, English fallback for the rest, countries from Intl', () => {
  const network = {
    version: 1 as const,
    source: 'test',
    airports: [
      ['SAW', 'Sabiha Gökçen International Airport', 'IST', 'TR', 40.9, 29.3, 'Europe/Istanbul'],
      ['MGM', 'Montgomery Regional Airport', 'MGM', 'US', 32.3, -86.4, 'America/Chicago'],
    ] as [string, string, string, string, number, number, string][],
    airlines: [['HY', 'Uzbekistan Airways', 'UZ']] as [string, string, string | null][],
    routes: [['HY', 'SAW', 'MGM', '']] as [string, string, string, string][],
    aircraft: [],
  };
  const existing = {
    cities: {
      IST: { en: 'Istanbul', ru: 'Стамбул', uz: 'Istanbul', tr: 'İstanbul' },
      OLD: { en: 'Stale English-only entry' },
    },
    countries: {},
  };
  const p = buildPlaceNames(network, new Map([['MGM', 'MONTGOMERY']]), existing);
  expect(p.cities).toEqual({
    IST: { en: 'Istanbul', ru: 'Стамбул', uz: 'Istanbul', tr: 'İstanbul' },
    MGM: { en: 'Montgomery' },
  });
  expect(Object.keys(p.countries)).toEqual(['TR', 'US', 'UZ']);
  expect(p.countries['UZ']).toEqual({
    en: 'Uzbekistan',
    ru: 'Узбекистан',
    uz: 'Oʻzbekiston',
    tr: 'Özbekistan',
  });
  expect(p.countries['US']?.ru).toBe('США');
  expect(JSON.parse(serializePlaceNames(p))).toEqual(p);
});

test('Uzbek apostrophes: oʻ/gʻ take U+02BB, the tutuq belgisi U+02BC', () => {
  expect(fixUzbekApostrophes("O'zbekiston")).toBe('Oʻzbekiston');
  expect(fixUzbekApostrophes('Amerika Qo‘shma Shtatlari')).toBe('Amerika Qoʻshma Shtatlari');
  expect(fixUzbekApostrophes('Noma’lum')).toBe('Nomaʼlum');
  expect(fixUzbekApostrophes("Farg'ona")).toBe('Fargʻona');
});

test('airlines of data/ceased-airlines.csv are not in the network, and the list is well formed', () => {
  const csv = readFileSync(new URL('../data/ceased-airlines.csv', import.meta.url), 'utf8');
  const rows = csv.trim().split('\n').slice(1).map(parseCsvLine);
  for (const row of rows) {
    expect(row, row.join(',')).toHaveLength(5);
    const [iata, name, ceased, , source] = row;
    expect(iata).toMatch(/^[A-Z0-9]{2}$/);
    expect(name).toBeTruthy();
    expect(ceased).toMatch(/^(19|20)\d\d-\d\d$/);
    expect(source).toMatch(/^https:\/\/en\.wikipedia\.org\/wiki\//);
  }
  const codes = parseCeasedAirlines(csv);
  expect(codes.size).toBe(rows.length);
  // The examples.
  for (const code of ['AZ', 'UN']) expect(codes.has(code)).toBe(true);
  const network = JSON.parse(
    readFileSync(new URL('../data/network.json', import.meta.url), 'utf8'),
  ) as Network;
  expect(network.airlines.filter(([iata]) => codes.has(iata))).toEqual([]);
  expect(network.routes.filter(([iata]) => codes.has(iata))).toEqual([]);
});

test('a ceased airline listed in the csv loses its routes when the network is built', () => {
  const airports = [
    '1,"Tashkent International Airport","Tashkent","Uzbekistan","TAS","UTTT",41.2579,69.2811,1417,5,"U","Asia/Samarkand","airport","OurAirports"',
    '2,"Vnukovo","Moscow","Russia","VKO","UUWW",55.59,37.26,685,3,"N","Europe/Moscow","airport","OurAirports"',
  ].join('\n');
  const airlines = [
    '1,"Uzbekistan Airways",\\N,"HY","UZB","UZBEK","Uzbekistan","Y"',
    '2,"Transaero Airlines",\\N,"UN","TSO","TRANSOVIET","Russia","Y"',
  ].join('\n');
  const routes = ['HY,1,TAS,1,VKO,2,,0,320', 'UN,2,TAS,1,VKO,2,,0,738'].join('\n');
  const files = {
    airports,
    airlines,
    routes,
    planes: '',
    countries: '"Uzbekistan","UZ","UZ"\n"Russia","RU","RS"',
  };
  expect(buildNetwork(files).network.airlines.map((a) => a[0])).toEqual(['HY', 'UN']);
  const ceasedAirlines =
    'iata,name,ceased,note,source\nUN,Transaero Airlines,2015-10,ceased,https://en.wikipedia.org/wiki/Transaero\n';
  const { network } = buildNetwork({ ...files, ceasedAirlines });
  expect(network.airlines.map((a) => a[0])).toEqual(['HY']);
  expect(network.routes).toEqual([['HY', 'TAS', 'VKO', '320']]);
});

const restrictionsText = readFileSync(new URL('../data/airspace-restrictions.json', import.meta.url), 'utf8');

test('data/airspace-restrictions.json is well formed: every closure and ban has a date and its sources', () => {
  const r = parseAirspaceRestrictions(restrictionsText);
  expect(r.closedCountries.has('UA')).toBe(true);
  expect(r.banned('RU', 'DE')).toBe(true);
  expect(r.banned('FR', 'RU')).toBe(true);
  expect(r.banned('RU', 'TR')).toBe(false);
  expect(r.banned('UZ', 'DE')).toBe(false);
  const raw = JSON.parse(restrictionsText) as {
    closed: { country: string; since: string; sources: string[] }[];
    bans: { between: string[][]; since: string; sources: string[] }[];
  };
  for (const entry of [...raw.closed, ...raw.bans]) {
    expect(entry.since).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(entry.sources.length).toBeGreaterThan(0);
    for (const s of entry.sources) expect(s).toMatch(/\(https:\/\/[^)]+\)$/);
  }
});

test('the built network sells nothing from Ukraine nor between Russia and the EU; other routes stay', () => {
  const network = JSON.parse(
    readFileSync(new URL('../data/network.json', import.meta.url), 'utf8'),
  ) as Network;
  const country = new Map(network.airports.map((a) => [a[0], a[3]]));
  const city = new Map(network.airports.map((a) => [a[0], a[2]]));
  const touches = (code: string) => network.routes.filter(([, o, d]) => o === code || d === code);
  // Kyiv stays a known place (a search says "no connection"), with no route.
  expect(city.get('KBP')).toBe('IEV');
  expect(touches('KBP')).toEqual([]);
  expect(touches('IEV')).toEqual([]);
  expect(network.routes.filter(([, o, d]) => country.get(o) === 'UA' || country.get(d) === 'UA')).toEqual([]);
  const eu = new Set(['DE', 'FR', 'IT', 'ES', 'NL', 'AT', 'FI', 'PL', 'CZ', 'LV', 'CY', 'GR']);
  const ruEu = network.routes.filter(([, o, d]) => {
    const pair = [country.get(o), country.get(d)];
    return pair.includes('RU') && pair.some((c) => c && eu.has(c));
  });
  expect(ruEu).toEqual([]);
  const pair = (a: string, b: string) => network.routes.filter(([, o, d]) => o === a && d === b);
  expect(pair('SVO', 'FRA')).toEqual([]);
  expect(pair('IST', 'KBP')).toEqual([]);
  // Flights that do fly stay: Tashkent–Istanbul, Moscow–Istanbul, Moscow–Tashkent, Istanbul–Frankfurt.
  expect(pair('TAS', 'IST').length).toBeGreaterThan(0);
  expect(pair('IST', 'TAS').length).toBeGreaterThan(0);
  expect(pair('SVO', 'IST').length).toBeGreaterThan(0);
  expect(pair('SVO', 'TAS').length).toBeGreaterThan(0);
  expect(pair('IST', 'FRA').length).toBeGreaterThan(0);
});

test('a closed country and a banned pair lose their routes when the network is built', () => {
  const airports = [
    '1,"Tashkent International Airport","Tashkent","Uzbekistan","TAS","UTTT",41.2579,69.2811,1417,5,"U","Asia/Samarkand","airport","OurAirports"',
    '2,"Sheremetyevo","Moscow","Russia","SVO","UUEE",55.97,37.41,622,3,"N","Europe/Moscow","airport","OurAirports"',
    '3,"Frankfurt am Main","Frankfurt","Germany","FRA","EDDF",50.03,8.57,364,1,"E","Europe/Berlin","airport","OurAirports"',
    '4,"Boryspil","Kiev","Ukraine","KBP","UKBB",50.34,30.89,427,2,"E","Europe/Kiev","airport","OurAirports"',
  ].join('\n');
  const airlines = [
    '1,"Uzbekistan Airways",\\N,"HY","UZB","UZBEK","Uzbekistan","Y"',
    '2,"Aeroflot",\\N,"SU","AFL","AEROFLOT","Russia","Y"',
  ].join('\n');
  const routes = [
    'HY,1,TAS,1,SVO,2,,0,320',
    'HY,1,TAS,1,FRA,3,,0,320',
    'HY,1,TAS,1,KBP,4,,0,320',
    'HY,1,KBP,4,TAS,1,,0,320',
    'SU,2,SVO,2,FRA,3,,0,320',
    'SU,2,FRA,3,SVO,2,,0,320',
  ].join('\n');
  const files = {
    airports,
    airlines,
    routes,
    planes: '',
    countries: '"Uzbekistan","UZ","UZ"\n"Russia","RU","RS"\n"Germany","DE","GM"\n"Ukraine","UA","UP"',
  };
  expect(buildNetwork(files).network.routes).toHaveLength(6);
  const { network } = buildNetwork({ ...files, airspaceRestrictions: restrictionsText });
  expect(network.routes).toEqual([
    ['HY', 'TAS', 'FRA', '320'],
    ['HY', 'TAS', 'SVO', '320'],
  ]);
  // KBP keeps its airport row, so Kyiv is still a place a traveller can search (and be told there is no flight).
  expect(network.airports.map((a) => a[0])).toEqual(['FRA', 'KBP', 'SVO', 'TAS']);
});
