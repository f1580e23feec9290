import type { Route } from './+types/ticket';
import { proxyOrderPdf } from '../../lib/order-pdf.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';

/**
 * GET /{lang}/orders/{id}/ticket.pdf: the e-ticket, proxied from the API with the visitor's session or the
 * order's access cookie (the browser never holds either token in script). 404 when not paid or not theirs.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return proxyOrderPdf(request, params, context.get(requestStateContext), 'ticket.pdf');
}
