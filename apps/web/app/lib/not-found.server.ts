import { redirect, redirectDocument } from 'react-router';
import { ApiError } from './api.server.ts';
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
  throw notFound();
}

/** The 404 a loader or action throws (the error page renders it). */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: 'Not Found' });
}

/**
 * The API's answer, or this page's 404 when the API answers one of `statuses` (what is absent, or not the
 * caller's to see, is not found here either); any other failure is thrown as it is.
 */
export async function orNotFound<T>(call: Promise<T>, statuses: readonly number[] = [404]): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && statuses.includes(error.status)) throw notFound();
    throw error;
  }
}
