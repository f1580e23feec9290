import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { isLocale } from '@parvoz/i18n/locales';
import { schemaOf } from '../../contract.ts';
import { sendError } from '../../errors.ts';
import { idempotentCreate } from '../../idempotent.ts';
import { rateLimit, ROUTE_LIMITS } from '../../rate-limit.ts';
import { languageOfUser } from '../accounts/index.ts';
import { enqueueEmail, staffInviteEmail } from '../mail/index.ts';
import { auditLog, type AuditSubjects } from './audit-log.ts';
import { grantRole, listStaff, revokeOperator } from './staff.ts';

/**
 * The console's staff and audit log (docs/after-sale.md §5), for admins only (operators get the 404 of an unknown
 * endpoint): registered inside `opsRoutes` (routes/v1/ops), whose gate runs before these routes read or validate
 * anything. Inviting an operator emails them; every change is written to the audit log, which names the subjects
 * of modules above this one with the readers `subjects` the registering routes hand in.
 */
export const opsStaffRoutes: FastifyPluginAsyncZod<{ subjects?: AuditSubjects }> = async (app, options) => {
  const { db, now } = app.deps;
  const admins = { preHandler: rateLimit(ROUTE_LIMITS.ops), config: { adminOnly: true } };
  const actor = (request: FastifyRequest) => ({ userId: request.staff!.userId, email: request.staff!.email });

  app.get('/staff', { ...admins, schema: schemaOf(endpoints.opsListStaff) }, async () => ({
    data: (await listStaff(db)).map((s) => ({ ...s, granted_at: s.granted_at.toISOString() })),
  }));

  app.post('/staff', { ...admins, schema: schemaOf(endpoints.opsInviteOperator) }, async (request, reply) => {
    const sent = await idempotentCreate(
      request,
      reply,
      db,
      async (tx) => {
        const { staff, changed } = await grantRole(tx, {
          email: request.body.email,
          role: 'operator',
          actor: actor(request),
          now: now(),
        });
        if (changed) {
          // In the invitee's own language when their account has one, else the one the admin chose.
          const language = await languageOfUser(tx, staff.userId);
          const lang = isLocale(language) ? language : request.body.lang;
          await enqueueEmail(tx, {
            to: staff.email,
            kind: 'staff-invite',
            payload: await staffInviteEmail(lang, {
              invitedBy: request.staff!.email,
              siteUrl: app.deps.publicOrigin(),
            }),
            now: now(),
          });
        }
        return { user_id: staff.userId, email: staff.email, role: staff.role, invited: changed };
      },
      (answer) => (answer.invited ? 201 : 200),
    );
    app.deps.kickOutbox();
    return sent;
  });

  app.delete(
    '/staff/:userId',
    { ...admins, schema: schemaOf(endpoints.opsRevokeOperator) },
    async (request, reply) => {
      const removed = await revokeOperator(db, request.params.userId, actor(request), now());
      if (!removed) return sendError(reply, 'not_found', 'No such operator.');
      return reply.status(204).send();
    },
  );

  app.get('/audit', { ...admins, schema: schemaOf(endpoints.opsAuditLog) }, async () => ({
    data: await auditLog(db, 200, options.subjects),
  }));
};
