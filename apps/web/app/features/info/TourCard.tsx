import type { TourSummary } from '@parvoz/contracts/tours';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { BOARD_LABELS, formatTourDate, formatTourPrice } from './tour-format.ts';

/** The facts line of a tour: route, dates, nights. */
export function TourFacts({ tour }: { tour: TourSummary }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="space-y-1 text-sm text-neutral-700">
      <li>{t('tours.card.route', { origin: tour.origin.name, destination: tour.destination.name })}</li>
      <li>
        {t('tours.card.dates', {
          from: formatTourDate(locale, tour.departs_on),
          to: formatTourDate(locale, tour.returns_on),
        })}{' '}
        · {t('tours.card.nights', { count: tour.nights })}
      </li>
      {tour.hotel ? (
        <li>
          {tour.hotel.name}
          {tour.hotel.stars ? ` · ${t('tours.card.stars', { count: tour.hotel.stars })}` : ''}
          {tour.board_basis ? ` · ${t(BOARD_LABELS[tour.board_basis])}` : ''}
        </li>
      ) : null}
    </ul>
  );
}

/** The price per person and the places left. */
export function TourPrice({ tour }: { tour: TourSummary }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div>
      <p className="text-xl font-bold text-neutral-900">
        {t('tours.card.priceFrom', { price: formatTourPrice(locale, tour.price) })}
      </p>
      <p className="text-sm text-neutral-600">{t('tours.card.perPerson')}</p>
      <p className={`mt-1 text-sm font-medium ${tour.seats_left > 0 ? 'text-green-800' : 'text-red-700'}`}>
        {tour.seats_left > 0 ? t('tours.card.seats', { count: tour.seats_left }) : t('tours.card.soldOut')}
      </p>
    </div>
  );
}

/** A tour's picture, 16:9 (decorative: the title next to it says what it shows), or nothing without one. */
export function TourImage({
  url,
  lazy = false,
  className = '',
}: {
  url: string | null | undefined;
  /** Load it only near the viewport (a card in a list). */
  lazy?: boolean;
  className?: string;
}) {
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      width={640}
      height={360}
      loading={lazy ? 'lazy' : undefined}
      className={`aspect-video w-full bg-primary-50 object-cover ${className}`.trim()}
    />
  );
}

/** A tour in a list: picture, title (the link to its page), facts and price; `heading` is the title's level. */
export function TourCard({ tour, heading: Heading = 'h2' }: { tour: TourSummary; heading?: 'h2' | 'h3' }) {
  return (
    <article
      className="flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white"
      data-testid="tour-card"
    >
      <TourImage url={tour.image_url} lazy />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Heading className="text-lg font-semibold leading-snug">
          <LocalizedLink to={`/tours/${tour.slug}`} className="text-primary-800 hover:underline">
            {tour.title}
          </LocalizedLink>
        </Heading>
        {tour.summary ? <p className="text-sm text-neutral-700">{tour.summary}</p> : null}
        <TourFacts tour={tour} />
        <div className="mt-auto">
          <TourPrice tour={tour} />
        </div>
      </div>
    </article>
  );
}
