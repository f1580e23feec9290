/**
 * What the console's endpoints refuse (./refusals.ts), besides its gate (`staffEndpointRefusals`: every
 * console endpoint may answer its 404 and the second factor's 403).
 */
import { z } from 'zod';
import { cancellationRefusals, resendTicketsRefusals } from './order-refusals.ts';
import { idempotentRefusals, noDetails, reason, refusals } from './refusals.ts';

/** A change to something that exists (an order, a tour, a request), with its `Idempotency-Key`. */
export const opsChangeRefusals = idempotentRefusals;

/** Quoting or confirming a cancellation from the console: the traveller's refusals, and an admin's override. */
export const opsCancellationRefusals = refusals(idempotentRefusals, cancellationRefusals);

/** Asking the provider again for a refund: only one it refused. */
export const opsRetryRefundRefusals = refusals(idempotentRefusals, {
  unprocessable: [reason('refund_not_failed')],
});

/**
 * Settling a paid order the supplier would not ticket: the order has no such problem (settled already), the
 * supplier was paid for it (cancel it with its quote instead), or the supplier could not be reached to give up its
 * hold.
 */
export const opsTicketingRefusals = refusals(idempotentRefusals, {
  unprocessable: [reason('no_ticketing_problem'), reason('paid_at_supplier')],
  unavailable: [reason('supplier_unavailable')],
});

/** The confirmation sent again: the order has no valid tickets. */
export const opsResendConfirmationRefusals = refusals(idempotentRefusals, resendTicketsRefusals);

/** An email queued again: only one that could not be sent (its status says what it is instead). */
export const opsRetryEmailRefusals = refusals(idempotentRefusals, {
  unprocessable: [z.object({ status: z.string() })],
});

/** A tour's address (slug) is another tour's. */
const slugTaken = reason('slug_taken', { slug: z.string() });
export const opsCreateTourRefusals = refusals(idempotentRefusals, { unprocessable: [slugTaken] });
export const opsUpdateTourRefusals = { unprocessable: [slugTaken] } as const;

/** A tour's picture: too large, or not a JPEG, PNG or WebP picture by its bytes. */
export const opsTourImageRefusals = refusals(idempotentRefusals, {
  payload_too_large: [reason('image_too_large', { max_bytes: z.number() })],
  unprocessable: [reason('image_type')],
});

/**
 * The second factor's steps (apps/api/src/second-factor/service.ts): a challenge expired or answered, passkeys
 * unusable on this site address, a factor already there or the last one, a code or passkey that did not verify.
 */
export const secondFactorRefusals = {
  unprocessable: [
    reason('challenge_expired'),
    reason('passkeys_unavailable_ip_address'),
    reason('passkeys_unavailable_insecure_origin'),
    reason('already_enrolled'),
    reason('no_factor'),
    reason('no_passkey'),
    reason('last_factor'),
  ],
  invalid_code: [noDetails, z.object({ method: z.string() })],
} as const;
