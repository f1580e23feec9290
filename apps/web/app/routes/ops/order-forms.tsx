/** The console order page's forms (routes/ops/order.tsx): each asks first, and its action answers in order.server.ts. */
import type { ComponentProps } from 'react';
import { Form, useLoaderData } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { Order } from '@parvoz/contracts/booking';
import {
  opsCancelOverrideSchema,
  opsCorrectContactSchema,
  opsNoteSchema,
  type OpsRefund,
} from '@parvoz/contracts/ops';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../components/Button.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { Field } from '../../components/Field.tsx';
import { TextField } from '../../components/FieldInputs.tsx';
import { OpsPanel } from '../../features/ops/OpsPanel.tsx';
import { ConfirmStep } from '../../features/ops/ConfirmStep.tsx';
import type { Confirm, loader } from './order.server.ts';

// The console has no JavaScript budget: its schemas come with the page.
const loadOverrideSchema = async () => opsCancelOverrideSchema;
const loadContactSchema = async () => opsCorrectContactSchema;
const loadNoteSchema = async () => opsNoteSchema;

/** A refund's provider by the name the API gives it in the console's language (the loader's `providerNames`). */
function useProviderName(): (id: string) => string {
  const { providerNames } = useLoaderData<typeof loader>();
  return (id) => providerNames[id] ?? id;
}

/** The confirmation of the action just asked for. */
export function ConfirmAction({ confirm, order, busy }: { confirm: Confirm; order: Order; busy: boolean }) {
  const t = useT();
  const money = useMoney();
  const providerName = useProviderName();
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
    case 'ticketing-create-again':
      return ask(
        'ticketing-create-again-confirm',
        t('ops.ticketing.createAgainConfirm'),
        t('ops.ticketing.yesCreateAgain'),
      );
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
export function OverrideForm({
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

export function CancelQuote({
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
export function Refunds({ refunds, busy }: { refunds: OpsRefund[]; busy: boolean }) {
  const t = useT();
  const money = useMoney();
  const providerName = useProviderName();
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
export function ContactForm({
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
export function NoteForm({ busy, failed }: { busy: boolean; failed: SubmissionResult | undefined }) {
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
