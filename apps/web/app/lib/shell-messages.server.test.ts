import { expect, test } from 'vitest';
import { LOCALES } from '@parvoz/i18n/locales';
import { parsesDuring } from '@parvoz/i18n/testing';
import { sharedIntl } from './i18n.tsx';
import { shellMessages } from './shell-messages.server.ts';
import { fromShipped } from './shipped-messages.ts';

test('every request of a language gets the same AST catalogue and intl, which formats without parsing', () => {
  // The real parser still runs behind the counter: a string catalogue would be counted, not refused.
  const parses = parsesDuring(() => {
    for (const locale of LOCALES) {
      const messages = shellMessages(locale);
      expect(shellMessages(locale)).toBe(messages);
      // AST, with plain texts as text (shipped-messages.ts): no ICU string to parse.
      expect(Object.values(fromShipped(messages)).every(Array.isArray)).toBe(true);
      const intl = sharedIntl(locale, messages);
      expect(sharedIntl(locale, shellMessages(locale))).toBe(intl);
      expect(intl.formatMessage({ id: 'search.results.count' }, { count: 3 })).toMatch(/\b3\b/);
      expect(intl.formatMessage({ id: 'nav.skipToContent' })).not.toBe('nav.skipToContent');
    }
  });
  expect(parses).toBe(0);
});
