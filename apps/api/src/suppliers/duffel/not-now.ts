/**
 * Duffel's answers that mean "not now" rather than "no" (docs/duffel.md, "Paying a hold"):
 *  - 429 (https://duffel.com/docs/api/overview/rate-limits): too many requests; the `ratelimit-reset` header says
 *    when the window resets (an HTTP date; a number is read as epoch seconds, or seconds from now if small).
 *  - 401/403 (https://duffel.com/docs/api/overview/errors): our access token was not accepted: an operator's fault
 *    to fix, nothing about the order.
 * Both become the port's errors (../orders.ts), never a refusal of the order.
 */
import { DuffelError } from '@duffel/api';
import { SupplierAuthRejected, SupplierRateLimited } from '../orders.ts';

/** When a rate-limit window resets, from Duffel's `ratelimit-reset` header, or null. */
export function rateLimitResetOf(value: string | null | undefined, now: number): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const n = Number(trimmed);
    // A small number is seconds from now (delta-seconds); a large one epoch seconds.
    return new Date(n < 1e9 ? now + n * 1000 : n * 1000);
  }
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : new Date(at);
}

/** The port's error for a "not now" answer of Duffel, or null for any other. */
export function notNowError(error: unknown, now: number = Date.now()): Error | null {
  if (!(error instanceof DuffelError)) return null;
  const status = error.status ?? error.meta?.status;
  if (status === 429) {
    const header = typeof error.headers?.get === 'function' ? error.headers.get('ratelimit-reset') : null;
    return new SupplierRateLimited(rateLimitResetOf(header, now), { cause: error });
  }
  if (status === 401 || status === 403) return new SupplierAuthRejected(status, { cause: error });
  return null;
}
