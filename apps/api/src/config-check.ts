/**
 * The API's settings read from the environment and checked as a start checks them (docs/operations.md#production-settings):
 * each problem is one line naming its variable. The host (apps/host/src/config.ts) adds its own settings' problems
 * to these and refuses to start with all of them at once; the API's tests ask `loadApiConfig` alone.
 */
import { z } from 'zod';
import { apiConfigFromEnv, DEV_ANONYMOUS_TOKEN, type ApiSettings } from './config.ts';
import {
  settingsFromEnv,
  settingVariable,
  settingVariables,
  type PaymentProviderSettings,
} from './payments/provider-settings.ts';
import { PAYMENT_PROVIDERS } from './payments/registry.ts';
import { SUPPLIERS } from './suppliers/registry.ts';
import type { SupplierSettings } from './suppliers/settings.ts';

/**
 * The variable behind each API setting (`null`: not read from the environment, or several variables). A unit test
 * checks that every key of `apiConfigSchema` is listed here and every variable is in the README's configuration
 * table; the payment providers' and the suppliers' variables are `PROVIDER_ENV_NAMES`.
 */
export const API_ENV_NAMES: Record<
  Exclude<keyof ApiSettings, keyof PaymentProviderSettings | keyof SupplierSettings>,
  string | null
> = {
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
  reconcileIntervalSeconds: 'PAYMENT_RECONCILE_SECONDS',
  reconcileWorker: null,
  sandboxFee: null,
};

/**
 * The settings of every registered supplier and payment provider (suppliers/registry.ts, payments/registry.ts):
 * its key in the configuration, and the prefix and schema of its variables (suppliers/<name>/settings.ts,
 * payments/<name>/settings.ts).
 */
export const OUTSIDE_SETTINGS = [
  ...SUPPLIERS.map(({ id, settings }) => ({ key: id, ...settings })),
  ...PAYMENT_PROVIDERS.map(({ name, settings }) => ({ key: name, ...settings })),
];

/**
 * The variables of the outside payment providers and suppliers, each derived from its settings' schema: a new
 * setting there is listed here by itself.
 */
export const PROVIDER_ENV_NAMES: readonly string[] = OUTSIDE_SETTINGS.flatMap(({ prefix, schema }) =>
  settingVariables(prefix, schema),
);

/**
 * Built-in values production must replace: variable → its built-in default. (Keys such as OFFER_SECRET have
 * no built-in value: when unset they are generated and kept, apps/host/src/secrets.ts.)
 */
export const DEVELOPMENT_DEFAULTS: Record<string, string> = {
  PARVOZ_ANONYMOUS_TOKEN: DEV_ANONYMOUS_TOKEN,
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * One line per issue, named by its variable. An issue inside a provider's settings (a key without a variable of
 * its own) carries a message that names its variable already (payments/provider-settings.ts): it stands alone.
 */
export function issueLines(error: z.ZodError, nameOf: (key: string) => string | null): string[] {
  return error.issues.map((issue) => {
    const [key, ...rest] = issue.path.map(String);
    if (key === undefined) return `configuration: ${issue.message}`;
    const name = nameOf(key);
    if (name === null && rest.length && /^[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/.test(issue.message))
      return issue.message;
    return `${name ?? key}${rest.length ? ` (${rest.join('.')})` : ''}: ${issue.message}`;
  });
}

/** Every registered supplier's and payment provider's settings under its key, each optional. */
const outsideSettingsSchema = z.object(
  Object.fromEntries(OUTSIDE_SETTINGS.map(({ key, schema }) => [key, schema.optional()])),
);

/**
 * The suppliers' and payment providers' settings from their variables (`settingsFromEnv`, each under its prefix),
 * or the problems with them: every message names its variable already (payments/provider-settings.ts).
 */
function outsideSettingsFromEnv(
  env: NodeJS.ProcessEnv,
): { settings: PaymentProviderSettings & SupplierSettings } | { problems: string[] } {
  const read = outsideSettingsSchema.safeParse(
    Object.fromEntries(
      OUTSIDE_SETTINGS.map(({ key, prefix, schema }) => [key, settingsFromEnv(env, prefix, schema)]),
    ),
  );
  if (read.success) return { settings: read.data as PaymentProviderSettings & SupplierSettings };
  return { problems: issueLines(read.error, () => null) };
}

/** The API's settings from `env` (absent when they do not parse) and every problem found with them. */
export function checkApiConfig(env: NodeJS.ProcessEnv): { api?: ApiSettings; problems: string[] } {
  const problems: string[] = [];
  let api: ApiSettings | undefined;
  try {
    api = apiConfigFromEnv(env);
  } catch (error) {
    const cause = (error as Error).cause;
    if (cause instanceof z.ZodError)
      problems.push(...issueLines(cause, (key) => API_ENV_NAMES[key as keyof typeof API_ENV_NAMES] ?? null));
    else problems.push((error as Error).message);
  }
  const outside = outsideSettingsFromEnv(env);
  if ('problems' in outside) {
    problems.push(...outside.problems);
    api = undefined;
  } else if (api) api = { ...api, ...outside.settings };
  if (isOperatorProduction(env)) problems.push(...productionProblems(env));
  if (api?.mode === 'live') problems.push(...liveProblems(api));
  return { api, problems };
}

/**
 * Whether the operator set NODE_ENV=production: the host's server-env.ts sets NODE_ENV for React's sake and keeps
 * the operator's value in PARVOZ_OPERATOR_NODE_ENV; the checks follow what the operator set.
 */
export function isOperatorProduction(env: NodeJS.ProcessEnv): boolean {
  return (env.PARVOZ_OPERATOR_NODE_ENV ?? env.NODE_ENV) === 'production';
}

/** The refusal of a start, listing every problem. */
export function invalidConfiguration(problems: readonly string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

/** The API's settings alone, read and checked; throws a `ConfigError` listing every bad variable by name. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const { api, problems } = checkApiConfig(env);
  if (problems.length || !api) throw invalidConfiguration(problems);
  return api;
}

/**
 * What live mode refuses (docs/operations.md, "Demo and live mode"): a live site sells only real flights through
 * real payment providers, so it needs a real supplier (one of suppliers/registry.ts; the built-in network is a
 * demonstration) and at least one real payment provider (the sandbox does not exist in live mode). A currency no
 * configured provider takes stays on the site but cannot be paid: its orders are refused at payment
 * (payments/selection.ts).
 */
export function liveProblems(api: ApiSettings): string[] {
  const problems: string[] = [];
  const hint = '(or PARVOZ_MODE=demo for a demonstration site)';
  if (!SUPPLIERS.some((supplier) => api[supplier.id as keyof ApiSettings]))
    problems.push(
      `PARVOZ_MODE: live mode sells only a real supplier's flights; set ${requiredSupplierVariables()} ${hint}`,
    );
  const configured = PAYMENT_PROVIDERS.filter((provider) => api[provider.name as keyof ApiSettings]);
  const names = PAYMENT_PROVIDERS.map((provider) => provider.display.name);
  const any = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  if (configured.length === 0)
    problems.push(
      `PARVOZ_MODE: live mode takes payments only through a real provider; configure ${any} (see README, "Configuration") ${hint}`,
    );
  return problems;
}

/**
 * What turns a supplier on: the variables its schema requires (a supplier's others have defaults or are optional),
 * each supplier's joined by "and", the suppliers by "or".
 */
function requiredSupplierVariables(): string {
  return SUPPLIERS.map(({ settings: { prefix, schema } }) =>
    Object.entries(schema.shape)
      .filter(([, setting]) => !setting.safeParse(undefined).success)
      .map(([setting]) => settingVariable(prefix, setting))
      .join(' and '),
  ).join(' or ');
}

/**
 * What NODE_ENV=production refuses of the API's settings: the built-in public credential, no way to send email,
 * links without an https origin, a moved clock. (The host adds its own: apps/host/src/config.ts.)
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!env.PUBLIC_URL?.startsWith('https://'))
    problems.push(
      'PUBLIC_URL: set the https:// address visitors use (links in emails, canonical links and Secure cookies are built from it)',
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
