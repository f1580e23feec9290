import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_FARE_RULES } from '@parvoz/core/fare-rules';
import { SITE_MODES, siteModeOf } from '@parvoz/contracts/site-mode';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import {
  providerFeeSettings,
  settingsFromEnv,
  type PaymentProviderSettings,
} from './payments/provider-settings.ts';
import type { SupplierSettings } from './suppliers/settings.ts';
import { isBareOrigin } from './public-origin.ts';

/**
 * The anonymous credential of the embedded default: public by design (spec §6, "a fixed built-in public
 * bearer credential"), it grants nothing a visitor cannot do; production sets its own PARVOZ_ANONYMOUS_TOKEN.
 */
export const DEV_ANONYMOUS_TOKEN = 'parvoz-public-anonymous';

/** `EUR=0.92,RUB=92` → { EUR: 0.92, RUB: 92 }; anything unparsable is passed on for zod to reject by name. */
function parseRates(text: string | undefined): unknown {
  if (!text) return undefined;
  const entries = text.split(',').map((pair) => pair.trim().split('='));
  if (entries.some((e) => e.length !== 2)) return text;
  return Object.fromEntries(entries.map(([code, value]) => [code!.trim().toUpperCase(), Number(value)]));
}

const SANDBOX_FEE = providerFeeSettings('SANDBOX');

/**
 * API settings from the environment, validated at start with a clear message for a bad value. The payment
 * providers' and the flight suppliers' settings are each one's own (payments/<name>/settings.ts,
 * `PaymentProviderSettings`; suppliers/<name>/settings.ts, `SupplierSettings`): they are read through the
 * registries by config-check.ts (`checkApiConfig`), which this file, on the base floor, cannot import.
 */
export const apiConfigSchema = z.object({
  /**
   * Demo or live (docs/operations.md, "Demo and live mode"). `demo` sells the built-in network (generated
   * schedules, our own ticket numbers) and pays on the sandbox, and says on every page and document that it is
   * a demonstration; `live` sells only real suppliers' flights through real payment providers, and refuses to
   * start without them (config-check.ts `liveProblems`). PARVOZ_MODE chooses; unset, `live` when the
   * operator's NODE_ENV is production, else `demo` (`npm start`, `npm run dev`, the tests).
   */
  mode: z.enum(SITE_MODES).default('demo'),
  anonymousToken: z.string().min(8),
  offerTtlSeconds: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(20 * 60),
  baseCurrency: z.literal('USD').default('USD'),
  /**
   * HMAC key of offer ids (tamper-proof offers); every instance must share it. When OFFER_SECRET is not set the
   * host generates one on first start and keeps it (apps/host/src/secrets.ts).
   */
  offerSecret: z.string().min(16).optional(),
  /** Seed of the built-in schedule: the same seed gives the same flights on every instance. */
  scheduleSeed: z.string().min(1).max(100).default('parvoz'),
  /** Display-currency rates per 1 USD, e.g. `EUR=0.92,RUB=92,TRY=34,UZS=12700`; missing ones keep the defaults. */
  exchangeRates: z.partialRecord(z.enum(CURRENCIES), z.number().positive().max(1e7)).default({}),
  /** SMTP server for email (`smtp://user:pass@host:587`, `smtps://…`); without it emails go to the log. */
  smtpUrl: z.url({ protocol: /^smtps?$/ }).optional(),
  mailFrom: z.string().min(3).default('Parvoz <no-reply@parvoz.localhost>'),
  /**
   * The site's public origin (`https://parvoz.example`), the base of every absolute link (public-origin.ts);
   * without it, the address the process listens on. Never taken from a request.
   */
  publicUrl: z
    .url({ protocol: /^https?$/ })
    .refine(isBareOrigin, 'expected an origin like https://parvoz.example (no path, query or user)')
    .optional(),
  /**
   * The credential with which the web half names the visitor's IP to the API (client-ip.ts). Generated at
   * start (in memory only) unless PARVOZ_INTERNAL_TOKEN is set, which separate web and API processes must share.
   */
  internalToken: z
    .string()
    .min(32)
    .default(() => randomBytes(32).toString('base64url')),
  /** Browser origins allowed to call the API cross-origin (CORS_ORIGINS, comma-separated); none by default. */
  corsOrigins: z
    .array(
      z
        .url({ protocol: /^https?$/ })
        .refine(
          (u) => URL.canParse(u) && new URL(u).origin === u,
          'expected an origin like https://example.com',
        ),
    )
    .default([]),
  /**
   * The development mailbox (GET /v1/dev/mailbox, the web page /{lang}/dev/mailbox) and email bodies (sign-in
   * codes, order links) in the log: only without SMTP, under `npm run dev` or PARVOZ_DEV_MAILBOX=1.
   */
  devMailbox: z.boolean().default(false),
  /** Multiplies every per-route rate limit (apps/api/src/rate-limit.ts); load tests raise it. */
  rateLimitScale: z.coerce.number().positive().max(1e6).default(1),
  /**
   * How many leading bits of an IPv6 address are one client in every per-IP count (apps/api/src/ip-network.ts,
   * docs/operations.md "Client IP trust model"): 64, a subscriber's usual allocation, unless an operator knows
   * its visitors' networks better. Shorter than /32 would make whole providers one client.
   */
  ipv6ClientPrefix: z.coerce.number().int().min(32).max(128).default(64),
  /** Where tour requests and agency applications are emailed, and in which site language. */
  operatorEmail: z.email().default('operator@parvoz.localhost'),
  operatorLang: z.enum(LOCALES).default('en'),
  /** Keep a few demonstration last-minute tours on sale (dates roll forward); PARVOZ_DEMO_TOURS=0 turns it off. */
  demoTours: z.boolean().default(true),
  /** Run the outbox worker in this process (off in `inject` tests, which drive it by hand). */
  outboxWorker: z.boolean().default(true),
  /** HMAC key of payment webhooks (sandbox provider); every instance must share it. Generated like offerSecret. */
  paymentWebhookSecret: z.string().min(16).optional(),
  /** Run the worker that cancels unpaid orders past their payment window (off in `inject` tests). */
  orderExpiryWorker: z.boolean().default(true),
  /**
   * Caps on unpaid orders (docs/operations.md#unpaid-holds-and-order-links): under one contact email, one client IP and one signed-in user, unpaid
   * orders may hold at most this many seats, in at most this many orders (packages/core/src/holds.ts).
   */
  holdMaxSeats: z.coerce.number().int().min(1).max(1000).default(9),
  holdMaxUnpaidOrders: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Fare rules (docs/after-sale.md, packages/core/src/fare-rules.ts): what a cancelled standard-fare booking keeps per
   * seated passenger, in US dollars (converted to the order currency at the configured rates). A light fare
   * gives back its taxes only.
   */
  standardRefundFeeUsd: z.coerce
    .number()
    .min(0)
    .max(10_000)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'at most two decimals (US dollars and cents)',
    })
    .default(DEFAULT_FARE_RULES.standardRefundFeeUsdCents / 100),
  /**
   * Price alerts (docs/operations.md#price-alerts): each active alert is re-priced this often (default 6 h: four times a day),
   * and emails when the lowest price fell by at least this percentage since the price the traveller last
   * saw. An email address may watch at most this many searches (active, or awaiting confirmation).
   */
  priceAlertIntervalSeconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  priceAlertMinDropPercent: z.coerce.number().gt(0).lt(100).default(5),
  priceAlertMaxPerEmail: z.coerce.number().int().min(1).max(1000).default(10),
  /** Run the price-alert worker in this process (off in `inject` tests, which drive it by hand). */
  priceAlertWorker: z.boolean().default(true),
  /**
   * Write the searches counted for the overview and the offers sampled for the rules' preview every few seconds or
   * minute (off in `inject` tests: a read or close writes them).
   */
  searchCountTimer: z.boolean().default(true),
  /**
   * How long after a sign-in code an email may ask for the next one. A minute by default: long enough to
   * stop mail bombing, short enough for a traveller whose first email is slow.
   */
  signinResendSeconds: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How often our payments are compared with the providers' statements (modules/payments/reconciliation.ts); each run
   * looks at the two days before it.
   */
  reconcileIntervalSeconds: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** Run the reconciliation worker in this process (off in `inject` tests, which run it by hand). */
  reconcileWorker: z.boolean().default(true),
  /**
   * What the demo's sandbox provider takes of a payment, for the books (docs/operations.md#reports-and-books):
   * SANDBOX_FEE_PERCENT_BP and SANDBOX_FEE_FIXED_MINOR, as every provider's `<PREFIX>_FEE_*`; 0 unless set.
   */
  sandboxFee: z.object(SANDBOX_FEE).default({}),
});
/**
 * The settings as read from the environment: the keys below may still be missing (the host fills them:
 * apps/host/src/secrets.ts).
 */
export type ApiSettings = z.infer<typeof apiConfigSchema> & PaymentProviderSettings & SupplierSettings;
/** The keys the server generates and keeps when they are not configured: setting → its variable. */
export const GENERATED_SECRETS = {
  offerSecret: 'OFFER_SECRET',
  paymentWebhookSecret: 'PAYMENT_WEBHOOK_SECRET',
} as const;
export type GeneratedSecret = keyof typeof GENERATED_SECRETS;
/** The API's configuration with every key present. */
export type ApiConfig = ApiSettings & Record<GeneratedSecret, string>;

export function apiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const parsed = apiConfigSchema.safeParse({
    mode: env.PARVOZ_MODE || siteModeOf(env),
    anonymousToken: env.PARVOZ_ANONYMOUS_TOKEN ?? DEV_ANONYMOUS_TOKEN,
    offerTtlSeconds: env.OFFER_TTL_SECONDS,
    offerSecret: env.OFFER_SECRET || undefined,
    scheduleSeed: env.SCHEDULE_SEED || undefined,
    exchangeRates: parseRates(env.EXCHANGE_RATES),
    rateLimitScale: env.RATE_LIMIT_SCALE || undefined,
    ipv6ClientPrefix: env.IPV6_CLIENT_PREFIX || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    internalToken: env.PARVOZ_INTERNAL_TOKEN || undefined,
    corsOrigins: env.CORS_ORIGINS?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || undefined,
    devMailbox: devMailboxEnabled(env),
    operatorEmail: env.OPERATOR_EMAIL || undefined,
    operatorLang: env.OPERATOR_LANG || undefined,
    demoTours: env.PARVOZ_DEMO_TOURS !== '0',
    holdMaxSeats: env.HOLD_MAX_SEATS || undefined,
    holdMaxUnpaidOrders: env.HOLD_MAX_UNPAID_ORDERS || undefined,
    standardRefundFeeUsd: env.REFUND_FEE_STANDARD || undefined,
    priceAlertIntervalSeconds: env.PRICE_ALERT_SECONDS || undefined,
    priceAlertMinDropPercent: env.PRICE_ALERT_MIN_DROP || undefined,
    priceAlertMaxPerEmail: env.PRICE_ALERT_PER_EMAIL || undefined,
    signinResendSeconds: env.SIGNIN_RESEND_SECONDS || undefined,
    reconcileIntervalSeconds: env.PAYMENT_RECONCILE_SECONDS || undefined,
    sandboxFee: settingsFromEnv(env, 'SANDBOX', z.object(SANDBOX_FEE)),
  });
  if (!parsed.success) {
    throw new Error(`Invalid API configuration: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * See `devMailbox`: never with SMTP_URL; PARVOZ_DEV_MAILBOX=1/0 decides, else on only under `npm run dev`
 * (NODE_ENV=development). An unset NODE_ENV is how most sites are first deployed, so it never turns it on.
 */
export function devMailboxEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.SMTP_URL) return false;
  if (env.PARVOZ_DEV_MAILBOX === '1') return true;
  if (env.PARVOZ_DEV_MAILBOX === '0') return false;
  return env.NODE_ENV === 'development';
}
