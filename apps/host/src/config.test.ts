import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { apiConfigSchema } from '@parvoz/api/config';
import { API_ENV_NAMES, DEVELOPMENT_DEFAULTS, PROVIDER_ENV_NAMES } from '@parvoz/api/config-check';
import { availableParallelism } from 'node:os';
import { workerCount } from './cluster.ts';
import { loadConfig, serverConfigSchema } from './config.ts';
import { configFailure } from './config-testing.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  // A demonstration in production (its live-mode checks are tested in 'live mode' below).
  PARVOZ_MODE: 'demo',
  OFFER_SECRET: 'a-long-random-offer-secret-0123456789',
  PARVOZ_ANONYMOUS_TOKEN: 'a-long-random-anonymous-token-0123456789',
  PAYMENT_WEBHOOK_SECRET: 'a-long-random-webhook-secret-0123456789',
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'https://parvoz.example',
};

describe('loadConfig', () => {
  test('the embedded default needs no variable at all', () => {
    const { server, api } = loadConfig({});
    expect(server).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', PARVOZ_ROLE: 'all', TRUST_PROXY: false });
    expect(server.DRAIN_TIMEOUT_SECONDS).toBe(10);
    expect(server.AGENCY_HOME_CITY).toBe('TAS');
    expect(loadConfig({ AGENCY_HOME_CITY: 'IST' }).server.AGENCY_HOME_CITY).toBe('IST');
    expect(api.corsOrigins).toEqual([]);
  });

  test('the development mailbox and email bodies in the log are on only under npm run dev or the flag', () => {
    expect(loadConfig({}).api.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).api.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).api.devMailbox).toBe(true);
    expect(loadConfig({ PARVOZ_DEV_MAILBOX: '1' }).api.devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PARVOZ_DEV_MAILBOX: '0' }).api.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://m.example:25' }).api.devMailbox).toBe(
      false,
    );
  });

  test.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PARVOZ_ROLE', { PARVOZ_ROLE: 'worker' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/parvoz' }],
    ['API_URL', { API_URL: 'not a url' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['AGENCY_HOME_CITY', { AGENCY_HOME_CITY: 'Tashkent' }],
    ['AGENCY_HOME_CITY', { AGENCY_HOME_CITY: 'tas' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,' }],
    ['TRUST_PROXY', { TRUST_PROXY: '11' }],
    ['PARVOZ_INTERNAL_TOKEN', { PARVOZ_INTERNAL_TOKEN: 'too-short' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://parvoz.example/shop' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://user:pw@parvoz.example' }],
    ['DRAIN_TIMEOUT_SECONDS', { DRAIN_TIMEOUT_SECONDS: '-1' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['OFFER_TTL_SECONDS', { OFFER_TTL_SECONDS: 'abc' }],
    ['OFFER_SECRET', { OFFER_SECRET: 'short' }],
    ['EXCHANGE_RATES', { EXCHANGE_RATES: 'EUR:0.9' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://parvoz.example' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://ok.example,https://bad.example/path' }],
    ['RATE_LIMIT_SCALE', { RATE_LIMIT_SCALE: '0' }],
  ])('a bad %s stops the start with a message naming it', (name, env) => {
    const message = configFailure(env);
    expect(message).toMatch(new RegExp(`^  - ${name}\\b`, 'm'));
  });

  test('every bad variable is named at once', () => {
    const message = configFailure({ PORT: 'x', OFFER_TTL_SECONDS: 'y' });
    expect(message).toContain('PORT');
    expect(message).toContain('OFFER_TTL_SECONDS');
  });

  test('TRUST_PROXY: `true` is refused with the reason and what to give instead', () => {
    const message = configFailure({ TRUST_PROXY: 'true' });
    expect(message).toMatch(/^  - TRUST_PROXY: `true` would trust every X-Forwarded-For hop/m);
    expect(message).toContain('number of proxies');
  });

  test.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.0.2.7 ,loopback', ['10.0.0.0/8', '192.0.2.7', 'loopback']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('TRUST_PROXY=%j is %j (Fastify trustProxy semantics)', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).server.TRUST_PROXY).toEqual(expected);
  });

  test('the internal credential: PARVOZ_INTERNAL_TOKEN, else a random one per start (never a constant)', () => {
    const token = 'a-shared-internal-token-0123456789abcdef';
    expect(loadConfig({ PARVOZ_INTERNAL_TOKEN: token }).api.internalToken).toBe(token);
    const first = loadConfig({}).api.internalToken;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(loadConfig({}).api.internalToken).not.toBe(first);
  });

  test('CORS_ORIGINS is a comma-separated list of origins', () => {
    const { api } = loadConfig({ CORS_ORIGINS: ' https://a.example , http://localhost:5173 ' });
    expect(api.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
  });
});

describe('workers (PARVOZ_WORKERS)', () => {
  test('one per core with PostgreSQL, one with the embedded database; more than one needs DATABASE_URL', () => {
    const db = 'postgres://u@127.0.0.1:5432/parvoz';
    expect(workerCount(loadConfig({}).server)).toBe(1);
    expect(workerCount(loadConfig({ DATABASE_URL: db }).server)).toBe(availableParallelism());
    expect(workerCount(loadConfig({ DATABASE_URL: db, PARVOZ_WORKERS: '3' }).server)).toBe(3);
    expect(() => loadConfig({ PARVOZ_WORKERS: '2' })).toThrow(
      /PARVOZ_WORKERS: more than one process needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: db, PARVOZ_WORKERS: '0' })).toThrow(/PARVOZ_WORKERS/);
  });
});

describe('production', () => {
  test('refuses the built-in public credential, and no mail server', () => {
    const message = configFailure({ NODE_ENV: 'production' });
    for (const name of [...Object.keys(DEVELOPMENT_DEFAULTS), 'SMTP_URL'])
      expect(message).toContain(`- ${name}:`);
  });

  test('follows the NODE_ENV the operator set, not the one server-env.ts sets for React', () => {
    // `npm start` without NODE_ENV: a local site, even though the process now says production.
    expect(() => loadConfig({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'unset' })).not.toThrow();
    expect(configFailure({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'production' })).toContain(
      '- SMTP_URL:',
    );
  });

  test.each(Object.entries(DEVELOPMENT_DEFAULTS))(
    'refuses %s set to its development value',
    (name, value) => {
      expect(configFailure({ ...PRODUCTION, [name]: value })).toContain(`- ${name}:`);
    },
  );

  test('refuses to start without an https:// PUBLIC_URL', () => {
    const { PUBLIC_URL: _, ...withoutUrl } = PRODUCTION;
    expect(configFailure(withoutUrl)).toMatch(/^  - PUBLIC_URL: set the https:\/\/ address/m);
    expect(configFailure({ ...PRODUCTION, PUBLIC_URL: 'http://parvoz.example' })).toContain('- PUBLIC_URL:');
  });

  test('a lone web half (PARVOZ_ROLE=web) needs PARVOZ_INTERNAL_TOKEN', () => {
    expect(configFailure({ ...PRODUCTION, PARVOZ_ROLE: 'web' })).toContain('- PARVOZ_INTERNAL_TOKEN:');
    const token = 'a-shared-internal-token-0123456789abcdef';
    expect(
      loadConfig({ ...PRODUCTION, PARVOZ_ROLE: 'web', PARVOZ_INTERNAL_TOKEN: token }).server,
    ).toMatchObject({
      PARVOZ_ROLE: 'web',
    });
  });

  test('refuses a clock moved by libfaketime', () => {
    expect(configFailure({ ...PRODUCTION, FAKETIME: '+86400' })).toContain('FAKETIME');
    expect(
      configFailure({ ...PRODUCTION, LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1' }),
    ).toContain('FAKETIME');
  });

  test('refuses the development mailbox', () => {
    expect(configFailure({ ...PRODUCTION, PARVOZ_DEV_MAILBOX: '1' })).toContain('PARVOZ_DEV_MAILBOX');
  });

  test('starts with its own secrets and a mail server', () => {
    expect(loadConfig(PRODUCTION).api.offerSecret).toBe(PRODUCTION.OFFER_SECRET);
  });

  test('starts without OFFER_SECRET and PAYMENT_WEBHOOK_SECRET: they are generated and kept (secrets.ts)', () => {
    const { OFFER_SECRET: _o, PAYMENT_WEBHOOK_SECRET: _p, ...rest } = PRODUCTION;
    const { api } = loadConfig(rest);
    expect(api.offerSecret).toBeUndefined();
    expect(api.paymentWebhookSecret).toBeUndefined();
  });
});

describe('live mode', () => {
  const { PARVOZ_MODE: _, ...LIVE } = PRODUCTION;
  const DUFFEL = { DUFFEL_ACCESS_TOKEN: 'duffel_test_0123456789abcdef' };
  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_0123456789ab', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789ab' };

  test("is the default under the operator's NODE_ENV=production; npm start, development and tests are demo", () => {
    expect(loadConfig({ ...LIVE, ...DUFFEL, ...STRIPE }).api.mode).toBe('live');
    expect(loadConfig({}).api.mode).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'unset' }).api.mode).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production', PARVOZ_OPERATOR_NODE_ENV: 'test' }).api.mode).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development' }).api.mode).toBe('demo');
    expect(loadConfig({ ...PRODUCTION }).api.mode).toBe('demo');
    expect(configFailure({ PARVOZ_MODE: 'production' })).toContain('- PARVOZ_MODE:');
  });

  test('refuses to start without a real supplier, with a message naming what to set', () => {
    expect(configFailure({ ...LIVE, ...STRIPE })).toMatch(/- PARVOZ_MODE: .*set DUFFEL_ACCESS_TOKEN/);
    expect(configFailure({ PARVOZ_MODE: 'live', ...STRIPE })).toMatch(/DUFFEL_ACCESS_TOKEN/);
  });

  test('refuses to start without a real payment provider (the sandbox does not exist in live mode)', () => {
    expect(configFailure({ ...LIVE, ...DUFFEL })).toMatch(
      /- PARVOZ_MODE: live mode takes payments only through a real provider/,
    );
    expect(configFailure({ PARVOZ_MODE: 'live', ...DUFFEL })).toMatch(/real provider/);
  });

  test('starts with Duffel and one provider', () => {
    expect(loadConfig({ PARVOZ_MODE: 'live', ...DUFFEL, ...STRIPE }).api.mode).toBe('live');
  });
});

describe('documentation', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]));

  test('every API setting names its variable', () => {
    expect(Object.keys(API_ENV_NAMES).sort()).toEqual(Object.keys(apiConfigSchema.shape).sort());
  });

  test('every variable is in the README configuration table', () => {
    const variables = [
      ...Object.keys(serverConfigSchema.shape),
      ...Object.values(API_ENV_NAMES).filter((name) => name !== null),
      ...PROVIDER_ENV_NAMES,
    ];
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });
});
