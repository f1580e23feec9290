/**
 * On real PostgreSQL, with two API instances (each its own pool) on one database (docs/after-sale.md):
 * cancellations of the same paid order confirmed at once — two quotes, from both instances — give ONE
 * cancellation and ONE refund; the provider's refund webhook delivered ten times at once over both instances
 * changes the order once. The same for a traveller's cancellation and an operator's in the console at once.
 */
import { expect, test } from 'vitest';
import { MANY_ORDERS, useTwoTestApis } from '../../../testing/api.ts';
import { isoDay } from '../../../testing/booking.ts';
import {
  book,
  cancellationTrail,
  confirmCancellationRequest,
  confirmOperatorCancellation,
  deliverWebhook,
  offerIn,
  operatorHeaders,
  pay,
  readOrder,
  requestCancellation,
  requestOperatorCancellation,
} from '../../../testing/after-sale.ts';
import { countEmails } from '../../../modules/mail/testing/outbox.ts';
import { refundsOf } from '../../../modules/payments/testing/payments.ts';
import { holdsOf } from '../../../modules/orders/testing/fixtures.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
const pair = useTwoTestApis(MANY_ORDERS, { now });

test('a paid order cancelled twice at once, five times over: one cancellation and one refund each', async () => {
  for (let round = 0; round < 5; round++) {
    const offer = await offerIn(pair.apps[0]!, 'standard', { date: isoDay(start, 40 + round) });
    const order = await book(pair.apps[0]!, offer);
    await pay(pair.apps[0]!, pair.database.db, order, now());
    // Two quotes (the traveller pressed "Cancel" in two tabs), each confirmed from both instances at once.
    const quotes = await Promise.all(
      pair.apps.map(async (app) => {
        const answer = await requestCancellation(app, order.id, order.access_token);
        expect(answer.statusCode).toBe(201);
        return answer.json().data.id as string;
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        confirmCancellationRequest(pair.apps[i % 2]!, quotes[Math.floor(i / 2) % 2]!, order.access_token),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // One quote wins (its confirms all answer 200: the same confirmation); the other's are refused.
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().error.details.reason).toBe('already_cancelled');
    expect(await cancellationTrail(pair.database.db, order.id)).toEqual({
      confirmed: 1,
      refunds: 1,
      emails: 1,
    });
    const released = await holdsOf(pair.database.db, order.id);
    expect(released.every((h) => h.releasedAt !== null)).toBe(true);

    // The provider's webhook, ten times at once over both instances: one change.
    const [refund] = await refundsOf(pair.database.db, order.id);
    const event = {
      type: 'refund.succeeded' as const,
      providerRef: refund!.providerRef!,
      amountMinor: refund!.amountMinor,
      currency: refund!.currency,
      refundId: refund!.id,
      id: `evt_pg_${refund!.id}`,
    };
    const effects = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliverWebhook(pair.apps[i % 2]!, now(), event)),
    );
    expect(effects.filter((e) => e.effect === 'refunded')).toHaveLength(1);
    expect(effects.filter((e) => e.effect === 'duplicate')).toHaveLength(9);
    expect((await readOrder(pair.apps[1]!, order.id, order.access_token)).refund_status).toBe('refunded');
    expect(await countEmails(pair.database.db, { dedupeKey: `refund-completed:${refund!.id}` })).toBe(1);
  }
}, 120_000);

test("a traveller's cancellation and an operator's of the same paid order at once: one refund", async () => {
  const operator = await operatorHeaders(pair.database.db, 'desk-pg@agency.test', now());
  for (let round = 0; round < 3; round++) {
    const offer = await offerIn(pair.apps[0]!, 'standard', { date: isoDay(start, 50 + round) });
    const order = await book(pair.apps[0]!, offer);
    await pay(pair.apps[0]!, pair.database.db, order, now());
    const travellerQuote = await requestCancellation(pair.apps[0]!, order.id, order.access_token);
    const operatorQuote = await requestOperatorCancellation(pair.apps[1]!, order.id, operator);
    expect([travellerQuote.statusCode, operatorQuote.statusCode]).toEqual([201, 201]);
    const answers = await Promise.all([
      confirmCancellationRequest(pair.apps[0]!, travellerQuote.json().data.id, order.access_token),
      confirmOperatorCancellation(pair.apps[1]!, order.id, operatorQuote.json().data.id, operator),
    ]);
    // One wins; the other is told the order is already cancelled.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await cancellationTrail(pair.database.db, order.id)).toMatchObject({ confirmed: 1, refunds: 1 });
  }
}, 120_000);
