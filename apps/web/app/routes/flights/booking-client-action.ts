import { data, isRouteErrorResponse } from 'react-router';
import type { BookingActionData } from './booking-action.server.ts';
import { clearDraft } from './booking-draft.ts';

/**
 * Whether a submit's outcome is unknown: the request or its answer was lost (no connection, a dropped
 * connection, a proxy's 5xx page, a crash of the page's server). A redirect (booked) or a 4xx answer is an
 * outcome the page shows as the server sent it.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof Response) return false;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

/**
 * The booking form's submit in the browser: the server's action, and when its answer never arrives, the form
 * stays as typed with a message instead of the error page (docs/decisions/0027-booking-form-draft.md). The
 * answer keeps the idempotency key that was sent, so the next press cannot book twice if the first one did
 * reach the API. A booked order (a redirect) drops the form's draft.
 */
export async function bookingClientAction<Answer>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<Answer>;
}) {
  const form = await request.clone().formData();
  const key = form.get('idempotency_key');
  const offerId = form.get('offer_id');
  try {
    return await serverAction();
  } catch (error) {
    if (!outcomeUnknown(error)) {
      if (error instanceof Response && typeof offerId === 'string') clearDraft(offerId);
      throw error;
    }
    // A 5xx status: React Router does not reload the page's data after it (that would fail offline too).
    return data<BookingActionData>(
      { submission: {}, problem: 'network', nextKey: typeof key === 'string' ? key : '' },
      { status: 503 },
    );
  }
}
