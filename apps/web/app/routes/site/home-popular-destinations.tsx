import { Link } from 'react-router';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import type { PopularDestinations as Popular } from '@parvoz/contracts/offers';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatShortDate } from '../../features/search/format.ts';
import { useMoneyList } from '../../lib/use-money.ts';

/**
 * Popular destinations from the visitor's city, each at its lowest fare of the next 30 days and one click from
 * the results of that day (one adult, economy: the search whose cheapest offer the price is).
 */
export function PopularDestinations({ popular }: { popular: Popular }) {
  const t = useT();
  const locale = useLocale();
  const prices = useMoneyList();
  if (popular.destinations.length === 0) return null;
  // One rule for the cards' prices: whole lira or roubles only when every card's price is whole.
  const shown = prices(
    popular.destinations.map((d) => d.min_amount),
    popular.currency,
  );
  return (
    <section aria-labelledby="popular-heading" className="mt-10">
      <h2 id="popular-heading" className="text-xl font-semibold">
        {t('home.popular.heading', { city: popular.origin.name })}
      </h2>
      <p className="mt-1 mb-4 text-sm text-neutral-700">{t('home.popular.note')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {popular.destinations.map((destination, index) => {
          const segment = formatSearchSegment({
            origin: popular.origin.code,
            destination: destination.code,
            departureDate: destination.date,
            returnDate: null,
            passengers: { adults: 1, children: 0, infants: 0 },
            cabin: 'economy',
          });
          return (
            <li key={destination.code}>
              <Link
                to={`/${locale}/flight/${segment}`}
                data-testid="popular-destination"
                className="flex h-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-neutral-200 bg-white px-4 py-3 hover:border-primary-500 hover:bg-primary-50"
              >
                {/* The city and date keep 9rem: on a narrow card a long price (uz: "2 197 100 soʻmdan boshlab")
                    wraps under them rather than squeezing the date onto three lines. */}
                <span className="grid min-w-36 flex-1">
                  <span className="font-medium break-words text-neutral-900">{destination.name}</span>
                  <span className="text-sm text-neutral-700">
                    {formatShortDate(locale, destination.date)}
                  </span>
                </span>
                <span className="shrink-0 font-semibold text-primary-800 tabular-nums">
                  {t('home.popular.price', { price: shown[index] ?? '' })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <LocalizedLink
        to={`/anywhere?from=${popular.origin.code}`}
        className="mt-3 inline-block text-sm text-primary-700 underline"
      >
        {t('home.anywhere.link')}
      </LocalizedLink>
    </section>
  );
}
