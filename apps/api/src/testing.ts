import Fastify from 'fastify';
import type { Database } from '@parvoz/db';
import { apiPlugin, API_HOST_OPTIONS } from './app.ts';
import { apiConfigSchema, type ApiConfig } from './config.ts';

export const TEST_ANONYMOUS_TOKEN = 'test-anonymous-credential';

/** The API on a Fastify host configured exactly as server.ts does, for `inject` tests. */
export async function buildTestApi(db: Database, config: Partial<ApiConfig> = {}) {
  const app = Fastify({ ...API_HOST_OPTIONS, logger: false });
  await app.register(apiPlugin, {
    prefix: '/v1',
    db,
    config: apiConfigSchema.parse({ anonymousToken: TEST_ANONYMOUS_TOKEN, ...config }),
  });
  await app.ready();
  return app;
}
