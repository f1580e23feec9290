import type { SubmissionResult } from '@conform-to/react';

/** What a request form's action answers when it does not redirect: Conform's reply and what went wrong. */
export type FormActionData = {
  /** The typed values and the errors by field (codes: the contract schema's or the API's), for `useForm`. */
  submission: SubmissionResult;
  /** A problem of the whole submission. */
  problem?: 'unavailable' | 'rate_limited' | 'generic';
  /** With `not_enough_seats`: how many places are left. */
  seatsLeft?: number;
};
