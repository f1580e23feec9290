/**
 * Two API instances on one PostgreSQL database (each its own connection pool, as two processes have) booking
 * through one Duffel stand-in: the set-up of the *.pg fault suites (../faults.pg.test.ts,
 * ../creation-faults.pg.test.ts). The supplier passes are not kicked after a payment: the suites run them
 * themselves, on both instances at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { startTwoTestApis } from '../../../testing/api.ts';
import { searchEngineFor } from '../../../modules/search/index.ts';
import type { DuffelSettings } from '../settings.ts';
import {
  duffelAirportsFrom,
  startDuffelServer,
  type DuffelTestFlight,
  type DuffelTestServer,
} from './duffel-server.ts';

export interface TwoDuffelApis {
  server: DuffelTestServer;
  apps: FastifyInstance[];
  dbs: Database[];
  close: () => Promise<void>;
}

export async function startTwoDuffelApis(options: {
  token: string;
  now: () => Date;
  flights: DuffelTestFlight[];
  /** More Duffel settings (e.g. `webhookSecret`). */
  duffel?: Partial<DuffelSettings>;
}): Promise<TwoDuffelApis> {
  const server = await startDuffelServer({
    token: options.token,
    now: options.now,
    airports: duffelAirportsFrom(searchEngineFor('parvoz').network, ['TAS', 'IST']),
    flights: options.flights,
  });
  try {
    const started = await startTwoTestApis(
      {
        duffel: { accessToken: options.token, apiUrl: server.url, timeBudgetMs: 30_000, ...options.duffel },
        rateLimitScale: 1000,
        holdMaxSeats: 1000,
        holdMaxUnpaidOrders: 1000,
      },
      { now: options.now, onSupplierKick: () => undefined },
    );
    return {
      server,
      apps: started.apps,
      dbs: [started.database.db, started.second.db],
      close: async () => {
        await started.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
