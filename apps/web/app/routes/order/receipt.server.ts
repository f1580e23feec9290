import type { Route } from './+types/receipt';
import { proxyOrderPdf } from '../../lib/order-pdf.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';

/**
 * GET /{lang}/orders/{id}/receipt.pdf (docs/after-sale.md): the payment receipt, proxied from the API like
 * the e-ticket. 404 when not paid or not theirs.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return proxyOrderPdf(request, params, context.get(requestStateContext), 'receipt.pdf');
}
