import { useSearchParams } from 'react-router';
import { localPathSchema } from '@parvoz/contracts/settings';
import type { Route } from './+types/login';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { LoginForm } from '../../features/auth/LoginForm.tsx';

export { loader, action } from './login.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.page.heading');

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const [searchParams] = useSearchParams();
  const parsed = localPathSchema.safeParse(searchParams.get('returnTo') ?? undefined);
  const returnTo = parsed.success && parsed.data ? parsed.data : `/${locale}/profile`;
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>{t('auth.page.heading')}</PageHeading>
      <LoginForm returnTo={returnTo} initial={actionData ?? undefined} focusFirst />
    </div>
  );
}
