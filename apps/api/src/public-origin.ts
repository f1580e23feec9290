import type { AddressInfo } from 'node:net';

/**
 * The site's public origin, the one base of every absolute link (emails, canonical and hreflang links, the
 * sitemap, the web app's request URLs) and of the CSRF origin check: PUBLIC_URL when set, else the address
 * this process listens on (0.0.0.0 and :: become loopback). Never the request's Host or X-Forwarded-Host:
 * anyone can send those, and a link built from them hands a victim's order secret to the sender's site.
 * null when neither is known (not listening: `inject` tests).
 */
export function publicOrigin(
  publicUrl: string | undefined,
  address: AddressInfo | string | null,
): string | null {
  if (publicUrl) return new URL(publicUrl).origin;
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Whether PUBLIC_URL names an origin only (the site is served at `/`; a path, query or user would be lost). */
export function isBareOrigin(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
}
