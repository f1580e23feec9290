/** What the sign-in action answers when it does not redirect: the step to show and why, if refused. */
export type LoginError =
  'email' | 'code' | 'wrong' | 'expired' | 'too_many_attempts' | 'suspended' | 'rate_limited' | 'generic';

export type LoginActionData = {
  step: 'email' | 'code';
  email: string;
  error?: LoginError;
  attemptsLeft?: number;
  retryAfter?: number;
};
