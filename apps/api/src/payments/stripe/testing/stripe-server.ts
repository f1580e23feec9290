/**
 * A local stand-in for Stripe, for tests (docs/payment-providers.md): real HTTP on loopback, playing the
 * parts of Stripe's API the site uses exactly as docs.stripe.com describes them
 * (docs/decisions/0016-card-providers.md):
 *
 *   every call      `Authorization: Bearer sk_…` (else 401), form-encoded bodies with bracketed keys, an
 *                   `Idempotency-Key` replays the first answer, errors as `{ error: { type, code, message } }`
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, GET /v1/checkout/sessions (list, `created`)
 *   POST /v1/refunds, GET /v1/refunds (list by `payment_intent`, `created`)
 *   GET  /c/pay/:id  POST /c/pay/:id     the hosted page: 4242 4242 4242 4242 pays (then the browser goes
 *                                        to `success_url`), 4000 0000 0000 0002 is declined (the page says so)
 * and webhooks: events (`evt_…`, `data.object`) POSTed to the endpoint with
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import qs from 'qs';
import { readBody, serveOnLoopback, type Loose } from '../../testing/http.ts';

export const STRIPE_TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  url: string | null;
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  /** Set when it failed (Stripe's values: `expired_or_canceled_card`, `lost_or_stolen_card`, `unknown`). */
  failure_reason?: string;
}

export interface StripeServerOptions {
  secretKey: string;
  webhookSecret: string;
  /** The webhook endpoint (the site's /v1/payments/webhooks/stripe); none: no webhooks. */
  webhookUrl?: string;
  now?: () => Date;
  /** Refunds start `pending` and succeed only by `settleRefund` (a bank that takes its time). */
  refundsPending?: boolean;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's signature header for `payload` signed at `at` with `secret`. */
export function stripeSignatureHeader(secret: string, payload: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

export async function startStripeServer(options: StripeServerOptions) {
  const now = options.now ?? (() => new Date());
  const sessions = new Map<string, StripeSession>();
  const refunds = new Map<string, StripeRefund>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const events: { id: string; type: string; status: number }[] = [];
  let url = '';
  const seconds = () => Math.floor(now().getTime() / 1000);

  const error = (status: number, type: string, message: string, code?: string, param?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
  });

  /** A signed event as Stripe sends it (body and headers); `secret` forges it, `at` dates the signature. */
  function event(type: string, object: unknown, opts: { id?: string; secret?: string; at?: Date } = {}) {
    const body = JSON.stringify({
      id: opts.id ?? id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return {
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(
          opts.secret ?? options.webhookSecret,
          body,
          opts.at ?? now(),
        ),
      },
    };
  }

  /** Delivers an event to the webhook endpoint; resolves with the HTTP status. */
  async function deliver(type: string, object: unknown, opts: { id?: string } = {}): Promise<number> {
    if (!options.webhookUrl) return 0;
    const signed = event(type, object, opts);
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      body: signed.body,
      headers: signed.headers,
    });
    await response.body?.cancel();
    events.push({ id: JSON.parse(signed.body).id as string, type, status: response.status });
    return response.status;
  }

  /** The card was accepted: the session completes and Stripe says so by webhook. */
  async function complete(sessionId: string): Promise<StripeSession> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    session.url = null;
    await deliver('checkout.session.completed', session);
    return session;
  }

  /** The session's time ran out. */
  async function expire(sessionId: string): Promise<StripeSession> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    session.status = 'expired';
    session.url = null;
    await deliver('checkout.session.expired', session);
    return session;
  }

  /** A pending refund went through (`refund.updated`). */
  async function settleRefund(refundId: string): Promise<StripeRefund> {
    const refund = refunds.get(refundId)!;
    refund.status = 'succeeded';
    await deliver('refund.updated', refund);
    return refund;
  }

  /** A pending refund the card could not take back (`refund.failed`, with the refund object as it now is). */
  async function failRefund(refundId: string, reason = 'expired_or_canceled_card'): Promise<StripeRefund> {
    const refund = refunds.get(refundId)!;
    refund.status = 'failed';
    refund.failure_reason = reason;
    await deliver('refund.failed', refund);
    return refund;
  }

  function list<T extends { created: number; id: string }>(items: T[], query: Loose, path: string) {
    const created = (query.created ?? {}) as Record<string, string>;
    const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10)));
    let rows = items
      .filter((item) => !created.gte || item.created >= Number(created.gte))
      .filter((item) => !created.lte || item.created <= Number(created.lte))
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    if (query.starting_after) rows = rows.slice(rows.findIndex((r) => r.id === query.starting_after) + 1);
    return {
      status: 200,
      body: { object: 'list', url: path, has_more: rows.length > limit, data: rows.slice(0, limit) },
    };
  }

  function api(method: string, path: string, query: Loose, params: Loose) {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const line = params.line_items?.[0];
      const price = line?.price_data ?? {};
      const amount = Number(price.unit_amount);
      const quantity = Number(line?.quantity ?? 1);
      if (params.mode !== 'payment')
        return error(400, 'invalid_request_error', 'Invalid mode', 'parameter_invalid_string', 'mode');
      if (!/^[a-z]{3}$/.test(String(price.currency ?? '')))
        return error(
          400,
          'invalid_request_error',
          'Invalid currency',
          'parameter_invalid_string',
          'line_items[0][price_data][currency]',
        );
      if (!Number.isSafeInteger(amount) || amount <= 0 || !Number.isSafeInteger(quantity) || quantity < 1)
        return error(
          400,
          'invalid_request_error',
          'Invalid integer',
          'parameter_invalid_integer',
          'line_items[0][price_data][unit_amount]',
        );
      if (!params.success_url || !URL.canParse(params.success_url))
        return error(400, 'invalid_request_error', 'Not a valid URL', 'url_invalid', 'success_url');
      const expiresAt = params.expires_at ? Number(params.expires_at) : seconds() + 24 * 3600;
      if (expiresAt < seconds() + 30 * 60 || expiresAt > seconds() + 24 * 3600)
        return error(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
          'parameter_invalid_integer',
          'expires_at',
        );
      const session: StripeSession = {
        id: id('cs'),
        object: 'checkout.session',
        amount_total: amount * quantity,
        amount_subtotal: amount * quantity,
        currency: String(price.currency),
        client_reference_id: params.client_reference_id ?? null,
        created: seconds(),
        expires_at: expiresAt,
        livemode: false,
        locale: params.locale ?? null,
        metadata: params.metadata ?? {},
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        customer_email: params.customer_email ?? null,
        url: '',
      };
      session.url = `${url}/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const one = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && one) {
      const session = sessions.get(one[1]!);
      return session
        ? { status: 200, body: session }
        : error(
            404,
            'invalid_request_error',
            `No such checkout.session: '${one[1]}'`,
            'resource_missing',
            'id',
          );
    }
    if (method === 'GET' && path === '/v1/checkout/sessions')
      return list([...sessions.values()], query, path);
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = String(params.payment_intent ?? '');
      const session = [...sessions.values()].find(
        (s) => s.payment_intent === intent && s.payment_status === 'paid',
      );
      if (!session)
        return error(
          404,
          'invalid_request_error',
          `No such payment_intent: '${intent}'`,
          'resource_missing',
          'payment_intent',
        );
      const done = [...refunds.values()]
        .filter((r) => r.payment_intent === intent && r.status !== 'failed' && r.status !== 'canceled')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = params.amount === undefined ? session.amount_total - done : Number(params.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0 || done + amount > session.amount_total)
        return error(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge`,
          'amount_too_large',
          'amount',
        );
      const refund: StripeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        created: seconds(),
        metadata: params.metadata ?? {},
        payment_intent: intent,
        status: options.refundsPending ? 'pending' : 'succeeded',
      };
      refunds.set(refund.id, refund);
      void deliver('refund.created', refund).catch(() => undefined);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds')
      return list(
        [...refunds.values()].filter(
          (r) => !query.payment_intent || r.payment_intent === query.payment_intent,
        ),
        query,
        path,
      );
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function page(body: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Stripe test checkout</title></head><body><main>${body}</main></body></html>`;
  }

  const server = await serveOnLoopback(async (request, response) => {
    const address = new URL(request.url ?? '/', url);
    const body = await readBody(request);
    const hosted = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(address.pathname);
    if (hosted) {
      const session = sessions.get(hosted[1]!);
      const html = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page(text));
      };
      if (!session || session.status !== 'open')
        return html(404, '<h1>This checkout session is no longer available</h1>');
      const form = (note = '') =>
        `<h1>Pay ${session.amount_total} ${session.currency.toUpperCase()} (smallest unit)</h1>${note}<form method="post"><label>Card number <input name="card" required></label><button type="submit">Pay</button></form>${session.cancel_url ? `<a href="${session.cancel_url}">Back</a>` : ''}`;
      if (request.method === 'GET') return html(200, form());
      const card = (new URLSearchParams(body).get('card') ?? '').replace(/\D/g, '');
      if (card !== STRIPE_TEST_CARDS.success)
        return html(402, form('<p role="alert">Your card was declined.</p>'));
      await complete(session.id);
      response.writeHead(303, {
        location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
      });
      return response.end();
    }
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
      });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`)
      return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string' && idempotent.has(key)) {
      const first = idempotent.get(key)!;
      return answer(first.status, first.body);
    }
    const result = api(
      request.method ?? 'GET',
      address.pathname,
      qs.parse(address.search.slice(1)) as Loose,
      qs.parse(body) as Loose,
    );
    if (request.method === 'POST' && typeof key === 'string' && result.status < 500)
      idempotent.set(key, result);
    answer(result.status, result.body);
  });
  url = server.url;

  return {
    url,
    sessions,
    refunds,
    events,
    event,
    deliver,
    complete,
    expire,
    settleRefund,
    failRefund,
    /** The session opened for our payment (by its metadata). */
    sessionOf(paymentId: string): StripeSession | undefined {
      return [...sessions.values()].find((s) => s.metadata.payment_id === paymentId);
    },
    close: server.close,
  };
}

export type StripeTestServer = Awaited<ReturnType<typeof startStripeServer>>;
