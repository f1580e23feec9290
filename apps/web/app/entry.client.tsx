import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installUzbekIntl } from './lib/uz-intl.client.ts';
import { handleFatalError, installFatalErrorHandler, mountOrReport } from './lib/fatal-errors.client.ts';
import {
  PAGE_MESSAGES_ATTRIBUTE,
  SHELL_MESSAGES_LINK_ID,
  keepPageMessagesFile,
  loadShellMessages,
  pageMessagesOf,
} from './lib/shell-messages.ts';
import { prepareSharedIntl } from './lib/i18n.tsx';
import { isLocale } from '@parvoz/i18n/locales';

installFatalErrorHandler();

async function hydrate() {
  const lang = document.documentElement.lang;
  // The page's words come in files of their own, the shell's and its routes' (root.tsx names them; an error
  // page without root's data has none), loaded beside the polyfills /uz may need.
  const messages = document.getElementById(SHELL_MESSAGES_LINK_ID);
  const hasMessages = messages instanceof HTMLLinkElement && isLocale(lang);
  const pages = [...document.querySelectorAll<HTMLLinkElement>(`link[${PAGE_MESSAGES_ATTRIBUTE}]`)].map(
    (link) => [link.getAttribute(PAGE_MESSAGES_ATTRIBUTE)!, link.href] as const,
  );
  await Promise.all([
    hasMessages ? loadShellMessages(lang, messages.href) : null,
    ...(hasMessages ? pages.map(([chunk, url]) => keepPageMessagesFile(lang, chunk, url)) : []),
    lang === 'uz' ? installUzbekIntl() : null,
  ]);
  if (hasMessages)
    await prepareSharedIntl(
      lang,
      pageMessagesOf(
        lang,
        pages.map(([chunk]) => chunk),
      ),
    );
  startTransition(() => {
    mountOrReport(() =>
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
        { onUncaughtError: (error) => handleFatalError(error, 'render') },
      ),
    );
  });
}

void hydrate();
