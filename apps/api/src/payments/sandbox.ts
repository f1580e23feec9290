/**
 * The built-in sandbox payment provider (DESIGN §4): a pretend card processor living in this process.
 * Its hosted card page is served at /v1/sandbox-pay/:session (routes/v1/sandbox-pay); when a payment ends
 * it POSTs a signed webhook to the site's own URL like an outside provider would, then sends the browser
 * back to the order page. The session in the URL is signed, so the page cannot be pointed elsewhere.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@parvoz/i18n/locales';
import { isLocale } from '@parvoz/i18n/locales';
import {
  WebhookRejected,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type PaymentSessionInput,
} from './provider.ts';
import { signatureHeader, SIGNATURE_HEADER, verifySignature } from './webhook-signature.ts';

export const SANDBOX_PROVIDER = 'sandbox';

/** What a sandbox session URL carries (signed): the provider ref, where to return, the page language. */
export interface SandboxSession {
  ref: string;
  returnPath: string;
  lang: Locale;
}

function sessionKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('parvoz sandbox session v1').digest();
}

function sign(secret: string, text: string): string {
  return createHmac('sha256', sessionKey(secret)).update(text).digest('base64url');
}

/** A site-relative path only ("/…", not "//host"): the return can never leave the site. */
function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && path.length < 1000;
}

export function encodeSandboxSession(secret: string, session: SandboxSession): string {
  const body = Buffer.from(JSON.stringify([session.ref, session.returnPath, session.lang])).toString(
    'base64url',
  );
  return `${body}.${sign(secret, body)}`;
}

/** The session of a URL segment, or null when it is not one we signed. */
export function decodeSandboxSession(secret: string, token: string): SandboxSession | null {
  if (token.length > 1500) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [ref, returnPath, lang] = value as unknown[];
    if (typeof ref !== 'string' || typeof returnPath !== 'string' || !isLocale(lang)) return null;
    if (!isSitePath(returnPath)) return null;
    return { ref, returnPath, lang };
  } catch {
    return null;
  }
}

interface WebhookBody {
  id: string;
  type: PaymentEventType;
  created: number;
  data: { provider_ref: string; amount_minor: number; currency: string };
}

export function createSandboxProvider(options: {
  secret: string;
  /** Origin for the card page URL (PUBLIC_URL), or undefined for a site-relative URL. */
  publicUrl?: string | undefined;
}): PaymentProvider {
  const { secret } = options;
  return {
    name: SANDBOX_PROVIDER,
    async createSession(input: PaymentSessionInput): Promise<PaymentSession> {
      const ref = `sbx_${randomBytes(16).toString('base64url')}`;
      return { providerRef: ref, redirectUrl: sandboxPageUrl(secret, options.publicUrl, ref, input) };
    },
    parseWebhook(rawBody, headers, now): PaymentEvent {
      verifySignature(secret, rawBody, headers[SIGNATURE_HEADER], now);
      let body: WebhookBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as WebhookBody;
      } catch {
        throw new WebhookRejected('body is not JSON');
      }
      const types: PaymentEventType[] = ['payment.succeeded', 'payment.failed', 'payment.requires_action'];
      if (
        typeof body?.id !== 'string' ||
        body.id.length > 100 ||
        !types.includes(body.type) ||
        typeof body.data?.provider_ref !== 'string' ||
        !Number.isSafeInteger(body.data.amount_minor) ||
        typeof body.data.currency !== 'string'
      ) {
        throw new WebhookRejected('unexpected event shape');
      }
      return {
        id: body.id,
        type: body.type,
        providerRef: body.data.provider_ref,
        amountMinor: body.data.amount_minor,
        currency: body.data.currency,
      };
    },
  };
}

/** The hosted card page of a session (also used to give an open session again, e.g. in another language). */
export function sandboxPageUrl(
  secret: string,
  publicUrl: string | undefined,
  ref: string,
  input: Pick<PaymentSessionInput, 'returnPath' | 'lang'>,
): string {
  const token = encodeSandboxSession(secret, { ref, returnPath: input.returnPath, lang: input.lang });
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/v1/sandbox-pay/${token}`;
}

/** The webhook body and headers the sandbox sends for an event (exported for tests of the receiver). */
export function sandboxWebhook(
  secret: string,
  event: { type: PaymentEventType; providerRef: string; amountMinor: number; currency: string; id?: string },
  at: Date,
): { body: string; headers: Record<string, string> } {
  const payload: WebhookBody = {
    id: event.id ?? `evt_${randomBytes(12).toString('base64url')}`,
    type: event.type,
    created: Math.floor(at.getTime() / 1000),
    data: { provider_ref: event.providerRef, amount_minor: event.amountMinor, currency: event.currency },
  };
  const body = JSON.stringify(payload);
  return {
    body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, body, at) },
  };
}

/**
 * Delivers a webhook over real HTTP to `url` like an outside provider: up to 3 tries (network errors and
 * 5xx), 10 s each. Resolves with the last status, or 0 when the site could not be reached.
 */
export async function deliverSandboxWebhook(
  url: string,
  secret: string,
  event: Parameters<typeof sandboxWebhook>[1],
  now: () => Date,
): Promise<number> {
  const id = event.id ?? `evt_${randomBytes(12).toString('base64url')}`;
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    const { body, headers } = sandboxWebhook(secret, { ...event, id }, now());
    try {
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
      if (status < 500) return status;
    } catch {
      status = 0;
    }
  }
  return status;
}
