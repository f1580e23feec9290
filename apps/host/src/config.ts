/**
 * Every setting of the process, read from the environment and validated once at start (docs/operations.md#production-settings): the host's
 * own (below) and the API's (`checkApiConfig`, apps/api/src/config-check.ts). A bad value stops the start with a
 * message naming the variable; NODE_ENV=production refuses the built-in public credential.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ApiSettings } from '@parvoz/api/config';
import {
  checkApiConfig,
  invalidConfiguration,
  isOperatorProduction,
  issueLines,
} from '@parvoz/api/config-check';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Where the agency sells from: the English home page's flights start there (apps/web's home-popular). */
  AGENCY_HOME_CITY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an IATA city or airport code in capitals, e.g. TAS')
    .default('TAS'),
  /** How long a SIGTERM waits for requests in flight before it closes their connections. */
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; without it /metrics is 404 outside development. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Processes serving the port (cluster.ts): one per core with DATABASE_URL, one with the embedded
   * database (PGlite belongs to the process that opened it).
   */
  PARVOZ_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * The anonymous pages' in-process cache (page-cache.ts, docs/decisions/0018-page-cache.md): most pages
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

export type Config = { server: ServerConfig; api: ApiSettings };

export { ConfigError } from '@parvoz/api/config-check';

/** Reads and checks everything; throws a `ConfigError` listing every bad variable by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const server = serverConfigSchema.safeParse(env);
  if (!server.success) problems.push(...issueLines(server.error, (key) => key));
  const { api, problems: apiProblems } = checkApiConfig(env);
  problems.push(...apiProblems);
  if (isOperatorProduction(env) && env.PARVOZ_ROLE === 'web' && !env.PARVOZ_INTERNAL_TOKEN)
    problems.push(
      'PARVOZ_INTERNAL_TOKEN: PARVOZ_ROLE=web needs the token its API instances share, or every visitor shares one rate limit',
    );
  if (server.success && (server.data.PARVOZ_WORKERS ?? 1) > 1 && !server.data.DATABASE_URL)
    problems.push(
      'PARVOZ_WORKERS: more than one process needs DATABASE_URL (the embedded database belongs to one process)',
    );
  if (problems.length || !server.success || !api) throw invalidConfiguration(problems);
  return { server: server.data, api };
}
