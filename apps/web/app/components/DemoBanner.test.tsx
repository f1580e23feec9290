import { expect, test } from 'vitest';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES } from '@parvoz/i18n/locales';
import { siteModeOf } from '@parvoz/contracts/site-mode';
import { renderInRoot } from '../testing/render.tsx';
import { DemoBanner } from './DemoBanner.tsx';

test.each(LOCALES)('%s: the demo banner says the site is a demonstration', (lang) => {
  const html = renderInRoot(lang, <DemoBanner />);
  expect(html).toContain(MESSAGES[lang]['demo.banner']);
  // Inside a labelled landmark, as axe's region rule asks of all content.
  expect(html).toContain('<aside aria-labelledby="demo-banner-text"');
});

test('the words are translated, not copied from English', () => {
  const texts = new Set(LOCALES.map((lang) => MESSAGES[lang]['demo.banner']));
  expect(texts.size).toBe(LOCALES.length);
  expect(MESSAGES.en['demo.banner']).toBe(
    'Demonstration: flights and payments are simulated; nothing here is a real ticket',
  );
});

test('demo unless PARVOZ_MODE=live or the operator ran NODE_ENV=production (the web and API rule)', () => {
  expect(siteModeOf({})).toBe('demo');
  // `npm start` and the tests' sites: server-env.ts sets NODE_ENV=production for React only.
  expect(siteModeOf({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'unset' })).toBe('demo');
  expect(siteModeOf({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'test' })).toBe('demo');
  expect(siteModeOf({ NODE_ENV: 'development' })).toBe('demo');
  expect(siteModeOf({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'production' })).toBe('live');
  expect(siteModeOf({ NODE_ENV: 'production' })).toBe('live');
  expect(siteModeOf({ NODE_ENV: 'production', PARVOZ_MODE: 'demo' })).toBe('demo');
  expect(siteModeOf({ PARVOZ_MODE: 'live' })).toBe('live');
});
