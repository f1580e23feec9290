/** What a request form's action answers when it does not redirect: the typed values and what is wrong. */
export type FormActionData = {
  values: Record<string, string>;
  /** Field name → problem code (e.g. "invalid_phone", "too_small", "not_enough_seats"). */
  errors: Record<string, string>;
  /** A problem of the whole submission. */
  problem?: 'unavailable' | 'rate_limited' | 'generic';
  /** With `not_enough_seats`: how many places are left. */
  seatsLeft?: number;
};
