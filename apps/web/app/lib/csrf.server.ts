/**
 * Rejects cross-site state-changing requests: the browser's Sec-Fetch-Site, else Origin, must match this site.
 * Requests without either header (curl, old browsers) are let through: SameSite=Lax cookies already
 * keep a cross-site form post from carrying the session.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return !(fetchSite === 'same-origin' || fetchSite === 'none');
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
