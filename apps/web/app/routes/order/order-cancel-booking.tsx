import { useEffect, useRef } from 'react';
import type { Order } from '@parvoz/contracts/booking';
import { isCurrency } from '@parvoz/i18n/currency';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { sumAmounts } from '../../components/PriceBreakdown.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';
import type { CancelQuote } from './order-after-sale.ts';
import { PostButton } from '../../components/PostButton.tsx';

/**
 * The fare's own penalty: what is kept less the agency's service fee when that is kept too (it has a line of its
 * own, docs/operations.md#cancellations-and-refunds).
 */
export function penaltyOf(
  quote: Pick<CancelQuote, 'kept_amount' | 'refund_currency' | 'service_fee_amount' | 'service_fee_refunded'>,
): number {
  const fee = quote.service_fee_amount && !quote.service_fee_refunded ? [`-${quote.service_fee_amount}`] : [];
  if (!isCurrency(quote.refund_currency)) return Number(quote.kept_amount);
  return sumAmounts([quote.kept_amount, ...fee], quote.refund_currency);
}

/**
 * "Cancel this booking" (issues 11 and 13): the button, then the quote — what comes back to the card in the
 * order's currency by the fare rules, how long the offer holds — to confirm or to keep the booking.
 */
export function CancelBooking({
  order,
  quote,
  busy,
}: {
  order: Order;
  quote: CancelQuote | null;
  busy: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const locale = useLocale();
  // The quote appears in place of the button: move focus to it so that it is read out.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (quote) headingRef.current?.focus();
  }, [quote]);
  if (!quote) {
    return (
      <PostButton intent="cancel" variant="outline" color="neutral" disabled={busy}>
        {t('order.cancel.button')}
      </PostButton>
    );
  }
  const refund = money(quote.refund_amount, quote.refund_currency);
  const paid = quote.refund_rule !== 'nothing_paid';
  // The airline refunds to a voucher or its credits: no money comes back, the traveller keeps the codes.
  const credits =
    quote.refund_to === 'voucher' || quote.refund_to === 'airline_credits'
      ? (quote.airline_credits ?? [])
      : null;
  return (
    <HeadedSection
      headingId="order-cancel-heading"
      heading={t('order.cancel.heading')}
      headingRef={headingRef}
      className="grid gap-3 rounded border border-red-300 bg-red-50 p-4 text-red-950"
      data-testid="cancel-quote"
    >
      {paid && credits ? (
        <>
          <p className="text-lg">{t('order.cancel.quote.credit')}</p>
          <ul data-testid="cancel-quote-credits" className="list-disc ps-5">
            {credits.map((c) => (
              <li key={c.code}>
                <strong className="tabular-nums">{c.code}</strong> — {money(c.amount, c.currency)}
              </li>
            ))}
          </ul>
          <p>{t('order.cancel.quote.paidText')}</p>
        </>
      ) : paid ? (
        <>
          <p className="text-lg">
            {t('order.cancel.quote.back')}{' '}
            <strong data-testid="cancel-quote-amount" className="tabular-nums">
              {refund}
            </strong>
          </p>
          {Number(quote.refund_amount) > 0 ? null : <p>{t('order.cancel.quote.nothing')}</p>}
          <p>
            {quote.refund_rule === 'taxes_only'
              ? t('order.cancel.quote.taxesOnly')
              : t('order.cancel.quote.fee', { fee: money(penaltyOf(quote), quote.refund_currency) })}
          </p>
          {quote.service_fee_amount ? (
            <p data-testid="cancel-quote-service-fee">
              {t(
                quote.service_fee_refunded
                  ? 'order.cancel.quote.serviceFeeRefunded'
                  : 'order.cancel.quote.serviceFeeKept',
                { fee: money(quote.service_fee_amount, quote.refund_currency) },
              )}
            </p>
          ) : null}
          <p>{t('order.cancel.quote.paidText')}</p>
        </>
      ) : (
        <p>{t('order.cancel.text')}</p>
      )}
      <p className="text-sm">{t('order.cancel.quote.valid', { minutes: quote.minutes })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <PostButton
          intent="cancel-confirm"
          fields={{ cancellation_id: quote.id }}
          color="neutral"
          disabled={busy}
        >
          {t('order.cancel.confirm')}
        </PostButton>
        <a href={`/${locale}/orders/${order.id}`} className="text-primary-700 underline">
          {t('order.cancel.keep')}
        </a>
      </div>
    </HeadedSection>
  );
}
