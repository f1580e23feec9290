import { createHash } from 'node:crypto';
import { compiledMessages, type CompiledMessages } from '@parvoz/i18n/messages';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { toShipped, type ShippedMessages } from './shipped-messages.ts';

/** Long texts of the information pages: formatted on the server by their own page, never in the shell. */
export const CONTENT_PREFIX = 'content.';
/** The agency console's words: shipped by the console's layout to staff only, never to every traveller. */
export const CONSOLE_PREFIX = 'ops.';

/**
 * The emails' words (`mail.*`, `<area>.mail.*`): the API writes every email on the server, so no page formats
 * them and none ships them (docs/languages.md).
 */
export const isEmailMessage = (key: string) => key.startsWith('mail.') || key.includes('.mail.');

// Parsed to ICU AST once per process (packages/i18n compiledMessages): every request of a language gets the
// same objects, and the browser receives the AST, so it formats without the ICU parser (vite.config.ts).
function catalogue(keep: (key: string) => boolean): Record<Locale, ShippedMessages> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const compiled: CompiledMessages = compiledMessages(locale);
      return [locale, toShipped(Object.fromEntries(Object.entries(compiled).filter(([key]) => keep(key))))];
    }),
  ) as Record<Locale, ShippedMessages>;
}

const SHELL = catalogue(
  (key) => !key.startsWith(CONTENT_PREFIX) && !key.startsWith(CONSOLE_PREFIX) && !isEmailMessage(key),
);
const CONSOLE = catalogue((key) => key.startsWith(CONSOLE_PREFIX));

/** The messages every page ships to the browser: all but the information pages' texts, the console's and the emails'. */
export function shellMessages(locale: Locale): ShippedMessages {
  return SHELL[locale];
}

/** The console's messages (routes/ops/layout.tsx adds them to the shell's for its pages). */
export function consoleMessages(locale: Locale): ShippedMessages {
  return CONSOLE[locale];
}

/**
 * The shell's messages of a language as the browser loads them: a JavaScript module of its own, not part of
 * every page's HTML. Inside the page they were ~85 kB of the home page's 158 kB, decoded by React Router's
 * stream reader on every page load; as a file they are fetched once and cached (a year, like every asset), and
 * `JSON.parse` of one string reads them. The build writes the file (build-tools/shell-messages.ts) under the
 * name this gives, which changes whenever the words do; the page names it in a modulepreload link.
 */
export type ShellMessagesFile = { fileName: string; source: string };

const FILES = new Map<Locale, ShellMessagesFile>();

export function shellMessagesFile(locale: Locale): ShellMessagesFile {
  let file = FILES.get(locale);
  if (!file) {
    const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(SHELL[locale]))});\n`;
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
    file = { fileName: `assets/messages-${locale}-${hash}.js`, source };
    FILES.set(locale, file);
  }
  return file;
}
