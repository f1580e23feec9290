/**
 * Payme's part of fiscalisation (online payments in Uzbekistan are registered with the tax committee): the
 * receipt's `detail` CheckPerformTransaction answers (developer.help.paycom.uz/metody-merchant-api/
 * checkperformtransaction: `receipt_type` 0 for a sale, `items` with `title`, `price` per unit in tiyin,
 * `count`, `code` (IKPU), `package_code`, `vat_percent`), and SetFiscalData (…/setfiscaldata), by which Payme
 * hands over the receipt it registered (`type` PERFORM for the payment, CANCEL for its refund). The receipt is
 * kept on the transaction (`provider_transactions.details.fiscal`) and its link shown with the order.
 */
import type { Database } from '@parvoz/db';
import type { OrderPrice } from '@parvoz/core/order-pricing';
import { receiptLines } from '@parvoz/core/receipt-lines';
import { getIntl } from '@parvoz/i18n/messages';
import { PAYME_PROVIDER, PaymeError, PaymeFailure, paymeLang, type PaymeFiscalData } from './protocol.ts';
import type { PaymeSettings } from './settings.ts';
import { tiyinOf } from '../uzs.ts';
import type { OrderRow, ProviderTransactionsPort } from '../provider-transactions.ts';

export interface PaymeReceiptItem {
  title: string;
  price: number;
  count: number;
  code: string;
  package_code: string;
  vat_percent: number;
}

/** The receipt `detail` of an order, or undefined while the fiscal settings are not configured. */
export async function paymeReceiptDetail(
  transactions: ProviderTransactionsPort,
  db: Database,
  order: OrderRow,
  settings: PaymeSettings,
): Promise<{ receipt_type: 0; items: PaymeReceiptItem[] } | undefined> {
  const {
    fiscalTicketIkpu,
    fiscalTicketPackageCode,
    fiscalTicketVatPercent,
    fiscalLuggageIkpu,
    fiscalLuggagePackageCode,
    fiscalLuggageVatPercent,
  } = settings;
  if (
    fiscalTicketIkpu === undefined ||
    fiscalTicketPackageCode === undefined ||
    fiscalTicketVatPercent === undefined ||
    fiscalLuggageIkpu === undefined ||
    fiscalLuggagePackageCode === undefined ||
    fiscalLuggageVatPercent === undefined
  )
    return undefined;
  const passengers = await transactions.passengerTypes(db, order.id);
  const intl = getIntl(paymeLang(order.lang));
  const reference = order.supplierBookingReference ?? order.bookingReference;
  const { fiscalServiceFeeIkpu, fiscalServiceFeePackageCode, fiscalServiceFeeVatPercent } = settings;
  const feesApart =
    fiscalServiceFeeIkpu !== undefined &&
    fiscalServiceFeePackageCode !== undefined &&
    fiscalServiceFeeVatPercent !== undefined;
  const lines = receiptLines(order.price as OrderPrice, passengers, { feesApart });
  const items = lines.map((line): PaymeReceiptItem => {
    const number = String(line.passengerNumber);
    if (line.kind === 'serviceFee')
      return {
        title: intl.formatMessage({ id: 'fiscal.item.serviceFee' }, { reference, number }),
        price: tiyinOf(line.amountMinor),
        count: 1,
        code: fiscalServiceFeeIkpu!,
        package_code: fiscalServiceFeePackageCode!,
        vat_percent: fiscalServiceFeeVatPercent!,
      };
    return line.kind === 'ticket'
      ? {
          title: intl.formatMessage({ id: 'fiscal.item.ticket' }, { reference, number }),
          price: tiyinOf(line.amountMinor),
          count: 1,
          code: fiscalTicketIkpu,
          package_code: fiscalTicketPackageCode,
          vat_percent: fiscalTicketVatPercent,
        }
      : {
          // A seat is the airline's extra service like a bag: registered under the same code.
          title:
            line.kind === 'seat'
              ? intl.formatMessage({ id: 'fiscal.item.seat' }, { reference, number, seat: line.designator })
              : intl.formatMessage(
                  { id: 'fiscal.item.luggage' },
                  { reference, number, weight: String(line.weightKg) },
                ),
          price: tiyinOf(line.amountMinor),
          count: 1,
          code: fiscalLuggageIkpu,
          package_code: fiscalLuggagePackageCode,
          vat_percent: fiscalLuggageVatPercent,
        };
  });
  return { receipt_type: 0, items };
}

/**
 * SetFiscalData: keeps the receipt under its type (a repeated call replaces it: Payme sends the same receipt
 * again). An id we never had is -32001, as the method's page documents.
 */
export async function setPaymeFiscalData(
  transactions: ProviderTransactionsPort,
  db: Database,
  params: { id: string; type: 'PERFORM' | 'CANCEL'; fiscal_data: PaymeFiscalData },
): Promise<{ success: true }> {
  const kept = await transactions.keepFiscalReceipt(
    db,
    { provider: PAYME_PROVIDER, externalId: params.id },
    params.type === 'PERFORM' ? 'perform' : 'cancel',
    params.fiscal_data,
  );
  if (!kept) throw new PaymeFailure(PaymeError.fiscalNotFound, 'payme.error.fiscalNotFound');
  return { success: true };
}
