import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffInviteRequestSchema,
  staffRevokeRequestSchema,
  staffUserParamsSchema,
} from '@parvoz/contracts/ops';
import { idempotentCreate } from '../../../idempotent.ts';
import { ADMINS, OPERATORS, staffIn, staffOnly } from '../../../ops-guard.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { inviteStaff, listStaff, revokeStaff } from '../../../services/staff.ts';

/**
 * The operator console's API (issue 13 §5–6; contract: packages/contracts/src/ops.ts). Every route is
 * guarded by `staffOnly` (everyone without the role: the 404 of an unknown endpoint) and rate-limited per
 * staff member.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;

  app.get(
    '/me',
    { onRequest: staffOnly(OPERATORS), preHandler: rateLimit(ROUTE_LIMITS.opsRead) },
    async (request) => ({ data: staffIn(request) }),
  );

  app.get(
    '/staff',
    { onRequest: staffOnly(ADMINS), preHandler: rateLimit(ROUTE_LIMITS.opsRead) },
    async () => ({ data: await listStaff(db) }),
  );

  app.post(
    '/staff',
    {
      onRequest: staffOnly(ADMINS),
      preHandler: rateLimit(ROUTE_LIMITS.opsInvites),
      schema: { body: staffInviteRequestSchema },
    },
    async (request, reply) => {
      const admin = staffIn(request);
      const sent = await idempotentCreate(request, reply, db, (tx) =>
        inviteStaff(tx, {
          admin,
          email: request.body.email,
          role: request.body.role,
          lang: request.body.lang,
          siteUrl: app.deps.publicOrigin(),
          now: now(),
        }),
      );
      app.deps.kickOutbox();
      return sent;
    },
  );

  app.post(
    '/staff/:user_id/actions/revoke',
    {
      onRequest: staffOnly(ADMINS),
      preHandler: rateLimit(ROUTE_LIMITS.opsActions),
      schema: { params: staffUserParamsSchema, body: staffRevokeRequestSchema },
    },
    async (request, reply) => {
      const admin = staffIn(request);
      return idempotentCreate(
        request,
        reply,
        db,
        async (tx) => {
          await revokeStaff(tx, { admin, userId: request.params.user_id, now: now() });
          return { user_id: request.params.user_id, revoked: true as const };
        },
        200,
      );
    },
  );
};
