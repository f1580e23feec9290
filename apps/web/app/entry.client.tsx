import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { browserLacksUzbekIntl, installUzbekIntl } from './lib/uz-intl.client.ts';
import { handleFatalError, installFatalErrorHandler, mountOrReport } from './lib/fatal-errors.client.ts';

installFatalErrorHandler();

async function hydrate() {
  if (document.documentElement.lang === 'uz' && browserLacksUzbekIntl()) await installUzbekIntl();
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
