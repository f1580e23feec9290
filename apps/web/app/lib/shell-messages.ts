import type { Locale } from '@parvoz/i18n/locales';
import type { ShippedMessages } from './shipped-messages.ts';

/**
 * The shell's messages of each language this process or page has, for root's intl object and the pages'
 * titles. The server keeps its catalogue here from the root loader; the browser loads a language's file
 * (shell-messages.server.ts `shellMessagesFile`) before it hydrates a page and before it shows a page in
 * another language (root's clientLoader), so rendering reads them synchronously.
 */
const loaded = new Map<Locale, ShippedMessages>();

/** The id of root's modulepreload link to the page's messages file, where the browser reads its address. */
export const SHELL_MESSAGES_LINK_ID = 'parvoz-messages';

export function keepShellMessages(locale: Locale, messages: ShippedMessages): void {
  loaded.set(locale, messages);
}

export function shellMessagesOf(locale: Locale): ShippedMessages {
  const messages = loaded.get(locale);
  if (!messages) throw new Error(`the ${locale} messages are not loaded`);
  return messages;
}

/** Loads a language's messages file once (the browser; its address comes from the server). */
export async function loadShellMessages(locale: Locale, url: string): Promise<void> {
  if (loaded.has(locale)) return;
  const module = (await import(/* @vite-ignore */ url)) as { default: ShippedMessages };
  loaded.set(locale, module.default);
}
