/**
 * Duffel's webhooks (docs/duffel.md; docs/decisions/0017-duffel-supplier.md): each event is POSTed with
 * `X-Duffel-Signature: t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the webhook's secret>`
 * (the signing Duffel's own Ruby library checks, duffel_api WebhookEvent.genuine?). The JavaScript SDK has no
 * checker, hence this one. A signature older or newer than five minutes is refused as well, so a captured event
 * cannot be replayed later; the events are only ever a prompt to read the order from Duffel's API again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ORDER_METADATA_KEY } from './orders.ts';

/** How far the signature's time may be from ours (either way) before the event is refused as a replay. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const SIGNATURE = /^t=([^,]+),v1=([0-9a-f]{64})$/;

/** Why an event is not taken, or null when it is genuine and fresh. */
export type SignatureProblem =
  'missing_signature' | 'malformed_signature' | 'bad_signature' | 'stale_signature';

/** The signature's time: Unix seconds (as Duffel's examples give it) or an ISO 8601 instant. */
function signedAt(value: string): number | null {
  if (/^\d{9,11}$/.test(value)) return Number(value) * 1000;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** The header Duffel would send for this body at this time (the test server signs with it too). */
export function signDuffelEvent(raw: Buffer | string, secret: string, timestamp: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export function checkDuffelSignature(
  raw: Buffer,
  header: string | string[] | undefined,
  secret: string,
  now: Date,
): SignatureProblem | null {
  if (typeof header !== 'string' || header === '') return 'missing_signature';
  const match = SIGNATURE.exec(header.trim());
  if (!match) return 'malformed_signature';
  const [, timestamp, given] = match as unknown as [string, string, string];
  const expected = signDuffelEvent(raw, secret, timestamp).slice(-64);
  if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) return 'bad_signature';
  const at = signedAt(timestamp);
  if (at === null || Math.abs(now.getTime() - at) > SIGNATURE_TOLERANCE_MS) return 'stale_signature';
  return null;
}

/**
 * The fields of an event we read (Duffel's "Webhooks" reference: `id`, `type`, `data.object`); anything else in it
 * is Duffel's and ignored. The object of `order.airline_initiated_change_detected` names the order either as the
 * order itself (`ord_…`) or as the change's `order_id`: both are looked for.
 */
export const duffelEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z
    .object({
      object: z
        .object({ id: z.string().max(100).optional(), order_id: z.string().max(100).optional() })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
});
export type DuffelEvent = z.infer<typeof duffelEventSchema>;

/**
 * `order.created` / `order.creation_failed` (Duffel's "Webhooks" page: the latter after a 202 whose order could not
 * be made): the order our metadata names. The failed event's object is not shown on that page; our order id is
 * read from its `metadata` when there, and the site acts on a failure only for an order still pending.
 */
export function creationOf(event: DuffelEvent) {
  if (event.type !== 'order.created' && event.type !== 'order.creation_failed') return null;
  const object = (event.data?.object ?? {}) as Record<string, unknown>;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const ours = metadata[ORDER_METADATA_KEY];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const made = event.type === 'order.created' && text(object.id).startsWith('ord_');
  return {
    outcome: event.type === 'order.created' ? ('created' as const) : ('failed' as const),
    ourOrderId: typeof ours === 'string' ? ours : null,
    order: made
      ? {
          orderId: text(object.id),
          bookingReference: text(object.booking_reference),
          totalAmount: text(object.total_amount),
          totalCurrency: text(object.total_currency),
        }
      : null,
  };
}

/** Duffel's order id an event is about, when it names one. */
export function orderIdOf(event: DuffelEvent): string | null {
  const object = event.data?.object;
  if (object?.order_id?.startsWith('ord_')) return object.order_id;
  if (object?.id?.startsWith('ord_')) return object.id;
  return null;
}
