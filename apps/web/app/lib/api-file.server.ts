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
