/**
 * What the iyzico stand-in (./iyzico-server.ts) keeps of its payments, forms and refunds, and iyzico's reporting
 * API over them as docs.iyzico.com describes it: `GET /v2/reporting/payment/details` (a payment by
 * paymentConversationId, with its refunds) and `GET /v2/reporting/payment/transactions` (a day's transactions, in
 * Turkish time, paged). Amounts are kept as iyzico answers them: JSON numbers in major units.
 */

export interface IyzicoForm {
  token: string;
  conversationId: string;
  price: number;
  paidPrice: number;
  currency: string;
  basketId: string;
  callbackUrl: string;
  locale: string;
  createdAt: Date;
  /** Set once a card was tried. */
  result?: { paymentStatus: 'SUCCESS' | 'FAILURE'; fraudStatus: number; paymentId: string; at: Date };
}

export interface IyzicoRefund {
  refundTxId: number;
  refundConversationId: string;
  refundPrice: number;
  at: Date;
}

/** How much of a payment was refunded so far. */
export const refundedOf = (refunds: Map<string, IyzicoRefund[]>, paymentId: string) =>
  (refunds.get(paymentId) ?? []).reduce((sum, r) => sum + r.refundPrice, 0);

/** The payments of `conversationId` (ours: the form's conversationId), as the payment details report lists them. */
export function paymentDetails(
  forms: Iterable<IyzicoForm>,
  refunds: Map<string, IyzicoRefund[]>,
  conversationId: string,
) {
  return [...forms]
    .filter((f) => f.conversationId === conversationId && f.result)
    .map((f) => ({
      paymentId: Number(f.result!.paymentId),
      paymentStatus: f.result!.paymentStatus === 'SUCCESS' ? 1 : 0,
      paymentRefundStatus:
        refundedOf(refunds, f.result!.paymentId) === 0 ? 'NOT_REFUNDED' : 'PARTIALLY_REFUNDED',
      price: f.price,
      paidPrice: f.paidPrice,
      paymentConversationId: f.conversationId,
      fraudStatus: f.result!.fraudStatus,
      basketId: f.basketId,
      currency: f.currency,
      createdDate: f.result!.at.toISOString().replace(/\.\d+Z$/, 'Z'),
      cancels: [],
      itemTransactions: [
        {
          paymentTransactionId: Number(f.result!.paymentId) + 1,
          transactionStatus: 2,
          price: f.price,
          paidPrice: f.paidPrice,
          refunds: (refunds.get(f.result!.paymentId) ?? []).map((r) => ({
            refundTxId: r.refundTxId,
            refundConversationId: r.refundConversationId,
            refundPrice: r.refundPrice,
            currencyCode: f.currency,
            refundStatus: 1,
            isAfterSettlement: false,
            createdDate: r.at.toISOString().replace(/\.\d+Z$/, 'Z'),
          })),
        },
      ],
    }));
}

/** The transactions of a day (`transactionDate`, Turkish time), payments and refunds, one `page` of `size`. */
export function transactionsOfDay(
  forms: Iterable<IyzicoForm>,
  refunds: Map<string, IyzicoRefund[]>,
  query: URLSearchParams,
  size: number,
) {
  const day = query.get('transactionDate') ?? '';
  const page = Math.max(1, Number(query.get('page') ?? 1));
  const turkish = (at: Date) =>
    new Date(at.getTime() + 3 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const rows: Record<string, unknown>[] = [];
  for (const form of forms) {
    if (form.result?.paymentStatus !== 'SUCCESS') continue;
    const row = {
      paymentId: Number(form.result.paymentId),
      paymentTxId: Number(form.result.paymentId) + 1,
      paymentPhase: 'AUTH',
      transactionCurrency: form.currency,
      installment: 1,
      threeDS: 0,
      afterSettlement: 0,
      basketId: form.basketId,
      transactionStatus: 1,
    };
    if (turkish(form.result.at).startsWith(day))
      rows.push({
        ...row,
        transactionType: 'PAYMENT',
        transactionDate: turkish(form.result.at),
        transactionId: Number(form.result.paymentId),
        conversationId: form.conversationId,
        price: String(form.price),
        paidPrice: String(form.paidPrice),
      });
    for (const refund of refunds.get(form.result.paymentId) ?? [])
      if (turkish(refund.at).startsWith(day))
        rows.push({
          ...row,
          transactionType: 'REFUND',
          transactionDate: turkish(refund.at),
          transactionId: refund.refundTxId,
          conversationId: refund.refundConversationId,
          price: String(refund.refundPrice),
          paidPrice: String(refund.refundPrice),
        });
  }
  return {
    currentPage: page,
    totalPageCount: Math.max(1, Math.ceil(rows.length / size)),
    transactions: rows.slice((page - 1) * size, page * size),
  };
}
