import type { ComponentProps } from 'react';
import { Form, data, useNavigation, useRouteLoaderData } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import type { Order } from '@parvoz/contracts/booking';
import {
  opsCancelOverrideSchema,
  opsCorrectContactSchema,
  opsNoteSchema,
  opsOrderParamsSchema,
  type OpsMe,
  type OpsRefund,
  type OpsTimelineEvent,
} from '@parvoz/contracts/ops';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import type { Route } from './+types/order';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { ApiError } from '../../lib/api.server.ts';
import { refusalOf } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { Button } from '../../components/Button.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { Field } from '../../components/Field.tsx';
import { TextField } from '../../components/FieldInputs.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { OpsPanel } from '../../features/ops/OpsPanel.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { consoleNotFound, opsCall } from '../../features/ops/ops-api.server.ts';
import { actionKeyOf, newActionKey } from '../../features/ops/action-key.server.ts';
import { OrderStatusBadges } from '../../features/ops/OrderStatus.tsx';
import { ConfirmStep, Notice } from '../../features/ops/ConfirmStep.tsx';
import { SupplierPanel } from '../../features/ops/SupplierPanel.tsx';
import { TicketingPanel } from '../../features/ops/TicketingPanel.tsx';
import { usePaymentProviderName } from '../../components/PaymentProviderMark.tsx';
import { OrderItinerary, OrderPassengers, OrderPrice } from '../../features/orders/OrderDetails.tsx';
import { FiscalReceipts } from '../../features/orders/FiscalReceipts.tsx';

// The console has no JavaScript budget: its schemas come with the page.
const loadOverrideSchema = async () => opsCancelOverrideSchema;
const loadContactSchema = async () => opsCorrectContactSchema;
const loadNoteSchema = async () => opsNoteSchema;

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

type Confirm =
  | { step: 'note'; key: string; text: string }
  | { step: 'resend'; key: string }
  | { step: 'ticketing-retry'; key: string }
  | { step: 'ticketing-refund'; key: string }
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

/** The forms the operator fills in: a refusal shows its errors next to their fields. */
type FieldForm = 'note' | 'contact' | 'override';

type ActionResult =
  | { done: MessageKey }
  | { quote: OrderCancellation & { key: string } }
  | { confirm: Confirm }
  | { problem: MessageKey; form?: FieldForm; submission?: SubmissionResult };

/** The order actions' endpoints, whose refusals the page says in words. */
const ORDER_ACTIONS = [
  opsEndpoints.opsAddOrderNote,
  opsEndpoints.opsResendConfirmation,
  opsEndpoints.opsRetryRefund,
  opsEndpoints.opsRetryTicketing,
  opsEndpoints.opsRefundTicketing,
  opsEndpoints.opsCorrectContact,
  opsEndpoints.opsCancelOrder,
  opsEndpoints.opsCancelOrderWithOverride,
  opsEndpoints.opsQuoteCancellation,
] as const;

/** What the page says of an order action the API refused (422), by the reason its contract gives. */
function refusalWords(error: unknown): MessageKey {
  const refusal = refusalOf(error, ...ORDER_ACTIONS);
  switch (refusal?.code === 'unprocessable' ? refusal.details.reason : undefined) {
    case 'not_ticketed':
      return 'ops.order.notTicketed';
    case 'refund_exceeds_payment':
      return 'ops.order.override.tooMuch';
    case 'refund_not_failed':
      return 'ops.refund.notFailed';
    case 'no_ticketing_problem':
      return 'ops.ticketing.noProblem';
    case 'paid_at_supplier':
      return 'ops.ticketing.paidAtSupplier';
    default:
      return 'ops.order.cancelRefused';
  }
}

/** The refund-retry buttons' one field. */
const refundRetryFormSchema = z.object({ refund_id: z.uuid() });

/**
 * One order action the console asks about first (docs/after-sale.md §6): the request schema of its endpoint
 * reads the form (Conform, as the browser does); the first post answers `ask`'s confirmation, "Yes"
 * (`confirming`) sends it with the key made for that confirmation. The same steps for every action, written
 * once.
 */
function confirmedAction<S extends z.ZodType>(spec: {
  schema: S;
  /** The words of a refused form. */
  invalid: MessageKey;
  /** The form whose fields show the errors, when the operator typed them. */
  form?: FieldForm;
  /** Keep the form's other fields in a refusal's values (the override's quoted amount, shown again). */
  allFields?: boolean;
  /** Prepares the form before it is read (e.g. a decimal comma). */
  prepare?: (form: FormData) => FormData;
  ask: (body: z.output<S>, form: FormData) => Confirm | ActionResult | Promise<Confirm | ActionResult>;
  send: (body: z.output<S>, key: string) => Promise<unknown>;
  done: MessageKey;
}) {
  return async (form: FormData, confirming: boolean, key: () => string) => {
    const submission = parseForm(spec.prepare ? spec.prepare(form) : form, spec.schema, {
      onlySchemaFields: !spec.allFields,
    });
    if (submission.status !== 'success') {
      const shown = spec.form ? { form: spec.form, submission: submission.reply() } : {};
      return data<ActionResult>({ problem: spec.invalid, ...shown }, { status: 400 });
    }
    if (!confirming) {
      const asked = await spec.ask(submission.value, form);
      return 'step' in asked
        ? data<ActionResult>({ confirm: asked })
        : data<ActionResult>(asked, { status: 422 });
    }
    await spec.send(submission.value, key());
    return data<ActionResult>({ done: spec.done });
  };
}

/** A form's field as text ('' when missing), only for what is shown beside an action. */
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
  const intent = String(form.get('intent') ?? '');
  const order = id.data;
  const key = () => actionKeyOf(form);
  const actions = {
    note: confirmedAction({
      schema: opsEndpoints.opsAddOrderNote.body,
      invalid: 'ops.order.noteInvalid',
      form: 'note',
      ask: (body) => ({ step: 'note', key: newActionKey(), text: body.text }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsAddOrderNote, { params: order, body, idempotencyKey }),
      done: 'ops.order.noted',
    }),
    resend: confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'resend', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsResendConfirmation, { params: order, body: {}, idempotencyKey }),
      done: 'ops.order.resent',
    }),
    'ticketing-retry': confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'ticketing-retry', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsRetryTicketing, { params: order, idempotencyKey }),
      done: 'ops.ticketing.retried',
    }),
    'ticketing-refund': confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'ticketing-refund', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsRefundTicketing, { params: order, idempotencyKey }),
      done: 'ops.ticketing.refunded',
    }),
    'refund-retry': confirmedAction({
      schema: refundRetryFormSchema,
      invalid: 'ops.order.invalid',
      ask: async (body): Promise<Confirm | ActionResult> => {
        const { refunds } = (await opsCall(state, opsEndpoints.opsGetOrder, { params: order })).data;
        const refund = refunds.find((r) => r.id === body.refund_id);
        if (!refund || refund.status !== 'failed') return { problem: 'ops.refund.notFailed' };
        const { amount, currency, provider } = refund;
        return { step: 'refund', key: newActionKey(), refund_id: refund.id, amount, currency, provider };
      },
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsRetryRefund, {
          params: { ...order, refund_id: body.refund_id },
          body: {},
          idempotencyKey,
        }),
      done: 'ops.refund.retried',
    }),
    contact: confirmedAction({
      schema: opsEndpoints.opsCorrectContact.body,
      invalid: 'ops.order.contact.invalid',
      form: 'contact',
      // The question repeats what was typed; "Yes" sends it again, checked again.
      ask: (_body, raw) => ({
        step: 'contact',
        key: newActionKey(),
        full_name: text(raw, 'full_name'),
        email: text(raw, 'email'),
        phone: text(raw, 'phone'),
        reason: text(raw, 'reason'),
      }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCorrectContact, { params: order, body, idempotencyKey }),
      done: 'ops.order.contact.done',
    }),
    cancel: confirmedAction({
      schema: opsEndpoints.opsCancelOrder.body,
      invalid: 'ops.order.cancelRefused',
      // Its question is the quote (intent "quote" below).
      ask: () => ({ problem: 'ops.order.invalid' }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCancelOrder, { params: order, body, idempotencyKey }),
      done: 'ops.order.cancelledDone',
    }),
    override: confirmedAction({
      schema: opsEndpoints.opsCancelOrderWithOverride.body,
      invalid: 'ops.order.override.invalid',
      form: 'override',
      // Not a strict schema: its other fields (intent, quoted) are ignored, and kept for the form shown again.
      allFields: true,
      prepare: (raw) => {
        const prepared = new FormData();
        for (const [name, value] of raw) prepared.append(name, value);
        prepared.set('refund_amount', text(raw, 'refund_amount').replace(',', '.'));
        return prepared;
      },
      ask: (body, raw) => ({
        step: 'override',
        key: newActionKey(),
        ...body,
        // Only shown beside the new amount: a number or nothing.
        quoted: /^\d{1,12}(\.\d{1,2})?$/.test(text(raw, 'quoted')) ? text(raw, 'quoted') : '0',
      }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCancelOrderWithOverride, { params: order, body, idempotencyKey }),
      done: 'ops.order.cancelledDone',
    }),
  };
  try {
    if (intent === 'quote') {
      const quote = await opsCall(state, opsEndpoints.opsQuoteCancellation, { params: order });
      return data<ActionResult>({ quote: { ...quote.data, key: newActionKey() } });
    }
    // "cancel" is the "Yes" of the quote; every other action is "<name>", then "<name>-confirm".
    if (intent === 'cancel') return await actions.cancel(form, true, key);
    const confirming = intent.endsWith('-confirm');
    const name = confirming ? intent.slice(0, -'-confirm'.length) : intent;
    if (name !== 'cancel' && Object.hasOwn(actions, name))
      return await actions[name as keyof typeof actions](form, confirming, key);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return data<ActionResult>({ problem: refusalWords(error) }, { status: 422 });
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
  'supplier.paid': 'ops.event.supplierPaid',
  'supplier.cancelled': 'ops.event.supplierCancelled',
  'airline_change.detected': 'ops.event.airlineChange',
  'airline_change.accepted': 'ops.event.airlineChangeAccepted',
  'airline_change.cancelled': 'ops.event.airlineChangeCancelled',
  'airline_change.changed': 'ops.event.airlineChangeChanged',
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
  // Every step's "Yes" posts the key made for it and the step's own fields.
  const ask = (intent: string, question: string, yes: string, fields: Record<string, string> = {}) => (
    <ConfirmStep
      id={`ops-confirm-${confirm.step}`}
      question={question}
      intent={intent}
      fields={{ key: confirm.key, ...fields }}
      yes={yes}
      busy={busy}
    />
  );
  switch (confirm.step) {
    case 'note':
      return ask('note-confirm', t('ops.order.confirmNote', { text: confirm.text }), t('ops.order.yesNote'), {
        text: confirm.text,
      });
    case 'resend':
      return ask(
        'resend-confirm',
        t('ops.order.confirmResend', { email: order.contact.email }),
        t('ops.order.yesResend'),
      );
    case 'ticketing-retry':
      return ask('ticketing-retry-confirm', t('ops.ticketing.retryConfirm'), t('ops.ticketing.yesRetry'));
    case 'ticketing-refund':
      return ask('ticketing-refund-confirm', t('ops.ticketing.refundConfirm'), t('ops.ticketing.yesRefund'));
    case 'refund': {
      const amount = money(confirm.amount, confirm.currency);
      const question = t('ops.refund.confirmRetry', { amount, provider: providerName(confirm.provider) });
      return ask('refund-retry-confirm', question, t('ops.refund.yesRetry'), {
        refund_id: confirm.refund_id,
      });
    }
    case 'contact': {
      const { step: _step, key: _key, ...fields } = confirm;
      const question = t('ops.order.contact.confirm', {
        name: fields.full_name,
        email: fields.email,
        phone: fields.phone,
      });
      return ask('contact-confirm', question, t('ops.order.contact.yes'), fields);
    }
    case 'override': {
      const refund = money(confirm.refund_amount, order.total_currency);
      const question = t('ops.order.override.confirm', {
        refund,
        quoted: money(confirm.quoted, order.total_currency),
        reason: confirm.reason,
      });
      const { cancellation_id, refund_amount, reason } = confirm;
      return ask('override-confirm', question, t('ops.order.override.yes', { refund }), {
        cancellation_id,
        refund_amount,
        reason,
      });
    }
  }
}

/** A cancellation refunding another amount (admins): checked with the endpoint's schema, here and in the action. */
function OverrideForm({
  cancellationId,
  quoted,
  order,
  busy,
  failed,
}: {
  cancellationId: string;
  /** The quote's refund, shown beside the new amount in the question. */
  quoted: string;
  order: Order;
  busy: boolean;
  failed: SubmissionResult | undefined;
}) {
  const t = useT();
  const [form, fields] = useContractForm('ops-override', loadOverrideSchema, failed, {
    defaultValue: { refund_amount: order.total_amount },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-2 rounded border border-neutral-300 bg-white p-3"
    >
      <p className="font-medium">{t('ops.order.override.heading')}</p>
      <input type="hidden" name="intent" value="override" />
      <input type="hidden" name={fields.cancellation_id.name} value={cancellationId} />
      <input type="hidden" name="quoted" value={quoted} />
      <TextField
        meta={fields.refund_amount}
        label={t('ops.order.override.amount', { currency: order.total_currency })}
        error={t('ops.form.error.amount')}
        input={{ inputMode: 'decimal', required: true, width: 'w-40' }}
      />
      <TextField
        meta={fields.reason}
        label={t('ops.order.override.reason')}
        error={t('ops.form.error.reason')}
        input={{ required: true, minLength: 3, maxLength: 500 }}
      />
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {t('ops.order.override.submit')}
        </Button>
      </div>
    </Form>
  );
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
        <OverrideForm
          cancellationId={quote.id}
          quoted={quote.refund_amount}
          order={order}
          busy={busy}
          failed={undefined}
        />
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
    <OpsPanel id="ops-refunds" heading={t('ops.refund.heading')}>
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
                <PostButton
                  intent="refund-retry"
                  fields={{ refund_id: refund.id }}
                  variant="outline"
                  disabled={busy}
                >
                  {t('ops.refund.retry')}
                </PostButton>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </OpsPanel>
  );
}

/** A correction of the order's contact, checked with the endpoint's schema here and in the action. */
function ContactForm({
  order,
  busy,
  failed,
}: {
  order: Order;
  busy: boolean;
  failed: SubmissionResult | undefined;
}) {
  const t = useT();
  const { full_name, email, phone } = order.contact;
  const [form, fields] = useContractForm('ops-contact', loadContactSchema, failed, {
    onlySchemaFields: true,
    defaultValue: { full_name, email, phone },
  });
  const input = (
    name: 'full_name' | 'email' | 'phone' | 'reason',
    label: MessageKey,
    error: MessageKey,
    attributes: ComponentProps<typeof TextField>['input'],
  ) => (
    <TextField
      meta={fields[name]}
      label={t(label)}
      error={t(error)}
      input={{ ...attributes, required: true }}
    />
  );
  return (
    <details className="rounded border border-neutral-200 p-3" open={failed ? true : undefined}>
      <summary className="cursor-pointer font-medium">{t('ops.order.contact.heading')}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="contact" />
        {input('full_name', 'ops.order.contact.fullName', 'ops.form.error.name', { maxLength: 100 })}
        {input('email', 'ops.order.contact.email', 'ops.form.error.email', { type: 'email' })}
        {input('phone', 'ops.order.contact.phone', 'ops.form.error.phone', { type: 'tel' })}
        {input('reason', 'ops.order.contact.reason', 'ops.form.error.reason', {
          minLength: 3,
          maxLength: 500,
        })}
        <div>
          <Button type="submit" variant="outline" disabled={busy}>
            {t('ops.order.contact.submit')}
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** A note to the order's history (asked first). */
function NoteForm({ busy, failed }: { busy: boolean; failed: SubmissionResult | undefined }) {
  const t = useT();
  const [form, fields] = useContractForm('ops-note', loadNoteSchema, failed, { onlySchemaFields: true });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="note" />
      <Field meta={fields.text} label={t('ops.order.note')} error={t('ops.order.noteInvalid')}>
        {(control) => (
          <textarea
            {...control}
            required
            maxLength={2000}
            rows={3}
            className="rounded border border-neutral-400 p-2"
          />
        )}
      </Field>
      <Button type="submit" variant="outline" disabled={busy}>
        {t('ops.order.addNote')}
      </Button>
    </Form>
  );
}

export default function OpsOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  const layout = useRouteLoaderData('routes/ops/layout') as { me: OpsMe } | undefined;
  const admin = layout?.me.role === 'admin';
  const { order, timeline, refunds, supplier } = loaderData;
  const result = actionData as ActionResult | undefined;
  const quote = result && 'quote' in result ? result.quote : null;
  const confirm = result && 'confirm' in result ? result.confirm : null;
  // A refused form's values and errors, for the form that was sent.
  const failed = (form: FieldForm) =>
    result && 'problem' in result && result.form === form ? result.submission : undefined;
  const overrideFailed = admin ? failed('override') : undefined;
  const ticketed = order.booking_status === 'booked' && order.payment_status === 'paid';
  return (
    <div className="grid gap-6">
      <p>
        <TextLink to="/ops/orders">{t('ops.order.back')}</TextLink>
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
          <OpsPanel id="ops-actions" heading={t('ops.order.actions')} roomy>
            <NoteForm busy={busy} failed={failed('note')} />
            {ticketed ? (
              <PostButton intent="resend" variant="outline" disabled={busy}>
                {t('ops.order.resend')}
              </PostButton>
            ) : null}
            <ContactForm order={order} busy={busy} failed={failed('contact')} />
            {order.booking_status !== 'cancelled' ? (
              quote ? (
                <CancelQuote quote={quote} order={order} admin={admin} busy={busy} />
              ) : overrideFailed ? (
                // A refused override comes back as its form with the errors (the quote it answered stays valid).
                <OverrideForm
                  cancellationId={String(overrideFailed.initialValue?.cancellation_id ?? '')}
                  quoted={String(overrideFailed.initialValue?.quoted ?? '0')}
                  order={order}
                  busy={busy}
                  failed={overrideFailed}
                />
              ) : (
                <PostButton intent="quote" variant="outline" disabled={busy}>
                  {t('ops.order.cancel')}
                </PostButton>
              )
            ) : null}
          </OpsPanel>
          <TicketingPanel ticketing={supplier?.ticketing} busy={busy} />
          <SupplierPanel supplier={supplier} changes={order.airline_changes} />
          <Refunds refunds={refunds} busy={busy} />
          <FiscalReceipts order={order} />
          <HeadedSection
            headingId="ops-timeline-heading"
            heading={t('ops.order.timeline')}
            className="grid gap-3"
          >
            <Timeline events={timeline} />
          </HeadedSection>
        </div>
      </div>
    </div>
  );
}
