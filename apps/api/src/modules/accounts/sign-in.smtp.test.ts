/**
 * Sign-in by emailed code against a real SMTP server (smtp-server + mailparser) started here: the API's
 * outbox sends through nodemailer to it. Time is injected (`now`), never slept.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApi, clientIps, useSmtpTestApi } from '../../testing/api.ts';
import { codeOf, startSmtpServer } from '../../adapters/mail/testing/smtp-server.ts';
import { queuedEmails } from '../mail/testing/outbox.ts';
import { insertOneFlightOrder } from '../orders/testing/fixtures.ts';

let clock = new Date('2030-03-01T08:00:00Z');
/** A fresh client IP per test, so per-IP counters of one test never touch another. */
const nextIp = clientIps('10.0');
let ip: string;

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const api = useSmtpTestApi(startSmtpServer, (smtpUrl) => ({ smtpUrl, publicUrl: 'http://parvoz.test' }), {
  now: () => clock,
});

beforeEach(() => {
  ip = nextIp();
  advance(3 * 3600_000); // every test starts after the hour windows of the previous one
});

// Each client is its own peer address: the tests never lean on a header naming the client.
function sendCode(email: string, lang = 'en', fromIp = ip) {
  return api.app.inject({
    method: 'POST',
    url: '/v1/auth/code',
    remoteAddress: fromIp,
    payload: { email, lang },
  });
}

function verify(email: string, code: string, lang?: string, fromIp = ip) {
  return api.app.inject({
    method: 'POST',
    url: '/v1/auth/verify',
    remoteAddress: fromIp,
    payload: { email, code, lang },
  });
}

const PAUSED = 'Sign-in by code is paused for your email';

/** The unlock link's token of the newest "paused" email to `email`. */
function unlockToken(email: string): string {
  const notice = api.smtp
    .to(email)
    .filter((m) => m.subject === PAUSED)
    .at(-1)!;
  return new URL(/http\S+/.exec(notice.text)![0]).searchParams.get('token')!;
}

function unlock(email: string, token: string, fromIp = ip) {
  return api.app.inject({
    method: 'POST',
    url: '/v1/auth/unlock',
    remoteAddress: fromIp,
    payload: { email, token },
  });
}

/** Sends what the outbox holds and returns the newest email to `email`. */
async function deliveredCode(email: string, count?: number): Promise<string> {
  await api.app.outbox.runOnce();
  return codeOf(await api.smtp.waitFor(email, 5_000, count ?? (api.smtp.to(email).length || 1)));
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('sign-in by emailed code', () => {
  test('the code arrives by SMTP (translated, text and HTML) and signs in; earlier orders are attached', async () => {
    const email = 'Traveller.One@Example.com';
    await insertOneFlightOrder(api.db, {
      id: 'ord_early_1',
      bookingReference: 'ABC123',
      contactFullName: 'Traveller One',
      contactEmail: 'traveller.one@example.com',
      totalMinor: 41250,
      lang: 'en',
      departs: '2031-01-01T08:00:00+05:00',
      arrives: '2031-01-01T11:00:00+03:00',
    });

    const sent = await sendCode(email, 'ru');
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ data: { sent: true } });
    await api.app.outbox.runOnce();
    const mail = await api.smtp.waitFor('traveller.one@example.com');
    expect(mail.subject).toMatch(/^\d{6} — ваш код для входа в Parvoz$/);
    expect(mail.text).toContain('Ваш код подтверждения');
    expect(mail.html).toContain(codeOf(mail));

    const signedIn = await verify(email, codeOf(mail), 'ru');
    expect(signedIn.statusCode).toBe(200);
    const { token, user } = signedIn.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.email).toBe('traveller.one@example.com');

    const me = await api.app.inject({
      method: 'GET',
      url: '/v1/user/get-me?include=userDetail',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.userDetail.language).toBe('ru');

    const orders = await api.app.inject({
      method: 'GET',
      url: '/v1/orders?status=active',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(orders.json().data.map((o: { id: string }) => o.id)).toEqual(['ord_early_1']);

    // Single use.
    const again = await verify(email, codeOf(mail));
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toMatchObject({ code: 'invalid_code', details: { reason: 'expired' } });
  });

  test('five wrong tries kill the code', async () => {
    const email = 'five-wrong@example.com';
    expect((await sendCode(email)).statusCode).toBe(202);
    const code = await deliveredCode(email);
    for (let i = 1; i <= 5; i++) {
      const response = await verify(email, otherCode(code));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details).toEqual(
        i < 5 ? { reason: 'wrong', attempts_left: 5 - i } : { reason: 'too_many_attempts' },
      );
    }
    const right = await verify(email, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().error).toMatchObject({
      code: 'invalid_code',
      details: { reason: 'too_many_attempts' },
    });
    expect(right.json().error.message).toMatch(/new code/);
  });

  test('an expired code is refused', async () => {
    const email = 'expired@example.com';
    await sendCode(email);
    const code = await deliveredCode(email);
    advance(10 * 60_000 + 1_000);
    const response = await verify(email, code);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual({ reason: 'expired' });
  });

  test('a resend before 60 s is refused with Retry-After; a new code invalidates the previous one', async () => {
    const email = 'resend@example.com';
    expect((await sendCode(email)).statusCode).toBe(202);
    const first = await deliveredCode(email);
    advance(20_000);
    const early = await sendCode(email);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json().error.code).toBe('rate_limited');

    advance(41_000);
    expect((await sendCode(email)).statusCode).toBe(202);
    const second = await deliveredCode(email, 2);
    if (first !== second) expect((await verify(email, first)).statusCode).toBe(422);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  test('SIGNIN_RESEND_SECONDS shortens the resend window', async () => {
    const quick = await buildTestApi(
      api.db,
      { smtpUrl: api.smtp.url, publicUrl: 'http://parvoz.test', signinResendSeconds: 5 },
      { now: () => clock },
    );
    try {
      const send = () =>
        quick.inject({
          method: 'POST',
          url: '/v1/auth/code',
          remoteAddress: ip,
          payload: { email: 'quick@example.com', lang: 'en' },
        });
      expect((await send()).statusCode).toBe(202);
      advance(4_000);
      const early = await send();
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe('1');
      advance(1_000);
      expect((await send()).statusCode).toBe(202);
    } finally {
      await quick.close();
    }
  });

  test('sending is limited per email (5 an hour) with 429 and Retry-After', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(email)).statusCode).toBe(202);
      advance(61_000);
    }
    const refused = await sendCode(email);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    advance(3600_000);
    expect((await sendCode(email)).statusCode).toBe(202);
  });

  test('sending is limited per IP (20 an hour), counted in PostgreSQL', async () => {
    for (let i = 0; i < 20; i++) expect((await sendCode(`ip-limit-${i}@example.com`)).statusCode).toBe(202);
    const refused = await sendCode('ip-limit-20@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const rows = await api.db.execute<{ count: number }>(
      sql`SELECT count FROM rate_limits WHERE key = ${`auth-code:ip:${ip}`}`,
    );
    expect(Number(rows.rows[0]?.count)).toBe(21);
    // Another visitor is not affected.
    expect((await sendCode('ip-limit-20@example.com', 'en', '10.99.0.1')).statusCode).toBe(202);
  });

  test('the per-email limit counts the mailbox: plus-aliases and case variants share the 5 an hour', async () => {
    // docs/operations.md, "Counting by mailbox": name+tag@ reaches the inbox of name@.
    const spellings = [
      'alias.box@example.com',
      'Alias.Box+1@example.com',
      'alias.box+2@EXAMPLE.com',
      'alias.box+3@example.com',
      'ALIAS.BOX+4@example.com',
    ];
    for (const email of spellings) {
      expect((await sendCode(email)).statusCode).toBe(202);
      advance(61_000);
    }
    expect((await sendCode('alias.box+5@example.com')).statusCode).toBe(429);
    // Another mailbox is not affected.
    expect((await sendCode('alias.boxes+5@example.com')).statusCode).toBe(202);
    // Delivered now, so that later tests' emails are not sent in one batch with these.
    await api.app.outbox.runOnce();
  });

  test('the per-IP limit counts an IPv6 client by its /64 (20 an hour); another /64 is not affected', async () => {
    const [, , x, y] = ip.split('.');
    const net = `2001:db8:${x}:${y}`; // a /64 of this test's own
    for (let i = 1; i <= 20; i++) {
      const sent = await sendCode(`v6-limit-${i}@example.com`, 'en', `${net}::${i.toString(16)}`);
      expect(sent.statusCode).toBe(202);
    }
    const last = `${net}:ffff:ffff:ffff:ffff`;
    expect((await sendCode('v6-limit-21@example.com', 'en', last)).statusCode).toBe(429);
    expect((await sendCode('v6-limit-21@example.com', 'en', `2001:db9:${x}:${y}::1`)).statusCode).toBe(202);
    await api.app.outbox.runOnce();
  });

  test('known and unknown emails get identical answers', async () => {
    const known = 'known@example.com';
    await sendCode(known);
    expect((await verify(known, await deliveredCode(known))).statusCode).toBe(200);
    advance(61_000);
    const strip = (r: Awaited<ReturnType<typeof sendCode>>) => {
      const { date: _d, 'x-request-id': _r, ...headers } = r.headers;
      return { status: r.statusCode, body: r.body, headers };
    };
    const a = await sendCode(known);
    const b = await sendCode('never-seen@example.com');
    expect(strip(a)).toEqual(strip(b));
  });

  test('a code is useless for another email', async () => {
    await sendCode('alice@example.com');
    await sendCode('bob@example.com');
    const aliceCode = await deliveredCode('alice@example.com');
    const bobCode = await deliveredCode('bob@example.com');
    if (aliceCode !== bobCode) {
      const response = await verify('bob@example.com', aliceCode);
      expect(response.statusCode).toBe(422);
    }
    const noCode = await verify('carol@example.com', aliceCode);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().error.details).toEqual({ reason: 'expired' });
  });

  test('after 30 wrong codes in a row, from six networks, code sign-in is suspended until the emailed link re-enables it', async () => {
    const email = 'suspended@example.com';
    let code = '';
    // Five wrong tries (one code) from each of six networks: no network reaches its own limit of 10.
    for (let round = 0; round < 6; round++) {
      const network = `10.50.0.${round + 1}`;
      expect((await sendCode(email, 'en', network)).statusCode).toBe(202);
      code = await deliveredCode(email, round + 1);
      for (let i = 0; i < 5; i++) {
        expect((await verify(email, otherCode(code), 'en', network)).json().error.details.reason).not.toBe(
          'suspended',
        );
      }
      advance(13 * 60_000);
    }
    await api.app.outbox.runOnce();
    const notice = await api.smtp.waitFor(email, 5_000, 7);
    expect(notice.subject).toBe(PAUSED);
    const link = /http:\/\/parvoz\.test\/en\/login\/unlock\?\S+/.exec(notice.text)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).searchParams.get('email')).toBe(email);

    // Still the same answer to "send code"; the owner, at a network that never erred, gets the link again.
    expect((await sendCode(email)).statusCode).toBe(202);
    await api.app.outbox.runOnce();
    expect((await api.smtp.waitFor(email, 5_000, 8)).subject).toBe(PAUSED);
    const refused = await verify(email, code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'invalid_code',
      message:
        'Sign-in by code is suspended for this email after too many wrong codes. Use the link we emailed to re-enable it.',
      details: { reason: 'suspended' },
    });

    expect((await unlock(email, 'A'.repeat(43))).statusCode).toBe(422);
    // The second email's link is the valid one (a new link invalidates the previous).
    expect((await unlock(email, unlockToken(email))).statusCode).toBe(204);

    advance(61_000);
    expect((await sendCode(email)).statusCode).toBe(202);
    expect((await verify(email, await deliveredCode(email, 9))).statusCode).toBe(200);
  });
});

describe('wrong codes are counted per email and client network', () => {
  test("an attacker's network locks only itself: the owner's network still signs in with a fresh code", async () => {
    const email = 'victim@example.com';
    const attacker = '10.66.0.1';
    // The attacker asks for codes and guesses: two codes killed, ten wrong tries, then refused.
    for (let round = 0; round < 2; round++) {
      expect((await sendCode(email, 'en', attacker)).statusCode).toBe(202);
      for (let i = 0; i < 5; i++) {
        const guess = await verify(email, String(100_000 + round * 10 + i), 'en', attacker);
        expect(guess.json().error.details.reason).toMatch(/^(wrong|too_many_attempts)$/);
      }
      advance(61_000);
    }
    expect((await verify(email, '123456', 'en', attacker)).json().error.details).toEqual({
      reason: 'suspended',
    });
    // The owner is told (the link is for them, should the tries have been theirs).
    await api.app.outbox.runOnce();
    expect((await api.smtp.waitFor(email, 5_000, 3)).subject).toBe(PAUSED);

    // The owner, at their own network, asks for a fresh code and signs in.
    expect((await sendCode(email)).statusCode).toBe(202);
    const fresh = await deliveredCode(email, 4);
    // Even the right code does not help the attacker's network; and its try costs the code nothing.
    expect((await verify(email, fresh, 'en', attacker)).json().error.details).toEqual({
      reason: 'suspended',
    });
    const owner = await verify(email, fresh);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.email).toBe(email);

    // The owner's sign-in does not lift the attacker's lock; a code asked from there mails the owner the link.
    advance(61_000);
    expect((await verify(email, '654321', 'en', attacker)).json().error.details).toEqual({
      reason: 'suspended',
    });
    expect((await sendCode(email, 'en', attacker)).statusCode).toBe(202);
    await api.app.outbox.runOnce();
    expect((await api.smtp.waitFor(email, 5_000, 5)).subject).toBe(PAUSED);

    // Following the link, the owner says the tries were theirs: every network may try again.
    expect((await unlock(email, unlockToken(email))).statusCode).toBe(204);
    expect((await verify(email, '654321', 'en', attacker)).json().error.details).toEqual({
      reason: 'expired',
    });
  });

  test('every address of one IPv6 /64 is one network', async () => {
    const email = 'v6-victim@example.com';
    for (let round = 0; round < 2; round++) {
      expect((await sendCode(email, 'en', `2001:db8:66:1::${round + 1}`)).statusCode).toBe(202);
      for (let i = 0; i < 5; i++) {
        await verify(email, String(200_000 + round * 10 + i), 'en', `2001:db8:66:1:${round}:${i}::9`);
      }
      advance(61_000);
    }
    expect((await verify(email, '123456', 'en', '2001:db8:66:1:ffff::1')).json().error.details).toEqual({
      reason: 'suspended',
    });
    // The owner is told first (as above), so the code below is the newest email.
    await api.app.outbox.runOnce();
    expect((await api.smtp.waitFor(email, 5_000, 3)).subject).toBe(PAUSED);
    expect((await sendCode(email, 'en', '2001:db8:66:2::1')).statusCode).toBe(202);
    expect((await verify(email, await deliveredCode(email, 4), 'en', '2001:db8:66:2::1')).statusCode).toBe(
      200,
    );
  });

  test('a sign-in ends the run of wrong codes of its network', async () => {
    const email = 'fumbler@example.com';
    expect((await sendCode(email)).statusCode).toBe(202);
    const first = await deliveredCode(email, 1);
    for (let i = 0; i < 4; i++) await verify(email, otherCode(first));
    advance(61_000);
    expect((await sendCode(email)).statusCode).toBe(202);
    const second = await deliveredCode(email, 2);
    for (let i = 0; i < 4; i++) await verify(email, otherCode(second));
    expect((await verify(email, second)).statusCode).toBe(200); // after 8 wrong in a row
    advance(61_000);
    expect((await sendCode(email)).statusCode).toBe(202);
    const third = await deliveredCode(email, 3);
    for (let i = 0; i < 4; i++) await verify(email, otherCode(third));
    // 12 wrong codes in all from this network, but only 4 since the sign-in: not locked.
    expect((await verify(email, third)).statusCode).toBe(200);
  });

  test('checking codes is limited per network: the 31st within 10 minutes is a 429 with the envelope', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await verify(`nobody-${i}@example.com`, '123456')).statusCode).toBe(422);
    }
    const refused = await verify('nobody-30@example.com', '123456');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many requests. Please try again later.',
        details: { retry_after_seconds: retryAfter },
      },
    });
    // Another network is not affected; nor does signing in lift the limit of this one.
    expect((await verify('nobody-30@example.com', '123456', 'en', '10.77.0.1')).statusCode).toBe(422);
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: '/v1/auth/unlock',
          remoteAddress: '10.77.0.2',
          payload: { email: 'nobody@example.com', token: 'A'.repeat(43) },
        })
      ).statusCode,
    ).toBe(422);
    advance(10 * 60_000);
    expect((await verify('nobody-30@example.com', '123456')).statusCode).toBe(422);
  });

  test('unlock links are limited per network too', async () => {
    for (let i = 0; i < 30; i++)
      expect((await unlock('nobody@example.com', 'A'.repeat(43))).statusCode).toBe(422);
    expect((await unlock('nobody@example.com', 'A'.repeat(43))).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  async function signIn(email: string): Promise<string> {
    await sendCode(email);
    const response = await verify(email, await deliveredCode(email));
    return response.json().data.token as string;
  }
  const getMe = (token: string) =>
    api.app.inject({ method: 'GET', url: '/v1/user/get-me', headers: { authorization: `Bearer ${token}` } });

  test('logout makes the old token useless', async () => {
    const token = await signIn('logout@example.com');
    expect((await getMe(token)).statusCode).toBe(200);
    const out = await api.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await getMe(token)).statusCode).toBe(401);
  });

  test('a session ends after 7 idle days, and after 30 days even when used', async () => {
    const idle = await signIn('idle@example.com');
    advance(7 * 24 * 3600_000 + 60_000);
    expect((await getMe(idle)).statusCode).toBe(401);

    const busy = await signIn('busy@example.com');
    for (let day = 0; day < 29; day++) {
      advance(24 * 3600_000);
      expect((await getMe(busy)).statusCode).toBe(200);
    }
    advance(24 * 3600_000);
    expect((await getMe(busy)).statusCode).toBe(401);
  });
});

describe('outbox', () => {
  test('with the SMTP server down nothing is lost; once it is back every email arrives exactly once', async () => {
    const port = Number(new URL(api.smtp.url).port);
    await api.smtp.stop();
    const emails = ['down-1@example.com', 'down-2@example.com', 'down-3@example.com'];
    for (const email of emails) expect((await sendCode(email)).statusCode).toBe(202);
    expect(await api.app.outbox.runOnce()).toBe(3);
    const pending = await queuedEmails(api.db, { toAddressPrefix: 'down-' });
    expect(pending.map((r) => [r.status, Number(r.attempts)])).toEqual(emails.map(() => ['pending', 1]));

    // Not due yet: nothing is tried again before the backoff.
    expect(await api.app.outbox.runOnce()).toBe(0);

    await api.smtp.start();
    expect(Number(new URL(api.smtp.url).port)).toBe(port);
    advance(5 * 60_000);
    await Promise.all([api.app.outbox.runOnce(), api.app.outbox.runOnce()]);
    await api.app.outbox.runOnce();
    for (const email of emails) {
      const mail = await api.smtp.waitFor(email);
      expect(api.smtp.to(email)).toHaveLength(1);
      // A code sent while the server was down still signs in once delivered (within its 10 minutes).
      if (email === emails[0]) expect((await verify(email, codeOf(mail))).statusCode).toBe(200);
    }
    const sent = await queuedEmails(api.db, { toAddressPrefix: 'down-' });
    expect(sent.every((r) => r.status === 'sent')).toBe(true);
    // Once delivered, the code is not kept in the outbox.
    expect(sent.every((r) => !('text' in r.payload))).toBe(true);
  });
});

describe('bad input is a 400 with the envelope, never a 500', () => {
  test.each([
    ['/v1/auth/code', {}],
    ['/v1/auth/code', { email: 'not-an-email', lang: 'en' }],
    ['/v1/auth/code', { email: 'a@example.com', lang: 'xx' }],
    ['/v1/auth/code', { email: ['a@example.com'] }],
    ['/v1/auth/code', { email: `${'a'.repeat(300)}@example.com` }],
    ['/v1/auth/verify', { email: 'a@example.com' }],
    ['/v1/auth/verify', { email: 'a@example.com', code: '12345' }],
    ['/v1/auth/verify', { email: 'a@example.com', code: 'abcdef' }],
    ['/v1/auth/verify', { email: 'a@example.com', code: 123456 }],
    ['/v1/auth/unlock', { email: 'a@example.com', token: 'short' }],
  ])('%s %j', async (url, payload) => {
    const response = await api.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: expect.any(String), details: expect.any(Array) },
    });
  });
});
