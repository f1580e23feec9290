import { redirect, useSearchParams } from 'react-router';
import { localPathSchema } from '@parvoz/contracts/settings';
import type { Route } from './+types/login';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadCurrentUserOnce } from '../../lib/user.server.ts';
import { LoginForm } from '../../features/auth/LoginForm.tsx';
import { loginAction } from './login-action.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.page.heading');

/** The sign-in page (works without JavaScript); a signed-in visitor goes straight on. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const returnTo = localPathSchema.safeParse(new URL(request.url).searchParams.get('returnTo') ?? undefined);
  if (state.token && (await loadCurrentUserOnce(state))) {
    throw redirect(returnTo.success && returnTo.data ? returnTo.data : `/${params.lang}/profile`);
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context.get(requestStateContext));
}

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
