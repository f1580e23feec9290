import type { Route } from './+types/ops-tours';
import { useRootData, useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { formatLocalDate } from '../lib/local-time.ts';
import { useMoney } from '../lib/use-money.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { LocalizedLink } from '../components/LocalizedLink.tsx';
import { OpsTable } from '../features/ops/OpsTable.tsx';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsCall } from '../features/ops/ops-api.server.ts';
import { TourPublished } from '../features/ops/TourPublished.tsx';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'ops.tours.heading'),
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Every tour, published or not (issue 13 §7); staff only, like the whole console. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await opsCall(context.get(requestStateContext), opsEndpoints.opsListTours, {});
  return { tours: answer.data };
}

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
          caption={t('ops.tours.heading')}
          testId="ops-tours"
          columns={[
            t('ops.tours.field.title'),
            t('ops.tours.field.departsOn'),
            t('ops.tours.field.price'),
            t('ops.tours.field.seatsLeft'),
            t('ops.tours.state'),
          ]}
        >
          {loaderData.tours.map((tour) => (
            <tr key={tour.id} className="border-b border-neutral-200 align-top">
              <th scope="row" className="p-2 font-normal wrap-anywhere">
                <LocalizedLink to={`/ops/tours/${tour.id}`} className="text-primary-700 underline">
                  {tour.title[locale] || tour.title.en}
                </LocalizedLink>
                <br />
                <span className="font-mono text-xs text-neutral-700">{tour.slug}</span>
              </th>
              <td className="p-2 whitespace-nowrap">{formatLocalDate(locale, tour.departs_on)}</td>
              <td className="p-2 whitespace-nowrap">{money(tour.price, tour.currency)}</td>
              <td className="p-2">{tour.seats_left}</td>
              <td className="p-2">
                <TourPublished published={tour.published} />
              </td>
            </tr>
          ))}
        </OpsTable>
      )}
    </div>
  );
}
