/**
 * Browser security headers of every answer (docs/operations.md#security-headers): a nonce-based
 * Content-Security-Policy on pages, HSTS over HTTPS, nosniff, Referrer-Policy, Permissions-Policy, no
 * framing. The React Router bridge (web.ts) makes one nonce per page request (`request.cspNonce`) and
 * hands it to the web app in the `X-Parvoz-Csp-Nonce` request header; entry.server.tsx puts it on every
 * script React Router renders.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** The request header that carries the page's nonce from server.ts to apps/web/app/entry.server.tsx. */
export const CSP_NONCE_HEADER = 'x-parvoz-csp-nonce';

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** For answers that are not pages (JSON, assets): nothing may run or load, nothing may frame them. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the page handler: the nonce the page's scripts carry. */
    cspNonce: string;
  }
}

export function createCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of an HTML page. Scripts only from this origin or inline with the page's nonce (no
 * 'unsafe-inline' scripts); styles may be inline (React renders `style` attributes).
 */
export function pageCsp(nonce: string | undefined, secure: boolean): string {
  const directives = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // Forms post only to this site: injected markup cannot send a form (or its filled-in values) elsewhere.
    "form-action 'self'",
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** HTTPS as the visitor sees it: PUBLIC_URL is https, or the request came over TLS (X-Forwarded-Proto under TRUST_PROXY). */
export function isSecure(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);
}

/**
 * A page carrying this request's nonce may be stored by the visitor's browser, never by a shared cache: a CDN
 * would replay one nonce to every visitor, and a nonce an attacker can read ahead of time protects nothing.
 * So `public` (the web's information and tour pages) becomes `private` here, where the nonce is made; answers
 * without a nonce (sitemap, assets) keep theirs.
 */
export function keepNonceFromSharedCaches(reply: FastifyReply): void {
  const cacheControl = reply.getHeader('cache-control');
  if (typeof cacheControl !== 'string' || !/\bpublic\b|s-maxage/i.test(cacheControl)) return;
  const directives = cacheControl
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(public|s-maxage=.*)$/i.test(directive));
  reply.header('cache-control', ['private', ...directives.filter((d) => !/^private$/i.test(d))].join(', '));
}

function contentType(reply: FastifyReply): string {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' ? type.toLowerCase() : '';
}

export type SecurityOptions = { publicUrl?: string | undefined };

/** Registers the headers for every route of the host (register it on the root instance). */
export const securityHeaders = fp<SecurityOptions>(
  async (app, options) => {
    await app.register(helmet, {
      global: true,
      // Set below: per answer (pages get a nonce) and only over HTTPS.
      contentSecurityPolicy: false,
      hsts: false,
      // Assets may be shown by other sites (e.g. images in emails); nothing here needs isolation.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      frameguard: { action: 'deny' },
      // No page's address leaves the site in a Referer (docs/operations.md#unpaid-holds-and-order-links): an
      // order page opened from its emailed link carries the access token in its query until it redirects.
      referrerPolicy: { policy: 'same-origin' },
    });
    app.decorateRequest('cspNonce', '');
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (isSecure(request, options.publicUrl)) reply.header('strict-transport-security', HSTS);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const type = contentType(reply);
      // PDFs (e-tickets) open in the browser's own viewer, which a `default-src 'none'` policy can block.
      if (!reply.hasHeader('content-security-policy') && !type.startsWith('application/pdf')) {
        reply.header(
          'content-security-policy',
          type.startsWith('text/html')
            ? pageCsp(request.cspNonce || undefined, isSecure(request, options.publicUrl))
            : NON_HTML_CSP,
        );
      }
      if (request.cspNonce && type.startsWith('text/html')) keepNonceFromSharedCaches(reply);
      return payload;
    });
  },
  { name: 'parvoz-security-headers' },
);
