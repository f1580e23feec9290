import { redirect, redirectDocument } from 'react-router';
import { resolveRedirect } from './redirects.ts';

/**
 * The page path a request is for: an in-app navigation fetches `/{path}.data` (React Router's single fetch,
 * `/_.data` for the root) and its loaders see that URL, so the suffix is taken off before the table is read.
 */
export function pagePathOf(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length) || '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

/** Applies the redirect table, else answers the spec's 404 ("Page not found: {path}" is rendered by the error page). */
export function redirectOrNotFound(request: Request): never {
  const target = resolveRedirect(pagePathOf(request));
  if (target) throw target.external ? redirectDocument(target.location) : redirect(target.location);
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}
