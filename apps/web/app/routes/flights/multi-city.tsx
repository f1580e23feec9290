import type { Route } from './+types/multi-city';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { MultiCityForm } from '../../features/search/MultiCityForm.tsx';

export { loader, action } from './multi-city.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'search.multiCity.heading');

/** A trip of two to six flights (docs/design.md, "Multi-city"), searched as one ticket. */
export default function MultiCityPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const values = actionData?.values ?? loaderData.values;
  return (
    <>
      <PageHeading>{t('search.multiCity.heading')}</PageHeading>
      <p className="-mt-3 mb-6 text-neutral-700">{t('search.multiCity.lead')}</p>
      <MultiCityForm
        key={JSON.stringify(values)}
        idPrefix="multi"
        initial={values}
        errors={actionData?.errors}
      />
    </>
  );
}
