/**
 * What the order page's after-sale forms (issue 13) answer: the cancellation quote to confirm, and the
 * outcome of a "manage the booking" form. Plain data, so the page renders it with or without JavaScript.
 */
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import type { MessageKey } from '../../lib/i18n.tsx';

/** A quote of "Cancel this booking", with the minutes it stays valid. */
export type CancelQuote = Pick<
  OrderCancellation,
  'id' | 'refund_amount' | 'refund_currency' | 'refund_rule' | 'kept_amount'
> & { minutes: number };

export const CANCEL_ERRORS = [
  'not_cancellable',
  'cancel_failed',
  'departed',
  'quote_outdated',
  'cancellation_expired',
] as const;
export type CancelError = (typeof CANCEL_ERRORS)[number];

export const CANCEL_ERROR_MESSAGES: Record<CancelError, MessageKey> = {
  not_cancellable: 'order.cancel.notCancellable',
  cancel_failed: 'order.cancel.failed',
  departed: 'order.cancel.departed',
  quote_outdated: 'order.cancel.outdated',
  cancellation_expired: 'order.cancel.expired',
};

/** Accepting an airline's change (issue 15) refused by the API (422) or failed (the airline unreachable). */
export const CHANGE_ERRORS = ['change_not_acceptable', 'change_failed'] as const;
export type ChangeError = (typeof CHANGE_ERRORS)[number];

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
      /** The change whose code was wrong: its form stays open. */
      change?: PendingEmailChange;
    };
