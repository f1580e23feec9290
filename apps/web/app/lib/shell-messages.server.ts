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
 *
 * With a plan from the build (build-tools/page-messages-plan.ts) the shell's file carries only the words the
 * entry and root use, and each route with words of its own gets a file of them (`pageMessagesFile`); the
 * shell's file lists those (`pages`: route chunk → file), so the browser finds a route's words as it
 * navigates. Without a plan (`npm run dev`, the unit tests) the shell's file has every word, and no page has
 * one of its own. The server renders with the whole catalogue either way (`shellMessages`).
 */
export type ShellMessagesFile = { fileName: string; source: string };
export type PageMessagesPlan = {
  shell: readonly string[];
  pages: Readonly<Record<string, { name: string; keys: readonly string[] }>>;
};

let plan: PageMessagesPlan | null = null;
const FILES = new Map<string, ShellMessagesFile>();

/** The build's plan (entry.server.tsx, from `virtual:parvoz/page-messages`), or none: every word in the shell. */
export function adoptPageMessagesPlan(next: PageMessagesPlan | null): void {
  plan = next;
  FILES.clear();
}

function pick(messages: ShippedMessages, keys: readonly string[]): ShippedMessages {
  return Object.fromEntries(keys.flatMap((key) => (key in messages ? [[key, messages[key]!]] : [])));
}

function messagesModule(fileName: string, messages: ShippedMessages, extra = ''): ShellMessagesFile {
  const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n${extra}`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  return { fileName: `${fileName}-${hash}.js`, source };
}

/** The file of a route's own words in `locale`, by the route chunk's address; none for a route without. */
export function pageMessagesFile(locale: Locale, chunk: string): ShellMessagesFile | undefined {
  const page = plan?.pages[chunk];
  if (!page) return undefined;
  const id = `page ${locale} ${chunk}`;
  let file = FILES.get(id);
  if (!file) {
    file = messagesModule(`assets/page-messages-${locale}-${page.name}`, pick(SHELL[locale], page.keys));
    FILES.set(id, file);
  }
  return file;
}

/** Each route chunk with words of its own → the address of its file in `locale`. */
export function pageMessagesFiles(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.keys(plan?.pages ?? {}).map((chunk) => [chunk, `/${pageMessagesFile(locale, chunk)!.fileName}`]),
  );
}

export function shellMessagesFile(locale: Locale): ShellMessagesFile {
  const id = `shell ${locale}`;
  let file = FILES.get(id);
  if (!file) {
    const messages = plan ? pick(SHELL[locale], plan.shell) : SHELL[locale];
    file = messagesModule(
      `assets/messages-${locale}`,
      messages,
      `export const pages = ${JSON.stringify(pageMessagesFiles(locale))};\n`,
    );
    FILES.set(id, file);
  }
  return file;
}

/** Every messages file the browser may load: each language's shell file and its routes' files. */
export function allMessagesFiles(): ShellMessagesFile[] {
  return LOCALES.flatMap((locale) => [
    shellMessagesFile(locale),
    ...Object.keys(plan?.pages ?? {}).map((chunk) => pageMessagesFile(locale, chunk)!),
  ]);
}
