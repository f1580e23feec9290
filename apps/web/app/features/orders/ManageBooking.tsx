import { Form } from 'react-router';
import type { Order } from '@parvoz/contracts/booking';
import { Button, buttonClasses } from '../../components/Button.tsx';
import { FormField, inputClasses } from '../../components/FormField.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import type { ManageIntent, ManageResult, PendingEmailChange } from './after-sale.ts';

/**
 * "Manage your booking" (issue 13): the contact phone, the contact email (confirmed by a code sent to the
 * new address), the tickets again, the receipt. Plain forms: they work without JavaScript, and each answer
 * is announced (a status for what was done, an alert for what was not).
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
    <section
      aria-labelledby="order-manage-heading"
      className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
    >
      <h2 id="order-manage-heading" className="text-lg font-semibold">
        {t('manage.heading')}
      </h2>
      {done ? (
        <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-green-900">
          {done}
        </p>
      ) : null}
      {ticketed || paid ? (
        <div className="flex flex-wrap gap-3">
          {ticketed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <Button type="submit" variant="outline" disabled={busy}>
                {t('manage.resend.button')}
              </Button>
            </Form>
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
          <Form method="post" className="grid content-start gap-2">
            <input type="hidden" name="intent" value="change-phone" />
            <FormField id="manage-phone" label={t('manage.phone.label')} error={errorOf('change-phone')}>
              {(control) => (
                <input
                  {...control}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  required
                  defaultValue={order.contact.phone}
                  className={inputClasses(Boolean(control['aria-invalid']))}
                />
              )}
            </FormField>
            <div>
              <Button type="submit" variant="outline" disabled={busy}>
                {t('manage.phone.submit')}
              </Button>
            </div>
          </Form>
          {pending ? (
            <Form method="post" className="grid content-start gap-2">
              <input type="hidden" name="intent" value="email-confirm" />
              <input type="hidden" name="change_id" value={pending.id} />
              <input type="hidden" name="change_email" value={pending.email} />
              <FormField
                id="manage-code"
                label={t('manage.email.codeLabel', { email: pending.email })}
                error={errorOf('email-confirm')}
              >
                {(control) => (
                  <input
                    {...control}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                    className={inputClasses(Boolean(control['aria-invalid']), 'w-40')}
                  />
                )}
              </FormField>
              <div>
                <Button type="submit" disabled={busy}>
                  {t('manage.email.confirm')}
                </Button>
              </div>
            </Form>
          ) : (
            <Form method="post" className="grid content-start gap-2">
              <input type="hidden" name="intent" value="email-change" />
              <FormField
                id="manage-email"
                label={t('manage.email.label')}
                hint={t('manage.email.hint', { email: order.contact.email })}
                error={errorOf('email-change') ?? errorOf('email-confirm')}
              >
                {(control) => (
                  <input
                    {...control}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    className={inputClasses(Boolean(control['aria-invalid']))}
                  />
                )}
              </FormField>
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  {t('manage.email.submit')}
                </Button>
              </div>
            </Form>
          )}
        </div>
      ) : null}
    </section>
  );
}
