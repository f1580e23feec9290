import { isLocale } from '@parvoz/i18n/locales';
import type { Route } from './+types/order-ticket';
import { webConfig } from '../lib/config.server.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { isOrderId, readOrderAccess } from '../lib/order-access.server.ts';

/**
 * GET /{lang}/orders/{id}/ticket.pdf: the e-ticket, proxied from the API with the visitor's session or the
 * order's access cookie (the browser never holds either token in script). 404 when not paid or not theirs.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isOrderId(params.id)) throw new Response(null, { status: 404, statusText: 'Not Found' });
  const lang = isLocale(params.lang) ? params.lang : 'en';
  const state = context.get(requestStateContext);
  const query = new URLSearchParams({ lang });
  const token = readOrderAccess(request, params.id);
  if (token) query.set('access_token', token);
  const url = `${webConfig.apiUrl.replace(/\/+$/, '')}/v1/orders/${encodeURIComponent(params.id)}/ticket.pdf?${query}`;
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
    const status = answer.status >= 500 ? 503 : 404;
    throw new Response(null, { status, statusText: status === 404 ? 'Not Found' : 'Service Unavailable' });
  }
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition':
      answer.headers.get('content-disposition') ?? `attachment; filename="e-ticket-${params.id}.pdf"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = answer.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(answer.body, { status: 200, headers });
}
