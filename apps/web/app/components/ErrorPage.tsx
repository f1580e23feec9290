import { useT } from '../lib/i18n.tsx';
import { LocalizedLink } from './LocalizedLink.tsx';

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
      {notFound ? <p className="mt-2 text-neutral-600">{t('error.notFound.description')}</p> : null}
      <LocalizedLink to="/" className="mt-8 inline-block text-primary-700 underline">
        {t('error.backHome')}
      </LocalizedLink>
    </section>
  );
}
