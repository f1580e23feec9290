/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md) through HTTP (inject, PGlite), on an API whose clock the
 * tests move: who gets 404, 403 `second_factor_required` or through; enrolling an authenticator app with the
 * code computed from its secret; verifying a new session (one step of drift, never the same code twice);
 * recovery codes spent once and regenerated; removal (an admin keeps one); passkey challenges (5 minutes,
 * used once; none on an IP origin); the audit log; the rate limit; the command line's reset.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import { startTestApi, useTestApi } from '../testing/api.ts';
import { ROUTE_LIMITS } from '../rate-limit.ts';
import { createSession } from '../modules/accounts/index.ts';
import { accountIdOf, storedAccountId } from '../modules/accounts/testing/accounts.ts';
import { grantRole } from '../modules/ops/index.ts';
import { enrolTotp } from './testing.ts';
import { totpCodeAt } from './totp.ts';
import { SoftPasskey } from './soft-authenticator-testing.ts';
import { resetSecondFactor } from './service.ts';
import { runOps } from '../../../../scripts/ops.ts';
import { auditEntriesOf } from '../modules/ops/testing/ops.ts';

type Headers = Record<string, string>;

/** Half-way into a 30-second step. */
let clock = Date.UTC(2026, 10, 23, 6, 0, 15);
const STEP = 30_000;
const actor = { userId: null, email: 'command-line' } as const;

const api = useTestApi({ rateLimitScale: 1000 }, { now: () => new Date(clock) });

function userId(email: string) {
  return accountIdOf(api.db, email);
}
/** A new session of `email` (granted `role` first): the authorization header. */
async function session(email: string, role?: 'operator' | 'admin'): Promise<Headers> {
  if (role) await grantRole(api.db, { email, role, actor, now: new Date(clock) });
  const { token } = await createSession(api.db, await userId(email), new Date(clock));
  return { authorization: `Bearer ${token}` };
}
const get = (headers: Headers, url: string) => api.app.inject({ method: 'GET', url, headers });
const post = (headers: Headers, url: string, payload?: object) =>
  api.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const verify = (headers: Headers, payload: object) => post(headers, '/v1/ops/second-factor/verify', payload);
const statusOf = async (headers: Headers) => (await get(headers, '/v1/ops/me')).json().data.second_factor;
async function audit(email: string) {
  return auditEntriesOf(api.db, { targetType: 'user', targetId: await userId(email) });
}

const SECOND_FACTOR_ROUTES: [string, string, object | undefined][] = [
  ['GET', '/v1/ops/second-factor', undefined],
  ['POST', '/v1/ops/second-factor/passkeys/options', undefined],
  ['POST', '/v1/ops/second-factor/passkeys', { name: 'Key', response: {} }],
  ['POST', '/v1/ops/second-factor/totp/setup', undefined],
  ['POST', '/v1/ops/second-factor/totp', { name: 'Phone', code: '123456' }],
  ['POST', '/v1/ops/second-factor/verify/options', undefined],
  ['POST', '/v1/ops/second-factor/verify', { method: 'totp', code: '123456' }],
  ['DELETE', '/v1/ops/second-factor/factors/00000000-0000-4000-8000-000000000000', undefined],
  ['POST', '/v1/ops/second-factor/recovery-codes', undefined],
];

describe('who gets what', () => {
  test('anyone without a staff role gets the 404 of an unknown endpoint from every second-factor route', async () => {
    const traveller = await session('traveller@example.com');
    for (const headers of [{}, traveller]) {
      for (const [method, url, payload] of SECOND_FACTOR_ROUTES) {
        const answer = await api.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json().error).toEqual({
          code: 'not_found',
          message: `No such endpoint: ${method} ${url}`,
        });
      }
    }
  });

  test('an admin with no factor: only /me and the second-factor routes, everything else a typed 403', async () => {
    const admin = await session('gate.admin@agency.test', 'admin');
    expect((await get(admin, '/v1/ops/me')).json().data).toEqual({
      email: 'gate.admin@agency.test',
      role: 'admin',
      second_factor: 'enrol',
    });
    for (const url of [
      '/v1/ops/orders',
      '/v1/ops/staff',
      '/v1/ops/audit',
      '/v1/ops/overview',
      '/v1/ops/tours',
    ]) {
      const refused = await get(admin, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'second_factor_required',
        message: 'Pass the second factor to use the console.',
        details: { status: 'enrol' },
      });
    }
    // A non-staff caller still sees nothing of the console, second factor or not.
    expect((await get(await session('nobody@example.com'), '/v1/ops/orders')).statusCode).toBe(404);
    const state = (await get(admin, '/v1/ops/second-factor')).json().data;
    expect(state).toEqual({
      status: 'enrol',
      passkeys: { available: true, reason: null },
      factors: [],
      recovery_codes_left: 0,
    });
  });

  test('an operator is offered a factor and held to it once enrolled', async () => {
    const operator = await session('gate.operator@agency.test', 'operator');
    expect(await statusOf(operator)).toBe('optional');
    expect((await get(operator, '/v1/ops/orders')).statusCode).toBe(200);
    await enrolTotp(api.app, operator, new Date(clock));
    expect((await get(operator, '/v1/ops/orders')).statusCode).toBe(200);
    const later = await session('gate.operator@agency.test');
    expect(await statusOf(later)).toBe('verify');
    const refused = await get(later, '/v1/ops/orders');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toEqual({ status: 'verify' });
    // Admin routes stay the 404 they always were for an operator.
    expect((await get(later, '/v1/ops/staff')).statusCode).toBe(404);
  });
});

describe('an authenticator app', () => {
  const email = 'totp.admin@agency.test';
  let secret = '';
  let recoveryCodes: string[] = [];

  test('enrolled with the code computed from its secret: recovery codes once, the session verified', async () => {
    const admin = await session(email, 'admin');
    const setup = await post(admin, '/v1/ops/second-factor/totp/setup');
    expect(setup.statusCode).toBe(200);
    const shown = setup.json().data;
    expect(shown.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(shown.uri).toContain(`otpauth://totp/Parvoz:${encodeURIComponent(email)}?`);
    expect(shown.uri).toContain(`secret=${shown.secret}`);
    expect(shown.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // A wrong code keeps the secret: the person types the next one.
    const wrong = await post(admin, '/v1/ops/second-factor/totp', { name: 'Phone', code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('invalid_code');
    const enrolled = await post(admin, '/v1/ops/second-factor/totp', {
      name: 'Phone',
      code: totpCodeAt(shown.secret, new Date(clock)),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const data = enrolled.json().data;
    expect(data.factor).toMatchObject({ kind: 'totp', name: 'Phone' });
    expect(data.recovery_codes).toHaveLength(10);
    expect(new Set(data.recovery_codes).size).toBe(10);
    for (const code of data.recovery_codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    secret = shown.secret;
    recoveryCodes = data.recovery_codes;
    expect(await statusOf(admin)).toBe('verified');
    expect((await get(admin, '/v1/ops/orders')).statusCode).toBe(200);
    // Stored hashed: no code appears in the database.
    const stored = await api.db.select().from(schema.recoveryCodes);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    // The secret was used once: setting up needs a new one.
    const again = await post(admin, '/v1/ops/second-factor/totp', {
      name: 'Phone',
      code: totpCodeAt(secret, new Date(clock)),
    });
    expect(again.json().error.details).toEqual({ reason: 'challenge_expired' });
  });

  test('a new session passes with a code one step off, never with the same code twice', async () => {
    clock += 10 * STEP;
    const first = await session(email);
    expect((await get(first, '/v1/ops/orders')).statusCode).toBe(403);
    // Two steps away is too far either way.
    for (const off of [-2, 2])
      expect(
        (await verify(first, { method: 'totp', code: totpCodeAt(secret, new Date(clock + off * STEP)) }))
          .statusCode,
      ).toBe(422);
    // The phone runs a step behind: accepted.
    const behind = totpCodeAt(secret, new Date(clock - STEP));
    const passed = await verify(first, { method: 'totp', code: behind });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data).toEqual({ verified: true, recovery_codes_left: 10 });
    expect((await get(first, '/v1/ops/orders')).statusCode).toBe(200);
    // The same code, or an older one, is never accepted again (another session, same step).
    const second = await session(email);
    expect((await verify(second, { method: 'totp', code: behind })).statusCode).toBe(422);
    // The current step is later: accepted.
    const now = await verify(second, { method: 'totp', code: totpCodeAt(secret, new Date(clock)) });
    expect(now.statusCode).toBe(200);
    // The session stays verified for its life (days later, still in use).
    clock += 6 * 24 * 3600_000;
    expect((await get(first, '/v1/ops/orders')).statusCode).toBe(200);
    const [factor] = await api.db
      .select()
      .from(schema.secondFactors)
      .where(eq(schema.secondFactors.totpSecret, secret));
    expect(factor!.lastUsedAt!.getTime()).toBe(clock - 6 * 24 * 3600_000);
  });

  test('a recovery code verifies a session once, typed however, and is spent', async () => {
    const one = await session(email);
    const code = recoveryCodes[0]!;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const passed = await verify(one, { method: 'recovery_code', code: typed });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data.recovery_codes_left).toBe(9);
    const two = await session(email);
    const spent = await verify(two, { method: 'recovery_code', code });
    expect(spent.statusCode).toBe(422);
    expect(spent.json().error).toMatchObject({ code: 'invalid_code', details: { method: 'recovery_code' } });
    expect((await get(two, '/v1/ops/orders')).statusCode).toBe(403);
  });

  test('another factor needs a verified session; recovery codes regenerated replace the old ones', async () => {
    const unverified = await session(email);
    const refused = await post(unverified, '/v1/ops/second-factor/totp/setup');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_required');
    expect((await post(unverified, '/v1/ops/second-factor/recovery-codes')).statusCode).toBe(403);
    expect((await post(unverified, '/v1/ops/second-factor/passkeys/options')).statusCode).toBe(403);

    const verified = await session(email);
    expect((await verify(verified, { method: 'recovery_code', code: recoveryCodes[1]! })).statusCode).toBe(
      200,
    );
    const fresh = await post(verified, '/v1/ops/second-factor/recovery-codes');
    expect(fresh.statusCode).toBe(201);
    const codes = fresh.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    const next = await session(email);
    expect((await verify(next, { method: 'recovery_code', code: recoveryCodes[2]! })).statusCode).toBe(422);
    expect((await verify(next, { method: 'recovery_code', code: codes[0]! })).statusCode).toBe(200);
    recoveryCodes = codes.slice(1);
  });

  test('an admin cannot remove the last factor; with a second one, the first goes', async () => {
    const admin = await session(email);
    expect((await verify(admin, { method: 'recovery_code', code: recoveryCodes.shift()! })).statusCode).toBe(
      200,
    );
    const [only] = (await get(admin, '/v1/ops/second-factor')).json().data.factors;
    const refused = await api.app.inject({
      method: 'DELETE',
      url: `/v1/ops/second-factor/factors/${only.id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual({ reason: 'last_factor' });
    const setup = (await post(admin, '/v1/ops/second-factor/totp/setup')).json().data;
    clock += STEP;
    const added = await post(admin, '/v1/ops/second-factor/totp', {
      name: 'Tablet',
      code: totpCodeAt(setup.secret, new Date(clock)),
    });
    expect(added.statusCode).toBe(201);
    // Not the first factor: no new recovery codes.
    expect(added.json().data.recovery_codes).toBeNull();
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/v1/ops/second-factor/factors/${only.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
    const state = (await get(admin, '/v1/ops/second-factor')).json().data;
    expect(state.factors.map((f: { name: string }) => f.name)).toEqual(['Tablet']);
    // Someone else's factor is not found.
    const other = await session('other.admin@agency.test', 'admin');
    await enrolTotp(api.app, other, new Date(clock));
    const theirs = await api.app.inject({
      method: 'DELETE',
      url: `/v1/ops/second-factor/factors/${state.factors[0].id}`,
      headers: other,
    });
    expect(theirs.statusCode).toBe(404);
  });

  test('an operator may remove their last factor (and its recovery codes go with it)', async () => {
    const operator = await session('remove.operator@agency.test', 'operator');
    const { factorId } = await enrolTotp(api.app, operator, new Date(clock));
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/v1/ops/second-factor/factors/${factorId}`,
      headers: operator,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(operator, '/v1/ops/second-factor')).json().data).toMatchObject({
      status: 'verified',
      factors: [],
      recovery_codes_left: 0,
    });
    expect(await statusOf(await session('remove.operator@agency.test'))).toBe('optional');
  });

  test('the audit log has enrolment, removal, codes generated and used, and failed attempts', async () => {
    const actions = (await audit(email)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'second_factor.enrolled',
        'second_factor.recovery_codes_generated',
        'second_factor.verification_failed',
        'second_factor.recovery_code_used',
        'second_factor.removed',
      ]),
    );
    const entries = await audit(email);
    const enrolled = entries.find((e) => e.action === 'second_factor.enrolled')!;
    expect(enrolled.actorEmail).toBe(email);
    expect(enrolled.details).toMatchObject({ kind: 'totp', name: 'Phone' });
    expect(entries.filter((e) => e.action === 'second_factor.recovery_codes_generated')).toHaveLength(2);
    // Nothing secret is written: no code, no secret.
    expect(JSON.stringify(entries)).not.toContain(secret);
  });
});

describe('passkeys', () => {
  test('options carry the public origin as relying party; a challenge is answered once and lives 5 minutes', async () => {
    const admin = await session('passkey.admin@agency.test', 'admin');
    const options = await post(admin, '/v1/ops/second-factor/passkeys/options');
    expect(options.statusCode, options.body).toBe(200);
    const { options: created } = options.json().data;
    expect(created.rp).toEqual({ name: 'Parvoz', id: 'localhost' });
    expect(created.user.name).toBe('passkey.admin@agency.test');
    expect(typeof created.challenge).toBe('string');
    // A forged answer fails and spends the challenge.
    const forged = await post(admin, '/v1/ops/second-factor/passkeys', {
      name: 'Key',
      response: { id: 'x' },
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error.code).toBe('invalid_code');
    const replay = await post(admin, '/v1/ops/second-factor/passkeys', {
      name: 'Key',
      response: { id: 'x' },
    });
    expect(replay.json().error.details).toEqual({ reason: 'challenge_expired' });
    // Five minutes later the challenge is gone.
    await post(admin, '/v1/ops/second-factor/passkeys/options');
    clock += 5 * 60_000 + 1;
    const late = await post(admin, '/v1/ops/second-factor/passkeys', { name: 'Key', response: { id: 'x' } });
    expect(late.json().error.details).toEqual({ reason: 'challenge_expired' });
    // No passkey enrolled: nothing to sign in with.
    const none = await post(admin, '/v1/ops/second-factor/verify/options');
    expect(none.json().error.details).toEqual({ reason: 'no_passkey' });
  });

  test('a passkey enrolled and used for real (a software authenticator): once per challenge, its origin only', async () => {
    const email = 'soft.admin@agency.test';
    const admin = await session(email, 'admin');
    const passkey = new SoftPasskey('http://localhost');
    const creation = (await post(admin, '/v1/ops/second-factor/passkeys/options')).json().data.options;
    const enrolled = await post(admin, '/v1/ops/second-factor/passkeys', {
      name: 'Laptop',
      response: passkey.register(creation),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect(enrolled.json().data.factor).toMatchObject({ kind: 'passkey', name: 'Laptop' });
    expect(enrolled.json().data.recovery_codes).toHaveLength(10);
    expect(await statusOf(admin)).toBe('verified');
    // The same authenticator again: the options exclude it, and the server refuses it.
    const again = (await post(admin, '/v1/ops/second-factor/passkeys/options')).json().data.options;
    expect(again.excludeCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal'] },
    ]);

    clock += STEP;
    const next = await session(email);
    expect((await get(next, '/v1/ops/orders')).statusCode).toBe(403);
    const request = (await post(next, '/v1/ops/second-factor/verify/options')).json().data.options;
    expect(request.rpId).toBe('localhost');
    expect(request.allowCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal'] },
    ]);
    const assertion = passkey.authenticate(request);
    const passed = await verify(next, { method: 'passkey', response: assertion });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await get(next, '/v1/ops/orders')).statusCode).toBe(200);
    const [stored] = await api.db
      .select()
      .from(schema.secondFactors)
      .where(eq(schema.secondFactors.credentialId, passkey.id));
    expect(stored).toMatchObject({ signCount: 1, lastUsedAt: new Date(clock) });

    // The same answer again (another session): its challenge was used.
    const replayer = await session(email);
    const replay = await verify(replayer, { method: 'passkey', response: assertion });
    expect(replay.json().error.details).toEqual({ reason: 'challenge_expired' });
    // A passkey answering for another site is refused.
    const phished = new SoftPasskey('https://parvoz.example.evil');
    Object.assign(phished, { credentialId: passkey.credentialId });
    const fresh = (await post(replayer, '/v1/ops/second-factor/verify/options')).json().data.options;
    const refused = await verify(replayer, { method: 'passkey', response: phished.authenticate(fresh) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('invalid_code');
    expect((await get(replayer, '/v1/ops/orders')).statusCode).toBe(403);
  });

  test('on an IP origin (npm start) passkeys are not offered, and the reason is said', async () => {
    const ip = await startTestApi({ publicUrl: 'http://127.0.0.1:3000' }, { now: () => new Date(clock) });
    try {
      await grantRole(ip.db, { email: 'ip.admin@agency.test', role: 'admin', actor, now: new Date(clock) });
      const accountId = await accountIdOf(ip.db, 'ip.admin@agency.test');
      const headers = {
        authorization: `Bearer ${(await createSession(ip.db, accountId, new Date(clock))).token}`,
      };
      const state = (await ip.app.inject({ method: 'GET', url: '/v1/ops/second-factor', headers })).json()
        .data;
      expect(state.passkeys).toEqual({ available: false, reason: 'ip_address' });
      const refused = await ip.app.inject({
        method: 'POST',
        url: '/v1/ops/second-factor/passkeys/options',
        headers,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual({ reason: 'passkeys_unavailable_ip_address' });
      // An authenticator app works there.
      await enrolTotp(ip.app, headers, new Date(clock));
      expect((await ip.app.inject({ method: 'GET', url: '/v1/ops/orders', headers })).statusCode).toBe(200);
    } finally {
      await ip.close();
    }
  });
});

describe('limits and the command line', () => {
  test('failed attempts are limited per person: 10 per 10 minutes, then 429', async () => {
    const limited = await startTestApi({}, { now: () => new Date(clock) });
    try {
      const email = 'limited.admin@agency.test';
      await grantRole(limited.db, { email, role: 'admin', actor, now: new Date(clock) });
      const accountId = (await storedAccountId(limited.db, email))!;
      const open = async () => ({
        authorization: `Bearer ${(await createSession(limited.db, accountId, new Date(clock))).token}`,
      });
      const { secret } = await enrolTotp(limited.app, await open(), new Date(clock));
      const headers = await open();
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/ops/second-factor/verify',
          headers,
          payload: { method: 'recovery_code', code: 'aaaaa-aaaaa' },
        });
      // The enrolment's code counted too (it is an attempt at a code).
      for (let i = 0; i < 9; i++) expect((await attempt()).statusCode).toBe(422);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Even the right code waits (a new session of the same person shares the budget).
      const right = await limited.app.inject({
        method: 'POST',
        url: '/v1/ops/second-factor/verify',
        headers: await open(),
        payload: { method: 'totp', code: totpCodeAt(secret, new Date(clock + STEP)) },
      });
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  test('every second-factor route has a rate limit (per person)', async () => {
    // A sixtieth of every limit: 2 calls of `second-factor`, 1 of `second-factor-verify`.
    const limited = await startTestApi({ rateLimitScale: 1 / 60 }, { now: () => new Date(clock) });
    try {
      expect(Math.round(ROUTE_LIMITS.secondFactor.limit / 60)).toBe(2);
      expect(Math.max(1, Math.round(ROUTE_LIMITS.secondFactorVerify.limit / 60))).toBe(1);
      const verifyRoutes = [
        '/v1/ops/second-factor/totp',
        '/v1/ops/second-factor/verify/options',
        '/v1/ops/second-factor/verify',
      ];
      for (const [i, [method, url, payload]] of SECOND_FACTOR_ROUTES.entries()) {
        // A person of their own per route (budgets are per person and limit).
        const email = `budget${i}@agency.test`;
        await grantRole(limited.db, { email, role: 'operator', actor, now: new Date(clock) });
        const accountId = (await storedAccountId(limited.db, email))!;
        const headers = {
          authorization: `Bearer ${(await createSession(limited.db, accountId, new Date(clock))).token}`,
        };
        const allowed = verifyRoutes.includes(url) ? 1 : 2;
        const statuses: number[] = [];
        for (let n = 0; n <= allowed; n++)
          statuses.push(
            (
              await limited.app.inject({
                method: method as 'GET',
                url,
                headers,
                ...(payload ? { payload } : {}),
              })
            ).statusCode,
          );
        expect(
          statuses.slice(0, allowed).every((s) => s !== 429),
          `${method} ${url} ${statuses}`,
        ).toBe(true);
        expect(statuses[allowed], `${method} ${url}`).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });

  test('reset (the command line): factors, codes and verified sessions gone, audited', async () => {
    const email = 'lost.admin@agency.test';
    const admin = await session(email, 'admin');
    await enrolTotp(api.app, admin, new Date(clock));
    expect(await statusOf(admin)).toBe('verified');
    expect(await resetSecondFactor(api.db, email, new Date(clock))).toEqual({
      factorsRemoved: 1,
      recoveryCodesRemoved: 10,
    });
    expect(await statusOf(admin)).toBe('enrol');
    expect((await get(admin, '/v1/ops/second-factor')).json().data).toMatchObject({
      factors: [],
      recovery_codes_left: 0,
    });
    const reset = (await audit(email)).find((e) => e.action === 'second_factor.reset')!;
    expect(reset.actorEmail).toBe('command-line');
    expect(reset.actorUserId).toBeNull();
    expect(reset.details).toMatchObject({ factors_removed: 1, recovery_codes_removed: 10 });
    expect(await resetSecondFactor(api.db, 'nobody-at-all@agency.test', new Date(clock))).toBeNull();
  });

  test('npm run ops -- reset-second-factor <email> on the embedded database', async () => {
    const env = { PARVOZ_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parvoz-ops-')) };
    await runOps(['add-admin', 'boss@agency.test'], env);
    expect(await runOps(['reset-second-factor', 'Boss@Agency.test'], env)).toBe(
      'boss@agency.test: 0 factors and 0 recovery codes removed; they enrol again after signing in.',
    );
    await expect(runOps(['reset-second-factor', 'ghost@agency.test'], env)).rejects.toThrow(/no account/);
    await expect(runOps(['reset-second-factor'], env)).rejects.toThrow(/usage/);
  }, 60_000);
});
