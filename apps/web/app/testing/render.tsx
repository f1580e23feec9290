import type { ComponentProps, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MESSAGES } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';

/**
 * Server-renders a component the way a page holds it: under the root route (whose loader data carries the
 * locale) and the locale's messages. The markup comes back as readable text to compare against: quotes
 * unescaped, Intl's narrow and no-break spaces as plain ones.
 */
export function renderInRoot(
  locale: Locale,
  element: ReactElement,
  messages: ComponentProps<typeof IntlProvider>['messages'] = MESSAGES[locale],
): string {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ locale }),
        element: (
          <IntlProvider locale={locale} messages={messages}>
            {element}
          </IntlProvider>
        ),
      },
    ],
    { hydrationData: { loaderData: { root: { locale } } } },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/&#x27;/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ');
}
