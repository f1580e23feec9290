import { redirect, redirectDocument } from 'react-router';
import { resolveRedirect } from './redirects.ts';

/** Applies the redirect table, else answers the spec's 404 ("Page not found: {path}" is rendered by the error page). */
export function redirectOrNotFound(request: Request): never {
  const url = new URL(request.url);
  const target = resolveRedirect(url.pathname);
  if (target) throw target.external ? redirectDocument(target.location) : redirect(target.location);
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}
