/**
 * The payment receipt of an order (docs/after-sale.md), the same library and fonts as the e-ticket (pdfkit
 * with DejaVu Sans for Cyrillic, Turkish and the Uzbek ʻ), every label in the reader's language: who paid
 * what for which booking, when and how, and every refund with its status, so the traveller has proof of the
 * payment and of what went back.
 */
import { demoNotice } from './demo-label.ts';
import {
  markDemoDocument,
  PDF_BLUE as BLUE,
  PDF_GREY as GREY,
  PDF_INK,
  pdfFlow,
  startA4Document,
} from './pdf-document.ts';
import type { Order } from '@parvoz/contracts/booking';
import { fromMajorString, isCurrencyCode, toMajorString } from '@parvoz/core/money';
import { agencyMinor } from '@parvoz/core/price-breakdown';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import {
  BOOKING_STATUS_KEYS,
  formatAmount,
  formatInstant,
  PASSENGER_TYPE_KEYS,
  placeName,
} from './booking-format.ts';

const majorOf = (minor: number, currency: string) =>
  isCurrencyCode(currency) ? toMajorString({ amount: minor, currency }) : String(minor);

/** A payment the receipt lists (succeeded ones only). */
export interface ReceiptPayment {
  amount: string;
  currency: string;
  paidAt: string;
  provider: string;
  reference: string | null;
}

export async function renderReceiptPdf(
  order: Order,
  payments: readonly ReceiptPayment[],
  lang: Locale,
  issuedAt: Date,
  options: { demo?: boolean } = {},
): Promise<Buffer> {
  const intl = getIntl(lang);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (amount: string, currency: string) => formatAmount(lang, amount, currency);
  const { doc, done } = startA4Document(
    `${t('receipt.title')} ${order.booking_reference}`,
    t('receipt.title'),
    lang,
  );
  if (options.demo) markDemoDocument(doc, demoNotice(lang));
  const flow = pdfFlow(doc, 40, 3);
  const { left, width, line } = flow;
  /** A label on the left and an amount on the right of one row. */
  const row = (label: string, value: string, bold = false) => {
    flow.keepRoom(60);
    const font = bold ? 'bold' : 'regular';
    doc
      .font(font)
      .fontSize(10)
      .fillColor(PDF_INK)
      .text(label, left, flow.y, { width: width - 160 });
    const after = doc.y;
    doc
      .font(font)
      .fontSize(10)
      .text(value, left + width - 160, flow.y, { width: 160, align: 'right' });
    flow.y = Math.max(after, doc.y) + 3;
  };
  const heading = (text: string) => {
    flow.y += 8;
    flow.heading(text);
  };

  doc.font('bold').fontSize(22).fillColor(BLUE).text('Parvoz', left, flow.y);
  flow.y = doc.y + 4;
  line(t('receipt.title'), { bold: true, size: 14 });
  line(`${t('ticket.reference')}: ${order.booking_reference}`, { bold: true });
  line(`${t('ticket.orderId')}: ${order.id}`, { size: 9, color: GREY });
  line(`${t('receipt.issued')}: ${formatInstant(lang, issuedAt.toISOString())}`, { size: 9, color: GREY });
  line(`${t('ticket.bookingStatus')}: ${t(BOOKING_STATUS_KEYS[order.booking_status])}`, { size: 9 });
  line(`${t('receipt.payer')}: ${order.contact.full_name} · ${order.contact.email}`, { size: 9 });
  if (order.slices.length > 0)
    line(`${t('ticket.itinerary')}: ${itineraryText(lang, order.slices)}`, { size: 9 });

  heading(t('receipt.items'));
  for (const item of order.price_breakdown) {
    const who = `${t(PASSENGER_TYPE_KEYS[item.passenger_type])} × ${item.count}`;
    row(`${who} — ${t('receipt.fare')}`, money(item.fare_amount, item.currency));
    row(`${who} — ${t('receipt.taxes')}`, money(item.tax_amount, item.currency));
    if (Number(item.luggage_amount) > 0)
      row(`${who} — ${t('receipt.luggage')}`, money(item.luggage_amount, item.currency));
    if (item.seats_amount) row(`${who} — ${t('receipt.seats')}`, money(item.seats_amount, item.currency));
  }
  // The agency's service fee and discount: lines of their own, the markups being part of the fare
  // (docs/operations.md#pricing-rules); with the rows above they add up to the total.
  const { serviceFeeMinor: serviceFee, discountMinor: discount } = agencyMinor(
    order.price_breakdown,
    order.total_currency,
  );
  if (serviceFee > 0)
    row(
      t('booking.price.serviceFee'),
      money(majorOf(serviceFee, order.total_currency), order.total_currency),
    );
  // A promo code's discount is part of the breakdown's (docs/decisions/0029-promo-codes.md): its line names the
  // code, and the rules' own discount, if any, keeps the plain line.
  const byCode =
    order.promo && isCurrencyCode(order.total_currency)
      ? (fromMajorString(order.promo.discount_amount, order.total_currency)?.amount ?? 0)
      : 0;
  const minus = (minor: number) => `− ${money(majorOf(minor, order.total_currency), order.total_currency)}`;
  if (discount - byCode > 0) row(t('booking.price.discount'), minus(discount - byCode));
  if (order.promo && byCode > 0) row(t('booking.promo.discount', { code: order.promo.code }), minus(byCode));
  row(t('ticket.total'), money(order.total_amount, order.total_currency), true);

  heading(t('receipt.payments'));
  for (const payment of payments) {
    row(
      `${formatInstant(lang, payment.paidAt)} · ${t('receipt.card', { provider: payment.provider })}${payment.reference ? ` · ${payment.reference}` : ''}`,
      money(payment.amount, payment.currency),
    );
  }

  if (order.refunds.length > 0) {
    heading(t('receipt.refunds'));
    for (const refund of order.refunds) {
      const status =
        refund.status === 'refunded'
          ? t('receipt.refund.done', { date: formatInstant(lang, refund.refunded_at ?? refund.created_at) })
          : t('receipt.refund.pending');
      const reason = t(
        refund.reason === 'late_payment'
          ? 'receipt.refund.latePayment'
          : refund.reason === 'supplier_refused'
            ? 'receipt.refund.supplierRefused'
            : 'receipt.refund.cancellation',
      );
      row(`${reason} · ${status}`, `− ${money(refund.amount, refund.currency)}`);
    }
  }
  flow.y += 10;
  line(t('receipt.notice'), { size: 8, color: GREY });
  doc.end();
  return done;
}

/**
 * The trip's stops in order ("Tashkent → Istanbul → Antalya → Tashkent"); a slice that starts elsewhere than the
 * last one ended (an open jaw) starts a new run after a comma.
 */
export function itineraryText(
  lang: Locale,
  slices: readonly { origin: string; destination: string }[],
): string {
  const runs: string[][] = [];
  slices.forEach((slice, i) => {
    const from = placeName(lang, slice.origin);
    if (i > 0 && placeName(lang, slices[i - 1]!.destination) === from)
      runs.at(-1)!.push(placeName(lang, slice.destination));
    else runs.push([from, placeName(lang, slice.destination)]);
  });
  return runs.map((run) => run.join(' → ')).join(', ');
}
