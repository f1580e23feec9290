import { setTimeout as sleep } from 'node:timers/promises';
import { errorEnvelopeSchema } from '@parvoz/contracts/errors';
import { VISITOR_HEADER } from '@parvoz/contracts/visitor';
import { stringifyQuery, type QueryParams } from './query-string.ts';

/**
 * The web server's helper for calling the API (spec §7, §8).
 *
 * - `Authorization: Bearer <user token>` or, without one, the anonymous public credential (spec §6).
 * - Query strings use indexed array notation with readable brackets (`stringifyQuery`).
 * - GET, PUT, DELETE (idempotent) are retried 0 times; POST and PATCH once, only on
 *   408, 409, 425, 429, 500, 502, 503, 504 or a network error (dropped connection, timeout). Every POST and
 *   PATCH carries an `Idempotency-Key`, the same one on its retry, so the API can replay instead of
 *   repeating the effect. `Retry-After` is honoured up to 2 s, else a 100–200 ms backoff.
 * - A 401 calls `onUnauthorized` (the web layer clears the token cookie) and rejects; never retried.
 * - Non-2xx answers reject with `ApiError` (status, parsed body, the Response); failures to reach the API
 *   reject with `ApiNetworkError`.
 */

/** The API's names (apps/api/src/client-ip.ts) for the visitor's IP and the credential that vouches for it. */
export const CLIENT_IP_HEADER = 'x-parvoz-client-ip';
export const INTERNAL_TOKEN_HEADER = 'x-parvoz-internal-token';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_RETRY_AFTER_MS = 2_000;
const BACKOFF_MIN_MS = 100;
const BACKOFF_JITTER_MS = 100;

/** Spec §7: idempotent requests are retried zero times, the others once. */
export function retriesFor(method: HttpMethod): number {
  return method === 'POST' || method === 'PATCH' ? 1 : 0;
}

export type ApiClientOptions = {
  /** The configured API host, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The built-in public bearer credential used when there is no user token. */
  anonymousToken: string;
  /** The user's token from the HttpOnly `token` cookie. */
  token?: string | null;
  /** Called on every 401 answer (the web layer clears the token cookie). */
  onUnauthorized?: () => void;
  /** Sent as `X-Request-Id`. */
  requestId?: string;
  /** The visitor's IP (from server.ts), sent as `X-Parvoz-Client-Ip` for the API's per-IP limits. */
  clientIp?: string | null;
  /** The anonymous visitor's id (its cookie), sent as `X-Parvoz-Visitor`: the API scopes idempotency keys by it. */
  visitorId?: string | null;
  /** The credential without which the API ignores `clientIp` (apps/api/src/client-ip.ts). */
  internalToken?: string | null;
  fetch?: typeof fetch;
  /** Per attempt; default 10 s. A timeout counts as a network error. */
  timeoutMs?: number;
};

export type RequestOptions = {
  query?: QueryParams;
  /** Aborts the call (e.g. the incoming request's signal); an aborted call is not retried. */
  signal?: AbortSignal;
};

export type SendOptions = RequestOptions & {
  /** Sent as JSON. */
  body?: unknown;
  /** POST/PATCH get a fresh UUID unless given; PUT/DELETE send it only when given. */
  idempotencyKey?: string;
};

export type ApiClient = {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: SendOptions): Promise<T>;
  put<T = unknown>(path: string, options?: SendOptions): Promise<T>;
  patch<T = unknown>(path: string, options?: SendOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: SendOptions): Promise<T>;
};

/** The API answered with a non-2xx status (or a 2xx whose body is not JSON). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, or null when it was empty or not JSON. */
  readonly body: unknown;
  /** The answer itself (its body has already been read: use `body`). */
  readonly response: Response;
  readonly method: HttpMethod;
  readonly path: string;

  constructor(method: HttpMethod, path: string, response: Response, body: unknown, message?: string) {
    super(message ?? `${method} ${path} answered ${response.status}`);
    this.status = response.status;
    this.body = body;
    this.response = response;
    this.method = method;
    this.path = path;
  }

  /** The API's error code (docs/design.md §7 envelope `error.code`), or null when the body is not the envelope. */
  get code(): string | null {
    const parsed = errorEnvelopeSchema.safeParse(this.body);
    return parsed.success ? parsed.data.error.code : null;
  }
}

/** The API could not be reached or the connection dropped before a full answer (timeouts included). */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
  readonly method: HttpMethod;
  readonly path: string;
  readonly timedOut: boolean;

  constructor(method: HttpMethod, path: string, cause: unknown, timedOut: boolean) {
    const reason = timedOut ? 'timed out' : `failed: ${errorMessage(cause)}`;
    super(`${method} ${path} ${reason}`, { cause });
    this.method = method;
    this.path = path;
    this.timedOut = timedOut;
  }
}

/**
 * Milliseconds to wait for a `Retry-After` value (delta-seconds or an HTTP date), capped at 2 s;
 * null when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date names its day and month in letters; this keeps Date.parse's leniency ("-1") out.
  if (!/[a-z]/i.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(date - now, 0), MAX_RETRY_AFTER_MS);
}

type Outcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'status'; error: ApiError; retryAfter: number | null }
  | { kind: 'network'; error: ApiNetworkError };

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const bearer = options.token || options.anonymousToken;

  function urlFor(path: string, query: QueryParams | undefined): string {
    if (!path.startsWith('/') || path.startsWith('//')) {
      throw new TypeError(`API path must start with a single "/": ${path}`);
    }
    const queryString = query ? stringifyQuery(query) : '';
    if (!queryString) return baseUrl + path;
    return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${queryString}`;
  }

  async function attempt<T>(
    method: HttpMethod,
    path: string,
    url: string,
    headers: Headers,
    body: string | undefined,
    callerSignal: AbortSignal | undefined,
  ): Promise<Outcome<T>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method, headers, body, signal, redirect: 'manual' });
      text = await response.text();
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      return { kind: 'network', error: new ApiNetworkError(method, path, error, timeout.aborted) };
    }

    const parsed = parseJson(text);
    if (response.ok) {
      if (text !== '' && parsed === undefined) {
        return {
          kind: 'status',
          error: new ApiError(
            method,
            path,
            response,
            null,
            `${method} ${path} answered ${response.status} with a body that is not JSON`,
          ),
          retryAfter: null,
        };
      }
      return { kind: 'ok', value: parsed as T };
    }
    return {
      kind: 'status',
      error: new ApiError(method, path, response, parsed ?? null),
      retryAfter: retryAfterMs(response.headers.get('retry-after')),
    };
  }

  async function request<T>(method: HttpMethod, path: string, init: SendOptions = {}): Promise<T> {
    const url = urlFor(path, init.query);
    const headers = new Headers({
      accept: 'application/json',
      authorization: `Bearer ${bearer}`,
      // The API is this process or a neighbour: compressing a search answer there and inflating it here cost
      // ~1 ms of CPU per results page and saved no time.
      'accept-encoding': 'identity',
    });
    if (options.requestId) headers.set('x-request-id', options.requestId);
    if (options.clientIp && options.internalToken) {
      headers.set(CLIENT_IP_HEADER, options.clientIp);
      headers.set(INTERNAL_TOKEN_HEADER, options.internalToken);
    }
    if (options.visitorId) headers.set(VISITOR_HEADER, options.visitorId);
    const retries = retriesFor(method);
    const idempotencyKey = init.idempotencyKey ?? (retries > 0 ? globalThis.crypto.randomUUID() : undefined);
    if (idempotencyKey) headers.set('idempotency-key', idempotencyKey);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers.set('content-type', 'application/json');
    }

    for (let attemptNo = 0; ; attemptNo++) {
      init.signal?.throwIfAborted();
      const outcome = await attempt<T>(method, path, url, headers, body, init.signal);
      if (outcome.kind === 'ok') return outcome.value;

      if (outcome.kind === 'status' && outcome.error.status === 401) {
        options.onUnauthorized?.();
        throw outcome.error;
      }
      const retryable = outcome.kind === 'network' || RETRY_STATUSES.has(outcome.error.status);
      if (!retryable || attemptNo >= retries) throw outcome.error;

      const wait =
        (outcome.kind === 'status' ? outcome.retryAfter : null) ??
        BACKOFF_MIN_MS + Math.floor(Math.random() * BACKOFF_JITTER_MS);
      await sleep(wait, undefined, init.signal ? { signal: init.signal } : undefined).catch(() => {
        throw init.signal?.reason ?? outcome.error;
      });
    }
  }

  return {
    get: (path, init) => request('GET', path, init),
    post: (path, init) => request('POST', path, init),
    put: (path, init) => request('PUT', path, init),
    patch: (path, init) => request('PATCH', path, init),
    delete: (path, init) => request('DELETE', path, init),
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return error.message + cause;
}
