import { useT } from '../lib/i18n.tsx';
import { LocalizedLink } from './LocalizedLink.tsx';

/**
 * An order's page (`/{lang}/orders/{id}`): without its emailed link or the owner's session it is not found (nobody
 * learns whether the order exists), and the page says how its traveller reaches it.
 */
const ORDER_PAGE = /^\/[a-z]{2}\/orders\/[^/]+\/?$/;

/**
 * The spec's error page (§2, §8): status code, status message and description.
 * 404 is the not-found variant ("Page Not Found", "Page not found: {path}");
 * anything else the generic variant (default 500, "Internal Server Error" unless a status message is supplied).
 */
export function ErrorPage({
  status,
  statusText,
  path,
}: {
  status: number;
  statusText?: string;
  path: string;
}) {
  const t = useT();
  const notFound = status === 404;
  const title = notFound ? t('error.notFound.title') : statusText || t('error.generic.title');
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <p className="text-5xl font-bold text-primary-700">{t('error.statusCode', { status })}</p>
      <h1 id="error-title" className="mt-4 text-2xl font-semibold">
        {title}
      </h1>
      <p className="mt-3 text-neutral-700" data-testid="error-message">
        {notFound ? t('error.notFound.message', { path }) : t('error.generic.description')}
      </p>
      {notFound && ORDER_PAGE.test(path) ? (
        <div className="mt-4 text-neutral-700" data-testid="order-not-found">
          <p>{t('error.notFound.order')}</p>
          <p className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2">
            <LocalizedLink to="/info/my-ticket" className="text-primary-700 underline">
              {t('error.notFound.orderLookup')}
            </LocalizedLink>
            <LocalizedLink to="/login" className="text-primary-700 underline">
              {t('error.notFound.orderSignIn')}
            </LocalizedLink>
          </p>
        </div>
      ) : notFound ? (
        <p className="mt-2 text-neutral-600">{t('error.notFound.description')}</p>
      ) : null}
      <LocalizedLink to="/" className="mt-8 inline-block text-primary-700 underline">
        {t('error.backHome')}
      </LocalizedLink>
    </section>
  );
}
