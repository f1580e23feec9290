import { useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';
import type { Locale } from '@parvoz/i18n/locales';
import { pageMessagesOf } from './shell-messages.ts';
import type { ShippedMessages } from './shipped-messages.ts';

/** The route chunks of the routes on screen (React Router's manifest: on the server and in the browser). */
export function useRouteChunks(): string[] {
  const manifest = useContext(UNSAFE_FrameworkContext)?.manifest;
  return useMatches().flatMap((match) => manifest?.routes[match.id]?.module ?? []);
}

/** The words of the page on screen: the shell's and its routes' own (shell-messages.ts). */
export function usePageMessages(locale: Locale): ShippedMessages {
  return pageMessagesOf(locale, useRouteChunks());
}
