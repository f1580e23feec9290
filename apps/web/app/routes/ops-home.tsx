import { redirect } from 'react-router';
import type { Route } from './+types/ops-home';
import { requestStateContext } from '../lib/request-context.server.ts';
import { opsCall } from '../features/ops/ops-api.server.ts';

/** /{lang}/ops opens the orders, for staff (anyone else gets the 404, not a redirect that names a page). */
export async function loader({ params, context }: Route.LoaderArgs) {
  await opsCall(context.get(requestStateContext), 'get', '/me');
  return redirect(`/${params.lang}/ops/orders`);
}

/** Never shown (the loader redirects); a UI route, so that its 404 renders the site's not-found page. */
export default function OpsHome() {
  return null;
}
