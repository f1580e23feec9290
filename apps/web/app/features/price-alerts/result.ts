import type { SubmissionResult } from '@conform-to/react';
import type { AlertDateChoice, PriceAlert } from '@parvoz/contracts/price-alerts';

/** What subscribing to a price alert answers (the results page's form and the page without JavaScript). */
export type PriceAlertProblem = 'limit' | 'rate_limited' | 'no_offers' | 'generic';

export type PriceAlertFormResult = {
  /** The search segment of the results page (`TAS1512IST1`), for the way back to it. */
  segment: string;
  email: string;
  /** The departures chosen (shown again with a refusal). */
  dates?: AlertDateChoice;
  ok: boolean;
  problem?: PriceAlertProblem;
  /** A refused field (the email): the form's values and errors by field, as Conform shows them. */
  submission?: SubmissionResult;
};

/** The form's action: one route for every results page, so a browser without JavaScript lands on it. */
export const priceAlertAction = (locale: string) => `/${locale}/price-alerts`;

/** The two pages an alert email's links open. */
export type AlertLinkPage = 'confirm' | 'unsubscribe';

/** What the button of such a page answers. */
export type AlertLinkResult =
  { ok: true; alert: PriceAlert } | { ok: false; problem: 'invalid' | 'limit' | 'rate_limited' | 'generic' };
