import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { History } from 'lucide-react';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatShortDate } from '../../features/search/format.ts';
import {
  forgetRecentSearches,
  readRecentSearches,
  type RecentSearch,
} from '../../features/search/recent-searches.ts';
import { localToday, passengerTotal } from '../../features/search/search-form.ts';

/** The searches remembered on this device (shown once the page runs in the browser). */
export function RecentSearches() {
  const t = useT();
  const locale = useLocale();
  const [searches, setSearches] = useState<RecentSearch[]>([]);
  useEffect(() => setSearches(readRecentSearches(localToday())), []);
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches-heading" className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="recent-searches-heading" className="flex items-center gap-2 text-lg font-semibold">
          <History aria-hidden="true" className="size-5 text-neutral-600" />
          {t('search.recent.heading')}
        </h2>
        <button
          type="button"
          className="text-sm text-primary-700 underline hover:text-primary-800"
          onClick={() => {
            forgetRecentSearches();
            setSearches([]);
          }}
        >
          {t('search.recent.clear')}
        </button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {searches.map((s) => (
          <li key={s.segment}>
            <Link
              to={`/${locale}/flight/${s.segment}`}
              className="block rounded-lg border border-neutral-200 bg-white px-4 py-3 hover:border-primary-500 hover:bg-primary-50"
            >
              <span className="block font-medium">
                {s.from.name} → {s.to.name}
              </span>
              <span className="block text-sm text-neutral-700">
                {s.ret
                  ? t('search.recent.datesReturn', {
                      depart: formatShortDate(locale, s.depart),
                      ret: formatShortDate(locale, s.ret),
                    })
                  : formatShortDate(locale, s.depart)}
                {' · '}
                {t('search.passengers.count', { count: passengerTotal(s.passengers) })}
                {s.cabin === 'business' ? ` · ${t('search.cabin.business')}` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
