/**
 * Two APIs on one clock for the suites that compare prices (inject, PGlite): one whose admin may write rules (signed
 * in, past the second factor), and one without rules, whose prices are the supplier's; and a rule written through the
 * console's API.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { MANY_ORDERS, startTestApi } from '../../../testing/api.ts';
import { signedInAs } from '../../../testing/after-sale.ts';
import { passSecondFactor } from '../../../second-factor/testing.ts';

export interface PricedAndPlain {
  priced: FastifyInstance;
  pricedDb: Database;
  plain: FastifyInstance;
  /** The priced API's admin: the authorization header. */
  admin: Record<string, string>;
  close(): Promise<void>;
}

export async function pricedAndPlainApis(now: () => Date): Promise<PricedAndPlain> {
  // The suites book several orders from one client: its unpaid holds are not what they test.
  const priced = await startTestApi(MANY_ORDERS, { now });
  const plain = await startTestApi(MANY_ORDERS, { now });
  const { db } = priced;
  const admin = await signedInAs(db, 'admin@agency.test', 'admin', now());
  await passSecondFactor(priced.app, admin, now());
  return {
    priced: priced.app,
    pricedDb: db,
    plain: plain.app,
    admin,
    close: async () => {
      await priced.close();
      await plain.close();
    },
  };
}

/** A 10 % markup per passenger on Tashkent → Istanbul, as the console writes it (POST /v1/ops/price-rules). */
export const TAS_IST_MARKUP = {
  kind: 'markup',
  priority: 1,
  scope: { origins: [{ city: 'TAS' }], destinations: [{ airport: 'IST' }] },
  percent_bp: 1000,
  per: 'passenger',
} as const;

/**
 * A 10 % markup per passenger (priority 1) on the sales of `scope`, written by `admin` through the console's API, as
 * an admin would; it applies EFFECTIVE_LEAD_MS after it is written (service.ts).
 */
export async function postTenPercentMarkup(
  app: FastifyInstance,
  admin: Record<string, string>,
  scope: Record<string, unknown>,
): Promise<void> {
  const created = await app.inject({
    method: 'POST',
    url: '/v1/ops/price-rules',
    headers: admin,
    payload: { ...TAS_IST_MARKUP, scope },
  });
  expect(created.statusCode, created.body).toBe(201);
}
