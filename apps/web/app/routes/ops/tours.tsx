import type { Route } from './+types/tours';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatLocalDate } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { OpsTable } from '../../features/ops/OpsTable.tsx';
import { TourPublished } from '../../features/ops/TourPublished.tsx';

export { loader } from './tours.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'ops.tours.heading'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function OpsTours({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{t('ops.tours.heading')}</PageHeading>
        <LocalizedLink
          to="/ops/tours/new"
          className="rounded bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800"
        >
          {t('ops.tours.new')}
        </LocalizedLink>
      </div>
      {loaderData.tours.length === 0 ? (
        <p>{t('ops.tours.none')}</p>
      ) : (
        <OpsTable
          caption="ops.tours.heading"
          testId="ops-tours"
          rows={loaderData.tours}
          rowKey={(tour) => tour.id}
          columns={[
            {
              label: 'ops.tours.field.title',
              className: 'font-normal wrap-anywhere',
              cell: (tour) => (
                <>
                  <TextLink to={`/ops/tours/${tour.id}`}>{tour.title[locale] || tour.title.en}</TextLink>
                  <br />
                  <span className="font-mono text-xs text-neutral-700">{tour.slug}</span>
                </>
              ),
            },
            {
              label: 'ops.tours.field.departsOn',
              className: 'whitespace-nowrap',
              cell: (tour) => formatLocalDate(locale, tour.departs_on),
            },
            {
              label: 'ops.tours.field.price',
              className: 'whitespace-nowrap',
              cell: (tour) => money(tour.price, tour.currency),
            },
            { label: 'ops.tours.field.seatsLeft', cell: (tour) => tour.seats_left },
            { label: 'ops.tours.state', cell: (tour) => <TourPublished published={tour.published} /> },
          ]}
        />
      )}
    </div>
  );
}
