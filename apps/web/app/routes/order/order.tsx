import { useEffect, type ReactNode } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import type { Order } from '@parvoz/contracts/booking';
import type { Route } from './+types/order';
import { PageHeading } from '../../components/PageHeading.tsx';
import { buttonClasses } from '../../components/Button.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useMoney } from '../../lib/use-money.ts';
import {
  OrderItinerary,
  OrderPassengers,
  OrderPrice,
  OrderSummary,
} from '../../features/orders/OrderDetails.tsx';
import { FareConditions } from '../../components/FareConditions.tsx';
import { CancelBooking } from './order-cancel-booking.tsx';
import { ManageBooking } from './order-manage-booking.tsx';
import { OrderRefunds } from './order-refunds.tsx';
import { FiscalReceipts } from '../../features/orders/FiscalReceipts.tsx';
import { PaymentProviderPicker } from './order-payment-provider-picker.tsx';
import {
  CANCEL_ERROR_MESSAGES,
  CHANGE_ERROR_MESSAGES,
  type CancelError,
  type ChangeError,
} from './order-after-sale.ts';
import { AirlineChanges } from './order-airline-changes.tsx';
import { PostForm } from '../../components/PostButton.tsx';
import { personalPageHeaders } from '../../lib/page-cache.server.ts';

export { loader, action } from './order.server.ts';

/** Personal data: never stored by a cache. */
export const headers = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'page.order.heading', { id: args.loaderData?.order.booking_reference ?? '' }),
  { name: 'robots', content: 'noindex' },
];

const ACTION_ERRORS: Record<'not_payable' | 'generic' | CancelError | ChangeError, MessageKey> = {
  not_payable: 'order.pay.notPayable',
  generic: 'order.pay.failed',
  ...CANCEL_ERROR_MESSAGES,
  ...CHANGE_ERROR_MESSAGES,
};

/** The taxes of the order in major units (what a light fare gives back). */
function taxesOf(order: Order): number {
  return (
    order.price_breakdown.reduce((sum, line) => sum + Math.round(Number(line.tax_amount) * 100), 0) / 100
  );
}

/** After the card page said "success", the provider's confirmation may still be on its way: look again. */
function useAwaitPayment(waiting: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > 30) clearInterval(timer);
      else if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
}

const NOTICE_TONES = {
  done: 'border-green-300 bg-green-50 text-green-900',
  waiting: 'border-primary-200 bg-primary-50 text-primary-800',
  delayed: 'border-amber-300 bg-amber-50 text-amber-900',
} as const;

/** Where the booking stands, announced as it changes (paid, being confirmed, ticketed by the airline, delayed). */
function StatusNotice({
  tone,
  testId,
  children,
}: {
  tone: keyof typeof NOTICE_TONES;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <p
      role="status"
      className={`rounded border p-4 wrap-anywhere ${NOTICE_TONES[tone]}`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney();
  const navigation = useNavigation();
  const { order, payment, minutesLeft, providers } = loaderData;
  const paid = order.payment_status === 'paid';
  // Back from a provider's page: its confirmation (a webhook or its own call) may still be on its way.
  const confirming =
    (payment === 'success' || payment === 'returned') && !paid && order.booking_status === 'new';
  // Paid, and the airline is ticketing it now: the page waits for it too. Delayed: an operator is settling it.
  const ticketingDelayed = order.ticketing === 'delayed';
  const awaitingAirline = paid && order.booking_status === 'new' && !ticketingDelayed;
  useAwaitPayment(confirming || awaitingAirline);
  const busy = navigation.state !== 'idle';
  const quote = actionData && 'cancellation' in actionData ? actionData.cancellation : null;
  const manageResult = actionData && 'manage' in actionData ? actionData : null;
  const latePayment = order.refunds.some((r) => r.reason === 'late_payment');
  const supplierRefused = order.refunds.some((r) => r.reason === 'supplier_refused');

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeading>{t('page.order.heading', { id: order.booking_reference })}</PageHeading>

      {payment === 'declined' && !paid ? (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t('order.payment.declined.title')}</p>
          <p>{order.payable ? t('order.payment.declined.retry') : t('order.payment.declined.text')}</p>
        </div>
      ) : null}
      {(payment === 'success' || payment === 'returned') && paid && order.booking_status === 'booked' ? (
        <StatusNotice tone="done">{t('order.payment.success', { email: order.contact.email })}</StatusNotice>
      ) : null}
      {awaitingAirline ? (
        <StatusNotice tone="waiting" testId="order-awaiting-airline">
          {t('order.awaitingAirline', { email: order.contact.email })}
        </StatusNotice>
      ) : null}
      {ticketingDelayed ? (
        <StatusNotice tone="delayed" testId="order-ticketing-delayed">
          {t('order.ticketingDelayed', { email: order.contact.email })}
        </StatusNotice>
      ) : null}
      {confirming ? (
        <StatusNotice tone="waiting">
          {t(payment === 'returned' ? 'order.payment.returned' : 'order.payment.confirming')}{' '}
          <a href={`/${locale}/orders/${order.id}?payment=${payment}`} className="underline">
            {t('order.payment.refresh')}
          </a>
        </StatusNotice>
      ) : null}
      {actionData && 'error' in actionData ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
          {t(ACTION_ERRORS[actionData.error])}
        </p>
      ) : null}

      <AirlineChanges changes={order.airline_changes} busy={busy} cancellable={order.cancellable} />

      {order.payable ? (
        <HeadedSection
          headingId="order-pay-heading"
          heading={t('order.pay.heading')}
          className="grid gap-3 rounded border border-primary-200 bg-primary-50 p-4"
        >
          {minutesLeft !== null ? <p>{t('order.pay.deadline', { minutes: minutesLeft })}</p> : null}
          <PostForm intent="pay" className="grid gap-3">
            <PaymentProviderPicker providers={providers} />
            <SubmitButton size="lg" disabled={busy}>
              {t('order.pay.button', { price: money(order.total_amount, order.total_currency) })}
            </SubmitButton>
          </PostForm>
          <p className="text-sm text-neutral-700">
            {t('order.pay.secure')}{' '}
            <LocalizedLink to="/info/payment-security" className="text-primary-700 underline">
              {t('order.pay.secureLink')}
            </LocalizedLink>
          </p>
        </HeadedSection>
      ) : null}
      {order.cancellable ? <CancelBooking order={order} quote={quote} busy={busy} /> : null}
      {order.booking_status === 'cancelled' ? (
        <p className="rounded border border-neutral-300 bg-neutral-100 p-4" data-testid="order-cancelled">
          {supplierRefused
            ? t('order.supplierRefused')
            : paid
              ? t('order.cancelledPaid')
              : t('order.cancelled')}
        </p>
      ) : null}
      {latePayment ? (
        <p className="rounded border border-primary-200 bg-primary-50 p-4" data-testid="order-late-payment">
          {t('order.latePayment')}
        </p>
      ) : null}
      <OrderRefunds order={order} />
      <FiscalReceipts order={order} />

      {paid && order.booking_status === 'booked' ? (
        <HeadedSection
          headingId="order-ticket-heading"
          heading={t('order.eticket.heading')}
          className="grid gap-2 rounded border border-green-300 bg-white p-4"
        >
          <p className="text-sm text-neutral-700 wrap-anywhere">
            {t('order.eticket.lead', { email: order.contact.email })}
          </p>
          <div>
            <a
              href={`/${locale}/orders/${order.id}/ticket.pdf`}
              download={`e-ticket-${order.booking_reference}.pdf`}
              className={buttonClasses({ size: 'md' })}
            >
              {t('order.eticket.download')}
            </a>
          </div>
        </HeadedSection>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-6">
          <OrderSummary order={order} />
          <OrderItinerary order={order} />
          <OrderPassengers order={order} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <OrderPrice order={order} />
          <div className="rounded border border-neutral-200 bg-white p-4">
            <FareConditions
              conditions={order.conditions}
              taxes={taxesOf(order)}
              currency={order.total_currency}
            />
          </div>
        </div>
      </div>
      <ManageBooking order={order} result={manageResult} busy={busy} />
    </div>
  );
}
