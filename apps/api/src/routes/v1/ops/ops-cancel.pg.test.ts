/**
 * On real PostgreSQL, with two API instances (each its own pool) on one database (docs/after-sale.md §6): a
 * traveller cancelling their paid order from its page and an operator cancelling it from the console at the
 * same moment — each on their own quote, each retried, over both instances — give ONE cancellation and ONE
 * refund; the audit log names the operator only when the operator's cancellation is the one that happened.
 */
import { beforeAll, expect, test } from 'vitest';
import { MANY_ORDERS, useTwoTestApis } from '../../../testing/api.ts';
import { isoDay } from '../../../testing/booking.ts';
import {
  book,
  cancellationTrail,
  confirmCancellationRequest,
  confirmOperatorCancellation,
  offerIn,
  operatorHeaders,
  pay,
  requestCancellation,
  requestOperatorCancellation,
} from '../../../testing/after-sale.ts';
import { auditEntriesOf } from '../../../modules/ops/testing/ops.ts';

let operator: Record<string, string>;
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
const pair = useTwoTestApis(MANY_ORDERS, { now });

beforeAll(async () => {
  operator = await operatorHeaders(pair.database.db, 'desk@agency.test', now());
});

test('a traveller and an operator cancel the same paid order at once, five times over: one cancellation, one refund', async () => {
  const winners = new Set<string>();
  for (let round = 0; round < 5; round++) {
    const order = await book(
      pair.apps[0]!,
      await offerIn(pair.apps[0]!, 'standard', { date: isoDay(start, 50 + round) }),
    );
    await pay(pair.apps[0]!, pair.database.db, order, now());
    const travellerQuote = await requestCancellation(pair.apps[0]!, order.id, order.access_token);
    const operatorQuote = await requestOperatorCancellation(pair.apps[1]!, order.id, operator);
    expect(travellerQuote.statusCode).toBe(201);
    expect(operatorQuote.statusCode).toBe(201);
    // Both press "confirm" at once, each twice (a retry), over both instances; the operator's retry reuses its key.
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        i % 2 === 0
          ? confirmCancellationRequest(
              pair.apps[(i / 2) % 2]!,
              travellerQuote.json().data.id,
              order.access_token,
            ).then((a) => ({ who: 'traveller', status: a.statusCode, body: a.json() }))
          : confirmOperatorCancellation(
              pair.apps[((i - 1) / 2 + 1) % 2]!,
              order.id,
              operatorQuote.json().data.id,
              {
                ...operator,
                'idempotency-key': `pg-cancel-${order.id}`,
              },
            ).then((a) => ({ who: 'operator', status: a.statusCode, body: a.json() })),
      ),
    );
    // Every answer is a success (the winner, or its replay) or the other side's "already cancelled"; a retry of
    // the operator's key that met the first one still running is told so (409), never done twice.
    for (const answer of answers) {
      expect([200, 409, 422], JSON.stringify(answer)).toContain(answer.status);
      if (answer.status === 422) expect(answer.body.error.details.reason).toBe('already_cancelled');
    }
    const won = new Set(answers.filter((a) => a.status === 200).map((a) => a.who));
    expect(won.size, JSON.stringify(answers)).toBe(1);
    winners.add([...won][0]!);

    expect(await cancellationTrail(pair.database.db, order.id)).toEqual({
      confirmed: 1,
      refunds: 1,
      emails: 1,
    });
    const audited = (
      await auditEntriesOf(pair.database.db, { targetId: order.id, action: 'order.cancelled' })
    ).length;
    expect(audited).toBe(won.has('operator') ? 1 : 0);
  }
  // Not an assertion on timing: who wins is up to the database; both outcomes were checked above.
  expect(winners.size).toBeGreaterThanOrEqual(1);
}, 120_000);
