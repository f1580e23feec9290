import { Form, data, useNavigation } from 'react-router';
import type { Order } from '@parvoz/contracts/booking';
import { opsCancelSchema, opsNoteSchema, opsOrderParamsSchema } from '@parvoz/contracts/ops';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import type { Route } from './+types/ops-order';
import { useRootData, useT, type MessageKey } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { formatInstant } from '../lib/local-time.ts';
import { useMoney } from '../lib/use-money.ts';
import { ApiError } from '../lib/api.server.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { Button } from '../components/Button.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { LocalizedLink } from '../components/LocalizedLink.tsx';
import { consoleNotFound, opsCall } from '../features/ops/ops-api.server.ts';
import { OrderStatusBadges } from '../features/ops/OrderStatus.tsx';
import { OrderItinerary, OrderPassengers, OrderPrice } from '../features/orders/OrderDetails.tsx';

type TimelineEvent = { at: string; kind: string; by: string; details: Record<string, unknown> };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'ops.order.heading', { reference: args.loaderData?.order.booking_reference ?? '' });

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = opsOrderParamsSchema.safeParse({ id: params.id });
  const state = context.get(requestStateContext);
  if (!id.success) {
    await opsCall(state, 'get', '/me');
    throw consoleNotFound();
  }
  const answer = await opsCall<{ data: { order: Order; timeline: TimelineEvent[] } }>(
    state,
    'get',
    `/orders/${id.data.id}`,
  );
  return answer.data;
}

type ActionResult =
  { done: 'note' | 'cancelled' } | { quote: OrderCancellation } | { problem: 'note' | 'cancel' };

/** Every action is confirmed first (the cancellation shows its quote) and written to the audit log by the API. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const id = opsOrderParamsSchema.safeParse({ id: params.id });
  if (!id.success) throw consoleNotFound();
  const form = await request.formData();
  const intent = form.get('intent');
  const path = `/orders/${id.data.id}`;
  try {
    if (intent === 'note') {
      const note = opsNoteSchema.safeParse({ text: form.get('text') });
      if (!note.success) return data<ActionResult>({ problem: 'note' }, { status: 400 });
      await opsCall(state, 'post', `${path}/notes`, { body: note.data });
      return data<ActionResult>({ done: 'note' });
    }
    if (intent === 'quote') {
      const quote = await opsCall<{ data: OrderCancellation }>(state, 'post', `${path}/cancellations`);
      return data<ActionResult>({ quote: quote.data });
    }
    if (intent === 'cancel') {
      const body = opsCancelSchema.safeParse({ cancellation_id: form.get('cancellation_id') });
      if (!body.success) return data<ActionResult>({ problem: 'cancel' }, { status: 400 });
      await opsCall(state, 'post', `${path}/cancel`, { body: body.data });
      return data<ActionResult>({ done: 'cancelled' });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return data<ActionResult>({ problem: 'cancel' }, { status: 422 });
    throw error;
  }
  throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
}

const EVENT_LABELS: Record<string, MessageKey> = {
  'order.created': 'ops.event.created',
  'order.paid': 'ops.event.paid',
  'order.ticketed': 'ops.event.ticketed',
  'order.cancelled': 'ops.event.cancelled',
  'order.tickets_voided': 'ops.event.ticketsVoided',
  'order.note': 'ops.event.note',
  'payment.started': 'ops.event.paymentStarted',
  'payment.succeeded': 'ops.event.paymentSucceeded',
  'payment.failed': 'ops.event.paymentFailed',
  'payment.cancelled': 'ops.event.paymentCancelled',
  'refund.requested': 'ops.event.refundRequested',
  'refund.succeeded': 'ops.event.refundSucceeded',
  'webhook.received': 'ops.event.webhook',
  'cancellation.quoted': 'ops.event.cancellationQuoted',
  'email.queued': 'ops.event.email',
};

function Timeline({ events }: { events: TimelineEvent[] }) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <ol className="grid gap-2" data-testid="ops-timeline">
      {events.map((e, i) => (
        <li key={i} className="grid gap-0.5 border-l-2 border-primary-200 pl-3">
          <p className="font-medium">{EVENT_LABELS[e.kind] ? t(EVENT_LABELS[e.kind]!) : e.kind}</p>
          <p className="text-sm text-neutral-700 wrap-anywhere">
            {formatInstant(locale, e.at)} · {e.by}
          </p>
          {Object.keys(e.details).length ? (
            <p className="text-sm wrap-anywhere">
              {Object.entries(e.details)
                .map(([k, v]) => `${k}: ${String(v)}`)
                .join(' · ')}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export default function OpsOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const money = useMoney();
  const busy = useNavigation().state !== 'idle';
  const { order, timeline } = loaderData;
  const quote = actionData && 'quote' in actionData ? actionData.quote : null;
  return (
    <div className="grid gap-6">
      <p>
        <LocalizedLink to="/ops/orders" className="text-primary-700 underline">
          {t('ops.order.back')}
        </LocalizedLink>
      </p>
      <PageHeading>{t('ops.order.heading', { reference: order.booking_reference })}</PageHeading>
      <OrderStatusBadges order={order} />
      <p className="wrap-anywhere">
        {order.contact.full_name} · {order.contact.email} · {order.contact.phone}
      </p>
      {actionData && 'done' in actionData ? (
        <p role="status" className="rounded bg-green-50 p-3 text-green-900">
          {t(actionData.done === 'note' ? 'ops.order.noted' : 'ops.order.cancelledDone')}
        </p>
      ) : null}
      {actionData && 'problem' in actionData ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
          {t(actionData.problem === 'note' ? 'ops.order.noteInvalid' : 'ops.order.cancelRefused')}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid content-start gap-6">
          <OrderItinerary order={order} />
          <OrderPassengers order={order} />
          <OrderPrice order={order} />
        </div>
        <div className="grid content-start gap-6">
          <section
            aria-labelledby="ops-actions"
            className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
          >
            <h2 id="ops-actions" className="text-lg font-semibold">
              {t('ops.order.actions')}
            </h2>
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="note" />
              <label htmlFor="ops-note" className="font-medium">
                {t('ops.order.note')}
              </label>
              <textarea
                id="ops-note"
                name="text"
                required
                maxLength={2000}
                rows={3}
                className="rounded border border-neutral-400 p-2"
              />
              <Button type="submit" variant="outline" disabled={busy}>
                {t('ops.order.addNote')}
              </Button>
            </Form>
            {order.booking_status !== 'cancelled' ? (
              quote ? (
                <Form
                  method="post"
                  className="grid gap-2 rounded bg-amber-50 p-3"
                  data-testid="ops-cancel-quote"
                >
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="cancellation_id" value={quote.id} />
                  <p>
                    {t('ops.order.quote', {
                      refund: money(quote.refund_amount, order.total_currency),
                      kept: money(quote.kept_amount, order.total_currency),
                    })}
                  </p>
                  <Button type="submit" disabled={busy}>
                    {t('ops.order.confirmCancel')}
                  </Button>
                </Form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="quote" />
                  <Button type="submit" variant="outline" disabled={busy}>
                    {t('ops.order.cancel')}
                  </Button>
                </Form>
              )
            ) : null}
          </section>
          <section aria-labelledby="ops-timeline-heading" className="grid gap-3">
            <h2 id="ops-timeline-heading" className="text-lg font-semibold">
              {t('ops.order.timeline')}
            </h2>
            <Timeline events={timeline} />
          </section>
        </div>
      </div>
    </div>
  );
}
