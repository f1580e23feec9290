import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMeQuerySchema } from '@parvoz/contracts/user';
import { requireUser } from '../../../auth.ts';
import { getUserWithDetail } from '../../../services/users.ts';
import { ApiFailure } from '../../../errors.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/get-me', { schema: { querystring: getMeQuerySchema } }, async (request) => {
    const { userId } = requireUser(request.caller);
    const user = await getUserWithDetail(app.deps.db, userId, request.query.include === 'userDetail');
    if (!user) throw new ApiFailure('unauthorized', 'Sign-in is required.');
    return { data: user };
  });
};
