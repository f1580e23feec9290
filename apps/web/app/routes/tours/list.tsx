import { Form } from 'react-router';
import type { Route } from './+types/list';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { SelectOptions } from '../../components/SelectOptions.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { cachedPageHeaders } from '../../lib/page-cache.server.ts';
import { TourCard } from '../../features/info/TourCard.tsx';
import { formatTourMonth } from '../../features/info/tour-format.ts';

export { loader } from './list.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'page.tours.heading', undefined, { descriptionKey: 'page.tours.description' });

export const headers = cachedPageHeaders;

/** Last-minute tours: a list filtered by departure city and month (a plain GET form, no JavaScript needed). */
export default function Tours({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { tours, facets, filter } = loaderData;
  const filtered = Boolean(filter.from || filter.month);
  return (
    <>
      <PageHeading>{t('page.tours.heading')}</PageHeading>
      <p className="max-w-3xl text-neutral-700">{t('tours.lead')}</p>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-lg border border-neutral-200 bg-white p-4"
        aria-label={t('tours.filter.label')}
      >
        <FilterSelect
          name="from"
          label={t('tours.filter.origin')}
          anyLabel={t('tours.filter.anyOrigin')}
          value={filter.from}
          choices={facets.origins}
        />
        <FilterSelect
          name="month"
          label={t('tours.filter.month')}
          anyLabel={t('tours.filter.anyMonth')}
          value={filter.month}
          choices={facets.months.map((month) => ({ code: month, name: formatTourMonth(locale, month) }))}
        />
        <Button type="submit" size="md">
          {t('tours.filter.apply')}
        </Button>
        {filtered ? (
          <LocalizedLink to="/tours" className="py-2 text-sm text-primary-700 underline">
            {t('tours.filter.reset')}
          </LocalizedLink>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-neutral-600" role="status">
        {t('tours.found', { count: tours.length })}
      </p>
      {tours.length ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tours.map((tour) => (
            <TourCard key={tour.slug} tour={tour} />
          ))}
        </div>
      ) : (
        <p className="mt-6 rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          {t('tours.empty')}
        </p>
      )}
    </>
  );
}

/** One filter of the list: "any" first, then the values the tours have. */
function FilterSelect({
  name,
  label,
  anyLabel,
  value,
  choices,
}: {
  name: string;
  label: string;
  anyLabel: string;
  value: string;
  choices: ReadonlyArray<{ code: string; name: string }>;
}) {
  const id = `tours-${name}`;
  return (
    <div className="grid min-w-40 flex-1 gap-1 sm:flex-none">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        // A new key when the URL's filter changes (back button, reset): the uncontrolled select shows it.
        key={`${name}-${value}`}
        className="rounded border border-neutral-400 bg-white px-3 py-2"
      >
        <SelectOptions empty={anyLabel} choices={choices} />
      </select>
    </div>
  );
}
