/**
 * The browser's /uz date data holds only the patterns `DATE_FORMATS` pick (build-tools/trim-date-data.ts): a
 * date formatted any other way in code the browser runs would print differently there than on the server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { LOCALES } from '@parvoz/i18n/locales';

const APP = path.resolve(import.meta.dirname, '..');
const MESSAGES = path.resolve(import.meta.dirname, '../../../../packages/i18n/messages');

/** Modules the browser may run: not server-only, not tests. */
function browserModules(): string[] {
  return (readdirSync(APP, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file))
    .map((file) => path.join(APP, file));
}

/** Ways to format a date other than `dateFormat` (local-time.ts). */
const OTHER_DATE_FORMATTING =
  /new Intl\.DateTimeFormat\(|toLocale(Date|Time)?String\(|\.format(Date|Time)(ToParts)?\(|<Formatted(Date|Time)/;

test('code the browser runs formats dates only with the named formats', () => {
  const modules = browserModules();
  expect(modules.some((file) => file.endsWith('local-time.ts'))).toBe(true);
  const offenders = modules.filter((file) => {
    const source = readFileSync(file, 'utf8');
    // local-time.ts builds the named formats; the /uz check asks the browser's own Intl before any polyfill.
    if (file.endsWith('lib/local-time.ts') || file.endsWith('lib/uz-intl.client.ts')) return false;
    return OTHER_DATE_FORMATTING.test(source);
  });
  expect(offenders.map((file) => path.relative(APP, file))).toEqual([]);
});

test('no message formats a date or a time itself', () => {
  for (const locale of LOCALES) {
    const messages = JSON.parse(readFileSync(path.join(MESSAGES, `${locale}.json`), 'utf8')) as Record<
      string,
      string
    >;
    const formatting = Object.entries(messages).filter(([, text]) =>
      /\{\s*\w+\s*,\s*(date|time)\s*[,}]/.test(text),
    );
    expect(formatting, locale).toEqual([]);
  }
});
