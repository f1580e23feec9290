/**
 * A local stand-in for Click, playing it at its network boundary as its public documentation describes
 * (docs.click.uz SHOP API and Merchant API; docs/decisions/0012-payme-and-click.md):
 *  - the payment page `/services/pay?service_id=…&merchant_id=…&amount=…&transaction_param=…&return_url=…`,
 *    whose "Pay" sends Prepare (action 0) and, if it is accepted, Complete (action 1) to the merchant as
 *    form fields signed with the MD5 `sign_string`, then sends the browser to `return_url`;
 *  - the Merchant API's reversal `DELETE /v2/merchant/payment/reversal/:service_id/:payment_id`, checking
 *    the `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp` header.
 * Tests also send Prepare and Complete themselves (`send`) to play duplicates, wrong signatures and
 * amounts, and Click's own cancellations (a negative `error`).
 */
import { createHash, randomInt } from 'node:crypto';
import { readBody, escapeHtml, serveOnLoopback } from '../../testing/http.ts';

export interface ClickAnswer {
  click_trans_id?: number | string | null;
  merchant_trans_id?: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}

export type ClickFields = Record<string, string> & {
  click_trans_id: string;
  service_id: string;
  click_paydoc_id: string;
  merchant_trans_id: string;
  merchant_prepare_id?: string;
  amount: string;
  action: string;
  error: string;
  error_note: string;
  sign_time: string;
  sign_string: string;
};

export interface ClickTestServer {
  url: string;
  serviceId: number;
  merchantId: number;
  merchantUserId: number;
  secretKey: string;
  /** The merchant's Prepare and Complete URLs (set once the site listens). */
  prepareUrl: string;
  completeUrl: string;
  /** Payment documents reversed through the Merchant API. */
  reversals: string[];
  /** Signed fields of a Prepare (no merchant_prepare_id) or a Complete; `overrides` replace any after signing. */
  fields(input: {
    clickTransId: string;
    paydocId?: string;
    orderId: string;
    amount: string;
    action: 0 | 1;
    prepareId?: number | string;
    error?: number;
    secretKey?: string;
  }): ClickFields;
  /** POSTs the fields to the merchant as Click does (form-urlencoded). */
  send(url: string, fields: Record<string, string>): Promise<ClickAnswer>;
  /** A new attempt's ids. */
  newIds(): { clickTransId: string; paydocId: string };
  /** The page's "Pay": Prepare then Complete (error 0, or `failWith` as Click's own failure). */
  pay(orderId: string, amount: string, options?: { failWith?: number }): Promise<ClickAnswer[]>;
  close(): Promise<void>;
}

/** Click's sign_time: the payment date, "YYYY-MM-DD HH:mm:ss". */
const signTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

export async function startClickServer(options: { now?: () => number } = {}): Promise<ClickTestServer> {
  const serviceId = randomInt(10_000, 99_999);
  const merchantId = randomInt(1_000, 9_999);
  const merchantUserId = randomInt(10_000, 99_999);
  const secretKey = `click-secret-${randomInt(1e9)}`;
  const now = options.now ?? (() => Date.now());
  const reversals: string[] = [];
  let nextId = randomInt(1e9, 2e9);
  const urls = { prepare: '', complete: '' };

  const md5 = (text: string) => createHash('md5').update(text).digest('hex');

  function fields(input: Parameters<ClickTestServer['fields']>[0]): ClickFields {
    const unsigned = {
      click_trans_id: input.clickTransId,
      service_id: String(serviceId),
      click_paydoc_id: input.paydocId ?? String(Number(input.clickTransId) + 7),
      merchant_trans_id: input.orderId,
      ...(input.action === 1 ? { merchant_prepare_id: String(input.prepareId ?? '') } : {}),
      amount: input.amount,
      action: String(input.action),
      error: String(input.error ?? 0),
      error_note: input.error ? 'Payment failed' : 'Success',
      sign_time: signTime(new Date(now())),
    };
    const sign = md5(
      unsigned.click_trans_id +
        unsigned.service_id +
        (input.secretKey ?? secretKey) +
        unsigned.merchant_trans_id +
        (unsigned.merchant_prepare_id ?? '') +
        unsigned.amount +
        unsigned.action +
        unsigned.sign_time,
    );
    return { ...unsigned, sign_string: sign };
  }

  async function send(url: string, body: Record<string, string>): Promise<ClickAnswer> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    if (response.status !== 200)
      throw new Error(`merchant answered HTTP ${response.status}: ${await response.text()}`);
    return (await response.json()) as ClickAnswer;
  }

  const newIds = () => {
    const clickTransId = String(nextId++);
    return { clickTransId, paydocId: String(nextId++) };
  };

  async function pay(orderId: string, amount: string, payOptions: { failWith?: number } = {}) {
    const { clickTransId, paydocId } = newIds();
    const prepared = await send(urls.prepare, fields({ clickTransId, paydocId, orderId, amount, action: 0 }));
    if (prepared.error !== 0) return [prepared];
    const completed = await send(
      urls.complete,
      fields({
        clickTransId,
        paydocId,
        orderId,
        amount,
        action: 1,
        prepareId: prepared.merchant_prepare_id!,
        error: payOptions.failWith ?? 0,
      }),
    );
    return [prepared, completed];
  }

  const server = await serveOnLoopback(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://click.test');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(body);
    };
    const reversal = /^\/v2\/merchant\/payment\/reversal\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (reversal && request.method === 'DELETE') {
      const [user, digest, timestamp] = String(request.headers.auth ?? '').split(':');
      const expected = createHash('sha1').update(`${timestamp}${secretKey}`).digest('hex');
      if (user !== String(merchantUserId) || digest !== expected)
        return send(
          401,
          'application/json',
          JSON.stringify({ error_code: -1, error_note: 'Authorization failed' }),
        );
      if (reversal[1] !== String(serviceId))
        return send(
          200,
          'application/json',
          JSON.stringify({ error_code: -5, error_note: 'Service not found' }),
        );
      if (reversals.includes(reversal[2]!))
        return send(
          200,
          'application/json',
          JSON.stringify({ error_code: -16, error_note: 'Payment already cancelled' }),
        );
      reversals.push(reversal[2]!);
      return send(
        200,
        'application/json',
        JSON.stringify({ error_code: 0, error_note: 'Success', payment_id: Number(reversal[2]) }),
      );
    }
    if (url.pathname.replace(/\/$/, '') === '/services/pay') {
      const param = (name: string) => url.searchParams.get(name) ?? '';
      if (param('service_id') !== String(serviceId) || param('merchant_id') !== String(merchantId))
        return send(404, 'text/plain', 'unknown service');
      if (request.method === 'GET')
        return send(
          200,
          'text/html; charset=utf-8',
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CLICK</title></head><body><main>
<h1>CLICK</h1><p>${escapeHtml(param('transaction_param'))}: <strong>${escapeHtml(param('amount'))}</strong> UZS</p>
<form method="post"><button type="submit">Pay</button></form></main></body></html>`,
        );
      await readBody(request);
      const answers = await pay(param('transaction_param'), param('amount'));
      const failed = answers.find((a) => a.error !== 0);
      if (failed) return send(402, 'text/html; charset=utf-8', `<p>Refused: ${failed.error}</p>`);
      return send(303, 'text/plain', '', { location: param('return_url') });
    }
    return send(404, 'text/plain', 'not found');
  });
  return {
    url: server.url,
    serviceId,
    merchantId,
    merchantUserId,
    secretKey,
    get prepareUrl() {
      return urls.prepare;
    },
    set prepareUrl(value: string) {
      urls.prepare = value;
    },
    get completeUrl() {
      return urls.complete;
    },
    set completeUrl(value: string) {
      urls.complete = value;
    },
    reversals,
    fields,
    send,
    newIds,
    pay,
    close: server.close,
  };
}
