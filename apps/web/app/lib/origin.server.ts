/**
 * The site's public origin for absolute links (canonical, hreflang, sitemap): PUBLIC_URL when set, else the
 * origin the request arrived at (server.ts builds it from the Host header, or X-Forwarded-* under TRUST_PROXY).
 */
export function siteOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // server.ts refuses a bad PUBLIC_URL at start; fall back to the request all the same.
    }
  }
  return new URL(request.url).origin;
}
