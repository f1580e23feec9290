import type { Route } from './+types/home';
import { PageHeading } from '../components/PageHeading.tsx';
import { useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.home.title');

export default function Home() {
  const t = useT();
  return (
    <>
      <PageHeading>{t('page.home.heading')}</PageHeading>
      <p className="text-neutral-700">{t('page.home.lead')}</p>
    </>
  );
}
