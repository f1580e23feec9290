/**
 * Webhook signatures: HMAC-SHA256 over `${timestamp}.${rawBody}`, sent as
 * `Parvoz-Signature: t=<unix seconds>,v1=<hex>`; accepted within 5 minutes of the receiver's clock.
 * (Several `v1=` values may be present while a secret is being rotated.)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './provider.ts';

export const SIGNATURE_HEADER = 'parvoz-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function hmacHex(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signatureHeader(secret: string, rawBody: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

/** Throws WebhookRejected unless `header` signs `rawBody` with `secret` within the tolerance of `now`. */
export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): void {
  if (typeof header !== 'string' || header.length > 1000) throw new WebhookRejected('missing signature');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookRejected('malformed signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookRejected('stale signature');
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  const ok = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!ok) throw new WebhookRejected('bad signature');
}
