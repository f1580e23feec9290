import { redirect } from 'react-router';
import { localPathSchema } from '@parvoz/contracts/settings';
import type { Route } from './+types/login';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadCurrentUserOnce } from '../../lib/user.server.ts';
import { loginAction } from './login-action.server.ts';

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
