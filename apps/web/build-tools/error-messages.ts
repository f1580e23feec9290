import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { LOCALES } from '@parvoz/i18n/locales';
import { compileMessages, type CompiledMessages } from '@parvoz/i18n/messages';

export const ERROR_MESSAGES_MODULE = 'virtual:parvoz/error-messages';
const RESOLVED = `\0${ERROR_MESSAGES_MODULE}`;
const require = createRequire(import.meta.url);

/**
 * The error page's messages (`error.*`) of every language, read from the message files and compiled to ICU AST
 * here, at build time: the browser's bundle has no ICU parser (vite.config.ts).
 */
export function errorMessages(): Record<string, CompiledMessages> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const file = require.resolve(`@parvoz/i18n/messages/${locale}.json`);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const words = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('error.')));
      return [locale, compileMessages(locale, words)];
    }),
  );
}

/**
 * `virtual:parvoz/error-messages`: the error page's words in the four languages, a few hundred bytes, for an
 * error raised before the root loader has given the page its messages (a refused form post, say): the page
 * still reads in the visitor's language instead of showing a bare status number.
 */
export function errorMessagesModule(): Plugin {
  return {
    name: 'parvoz-error-messages',
    resolveId: (id) => (id === ERROR_MESSAGES_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      for (const locale of LOCALES)
        this.addWatchFile(require.resolve(`@parvoz/i18n/messages/${locale}.json`));
      return `export default ${JSON.stringify(errorMessages())};`;
    },
  };
}
