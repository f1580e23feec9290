import { useState } from 'react';
import { Form, Link } from 'react-router';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import type { Route } from './+types/anywhere';
import { Button } from '../../components/Button.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useMoneyList } from '../../lib/use-money.ts';
import { PlaceField } from '../../features/search/PlaceField.tsx';
import { controlClasses, labelClasses } from '../../features/search/ui.ts';
import { AnywhereMap } from './anywhere-map.tsx';
import type { AnywhereCard } from './anywhere.server.ts';

export { loader } from './anywhere.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'footer.anywhere', undefined, {
    ...(args.loaderData
      ? { title: args.loaderData.words.heading, description: args.loaderData.words.description }
      : {}),
  });

/** The results page of a destination's day (or weekend): one adult in economy, whose cheapest offer the price is. */
function resultsPathOf(locale: string, origin: string, card: AnywhereCard): string {
  const segment = formatSearchSegment({
    origin,
    destination: card.code,
    departureDate: card.departure_date,
    returnDate: card.return_date,
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'economy',
  });
  return `/${locale}/flight/${segment}`;
}

/**
 * "Anywhere" (docs/anywhere.md): from one city, every city it flies to nonstop at its lowest fare in a month or on
 * a weekend, cheapest first, as a list and on a map; each opens its results. The form works without JavaScript.
 */
export default function AnywherePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const prices = useMoneyList();
  const { origin, cards, periods, when, problem, words } = loaderData;
  const [from, setFrom] = useState({ code: origin?.code ?? '', name: loaderData.typedName });
  const shown = origin
    ? prices(
        cards.map((card) => card.min_amount),
        origin.currency,
      ).map((price) => price ?? '')
    : [];
  const links = origin ? cards.map((card) => resultsPathOf(locale, origin.code, card)) : [];
  return (
    <>
      <PageHeading>{words.heading}</PageHeading>
      <p className="-mt-3 mb-6 text-neutral-700">{words.lead}</p>
      <Form
        method="get"
        className="grid gap-4 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <PlaceField
          id="anywhere-from"
          name="from"
          label={t('search.form.from')}
          value={from}
          onChange={setFrom}
          eager={false}
          invalid={problem === 'unknownOrigin'}
          describedBy={problem === 'unknownOrigin' ? 'anywhere-problem' : undefined}
        />
        <div className="grid gap-1">
          <label htmlFor="anywhere-when" className={labelClasses}>
            {words.when}
          </label>
          <select id="anywhere-when" name="when" defaultValue={when} className={controlClasses}>
            {(['months', 'weekends'] as const).map((group) => (
              <optgroup key={group} label={words[group]}>
                {periods[group].map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <Button type="submit" size="md">
          {words.show}
        </Button>
      </Form>

      {problem ? (
        problem === 'live' ? (
          <p className="mt-6">
            {words.problem}{' '}
            <LocalizedLink to="/" className="text-primary-700 underline">
              {t('error.backHome')}
            </LocalizedLink>
          </p>
        ) : (
          <p id="anywhere-problem" role="alert" className="mt-6 text-red-700">
            {words.problem}
          </p>
        )
      ) : origin && words.results ? (
        <section aria-labelledby="anywhere-results-heading" className="mt-8">
          <h2 id="anywhere-results-heading" className="text-xl font-semibold">
            {words.results.heading}
          </h2>
          <p className="mt-1 mb-4 text-sm text-neutral-700">{words.results.note}</p>
          {cards.length === 0 ? (
            <p data-testid="anywhere-none">{words.results.none}</p>
          ) : (
            <>
              <AnywhereMap origin={origin} cards={cards} prices={shown} links={links} />
              <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {cards.map((card, index) => (
                  <li key={card.code}>
                    <Link
                      to={links[index]!}
                      data-testid="anywhere-destination"
                      data-amount={card.min_amount}
                      className="flex h-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-neutral-200 bg-white px-4 py-3 hover:border-primary-500 hover:bg-primary-50"
                    >
                      <span className="grid min-w-36 flex-1">
                        <span className="font-medium break-words text-neutral-900">{card.name}</span>
                        <span className="text-sm text-neutral-700">{card.dates}</span>
                      </span>
                      <span
                        data-testid="anywhere-price"
                        className="shrink-0 font-semibold text-primary-800 tabular-nums"
                      >
                        {t('home.popular.price', { price: shown[index] ?? '' })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}
