import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../messages/en.json' with { type: 'json' };
import ru from '../messages/ru.json' with { type: 'json' };
import uz from '../messages/uz.json' with { type: 'json' };
import tr from '../messages/tr.json' with { type: 'json' };
import type { Locale } from './locales.ts';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
/** Messages parsed to ICU AST: what every intl object is given, so none parses a message while formatting. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** The source ICU strings, as translators write them (the message checker and tests read these). */
export const MESSAGES: Record<Locale, Messages> = { en, ru, uz, tr };

/**
 * ICU strings to AST, as `formatjs compile --ast` would (and with the options intl-messageformat itself parses
 * with: the locale, for `j` hour skeletons). Done once per process per language (compiledMessages), or at build
 * time for the browser's error-page words, so no request and no browser runs the parser.
 */
export function compileMessages(locale: Locale, messages: Record<string, string>): CompiledMessages {
  const options = { locale: new Intl.Locale(locale) };
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text, options)]));
}

const compiled = new Map<Locale, CompiledMessages>();

/** A language's whole catalogue as AST, parsed on first use and kept for the life of the process. */
export function compiledMessages(locale: Locale): Record<MessageKey, MessageFormatElement[]> {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = compileMessages(locale, MESSAGES[locale]);
    compiled.set(locale, messages);
  }
  return messages as Record<MessageKey, MessageFormatElement[]>;
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/** A server-side formatter (API errors, emails, PDFs) using the same ICU messages as the web app. */
export function getIntl(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, messages: compiledMessages(locale), defaultLocale: 'en' }, cache);
    intls.set(locale, intl);
  }
  return intl;
}
