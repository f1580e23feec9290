import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { browserLacksUzbekIntl, installUzbekIntl } from './lib/uz-intl.client.ts';

async function hydrate() {
  if (document.documentElement.lang === 'uz' && browserLacksUzbekIntl()) await installUzbekIntl();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
