import { expect, test } from 'vitest';
import { MESSAGES } from './messages.ts';

/**
 * Russian declines place names after a preposition ("из Москвы", "в Стамбул"), and the site has only their
 * nominative ("Москва"): a place put right after a preposition, or after "города", reads wrong ("из города
 * Москва", "цена на Москва → Ташкент"). Such a place stands where no case is asked of it: after a colon or a dash,
 * or after a noun that takes the case itself ("по маршруту Москва → Ташкент").
 */
const PLACE = String.raw`\{(?:city|route|from|to|origin|destination|place|country)\}`;
const PREPOSITIONS = [
  'из',
  'в',
  'во',
  'на',
  'до',
  'для',
  'о',
  'об',
  'от',
  'к',
  'ко',
  'с',
  'со',
  'по',
  'через',
];
const AFTER_PREPOSITION = new RegExp(
  String.raw`(?:^|[\s(«])(?:${PREPOSITIONS.join('|')})\s+(?:города\s+|аэропорта\s+)?${PLACE}`,
  'iu',
);
const AFTER_CITY_WORD = new RegExp(String.raw`(?:города|городе|городу|аэропорта|аэропорту)\s+${PLACE}`, 'iu');

/** Messages whose {from} or {to} is no place: an email address, a date. */
const NOT_PLACES = new Set([
  'ops.overview.retryLabel',
  'ops.overview.confirmRetry',
  'ops.priceRules.versionLine',
  'ops.promoCodes.validity',
]);

test('no Russian message asks a case of a place name it only has in the nominative', () => {
  const wrong = Object.entries(MESSAGES.ru)
    .filter(([key]) => !NOT_PLACES.has(key))
    .filter(([, text]) => AFTER_PREPOSITION.test(text) || AFTER_CITY_WORD.test(text))
    .map(([key, text]) => `${key}: ${text}`);
  expect(wrong).toEqual([]);
});

test('the check sees the wordings that read wrong', () => {
  for (const bad of ['из города {city}', 'цену на {route}', 'прилёт в {from}', 'вылет из {to}'])
    expect(AFTER_PREPOSITION.test(bad) || AFTER_CITY_WORD.test(bad), bad).toBe(true);
  for (const good of ['вылет: {city}', 'по маршруту {route}', 'Рейсы {route}', 'город вылета — {city}'])
    expect(AFTER_PREPOSITION.test(good) || AFTER_CITY_WORD.test(good), good).toBe(false);
});
