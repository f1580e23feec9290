/**
 * The gate of every `/v1/ops/...` route (issue 13 §5): only a signed-in user with one of the route's staff
 * roles gets through. Everyone else — anonymous, a traveller, an operator on an admins' route — gets exactly
 * the 404 of an unknown endpoint, so the console's API does not even show that it exists. It runs as the
 * route's `onRequest` hook: before the body is read and the request validated (a 400 would give the route
 * away) and before the rate limit (a 429 would too).
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { StaffMe, StaffRole } from '@parvoz/contracts/ops';
import { noSuchEndpoint } from './errors.ts';
import { staffOf } from './services/staff.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member calling a console route (set by `staffOnly`). */
    staff?: StaffMe;
  }
}

export const OPERATORS: readonly StaffRole[] = ['operator', 'admin'];
export const ADMINS: readonly StaffRole[] = ['admin'];

export function staffOnly(roles: readonly StaffRole[]): onRequestAsyncHookHandler {
  return async function requireStaff(request) {
    const caller = request.caller;
    const staff = caller?.kind === 'user' ? await staffOf(this.deps.db, caller.userId) : null;
    if (!staff || !roles.includes(staff.role)) throw noSuchEndpoint(request);
    request.staff = staff;
  };
}

/** The staff member of a guarded route's request. */
export function staffIn(request: FastifyRequest): StaffMe {
  if (!request.staff) throw noSuchEndpoint(request);
  return request.staff;
}
