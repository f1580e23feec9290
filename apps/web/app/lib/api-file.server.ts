import { webConfig } from './config.server.ts';

/** The answer a file proxy gives when the API has no file for this visitor (404), is busy (429) or is down (503). */
export function fileFailure(status: 404 | 429 | 503): Response {
  return new Response(null, {
    status,
    statusText: status === 404 ? 'Not Found' : status === 429 ? 'Too Many Requests' : 'Service Unavailable',
  });
}

/** What a refused API answer becomes: its 5xx a 503, its 429 kept, anything else a 404. */
export function fileFailureOf(answer: Response): Response {
  return fileFailure(answer.status >= 500 ? 503 : answer.status === 429 ? 429 : 404);
}

/**
 * A file (a PDF, a CSV, an image) fetched from the API as it is, not as JSON, under a deadline and the
 * page request's abort; no answer at all is thrown as a 503.
 */
export async function fetchApiFile(
  request: Request,
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetch(`${webConfig.apiUrl.replace(/\/+$/, '')}${path}`, {
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch {
    throw fileFailure(503);
  }
}

/**
 * The API's file passed on to the visitor as a download of their own: never cached on the way, never sniffed
 * as another type, named as the API names it (or `filename`), with its length when the API gave it.
 */
export function privateDownload(answer: Response, contentType: string, filename: string): Response {
  const headers = new Headers({
    'Content-Type': contentType,
    'Content-Disposition': answer.headers.get('content-disposition') ?? `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  // fetch has undone any Content-Encoding: the length the API gave is then not the body's.
  const length = answer.headers.get('content-encoding') ? null : answer.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(answer.body, { status: 200, headers });
}
