import { fetchApiFile, fileFailure, fileFailureOf, privateDownload } from './api-file.server.ts';
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
  if (!isOrderId(params.id)) throw fileFailure(404);
  const lang = state.locale;
  const query = new URLSearchParams({ lang });
  const token = readOrderAccess(request, params.id);
  if (token) query.set('access_token', token);
  const answer = await fetchApiFile(
    request,
    `/v1/orders/${encodeURIComponent(params.id)}/${document}?${query}`,
    {
      authorization: `Bearer ${state.token || webConfig.anonymousToken}`,
      accept: 'application/pdf',
      'x-request-id': state.requestId,
    },
    20_000,
  );
  if (answer.status === 401) state.clearToken = true;
  if (!answer.ok || !(answer.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    await answer.body?.cancel();
    throw fileFailureOf(answer);
  }
  return privateDownload(answer, 'application/pdf', `${document.replace('.pdf', '')}-${params.id}.pdf`);
}
