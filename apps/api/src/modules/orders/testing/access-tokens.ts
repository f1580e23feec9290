/**
 * An order's access tokens for other suites, read through the module's store (docs/architecture.md, "Test helpers
 * go through the store").
 */
import type { Database } from '@parvoz/db';
import { accessTokensOfOrder, type AccessTokenRow } from '../store.ts';

/** Every access token of the order (only their hashes are kept), revoked ones too. */
export const accessTokensOf = (db: Database, orderId: string): Promise<AccessTokenRow[]> =>
  accessTokensOfOrder(db, orderId);
