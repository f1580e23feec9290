import { expect, test } from 'vitest';
import { LOCALES } from '@parvoz/i18n/locales';
import { compiledMessages } from '@parvoz/i18n/messages';
import { INFO_PAGES, SUPPORT_CONTACTS, type InfoPageName } from './content.ts';
import { renderInfoPage, renderWhyBookHere, toBlocks } from './content.server.ts';
import { consoleMessages, shellMessages } from '../../lib/shell-messages.server.ts';
import { fromShipped } from '../../lib/shipped-messages.ts';

test('text becomes paragraphs and lists', () => {
  expect(toBlocks('One\nline.\n\n- a\n- b\n\nTwo.')).toEqual([
    { kind: 'p', text: 'One line.' },
    { kind: 'ul', items: ['a', 'b'] },
    { kind: 'p', text: 'Two.' },
  ]);
});

test.each(LOCALES)('every information page has its full text in %s, contacts filled in', (locale) => {
  for (const name of Object.keys(INFO_PAGES) as InfoPageName[]) {
    const page = renderInfoPage(locale, name);
    expect(page.lead.length).toBeGreaterThan(40);
    expect(page.sections.length).toBeGreaterThanOrEqual(4);
    for (const section of page.sections) {
      expect(section.title).not.toMatch(/^content\./);
      expect(section.blocks.length + section.faq.length, `${name}/${section.id}`).toBeGreaterThan(0);
    }
    const text = JSON.stringify(page);
    expect(text).not.toMatch(/\{(email|phone|hours)\}/);
  }
  expect(JSON.stringify(renderInfoPage(locale, 'contacts'))).toContain(SUPPORT_CONTACTS.email);
  // The agreement covers booking, payment, changes, refunds and liability; help has at least 12 answers.
  expect(renderInfoPage(locale, 'agreement').sections.map((s) => s.id)).toEqual(
    expect.arrayContaining(['booking', 'payment', 'changes', 'refunds', 'liability']),
  );
  expect(renderInfoPage(locale, 'help').sections.flatMap((s) => s.faq).length).toBeGreaterThanOrEqual(12);
});

test.each(LOCALES)(
  'the home page’s "why book here" in %s: three points, support hours filled in',
  (locale) => {
    const why = renderWhyBookHere(locale);
    expect(why.items.map((item) => item.id)).toEqual(['prices', 'languages', 'support']);
    for (const item of why.items) {
      expect(item.title).not.toMatch(/^content\./);
      expect(item.body.length).toBeGreaterThan(60);
    }
    expect(why.items[2]!.body).toContain(SUPPORT_CONTACTS.hours);
    expect(JSON.stringify(why)).not.toMatch(/\{\w+\}/);
  },
);

test('the shell ships every message but the long texts of the information pages and the console’s words', () => {
  for (const locale of LOCALES) {
    const shell = shellMessages(locale);
    expect(Object.keys(shell).some((key) => key.startsWith('content.'))).toBe(false);
    // The console's words go to staff only, with the console's layout.
    expect(Object.keys(shell).some((key) => key.startsWith('ops.'))).toBe(false);
    const staffWords = consoleMessages(locale);
    expect(Object.keys(staffWords).length).toBeGreaterThan(100);
    expect(Object.keys(staffWords).every((key) => key.startsWith('ops.'))).toBe(true);
    expect(fromShipped(shell)['page.agreement.heading']).toEqual(
      compiledMessages(locale)['page.agreement.heading'],
    );
  }
  const all = JSON.stringify(compiledMessages('ru')).length;
  const shell = JSON.stringify(shellMessages('ru')).length;
  expect(shell).toBeLessThan(all * 0.75);
});
