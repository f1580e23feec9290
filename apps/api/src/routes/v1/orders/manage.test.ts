/**
 * Managing a booking (docs/after-sale.md) through HTTP (inject, PGlite): the contact phone, the contact email
 * by a code sent to the NEW address, the tickets again, the receipt PDF; every change emailed; who may (the
 * signed-in owner, an access-token holder) and who gets 404 on every endpoint; bad input; rate limits.
 */
import { describe, expect, test } from 'vitest';
import { buildTestApi, MANY_ORDERS, useTestApi, memoryMailTransport } from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, isoDay, searchOffer } from '../../../testing/booking.ts';
import {
  askForOrderLink,
  book,
  notTheHolder,
  pay,
  readOrder,
  signInByEmail,
  type Booked,
} from '../../../testing/after-sale.ts';
import { ROUTE_LIMITS } from '../../../rate-limit.ts';
import { emailChangeOf } from '../../../modules/orders/testing/orders.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);
const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);

const api = useTestApi(MANY_ORDERS, { now, mailTransport: memoryTransport });

/** Sends what the outbox holds and answers every email sent to `to` so far. */
async function mailTo(to: string): Promise<OutgoingEmail[]> {
  await api.app.outbox.runOnce();
  return inbox.filter((m) => m.to === to);
}

let day = 40;
async function paidOrder(headers: Record<string, string> = ANON, email = 'anna.karimova@example.com') {
  const offer = await searchOffer(api.app, { date: isoDay(start, day++) });
  const order = await book(api.app, offer, headers, {
    contact: { full_name: 'Anna Karimova', email, phone: '+998 90 123 45 67' },
  });
  await pay(api.app, api.db, order, now());
  await api.app.outbox.runOnce();
  return order;
}

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };
const changePhone = (order: { id: string }, phone: unknown): Call => ({
  method: 'POST',
  url: `/v1/orders/${order.id}/actions/change_phone`,
  payload: { phone },
});
const changeEmail = (order: { id: string }, email: unknown, lang?: string): Call => ({
  method: 'POST',
  url: `/v1/orders/${order.id}/email_changes`,
  payload: { email, ...(lang ? { lang } : {}) },
});
const confirmEmail = (order: { id: string }, changeId: string, code: unknown): Call => ({
  method: 'POST',
  url: `/v1/orders/${order.id}/email_changes/${changeId}/actions/confirm`,
  payload: { code },
});
const resend = (order: { id: string }): Call => ({
  method: 'POST',
  url: `/v1/orders/${order.id}/actions/resend_tickets`,
  payload: {},
});
const receipt = (order: { id: string }, lang?: string): Call => ({
  method: 'GET',
  url: `/v1/orders/${order.id}/receipt.pdf${lang ? `?lang=${lang}` : ''}`,
});

function send(call: Call, token?: string, headers: Record<string, string> = ANON) {
  const join = call.url.includes('?') ? '&' : '?';
  return api.app.inject({
    method: call.method,
    url: token === undefined ? call.url : `${call.url}${join}access_token=${encodeURIComponent(token)}`,
    headers,
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

const signIn = (email: string) => signInByEmail(api.app, inbox, email);

const codeIn = (email: OutgoingEmail) => /\b(\d{6})\b/.exec(email.text)![1]!;

describe('the contact phone', () => {
  test('changes at once, and the contact email is told', async () => {
    const order = await paidOrder();
    const before = (await mailTo('anna.karimova@example.com')).length;
    const changed = await send(changePhone(order, '+90 532 123 45 67'), order.access_token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.contact.phone).toBe('+905321234567');
    expect((await readOrder(api.app, order.id, order.access_token)).contact.phone).toBe('+905321234567');
    const mails = (await mailTo('anna.karimova@example.com')).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.booking_reference);
    expect(mails[0]!.text).toContain('+905321234567');
    expect(mails[0]!.html).toContain('+905321234567');
    // The same phone again changes nothing and sends nothing.
    expect((await send(changePhone(order, '+905321234567'), order.access_token)).statusCode).toBe(200);
    expect((await mailTo('anna.karimova@example.com')).slice(before)).toHaveLength(1);
  });

  test('a phone that is not a number is a 400 with the booking message key, and nothing changes', async () => {
    const order = await paidOrder();
    for (const phone of ['12', 'not a phone', '', 42, null, '+1'.padEnd(60, '5')]) {
      const answer = await send(changePhone(order, phone), order.access_token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const bad = await send(changePhone(order, 'abc'), order.access_token);
    expect(bad.json().error.details[0].message).toBe('booking.error.phone');
    expect((await readOrder(api.app, order.id, order.access_token)).contact.phone).toBe('+998901234567');
  });
});

describe('the contact email', () => {
  test('changes only with the code sent to the NEW address; both addresses are told', async () => {
    const order = await paidOrder();
    const asked = await send(changeEmail(order, ' New.Address@Example.com ', 'tr'), order.access_token);
    expect(asked.statusCode).toBe(201);
    const change = asked.json().data;
    expect(change).toMatchObject({ email: 'new.address@example.com' });
    expect(Date.parse(change.expires_at) - clock).toBe(10 * 60_000);
    // Nothing changed yet; the code went to the new address only, in the language asked.
    expect((await readOrder(api.app, order.id, order.access_token)).contact.email).toBe(
      'anna.karimova@example.com',
    );
    const [codeMail] = await mailTo('new.address@example.com');
    expect(codeMail!.subject).toMatch(/\d{6}/);
    expect(codeMail!.text).toContain(order.booking_reference);
    expect(codeMail!.html).toContain(codeIn(codeMail!));
    expect(codeMail!.text).toMatch(/rezervasyon/);
    const code = codeIn(codeMail!);
    expect(inbox.filter((m) => m.to === 'anna.karimova@example.com').some((m) => m.text.includes(code))).toBe(
      false,
    );

    // A wrong code counts and is refused.
    const wrong = await send(
      confirmEmail(order, change.id, code === '000000' ? '111111' : '000000'),
      order.access_token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      code: 'invalid_code',
      details: { reason: 'wrong_code', attempts_left: 4 },
    });

    const oldBefore = (await mailTo('anna.karimova@example.com')).length;
    const done = await send(confirmEmail(order, change.id, code), order.access_token);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.contact.email).toBe('new.address@example.com');
    const toOld = (await mailTo('anna.karimova@example.com')).slice(oldBefore);
    expect(toOld).toHaveLength(1);
    expect(toOld[0]!.text).toContain('new.address@example.com');
    // The old address gets no link to the order, only the undo of the change (email-change-undo.test.ts).
    expect(toOld[0]!.text).not.toContain('access_token');
    expect(toOld[0]!.text).toContain(`/orders/${order.id}/undo-email-change?change=${change.id}&token=`);
    const toNew = await mailTo('new.address@example.com');
    expect(toNew).toHaveLength(2);
    expect(toNew[1]!.text).toContain(`/orders/${order.id}?access_token=`);
    // Confirming again answers the same; "where is my ticket" answers the new address (and, for 48 hours, the
    // old one too: email-change-undo.test.ts).
    expect((await send(confirmEmail(order, change.id, code), order.access_token)).statusCode).toBe(200);
    const lookup = await askForOrderLink(api.app, order.booking_reference, 'new.address@example.com');
    expect(lookup.statusCode).toBe(202);
    expect((await mailTo('new.address@example.com')).length).toBe(3);
  });

  test('five wrong codes end the change; a code expires after 10 minutes; a newer request ends the older', async () => {
    const order = await paidOrder();
    const first = (await send(changeEmail(order, 'first@example.com'), order.access_token)).json().data;
    const firstCode = codeIn((await mailTo('first@example.com'))[0]!);
    const second = (await send(changeEmail(order, 'second@example.com'), order.access_token)).json().data;
    const secondCode = codeIn((await mailTo('second@example.com'))[0]!);
    const older = await send(confirmEmail(order, first.id, firstCode), order.access_token);
    expect(older.statusCode).toBe(422);
    expect(older.json().error.details.reason).toBe('code_expired');

    for (let i = 0; i < 5; i++) {
      const wrong = await send(
        confirmEmail(order, second.id, secondCode === '123456' ? '654321' : '123456'),
        order.access_token,
      );
      expect(wrong.statusCode).toBe(422);
    }
    const spent = await send(confirmEmail(order, second.id, secondCode), order.access_token);
    expect(spent.json().error.details.reason).toBe('code_expired');

    const third = (await send(changeEmail(order, 'third@example.com'), order.access_token)).json().data;
    const thirdCode = codeIn((await mailTo('third@example.com'))[0]!);
    clock += 10 * 60_000;
    try {
      const late = await send(confirmEmail(order, third.id, thirdCode), order.access_token);
      expect(late.json().error.details.reason).toBe('code_expired');
    } finally {
      clock -= 10 * 60_000;
    }
    expect((await readOrder(api.app, order.id, order.access_token)).contact.email).toBe(
      'anna.karimova@example.com',
    );
  });

  test('bad input: the same address, not an email, a malformed code or change id, another order’s change', async () => {
    const order = await paidOrder();
    const same = await send(changeEmail(order, 'ANNA.KARIMOVA@example.com'), order.access_token);
    expect(same.statusCode).toBe(422);
    expect(same.json().error.details.reason).toBe('same_email');
    for (const email of ['nope', '', 'a@', 42, 'x'.repeat(250) + '@example.com']) {
      const answer = await send(changeEmail(order, email), order.access_token);
      expect(answer.statusCode).toBe(400);
    }
    const change = (await send(changeEmail(order, 'other@example.com'), order.access_token)).json().data;
    for (const code of ['12345', '1234567', 'abcdef', 123456, '']) {
      const answer = await send(confirmEmail(order, change.id, code), order.access_token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.details[0].message).toBe('manage.error.code');
    }
    expect((await send(confirmEmail(order, 'not-a-uuid', '123456'), order.access_token)).statusCode).toBe(
      400,
    );
    // A change id of another order (with this order's token) is a 404, as is a made-up one.
    const other = await paidOrder();
    const theirs = (await send(changeEmail(other, 'theirs@example.com'), other.access_token)).json().data;
    const theirCode = codeIn((await mailTo('theirs@example.com'))[0]!);
    expect((await send(confirmEmail(order, theirs.id, theirCode), order.access_token)).statusCode).toBe(404);
    expect(
      (await send(confirmEmail(order, '00000000-0000-4000-8000-000000000000', theirCode), order.access_token))
        .statusCode,
    ).toBe(404);
    expect((await readOrder(api.app, other.id, other.access_token)).contact.email).toBe(
      'anna.karimova@example.com',
    );
    // Changes count only while unused: the attempts of the 404s did not touch it.
    const row = await emailChangeOf(api.db, theirs.id);
    expect(row!.attempts).toBe(0);
  });
});

describe('the tickets again and the receipt', () => {
  test('the confirmation with the e-ticket PDF goes again to the contact email', async () => {
    const order = await paidOrder(ANON, 'resend@example.com');
    const before = (await mailTo('resend@example.com')).length;
    const answer = await send(resend(order), order.access_token);
    expect(answer.statusCode).toBe(202);
    const mails = (await mailTo('resend@example.com')).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.booking_reference);
    expect(mails[0]!.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
  });

  test('the receipt PDF names the payment; it exists once paid only', async () => {
    const order = await paidOrder();
    const answer = await send(receipt(order, 'ru'), order.access_token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${order.booking_reference}.pdf"`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const offer = await searchOffer(api.app, { date: isoDay(start, day++) });
    const unpaid = await book(api.app, offer);
    expect((await send(receipt(unpaid), unpaid.access_token)).statusCode).toBe(404);
    expect((await send(resend(unpaid), unpaid.access_token)).json().error.details.reason).toBe(
      'not_ticketed',
    );
  });
});

describe('who may manage a booking', () => {
  test('the signed-in owner or an access-token holder; anyone else gets 404 on every endpoint and nothing changes', async () => {
    const owner = await signIn('owner-manage@example.com');
    const stranger = await signIn('stranger-manage@example.com');
    const mine: Booked = await paidOrder(owner, 'owner-manage@example.com');
    const other = await paidOrder();
    const change = (await send(changeEmail(mine, 'owner-new@example.com'), undefined, owner)).json().data;
    const calls = [
      changePhone(mine, '+905321234567'),
      changeEmail(mine, 'attacker@example.com'),
      confirmEmail(mine, change.id, '123456'),
      resend(mine),
      receipt(mine),
    ];
    const before = inbox.length;
    for (const call of calls) {
      for (const [token, headers] of notTheHolder(other, stranger)) {
        const answer = await send(call, token, headers);
        expect(answer.statusCode, `${call.url} ${String(token)}`).toBe(404);
        expect(answer.json().error.code).toBe('not_found');
      }
    }
    await api.app.outbox.runOnce();
    expect(inbox.slice(before).filter((m) => m.to !== 'owner-new@example.com')).toHaveLength(0);
    const row = await emailChangeOf(api.db, change.id);
    expect(row!.attempts).toBe(0);
    expect(await readOrder(api.app, mine.id, mine.access_token)).toMatchObject({
      contact: { email: 'owner-manage@example.com', phone: '+998901234567' },
    });
    // The owner needs no token; the token holder needs no session.
    expect((await send(changePhone(mine, '+905321234567'), undefined, owner)).statusCode).toBe(200);
    expect((await send(receipt(mine), undefined, owner)).statusCode).toBe(200);
    expect((await send(receipt(mine), mine.access_token)).statusCode).toBe(200);
    expect((await send(resend(mine), mine.access_token)).statusCode).toBe(202);
  });
});

test('every manage endpoint is rate-limited per client', async () => {
  const order = await paidOrder();
  const limited = await buildTestApi(
    api.db,
    { rateLimitScale: 2 / ROUTE_LIMITS.orderChanges.limit },
    { now, mailTransport: memoryTransport },
  );
  try {
    const hit = (call: Call) =>
      limited.inject({
        method: call.method,
        url: `${call.url}${call.url.includes('?') ? '&' : '?'}access_token=${order.access_token}`,
        headers: ANON,
        remoteAddress: '198.51.100.78',
        ...(call.payload ? { payload: call.payload } : {}),
      });
    // The budgets differ per endpoint; the scale makes each a handful, then 429 with Retry-After.
    for (const [call, rule] of [
      [changePhone(order, '+905321234567'), ROUTE_LIMITS.orderChanges],
      [resend(order), ROUTE_LIMITS.ticketResends],
      [receipt(order), ROUTE_LIMITS.receipts],
    ] as const) {
      const allowed = Math.max(1, Math.round(rule.limit * (2 / ROUTE_LIMITS.orderChanges.limit)));
      for (let i = 0; i < allowed; i++) expect((await hit(call)).statusCode).toBeLessThan(429);
      const refused = await hit(call);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    }
    // The email change and its confirmation share the contact-change budget, already spent.
    expect((await hit(changeEmail(order, 'x@example.com'))).statusCode).toBe(429);
    expect(
      (await hit(confirmEmail(order, '00000000-0000-4000-8000-000000000000', '123456'))).statusCode,
    ).toBe(429);
  } finally {
    await limited.close();
  }
});
