import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { requireUser } from '../../../auth.ts';
import { getUserWithDetail, updateUser } from '../../../services/users.ts';
import {
  addTraveller,
  deleteTraveller,
  listTravellers,
  updateTraveller,
} from '../../../services/travellers.ts';
import { ApiFailure } from '../../../errors.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = async (userId: string, withDetail: boolean) => {
    const user = await getUserWithDetail(app.deps.db, userId, withDetail);
    if (!user) throw new ApiFailure('unauthorized', 'Sign-in is required.');
    return { data: user };
  };

  app.get('/get-me', { schema: schemaOf(endpoints.getMe) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return me(userId, request.query.include === 'userDetail');
  });

  /** Updates the signed-in user's profile (name, phone, language, currency); answers the user with detail. */
  app.patch('/me', { schema: schemaOf(endpoints.updateMe) }, async (request) => {
    const { userId } = requireUser(request.caller);
    await updateUser(app.deps.db, userId, request.body, app.deps.now());
    return me(userId, true);
  });

  app.get('/travellers', { schema: schemaOf(endpoints.listTravellers) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return { data: await listTravellers(app.deps.db, userId) };
  });

  app.post('/travellers', { schema: schemaOf(endpoints.createTraveller) }, async (request, reply) => {
    const { userId } = requireUser(request.caller);
    return reply.status(201).send({ data: await addTraveller(app.deps.db, userId, request.body) });
  });

  app.patch('/travellers/:id', { schema: schemaOf(endpoints.updateTraveller) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return { data: await updateTraveller(app.deps.db, userId, request.params.id, request.body) };
  });

  app.delete('/travellers/:id', { schema: schemaOf(endpoints.deleteTraveller) }, async (request, reply) => {
    const { userId } = requireUser(request.caller);
    await deleteTraveller(app.deps.db, userId, request.params.id);
    return reply.status(204).send();
  });
};
