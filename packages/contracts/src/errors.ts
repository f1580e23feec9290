import { z } from 'zod';

/** Every API error code (docs/design.md §7). The HTTP status is fixed per code. */
export const ERROR_STATUS = {
  malformed_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A console endpoint, for a session that has not passed the second factor (details: { status }). */
  second_factor_required: 403,
  not_found: 404,
  idempotency_in_progress: 409,
  offer_expired: 410,
  offer_unavailable: 422,
  payload_too_large: 413,
  unprocessable: 422,
  invalid_code: 422,
  /** The client's unpaid orders already hold as many seats or orders as allowed (details: HoldLimitDetails). */
  hold_limit_reached: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
