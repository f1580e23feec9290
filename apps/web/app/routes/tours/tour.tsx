import type { Route } from './+types/tour';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { cachedPageHeaders } from '../../lib/page-cache.server.ts';
import { TourFacts, TourImage, TourPrice } from '../../features/info/TourCard.tsx';
import { TourRequestForm } from './tour-request-form.tsx';
import { SentMessage } from '../../features/info/FormParts.tsx';
import { INCLUDE_LABELS } from '../../features/info/tour-format.ts';

export { loader, action } from './tour.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'page.tours.heading', undefined, {
    title: args.loaderData?.tour.title,
    description: args.loaderData?.tour.summary,
    type: 'article',
  });

export const headers = cachedPageHeaders;

/** One last-minute tour: what it is, what the price includes, and the request form. */
export default function Tour({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { tour, sent } = loaderData;
  return (
    <>
      <p className="mb-3 text-sm">
        <LocalizedLink to="/tours" className="text-primary-700 underline">
          {t('tours.detail.back')}
        </LocalizedLink>
      </p>
      <PageHeading>{tour.title}</PageHeading>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          <TourImage url={tour.image_url} className="rounded-lg" />
          {tour.summary ? <p className="mt-4 text-lg text-neutral-800">{tour.summary}</p> : null}
          <div className="mt-4">
            <TourFacts tour={tour} />
          </div>
          {tour.description ? (
            <p className="mt-4 leading-relaxed text-neutral-700">{tour.description}</p>
          ) : null}
          <h2 className="mt-6 text-xl font-semibold">{t('tours.detail.included')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-neutral-700">
            {tour.includes.map((code) => (
              <li key={code}>{t(INCLUDE_LABELS[code])}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-neutral-600">
            {t('tours.detail.destination', {
              city: tour.destination.name,
              country: tour.destination.country_name,
            })}
          </p>
        </div>
        <aside className="h-fit rounded-lg border border-neutral-200 bg-white p-4 sm:p-6">
          <TourPrice tour={tour} />
          <h2 id="tour-request" className="mt-6 scroll-mt-4 text-xl font-semibold">
            {t('tours.form.heading')}
          </h2>
          {sent ? (
            <div className="mt-3">
              <SentMessage>{t('tours.form.sent')}</SentMessage>
            </div>
          ) : tour.seats_left > 0 ? (
            <>
              <p className="mb-4 mt-1 text-sm text-neutral-600">{t('tours.form.lead')}</p>
              <TourRequestForm tour={tour} result={actionData} />
            </>
          ) : (
            <p className="mt-2 text-neutral-700">{t('tours.form.soldOut')}</p>
          )}
        </aside>
      </div>
    </>
  );
}
