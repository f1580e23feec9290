/**
 * An order's access tokens and contact email changes for other suites, read through the module's store (docs/architecture.md, "Test helpers
 * go through the store").
 */
import type { Database } from '@parvoz/db';
import {
  accessTokensOfOrder,
  findEmailChange,
  type AccessTokenRow,
  type EmailChangeRow,
} from '../store/access.ts';

/** Every access token of the order (only their hashes are kept), revoked ones too. */
export const accessTokensOf = (db: Database, orderId: string): Promise<AccessTokenRow[]> =>
  accessTokensOfOrder(db, orderId);

/** A change of an order's contact email, by its id. */
export const emailChangeOf = (db: Database, changeId: string): Promise<EmailChangeRow | undefined> =>
  findEmailChange(db, changeId);
