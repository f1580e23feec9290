import type { PriceAlert } from '@parvoz/contracts/price-alerts';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate } from '../../lib/local-time.ts';

/** "Tashkent → Istanbul". */
export const routeOf = (alert: PriceAlert) => `${alert.origin_name} → ${alert.destination_name}`;

/** The results page of the alert's search (`/flight/TAS1512IST1`, under the page's language). */
export function resultsPath(alert: PriceAlert): string {
  return `/flight/${formatSearchSegment({
    origin: alert.origin,
    destination: alert.destination,
    departureDate: alert.departure_date,
    returnDate: alert.return_date,
    passengers: alert.passengers,
    cabin: alert.cabin_class,
  })}`;
}

/** "15 Dec 2026 – 20 Dec 2026 · 2 passengers · Economy"; a range: "any day from 1 Feb to 28 Feb · …". */
export function useTripText(): (alert: PriceAlert) => string {
  const t = useT();
  const locale = useLocale();
  return (alert) => {
    const dates = alert.departure_until
      ? t(alert.return_date ? 'priceAlert.range.roundTrip' : 'priceAlert.range.oneWay', {
          first: formatLocalDate(locale, alert.departure_date),
          last: formatLocalDate(locale, alert.departure_until),
          nights: alert.return_date
            ? (Date.parse(alert.return_date) - Date.parse(alert.departure_date)) / 86_400_000
            : 0,
        })
      : alert.return_date
        ? `${formatLocalDate(locale, alert.departure_date)} – ${formatLocalDate(locale, alert.return_date)}`
        : formatLocalDate(locale, alert.departure_date);
    const p = alert.passengers;
    const passengers = t('search.passengers.count', { count: p.adults + p.children + p.infants });
    const cabin = alert.cabin_class === 'business' ? t('search.cabin.business') : t('search.cabin.economy');
    return `${dates} · ${passengers} · ${cabin}`;
  };
}

export function SeeFlightsLink({ alert }: { alert: PriceAlert }) {
  const t = useT();
  return (
    <LocalizedLink to={resultsPath(alert)} className="font-medium text-primary-700 underline">
      {t('priceAlert.seeFlights')}
    </LocalizedLink>
  );
}
