/**
 * The console's overview after a refund (docs/after-sale.md §8), through HTTP (inject, PGlite) and the real
 * refund path: two orders paid in lira, one of them cancelled by an admin with all of it given back and the
 * provider's webhook settling the refund. The revenue is what the agency kept (the other order's total), the
 * refund stands beside it with its count, and the paid orders still count both orders (they were paid).
 */
import { beforeAll, expect, test } from 'vitest';
import type { OpsOverview } from '@parvoz/contracts/ops';
import { MANY_ORDERS, useTestApi } from '../../../testing/api.ts';
import { isoDay, searchOffer } from '../../../testing/booking.ts';
import {
  book,
  consoleCallers,
  deliverWebhook,
  pay,
  startedRefundOf,
  type Booked,
} from '../../../testing/after-sale.ts';
import { majorOf } from '../../../modules/orders/index.ts';
import { orderOf } from '../../../modules/orders/testing/fixtures.ts';

const START = Date.UTC(2026, 10, 23, 6, 0);
let clock = START;
const now = () => new Date(clock);

let admin: Record<string, string>;
let refunded: Booked;
let kept: Booked;

const api = useTestApi(MANY_ORDERS, { now });

beforeAll(async () => {
  admin = (await consoleCallers(api.app, api.db, now())).admin;
});

/** Two lira orders paid; an hour later the first is cancelled with all of it given back, as the console does. */
async function payTwoRefundOne() {
  const date = isoDay(START, 40);
  refunded = await book(api.app, await searchOffer(api.app, { date, currency: 'TRY' }));
  kept = await book(
    api.app,
    await searchOffer(api.app, { date, origin: 'IST', destination: 'TAS', currency: 'TRY' }),
  );
  await pay(api.app, api.db, refunded, now());
  await pay(api.app, api.db, kept, now());
  // An hour later the admin cancels the first order and gives all of it back; the provider confirms.
  clock = START + 3_600_000;
  const quote = await api.app.inject({
    method: 'POST',
    url: `/v1/ops/orders/${refunded.id}/cancellations`,
    headers: admin,
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const cancelled = await api.app.inject({
    method: 'POST',
    url: `/v1/ops/orders/${refunded.id}/cancel_with_override`,
    headers: { ...admin, 'idempotency-key': 'overview-refund-1' },
    payload: {
      cancellation_id: quote.json().data.id,
      refund_amount: refunded.total_amount,
      reason: 'The traveller cannot fly',
    },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const refund = await startedRefundOf(api.db, refunded.id);
  const settled = await deliverWebhook(api.app, now(), {
    type: 'refund.succeeded',
    providerRef: refund.providerRef!,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    refundId: refund.id,
    id: `evt_overview_${refund.id}`,
  });
  expect(settled.effect).toBe('refunded');
}

test('a lira order refunded in full is not in the revenue; the refund, counted, stands beside it', async () => {
  await payTwoRefundOne();
  const answer = await api.app.inject({ method: 'GET', url: '/v1/ops/overview', headers: admin });
  expect(answer.statusCode, answer.body).toBe(200);
  const data = answer.json().data as OpsOverview;
  const gone = (await orderOf(api.db, refunded.id))!;
  const stays = (await orderOf(api.db, kept.id))!;
  expect([gone.currency, stays.currency]).toEqual(['TRY', 'TRY']);

  expect(data.totals.revenue).toEqual([{ currency: 'TRY', amount: majorOf(stays.totalMinor, 'TRY') }]);
  expect(data.totals.refunds).toEqual([
    { currency: 'TRY', amount: majorOf(gone.totalMinor, 'TRY'), count: 1 },
  ]);
  // Both orders were paid in the period: the figure counts payments, refunded ones included.
  expect(data.totals.paid_orders).toBe(2);
  const today = data.days.at(-1)!;
  expect(today.revenue).toEqual(data.totals.revenue);
  expect(today.refunds).toEqual(data.totals.refunds);
  // The refunded order's route earned nothing; the other's earned its total.
  const route = (origin: string) => data.top_routes.find((r) => r.origin === origin)!;
  expect(route('TAS').revenue).toEqual([{ currency: 'TRY', amount: majorOf(0, 'TRY') }]);
  expect(route('IST').revenue).toEqual([{ currency: 'TRY', amount: majorOf(stays.totalMinor, 'TRY') }]);
});
