import { redirect } from 'react-router';
import type { Route } from './+types/ops-index';
import { requireStaff } from '../features/ops/staff.server.ts';

/** `/{lang}/ops` opens the orders (staff only: anyone else gets the 404 before any redirect). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  throw redirect(`/${params.lang}/ops/orders`, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function OpsIndex() {
  return null;
}
