/**
 * The built-in sandbox payment provider (docs/design.md §4): a pretend card processor living in this process.
 * Its hosted card page is served at /v1/sandbox-pay/:session (routes/v1/sandbox-pay); when a payment ends
 * it POSTs a signed webhook to the site's own URL like an outside provider would, then sends the browser
 * back to the order page. The URL names only the session (its random provider ref): where to return and
 * in which language are kept server-side with the payment (docs/operations.md#unpaid-holds-and-order-links:
 * nothing secret rides in the path).
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  WebhookRejected,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type RefundInput,
  newProviderRef,
} from './provider.ts';
import { signatureHeader, SIGNATURE_HEADER, verifySignature } from './webhook-signature.ts';

export const SANDBOX_PROVIDER = 'sandbox';

/** A sandbox session id: `sbx_` + 128 random bits. */
export const SANDBOX_SESSION_PATTERN = /^sbx_[A-Za-z0-9_-]{22}$/;

/** A site-relative path only ("/…", not "//host"): the return can never leave the site. */
export function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && path.length < 1000;
}

/** A sandbox refund id: `sbr_` + 128 bits derived from our refund id (asking twice is the same refund). */
export const SANDBOX_REFUND_PATTERN = /^sbr_[A-Za-z0-9_-]{22}$/;

const WEBHOOK_TYPES: readonly PaymentEventType[] = [
  'payment.succeeded',
  'payment.failed',
  'payment.requires_action',
  'refund.succeeded',
  'refund.failed',
];

interface WebhookBody {
  id: string;
  type: PaymentEventType;
  created: number;
  data: {
    provider_ref: string;
    amount_minor: number;
    currency: string;
    refund_id?: string;
    failure_reason?: string;
  };
}

export interface SandboxOptions {
  secret: string;
  /** Origin for the card page URL (PUBLIC_URL), or undefined for a site-relative URL. */
  publicUrl?: string | undefined;
  /**
   * Where the sandbox sends its refund webhooks (the site's own /v1/payments/webhooks/sandbox), or null when
   * the site is not reachable (inject tests, which send the webhook themselves).
   */
  webhookUrl?: () => string | null;
  now?: () => Date;
  /** Told when a refund webhook was not taken (status 0: the site could not be reached). */
  onUndelivered?: (status: number, refundId: string) => void;
}

export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const { secret } = options;
  const derived = (purpose: string, id: string) =>
    createHmac('sha256', secret).update(`sandbox ${purpose}|${id}`).digest('base64url').slice(0, 22);
  return {
    name: SANDBOX_PROVIDER,
    // The return path and page language are kept with the payment (payments.return_path, .lang).
    async createSession(): Promise<PaymentSession> {
      const ref = newProviderRef('sbx');
      return { providerRef: ref, redirectUrl: sandboxPageUrl(options.publicUrl, ref) };
    },
    /**
     * The sandbox settles every refund at once: like an outside provider it answers with the refund's id and
     * tells the site by a signed `refund.succeeded` webhook over HTTP, afterwards and not awaited. The ids
     * (refund and event) follow from our refund id, so asking again is the same refund and the same event.
     */
    async refund(input: RefundInput) {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
        throw new RangeError(`sandbox refund: not a positive amount: ${input.amountMinor}`);
      if (!SANDBOX_SESSION_PATTERN.test(input.paymentProviderRef))
        throw new RangeError('sandbox refund: not a sandbox payment');
      const providerRef = `sbr_${derived('refund', input.refundId)}`;
      const url = options.webhookUrl?.() ?? null;
      if (url) {
        const now = options.now ?? (() => new Date());
        setImmediate(() => {
          void deliverSandboxWebhook(
            url,
            secret,
            {
              id: `evt_${derived('refund event', input.refundId)}`,
              type: 'refund.succeeded',
              providerRef,
              amountMinor: input.amountMinor,
              currency: input.currency,
              refundId: input.refundId,
            },
            now,
          ).then((status) => {
            if (status < 200 || status >= 300) options.onUndelivered?.(status, input.refundId);
          });
        });
      }
      return { providerRef };
    },
    parseWebhook(rawBody, headers, now): PaymentEvent {
      verifySignature(secret, rawBody, headers[SIGNATURE_HEADER], now);
      let body: WebhookBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as WebhookBody;
      } catch {
        throw new WebhookRejected('body is not JSON');
      }
      const refundId = body?.data?.refund_id;
      const failureReason = body?.data?.failure_reason;
      if (
        typeof body?.id !== 'string' ||
        body.id.length > 100 ||
        !WEBHOOK_TYPES.includes(body.type) ||
        typeof body.data?.provider_ref !== 'string' ||
        body.data.provider_ref.length > 100 ||
        !Number.isSafeInteger(body.data.amount_minor) ||
        typeof body.data.currency !== 'string' ||
        (refundId !== undefined && (typeof refundId !== 'string' || refundId.length > 100)) ||
        (failureReason !== undefined && (typeof failureReason !== 'string' || failureReason.length > 200))
      ) {
        throw new WebhookRejected('unexpected event shape');
      }
      return {
        id: body.id,
        type: body.type,
        providerRef: body.data.provider_ref,
        amountMinor: body.data.amount_minor,
        currency: body.data.currency,
        ...(refundId !== undefined ? { refundId } : {}),
        ...(failureReason !== undefined ? { failureReason } : {}),
      };
    },
  };
}

/** The hosted card page of a session: its path carries the session id and nothing else. */
export function sandboxPageUrl(publicUrl: string | undefined, ref: string): string {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/v1/sandbox-pay/${ref}`;
}

/** The webhook body and headers the sandbox sends for an event (exported for tests of the receiver). */
export function sandboxWebhook(
  secret: string,
  event: {
    type: PaymentEventType;
    providerRef: string;
    amountMinor: number;
    currency: string;
    id?: string;
    refundId?: string;
    failureReason?: string;
  },
  at: Date,
): { body: string; headers: Record<string, string> } {
  const payload: WebhookBody = {
    id: event.id ?? `evt_${randomBytes(12).toString('base64url')}`,
    type: event.type,
    created: Math.floor(at.getTime() / 1000),
    data: {
      provider_ref: event.providerRef,
      amount_minor: event.amountMinor,
      currency: event.currency,
      ...(event.refundId !== undefined ? { refund_id: event.refundId } : {}),
      ...(event.failureReason !== undefined ? { failure_reason: event.failureReason } : {}),
    },
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
