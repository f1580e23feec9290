/**
 * Fiscalising a completed Click payment (docs.click.uz/merchant-api/fiscalization): once Complete has taken
 * the payment, its items (one per ticket, per service fee when its codes are set, and per checked bag,
 * packages/core/src/receipt-lines.ts) go to Click's
 * `submit_items`, and the receipt's link from `ofd_data` is kept on the transaction
 * (`provider_transactions.details.fiscal.perform`, listed with the order like every provider's
 * fiscal receipts). It runs after Click's answer, never delaying or changing it; a failure is logged for a person.
 */
import type { Database } from '@parvoz/db';
import type { OrderPrice } from '@parvoz/core/order-pricing';
import { receiptLines } from '@parvoz/core/receipt-lines';
import { getIntl } from '@parvoz/i18n/messages';
import { isLocale } from '@parvoz/i18n/locales';
import { clickFiscalReceiptUrl, submitClickFiscalItems, type ClickFiscalItem } from './fiscal.ts';
import type { ClickSettings } from './settings.ts';
import { tiyinOf } from '../uzs.ts';
import type { ProviderTransactionsPort } from '../provider-transactions.ts';
import type { ServiceLog } from '../../platform/log.ts';

/** The VAT included in a price of `tiyin` at `percent`, to the tiyin. */
export const vatIncluded = (tiyin: number, percent: number) =>
  Math.round((tiyin * percent) / (100 + percent));

/** Sends the fiscal data of Click transaction `number` (our merchant_confirm_id) and keeps the receipt's link. */
export async function fiscaliseClickPayment(
  deps: {
    db: Database;
    settings: ClickSettings;
    now: () => Date;
    log: ServiceLog;
    transactions: ProviderTransactionsPort;
  },
  number: number,
): Promise<void> {
  const { settings, db, transactions } = deps;
  const {
    fiscalTicketSpic,
    fiscalTicketPackageCode,
    fiscalTicketVatPercent,
    fiscalLuggageSpic,
    fiscalLuggagePackageCode,
    fiscalLuggageVatPercent,
    fiscalTin,
  } = settings;
  if (
    fiscalTicketSpic === undefined ||
    fiscalTicketPackageCode === undefined ||
    fiscalTicketVatPercent === undefined ||
    fiscalLuggageSpic === undefined ||
    fiscalLuggagePackageCode === undefined ||
    fiscalLuggageVatPercent === undefined ||
    fiscalTin === undefined
  )
    return;
  const transaction = await transactions.transactionByNumber(db, number);
  const paydocId = (transaction?.details as { click_paydoc_id?: string } | null)?.click_paydoc_id;
  if (!transaction || !paydocId) return;
  const order = await transactions.order(db, transaction.orderId);
  const passengers = await transactions.passengerTypes(db, transaction.orderId);
  const intl = getIntl(isLocale(order!.lang) ? order!.lang : 'en');
  const reference = order!.supplierBookingReference ?? order!.bookingReference;
  const {
    fiscalServiceFeeSpic,
    fiscalServiceFeePackageCode,
    fiscalServiceFeeVatPercent,
    fiscalServiceFeeTin,
  } = settings;
  const fee =
    fiscalServiceFeeSpic !== undefined &&
    fiscalServiceFeePackageCode !== undefined &&
    fiscalServiceFeeVatPercent !== undefined &&
    fiscalServiceFeeTin !== undefined
      ? {
          spic: fiscalServiceFeeSpic,
          packageCode: fiscalServiceFeePackageCode,
          percent: fiscalServiceFeeVatPercent,
          tin: fiscalServiceFeeTin,
        }
      : undefined;
  const lines = receiptLines(order!.price as OrderPrice, passengers, { feesApart: fee !== undefined });
  const items = lines.map((line): ClickFiscalItem => {
    const number = String(line.passengerNumber);
    const price = tiyinOf(line.amountMinor);
    const codes =
      line.kind === 'serviceFee'
        ? {
            name: intl.formatMessage({ id: 'fiscal.item.serviceFee' }, { reference, number }),
            ...fee!,
          }
        : line.kind === 'ticket'
          ? {
              name: intl.formatMessage({ id: 'fiscal.item.ticket' }, { reference, number }),
              spic: fiscalTicketSpic,
              packageCode: fiscalTicketPackageCode,
              percent: fiscalTicketVatPercent,
              tin: fiscalTin,
            }
          : {
              // A seat is the airline's extra service like a bag: registered under the same code.
              name:
                line.kind === 'seat'
                  ? intl.formatMessage(
                      { id: 'fiscal.item.seat' },
                      { reference, number, seat: line.designator },
                    )
                  : intl.formatMessage(
                      { id: 'fiscal.item.luggage' },
                      { reference, number, weight: String(line.weightKg) },
                    ),
              spic: fiscalLuggageSpic,
              packageCode: fiscalLuggagePackageCode,
              percent: fiscalLuggageVatPercent,
              tin: fiscalTin,
            };
    return {
      Name: codes.name.slice(0, 63),
      SPIC: codes.spic,
      PackageCode: codes.packageCode,
      GoodPrice: price,
      Price: price,
      Amount: 1,
      VAT: vatIncluded(price, codes.percent),
      VATPercent: codes.percent,
      CommissionInfo: { TIN: codes.tin },
    };
  });
  try {
    await submitClickFiscalItems(settings, deps.now(), paydocId, items);
    const url = await clickFiscalReceiptUrl(settings, deps.now(), paydocId);
    await transactions.keepFiscalReceipt(db, { id: transaction.id }, 'perform', {
      qr_code_url: url,
      submitted_at: deps.now().toISOString(),
    });
  } catch (error) {
    deps.log.error(
      { err: error, provider: 'click', clickPaydocId: paydocId, orderId: transaction.orderId },
      'Click fiscal data not sent: send it by hand in Click’s cabinet',
    );
  }
}
