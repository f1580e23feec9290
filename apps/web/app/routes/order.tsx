import type { Route } from './+types/order';
import { PageHeading } from '../components/PageHeading.tsx';
import { useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { ApiError } from '../lib/api.server.ts';

type OrderResponse = { data: { id: string; booking_reference: string } };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(requestStateContext);
  try {
    const body = await api.get<OrderResponse>(`/v1/orders/${encodeURIComponent(params.id)}`);
    return { order: body.data };
  } catch (error) {
    if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) {
      throw new Response(null, { status: 404, statusText: 'Not Found' });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'page.order.heading', { id: args.loaderData?.order.booking_reference ?? '' });

export default function Order({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <PageHeading>{t('page.order.heading', { id: loaderData.order.booking_reference })}</PageHeading>;
}
