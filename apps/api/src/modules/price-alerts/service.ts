/**
 * Price alerts (docs/operations.md#price-alerts): subscribe, confirm, unsubscribe, and the signed-in
 * traveller's list.
 *
 * - Anyone may subscribe an email to one search; nothing is watched until the link in the first email is
 *   opened (double opt-in), so nobody gets alerts they did not ask for.
 * - Link tokens are 256 random bits, only their SHA-256 kept (`price_alert_tokens`). The confirm link lasts
 *   CONFIRM_TTL_MS; every alert email carries a fresh unsubscribe token, and each of them keeps working.
 * - Limits: the route's per-caller budget (rate-limit.ts), confirmation emails per address per day, and at
 *   most `priceAlertMaxPerEmail` live alerts per address (checked under a per-address lock, so concurrent
 *   requests on several instances cannot pass it together). "Per address" is per mailbox: `name+tag@` counts
 *   as `name@` (docs/operations.md, "Counting by mailbox"); each alert keeps and mails the address as typed.
 * - "Mine" in the profile is every alert of the account's email: signing in proves the address as the
 *   confirmation link does.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import type { PriceAlert, PriceAlertCreateRequest } from '@parvoz/contracts/price-alerts';
import { fromMajorString, money, toMajorString, type CurrencyCode } from '@parvoz/core/money';
import { canonicalMailbox } from '@parvoz/core/mailbox';
import { alertWindow, lowestPrice } from '@parvoz/core/price-alerts';
import { cheapestDay } from '@parvoz/core/popular-destinations';
import { HORIZON_DAYS } from '@parvoz/core/schedule';
import { addDays } from '@parvoz/core/supplier-calendar';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import type { SupplierError } from '@parvoz/core/search-types';
import type { Locale } from '@parvoz/i18n/locales';
import { searchPlaceName } from '../documents/index.ts';
import { ApiFailure } from '../../errors.ts';
import type { FlightService } from '../search/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import { hitRateLimit } from '../../platform/rate-limits.ts';
import { emailOfUser } from '../accounts/index.ts';
import { renderPriceAlertEmail, stayDays, type AlertSearchText } from './mail.ts';
import * as store from './store.ts';
import type { AlertRow } from './store.ts';

export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;
/** Confirmation emails one address may be sent per day, whoever asks (the route limits each caller too). */
export const CONFIRM_EMAILS_PER_DAY = 5;

export type PriceAlertDeps = {
  db: Database;
  now: () => Date;
  flights: FlightService;
  config: { priceAlertMaxPerEmail: number; priceAlertMinDropPercent: number };
};

/** The origin of the links in alert emails: the site's one public origin (never a request's Host). */
export function alertLinkOrigin(app: FastifyInstance): string {
  return app.deps.publicOrigin();
}

export function newAlertToken(): string {
  return randomBytes(32).toString('base64url');
}

export function searchOf(row: AlertRow): AlertSearchText {
  return {
    origin: row.origin,
    destination: row.destination,
    departureDate: row.departureDate,
    returnDate: row.returnDate,
    departureUntil: row.departureUntil,
    passengers: { adults: row.adults, children: row.children, infants: row.infants },
    cabin: row.cabin,
  };
}

/** Where the alert's links lead: `/{lang}/price-alerts/confirm?token=…` and the like. */
export function alertPageUrl(origin: string, lang: string, page: 'confirm' | 'unsubscribe', token: string) {
  return `${origin.replace(/\/+$/, '')}/${lang}/price-alerts/${page}?${new URLSearchParams({ token })}`;
}

/** The results page of the watched search; of a range, its day `departureDate` (a round trip keeps its stay). */
export function resultsUrl(
  origin: string,
  lang: string,
  search: AlertSearchText,
  departureDate = search.departureDate,
): string {
  const returnDate = search.returnDate ? addDays(departureDate, stayDays(search)) : null;
  const segment = formatSearchSegment({ ...search, departureDate, returnDate });
  return `${origin.replace(/\/+$/, '')}/${lang}/flight/${segment}`;
}

export const major = (minor: number, currency: string) =>
  toMajorString(money(minor, currency as CurrencyCode));

/** A re-pricing: the lowest price in minor units of the alert's currency (null: nothing on sale) and its day. */
export type AlertPricing =
  { ok: true; price: number | null; departureDate: string } | { ok: false; error: SupplierError };

/**
 * The lowest price of the search now, in minor units of `currency` (null when nothing is on sale): the same
 * search the results page makes, through the flight service (its supplier and its view of sold seats). A range
 * of departures is priced with the calendar of low fares (each day the amount its results page shows first by
 * price), over its days still to come and within the schedule's horizon; a range wholly past is refused as a
 * past day is.
 */
export async function lowestPriceNow(
  flights: FlightService,
  search: AlertSearchText,
  currency: CurrencyCode,
  at: Date,
  /** The alert's language: the market of the agency's rules, as its results page prices it. */
  market: string,
): Promise<AlertPricing> {
  if (search.departureUntil) return lowestInRange(flights, search, currency, at, market);
  const slices = [
    { origin: search.origin, destination: search.destination, departure_date: search.departureDate },
  ];
  if (search.returnDate)
    slices.push({
      origin: search.destination,
      destination: search.origin,
      departure_date: search.returnDate,
    });
  const soldSeats = await flights.soldSeatsSnapshot();
  const result = await flights.supplier.search(
    { slices, passengers: search.passengers, cabin_class: search.cabin, currency, sort: 'cheapest' },
    { now: at.getTime(), soldSeats, market },
  );
  if (!result.ok) return result;
  const totals = result.data.offers.flatMap((offer) => {
    const amount = fromMajorString(offer.total_amount, currency);
    return amount ? [amount.amount] : [];
  });
  return { ok: true, price: lowestPrice(totals), departureDate: search.departureDate };
}

async function lowestInRange(
  flights: FlightService,
  search: AlertSearchText,
  currency: CurrencyCode,
  at: Date,
  market: string,
): Promise<AlertPricing> {
  const today = at.toISOString().slice(0, 10);
  const horizonEnd = addDays(today, HORIZON_DAYS - 1);
  const last = search.departureUntil! < horizonEnd ? search.departureUntil! : horizonEnd;
  const window = alertWindow(search.departureDate, last, today);
  if (!window)
    return { ok: false, error: { code: 'date_out_of_range', message: 'The watched days have passed.' } };
  const stay = stayDays(search);
  const days = await flights.calendar({
    origin: search.origin,
    destination: search.destination,
    ...window,
    cabin_class: search.cabin,
    max_connections: 2,
    currency,
    passengers: search.passengers,
    ...(search.returnDate ? { return_after: stay } : {}),
    lang: market,
  });
  if (!days.ok) return days;
  const best = cheapestDay(days.data.days);
  const price = best ? fromMajorString(best.min_amount, currency) : null;
  return { ok: true, price: price ? price.amount : null, departureDate: best?.date ?? window.from };
}

function alertLimit(max: number): ApiFailure {
  return new ApiFailure('unprocessable', `An email address may watch at most ${max} searches.`, {
    reason: 'alert_limit',
    max,
  });
}

/**
 * POST /v1/price_alerts: prices the search now (the reference the traveller sees), records a pending alert
 * and queues the confirmation email. Asking again for the same search while it awaits confirmation sends a
 * new link (the earlier one stops working); for a search already watched, nothing new is sent.
 */
export async function createPriceAlert(
  deps: PriceAlertDeps,
  input: PriceAlertCreateRequest,
  linkOrigin: string,
  supplierFailure: (error: SupplierError) => Error,
): Promise<void> {
  const at = deps.now();
  const search: AlertSearchText = {
    origin: input.origin,
    destination: input.destination,
    departureDate: input.departure_date,
    returnDate: input.return_date,
    departureUntil: input.departure_until,
    passengers: input.passengers,
    cabin: input.cabin_class,
  };
  const priced = await lowestPriceNow(deps.flights, search, input.currency, at, input.lang);
  if (!priced.ok) throw supplierFailure(priced.error);
  if (priced.price === null) {
    throw new ApiFailure('unprocessable', 'Nothing is on sale for this search to get cheaper.', {
      reason: 'no_offers',
    });
  }
  const price = priced.price;

  const sent = await hitRateLimit(
    deps.db,
    `price-alert:email:${canonicalMailbox(input.email)}`,
    CONFIRM_EMAILS_PER_DAY,
    24 * 3600_000,
    at,
  );
  if (!sent.allowed) {
    throw new ApiFailure(
      'rate_limited',
      'Too many price alerts were asked for this email address today.',
      { retry_after_seconds: sent.retryAfterSeconds },
      { 'retry-after': String(sent.retryAfterSeconds) },
    );
  }

  await deps.db.transaction(async (tx) => {
    await store.lockMailbox(tx, input.email);
    const live = await store.liveMailboxAlerts(tx, input.email, at, CONFIRM_TTL_MS);
    // The same search asked again with the same spelling renews its link; another spelling is another alert
    // (its emails go where it was asked for) but counts against the one mailbox's cap.
    const same = live.find(
      (row) =>
        row.email === input.email &&
        row.origin === search.origin &&
        row.destination === search.destination &&
        row.departureDate === search.departureDate &&
        row.returnDate === search.returnDate &&
        row.departureUntil === search.departureUntil &&
        row.adults === search.passengers.adults &&
        row.children === search.passengers.children &&
        row.infants === search.passengers.infants &&
        row.cabin === search.cabin,
    );
    if (same?.status === 'active') return;
    if (!same && live.length >= deps.config.priceAlertMaxPerEmail)
      throw alertLimit(deps.config.priceAlertMaxPerEmail);

    let alertId: string;
    if (same) {
      // A new link replaces the one the traveller did not get or lost; the price is today's.
      alertId = same.id;
      await store.renewPendingAlert(tx, same.id, {
        lang: input.lang,
        currency: input.currency,
        referencePriceMinor: price,
        createdAt: at,
      });
    } else {
      alertId = await store.insertAlert(tx, {
        email: input.email,
        lang: input.lang,
        currency: input.currency,
        origin: search.origin,
        destination: search.destination,
        departureDate: search.departureDate,
        returnDate: search.returnDate,
        departureUntil: search.departureUntil,
        adults: search.passengers.adults,
        children: search.passengers.children,
        infants: search.passengers.infants,
        cabin: search.cabin,
        referencePriceMinor: price,
        nextCheckAt: at,
        createdAt: at,
      });
    }
    const token = newAlertToken();
    await store.insertToken(tx, alertId, 'confirm', token, at);
    // Every alert email carries a way out, the first one too (docs/operations.md#price-alerts).
    const unsubscribeToken = newAlertToken();
    await store.insertToken(tx, alertId, 'unsubscribe', unsubscribeToken, at);
    await enqueueEmail(tx, {
      to: input.email,
      kind: 'price-alert-confirm',
      payload: await renderPriceAlertEmail(input.lang, {
        kind: 'price-alert-confirm',
        search,
        price: major(price, input.currency),
        currency: input.currency,
        confirmUrl: alertPageUrl(linkOrigin, input.lang, 'confirm', token),
        unsubscribeUrl: alertPageUrl(linkOrigin, input.lang, 'unsubscribe', unsubscribeToken),
        validDays: CONFIRM_TTL_MS / (24 * 3600_000),
        minDropPercent: deps.config.priceAlertMinDropPercent,
      }),
      now: at,
    });
  });
}

const unknownLink = () =>
  new ApiFailure('not_found', 'This link is not valid: it has expired, or the alert no longer exists.');

/**
 * POST /v1/price_alerts/confirm: turns the alert on; the worker prices it at once. Opening the link again
 * answers the same; a link past CONFIRM_TTL_MS of a never-confirmed alert is 404.
 */
export async function confirmPriceAlert(
  deps: PriceAlertDeps,
  token: string,
  lang?: Locale,
): Promise<PriceAlert> {
  const at = deps.now();
  const found = await store.alertByToken(deps.db, token, 'confirm');
  if (!found) throw unknownLink();
  const { alert } = found;
  if (alert.status !== 'pending') return presentAlert(alert, lang);
  if (found.tokenCreatedAt.getTime() + CONFIRM_TTL_MS <= at.getTime()) throw unknownLink();
  return deps.db.transaction(async (tx) => {
    await store.lockMailbox(tx, alert.email);
    const active = await store.activeMailboxAlerts(tx, alert.email);
    if (active.length >= deps.config.priceAlertMaxPerEmail)
      throw alertLimit(deps.config.priceAlertMaxPerEmail);
    const updated = await store.activatePendingAlert(tx, alert.id, at);
    return presentAlert(updated ?? alert, lang);
  });
}

/** POST /v1/price_alerts/unsubscribe: no more emails for this alert. Idempotent. */
export async function unsubscribePriceAlert(
  deps: PriceAlertDeps,
  token: string,
  lang?: Locale,
): Promise<PriceAlert> {
  const at = deps.now();
  const found = await store.alertByToken(deps.db, token, 'unsubscribe');
  if (!found) throw unknownLink();
  const updated = await store.unsubscribeAlert(deps.db, found.alert.id, at);
  return presentAlert(updated ?? found.alert, lang);
}

/** GET /v1/price_alerts: the account's live alerts (active, or awaiting confirmation), newest first. */
export async function listPriceAlerts(
  deps: PriceAlertDeps,
  userId: string,
  lang?: Locale,
): Promise<PriceAlert[]> {
  const email = await emailOfUser(deps.db, userId);
  if (!email) return [];
  const rows = await store.liveAlertsOfAddress(deps.db, email, deps.now(), CONFIRM_TTL_MS);
  const histories = await store.priceHistories(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentAlert(row, lang, histories.get(row.id)));
}

/** DELETE /v1/price_alerts/:id: one of the account's alerts, gone with its links; 404 for anyone else's. */
export async function deletePriceAlert(deps: PriceAlertDeps, userId: string, id: string): Promise<void> {
  const email = await emailOfUser(deps.db, userId);
  const deleted = email ? await store.deleteAlertOfAddress(deps.db, id, email) : false;
  if (!deleted) throw new ApiFailure('not_found', 'No such price alert.');
}

/**
 * The alert as the API shows it, its places named in `lang` (default: the alert's own language), with its price
 * history where the caller read it (the account's list).
 */
export function presentAlert(
  row: AlertRow,
  lang: Locale = row.lang as Locale,
  history: readonly store.PriceCheck[] = [],
): PriceAlert {
  return {
    id: row.id,
    status: row.status,
    origin: row.origin,
    destination: row.destination,
    origin_name: searchPlaceName(lang, row.origin),
    destination_name: searchPlaceName(lang, row.destination),
    departure_date: row.departureDate,
    return_date: row.returnDate,
    departure_until: row.departureUntil,
    passengers: { adults: row.adults, children: row.children, infants: row.infants },
    cabin_class: row.cabin,
    lang: row.lang as Locale,
    currency: row.currency as CurrencyCode,
    reference_amount: major(row.referencePriceMinor, row.currency),
    last_amount: row.lastPriceMinor === null ? null : major(row.lastPriceMinor, row.currency),
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    history: history.map((check) => ({
      checked_at: check.checkedAt.toISOString(),
      amount: check.priceMinor === null ? null : major(check.priceMinor, row.currency),
    })),
  };
}
