import type { ApiConfig } from '../../../config.ts';

/**
 * The origin of links in the after-sale emails (issue 13): the same rule as the booking routes'
 * (routes/v1/orders/index.ts, routes/v1/payments/index.ts) — PUBLIC_URL, else the request's own address —
 * kept in one place so that a stricter rule changes all of them at once.
 */
export function siteUrlOf(
  config: Pick<ApiConfig, 'publicUrl'>,
  request: { protocol: string; host: string },
): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
