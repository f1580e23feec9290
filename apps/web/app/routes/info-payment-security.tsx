import type { Route } from './+types/info-payment-security';
import { PageHeading } from '../components/PageHeading.tsx';
import { useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.paymentSecurity.heading');

export default function Page() {
  const t = useT();
  return <PageHeading>{t('page.paymentSecurity.heading')}</PageHeading>;
}
