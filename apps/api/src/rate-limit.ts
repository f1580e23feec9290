import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { clientNetworkKey } from './client-ip.ts';
import { ApiFailure } from './errors.ts';
import type { Database } from '@parvoz/db';
import { claimRateLimit } from './platform/rate-limits.ts';
import type { EndpointDefinition } from '@parvoz/contracts/endpoint';
import { schemaOf } from './contract.ts';

/** A budget of requests per window for one kind of costly or sensitive call. */
export type RouteLimit = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/**
 * Per caller (the signed-in user, else the visitor's IP: never the shared anonymous credential), counted
 * in PostgreSQL so the budget holds across instances. RATE_LIMIT_SCALE multiplies every limit (load tests).
 */
export const ROUTE_LIMITS = {
  // A results page also prices ±3 days around the chosen date(s): up to 14 searches per page view.
  search: { name: 'search', limit: 300, windowMs: MINUTE },
  // A multi-city trip searches each of its up to six legs: such searches count here too, once each.
  multiCitySearch: { name: 'multi-city-search', limit: 100, windowMs: MINUTE },
  offers: { name: 'offers', limit: 300, windowMs: MINUTE },
  /** A seat map prices the offer and reads its flights' seats: fewer than offers. */
  seatMaps: { name: 'seat-maps', limit: 120, windowMs: MINUTE },
  // A one-way results page asks for the month of its route.
  calendar: { name: 'calendar', limit: 120, windowMs: MINUTE },
  // Popular destinations from an origin not yet priced today: a month of searches for each destination (about
  // 150 ms); once priced, an origin's answers cost no more than a page of places and do not count.
  popularScans: { name: 'popular-scans', limit: 60, windowMs: 10 * MINUTE },
  /** A month of "anywhere" is up to 80 calendars of a month each: its own, smaller budget of scans. */
  anywhereScans: { name: 'anywhere-scans', limit: 20, windowMs: 10 * MINUTE },
  // Autocomplete asks on every keystroke.
  places: { name: 'places', limit: 600, windowMs: MINUTE },
  orders: { name: 'orders', limit: 20, windowMs: 10 * MINUTE },
  lookups: { name: 'lookups', limit: 10, windowMs: 60 * MINUTE },
  // Both steps of cancelling an unpaid order count here (10 cancellations per 10 minutes).
  cancellations: { name: 'cancellations', limit: 20, windowMs: 10 * MINUTE },
  forms: { name: 'forms', limit: 10, windowMs: 60 * MINUTE },
  // Managing a booking (docs/after-sale.md): contact changes and their codes; each sends an email.
  orderChanges: { name: 'order-changes', limit: 20, windowMs: 10 * MINUTE },
  // "Send the tickets again" emails a PDF each time.
  ticketResends: { name: 'ticket-resends', limit: 5, windowMs: 60 * MINUTE },
  receipts: { name: 'receipts', limit: 30, windowMs: 10 * MINUTE },
  // Sign-in code checks and unlock links, per client network (docs/operations.md#sign-in-abuse-limits): a
  // person types a few codes; one network trying codes for many emails is held to 30 tries per 10 minutes.
  verify: { name: 'verify', limit: 30, windowMs: 10 * MINUTE },
  unlock: { name: 'unlock', limit: 30, windowMs: 10 * MINUTE },
  // Price alerts (docs/operations.md#price-alerts): subscribing sends an email to any address, so few per
  // caller (the service also caps emails per address); the links' tokens are unguessable, their budget is per
  // client network.
  priceAlerts: { name: 'price-alerts', limit: 10, windowMs: 60 * MINUTE },
  priceAlertLinks: { name: 'price-alert-links', limit: 30, windowMs: 10 * MINUTE },
  priceAlertsMine: { name: 'price-alerts-mine', limit: 120, windowMs: 10 * MINUTE },
  // Promo codes (docs/decisions/0029-promo-codes.md), per client network whoever is signed in: checking a code and
  // booking with one both count, so codes cannot be found by trying (a traveller types one or two).
  promoCodes: { name: 'promo-codes', limit: 20, windowMs: 10 * MINUTE },
  // The API's description (generated once at start): readers and code generators, not traffic.
  reference: { name: 'reference', limit: 60, windowMs: MINUTE },
  // The order page asks for its payment options on each view (docs/payment-providers.md); the providers list
  // is public.
  paymentOptions: { name: 'payment-options', limit: 300, windowMs: 10 * MINUTE },
  paymentProviders: { name: 'payment-providers', limit: 120, windowMs: MINUTE },
  // The providers' server calls to us (their merchant protocols), per calling address: a busy day's payments, not a flood.
  providerCallbacks: { name: 'provider-callbacks', limit: 1200, windowMs: MINUTE },
  // A supplier's webhook deliveries, per sending address: each one reads an order's changes from its API.
  supplierWebhooks: { name: 'supplier-webhooks', limit: 600, windowMs: MINUTE },
  // A browser coming back from a provider's hosted page (a provider's callback): a traveller's few tries.
  paymentCallbacks: { name: 'payment-callbacks', limit: 60, windowMs: 10 * MINUTE },
  // The console (docs/after-sale.md), per signed-in staff member: a busy operator's clicks, not a scraper's.
  ops: { name: 'ops', limit: 600, windowMs: MINUTE },
  // The overview's figures scan a month of orders; the CSV export up to a year (docs/after-sale.md §8).
  opsOverview: { name: 'ops-overview', limit: 60, windowMs: MINUTE },
  opsExport: { name: 'ops-export', limit: 20, windowMs: 10 * MINUTE },
  // The sales report reads up to a year of the books (docs/operations.md#reports-and-books), per admin.
  opsReports: { name: 'ops-reports', limit: 60, windowMs: MINUTE },
  // A pricing rule's preview prices a month of sampled searches and orders twice (docs/operations.md).
  opsPreview: { name: 'ops-preview', limit: 30, windowMs: MINUTE },
  // The console's second factor (docs/decisions/0023-console-second-factor.md), per staff member: its pages and enrolment, and (held
  // tighter) the attempts to pass it — each one counts, so a stolen emailed code gets a handful of guesses.
  secondFactor: { name: 'second-factor', limit: 120, windowMs: 10 * MINUTE },
  secondFactorVerify: { name: 'second-factor-verify', limit: 10, windowMs: 10 * MINUTE },
  // Tours' pictures (docs/after-sale.md §7), per visitor: a page shows a few; cached by browsers for a year.
  tourImages: { name: 'tour-images', limit: 300, windowMs: MINUTE },
} as const satisfies Record<string, RouteLimit>;

/**
 * The signed-in user, else the visitor's client network (an IPv4 address, an IPv6 /64 by default): counting
 * bare IPv6 addresses would give a client a fresh budget per address of its /64 (docs/operations.md).
 */
export function callerKey(request: FastifyRequest): string {
  const caller = request.caller;
  return caller?.kind === 'user' ? `user:${caller.userId}` : `ip:${clientNetworkKey(request)}`;
}

/** The client's network alone, whoever is signed in: for sign-in, where a session says nothing of who guesses. */
export function networkKey(request: FastifyRequest): string {
  return `net:${clientNetworkKey(request)}`;
}

/**
 * Requests a caller may still make in the current window, claimed from PostgreSQL in chunks (a tenth of the
 * limit, at most 50) so that most requests cost no database round trip (docs/performance.md#speed-targets).
 * Never more than the limit passes in all, across instances: every request spends a claimed one. The price is
 * the other way: requests another instance claimed but did not use are lost to this one, so a caller spread
 * over N instances may be refused up to (N − 1) × (chunk − 1) requests early. Limits of 10 or less claim one
 * at a time, exactly as before. Once the window is spent, refusals are answered here until it ends.
 */
class WindowBudgets {
  private readonly windows = new Map<string, { resetAt: number; left: number; spent: boolean }>();
  private readonly claiming = new Map<string, Promise<void>>();

  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async take(key: string, limit: number, windowMs: number, now: Date): Promise<number | null> {
    const at = now.getTime();
    for (;;) {
      const held = this.windows.get(key);
      if (held && held.resetAt > at) {
        if (held.left > 0) {
          held.left--;
          return null;
        }
        if (held.spent) return retryAfter(held.resetAt, at);
      }
      // One claim per key at a time: requests arriving meanwhile share what it brings.
      const pending = this.claiming.get(key);
      if (pending) {
        await pending;
        continue;
      }
      const claim = this.claim(key, limit, windowMs, now);
      this.claiming.set(key, claim);
      try {
        await claim;
      } finally {
        this.claiming.delete(key);
      }
    }
  }

  private async claim(key: string, limit: number, windowMs: number, now: Date): Promise<void> {
    const chunk = Math.min(50, Math.max(1, Math.floor(limit / 10)));
    const { granted, resetAt } = await claimRateLimit(this.db, key, chunk, limit, windowMs, now);
    if (this.windows.size > 50_000) this.forgetEnded(now.getTime());
    this.windows.set(key, { resetAt, left: granted, spent: granted === 0 });
  }

  private forgetEnded(at: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
  }
}

const retryAfter = (resetAt: number, at: number) => Math.max(1, Math.ceil((resetAt - at) / 1000));

/** One set of budgets per database (per process, shared by the apps of a test). */
const budgets = new WeakMap<Database, WindowBudgets>();
function budgetsOf(db: Database): WindowBudgets {
  let found = budgets.get(db);
  if (!found) budgets.set(db, (found = new WindowBudgets(db)));
  return found;
}

/**
 * A route `preHandler` that answers 429 with Retry-After once the caller's budget is spent; the caller is
 * `callerKey` unless another key is given.
 */
export function rateLimit(
  rule: RouteLimit,
  keyOf: (request: FastifyRequest) => string = callerKey,
): preHandlerAsyncHookHandler {
  return async function limitRequests(request) {
    const { db, now, config } = this.deps;
    const limit = Math.max(1, Math.round(rule.limit * config.rateLimitScale));
    const retryAfterSeconds = await budgetsOf(db).take(
      `route:${rule.name}:${keyOf(request)}`,
      limit,
      rule.windowMs,
      now(),
    );
    if (retryAfterSeconds !== null) {
      throw new ApiFailure(
        'rate_limited',
        'Too many requests. Please try again later.',
        { retry_after_seconds: retryAfterSeconds },
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  };
}

/** A route's options: the endpoint's contract schemas (contract.ts `schemaOf`) behind the route's rate limit. */
export function limitedEndpoint<const E extends EndpointDefinition>(
  definition: E,
  rule: RouteLimit,
  keyOf?: (request: FastifyRequest) => string,
) {
  return { schema: schemaOf(definition), preHandler: rateLimit(rule, keyOf) };
}
