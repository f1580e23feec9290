/**
 * What every part of the Duffel stand-in (./duffel-server.ts) answers alike: ids in Duffel's shape, the error body
 * of Duffel's errors page (https://duffel.com/docs/api/overview/errors: `{ "errors": [{ type, code, title,
 * message, documentation_url }], "meta": { status, request_id } }`), its 404 and its refusal of an offer gone, and
 * the money strings of its bodies.
 */
import { randomBytes } from 'node:crypto';

/** A call's answer: its status and JSON body. */
export type DuffelAnswer = { status: number; body: unknown };

/** A new id of a Duffel resource (`off`, `ord`, `req`…). */
export const duffelId = (prefix: string) => `${prefix}_0000${randomBytes(11).toString('hex')}`;

const DOCS = 'https://duffel.com/docs/api/overview/errors';

/** Duffel's error body; `source` points at the field refused (a validation error). */
export function duffelFailure(
  status: number,
  type: string,
  code: string,
  title: string,
  message: string,
  source?: { field: string; pointer: string },
) {
  return {
    status,
    body: {
      errors: [{ type, code, title, message, ...(source ? { source } : {}), documentation_url: DOCS }],
      meta: { status, request_id: duffelId('req') },
    },
  };
}

/** Duffel's 404: the same type, code and title for every resource, with a message naming it. */
export const duffelNotFound = (message = 'The resource you are trying to access does not exist.') =>
  duffelFailure(404, 'invalid_request_error', 'not_found', 'Not found', message);

/** Duffel's refusal of an offer that expired or was booked already (on reading it and on ordering it). */
export const offerGone = () =>
  duffelFailure(
    422,
    'invalid_state_error',
    'offer_no_longer_available',
    'Offer no longer available',
    'The requested offer is no longer available, please select another offer.',
  );

/** 422 `invalid_data`: a field Duffel's validation refuses, in its words. */
export const invalidData = (message: string) =>
  duffelFailure(422, 'validation_error', 'invalid_data', 'Invalid data', message);

/** Minor-unit arithmetic on "123.45" strings (all test currencies have two decimals). */
export const cents = (amount: string) => Math.round(Number(amount) * 100);
export const major = (c: number) => (c / 100).toFixed(2);
