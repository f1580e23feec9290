import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installUzbekIntl } from './lib/uz-intl.client.ts';
import { handleFatalError, installFatalErrorHandler, mountOrReport } from './lib/fatal-errors.client.ts';
import { SHELL_MESSAGES_LINK_ID, loadShellMessages, shellMessagesOf } from './lib/shell-messages.ts';
import { prepareSharedIntl } from './lib/i18n.tsx';
import { isLocale } from '@parvoz/i18n/locales';

installFatalErrorHandler();

async function hydrate() {
  const lang = document.documentElement.lang;
  // The page's words come in a file of their own (root.tsx names it; an error page without root's data has
  // none), loaded beside the polyfills /uz may need.
  const messages = document.getElementById(SHELL_MESSAGES_LINK_ID);
  const hasMessages = messages instanceof HTMLLinkElement && isLocale(lang);
  await Promise.all([
    hasMessages ? loadShellMessages(lang, messages.href) : null,
    lang === 'uz' ? installUzbekIntl() : null,
  ]);
  if (hasMessages) await prepareSharedIntl(lang, shellMessagesOf(lang));
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
