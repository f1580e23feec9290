import { redirect } from 'react-router';
import { opsExportSchema } from '@parvoz/contracts/ops';
import type { Route } from './+types/orders-csv';
import { fileFailure, privateDownload } from '../../lib/api-file.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { fetchConsoleCsv } from '../../features/ops/ops-api.server.ts';

/**
 * GET /{lang}/ops/orders.csv?from=&to= (docs/after-sale.md §8): the console's CSV export, proxied from the
 * API with the staff member's session (the browser never holds the token in script). Anyone without a role
 * gets the site's 404, as on every console page; a bad period goes back to the overview with the reason.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const search = new URL(request.url).searchParams;
  const back = (problem: string) => redirect(`/${params.lang}/ops?export=${problem}#ops-export`);
  const period = opsExportSchema.safeParse({ from: search.get('from'), to: search.get('to') });
  const query = new URLSearchParams(period.success ? period.data : {});
  const answer = await fetchConsoleCsv(request, state, `/v1/ops/orders.csv?${query}`);
  // Only staff get this far (the API's gate answers everyone else 404 before it validates anything).
  if (answer.status === 400 || !period.success) {
    await answer.body?.cancel();
    return back('invalid');
  }
  if (answer.status === 429) {
    await answer.body?.cancel();
    return back('rate_limited');
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    throw fileFailure(503);
  }
  return privateDownload(
    answer,
    'text/csv; charset=utf-8',
    `orders-${period.data.from}-${period.data.to}.csv`,
  );
}
