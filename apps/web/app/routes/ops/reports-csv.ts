import { redirect } from 'react-router';
import { opsSalesReportQuerySchema } from '@parvoz/contracts/ops-reports';
import type { Route } from './+types/reports-csv';
import { fileFailure, privateDownload } from '../../lib/api-file.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { fetchConsoleCsv } from '../../features/ops/ops-api.server.ts';

/**
 * GET /{lang}/ops/reports.csv?from=&to=&group=&by= (docs/operations.md#reports-and-books): the sales report's rows
 * as CSV, proxied from the API with the admin's session, as the orders' export is (./orders-csv.ts). Anyone else
 * gets the site's 404; a bad query goes back to the report, which says why.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const search = new URL(request.url).searchParams;
  const query = opsSalesReportQuerySchema.safeParse(Object.fromEntries(search));
  const answer = await fetchConsoleCsv(
    request,
    state,
    `/v1/ops/reports/sales.csv?${new URLSearchParams(query.success ? query.data : {})}`,
  );
  // Only admins get this far (the API's gate answers everyone else 404 before it validates anything).
  if (answer.status === 400 || answer.status === 429 || !query.success) {
    await answer.body?.cancel();
    return redirect(`/${params.lang}/ops/reports?${search}`);
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    throw fileFailure(503);
  }
  const { by, group, from, to } = query.data;
  return privateDownload(answer, 'text/csv; charset=utf-8', `sales-${by}-${group}-${from}-${to}.csv`);
}
