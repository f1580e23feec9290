import type { SubmissionResult } from '@conform-to/react';
import type { CodeRefusal } from '@parvoz/contracts/auth';

/** Why the API refused a step (the form's own field errors travel in `submission`). */
export type LoginError = CodeRefusal | 'rate_limited' | 'generic';

/** What the sign-in action answers when it does not redirect: the step to show and why, if refused. */
export type LoginActionData = {
  step: 'email' | 'code';
  email: string;
  error?: LoginError;
  attemptsLeft?: number;
  retryAfter?: number;
  /** Conform's reply for the step's form: the typed values and the field errors (schema's or API's). */
  submission?: SubmissionResult;
};
