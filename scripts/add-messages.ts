/**
 * Adds or replaces messages in the four locale files at once, keeping every other key as it is:
 *   node scripts/add-messages.ts new-keys.json
 * where new-keys.json is { "en": { "key": "…" }, "ru": { … }, "uz": { … }, "tr": { … } }.
 * Read-merge-write per file in one step, so several people adding keys do not overwrite each other.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@parvoz/i18n/locales';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/add-messages.ts new-keys.json');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
const englishKeys = Object.keys(additions.en ?? {});
for (const locale of LOCALES) {
  const missing = englishKeys.filter((key) => typeof additions[locale]?.[key] !== 'string');
  if (missing.length) {
    console.error(`${locale}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const locale of LOCALES) {
  const target = path.resolve(import.meta.dirname, `../packages/i18n/messages/${locale}.json`);
  const catalog = JSON.parse(readFileSync(target, 'utf8')) as Record<string, string>;
  Object.assign(catalog, additions[locale]);
  writeFileSync(target, JSON.stringify(catalog, null, 2) + '\n');
}
console.log(`added ${englishKeys.length} keys to ${LOCALES.join(', ')}`);
