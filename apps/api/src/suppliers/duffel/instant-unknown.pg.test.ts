/**
 * A paid sale booked at Duffel as an `instant` order whose creation has no known outcome, with two instances on one
 * PostgreSQL database running their passes at the same moment: never created twice while Duffel may have the
 * order, an operator's task once neither Duffel's webhook nor a look-up settled it within CREATION_SETTLE_MS, the
 * traveller told once in their language that the ticket is delayed, and the console's two ways out (docs/duffel.md,
 * "An instant order with no known outcome"). The stand-in's answers and the pages they follow
 * (testing/duffel-order-outcomes.ts):
 *  - 502 that is not `order_not_created` ("You should not retry this request"; only `order_not_created` says nothing
 *    was made): https://duffel.com/docs/api/overview/response-handling and
 *    https://changelog.duffel.com/announcements/we-ve-added-a-new-error-code-for-when-an-order-is-not-created;
 *    its body's `meta.request_id`: https://duffel.com/docs/api/overview/errors;
 *  - 202 "the processing hasn't been completed. You should not retry this request", then the signed
 *    `order.creation_failed` webhook, or the order listed under our metadata without a webhook:
 *    https://duffel.com/docs/api/overview/response-handling, https://duffel.com/docs/api/v2/webhooks and
 *    https://duffel.com/docs/api/orders/list-orders.
 */
import { describe, expect, test } from 'vitest';
import { signedInAs, type Booked } from '../../testing/after-sale.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { CREATION_SETTLE_MS, bookPaidOrders, ticketPaidOrders } from '../../modules/supplier-orders/index.ts';
import { DUFFEL_ONLY_FLIGHT } from './testing/duffel-api-testing.ts';
import { auditEntriesOf } from '../../modules/ops/testing/ops.ts';
import { useTwoDuffelApis } from './testing/duffel-two-apis.ts';

const SECRET = 'whsec-duffel-instant-unknown-01';
const suite = useTwoDuffelApis({
  token: 'duffel_test_instantunknown0123456',
  secret: SECRET,
  flights: [DUFFEL_ONLY_FLIGHT],
  keys: 'duffel-instant-unknown',
});
const { two, clock, now, paidInstantOrder, posted, madeAtDuffel, deliver, told } = suite;

/** Both instances' passes at the same moment, each with its own adapter and connection pool. */
const bothBook = suite.both(bookPaidOrders);
const bothTicket = suite.both(ticketPaidOrders);
/** Both passes a minute later: within the window, past any claim's stale time for a booking in this suite. */
async function minuteLater() {
  clock.at += 60_000;
  await bothBook();
  await bothTicket();
}
/** Both passes once the window has passed with the creation unsettled. */
async function pastTheWindow() {
  clock.at += CREATION_SETTLE_MS;
  await bothBook();
  await bothBook();
}

let operators = 0;
/** The console's ticketing action on the first instance, by a new operator. */
async function consoleAction(order: Booked, action: 'retry' | 'refund' | 'create-again') {
  const operator = await signedInAs(
    two.dbs[0]!,
    `ops.unknown.${++operators}@parvoz.example`,
    'operator',
    now(),
  );
  return two.apps[0]!.inject({
    method: 'POST',
    url: `/v1/ops/orders/${order.id}/ticketing/${action}`,
    headers: operator,
  });
}

/** An operator's task for the unsettled creation, the traveller told once; nothing refunded, no second order. */
async function expectTask(order: Booked, creation: 'unknown' | 'pending') {
  const seen = await told(order);
  expect(seen).toMatchObject({
    bookingStatus: 'new',
    paymentStatus: 'paid',
    ticketing: 'delayed',
    ticketNumbers: [],
    supplierOrder: null,
    outcome: creation,
    task: 'outcome_unknown',
    delayedEmails: 1,
    refunds: 0,
    refusedEmails: 0,
    confirmations: 0,
  });
  expect(seen.taskDetail).toMatchObject({ creation });
  expect(posted(order)).toBe(1);
  return seen;
}

/**
 * A sale paid and booked once by both passes while Duffel answers its creation with `fault` (the clock and the
 * fault reset first).
 */
async function bookedWith(fault: NonNullable<typeof two.server.knobs.createFault>, lang?: string) {
  await suite.reset();
  two.server.knobs.createFault = fault;
  const order = await paidInstantOrder(lang);
  await bothBook();
  return order;
}

/** Cancelled and refunded once, the task gone, the traveller told once of each; Duffel asked once. */
async function expectRefundedOnce(order: Booked) {
  expect(posted(order)).toBe(1);
  expect(await told(order)).toMatchObject({
    bookingStatus: 'cancelled',
    task: null,
    refunds: 1,
    refusedEmails: 1,
    delayedEmails: 1,
    confirmations: 0,
  });
}

describe('an instant Duffel order with no known outcome: an operator task, never a second creation', () => {
  test('502 (not order_not_created): unknown; within the window no task; then a task with the request id, one delay email in the traveller’s language; retry only looks up; refund once', async () => {
    const order = await bookedWith({ kind: 'error_before_create', status: 502 }, 'uz');
    await minuteLater();
    expect(await told(order)).toMatchObject({
      ticketing: 'in_progress',
      outcome: 'unknown',
      task: null,
      delayedEmails: 0,
    });
    await pastTheWindow();
    const seen = await expectTask(order, 'unknown');
    // What the operator asks Duffel's support about: the failed call's status and its request id.
    expect(seen.taskDetail).toMatchObject({ status: 502, request_id: expect.stringMatching(/^req_/) });
    const [delayed] = await queuedEmails(two.dbs[0]!, { dedupeKey: `ticketing-delayed:${order.id}` });
    expect(JSON.stringify(delayed!.payload)).toContain('chiptalaringiz hali rasmiylashtirilmadi');

    // Retry: looked up again by its key, never created again; the task stands, the traveller not emailed again.
    const retried = await consoleAction(order, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    await bothBook();
    await minuteLater();
    expect((await expectTask(order, 'unknown')).taskDetail).toEqual(seen.taskDetail);
    expect(madeAtDuffel(order)).toHaveLength(0);

    // Cancel and refund: looked up first (none), ours cancelled and refunded once; a second click refunds nothing.
    const refunded = await consoleAction(order, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ booking_status: 'cancelled', ticketing: null });
    const again = await consoleAction(order, 'refund');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.details.reason).toBe('no_ticketing_problem');
    await pastTheWindow();
    await expectRefundedOnce(order);
  });

  test('202, then order.creation_failed after the task: the refund path, once; the delay email stays one', async () => {
    const order = await bookedWith({ kind: 'accepted' });
    // Looked up again by the next passes (GET /air/orders), short of the window: no task yet.
    const lookups = two.server.requests.length;
    clock.at += CREATION_SETTLE_MS - 60_000;
    await bothBook();
    expect(two.server.requests.length).toBeGreaterThan(lookups);
    expect(await told(order)).toMatchObject({ outcome: 'pending', task: null, delayedEmails: 0 });
    clock.at += 90_000;
    await bothBook();
    await expectTask(order, 'pending');
    expect(await deliver(two.server.settleAccepted('failed', SECRET))).toBe('creation_settled');
    await minuteLater();
    await pastTheWindow();
    expect(madeAtDuffel(order)).toHaveLength(0);
    await expectRefundedOnce(order);
  });

  test('202, then the order appears at Duffel (no webhook): found by its key, ticketed; no task, no delay email', async () => {
    const order = await bookedWith({ kind: 'accepted' });
    expect(await told(order)).toMatchObject({ outcome: 'pending', task: null });
    // Made at Duffel; its webhook is lost (Duffel retries deliveries, none arrives here).
    two.server.settleAccepted('created', SECRET);
    await minuteLater();
    await pastTheWindow();
    await bothTicket();
    const made = madeAtDuffel(order);
    expect(made).toHaveLength(1);
    expect(posted(order)).toBe(1);
    expect(await told(order)).toMatchObject({
      bookingStatus: 'booked',
      supplierOrder: made[0]!.id,
      outcome: null,
      task: null,
      delayedEmails: 0,
      refunds: 0,
      confirmations: 1,
    });
  });

  test('202, the task raised, then the order appears: the task is void, booked once; refund refused meanwhile', async () => {
    const order = await bookedWith({ kind: 'accepted' });
    await pastTheWindow();
    await expectTask(order, 'pending');
    two.server.settleAccepted('created', SECRET);
    // The operator's refund looks first: Duffel has the order, paid from our balance, so it is put on ours.
    const refunded = await consoleAction(order, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(422);
    expect(refunded.json().error.details.reason).toBe('paid_at_supplier');
    await bothTicket();
    await minuteLater();
    expect(posted(order)).toBe(1);
    expect(await told(order)).toMatchObject({
      bookingStatus: 'booked',
      supplierOrder: madeAtDuffel(order)[0]!.id,
      task: null,
      delayedEmails: 1,
      refunds: 0,
      confirmations: 1,
    });
  });

  test('500 with nothing made, the operator confirms Duffel has none: created once more, booked once', async () => {
    const order = await bookedWith({ kind: 'error_before_create' });
    await pastTheWindow();
    await expectTask(order, 'unknown');
    const allowed = await consoleAction(order, 'create-again');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const again = await consoleAction(order, 'create-again');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.details.reason).toBe('no_ticketing_problem');
    const allowedBy = await auditEntriesOf(two.dbs[0]!, {
      targetId: order.id,
      action: 'order.ticketing_creation_allowed',
    });
    expect(allowedBy).toHaveLength(1);
    await bothBook();
    await bothTicket();
    await pastTheWindow();
    expect(posted(order)).toBe(2);
    expect(madeAtDuffel(order)).toHaveLength(1);
    expect(await told(order)).toMatchObject({
      bookingStatus: 'booked',
      outcome: null,
      task: null,
      delayedEmails: 1,
      refunds: 0,
      confirmations: 1,
    });
  });
});
