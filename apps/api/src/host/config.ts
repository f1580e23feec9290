/**
 * Every setting of the process, read from the environment and validated once at start (issue 8): the host's
 * own (below) and the API's (`apiConfigFromEnv` in ../config.ts). A bad value stops the start with a message
 * naming the variable; NODE_ENV=production refuses the built-in public credential.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { apiConfigFromEnv, DEV_ANONYMOUS_TOKEN, type ApiSettings } from '../config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
  TRUST_PROXY: flag.default(false),
  /** How long a SIGTERM waits for requests in flight before it closes their connections. */
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

/**
 * The variable behind each API setting (`null`: not read from the environment). A unit test checks that every
 * key of `apiConfigSchema` is listed here and every variable is in the README's configuration table.
 */
export const API_ENV_NAMES: Record<keyof ApiSettings, string | null> = {
  anonymousToken: 'PARVOZ_ANONYMOUS_TOKEN',
  offerTtlSeconds: 'OFFER_TTL_SECONDS',
  baseCurrency: null,
  offerSecret: 'OFFER_SECRET',
  scheduleSeed: 'SCHEDULE_SEED',
  exchangeRates: 'EXCHANGE_RATES',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  publicUrl: 'PUBLIC_URL',
  devMailbox: 'PARVOZ_DEV_MAILBOX',
  rateLimitScale: 'RATE_LIMIT_SCALE',
  operatorEmail: 'OPERATOR_EMAIL',
  operatorLang: 'OPERATOR_LANG',
  demoTours: 'PARVOZ_DEMO_TOURS',
  outboxWorker: null,
  paymentWebhookSecret: 'PAYMENT_WEBHOOK_SECRET',
  orderExpiryWorker: null,
  corsOrigins: 'CORS_ORIGINS',
  holdMaxSeats: 'HOLD_MAX_SEATS',
  holdMaxUnpaidOrders: 'HOLD_MAX_UNPAID_ORDERS',
  priceAlertIntervalSeconds: 'PRICE_ALERT_SECONDS',
  priceAlertMinDropPercent: 'PRICE_ALERT_MIN_DROP',
  priceAlertMaxPerEmail: 'PRICE_ALERT_PER_EMAIL',
  priceAlertWorker: null,
};

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

function issueLines(error: z.ZodError, nameOf: (key: string) => string): string[] {
  return error.issues.map((issue) => {
    const [key, ...rest] = issue.path.map(String);
    const where =
      key === undefined ? 'configuration' : nameOf(key) + (rest.length ? ` (${rest.join('.')})` : '');
    return `${where}: ${issue.message}`;
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
      problems.push(...issueLines(cause, (key) => API_ENV_NAMES[key as keyof ApiSettings] ?? key));
    else problems.push((error as Error).message);
  }
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  if (problems.length || !server.success || !api) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return { server: server.data, api };
}

/** What NODE_ENV=production refuses: the built-in public credential, and no way to send email. */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const [name, devValue] of Object.entries(DEVELOPMENT_DEFAULTS)) {
    const value = env[name];
    if (!value || value === devValue)
      problems.push(`${name}: set your own long random value in production (the built-in one is public)`);
  }
  if (!env.SMTP_URL)
    problems.push('SMTP_URL: needed in production (without it sign-in codes are written to the log)');
  if (env.PARVOZ_DEV_MAILBOX === '1')
    problems.push('PARVOZ_DEV_MAILBOX: the development mailbox shows sign-in codes; not in production');
  return problems;
}
