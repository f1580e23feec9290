import { expect, test } from 'vitest';
import { LOCALES } from '@parvoz/i18n/locales';
import { compiledMessages, compileMessages } from '@parvoz/i18n/messages';
import { fromShipped, toShipped } from './shipped-messages.ts';

test('a shipped catalogue comes back as the AST it was made from, in every language', () => {
  for (const locale of LOCALES) {
    const compiled = compiledMessages(locale);
    const shipped = toShipped(compiled);
    expect(fromShipped(shipped)).toEqual(compiled);
    // Plain texts travel as text, the rest as AST.
    expect(typeof shipped['nav.skipToContent']).toBe('string');
    expect(Array.isArray(shipped['search.results.count'])).toBe(true);
  }
});

test('a plain text ships as its value, not as ICU: an escaped quote or brace stays literal', () => {
  const compiled = compileMessages('en', { quoted: "It''s '{'free'}'", icu: 'Hi {name}' });
  const shipped = toShipped(compiled);
  expect(shipped.quoted).toBe("It's {free}");
  expect(fromShipped(shipped)).toEqual(compiled);
});

test('text inside an ICU message ships as text too, in its plural options and tags', () => {
  const compiled = compileMessages('ru', {
    count: 'Найдено {count, plural, one {# вариант} few {# варианта} many {# вариантов} other {# варианта}}',
    tag: 'I accept the <link>user agreement</link>',
  });
  const shipped = toShipped(compiled);
  expect(JSON.stringify(shipped)).not.toContain('"type":0');
  expect((shipped.count as unknown[])[0]).toBe('Найдено ');
  expect(fromShipped(shipped)).toEqual(compiled);
});
