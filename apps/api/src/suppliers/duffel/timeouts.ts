/**
 * How long this site waits for Duffel, in one place (docs/duffel.md, Timeouts).
 *
 * Duffel's documentation:
 *  - Offer requests, `supplier_timeout` (the official client's OfferRequestsTypes, @duffel/api 4.30): "The maximum
 *    amount of time in milliseconds to wait for each airline search to complete … includes some additional overhead
 *    added by Duffel. Value should be between 2 seconds and 60 seconds. Any values outside the range will be ignored
 *    and the default supplier_timeout will be used" (20 s), and "We recommend setting supplier_timeout lower than
 *    the timeout on the HTTP request you send to Duffel API as that will allow us to respond with the offers we
 *    received before your request times out with an empty response."
 *  - https://duffel.com/docs/api/overview/response-times: "we allow incoming requests to take up to 120s. In order
 *    to ensure you don't time out on your side we recommend setting your HTTP client timeout to something slightly
 *    higher, eg 130s."
 */

import type { Duffel } from '@duffel/api';
import { SupplierNoAnswer } from '@parvoz/core/supplier';

/** Duffel honours `supplier_timeout` only within [2 s, 60 s]; outside it waits its default 20 s. */
export const DUFFEL_SUPPLIER_TIMEOUT_MIN_MS = 2_000;
export const DUFFEL_SUPPLIER_TIMEOUT_MAX_MS = 60_000;
/** Duffel's default wait for airlines when no (or an ignored) `supplier_timeout` is given. */
export const DUFFEL_DEFAULT_SUPPLIER_TIMEOUT_MS = 20_000;

/**
 * What a search leaves between Duffel's wait for the airlines and our own deadline: Duffel's overhead after the
 * airlines' answers (8.1 s seen for an 8-s `supplier_timeout`), the transfer of an answer that can run
 * to megabytes, and our mapping of its offers.
 */
export const DUFFEL_SEARCH_MARGIN_MS = 1_500;

/**
 * The `supplier_timeout` of a search that waits `budgetMs` for Duffel: the budget less the margin, so that Duffel
 * answers with the airlines that did answer before we stop waiting, within Duffel's range (never below 2 s, which
 * Duffel would ignore and wait 20 s). A budget under 3.5 s therefore leaves Duffel less than it needs.
 */
export function duffelSupplierTimeoutMs(budgetMs: number): number {
  return Math.min(
    DUFFEL_SUPPLIER_TIMEOUT_MAX_MS,
    Math.max(DUFFEL_SUPPLIER_TIMEOUT_MIN_MS, Math.floor(budgetMs - DUFFEL_SEARCH_MARGIN_MS)),
  );
}

/** How long each kind of Duffel call may take before this site stops waiting for it. */
export interface DuffelTimeouts {
  /**
   * Calls that change something at the airline: creating an order, paying one (`/air/payments`), quoting and
   * confirming a cancellation, accepting an airline's change. Duffel lets a request take up to 120 s and advises a
   * client timeout "slightly higher, eg 130s": cut short earlier, such a call's outcome would be unknown while Duffel
   * may still complete it.
   */
  actionMs: number;
  /** Reads (an offer, an order, the order list, an order's airline changes): nothing to lose by asking again later. */
  readMs: number;
}

/** Duffel's response-times page: 120 s allowed, a client timeout of about 130 s advised. */
export const DUFFEL_TIMEOUTS: Readonly<DuffelTimeouts> = Object.freeze({ actionMs: 130_000, readMs: 30_000 });

/** A Duffel call that got no answer in its time: like a dropped connection, its outcome is unknown. */
export class DuffelNoAnswer extends SupplierNoAnswer {
  constructor(what: string, ms: number) {
    super(`Duffel ${what}: no answer in ${ms} ms`);
    this.name = 'DuffelNoAnswer';
  }
}

/**
 * `work` (a Duffel SDK call), or DuffelNoAnswer after `ms`. The SDK takes no abort signal, so the HTTP request is
 * abandoned, not cancelled: it ends in the background when Duffel (or the network) ends it.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DuffelNoAnswer(what, ms)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What each part of the adapter (./orders.ts, ./hold-payments.ts, ./cancellations.ts) calls Duffel through: its
 * client, and `withDeadline` at the action's or the read's timeout.
 */
export interface DuffelCalls {
  duffel: Duffel;
  act: <T>(what: string, work: Promise<T>) => Promise<T>;
  read: <T>(what: string, work: Promise<T>) => Promise<T>;
}
