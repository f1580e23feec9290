/**
 * Words: counts agree with their number in every language (ICU plurals: Russian one/few/many/other,
 * English, Uzbek and Turkish one/other); one word per concept within a language; a fare family, a class and
 * a passenger type named the same wherever they appear.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, test } from 'vitest';
import { LOCALES, type Locale } from './locales.ts';
import { getIntl, MESSAGES, type MessageKey } from './messages.ts';

const t = (locale: Locale, key: MessageKey, values: Record<string, number | string>) =>
  getIntl(locale).formatMessage({ id: key }, values);

describe('a count agrees with its number', () => {
  // Russian: 1 and 21 take the one-form, 2 and 22 the few-form, 5 and 11 the many-form.
  test.each([
    [1, 'Найден 1 вариант', '1 вариант из 30 подходит под фильтры'],
    [2, 'Найдено 2 варианта', '2 варианта из 30 подходят под фильтры'],
    [5, 'Найдено 5 вариантов', '5 вариантов из 30 подходят под фильтры'],
    [11, 'Найдено 11 вариантов', '11 вариантов из 30 подходят под фильтры'],
    [21, 'Найден 21 вариант', '21 вариант из 30 подходит под фильтры'],
    [22, 'Найдено 22 варианта', '22 варианта из 30 подходят под фильтры'],
  ])('ru: %d results', (count, found, filtered) => {
    expect(t('ru', 'search.results.count', { count })).toBe(found);
    expect(t('ru', 'search.results.countFiltered', { count, total: 30 })).toBe(filtered);
  });

  test.each([
    ['en', 1, '1 flight found', '1 flight of 30 matches the filters'],
    ['en', 2, '2 flights found', '2 flights of 30 match the filters'],
    ['en', 21, '21 flights found', '21 flights of 30 match the filters'],
    ['uz', 1, '1 ta variant topildi', '30 tadan 1 ta variant filtrlarga mos'],
    ['uz', 5, '5 ta variant topildi', '30 tadan 5 ta variant filtrlarga mos'],
    ['tr', 1, '1 uçuş bulundu', '30 uçuştan 1 tanesi filtrelere uyuyor'],
    ['tr', 21, '21 uçuş bulundu', '30 uçuştan 21 tanesi filtrelere uyuyor'],
  ] as const)('%s: %d results', (locale, count, found, filtered) => {
    expect(t(locale, 'search.results.count', { count })).toBe(found);
    expect(t(locale, 'search.results.countFiltered', { count, total: 30 })).toBe(filtered);
  });

  test.each([
    [1, 'Код действует 1 минуту', 'Не больше 1 пассажира', 'не больше 1 символа'],
    [2, 'Код действует 2 минуты', 'Не больше 2 пассажиров', 'не больше 2 символов'],
    [5, 'Код действует 5 минут', 'Не больше 5 пассажиров', 'не больше 5 символов'],
    [21, 'Код действует 21 минуту', 'Не больше 21 пассажира', 'не больше 21 символа'],
  ])('ru: limits and lifetimes of %d', (n, code, seated, text) => {
    expect(t('ru', 'mail.code.validity', { minutes: n })).toContain(code);
    expect(t('ru', 'booking.error.tooManySeated', { max: n })).toContain(seated);
    expect(t('ru', 'requestForm.error.message', { max: n })).toContain(text);
  });

  test('en, uz, tr: limits and lifetimes', () => {
    expect(t('en', 'mail.code.validity', { minutes: 1 })).toContain('valid for 1 minute and');
    expect(t('en', 'mail.code.validity', { minutes: 10 })).toContain('valid for 10 minutes and');
    expect(t('en', 'booking.error.tooManySeated', { max: 9 })).toContain('At most 9 passengers');
    expect(t('uz', 'mail.code.validity', { minutes: 10 })).toContain('Kod 10 daqiqa amal qiladi');
    expect(t('tr', 'mail.code.validity', { minutes: 10 })).toContain('Kod 10 dakika geçerlidir');
    expect(t('tr', 'tours.form.error.children', { max: 9 })).toBe('Bir talepte en fazla 9 yolcu olabilir.');
  });

  /**
   * Arguments that are counts of something named in the sentence: shown only through a plural, so the noun
   * can agree. The exceptions write the unit as a symbol or an abbreviation ("5 h 40 min", "× 2", "30 s").
   */
  const COUNTS = new Set([
    'count',
    'minutes',
    'max',
    'days',
    'left',
    'seconds',
    'hours',
    'adults',
    'children',
  ]);
  const NO_AGREEMENT = new Set<string>([
    'booking.duration',
    'booking.price.passengers',
    'search.duration.hours',
    'search.duration.minutes',
    'search.duration.hoursMinutes',
    'search.offer.baggageChecked',
    'auth.error.rateLimited',
    // Not counts: a time range ("08:00–22:00") and prices.
    'content.contacts.lead',
    'content.home.why.support.body',
    'search.filters.priceRange',
  ]);

  function bareCounts(elements: MessageFormatElement[]): string[] {
    const found: string[] = [];
    for (const element of elements) {
      if (element.type === TYPE.argument && COUNTS.has(element.value)) found.push(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) found.push(...bareCounts(option.value));
      }
    }
    return found;
  }

  test.each(LOCALES)('%s: no count is shown outside a plural', (locale) => {
    const bare = Object.entries(MESSAGES[locale])
      .filter(([key]) => !NO_AGREEMENT.has(key))
      .flatMap(([key, message]) => bareCounts(parse(message)).map((arg) => `${key}: {${arg}}`));
    expect(bare).toEqual([]);
  });
});

describe('one word per concept', () => {
  /** The message without its placeholders ({email} is a value, not a word). */
  const text = (message: string) => message.replace(/\{\w+\}/g, '');

  // A variant the language's messages must not use, with the word they use instead.
  const VARIANTS: Record<Locale, [RegExp, string][]> = {
    en: [[/\be-mail/i, 'email']],
    ru: [
      [/\be-?mail\b/i, 'электронная почта'],
      [/(?<!электронн[а-яё]* )почт[аеуы]\b/i, 'электронная почта'],
      [/почтов\S+ сервис/i, 'сервис электронной почты'],
    ],
    uz: [
      [/\be-?mail/i, 'elektron pochta'],
      [/(?<!elektron )pochta(?! (qutisi|server))/i, 'elektron pochta'],
      [/go[ʻ'‘]dak/i, 'chaqaloq'],
    ],
    tr: [[/\be-?mail/i, 'e-posta']],
  };

  test.each(LOCALES)('%s', (locale) => {
    const found = Object.entries(MESSAGES[locale]).flatMap(([key, message]) =>
      VARIANTS[locale].flatMap(([variant, word]) => {
        const m = variant.exec(text(message));
        return m ? [`${key}: "${m[0]}" (say "${word}")`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  test.each(LOCALES)('%s: a fare family, a class and a passenger type have one name', (locale) => {
    const m = MESSAGES[locale];
    for (const fare of ['light', 'standard'] as const) {
      expect(m[`booking.fare.${fare}`]).toContain(m[`search.fare.${fare}`]);
    }
    for (const cabin of ['economy', 'business'] as const) {
      expect(m[`booking.cabin.${cabin}`]).toBe(m[`search.cabin.${cabin}`]);
      expect(m[`ticket.cabin.${cabin}`]).toBe(m[`search.cabin.${cabin}`]);
    }
    for (const type of ['adult', 'child', 'infant'] as const) {
      expect(m[`booking.passengerType.${type}`].startsWith(`${m[`ticket.passengerType.${type}`]},`)).toBe(
        true,
      );
    }
  });

  test.each(LOCALES)('%s: a child is 2 to 11 everywhere (12 is an adult)', (locale) => {
    const twelve = Object.entries(MESSAGES[locale]).filter(([, message]) =>
      /\b2\s*(to|–|-|yoshdan|до)\s*12\b|от 2 до 12|2 yoshdan 12/.test(message),
    );
    expect(twelve.map(([key]) => key)).toEqual([]);
  });
});
