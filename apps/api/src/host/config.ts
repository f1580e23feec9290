/**
 * Every setting of the process, read from the environment and validated once at start (docs/operations.md#production-settings): the host's
 * own (below) and the API's (`apiConfigFromEnv` in ../config.ts). A bad value stops the start with a message
 * naming the variable; NODE_ENV=production refuses the built-in public credential.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { apiConfigFromEnv, DEV_ANONYMOUS_TOKEN, type ApiSettings } from '../config.ts';
import { clickSettingsSchema } from '../payments/click/settings.ts';
import { iyzicoSettingsSchema } from '../payments/iyzico/settings.ts';
import { paymeSettingsSchema } from '../payments/payme/settings.ts';
import { settingVariables } from '../payments/provider-settings.ts';
import { stripeSettingsSchema } from '../payments/stripe/settings.ts';
import { duffelSettingsSchema } from '../suppliers/duffel/settings.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** proxy-addr's names for address ranges, allowed in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (rest.length || family === 0 || !/^\d{1,3}$/.test(bits ?? '')) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, passed to Fastify's `trustProxy` with its own semantics (docs/operations.md, "Client IP trust
 * model"): unset, `false` or `0` trusts no proxy; a hop count trusts that many proxies in front (the client is
 * the address that many hops from the right of X-Forwarded-For); a comma list trusts those addresses/CIDRs.
 * `true` would trust the left-most X-Forwarded-For entry, which the client writes itself: refused.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          '`true` would trust every X-Forwarded-For hop, which any client can write: give the number of proxies in front of Parvoz (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) context.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
      return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length) {
      context.addIssue({
        code: 'custom',
        message: `expected a hop count or a comma list of proxy addresses/CIDRs; not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The host's settings (server.ts); their keys are the variables' names. */
export const serverConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PARVOZ_ROLE: z.enum(['web', 'api', 'all']).default('all'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PARVOZ_DATA_DIR: z.string().min(1).default(path.join(ROOT, 'var')),
  API_URL: z.url({ protocol: /^https?$/ }).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema.default(false),
  /** How long a SIGTERM waits for requests in flight before it closes their connections. */
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; without it /metrics is 404 outside development. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Processes serving the port (host/cluster.ts): one per core with DATABASE_URL, one with the embedded
   * database (PGlite belongs to the process that opened it).
   */
  PARVOZ_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * The anonymous pages' in-process cache (host/page-cache.ts, docs/decisions/0018-page-cache.md): most pages
   * kept (0 turns it off), how long each is served before it is rendered again, most memory it takes.
   */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2000),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  PAGE_CACHE_MEGABYTES: z.coerce.number().min(1).max(4096).default(64),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A list goes as it is. Fastify 5.12 refuses a bare hop count (it
 * cannot tell a proxy from a direct client), so a count becomes the trust function Express and proxy-addr
 * give it: the first `hops` addresses from the right (the peer, then X-Forwarded-For from its end) are
 * proxies. Safe only when the port is reachable through those proxies alone (docs/operations.md).
 */
export function fastifyTrustProxy(
  value: ServerConfig['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * The variable behind each API setting (`null`: not read from the environment). A unit test checks that every
 * key of `apiConfigSchema` is listed here and every variable is in the README's configuration table.
 */
export const API_ENV_NAMES: Record<keyof ApiSettings, string | null> = {
  mode: 'PARVOZ_MODE',
  anonymousToken: 'PARVOZ_ANONYMOUS_TOKEN',
  offerTtlSeconds: 'OFFER_TTL_SECONDS',
  baseCurrency: null,
  offerSecret: 'OFFER_SECRET',
  scheduleSeed: 'SCHEDULE_SEED',
  exchangeRates: 'EXCHANGE_RATES',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  publicUrl: 'PUBLIC_URL',
  internalToken: 'PARVOZ_INTERNAL_TOKEN',
  devMailbox: 'PARVOZ_DEV_MAILBOX',
  rateLimitScale: 'RATE_LIMIT_SCALE',
  ipv6ClientPrefix: 'IPV6_CLIENT_PREFIX',
  operatorEmail: 'OPERATOR_EMAIL',
  operatorLang: 'OPERATOR_LANG',
  demoTours: 'PARVOZ_DEMO_TOURS',
  outboxWorker: null,
  paymentWebhookSecret: 'PAYMENT_WEBHOOK_SECRET',
  orderExpiryWorker: null,
  corsOrigins: 'CORS_ORIGINS',
  holdMaxSeats: 'HOLD_MAX_SEATS',
  holdMaxUnpaidOrders: 'HOLD_MAX_UNPAID_ORDERS',
  standardRefundFeeUsd: 'REFUND_FEE_STANDARD',
  priceAlertIntervalSeconds: 'PRICE_ALERT_SECONDS',
  priceAlertMinDropPercent: 'PRICE_ALERT_MIN_DROP',
  priceAlertMaxPerEmail: 'PRICE_ALERT_PER_EMAIL',
  priceAlertWorker: null,
  searchCountTimer: null,
  signinResendSeconds: 'SIGNIN_RESEND_SECONDS',
  // Several variables each, read by settingsFromEnv (payments/provider-settings.ts): their messages name them.
  payme: null,
  click: null,
  iyzico: null,
  stripe: null,
  reconcileIntervalSeconds: 'PAYMENT_RECONCILE_SECONDS',
  reconcileWorker: null,
  duffel: null,
};

/**
 * The variables of the outside payment providers and suppliers, each derived from its settings' schema
 * (payments/<name>/settings.ts, suppliers/<name>/settings.ts): a new setting there is listed here by itself.
 */
export const PROVIDER_ENV_NAMES: readonly string[] = [
  ...settingVariables('PAYME', paymeSettingsSchema),
  ...settingVariables('CLICK', clickSettingsSchema),
  ...settingVariables('IYZICO', iyzicoSettingsSchema),
  ...settingVariables('STRIPE', stripeSettingsSchema),
  ...settingVariables('DUFFEL', duffelSettingsSchema),
];

/**
 * Built-in values production must replace: variable → its built-in default. (Keys such as OFFER_SECRET have
 * no built-in value: when unset they are generated and kept, host/secrets.ts.)
 */
export const DEVELOPMENT_DEFAULTS: Record<string, string> = {
  PARVOZ_ANONYMOUS_TOKEN: DEV_ANONYMOUS_TOKEN,
};

export type Config = { server: ServerConfig; api: ApiSettings };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * One line per issue, named by its variable. An issue inside a provider's settings (a key without a variable of
 * its own) carries a message that names its variable already (payments/provider-settings.ts): it stands alone.
 */
function issueLines(error: z.ZodError, nameOf: (key: string) => string | null): string[] {
  return error.issues.map((issue) => {
    const [key, ...rest] = issue.path.map(String);
    if (key === undefined) return `configuration: ${issue.message}`;
    const name = nameOf(key);
    if (name === null && rest.length && /^[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/.test(issue.message))
      return issue.message;
    return `${name ?? key}${rest.length ? ` (${rest.join('.')})` : ''}: ${issue.message}`;
  });
}

/** Reads and checks everything; throws a `ConfigError` listing every bad variable by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const server = serverConfigSchema.safeParse(env);
  if (!server.success) problems.push(...issueLines(server.error, (key) => key));
  let api: ApiSettings | undefined;
  try {
    api = apiConfigFromEnv(env);
  } catch (error) {
    const cause = (error as Error).cause;
    if (cause instanceof z.ZodError)
      problems.push(...issueLines(cause, (key) => API_ENV_NAMES[key as keyof ApiSettings] ?? null));
    else problems.push((error as Error).message);
  }
  // server-env.ts sets NODE_ENV for React's sake; the checks follow what the operator set.
  const operatorNodeEnv = env.PARVOZ_OPERATOR_NODE_ENV ?? env.NODE_ENV;
  if (operatorNodeEnv === 'production') problems.push(...productionProblems(env));
  if (api?.mode === 'live') problems.push(...liveProblems(api));
  if (server.success && (server.data.PARVOZ_WORKERS ?? 1) > 1 && !server.data.DATABASE_URL)
    problems.push(
      'PARVOZ_WORKERS: more than one process needs DATABASE_URL (the embedded database belongs to one process)',
    );
  if (problems.length || !server.success || !api) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return { server: server.data, api };
}

/**
 * What live mode refuses (docs/operations.md, "Demo and live mode"): a live site sells only real flights through
 * real payment providers, so it needs a real supplier (Duffel; the built-in network is a demonstration) and at
 * least one real payment provider (the sandbox does not exist in live mode). A currency no configured provider
 * takes stays on the site but cannot be paid: its orders are refused at payment (payments/selection.ts).
 */
export function liveProblems(api: ApiSettings): string[] {
  const problems: string[] = [];
  const hint = '(or PARVOZ_MODE=demo for a demonstration site)';
  if (!api.duffel)
    problems.push(
      `PARVOZ_MODE: live mode sells only a real supplier's flights; set DUFFEL_ACCESS_TOKEN ${hint}`,
    );
  const providers = [
    api.payme && 'Payme',
    api.click && 'Click',
    api.iyzico && 'iyzico',
    api.stripe && 'Stripe',
  ].filter(Boolean);
  if (providers.length === 0)
    problems.push(
      `PARVOZ_MODE: live mode takes payments only through a real provider; configure Payme, Click, iyzico or Stripe (see README, "Configuration") ${hint}`,
    );
  return problems;
}

/**
 * What NODE_ENV=production refuses: the built-in public credential, no way to send email, links without an
 * https origin, and a lone web half that could not name visitors to its API.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!env.PUBLIC_URL?.startsWith('https://'))
    problems.push(
      'PUBLIC_URL: set the https:// address visitors use (links in emails, canonical links and Secure cookies are built from it)',
    );
  if (env.PARVOZ_ROLE === 'web' && !env.PARVOZ_INTERNAL_TOKEN)
    problems.push(
      'PARVOZ_INTERNAL_TOKEN: PARVOZ_ROLE=web needs the token its API instances share, or every visitor shares one rate limit',
    );
  for (const [name, devValue] of Object.entries(DEVELOPMENT_DEFAULTS)) {
    const value = env[name];
    if (!value || value === devValue)
      problems.push(`${name}: set your own long random value in production (the built-in one is public)`);
  }
  if (!env.SMTP_URL)
    problems.push('SMTP_URL: needed in production (without it sign-in codes are written to the log)');
  if (env.PARVOZ_DEV_MAILBOX === '1')
    problems.push('PARVOZ_DEV_MAILBOX: the development mailbox shows sign-in codes; not in production');
  // The test runs on other days move the clock with libfaketime (docs/testing-dates.md); a site selling on a
  // moved clock would take past flights and let offers and holds outlive their time.
  if (env.FAKETIME !== undefined || /faketime/i.test(env.LD_PRELOAD ?? ''))
    problems.push('FAKETIME: the clock is moved by libfaketime (a test tool); not in production');
  return problems;
}
