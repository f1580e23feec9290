/**
 * iyzico's Checkout Form (docs/payment-providers.md) through its Node SDK (`iyzipay`), as iyzico documents it
 * (docs.iyzico.com: CF initialize, CF retrieve, Refund V2, Reporting, Webhook, Response Signature Validation;
 * docs/decisions/0016-card-providers.md):
 *
 *  1. `createSession` initialises a form for the order's amount (`price` = `paidPrice`, a decimal in lira)
 *     with `conversationId` and `basketId` = our payment id — which is also our `provider_ref` — and a
 *     `callbackUrl` naming that payment (`?payment=<id>`), and sends the traveller to iyzico's hosted page
 *     (`paymentPageUrl`). No card data ever reaches this site.
 *  2. iyzico sends the BROWSER back to that callback (POST `token`); that POST proves nothing by itself, so
 *     the callback route asks iyzico for the result (`checkoutResult`: CF retrieve, an authenticated call
 *     whose answer is signed with our secret key) and feeds that to the same state change as every webhook.
 *     CF retrieve ECHOES the request's `conversationId` (docs.iyzico.com/en/payment-methods/checkoutform/
 *     cf-implementation/cf-retrieve), so the answer's conversationId names nothing by itself: we send our
 *     payment id as it, and the signed `basketId` (given at initialize) proves the token is that payment's
 *     form — a token of another form posted to this payment's way back is refused (docs/payment-providers.md, iyzico).
 *  3. iyzico's merchant notification (the "HPP" webhook, header `X-IYZ-SIGNATURE-V3`) is checked and then
 *     resolved the same way: it names the token and, signed with it, `paymentConversationId` (our payment
 *     id, the initialize-time conversationId), but carries no amount.
 *  4. `refund` gives money back with Refund V2 (by iyzico's payment id) after looking the payment up in the
 *     reporting API, where an earlier refund with our refund id as its conversation id shows — iyzico's
 *     refund is not idempotent, so that look-up is what makes asking twice the same refund. iyzico settles a
 *     refund in its answer (`settled`).
 *  5. `statement` lists a day's transactions (Reporting, daily transactions) for reconciliation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Iyzipay from 'iyzipay';
import { isCurrencyCode, type CurrencyCode } from '@parvoz/core/money';
import { fromIyzicoPrice, toIyzicoPrice } from '@parvoz/core/provider-amounts';
import {
  WebhookRejected,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type PaymentSessionInput,
  type RefundInput,
  type RefundRequested,
  type StatementEntry,
} from '../provider.ts';

export const IYZICO_PROVIDER = 'iyzico';
/** Where iyzico sends the browser back (./callback-routes.ts). */
export const IYZICO_CALLBACK_PATH = '/v1/payments/iyzico/callback';
export const IYZICO_SIGNATURE_HEADER = 'x-iyz-signature-v3';
/** The currencies iyzico's Checkout Form takes that this site sells in (iyzico has no UZS). */
const IYZICO_CURRENCIES: ReadonlySet<CurrencyCode> = new Set(['TRY', 'USD', 'EUR', 'RUB']);
/** An SDK call that has not answered in this long has failed (the SDK itself never gives up). */
const CALL_TIMEOUT_MS = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IyzicoOptions {
  apiKey: string;
  secretKey: string;
  /** iyzico's API base (`https://api.iyzipay.com`, `https://sandbox-api.iyzipay.com`, or a test server). */
  baseUrl: string;
  /** The site's public origin for the callback URL, or null when it has none (then no session can start). */
  origin: () => string | null;
}

/** The outcome of a Checkout Form, read from iyzico's signed answer. */
export interface CheckoutResult {
  event: PaymentEvent;
  /** iyzico's `paymentStatus` (SUCCESS, FAILURE, INIT_THREEDS, …). */
  paymentStatus: string;
}

export interface IyzicoProvider extends PaymentProvider {
  /**
   * Asks iyzico for the result of our payment `paymentId`'s form `token` (CF retrieve); throws WebhookRejected
   * for a token iyzico does not know or one that is not that payment's form.
   */
  checkoutResult(token: string, paymentId: string): Promise<CheckoutResult>;
}

type Answer = Record<string, unknown>;

/** Where iyzico's form sends the browser back for our payment `paymentId`: the callback, naming the payment. */
export function iyzicoCallbackUrl(origin: string, paymentId: string): string {
  return `${origin.replace(/\/+$/, '')}${IYZICO_CALLBACK_PATH}?payment=${encodeURIComponent(paymentId)}`;
}

/** iyzico's response signature: HMAC-SHA256 (hex, our secret key) over the listed values joined by ':'. */
export function iyzicoResponseSignature(secretKey: string, values: readonly unknown[]): string {
  return createHmac('sha256', secretKey)
    .update(values.map((v) => (v === undefined || v === null ? '' : String(v))).join(':'))
    .digest('hex');
}

/** The `X-IYZ-SIGNATURE-V3` of an HPP (Checkout Form) notification. */
export function iyzicoWebhookSignature(
  secretKey: string,
  body: {
    iyziEventType: string;
    iyziPaymentId: string | number;
    token: string;
    paymentConversationId: string;
    status: string;
  },
): string {
  const key = `${secretKey}${body.iyziEventType}${body.iyziPaymentId}${body.token}${body.paymentConversationId}${body.status}`;
  return createHmac('sha256', secretKey).update(key).digest('hex');
}

function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

class IyzicoError extends Error {
  readonly code: string;
  constructor(operation: string, code: string, message: string) {
    super(`iyzico ${operation}: ${code} ${message}`.trim());
    this.name = 'IyzicoError';
    this.code = code;
  }
}

/** iyzico's name for the day a transaction list covers, in Turkey's time (UTC+3, no daylight saving). */
function turkishDay(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

export function createIyzicoProvider(options: IyzicoOptions): IyzicoProvider {
  const { secretKey } = options;
  const client = new Iyzipay({ apiKey: options.apiKey, secretKey, uri: options.baseUrl });

  /** One SDK call as a promise; an answer whose `status` is not `success` is an IyzicoError. */
  function call(
    operation: string,
    run: (callback: (error: Error | null, result: Answer | undefined) => void) => void,
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`iyzico ${operation}: no answer in ${CALL_TIMEOUT_MS} ms`)),
        CALL_TIMEOUT_MS,
      );
      run((error, result) => {
        clearTimeout(timer);
        if (error) return reject(new Error(`iyzico ${operation}: ${error.message}`));
        if (!result || typeof result !== 'object')
          return reject(new Error(`iyzico ${operation}: no JSON answer`));
        if (result.status !== 'success')
          return reject(
            new IyzicoError(operation, String(result.errorCode ?? ''), String(result.errorMessage ?? '')),
          );
        resolve(result);
      });
    });
  }

  function requireSignature(operation: string, answer: Answer, values: readonly unknown[]): void {
    if (!sameHex(iyzicoResponseSignature(secretKey, values), answer.signature))
      throw new WebhookRejected(`iyzico ${operation}: the answer's signature is not valid`);
  }

  async function createSession(input: PaymentSessionInput): Promise<PaymentSession> {
    const currency = input.currency;
    if (!isCurrencyCode(currency) || !IYZICO_CURRENCIES.has(currency))
      throw new RangeError(`iyzico takes no ${currency} payments`);
    const origin = options.origin();
    if (!origin) throw new Error('iyzico: the site has no public address for the callback (set PUBLIC_URL)');
    const price = toIyzicoPrice(input.amountMinor, currency);
    const customer = input.customer;
    const [name, ...rest] = (customer?.fullName ?? 'Parvoz traveller').trim().split(/\s+/);
    // We collect no postal address and no Turkish ID number: iyzico's required fields get stated
    // placeholders (docs/decisions/0012: to be agreed with iyzico for the live account).
    const address = {
      contactName: customer?.fullName ?? 'Parvoz traveller',
      city: 'Istanbul',
      country: 'Turkey',
      address: 'Online booking, no postal address collected',
    };
    const answer = await call('checkout form initialize', (done) =>
      client.checkoutFormInitialize.create(
        {
          locale: input.lang === 'tr' ? 'tr' : 'en',
          conversationId: input.paymentId,
          price,
          paidPrice: price,
          currency,
          // Our payment (one form per payment): the form's signed result names it (see checkoutResult); the
          // booking reference is the basket item's id and name.
          basketId: input.paymentId,
          paymentGroup: 'PRODUCT',
          callbackUrl: iyzicoCallbackUrl(origin, input.paymentId),
          enabledInstallments: [1],
          buyer: {
            id: input.orderId,
            name,
            surname: rest.join(' ') || name,
            gsmNumber: customer?.phone,
            email: customer?.email ?? 'traveller@parvoz.invalid',
            identityNumber: '11111111111',
            registrationAddress: address.address,
            ip: customer?.ip ?? '0.0.0.0',
            city: address.city,
            country: address.country,
          },
          billingAddress: address,
          basketItems: [
            {
              id: input.bookingReference,
              name: `Flight booking ${input.bookingReference}`,
              category1: 'Travel',
              itemType: 'VIRTUAL',
              price,
            },
          ],
        },
        done,
      ),
    );
    requireSignature('checkout form initialize', answer, [answer.conversationId, answer.token]);
    const url = typeof answer.paymentPageUrl === 'string' ? answer.paymentPageUrl : '';
    if (
      answer.conversationId !== input.paymentId ||
      !URL.canParse(url) ||
      !/^https?:$/.test(new URL(url).protocol)
    )
      throw new Error('iyzico checkout form initialize: unexpected answer');
    return { providerRef: input.paymentId, redirectUrl: url };
  }

  async function checkoutResult(token: string, ours: string): Promise<CheckoutResult> {
    if (!/^[A-Za-z0-9-]{8,100}$/.test(token)) throw new WebhookRejected('not an iyzico token');
    if (!UUID.test(ours)) throw new WebhookRejected('not a payment of this site');
    let answer: Answer;
    try {
      // iyzico echoes this conversationId in its answer: our payment id, never the token.
      answer = await call('checkout form retrieve', (done) =>
        client.checkoutForm.retrieve({ locale: 'en', conversationId: ours, token }, done),
      );
    } catch (error) {
      // iyzico answers "failure" for a token it never issued (or that belongs to another merchant).
      if (error instanceof IyzicoError)
        throw new WebhookRejected(`iyzico does not know the token (${error.code})`);
      throw error;
    }
    const { paymentStatus, paymentId, currency, basketId, conversationId, paidPrice, price } = answer;
    requireSignature('checkout form retrieve', answer, [
      paymentStatus,
      paymentId,
      currency,
      basketId,
      conversationId,
      paidPrice,
      price,
      answer.token,
    ]);
    // The echo must be what we sent; the basket (signed, given at initialize) proves the form is this payment's.
    if (answer.token !== token || conversationId !== ours || basketId !== ours)
      throw new WebhookRejected('iyzico checkout form retrieve: the answer names another form');
    const code = typeof currency === 'string' && isCurrencyCode(currency) ? currency : null;
    const charged = code ? fromIyzicoPrice(paidPrice, code) : null;
    const basket = code ? fromIyzicoPrice(price, code) : null;
    const status = String(paymentStatus ?? '');
    const fraud = Number(answer.fraudStatus);
    let type: PaymentEventType;
    if (status === 'SUCCESS' && fraud === 1) type = 'payment.succeeded';
    else if (status === 'FAILURE' || (status === 'SUCCESS' && fraud === -1)) type = 'payment.failed';
    // In fraud review (0), or still in 3-D Secure: the final word comes by a later retrieve or webhook.
    else type = 'payment.requires_action';
    return {
      paymentStatus: status,
      event: {
        id: `iyzico-cf:${token}:${status}:${Number.isFinite(fraud) ? fraud : 'none'}`,
        type,
        providerRef: ours,
        // A basket price that differs from what was charged is not the order's amount either.
        amountMinor: charged !== null && charged === basket ? charged : -1,
        currency: code ?? String(currency),
      },
    };
  }

  async function refund(input: RefundInput): Promise<RefundRequested> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new RangeError(`iyzico refund: not a positive amount: ${input.amountMinor}`);
    if (!isCurrencyCode(input.currency))
      throw new RangeError(`iyzico refund: no such currency ${input.currency}`);
    const details = await call('payment details', (done) =>
      client.reportingTransactionDetails.retrieve(
        { locale: 'en', conversationId: input.refundId, paymentConversationId: input.paymentProviderRef },
        done,
      ),
    );
    const payments = Array.isArray(details.payments) ? (details.payments as Answer[]) : [];
    const paid = payments.find((p) => Number(p.paymentStatus) === 1);
    if (!paid || paid.paymentId === undefined)
      throw new Error(`iyzico refund: no successful payment ${input.paymentProviderRef}`);
    const paymentId = String(paid.paymentId);
    const providerRef = `${paymentId}:${input.refundId}`;
    const items = Array.isArray(paid.itemTransactions) ? (paid.itemTransactions as Answer[]) : [];
    const earlier = items
      .flatMap((item) => (Array.isArray(item.refunds) ? (item.refunds as Answer[]) : []))
      .find((r) => r.refundConversationId === input.refundId && !r.errorCode);
    if (earlier) return { providerRef, settled: true };
    const price = toIyzicoPrice(input.amountMinor, input.currency);
    const answer = await call('refund', (done) =>
      client.refundV2.create(
        { locale: 'en', conversationId: input.refundId, paymentId, price, currency: input.currency },
        done,
      ),
    );
    requireSignature('refund', answer, [answer.paymentId, answer.conversationId]);
    if (
      String(answer.paymentId) !== paymentId ||
      answer.conversationId !== input.refundId ||
      fromIyzicoPrice(answer.price, input.currency) !== input.amountMinor
    )
      throw new Error('iyzico refund: the answer differs from the refund asked for');
    return { providerRef, settled: true };
  }

  async function statement(from: Date, to: Date): Promise<StatementEntry[]> {
    const rows: Answer[] = [];
    for (let day = turkishDay(from); day <= turkishDay(to);) {
      for (let page = 1; ; page++) {
        const answer = await call('daily transactions', (done) =>
          client.reportingTransactions.retrieve({ locale: 'en', transactionDate: day, page }, done),
        );
        if (Array.isArray(answer.transactions)) rows.push(...(answer.transactions as Answer[]));
        if (page >= Number(answer.totalPageCount ?? 1) || page >= 100) break;
      }
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    // A refund or cancel row names the payment by iyzico's payment id; our id is the payment row's conversationId.
    const reversed = new Set(
      rows.filter((r) => /^(REFUND|CANCEL)/i.test(String(r.transactionType))).map((r) => String(r.paymentId)),
    );
    return rows
      .filter((r) => /^PAYMENT$/i.test(String(r.transactionType)) && typeof r.conversationId === 'string')
      .map((r) => {
        const currency = String(r.transactionCurrency ?? r.currency ?? '');
        const minor = isCurrencyCode(currency) ? fromIyzicoPrice(r.paidPrice, currency) : null;
        const time = new Date(String(r.transactionDate ?? '').replace(' ', 'T') + '+03:00');
        return {
          externalId: r.conversationId as string,
          amountMinor: minor ?? -1,
          currency,
          state: reversed.has(String(r.paymentId)) ? ('refunded' as const) : ('paid' as const),
          time: Number.isNaN(time.getTime()) ? from : time,
        };
      });
  }

  return {
    name: IYZICO_PROVIDER,
    createSession,
    checkoutResult,
    refund,
    statement,
    async parseWebhook(rawBody, headers): Promise<PaymentEvent | null> {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw new WebhookRejected('body is not JSON');
      }
      if (!body || typeof body !== 'object') throw new WebhookRejected('unexpected notification shape');
      const { iyziEventType, iyziPaymentId, token, paymentConversationId, status } = body;
      if (
        typeof iyziEventType !== 'string' ||
        typeof paymentConversationId !== 'string' ||
        typeof status !== 'string' ||
        (typeof iyziPaymentId !== 'string' && typeof iyziPaymentId !== 'number')
      )
        throw new WebhookRejected('unexpected notification shape');
      // The Direct format (no token) belongs to payments made through iyzico's API, which this site never makes.
      if (typeof token !== 'string') {
        if (
          !sameHex(
            createHmac('sha256', secretKey)
              .update(`${secretKey}${iyziEventType}${iyziPaymentId}${paymentConversationId}${status}`)
              .digest('hex'),
            headers[IYZICO_SIGNATURE_HEADER],
          )
        )
          throw new WebhookRejected('bad signature');
        return null;
      }
      const expected = iyzicoWebhookSignature(secretKey, {
        iyziEventType,
        iyziPaymentId,
        token,
        paymentConversationId,
        status,
      });
      if (!sameHex(expected, headers[IYZICO_SIGNATURE_HEADER])) throw new WebhookRejected('bad signature');
      // The notice names the form but carries no amount: the outcome is what iyzico's API says now.
      // The notice's paymentConversationId is our payment id (the form's initialize-time conversationId).
      return (await checkoutResult(token, paymentConversationId)).event;
    },
  };
}
