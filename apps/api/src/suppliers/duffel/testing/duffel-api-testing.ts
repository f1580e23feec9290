/**
 * The API with the Duffel supplier on, against the Duffel test server, on a new database: the set-up the Duffel
 * suites (booking, reconciliation, airline changes) share.
 */
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '@parvoz/db/testing';
import type { Database } from '@parvoz/db';
import { buildTestApi } from '../../../testing.ts';
import type { ApiConfig } from '../../../config.ts';
import { searchEngineFor } from '../../../services/flights.ts';
import {
  duffelAirportsFrom,
  startDuffelServer,
  type DuffelTestFlight,
  type DuffelTestServer,
} from './duffel-server.ts';
import { duffelOnlyFlight } from './duffel-fixtures.ts';

/** A flight only Duffel sells: QP 4242 Tashkent–Istanbul at 23:10, 5 h 20 min, 300 USD with 60 of tax. */
export const DUFFEL_ONLY_FLIGHT: DuffelTestFlight = duffelOnlyFlight('300.00', '60.00');

export type DuffelTestApi = {
  db: Database;
  app: FastifyInstance;
  server: DuffelTestServer;
  close: () => Promise<void>;
};

/**
 * A new database (after `prepare`, e.g. a trigger), a Duffel test server playing `flights` with `token`, and the
 * API searching and booking through it with generous limits (the suites book many orders from one client).
 */
export async function startDuffelTestApi(options: {
  token: string;
  now: () => Date;
  flights?: DuffelTestFlight[];
  prepare?: (db: Database) => Promise<void>;
  /** More API configuration (e.g. `smtpUrl` of a test mail server, `publicUrl`). */
  config?: Partial<ApiConfig>;
}): Promise<DuffelTestApi> {
  const database = await createTestDatabase();
  await options.prepare?.(database.db);
  const server = await startDuffelServer({
    token: options.token,
    now: options.now,
    airports: duffelAirportsFrom(searchEngineFor('parvoz').network, ['TAS', 'IST']),
    flights: options.flights ?? [DUFFEL_ONLY_FLIGHT],
  });
  const app = await buildTestApi(
    database.db,
    {
      duffelAccessToken: options.token,
      duffelApiUrl: server.url,
      duffelTimeBudgetMs: 30_000,
      rateLimitScale: 1000,
      holdMaxSeats: 1000,
      holdMaxUnpaidOrders: 1000,
      ...options.config,
    },
    { now: options.now },
  );
  return {
    db: database.db,
    app,
    server,
    close: async () => {
      await app.close();
      await server.close();
      await database.close();
    },
  };
}
