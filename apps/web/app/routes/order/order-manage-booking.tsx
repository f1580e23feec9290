import type { ComponentProps } from 'react';
import { Form } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import type { Order } from '@parvoz/contracts/booking';
import { buttonClasses, type ButtonVariant } from '../../components/Button.tsx';
import type { FieldErrorText } from '../../components/Field.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextField } from '../../components/FieldInputs.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { useLocale, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import type { ManageIntent, ManageResult, PendingEmailChange } from './order-after-sale.ts';

/**
 * "Manage your booking" (docs/after-sale.md): the contact phone, the contact email (confirmed by a code sent
 * to the new address), the tickets again, the receipt. Plain forms: they work without JavaScript, and each
 * answer is announced (a status for what was done; what was not, under the form's field or as an alert).
 */
export function ManageBooking({
  order,
  result,
  busy,
}: {
  order: Order;
  result: ManageResult | null;
  busy: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const cancelled = order.booking_status === 'cancelled';
  const ticketed = order.booking_status === 'booked' && order.payment_status === 'paid';
  const paid = order.payment_status === 'paid';
  if (cancelled && !paid) return null;
  const failed = result?.manage === 'failed' ? result : null;
  const lastResult = (intent: ManageIntent) => (failed?.intent === intent ? failed.submission : undefined);
  // A field's error codes are message ids: its contract schema's, or the words of the API's refusal (a wrong
  // code's with the tries left).
  const errorText = (codes: readonly string[]) => t(codes[0] as MessageKey, failed?.values);
  const pending: PendingEmailChange | null =
    result?.manage === 'email-code-sent' ? result.change : (failed?.change ?? null);
  const done =
    result?.manage === 'phone-changed'
      ? t('manage.phone.done', { email: order.contact.email })
      : result?.manage === 'email-changed'
        ? t('manage.email.done', { email: result.email })
        : result?.manage === 'tickets-sent'
          ? t('manage.resend.done', { email: order.contact.email })
          : result?.manage === 'email-code-sent'
            ? t('manage.email.codeSent', { email: result.change.email })
            : null;
  return (
    <HeadedSection
      headingId="order-manage-heading"
      heading={t('manage.heading')}
      className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
    >
      {done ? (
        <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-green-900">
          {done}
        </p>
      ) : null}
      {ticketed || paid ? (
        <div className="flex flex-wrap gap-3">
          {ticketed ? (
            <PostButton intent="resend" variant="outline" disabled={busy}>
              {t('manage.resend.button')}
            </PostButton>
          ) : null}
          {paid ? (
            <a
              href={`/${locale}/orders/${order.id}/receipt.pdf`}
              download={`receipt-${order.booking_reference}.pdf`}
              className={buttonClasses({ variant: 'outline' })}
            >
              {t('manage.receipt.download')}
            </a>
          ) : null}
        </div>
      ) : null}
      {failed?.intent === 'resend' ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(failed.message, failed.values)}
        </p>
      ) : null}
      {!cancelled ? (
        <div className="grid gap-4 md:grid-cols-2">
          <ManageForm
            id="manage-phone"
            intent="change-phone"
            loadSchema={loadPhoneSchema}
            failed={lastResult('change-phone')}
            name="phone"
            defaultValue={order.contact.phone}
            label={t('manage.phone.label')}
            error={errorText}
            input={{ type: 'tel', autoComplete: 'tel', required: true }}
            submit={t('manage.phone.submit')}
            variant="outline"
            busy={busy}
          />
          {pending ? (
            <ManageForm
              key="email-confirm"
              id="manage-code"
              intent="email-confirm"
              values={{ change_id: pending.id, change_email: pending.email }}
              loadSchema={loadCodeSchema}
              failed={lastResult('email-confirm')}
              name="code"
              label={t('manage.email.codeLabel', { email: pending.email })}
              error={errorText}
              input={{
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                pattern: '[0-9]{6}',
                maxLength: 6,
                required: true,
                width: 'w-40',
              }}
              submit={t('manage.email.confirm')}
              busy={busy}
            />
          ) : (
            <ManageForm
              key="email-change"
              id="manage-email"
              intent="email-change"
              loadSchema={loadEmailSchema}
              failed={lastResult('email-change')}
              name="email"
              label={t('manage.email.label')}
              hint={t('manage.email.hint', { email: order.contact.email })}
              error={errorText}
              input={{ type: 'email', autoComplete: 'email', required: true }}
              submit={t('manage.email.submit')}
              variant="outline"
              busy={busy}
            />
          )}
        </div>
      ) : null}
    </HeadedSection>
  );
}

/** A schema of the manage contract (packages/contracts/src/order-manage.ts), loaded once the page has hydrated. */
type LoadSchema = () => Promise<z.ZodType<Record<string, unknown>, Record<string, unknown>>>;
const loadPhoneSchema: LoadSchema = () =>
  import('@parvoz/contracts/order-manage').then((m) => m.changePhoneRequestSchema);
const loadEmailSchema: LoadSchema = () =>
  import('@parvoz/contracts/order-manage').then((m) => m.emailChangeRequestSchema);
const loadCodeSchema: LoadSchema = () =>
  import('@parvoz/contracts/order-manage').then((m) => m.emailChangeConfirmRequestSchema);

/**
 * One of the forms that change the booking: its one field, then its submit button. Checked in the browser
 * with its endpoint's request schema, the one the action reads it with (lib/use-contract-form.ts); a refusal
 * (the schema's or the API's) shows under the field, with or without JavaScript.
 */
function ManageForm({
  id,
  intent,
  values = {},
  loadSchema,
  failed,
  name,
  defaultValue,
  input,
  submit,
  variant,
  busy,
  ...field
}: {
  id: string;
  intent: ManageIntent;
  /** Hidden fields the action needs besides the field (the change a code confirms). */
  values?: Record<string, string>;
  loadSchema: LoadSchema;
  /** The action's reply when this form was refused. */
  failed: SubmissionResult | undefined;
  name: string;
  defaultValue?: string;
  label: string;
  hint?: string;
  error: FieldErrorText;
  input: ComponentProps<typeof TextField>['input'];
  submit: string;
  variant?: ButtonVariant;
  busy: boolean;
}) {
  const [form, fields] = useContractForm(id, loadSchema, failed, {
    onlySchemaFields: true,
    ...(defaultValue === undefined ? {} : { defaultValue: { [name]: defaultValue } }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid content-start gap-2">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([hidden, value]) => (
        <input key={hidden} type="hidden" name={hidden} value={value} />
      ))}
      <TextField meta={fields[name]!} {...field} input={input} />
      <SubmitButton variant={variant} disabled={busy}>
        {submit}
      </SubmitButton>
    </Form>
  );
}
