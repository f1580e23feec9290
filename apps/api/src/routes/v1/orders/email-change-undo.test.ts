/**
 * A leaked order link cannot take the order over (docs/decisions/0022-email-change-undo.md), through HTTP
 * (inject, PGlite): a change of the contact email made with the link proves only the new address, so the
 * replaced address is mailed a one-click undo valid for 48 hours, keeps its link and "where is my ticket"
 * meanwhile, and sign-in with the new address claims the order only once the window has passed. The window is
 * measured with the injected clock.
 */
import { describe, expect, test } from 'vitest';
import { MANY_ORDERS, useTestApi, memoryMailTransport } from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, isoDay, searchOffer } from '../../../testing/booking.ts';
import {
  askForOrderLink,
  book,
  pay,
  requestCancellation,
  signInByEmail,
  tokenQuery,
  type Booked,
} from '../../../testing/after-sale.ts';
import { auditEntriesOf } from '../../../modules/ops/testing/ops.ts';
import { orderOf } from '../../../modules/orders/testing/fixtures.ts';

const HOUR = 3600_000;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);
const inbox: OutgoingEmail[] = [];

const api = useTestApi(MANY_ORDERS, { now, mailTransport: memoryMailTransport(inbox) });

/** Sends what the outbox holds and answers every email sent to `to` so far. */
async function mailTo(to: string): Promise<OutgoingEmail[]> {
  await api.app.outbox.runOnce();
  return inbox.filter((m) => m.to === to);
}

/** The access token of the last order link mailed to `to`. */
async function lastLinkTo(to: string): Promise<string> {
  const mails = await mailTo(to);
  const found = [...mails].reverse().find((m) => /access_token=/.test(m.text));
  return new URL(/https?:\/\/\S+access_token=[\w-]+/.exec(found!.text)![0]).searchParams.get('access_token')!;
}

let day = 60;
let travellers = 0;
/** A paid order booked with a fresh victim's address (the traveller's own link is `access_token`). */
async function paidOrder(): Promise<Booked & { victim: string }> {
  const victim = `victim${++travellers}@example.com`;
  const offer = await searchOffer(api.app, { date: isoDay(start, day++) });
  const order = await book(api.app, offer, ANON, {
    contact: { full_name: 'Anna Karimova', email: victim, phone: '+998 90 123 45 67' },
  });
  await pay(api.app, api.db, order, now());
  await api.app.outbox.runOnce();
  return { ...order, victim };
}

const openOrder = (orderId: string, token?: string, headers: Record<string, string> = ANON) =>
  api.app.inject({ method: 'GET', url: `/v1/orders/${orderId}${tokenQuery(token)}`, headers });

/** The contact email changed with `token` (a leaked link) to `email`, confirmed with the code mailed there. */
async function changeEmailWith(order: { id: string }, token: string, email: string) {
  const asked = await api.app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/email_changes${tokenQuery(token)}`,
    headers: ANON,
    payload: { email },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const code = /\b(\d{6})\b/.exec((await mailTo(email)).at(-1)!.text)![1];
  const confirmed = await api.app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/email_changes/${asked.json().data.id}/actions/confirm${tokenQuery(token)}`,
    headers: ANON,
    payload: { code },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return asked.json().data.id as string;
}

/** The undo link of the last change notice mailed to `to`: its order, change and token. */
async function undoLinkTo(to: string) {
  const mail = (await mailTo(to)).findLast((m) => m.text.includes('/undo-email-change?'));
  const url = new URL(/https?:\/\/\S+\/undo-email-change\?\S+/.exec(mail!.text)![0]);
  return {
    mail: mail!,
    orderId: /\/orders\/([^/]+)\/undo-email-change/.exec(url.pathname)![1]!,
    changeId: url.searchParams.get('change')!,
    token: url.searchParams.get('token')!,
  };
}

const undo = (link: { orderId: string; changeId: string; token: string }) =>
  api.app.inject({
    method: 'POST',
    url: `/v1/orders/${link.orderId}/email_changes/${link.changeId}/actions/undo`,
    headers: ANON,
    payload: { token: link.token },
  });

async function contactEmailOf(orderId: string) {
  const row = await orderOf(api.db, orderId);
  return { email: row!.contactEmail, userId: row!.userId };
}

describe('a leaked order link cannot take the order over', () => {
  test('change the email with the link, ask "where is my ticket" and sign in with the new address: the traveller keeps the order', async () => {
    const order = await paidOrder();
    const leaked = order.access_token;
    const thief = 'thief1@example.com';
    await changeEmailWith(order, leaked, thief);
    // "Where is my ticket" with the new address: a link for the thief, but the traveller's still opens the order.
    expect((await askForOrderLink(api.app, order.booking_reference, thief)).statusCode).toBe(202);
    const thiefLink = await lastLinkTo(thief);
    expect((await openOrder(order.id, thiefLink)).statusCode).toBe(200);
    expect((await openOrder(order.id, order.access_token)).statusCode).toBe(200);

    // Signing in with the new address does not make the order the thief's account's.
    const session = await signInByEmail(api.app, inbox, thief);
    expect((await contactEmailOf(order.id)).userId).toBeNull();
    expect((await openOrder(order.id, undefined, session)).statusCode).toBe(404);
    const quote = await requestCancellation(api.app, order.id, undefined, session);
    expect(quote.statusCode).toBe(404);
    const listed = await api.app.inject({ method: 'GET', url: '/v1/orders', headers: session });
    expect(JSON.stringify(listed.json())).not.toContain(order.id);

    // The replaced address was told, with the undo, and may still ask "where is my ticket".
    const { mail } = await undoLinkTo(order.victim);
    expect(mail.text).toContain(thief);
    const before = (await mailTo(order.victim)).length;
    expect((await askForOrderLink(api.app, order.booking_reference, order.victim)).statusCode).toBe(202);
    expect((await mailTo(order.victim)).length).toBe(before + 1);
    const victimLink = await lastLinkTo(order.victim);
    expect((await openOrder(order.id, victimLink)).statusCode).toBe(200);
    // Neither request cut the other address off.
    expect((await openOrder(order.id, thiefLink)).statusCode).toBe(200);
    expect((await openOrder(order.id, order.access_token)).statusCode).toBe(200);
  });

  test('the undo link puts the old address back, locks every earlier link out and mails a new one; it is single use and audit-logged', async () => {
    const order = await paidOrder();
    const thief = 'thief2@example.com';
    const changeId = await changeEmailWith(order, order.access_token, thief);
    await askForOrderLink(api.app, order.booking_reference, thief);
    const thiefLinks = [order.access_token, await lastLinkTo(thief)];

    const link = await undoLinkTo(order.victim);
    expect(link).toMatchObject({ orderId: order.id, changeId });
    // A wrong token, or one of another change, changes nothing.
    expect((await undo({ ...link, token: 'A'.repeat(43) })).statusCode).toBe(422);
    expect((await contactEmailOf(order.id)).email).toBe(thief);

    clock += 47 * HOUR;
    try {
      const done = await undo(link);
      expect(done.statusCode, done.body).toBe(204);
      expect((await contactEmailOf(order.id)).email).toBe(order.victim);
      for (const token of thiefLinks) expect((await openOrder(order.id, token)).statusCode).toBe(404);
      // The restored address gets the only live link; the removed one is told, without a link.
      const fresh = await lastLinkTo(order.victim);
      expect((await openOrder(order.id, fresh)).statusCode).toBe(200);
      const toThief = (await mailTo(thief)).at(-1)!;
      expect(toThief.text).toContain(order.victim);
      expect(toThief.text).not.toContain('access_token');
      // Single use.
      const again = await undo(link);
      expect(again.statusCode).toBe(422);
      expect(again.json().error).toMatchObject({ code: 'invalid_code', details: { reason: 'expired' } });
      // The thief's address no longer finds the order, and signing in with it claims nothing.
      const thiefMails = (await mailTo(thief)).length;
      await askForOrderLink(api.app, order.booking_reference, thief);
      expect((await mailTo(thief)).length).toBe(thiefMails);
      const session = await signInByEmail(api.app, inbox, thief);
      expect((await openOrder(order.id, undefined, session)).statusCode).toBe(404);
      // Like the console's actions, the audit log of the order records it.
      const audit = await auditEntriesOf(api.db, { targetType: 'order', targetId: order.id });
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['order.contact_email_changed', 'order.contact_email_change_undone']),
      );
      expect(audit.find((a) => a.action === 'order.contact_email_change_undone')).toMatchObject({
        actorEmail: order.victim,
        details: { email_from: thief, email_to: order.victim, change_id: changeId },
      });
      // The traveller, whose address held the order since booking, claims it at once.
      const owner = await signInByEmail(api.app, inbox, order.victim);
      expect((await openOrder(order.id, undefined, owner)).statusCode).toBe(200);
    } finally {
      clock -= 47 * HOUR;
    }
  });

  test('after 48 hours the undo lapses, the old address no longer finds the order, and the new one claims it', async () => {
    const order = await paidOrder();
    const newAddress = 'moved3@example.com';
    await changeEmailWith(order, order.access_token, newAddress);
    const link = await undoLinkTo(order.victim);
    const offset = 48 * HOUR - 60_000;
    clock += offset;
    try {
      // A minute before the end: still the window.
      const early = await signInByEmail(api.app, inbox, newAddress);
      expect((await openOrder(order.id, undefined, early)).statusCode).toBe(404);
      clock += 60_000;
      expect((await undo(link)).statusCode).toBe(422);
      const before = (await mailTo(order.victim)).length;
      await askForOrderLink(api.app, order.booking_reference, order.victim);
      expect((await mailTo(order.victim)).length).toBe(before);
      const late = await signInByEmail(api.app, inbox, newAddress);
      expect((await openOrder(order.id, undefined, late)).statusCode).toBe(200);
      // And "where is my ticket" revokes earlier links again.
      await askForOrderLink(api.app, order.booking_reference, newAddress);
      expect((await openOrder(order.id, order.access_token)).statusCode).toBe(404);
    } finally {
      clock -= offset + 60_000;
    }
  });

  test('a second change cannot outrun the first one’s undo', async () => {
    const order = await paidOrder();
    await changeEmailWith(order, order.access_token, 'thief4@example.com');
    const first = await undoLinkTo(order.victim);
    await changeEmailWith(order, order.access_token, 'thief4b@example.com');
    const second = await undoLinkTo('thief4@example.com');
    expect((await undo(first)).statusCode).toBe(204);
    expect((await contactEmailOf(order.id)).email).toBe(order.victim);
    // The later change's undo (mailed to the thief's first address) would hand the order back: it is void.
    expect((await undo(second)).statusCode).toBe(422);
    expect((await contactEmailOf(order.id)).email).toBe(order.victim);
  });
});
