import type { ReactNode } from 'react';
import type { Order } from '@parvoz/contracts/booking';
import { buttonClasses, type ButtonVariant } from '../../components/Button.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextFormField } from '../../components/FieldInputs.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import type { ManageIntent, ManageResult, PendingEmailChange } from './after-sale.ts';
import { PostButton, PostForm } from '../../components/PostButton.tsx';

/**
 * "Manage your booking" (docs/after-sale.md): the contact phone, the contact email (confirmed by a code sent
 * to the new address), the tickets again, the receipt. Plain forms: they work without JavaScript, and each
 * answer is announced (a status for what was done, an alert for what was not).
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
  const errorOf = (intent: ManageIntent) =>
    failed && failed.intent === intent ? t(failed.message, failed.values) : null;
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
      {errorOf('resend') ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorOf('resend')}
        </p>
      ) : null}
      {!cancelled ? (
        <div className="grid gap-4 md:grid-cols-2">
          <ManageForm intent="change-phone" submit={t('manage.phone.submit')} variant="outline" busy={busy}>
            <TextFormField
              id="manage-phone"
              label={t('manage.phone.label')}
              error={errorOf('change-phone')}
              input={{
                name: 'phone',
                type: 'tel',
                autoComplete: 'tel',
                required: true,
                defaultValue: order.contact.phone,
              }}
            />
          </ManageForm>
          {pending ? (
            <ManageForm
              intent="email-confirm"
              values={{ change_id: pending.id, change_email: pending.email }}
              submit={t('manage.email.confirm')}
              busy={busy}
            >
              <TextFormField
                id="manage-code"
                label={t('manage.email.codeLabel', { email: pending.email })}
                error={errorOf('email-confirm')}
                input={{
                  name: 'code',
                  inputMode: 'numeric',
                  autoComplete: 'one-time-code',
                  pattern: '[0-9]{6}',
                  maxLength: 6,
                  required: true,
                  width: 'w-40',
                }}
              />
            </ManageForm>
          ) : (
            <ManageForm intent="email-change" submit={t('manage.email.submit')} variant="outline" busy={busy}>
              <TextFormField
                id="manage-email"
                label={t('manage.email.label')}
                hint={t('manage.email.hint', { email: order.contact.email })}
                error={errorOf('email-change') ?? errorOf('email-confirm')}
                input={{ name: 'email', type: 'email', autoComplete: 'email', required: true }}
              />
            </ManageForm>
          )}
        </div>
      ) : null}
    </HeadedSection>
  );
}

/** One of the forms that change the booking: its field, then its submit button. */
function ManageForm({
  intent,
  values,
  submit,
  variant,
  busy,
  children,
}: {
  intent: ManageIntent;
  values?: Record<string, string>;
  submit: string;
  variant?: ButtonVariant;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <PostForm intent={intent} fields={values} className="grid content-start gap-2">
      {children}
      <SubmitButton variant={variant} disabled={busy}>
        {submit}
      </SubmitButton>
    </PostForm>
  );
}
