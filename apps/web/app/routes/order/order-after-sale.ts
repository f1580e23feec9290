/**
 * What the order page's after-sale forms (docs/after-sale.md) answer: the cancellation quote to confirm, and
 * the outcome of a "manage the booking" form. Plain data, so the page renders it with or without JavaScript.
 */
import type { SubmissionResult } from '@conform-to/react';
import type { CancellationRefusal, OrderCancellation } from '@parvoz/contracts/order-cancellations';
import type { MessageKey } from '../../lib/i18n.tsx';

/** A quote of "Cancel this booking", with the minutes it stays valid. */
export type CancelQuote = Pick<
  OrderCancellation,
  | 'id'
  | 'refund_amount'
  | 'refund_currency'
  | 'refund_rule'
  | 'kept_amount'
  | 'refund_to'
  | 'airline_credits'
  | 'service_fee_amount'
  | 'service_fee_refunded'
> & { minutes: number };

/** What the page says of a cancellation refused (by a reason of its contract) or failed (`cancel_failed`). */
export type CancelError =
  | Extract<CancellationRefusal, 'not_cancellable' | 'departed' | 'quote_outdated' | 'cancellation_expired'>
  | 'cancel_failed';

/**
 * Each reason the cancellation's contract lists (packages/contracts/src/order-refusals.ts), as the page says
 * it: a reason added there fails to compile here until it is given words.
 */
export const CANCEL_REFUSALS: Record<CancellationRefusal, CancelError> = {
  not_cancellable: 'not_cancellable',
  departed: 'departed',
  quote_outdated: 'quote_outdated',
  cancellation_expired: 'cancellation_expired',
  already_cancelled: 'not_cancellable',
  // The console's override only; a traveller's cancellation never meets them.
  refund_exceeds_payment: 'not_cancellable',
  nothing_paid: 'not_cancellable',
};

export const CANCEL_ERROR_MESSAGES: Record<CancelError, MessageKey> = {
  not_cancellable: 'order.cancel.notCancellable',
  cancel_failed: 'order.cancel.failed',
  departed: 'order.cancel.departed',
  quote_outdated: 'order.cancel.outdated',
  cancellation_expired: 'order.cancel.expired',
};

/** Accepting an airline's change (docs/duffel.md) refused by the API (422) or failed (the airline unreachable). */
export type ChangeError = 'change_not_acceptable' | 'change_failed';

export const CHANGE_ERROR_MESSAGES: Record<ChangeError, MessageKey> = {
  change_not_acceptable: 'order.airlineChange.notAcceptable',
  change_failed: 'order.airlineChange.failed',
};

export const MANAGE_INTENTS = ['change-phone', 'email-change', 'email-confirm', 'resend'] as const;
export type ManageIntent = (typeof MANAGE_INTENTS)[number];

/** A new contact email waiting for its code. */
export type PendingEmailChange = { id: string; email: string };

export type ManageResult =
  | { manage: 'phone-changed' }
  | { manage: 'email-code-sent'; change: PendingEmailChange }
  | { manage: 'email-changed'; email: string }
  | { manage: 'tickets-sent' }
  | {
      manage: 'failed';
      intent: ManageIntent;
      message: MessageKey;
      values?: Record<string, number | string>;
      /**
       * Conform's reply for the form with a field (all but `resend`): what was typed and `message` as the
       * error of its field, shown under it with or without JavaScript.
       */
      submission?: SubmissionResult;
      /** The change whose code was wrong: its form stays open. */
      change?: PendingEmailChange;
    };
