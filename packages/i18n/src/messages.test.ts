import { createIntl } from '@formatjs/intl';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { expect, test } from 'vitest';
import { LOCALES } from './locales.ts';
import { compiledMessages, getIntl, MESSAGES, type MessageKey } from './messages.ts';
import { parsesDuring } from './testing.ts';

/** Values for every argument a message names: a number for plurals, a function for tags, text otherwise. */
function valuesFor(
  ast: MessageFormatElement[],
  values: Record<string, unknown> = {},
  count = 2,
): Record<string, unknown> {
  for (const el of ast) {
    if (el.type === TYPE.plural) values[el.value] = count;
    else if (el.type === TYPE.tag) values[el.value] = (chunks: unknown[]) => chunks.join('');
    else if (el.type === TYPE.argument || el.type === TYPE.select) values[el.value] ??= 'x';
    if ('options' in el)
      for (const option of Object.values(el.options)) valuesFor(option.value, values, count);
    if (el.type === TYPE.tag) valuesFor(el.children, values, count);
  }
  return values;
}

test('the counter sees a parse: a catalogue of strings is parsed while formatting', () => {
  const intl = createIntl({ locale: 'ru', messages: { count: MESSAGES.ru['search.results.count'] } });
  expect(parsesDuring(() => intl.formatMessage({ id: 'count' }, { count: 5 }))).toBe(1);
});

test('each language’s server intl is made once, from AST, and formats every message without parsing one', () => {
  for (const locale of LOCALES) {
    const catalogue = compiledMessages(locale);
    expect(compiledMessages(locale)).toBe(catalogue);
    expect(Object.keys(catalogue)).toEqual(Object.keys(MESSAGES[locale]));
    expect(Object.values(catalogue).every(Array.isArray)).toBe(true);
    expect(getIntl(locale)).toBe(getIntl(locale));
    expect(getIntl(locale).messages).toBe(catalogue);
  }
  const errors: unknown[] = [];
  const parses = parsesDuring(() => {
    for (const locale of LOCALES) {
      const intl = getIntl(locale);
      for (const [key, ast] of Object.entries(compiledMessages(locale))) {
        const text = intl.formatMessage({ id: key as MessageKey }, valuesFor(ast) as Record<string, string>);
        if (typeof text !== 'string' || text === key) errors.push(`${locale} ${key}`);
      }
    }
  });
  expect(errors).toEqual([]);
  expect(parses).toBe(0);
});

test('every message formats from its AST exactly as from its source string, in every language', () => {
  for (const locale of LOCALES) {
    const fromStrings = createIntl({ locale, messages: MESSAGES[locale], defaultLocale: 'en' });
    for (const [key, ast] of Object.entries(compiledMessages(locale))) {
      for (const count of [1, 2, 5, 21]) {
        const values = valuesFor(ast, {}, count) as Record<string, string>;
        expect(getIntl(locale).formatMessage({ id: key as MessageKey }, values), `${locale} ${key}`).toBe(
          fromStrings.formatMessage({ id: key }, values),
        );
      }
    }
  }
});
