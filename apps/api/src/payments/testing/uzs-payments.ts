/**
 * What the Payme and Click suites share (docs/payment-providers.md): the API configured for the local stand-ins of payments/payme/testing and payments/click/testing,
 * UZS orders on days of their own, and the rows a provider's calls leave (transactions, confirmation emails).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import type { ApiConfig } from '../../config.ts';
import type { PaymeTestServer } from '../payme/testing/payme-server.ts';
import type { ClickTestServer } from '../click/testing/click-server.ts';
import { MANY_ORDERS, memoryMailTransport, startTestApi } from '../../testing/api.ts';
import { ANON, isoDay } from '../../testing/booking.ts';
import { book, offerIn, type Booked } from '../../testing/after-sale.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { addRuleInForce } from '../../modules/pricing/testing/rules.ts';

/** PAYME_ settings for a (local) Payme cashbox. */
export const paymeConfig = (payme: Pick<PaymeTestServer, 'merchantId' | 'key' | 'url'>) => ({
  merchantId: payme.merchantId,
  key: payme.key,
  login: 'Paycom',
  checkoutUrl: payme.url,
  apiUrl: `${payme.url}/api`,
});

/** CLICK_ settings for the local Click. */
export const clickConfig = (click: ClickTestServer) => ({
  serviceId: click.serviceId,
  merchantId: click.merchantId,
  merchantUserId: click.merchantUserId,
  secretKey: click.secretKey,
  payUrl: `${click.url}/services/pay`,
  apiUrl: `${click.url}/v2/merchant`,
  attemptMinutes: 10,
});

/**
 * `startTestApi` listening on loopback (the providers call it back over HTTP at `base`), with whole refunds of
 * standard fares (Payme and Click give back whole payments only) and no test reading the emails.
 */
export async function startUzsApi(config: Partial<ApiConfig>, now: () => Date) {
  const api = await startTestApi(
    { ...MANY_ORDERS, standardRefundFeeUsd: 0, ...config },
    { now, mailTransport: memoryMailTransport([]) },
  );
  const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...api, base };
}

/** A UZS suite's API (`startUzsPayments`) and the orders it books. */
export type UzsPayments = Awaited<ReturnType<typeof startUzsApi>> & { order: ReturnType<typeof uzsOrders> };

/**
 * `startUzsApi` with `config`, the local Payme and Click (where given) sending their calls to its endpoints, and
 * UZS orders from day 30 after `start` (the suite's clock).
 */
export async function startUzsPayments(
  stand: { config: Partial<ApiConfig>; payme?: PaymeTestServer; click?: ClickTestServer },
  now: () => Date,
  start: number,
): Promise<UzsPayments> {
  const api = await startUzsApi(stand.config, now);
  if (stand.payme) stand.payme.endpoint = `${api.base}/v1/payments/payme`;
  if (stand.click) {
    stand.click.prepareUrl = `${api.base}/v1/payments/click/prepare`;
    stand.click.completeUrl = `${api.base}/v1/payments/click/complete`;
  }
  return { ...api, order: uzsOrders(api.app, start, 30) };
}

/** Books orders (UZS unless told) each on a new day from `firstDay` after `start`, so none sells out. */
export function uzsOrders(app: FastifyInstance, start: number, firstDay: number) {
  let day = firstDay;
  return async (fare: 'light' | 'standard' = 'light', currency = 'UZS'): Promise<Booked> => {
    const offer = await offerIn(app, fare, { date: isoDay(start, day++) });
    return book(app, offer, ANON, { currency });
  };
}

export { transactionsOf } from '../../modules/payments/testing/payments.ts';

/** The order's confirmation emails in the outbox (one, however often the payment is reported). */
export const confirmationsOf = (db: Database, orderId: string) =>
  queuedEmails(db, { dedupeKey: `order-confirmation:${orderId}` });

/**
 * A service fee of 50,000 so'm a passenger, in force since an hour before `start` (written as the console would),
 * then an order of two adults in UZS on day `day` after `start`: the fiscal suites' order with a fee to itemise.
 */
export async function twoPassengersWithServiceFee(
  app: FastifyInstance,
  db: Database,
  start: number,
  day: number,
): Promise<Booked> {
  await addRuleInForce(
    db,
    {
      kind: 'service_fee',
      priority: 1,
      scope: {},
      fixed: { amount: 50_000, currency: 'UZS' },
      per: 'passenger',
    },
    new Date(start - 3_600_000),
  );
  const offer = await offerIn(app, 'light', { date: isoDay(start, day), adults: 2 });
  return book(app, offer, ANON, { currency: 'UZS' });
}
