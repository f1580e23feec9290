/**
 * The site's public origin for absolute links (canonical, hreflang, Open Graph, sitemap) and the CSRF check.
 * The host (server.ts) builds every request's URL on the one public origin (apps/api/src/public-origin.ts:
 * PUBLIC_URL, else the address it listens on), never on the Host or X-Forwarded-Host header, so the URL's
 * origin is it. PUBLIC_URL is read first for `npm run dev`, where Vite, not server.ts, makes the URL.
 */
export function siteOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL;
  if (configured && URL.canParse(configured)) return new URL(configured).origin;
  return new URL(request.url).origin;
}
