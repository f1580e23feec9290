import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsSalesReportQuerySchema, type OpsSalesReportQuery } from '@parvoz/contracts/ops-reports';
import type { Route } from './+types/reports';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';

const DAY_MS = 86_400_000;

/** The last 30 UTC days, by day, one row per currency: what the page shows before anything is chosen. */
function defaultQuery(now: number): OpsSalesReportQuery {
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: day(now - 29 * DAY_MS), to: day(now), group: 'day', by: 'currency' };
}

/**
 * Admins only (docs/operations.md#reports-and-books): the API answers 404 to anyone else and so does this page. A
 * period the contract refuses shows the default period's rows with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const given = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ''));
  const parsed = opsSalesReportQuerySchema.safeParse({ ...defaultQuery(Date.now()), ...given });
  const query = parsed.success ? parsed.data : defaultQuery(Date.now());
  const answer = await opsCall(state, opsEndpoints.opsSalesReport, { query });
  return { invalid: !parsed.success, report: answer.data };
}
