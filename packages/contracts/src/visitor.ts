/**
 * The anonymous visitor's identity (docs/operations.md#idempotency-keys-per-caller): a random id in a
 * first-party HttpOnly cookie that the web half sets, and passes to the API in a header on its own calls. The
 * API scopes an anonymous caller's Idempotency-Keys by this id plus the client IP, so one visitor's key never
 * answers for another.
 */
export const VISITOR_COOKIE = 'visitor';

/** The header the web half sends the visitor id in; browsers never reach the API with the cookie itself. */
export const VISITOR_HEADER = 'x-parvoz-visitor';

/** 32 random bytes in base64url. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 30 days: far longer than a retried booking (idempotency records are kept a day), short for an id. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;
