import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsCancelSchema,
  opsInviteSchema,
  opsNoteSchema,
  opsOrderParamsSchema,
  opsOrderSearchSchema,
  opsStaffParamsSchema,
} from '@parvoz/contracts/ops';
import { sendError } from '../../../errors.ts';
import { bookingsTotal } from '../../../metrics.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { confirmCancellation, createCancellation } from '../../../services/order-cancellations.ts';
import { loadOrder, presentOrder, STAFF_ACCESS } from '../../../services/order-view.ts';
import { orderTimeline, searchOrders } from '../../../services/ops-orders.ts';
import { startRefunds } from '../../../services/refunds.ts';
import { staffInviteEmail } from '../../../services/staff-mail.ts';
import { enqueueEmail } from '../../../services/mail.ts';
import {
  auditEntries,
  grantRole,
  listStaff,
  recordAudit,
  revokeOperator,
  staffOf,
  type Staff,
} from '../../../services/staff.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: Staff;
  }
  interface FastifyContextConfig {
    /** Console routes only admins may use (operators get the 404 of an unknown endpoint). */
    adminOnly?: boolean;
  }
}

/** The same answer as an unknown route: the console's existence is not disclosed to anyone else. */
const hidden = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);

/**
 * The agency's console API (issue 13 §5–§6), for signed-in staff only: anyone else — anonymous, a
 * traveller, an operator on an admin route — gets the 404 of an unknown endpoint, before the request is
 * even validated. Every action is written to the append-only audit log with who did it.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;

  app.addHook('onRequest', async (request, reply) => {
    const staff = request.caller.kind === 'user' ? await staffOf(db, request.caller.userId) : null;
    if (!staff) return hidden(request, reply);
    const adminOnly = request.routeOptions.config?.adminOnly;
    if (adminOnly && staff.role !== 'admin') return hidden(request, reply);
    request.staff = staff;
  });
  const limited = { preHandler: rateLimit(ROUTE_LIMITS.ops) };
  const actor = (request: FastifyRequest) => ({ userId: request.staff!.userId, email: request.staff!.email });

  app.get('/me', limited, async (request) => ({
    data: { email: request.staff!.email, role: request.staff!.role },
  }));

  app.get('/orders', { ...limited, schema: { querystring: opsOrderSearchSchema } }, async (request) => ({
    data: await searchOrders(db, request.query),
  }));

  app.get('/orders/:id', { ...limited, schema: { params: opsOrderParamsSchema } }, async (request, reply) => {
    const order = await loadOrder(db, request.params.id);
    if (!order) return sendError(reply, 'not_found', 'No such order.');
    return {
      data: { order: presentOrder(order, now()), timeline: (await orderTimeline(db, order.row.id))! },
    };
  });

  app.post(
    '/orders/:id/notes',
    { ...limited, schema: { params: opsOrderParamsSchema, body: opsNoteSchema } },
    async (request, reply) => {
      const order = await loadOrder(db, request.params.id);
      if (!order) return sendError(reply, 'not_found', 'No such order.');
      await recordAudit(db, {
        actor: actor(request),
        action: 'order.note',
        targetType: 'order',
        targetId: order.row.id,
        details: { text: request.body.text },
        at: now(),
      });
      return reply.status(201).send({ data: { recorded: true } });
    },
  );

  /** The quote: what the traveller gets back by the fare rules, if the order is cancelled now. */
  app.post(
    '/orders/:id/cancellations',
    { ...limited, schema: { params: opsOrderParamsSchema } },
    async (request, reply) => {
      const quote = await createCancellation({ db, now }, STAFF_ACCESS, request.params.id, undefined);
      return reply.status(201).send({ data: quote });
    },
  );

  /** Confirms a quote (idempotent: a confirmed one is answered as it is, and logged once). */
  app.post(
    '/orders/:id/cancel',
    { ...limited, schema: { params: opsOrderParamsSchema, body: opsCancelSchema } },
    async (request, reply) => {
      const confirmed = await confirmCancellation(
        { db, now },
        STAFF_ACCESS,
        request.body.cancellation_id,
        undefined,
        app.deps.publicOrigin(),
      );
      if (confirmed.cancellation.order_id !== request.params.id)
        return sendError(reply, 'not_found', 'No such order.');
      if (confirmed.refundIds.length > 0)
        await startRefunds(
          { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
          confirmed.refundIds,
          request.log,
        );
      if (confirmed.cancelled) {
        bookingsTotal.inc({ status: 'cancelled' });
        app.deps.kickOutbox();
        await recordAudit(db, {
          actor: actor(request),
          action: 'order.cancelled',
          targetType: 'order',
          targetId: request.params.id,
          details: {
            cancellation_id: confirmed.cancellation.id,
            refund_amount: confirmed.cancellation.refund_amount,
          },
          at: now(),
        });
      }
      return { data: confirmed.cancellation };
    },
  );

  // ---- Staff (admins only) ----------------------------------------------------------------------------
  const admins = { ...limited, config: { adminOnly: true } };

  app.get('/staff', admins, async () => ({
    data: (await listStaff(db)).map((s) => ({ ...s, granted_at: s.granted_at.toISOString() })),
  }));

  app.post('/staff', { ...admins, schema: { body: opsInviteSchema } }, async (request, reply) => {
    const { staff, changed } = await grantRole(db, {
      email: request.body.email,
      role: 'operator',
      actor: actor(request),
      now: now(),
    });
    if (changed) {
      await enqueueEmail(db, {
        to: staff.email,
        kind: 'staff-invite',
        payload: staffInviteEmail(request.body.lang, {
          invitedBy: request.staff!.email,
          siteUrl: app.deps.publicOrigin(),
        }),
        now: now(),
      });
      app.deps.kickOutbox();
    }
    return reply
      .status(changed ? 201 : 200)
      .send({ data: { user_id: staff.userId, email: staff.email, role: staff.role } });
  });

  app.delete(
    '/staff/:userId',
    { ...admins, schema: { params: opsStaffParamsSchema } },
    async (request, reply) => {
      const removed = await revokeOperator(db, request.params.userId, actor(request), now());
      if (!removed) return sendError(reply, 'not_found', 'No such operator.');
      return reply.status(204).send();
    },
  );

  app.get('/audit', admins, async () => ({
    data: (await auditEntries(db, undefined, 200)).map((e) => ({
      at: e.at.toISOString(),
      actor: e.actorEmail,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      details: e.details,
    })),
  }));
};
