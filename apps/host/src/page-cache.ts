/**
 * The in-process cache of anonymous pages (docs/decisions/0018-page-cache.md). The page handler (web.ts) asks
 * it before rendering a page: a visitor without a session asking for a public page (home, information, tours,
 * settings) gets a copy rendered for the same path, language, display currency and last origin within the
 * last few seconds, with a fresh CSP nonce spliced in.
 *
 * The nonce: a cached page is rendered with a per-process placeholder in place of the nonce and kept cut at
 * every occurrence of it, as plain bytes and as pieces of one gzip stream. Every answer (the first one too)
 * gets its own random nonce in those places and in its Content-Security-Policy header, so no visitor ever
 * sees another one's nonce. The gzip pieces are deflated once (each ends on a byte boundary, sync flush) and
 * the nonce goes between them as a stored block, so a hit costs a CRC-32 rather than a compression.
 */
import { randomBytes } from 'node:crypto';
import { crc32, constants, deflateRawSync } from 'node:zlib';
import { cookiePairs } from '@parvoz/contracts/cookies';
import { VISITOR_COOKIE } from '@parvoz/contracts/visitor';
import { CURRENCY_COOKIE, isCurrency } from '@parvoz/i18n/currency';
import { isLocale, LANG_COOKIE } from '@parvoz/i18n/locales';

export type PageCacheOptions = {
  /** Most pages kept (least recently used first out); 0 turns the cache off. */
  maxEntries: number;
  /** How long a page is served before it is rendered again. */
  ttlMs: number;
  /**
   * How long after `ttlMs` an expired page may still be served once more while one request renders it again in
   * the background (stale-while-revalidate); 0: every visitor waits for the new render.
   */
  staleMs?: number;
  /** Most bytes kept (plain and gzip copies together). */
  maxBytes: number;
  /** Part of every key: a new build never serves the pages of the old one. */
  buildId: string;
  now?: () => number;
};

/** A page as the cache keeps it. */
export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** The body cut at the nonce placeholder. */
  pieces: Buffer[];
  /** The body with the placeholder, and where it stands in it. */
  plain: Buffer;
  plainAt: number[];
  /**
   * The body as one gzip stream with the placeholder in stored blocks, where the placeholder's bytes stand
   * (empty when not kept): its pieces raw-deflated once, each sync-flushed so that they chain.
   */
  gzip: Buffer;
  gzipAt: number[];
  bytes: number;
  expiresAt: number;
};

/** A page as rendered: `storable` when others may be served it (`isStorable` and a complete render). */
export type Rendered = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  storable: boolean;
};

/** What the page's render may depend on besides path and query, read from the request. */
export type PageRequest = {
  method: string;
  /** Path and query, as requested. */
  url: string;
  /** The route pattern (`/:lang/tours/:slug`). */
  route: string;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * The answer's header saying how the cache took part: `hit`, `stale` (expired, served while rendered again),
 * `miss` (rendered and kept) or `bypass`.
 */
export const PAGE_CACHE_HEADER = 'x-parvoz-page-cache';
/** The web app's mark on a page that must not be kept (a part of it could not be loaded): see root.tsx. */
export const NO_PAGE_CACHE_HEADER = 'x-parvoz-no-page-cache';

/** The route patterns whose anonymous pages are the same for every visitor of a language and currency. */
export const CACHEABLE_ROUTES: ReadonlySet<string> = new Set([
  '/:lang',
  '/:lang/info/agreement',
  '/:lang/info/confidential',
  '/:lang/info/payment-security',
  '/:lang/info/contacts',
  '/:lang/info/offer',
  '/:lang/info/help',
  '/:lang/tours',
  '/:lang/tours/:slug',
  '/:lang/settings',
]);

/** Query parameters a cacheable page may carry (each value is part of the key); any other bypasses the cache. */
const QUERY_ALLOWED: Readonly<Record<string, readonly string[]>> = { '/:lang/tours': ['from', 'month'] };

/**
 * The cookies a cacheable page may be asked with. `lang` only decides whether the page sets the language
 * cookie (part of the key); `currency` and `last_origin` change the page (part of the key); the anonymous
 * visitor id changes nothing on these pages. Any other cookie (a session `token`, an order's access cookie,
 * anything unknown) bypasses the cache: it might change the page.
 */
const LAST_ORIGIN_COOKIE = 'last_origin';
const KNOWN_COOKIES = new Set([LANG_COOKIE, CURRENCY_COOKIE, LAST_ORIGIN_COOKIE, VISITOR_COOKIE]);
/** A place code, as the home page reads `last_origin` (apps/web/app/features/search/last-origin.ts). */
const PLACE = /^[A-Z]{3}$/;

/** A crawler's user agent (entry.server.tsx renders the whole page before answering them). */
const BOT = /bot|crawl|spider|slurp|facebookexternalhit|lighthouse|headless|preview/i;

/**
 * Response headers never kept: per answer (request id, nonce policy) or recomputed. Set-Cookie is kept: a
 * stored page carries at most the language cookie of its own language (`isStorable`).
 */
const DROPPED_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'content-security-policy',
  'date',
  'connection',
  'transfer-encoding',
  PAGE_CACHE_HEADER,
  NO_PAGE_CACHE_HEADER,
]);

/**
 * The request's cookies when every one is canonical, else null (the page is rendered for this visitor alone,
 * neither served from the cache nor kept in it). Canonical: a name the cache knows, sent once, and for the
 * cookies that vary the page (language, currency, last origin) a value of their allowed list as sent, with no
 * percent-encoding. The pages read cookies through the same parser (`@parvoz/contracts/cookies`), which keeps a
 * repeated name's first value and decodes `%52UB` to `RUB`: a repeated or encoded cookie would render one
 * page and file it under another key, for every visitor of that key (docs/decisions/0018-page-cache.md).
 */
function canonicalCookies(header: string | string[] | undefined): Map<string, string> | null {
  const cookies = new Map<string, string>();
  for (const [name, value] of cookiePairs(Array.isArray(header) ? header.join('; ') : header)) {
    if (!KNOWN_COOKIES.has(name) || cookies.has(name)) return null;
    cookies.set(name, value);
  }
  const lang = cookies.get(LANG_COOKIE);
  const currency = cookies.get(CURRENCY_COOKIE);
  const lastOrigin = cookies.get(LAST_ORIGIN_COOKIE);
  if (lang !== undefined && !isLocale(lang)) return null;
  if (currency !== undefined && !isCurrency(currency)) return null;
  if (lastOrigin !== undefined && !PLACE.test(lastOrigin)) return null;
  return cookies;
}

/**
 * The key of a cacheable page request, or null when the page must be rendered for this visitor alone: not a
 * GET, not a cacheable route, a query that is not allowed, a session or unknown cookie, a cookie that is not
 * canonical (`canonicalCookies`), an Authorization header.
 */
export function pageCacheKey(request: PageRequest, buildId: string): string | null {
  if (request.method !== 'GET' || !CACHEABLE_ROUTES.has(request.route)) return null;
  if (request.headers.authorization !== undefined) return null;
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  let query = '';
  if (q >= 0) {
    const allowed = QUERY_ALLOWED[request.route] ?? [];
    const params = new URLSearchParams(request.url.slice(q + 1));
    for (const name of params.keys()) if (!allowed.includes(name)) return null;
    query = allowed.map((name) => `${name}=${params.getAll(name).join(',')}`).join('&');
  }
  const cookies = canonicalCookies(request.headers.cookie);
  if (!cookies) return null;
  const lang = path.split('/')[1] ?? '';
  const agent = request.headers['user-agent'];
  const bot = typeof agent === 'string' && BOT.test(agent);
  return [
    buildId,
    path,
    query,
    // The page sets the language cookie unless the visitor has it already.
    cookies.get(LANG_COOKIE) === lang ? 'lang' : '-',
    cookies.get(CURRENCY_COOKIE) ?? '-',
    cookies.get(LAST_ORIGIN_COOKIE) ?? '-',
    bot ? 'bot' : '-',
  ].join('\u0000');
}

/**
 * Whether an answer may be kept for others: 200, HTML, no `private`/`no-store`, not marked by the web app,
 * and no cookie but the language cookie of the page's own language (the same for every visitor of the path,
 * so the key says whether it is sent).
 */
export function isStorable(response: Response, lang: string): boolean {
  if (response.status !== 200) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  if (response.headers.has(NO_PAGE_CACHE_HEADER)) return false;
  return response.headers.getSetCookie().every((cookie) => cookie.startsWith(`lang=${lang};`));
}

/** 10-byte gzip header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final stored block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A non-final stored deflate block holding `data` (≤ 65,535 bytes), starting on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

function deflatePiece(piece: Buffer): Buffer {
  // A sync flush ends the output on a byte boundary with no final block: the pieces and stored blocks chain.
  return deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH });
}

export class PageCache {
  /**
   * Letters and digits only (no character any escaping changes), unguessable, per process; as long as a nonce
   * (security.ts `createCspNonce`: 16 bytes in base64), so that a nonce is written over it in a copy.
   */
  readonly placeholder = randomBytes(12).toString('hex');
  readonly options: PageCacheOptions;
  private readonly pages = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | undefined>>();
  private bytes = 0;
  /** Bumped by `clear()`: a render begun before it is not stored after it. */
  private generation = 0;

  constructor(options: PageCacheOptions) {
    this.options = options;
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  get size(): number {
    return this.pages.size;
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  key(request: PageRequest): string | null {
    return this.enabled ? pageCacheKey(request, this.options.buildId) : null;
  }

  /** A page still fresh under `key` (and marked most recently used), else undefined. */
  get(key: string): CachedPage | undefined {
    const found = this.lookup(key);
    return found?.fresh ? found.page : undefined;
  }

  /**
   * The page under `key`, fresh or within `staleMs` after it expired (then it should be served while
   * `revalidate` renders it again), marked most recently used; undefined when absent or too old.
   */
  lookup(key: string): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const now = this.now();
    if (page.expiresAt + (this.options.staleMs ?? 0) <= now) {
      this.delete(key);
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, page);
    return { page, fresh: page.expiresAt > now };
  }

  /**
   * Renders `key` again in the background unless a render of it is already under way; the visitor who asked
   * is served the stale copy meanwhile. `done` learns whether the new copy was kept; after a failure the stale
   * copy is left to age out.
   */
  revalidate(
    key: string,
    render: () => Promise<Rendered>,
    done: (outcome: 'stored' | 'not_stored' | 'failed', error?: unknown) => void,
  ): void {
    if (this.pending.has(key)) return;
    this.fill(key, render).then(
      ({ stored }) => done(stored ? 'stored' : 'not_stored'),
      (error: unknown) => done('failed', error),
    );
  }

  /** A render of `key` in progress (requests for the same page wait for it rather than render it again). */
  pendingFor(key: string): Promise<CachedPage | undefined> | undefined {
    return this.pending.get(key);
  }

  /**
   * Renders `key` once through `render` and keeps the result when `storable`; concurrent callers of the same
   * key wait for it (`pendingFor`) and get the page only if it was kept, else they render for themselves.
   */
  async fill(key: string, render: () => Promise<Rendered>): Promise<{ page: CachedPage; stored: boolean }> {
    const generation = this.generation;
    let settle: (page: CachedPage | undefined) => void = () => {};
    this.pending.set(key, new Promise((resolve) => (settle = resolve)));
    let stored: CachedPage | undefined;
    try {
      const rendered = await render();
      const page = this.build(rendered, rendered.storable);
      if (rendered.storable && generation === this.generation && this.store(key, page)) stored = page;
      return { page, stored: stored !== undefined };
    } finally {
      this.pending.delete(key);
      settle(stored);
    }
  }

  private build(rendered: Rendered, deflate: boolean): CachedPage {
    const marker = Buffer.from(this.placeholder);
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = rendered.body.indexOf(marker); at >= 0; at = rendered.body.indexOf(marker, from)) {
      pieces.push(rendered.body.subarray(from, at));
      from = at + marker.length;
    }
    pieces.push(rendered.body.subarray(from));
    const marked = (parts: Buffer[], gap: (i: number) => Buffer, at: (start: number) => number) => {
      const positions: number[] = [];
      const chunks: Buffer[] = [];
      let length = 0;
      parts.forEach((part, i) => {
        if (i > 0) {
          const between = gap(i);
          positions.push(length + at(0));
          chunks.push(between);
          length += between.length;
        }
        chunks.push(part);
        length += part.length;
      });
      return { buffer: Buffer.concat(chunks), positions };
    };
    const plain = marked(
      pieces,
      () => marker,
      (start) => start,
    );
    let gzip = { buffer: Buffer.alloc(0), positions: [] as number[] };
    let bytes = plain.buffer.length;
    if (deflate) {
      const block = storedBlock(marker);
      const chain = marked(
        pieces.map(deflatePiece),
        () => block,
        (start) => start + 5,
      );
      const trailer = Buffer.alloc(8);
      gzip = {
        buffer: Buffer.concat([GZIP_HEADER, chain.buffer, FINAL_BLOCK, trailer]),
        positions: chain.positions.map((p) => p + GZIP_HEADER.length),
      };
      bytes += gzip.buffer.length;
    }
    return {
      status: rendered.status,
      headers: rendered.headers.filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())),
      pieces,
      plain: plain.buffer,
      plainAt: plain.positions,
      gzip: gzip.buffer,
      gzipAt: gzip.positions,
      bytes: bytes + 256 + 16 * pieces.length,
      expiresAt: this.now() + this.options.ttlMs,
    };
  }

  private store(key: string, page: CachedPage): boolean {
    if (page.bytes > this.options.maxBytes) return false;
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += page.bytes;
    for (const [oldest, old] of this.pages) {
      if (this.pages.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= old.bytes;
    }
    return this.pages.has(key);
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }

  /** Forgets every page (content changed); renders in progress are not kept. */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
    this.generation++;
  }
}

/** A copy of `template` with `nonce` written at each of `positions` (the placeholder's, of its length). */
function withNonce(template: Buffer, positions: number[], nonce: Buffer): Buffer {
  const copy = Buffer.allocUnsafe(template.length);
  template.copy(copy);
  for (const at of positions) nonce.copy(copy, at);
  return copy;
}

/** The page's body with `nonce` in every place of the placeholder. */
export function plainBody(page: CachedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce);
  if (page.pieces.length > 1 && value.length !== nonceLength(page))
    throw new Error('a CSP nonce must be as long as the placeholder');
  return withNonce(page.plain, page.plainAt, value);
}

/**
 * The same body as one gzip stream, from its pieces deflated once: per answer a copy, the nonce written into
 * its stored blocks, and the CRC-32 of the plain body in the trailer.
 */
export function gzipBody(page: CachedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce);
  if (page.pieces.length > 1 && value.length !== nonceLength(page))
    throw new Error('a CSP nonce must be as long as the placeholder');
  const body = withNonce(page.gzip, page.gzipAt, value);
  let crc = 0;
  page.pieces.forEach((piece, i) => {
    if (i > 0) crc = crc32(value, crc);
    crc = crc32(piece, crc);
  });
  body.writeUInt32LE(crc >>> 0, body.length - 8);
  body.writeUInt32LE(page.plain.length >>> 0, body.length - 4);
  return body;
}

/** The placeholder's length in a page (its plain body less its pieces, per place). */
function nonceLength(page: CachedPage): number {
  const pieces = page.pieces.reduce((sum, piece) => sum + piece.length, 0);
  return (page.plain.length - pieces) / page.plainAt.length;
}
