import { test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildPlaceIndex,
  searchPlaces,
  getPlace,
  cityOfAirport,
  foldText,
  transliterate,
  withinOneEdit,
} from './places.ts';
import type { NetworkData, PlaceNamesData, PlaceResult } from './places.ts';

const dataDir = fileURLToPath(new URL('../../../data/', import.meta.url));
const network = JSON.parse(readFileSync(dataDir + 'network.json', 'utf8')) as NetworkData;
const names = JSON.parse(readFileSync(dataDir + 'place-names.json', 'utf8')) as PlaceNamesData;
const index = buildPlaceIndex(network, names);

const codes = (r: PlaceResult[]): string[] => r.map((p) => p.code);

test('normalization folds case, diacritics, Turkish and Uzbek letters, ё', () => {
  expect(foldText('İSTANBUL')).toBe('istanbul');
  expect(foldText('Kırıkkale Şişli Ağrı Çanakkale Göreme Üsküdar')).toBe(
    'kirikkale sisli agri canakkale goreme uskudar',
  );
  expect(foldText('Oʻzbekiston')).toBe('ozbekiston');
  expect(foldText("Farg'ona")).toBe('fargona');
  expect(foldText('Нью-Йорк')).toBe(foldText('нью йорк'));
  expect(foldText('Шахтёрск')).toBe(foldText('шахтерск'));
  expect(transliterate('Ташкент')).toBe('tashkent');
  expect(transliterate('Хабаровск')).toBe('khabarovsk');
  expect(transliterate('Шахтёрск')).toBe('shakhtersk');
});

test('withinOneEdit: substitution, insertion, deletion, transposition; prefixes', () => {
  expect(withinOneEdit('tashkemt', 'tashkent')).toBe(true);
  expect(withinOneEdit('istambul', 'istanbul')).toBe(true);
  expect(withinOneEdit('tashkent', 'tahskent')).toBe(true);
  expect(withinOneEdit('tashket', 'tashkent')).toBe(true);
  expect(withinOneEdit('tashkennt', 'tashkent')).toBe(true);
  expect(withinOneEdit('tashkent', 'tashkent')).toBe(true);
  expect(withinOneEdit('tashmemt', 'tashkent')).toBe(false);
  expect(withinOneEdit('abc', 'bca')).toBe(false);
  expect(withinOneEdit('frankfrt', 'frankfurt hahn', 9)).toBe(true);
  expect(withinOneEdit('frankfrt', 'frankfurt hahn', 8)).toBe(false);
});

test('Tashkent in every language, transliterated, partial and mistyped', () => {
  for (const q of [
    'Tashkent',
    'Ташкент',
    'Toshkent',
    'Taşkent',
    'tashk',
    'ташк',
    'TASHKENT',
    'taskent',
    'Tashkemt',
    'Tashkend',
    'TAS',
  ]) {
    const r = searchPlaces(index, q, { lang: 'en' });
    expect(r[0]?.code, q).toBe('TAS');
    expect(r[0]?.type).toBe('city');
    expect(r[0]?.country_code).toBe('UZ');
  }
});

test('Moscow in four languages: MOW with SVO, DME and VKO', () => {
  for (const [q, lang, name] of [
    ['Moscow', 'en', 'Moscow'],
    ['Москва', 'ru', 'Москва'],
    ['Moskva', 'uz', 'Moskva'],
    ['Moskova', 'tr', 'Moskova'],
  ] as const) {
    const r = searchPlaces(index, q, { lang });
    expect(r[0]?.code, q).toBe('MOW');
    expect(r[0]?.type).toBe('city');
    expect(r[0]?.name).toBe(name);
    expect(r[0]?.airports.map((a) => a.code).sort()).toEqual(expect.arrayContaining(['DME', 'SVO', 'VKO']));
  }
});

test('"IST" gives Istanbul with IST and SAW; "SAW" gives Sabiha Gökçen first, then Istanbul', () => {
  const ist = searchPlaces(index, 'IST');
  expect(ist[0]).toMatchObject({ type: 'city', code: 'IST', city_code: 'IST', country_code: 'TR' });
  expect(ist[0]?.airports.map((a) => a.code).sort()).toEqual(['IST', 'SAW']);
  expect(searchPlaces(index, 'ist')[0]?.code).toBe('IST');

  const saw = searchPlaces(index, 'SAW');
  expect(saw[0]).toMatchObject({ type: 'airport', code: 'SAW', city_code: 'IST', country_code: 'TR' });
  expect(saw[0]?.name).toMatch(/Sabiha/);
  expect(saw[1]).toMatchObject({ type: 'city', code: 'IST' });
});

test('an exact airport code of a single-airport city returns the city', () => {
  const r = searchPlaces(index, 'GYD');
  expect(r[0]).toMatchObject({ type: 'city', code: 'BAK', name: 'Baku' });
  expect(r[0]?.airports.map((a) => a.code)).toEqual(['GYD']);
});

test('airport names find the airport, followed by its city', () => {
  const r = searchPlaces(index, 'Heathrow');
  expect(r[0]).toMatchObject({ type: 'airport', code: 'LHR', city_code: 'LON' });
  expect(r[1]).toMatchObject({ type: 'city', code: 'LON' });
  expect(searchPlaces(index, 'sheremetyevo')[0]?.code).toBe('SVO');
});

test('typos: one edit on names of four or more letters', () => {
  expect(searchPlaces(index, 'Istambul')[0]?.code).toBe('IST');
  expect(searchPlaces(index, 'Tashkemt')[0]?.code).toBe('TAS');
  expect(searchPlaces(index, 'Frankfrut')[0]?.code).toBe('FRA');
  expect(searchPlaces(index, 'Samarqnad', { lang: 'uz' })[0]).toMatchObject({
    code: 'SKD',
    name: 'Samarqand',
  });
  // Exact and prefix matches rank above typos.
  const paris = searchPlaces(index, 'Paris');
  expect(paris[0]?.code).toBe('PAR');
});

test('ranking: exact code, then exact name, then prefix; busier cities first', () => {
  const lon = searchPlaces(index, 'London');
  expect(lon[0]?.code).toBe('LON');
  expect(codes(lon)).toContain('YXU'); // London, Ontario: same name, fewer routes
  const san = searchPlaces(index, 'san', { limit: 20 });
  const sfo = codes(san).indexOf('SFO');
  expect(sfo).toBeGreaterThanOrEqual(0);
  const ny = searchPlaces(index, 'new y');
  expect(ny[0]?.code).toBe('NYC');
  expect(searchPlaces(index, 'york')[0]?.code).toBe('NYC');
});

test('empty query gives nothing; limit is respected and clamped', () => {
  expect(searchPlaces(index, '')).toEqual([]);
  expect(searchPlaces(index, '   ')).toEqual([]);
  expect(searchPlaces(index, '--')).toEqual([]);
  expect(searchPlaces(index, 'a')).toHaveLength(8);
  expect(searchPlaces(index, 'a', { limit: 3 })).toHaveLength(3);
  expect(searchPlaces(index, 'a', { limit: 100 })).toHaveLength(20);
  expect(searchPlaces(index, 'a', { limit: 0 })).toHaveLength(1);
  expect(searchPlaces(index, 'qxzjv')).toEqual([]);
});

test('names come back in the requested language, unknown languages fall back to English', () => {
  for (const [query, lang, name, country_name] of [
    ['TAS', 'ru', 'Ташкент', 'Узбекистан'],
    ['TAS', 'uz', 'Toshkent', 'Oʻzbekiston'],
    ['TAS', 'tr', 'Taşkent', 'Özbekistan'],
    ['Ташкент', 'en', 'Tashkent', 'Uzbekistan'],
  ] as const)
    expect(searchPlaces(index, query, { lang })[0]).toMatchObject({ name, country_name });
  expect(searchPlaces(index, 'Стамбул', { lang: 'de' })[0]).toMatchObject({ code: 'IST', name: 'Istanbul' });
  expect(searchPlaces(index, 'Istanbul', { lang: 'tr' })[0]?.name).toBe('İstanbul');
  // A city without a translation falls back to English in every language.
  const aal = searchPlaces(index, 'AAL', { lang: 'ru' })[0];
  expect(aal?.name).toBe(names.cities['AAL']?.en);
});

test('getPlace and cityOfAirport', () => {
  expect(getPlace(index, 'MOW', 'ru')).toMatchObject({ type: 'city', code: 'MOW', name: 'Москва' });
  expect(getPlace(index, 'svo')).toMatchObject({ type: 'airport', code: 'SVO', city_code: 'MOW' });
  expect(getPlace(index, 'TAS')).toMatchObject({ type: 'city', code: 'TAS' });
  expect(getPlace(index, 'ZZZ')).toBeNull();
  expect(cityOfAirport(index, 'SAW')).toBe('IST');
  expect(cityOfAirport(index, 'LGW')).toBe('LON');
  expect(cityOfAirport(index, 'TAS')).toBe('TAS');
  expect(cityOfAirport(index, 'ZZZ')).toBeNull();
});

test('place-names.json covers the CIS and Turkey in all four languages with proper Uzbek letters', () => {
  const want = new Set(['UZ', 'TR', 'KZ', 'KG', 'TJ', 'TM', 'AZ', 'GE', 'RU']);
  for (const city of index.cities.values()) {
    if (!want.has(city.countryCode)) continue;
    for (const l of ['en', 'ru', 'uz', 'tr'] as const)
      expect(city.names[l], `${city.code} ${l}`).toBeTruthy();
  }
  for (const c of Object.values(names.cities)) {
    if (c.uz) expect(c.uz).not.toMatch(/['‘’`]/);
  }
  for (const c of Object.values(names.countries)) expect(c.uz).not.toMatch(/['‘’`]/);
  expect(names.cities['FEG']?.uz).toBe('Fargʻona');
  expect(names.countries['UZ']?.uz).toBe('Oʻzbekiston');
});
