import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { checkMessages } from './check-messages.ts';
import { LOCALES } from './locales.ts';
import { MESSAGES } from './messages.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'build', '.react-router', 'messages'].includes(name)) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

test('every locale has every key, valid ICU, the same placeholders and the plural forms it needs; no key is unused', () => {
  const source = [...sourceFiles(path.join(ROOT, 'apps')), ...sourceFiles(path.join(ROOT, 'packages'))]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const problems = checkMessages(MESSAGES, 'en', source);
  expect(problems).toEqual([]);
  expect(Object.keys(MESSAGES)).toEqual([...LOCALES]);
});

test('the checker catches a missing key, a missing Russian plural form, changed placeholders and unused keys', () => {
  const problems = checkMessages(
    {
      en: { a: 'Hi {name}', b: '{n, plural, one {# day} other {# days}}', c: 'unused' },
      ru: { a: 'Привет {nom}', b: '{n, plural, one {# день} other {# дней}}', c: 'x' },
      tr: { a: 'Merhaba {name}', b: '{n, plural, one {# gün} other {# gün}}' },
    },
    'en',
    't(\'a\'); t("b")',
  );
  expect(problems).toEqual(
    expect.arrayContaining([
      { locale: 'tr', key: 'c', problem: 'missing' },
      { locale: 'ru', key: 'b', problem: 'plural lacks "few"' },
      { locale: 'ru', key: 'b', problem: 'plural lacks "many"' },
      { locale: 'ru', key: 'a', problem: 'placeholders nom differ from name' },
      { locale: 'en', key: 'c', problem: 'unused: no source file mentions it' },
    ]),
  );
  expect(problems.some((p) => p.locale === 'tr' && p.key === 'b')).toBe(false);
});

test('a message that does not parse is reported', () => {
  expect(checkMessages({ en: { a: 'Hi {name' } }, 'en')).toEqual([
    { locale: 'en', key: 'a', problem: expect.stringContaining('does not parse') },
  ]);
});
