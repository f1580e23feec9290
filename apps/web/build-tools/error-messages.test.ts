import { expect, test } from 'vitest';
import { compiledMessages } from '@parvoz/i18n/messages';
import { errorMessages } from './error-messages.ts';

test('the error page words of every language come from the message files, compiled to ICU AST, and only those', () => {
  const messages = errorMessages();
  expect(Object.keys(messages)).toEqual(['en', 'ru', 'uz', 'tr']);
  for (const [locale, words] of Object.entries(messages)) {
    expect(Object.keys(words)).toEqual(Object.keys(messages.en!));
    expect(words['error.generic.title']).toEqual(compiledMessages(locale as 'en')['error.generic.title']);
    // AST, not strings: the browser that gets them has no ICU parser.
    expect(Object.values(words).every(Array.isArray)).toBe(true);
  }
  expect(Object.keys(messages.en!).every((key) => key.startsWith('error.'))).toBe(true);
  expect(Object.keys(messages.en!)).toContain('error.backHome');
});
