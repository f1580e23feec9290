/**
 * Accounts: what the rest of the API may use of this module (docs/architecture.md). Travellers and staff sign
 * in with an emailed code into the same accounts; its tables (`users`, `sessions`, `auth_codes`,
 * `saved_travellers`) are touched only by store.ts. The app registers the routes of routes.ts and resolves each
 * request's caller here; tests set up accounts through testing/.
 */
export { requireUser, resolveCaller, type Caller, type SessionLookup } from './caller.ts';
export { createSession, findSession, sessionIdsOf } from './sessions.ts';
export { emailOfUser, emailsOfUsers, ensureUser, findUserIdByEmail, languageOfUser } from './users.ts';
export { addTraveller, listTravellers, MAX_SAVED_TRAVELLERS } from './travellers.ts';
export { generateCode, hashSecret, sameHash } from './one-time-codes.ts';
