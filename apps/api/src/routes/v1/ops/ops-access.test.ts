/**
 * Who may use the operator console's API (issue 13 §5), through HTTP (inject, PGlite):
 *  - the authorization matrix over EVERY /v1/ops route (taken from the app's own route table, so a new route
 *    without an entry here fails) for anonymous, a traveller, an operator and an admin: the wrong ones get
 *    exactly the 404 of an unknown endpoint, even with a malformed body;
 *  - admins invite (the email in the invitee's language, once per key and once per change), operators cannot
 *    create admins or operators; revoking, and never the last admin; every change in the audit log, which
 *    the database keeps append-only; rate limits.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '@parvoz/db/testing';
import { schema, type Database } from '@parvoz/db';
import { buildTestApi, routesOf } from '../../../testing.ts';
import { signedIn, unknownEndpoint, type Who } from '../../../ops-testing.ts';

let app: FastifyInstance;
let db: Database;
let closeDb: () => Promise<void>;
const callers = {} as Record<Who, Record<string, string>>;
const ids = {} as Record<Who, string>;

/** Who may call each console route. Every route under /v1/ops must be listed. */
const ALLOWED: Record<string, readonly Who[]> = {
  'GET /v1/ops/me': ['operator', 'admin'],
  'GET /v1/ops/staff': ['admin'],
  'POST /v1/ops/staff': ['admin'],
  'POST /v1/ops/staff/:user_id/actions/revoke': ['admin'],
};

/** Well-formed values for path parameters (of nothing that exists: the matrix changes nothing). */
const PARAMS: Record<string, string> = {
  user_id: '00000000-0000-4000-8000-000000000000',
  id: 'ord_AAAAAAAAAAAAAAAAAAAAAAAA',
};

function opsRoutes(): { method: string; url: string }[] {
  const seen = new Map<string, { method: string; url: string }>();
  for (const route of routesOf(app)) {
    if (!route.url.startsWith('/v1/ops')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const url = route.url.replace(/\/$/, '');
      seen.set(`${method} ${url}`, { method, url });
    }
  }
  return [...seen.values()];
}

const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x');

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDb = database.close;
  app = await buildTestApi(db, { rateLimitScale: 1000 });
  callers.anonymous = {};
  for (const [who, role] of [
    ['traveller', null],
    ['operator', 'operator'],
    ['admin', 'admin'],
  ] as const) {
    const signed = await signedIn(db, `${who}@access.example`, role);
    callers[who] = { authorization: signed.authorization };
    ids[who] = signed.userId;
  }
}, 60_000);

afterAll(async () => {
  await app?.close();
  await closeDb?.();
});

describe('the authorization matrix', () => {
  test('every console route is in the matrix', () => {
    const routes = opsRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes.filter((r) => !(r in ALLOWED))).toEqual([]);
  });

  const WHO: readonly Who[] = ['anonymous', 'traveller', 'operator', 'admin'];
  test.each(WHO)(
    '%s: only the routes of their role answer; the others are an unknown endpoint',
    async (who) => {
      const before = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
      for (const route of opsRoutes()) {
        const url = concrete(route.url);
        // A malformed body too: a refused caller must learn nothing from validation either.
        for (const payload of route.method === 'GET' ? [undefined] : ['{"email": 5', '{}']) {
          const answer = await app.inject({
            method: route.method as 'GET' | 'POST',
            url,
            headers: { ...callers[who], ...(payload ? { 'content-type': 'application/json' } : {}) },
            ...(payload ? { payload } : {}),
          });
          const allowed = ALLOWED[`${route.method} ${route.url}`]!.includes(who);
          if (allowed) {
            expect(answer.json(), `${who} ${route.method} ${url}`).not.toEqual(
              unknownEndpoint(route.method, url),
            );
            expect(answer.statusCode).toBeLessThan(500);
          } else {
            expect(answer.statusCode, `${who} ${route.method} ${url}`).toBe(404);
            expect(answer.json()).toEqual(unknownEndpoint(route.method, url));
          }
        }
      }
      // Nothing the matrix sent changed anything.
      const after = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    },
  );

  test('an unknown console path, a revoked session and a forged token are the same 404', async () => {
    for (const headers of [callers.admin, { authorization: 'Bearer forged-token-0123456789' }]) {
      const answer = await app.inject({ method: 'GET', url: '/v1/ops/nothing-here', headers });
      expect(answer.json()).toEqual(unknownEndpoint('GET', '/v1/ops/nothing-here'));
    }
    const forged = await app.inject({
      method: 'GET',
      url: '/v1/ops/me',
      headers: { authorization: 'Bearer forged-token-0123456789' },
    });
    expect(forged.json()).toEqual(unknownEndpoint('GET', '/v1/ops/me'));
  });
});

describe('staff', () => {
  test('an admin invites an operator: the role, one email in the invitee’s language, the audit log', async () => {
    const key = 'invite-ru-operator-0001';
    const invite = () =>
      app.inject({
        method: 'POST',
        url: '/v1/ops/staff',
        headers: { ...callers.admin, 'idempotency-key': key },
        payload: { email: 'Olga@Access.Example', role: 'operator', lang: 'ru' },
      });
    const first = await invite();
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      email: 'olga@access.example',
      role: 'operator',
      granted_by_email: 'admin@access.example',
    });
    // The same request again (a retried "Yes"): the same answer, nothing more.
    const again = await invite();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Invited again without a key: already an operator, nothing sent.
    const third = await app.inject({
      method: 'POST',
      url: '/v1/ops/staff',
      headers: callers.admin,
      payload: { email: 'olga@access.example', role: 'operator' },
    });
    expect(third.statusCode).toBe(201);
    const mails = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.toAddress, 'olga@access.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('staff-invite');
    expect(mails[0]!.payload.subject).toBe('Приглашение в консоль оператора Parvoz');
    expect(String(mails[0]!.payload.text)).toContain('/ru/login?returnTo=%2Fru%2Fops');
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, first.json().data.user_id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'staff.grant',
      actorEmail: 'admin@access.example',
      details: { email: 'olga@access.example', role: 'operator', previous_role: null, created_user: true },
    });
    // The new operator's session now passes the gate.
    const olga = await signedIn(db, 'olga@access.example', null);
    const me = await app.inject({
      method: 'GET',
      url: '/v1/ops/me',
      headers: { authorization: olga.authorization },
    });
    expect(me.json().data).toMatchObject({ email: 'olga@access.example', role: 'operator' });
  });

  test('an operator cannot create admins or operators (the 404 of an unknown endpoint), and nothing changes', async () => {
    for (const role of ['admin', 'operator']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/ops/staff',
        headers: callers.operator,
        payload: { email: `made-by-operator-${role}@access.example`, role },
      });
      expect(answer.json()).toEqual(unknownEndpoint('POST', '/v1/ops/staff'));
    }
    const made = await db
      .select()
      .from(schema.users)
      .where(sql`${schema.users.email} LIKE 'made-by-operator-%'`);
    expect(made).toEqual([]);
  });

  test('bad input: a clear 400, nothing changes', async () => {
    for (const payload of [
      { email: 'not-an-email', role: 'operator' },
      { email: 'x@access.example', role: 'superuser' },
      { email: 'x@access.example', lang: 'xx' },
    ]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/ops/staff',
        headers: callers.admin,
        payload,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const forged = await app.inject({
      method: 'POST',
      url: '/v1/ops/staff/not-a-uuid/actions/revoke',
      headers: callers.admin,
      payload: {},
    });
    expect(forged.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: `/v1/ops/staff/${PARAMS.user_id}/actions/revoke`,
      headers: callers.admin,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No staff member with this id.');
    expect(await db.select().from(schema.users).where(eq(schema.users.email, 'x@access.example'))).toEqual(
      [],
    );
  });

  test('revoking: the operator is out at once; the last admin stays', async () => {
    const victim = await signedIn(db, 'leaving@access.example', 'operator');
    const revoke = await app.inject({
      method: 'POST',
      url: `/v1/ops/staff/${victim.userId}/actions/revoke`,
      headers: callers.admin,
      payload: {},
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data).toEqual({ user_id: victim.userId, revoked: true });
    const me = await app.inject({
      method: 'GET',
      url: '/v1/ops/me',
      headers: { authorization: victim.authorization },
    });
    expect(me.json()).toEqual(unknownEndpoint('GET', '/v1/ops/me'));
    const [entry] = await db
      .select()
      .from(schema.auditLog)
      .where(
        sql`${schema.auditLog.targetId} = ${victim.userId} AND ${schema.auditLog.action} = 'staff.revoke'`,
      );
    expect(entry).toMatchObject({ actorEmail: 'admin@access.example', details: { role: 'operator' } });

    const last = await app.inject({
      method: 'POST',
      url: `/v1/ops/staff/${ids.admin}/actions/revoke`,
      headers: callers.admin,
      payload: {},
    });
    expect(last.statusCode).toBe(422);
    expect(last.json().error.details).toEqual({ reason: 'last_admin' });
    const list = await app.inject({ method: 'GET', url: '/v1/ops/staff', headers: callers.admin });
    expect(list.json().data.map((m: { email: string }) => m.email)).toContain('admin@access.example');
  });

  test('the audit log is append-only in the database itself', async () => {
    for (const statement of [
      sql`UPDATE audit_log SET action = 'x'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    const rows = await db.select().from(schema.auditLog);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.action !== 'x')).toBe(true);
  });
});

test('console routes are rate-limited per staff member', async () => {
  const limited = await buildTestApi(db, { rateLimitScale: 0.001 });
  // A staff member of their own: budgets are kept per database and caller, and the matrix spent some.
  const busy = await signedIn(db, 'busy@access.example', 'operator');
  try {
    const call = () =>
      limited.inject({ method: 'GET', url: '/v1/ops/me', headers: { authorization: busy.authorization } });
    expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Anonymous callers are refused by the gate before any budget: the same 404, never a 429.
    const anonymous = await limited.inject({ method: 'GET', url: '/v1/ops/me' });
    expect(anonymous.statusCode).toBe(404);
  } finally {
    await limited.close();
  }
});
