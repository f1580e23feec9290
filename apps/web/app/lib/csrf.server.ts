import { siteOrigin } from './origin.server.ts';

/**
 * Rejects cross-site state-changing requests: the browser's Sec-Fetch-Site, else Origin, must match this site
 * (its public origin: never the Host or X-Forwarded-Host header, which the sender chooses).
 * Requests without either header (curl, old browsers) are let through: SameSite=Lax cookies already
 * keep a cross-site form post from carrying the session.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return !(fetchSite === 'same-origin' || fetchSite === 'none');
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).origin !== siteOrigin(request);
  } catch {
    return true;
  }
}
