import { expect, test } from 'vitest';
import { LOCALES } from '@parvoz/i18n/locales';
import { cardFormPage } from './page.ts';

test.each(LOCALES)('%s: the card expiry placeholder is written in the letters its label gives', (lang) => {
  const html = cardFormPage({ lang, action: '/pay', backUrl: '/back', reference: 'ABC123', amount: '$1.00' });
  const label = /<label for="expiry">([^<]*)<\/label>/.exec(html)?.[1] ?? '';
  const placeholder = /<input id="expiry"[^>]*placeholder="([^"]*)"/.exec(html)?.[1] ?? '';
  // "Срок действия (ММ/ГГ)" with placeholder "ММ/ГГ", not the Latin "MM/YY".
  expect(placeholder).toMatch(/^\S+\/\S+$/);
  expect(label).toContain(`(${placeholder})`);
});
