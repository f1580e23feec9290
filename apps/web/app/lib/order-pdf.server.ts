import { webConfig } from './config.server.ts';
import type { RequestState } from './request-context.server.ts';
import { isOrderId, readOrderAccess } from './order-access.server.ts';

/**
 * A PDF of an order (the e-ticket, the receipt), proxied from the API with the visitor's session or the
 * order's access cookie (the browser never holds either token in script). 404 when the API has none for
 * this visitor (not paid, not theirs), 503 when it cannot be reached.
 */
export async function proxyOrderPdf(
  request: Request,
  params: { id?: string },
  state: RequestState,
  document: 'ticket.pdf' | 'receipt.pdf',
): Promise<Response> {
  if (!isOrderId(params.id)) throw new Response(null, { status: 404, statusText: 'Not Found' });
  const lang = state.locale;
  const query = new URLSearchParams({ lang });
  const token = readOrderAccess(request, params.id);
  if (token) query.set('access_token', token);
  const url = `${webConfig.apiUrl.replace(/\/+$/, '')}/v1/orders/${encodeURIComponent(params.id)}/${document}?${query}`;
  let answer: Response;
  try {
    answer = await fetch(url, {
      headers: {
        authorization: `Bearer ${state.token || webConfig.anonymousToken}`,
        accept: 'application/pdf',
        'x-request-id': state.requestId,
      },
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(20_000)]),
    });
  } catch {
    throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
  }
  if (answer.status === 401) state.clearToken = true;
  if (!answer.ok || !(answer.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    await answer.body?.cancel();
    const status = answer.status >= 500 ? 503 : answer.status === 429 ? 429 : 404;
    throw new Response(null, {
      status,
      statusText: status === 404 ? 'Not Found' : status === 429 ? 'Too Many Requests' : 'Service Unavailable',
    });
  }
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition':
      answer.headers.get('content-disposition') ??
      `attachment; filename="${document.replace('.pdf', '')}-${params.id}.pdf"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = answer.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(answer.body, { status: 200, headers });
}
