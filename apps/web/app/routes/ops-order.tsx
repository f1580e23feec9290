import { Form, data, useNavigation, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import type { Order } from '@parvoz/contracts/booking';
import {
  opsCancelOverrideSchema,
  opsCancelSchema,
  opsCorrectContactSchema,
  opsNoteSchema,
  opsOrderParamsSchema,
  type OpsMe,
  type OpsRefund,
  type OpsTimelineEvent,
} from '@parvoz/contracts/ops';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import type { Route } from './+types/ops-order';
import { useRootData, useT, type MessageKey } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { formatInstant } from '../lib/local-time.ts';
import { useMoney } from '../lib/use-money.ts';
import { ApiError } from '../lib/api.server.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { Button } from '../components/Button.tsx';
import { FormField, inputClasses } from '../components/FormField.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { LocalizedLink } from '../components/LocalizedLink.tsx';
import { consoleNotFound, opsCall } from '../features/ops/ops-api.server.ts';
import { OrderStatusBadges } from '../features/ops/OrderStatus.tsx';
import { ConfirmStep, Notice } from '../features/ops/ConfirmStep.tsx';
import { usePaymentProviderName } from '../components/PaymentProviderMark.tsx';
import { OrderItinerary, OrderPassengers, OrderPrice } from '../features/orders/OrderDetails.tsx';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'ops.order.heading', { reference: args.loaderData?.order.booking_reference ?? '' }),
  { name: 'robots', content: 'noindex, nofollow' },
];

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  merged.set('Cache-Control', 'private, no-store');
  return merged;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = opsOrderParamsSchema.safeParse({ id: params.id });
  const state = context.get(requestStateContext);
  if (!id.success) {
    await opsCall(state, opsEndpoints.opsMe, {});
    throw consoleNotFound();
  }
  const answer = await opsCall(state, opsEndpoints.opsGetOrder, { params: id.data });
  return answer.data;
}

/** The key of one confirmed action: made with the confirmation, sent with "Yes" (and any retry of it). */
const KEY = z.string().regex(/^ops-[0-9a-f-]{36}$/);
const newKey = () => `ops-${crypto.randomUUID()}`;

type Confirm =
  | { step: 'note'; key: string; text: string }
  | { step: 'resend'; key: string }
  | { step: 'refund'; key: string; refund_id: string; amount: string; currency: string; provider: string }
  | { step: 'contact'; key: string; full_name: string; email: string; phone: string; reason: string }
  | {
      step: 'override';
      key: string;
      cancellation_id: string;
      refund_amount: string;
      reason: string;
      quoted: string;
    };

type ActionResult =
  | { done: MessageKey }
  | { quote: OrderCancellation & { key: string } }
  | { confirm: Confirm }
  | { problem: MessageKey };

const REFUSALS: Record<string, MessageKey> = {
  not_ticketed: 'ops.order.notTicketed',
  refund_exceeds_payment: 'ops.order.override.tooMuch',
  nothing_paid: 'ops.order.cancelRefused',
  refund_not_failed: 'ops.refund.notFailed',
};

const REFUND_ID = z.uuid();

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 2000) : '';
};

/**
 * Every action asks first and is written to the audit log by the API: the first post answers the
 * confirmation (with a new Idempotency-Key), "Yes" posts the action with that key.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const id = opsOrderParamsSchema.safeParse({ id: params.id });
  if (!id.success) throw consoleNotFound();
  const form = await request.formData();
  const intent = form.get('intent');
  const order = id.data;
  const key = () => {
    const parsed = KEY.safeParse(form.get('key'));
    if (!parsed.success) throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
    return parsed.data;
  };
  const confirm = (step: Confirm) => data<ActionResult>({ confirm: step });
  try {
    switch (intent) {
      case 'note': {
        const note = opsNoteSchema.safeParse({ text: form.get('text') });
        if (!note.success) return data<ActionResult>({ problem: 'ops.order.noteInvalid' }, { status: 400 });
        return confirm({ step: 'note', key: newKey(), text: note.data.text });
      }
      case 'note-confirm': {
        const note = opsNoteSchema.safeParse({ text: form.get('text') });
        if (!note.success) return data<ActionResult>({ problem: 'ops.order.noteInvalid' }, { status: 400 });
        await opsCall(state, opsEndpoints.opsAddOrderNote, {
          params: order,
          body: note.data,
          idempotencyKey: key(),
        });
        return data<ActionResult>({ done: 'ops.order.noted' });
      }
      case 'resend':
        return confirm({ step: 'resend', key: newKey() });
      case 'resend-confirm':
        await opsCall(state, opsEndpoints.opsResendConfirmation, {
          params: order,
          body: {},
          idempotencyKey: key(),
        });
        return data<ActionResult>({ done: 'ops.order.resent' });
      case 'refund-retry': {
        const refundId = REFUND_ID.safeParse(form.get('refund_id'));
        if (!refundId.success) return data<ActionResult>({ problem: 'ops.order.invalid' }, { status: 400 });
        const refund = (await opsCall(state, opsEndpoints.opsGetOrder, { params: order })).data.refunds.find(
          (r) => r.id === refundId.data,
        );
        if (!refund || refund.status !== 'failed')
          return data<ActionResult>({ problem: 'ops.refund.notFailed' }, { status: 422 });
        return confirm({
          step: 'refund',
          key: newKey(),
          refund_id: refund.id,
          amount: refund.amount,
          currency: refund.currency,
          provider: refund.provider,
        });
      }
      case 'refund-retry-confirm': {
        const refundId = REFUND_ID.safeParse(form.get('refund_id'));
        if (!refundId.success) return data<ActionResult>({ problem: 'ops.order.invalid' }, { status: 400 });
        await opsCall(state, opsEndpoints.opsRetryRefund, {
          params: { ...order, refund_id: refundId.data },
          body: {},
          idempotencyKey: key(),
        });
        return data<ActionResult>({ done: 'ops.refund.retried' });
      }
      case 'contact':
      case 'contact-confirm': {
        const fields = {
          full_name: text(form, 'full_name'),
          email: text(form, 'email'),
          phone: text(form, 'phone'),
          reason: text(form, 'reason'),
        };
        const body = opsCorrectContactSchema.safeParse(fields);
        if (!body.success)
          return data<ActionResult>({ problem: 'ops.order.contact.invalid' }, { status: 400 });
        if (intent === 'contact') return confirm({ step: 'contact', key: newKey(), ...fields });
        await opsCall(state, opsEndpoints.opsCorrectContact, {
          params: order,
          body: fields,
          idempotencyKey: key(),
        });
        return data<ActionResult>({ done: 'ops.order.contact.done' });
      }
      case 'quote': {
        const quote = await opsCall(state, opsEndpoints.opsQuoteCancellation, { params: order });
        return data<ActionResult>({ quote: { ...quote.data, key: newKey() } });
      }
      case 'cancel': {
        const body = opsCancelSchema.safeParse({ cancellation_id: form.get('cancellation_id') });
        if (!body.success) return data<ActionResult>({ problem: 'ops.order.cancelRefused' }, { status: 400 });
        await opsCall(state, opsEndpoints.opsCancelOrder, {
          params: order,
          body: body.data,
          idempotencyKey: key(),
        });
        return data<ActionResult>({ done: 'ops.order.cancelledDone' });
      }
      case 'override':
      case 'override-confirm': {
        const fields = {
          cancellation_id: text(form, 'cancellation_id'),
          refund_amount: text(form, 'refund_amount').replace(',', '.'),
          reason: text(form, 'reason'),
        };
        const body = opsCancelOverrideSchema.safeParse(fields);
        if (!body.success)
          return data<ActionResult>({ problem: 'ops.order.override.invalid' }, { status: 400 });
        if (intent === 'override')
          return confirm({
            step: 'override',
            key: newKey(),
            ...body.data,
            // Only shown beside the new amount: a number or nothing.
            quoted: /^\d{1,12}(\.\d{1,2})?$/.test(text(form, 'quoted')) ? text(form, 'quoted') : '0',
          });
        await opsCall(state, opsEndpoints.opsCancelOrderWithOverride, {
          params: order,
          body: body.data,
          idempotencyKey: key(),
        });
        return data<ActionResult>({ done: 'ops.order.cancelledDone' });
      }
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const reason = (error.body as { error?: { details?: { reason?: string } } } | null)?.error?.details
        ?.reason;
      return data<ActionResult>(
        { problem: REFUSALS[reason ?? ''] ?? 'ops.order.cancelRefused' },
        { status: 422 },
      );
    }
    if (error instanceof ApiError && error.status === 400)
      return data<ActionResult>({ problem: 'ops.order.invalid' }, { status: 400 });
    if (error instanceof ApiError && error.status === 429)
      return data<ActionResult>({ problem: 'ops.order.rateLimited' }, { status: 429 });
    throw error;
  }
  throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
}

const EVENT_LABELS: Record<string, MessageKey> = {
  'order.created': 'ops.event.created',
  'order.paid': 'ops.event.paid',
  'order.ticketed': 'ops.event.ticketed',
  'order.cancelled': 'ops.event.cancelled',
  'order.cancelled_with_override': 'ops.event.cancelledOverride',
  'order.confirmation_resent': 'ops.event.resent',
  'order.contact_corrected': 'ops.event.contactCorrected',
  'order.tickets_voided': 'ops.event.ticketsVoided',
  'order.note': 'ops.event.note',
  'payment.started': 'ops.event.paymentStarted',
  'payment.succeeded': 'ops.event.paymentSucceeded',
  'payment.failed': 'ops.event.paymentFailed',
  'payment.cancelled': 'ops.event.paymentCancelled',
  'refund.requested': 'ops.event.refundRequested',
  'refund.succeeded': 'ops.event.refundSucceeded',
  'refund.failed': 'ops.event.refundFailed',
  'webhook.received': 'ops.event.webhook',
  'cancellation.quoted': 'ops.event.cancellationQuoted',
  'email.queued': 'ops.event.email',
};

function Timeline({ events }: { events: OpsTimelineEvent[] }) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <ol className="grid gap-2" data-testid="ops-timeline">
      {events.map((e, i) => (
        <li key={i} className="grid gap-0.5 border-l-2 border-primary-200 pl-3">
          <p className="font-medium">{EVENT_LABELS[e.kind] ? t(EVENT_LABELS[e.kind]!) : e.kind}</p>
          <p className="text-sm text-neutral-700 wrap-anywhere">
            <time dateTime={e.at}>{formatInstant(locale, e.at)}</time> · {e.by}
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

/** The confirmation of the action just asked for. */
function ConfirmAction({ confirm, order, busy }: { confirm: Confirm; order: Order; busy: boolean }) {
  const t = useT();
  const money = useMoney();
  const providerName = usePaymentProviderName();
  switch (confirm.step) {
    case 'note':
      return (
        <ConfirmStep
          id="ops-confirm-note"
          question={t('ops.order.confirmNote', { text: confirm.text })}
          intent="note-confirm"
          fields={{ key: confirm.key, text: confirm.text }}
          yes={t('ops.order.yesNote')}
          busy={busy}
        />
      );
    case 'resend':
      return (
        <ConfirmStep
          id="ops-confirm-resend"
          question={t('ops.order.confirmResend', { email: order.contact.email })}
          intent="resend-confirm"
          fields={{ key: confirm.key }}
          yes={t('ops.order.yesResend')}
          busy={busy}
        />
      );
    case 'refund': {
      const amount = money(confirm.amount, confirm.currency);
      return (
        <ConfirmStep
          id="ops-confirm-refund"
          question={t('ops.refund.confirmRetry', { amount, provider: providerName(confirm.provider) })}
          intent="refund-retry-confirm"
          fields={{ key: confirm.key, refund_id: confirm.refund_id }}
          yes={t('ops.refund.yesRetry')}
          busy={busy}
        />
      );
    }
    case 'contact': {
      const { step: _step, key, ...fields } = confirm;
      return (
        <ConfirmStep
          id="ops-confirm-contact"
          question={t('ops.order.contact.confirm', {
            name: fields.full_name,
            email: fields.email,
            phone: fields.phone,
          })}
          intent="contact-confirm"
          fields={{ key, ...fields }}
          yes={t('ops.order.contact.yes')}
          busy={busy}
        />
      );
    }
    case 'override': {
      const refund = money(confirm.refund_amount, order.total_currency);
      return (
        <ConfirmStep
          id="ops-confirm-override"
          question={t('ops.order.override.confirm', {
            refund,
            quoted: money(confirm.quoted, order.total_currency),
            reason: confirm.reason,
          })}
          intent="override-confirm"
          fields={{
            key: confirm.key,
            cancellation_id: confirm.cancellation_id,
            refund_amount: confirm.refund_amount,
            reason: confirm.reason,
          }}
          yes={t('ops.order.override.yes', { refund })}
          busy={busy}
        />
      );
    }
  }
}

function CancelQuote({
  quote,
  order,
  admin,
  busy,
}: {
  quote: OrderCancellation & { key: string };
  order: Order;
  admin: boolean;
  busy: boolean;
}) {
  const t = useT();
  const money = useMoney();
  return (
    <ConfirmStep
      id="ops-cancel-quote"
      question={t('ops.order.quote', {
        refund: money(quote.refund_amount, order.total_currency),
        kept: money(quote.kept_amount, order.total_currency),
      })}
      intent="cancel"
      fields={{ key: quote.key, cancellation_id: quote.id }}
      yes={t('ops.order.confirmCancel')}
      busy={busy}
    >
      {admin && order.payment_status === 'paid' ? (
        <Form method="post" className="grid gap-2 rounded border border-neutral-300 bg-white p-3">
          <p className="font-medium">{t('ops.order.override.heading')}</p>
          <input type="hidden" name="intent" value="override" />
          <input type="hidden" name="cancellation_id" value={quote.id} />
          <input type="hidden" name="quoted" value={quote.refund_amount} />
          <FormField
            id="ops-override-amount"
            label={t('ops.order.override.amount', { currency: order.total_currency })}
          >
            {(control) => (
              <input
                {...control}
                name="refund_amount"
                inputMode="decimal"
                required
                defaultValue={order.total_amount}
                className={inputClasses(false, 'w-40')}
              />
            )}
          </FormField>
          <FormField id="ops-override-reason" label={t('ops.order.override.reason')}>
            {(control) => (
              <input
                {...control}
                name="reason"
                required
                minLength={3}
                maxLength={500}
                className={inputClasses(false)}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              {t('ops.order.override.submit')}
            </Button>
          </div>
        </Form>
      ) : null}
    </ConfirmStep>
  );
}

const REFUND_STATUS_LABELS: Record<OpsRefund['status'], MessageKey> = {
  pending: 'ops.refund.status.pending',
  succeeded: 'ops.refund.status.succeeded',
  failed: 'ops.refund.status.failed',
};

/** The order's refunds; one the provider refused says why and can be asked for again. */
function Refunds({ refunds, busy }: { refunds: OpsRefund[]; busy: boolean }) {
  const t = useT();
  const money = useMoney();
  const providerName = usePaymentProviderName();
  if (refunds.length === 0) return null;
  return (
    <section
      aria-labelledby="ops-refunds"
      className="grid gap-3 rounded border border-neutral-200 bg-white p-4"
    >
      <h2 id="ops-refunds" className="text-lg font-semibold">
        {t('ops.refund.heading')}
      </h2>
      <ul className="grid gap-3" data-testid="ops-refunds">
        {refunds.map((refund) => (
          <li key={refund.id} className="grid gap-1">
            <p className="wrap-anywhere">
              <span className="font-medium">{money(refund.amount, refund.currency)}</span> ·{' '}
              {providerName(refund.provider)} ·{' '}
              <span className={refund.status === 'failed' ? 'font-semibold text-red-800' : undefined}>
                {t(REFUND_STATUS_LABELS[refund.status])}
              </span>
            </p>
            {refund.status === 'failed' ? (
              <>
                <p className="text-sm text-neutral-700 wrap-anywhere">
                  {t('ops.refund.failedReason', { reason: refund.failure_reason ?? '—' })}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="refund-retry" />
                  <input type="hidden" name="refund_id" value={refund.id} />
                  <Button type="submit" variant="outline" disabled={busy}>
                    {t('ops.refund.retry')}
                  </Button>
                </Form>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContactForm({ order, busy }: { order: Order; busy: boolean }) {
  const t = useT();
  return (
    <details className="rounded border border-neutral-200 p-3">
      <summary className="cursor-pointer font-medium">{t('ops.order.contact.heading')}</summary>
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="contact" />
        <FormField id="ops-contact-name" label={t('ops.order.contact.fullName')}>
          {(control) => (
            <input
              {...control}
              name="full_name"
              required
              maxLength={100}
              defaultValue={order.contact.full_name}
              className={inputClasses(false)}
            />
          )}
        </FormField>
        <FormField id="ops-contact-email" label={t('ops.order.contact.email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              required
              defaultValue={order.contact.email}
              className={inputClasses(false)}
            />
          )}
        </FormField>
        <FormField id="ops-contact-phone" label={t('ops.order.contact.phone')}>
          {(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              required
              defaultValue={order.contact.phone}
              className={inputClasses(false)}
            />
          )}
        </FormField>
        <FormField id="ops-contact-reason" label={t('ops.order.contact.reason')}>
          {(control) => (
            <input
              {...control}
              name="reason"
              required
              minLength={3}
              maxLength={500}
              className={inputClasses(false)}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" variant="outline" disabled={busy}>
            {t('ops.order.contact.submit')}
          </Button>
        </div>
      </Form>
    </details>
  );
}

export default function OpsOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  const layout = useRouteLoaderData('routes/ops-layout') as { me: OpsMe } | undefined;
  const admin = layout?.me.role === 'admin';
  const { order, timeline, refunds } = loaderData;
  const result = actionData as ActionResult | undefined;
  const quote = result && 'quote' in result ? result.quote : null;
  const confirm = result && 'confirm' in result ? result.confirm : null;
  const ticketed = order.booking_status === 'booked' && order.payment_status === 'paid';
  return (
    <div className="grid gap-6">
      <p>
        <LocalizedLink to="/ops/orders" className="text-primary-700 underline">
          {t('ops.order.back')}
        </LocalizedLink>
      </p>
      <PageHeading>{t('ops.order.heading', { reference: order.booking_reference })}</PageHeading>
      <OrderStatusBadges order={order} />
      <p className="wrap-anywhere" data-testid="ops-order-contact">
        {order.contact.full_name} · {order.contact.email} · {order.contact.phone}
      </p>
      {result && 'done' in result ? (
        <Notice kind="done">{t(result.done, { email: order.contact.email })}</Notice>
      ) : null}
      {result && 'problem' in result ? <Notice kind="error">{t(result.problem)}</Notice> : null}
      {confirm ? <ConfirmAction confirm={confirm} order={order} busy={busy} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 content-start gap-6">
          <OrderItinerary order={order} />
          <OrderPassengers order={order} />
          <OrderPrice order={order} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
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
            {ticketed ? (
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <Button type="submit" variant="outline" disabled={busy}>
                  {t('ops.order.resend')}
                </Button>
              </Form>
            ) : null}
            <ContactForm order={order} busy={busy} />
            {order.booking_status !== 'cancelled' ? (
              quote ? (
                <CancelQuote quote={quote} order={order} admin={admin} busy={busy} />
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
          <Refunds refunds={refunds} busy={busy} />
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
