/**
 * The console's gate on the web side (issue 13 §5): who is calling, as the API says (GET /v1/ops/me). Every
 * console loader and action asks first, so a visitor without a staff role gets the site's ordinary 404 page
 * ("Page not found: {path}") whatever console URL they open, exactly as for an unknown address. The API
 * refuses them on its own as well: this only keeps the pages from saying more than the API does.
 */
import { z } from 'zod';
import type { RouterContextProvider } from 'react-router';
import { staffMeSchema, type StaffMe, type StaffRole } from '@parvoz/contracts/ops';
import { ApiError } from '../../lib/api.server.ts';
import { redirectOrNotFound } from '../../lib/not-found.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';

const meResponseSchema = z.object({ data: staffMeSchema });

async function loadStaff(state: RequestState): Promise<StaffMe | null> {
  if (!state.token) return null;
  try {
    return meResponseSchema.parse(await state.api.get<unknown>('/v1/ops/me')).data;
  } catch (error) {
    if (error instanceof ApiError && [401, 404].includes(error.status)) return null;
    throw error;
  }
}

const loaded = new WeakMap<RequestState, Promise<StaffMe | null>>();

/** The staff member of this request, asked of the API at most once per request (loaders run in parallel). */
export function loadStaffOnce(state: RequestState): Promise<StaffMe | null> {
  let staff = loaded.get(state);
  if (!staff) {
    staff = loadStaff(state);
    loaded.set(state, staff);
  }
  return staff;
}

/** The staff member with one of `roles`; anyone else gets the 404 of an unknown page (thrown). */
export async function requireStaff(
  context: Readonly<RouterContextProvider>,
  request: Request,
  roles: readonly StaffRole[] = ['operator', 'admin'],
): Promise<{ staff: StaffMe; state: RequestState }> {
  const state = context.get(requestStateContext);
  const staff = await loadStaffOnce(state);
  if (!staff || !roles.includes(staff.role)) redirectOrNotFound(request);
  return { staff, state };
}

/** A console API call refused as "not found" (a role lost meanwhile, a forged id) is the page's 404. */
export function notFoundOn(error: unknown, request: Request): void {
  if (error instanceof ApiError && [401, 404].includes(error.status)) redirectOrNotFound(request);
}

/** The `reason` of an API refusal (its `details.reason`), if any. */
export function refusalReason(error: ApiError): string | undefined {
  const details = (error.body as { error?: { details?: unknown } } | null)?.error?.details;
  return details && typeof details === 'object' && !Array.isArray(details)
    ? String((details as { reason?: unknown }).reason ?? '') || undefined
    : undefined;
}

/** A key for one confirmed action: made when the confirmation is shown, sent with "Yes" (and its retries). */
export function newActionKey(): string {
  return `ops-${crypto.randomUUID()}`;
}

export const ACTION_KEY = /^ops-[0-9a-f-]{36}$/;

/** Personal data: never stored by any cache. */
export function privateHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const merged = new Headers(parentHeaders);
  merged.set('Cache-Control', 'private, no-store');
  return merged;
}
