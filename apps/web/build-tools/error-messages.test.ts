import { expect, test } from 'vitest';
import { MESSAGES } from '@parvoz/i18n/messages';
import { errorMessages } from './error-messages.ts';

test('the error page words of every language come from the message files, and only those', () => {
  const messages = errorMessages();
  expect(Object.keys(messages)).toEqual(['en', 'ru', 'uz', 'tr']);
  for (const [locale, words] of Object.entries(messages)) {
    expect(Object.keys(words)).toEqual(Object.keys(messages.en!));
    expect(words['error.generic.title']).toBe(MESSAGES[locale as 'en']['error.generic.title']);
  }
  expect(Object.keys(messages.en!).every((key) => key.startsWith('error.'))).toBe(true);
  expect(Object.keys(messages.en!)).toContain('error.backHome');
});
