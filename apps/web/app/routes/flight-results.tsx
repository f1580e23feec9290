import type { Route } from './+types/flight-results';
import { PageHeading } from '../components/PageHeading.tsx';
import { useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';

export function loader({ params }: Route.LoaderArgs) {
  return { search: params.search };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'page.results.heading', { route: args.loaderData?.search ?? '' });

export default function FlightResults({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <PageHeading>{t('page.results.heading', { route: loaderData.search })}</PageHeading>;
}
