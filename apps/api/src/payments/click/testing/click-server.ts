/**
 * A local stand-in for Click, playing it at its network boundary as its public documentation describes
 * (docs.click.uz SHOP API and Merchant API; docs/decisions/0012-payme-and-click.md):
 *  - the payment page `/services/pay?service_id=…&merchant_id=…&amount=…&transaction_param=…&return_url=…`,
 *    whose "Pay" sends Prepare (action 0) and, if it is accepted, Complete (action 1) to the merchant as
 *    form fields signed with the MD5 `sign_string`, then sends the browser to `return_url`;
 *  - the Merchant API's reversal `DELETE /v2/merchant/payment/reversal/:service_id/:payment_id`, checking
 *    the `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp` header.
 *  - fiscal data (docs.click.uz/merchant-api/fiscalization): `POST /v2/merchant/payment/ofd_data/submit_items`
 *    for a completed payment, checking every mandatory item field (Name ≤ 63, a 17-digit SPIC, PackageCode,
 *    Price, Amount, VAT, VATPercent, CommissionInfo with a TIN or PINFL) and that the items and the received
 *    amounts equal the payment in tiyin; then `GET /v2/merchant/payment/ofd_data/:service_id/:payment_id`
 *    gives the registered receipt's `qrCodeURL`.
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
  /** Fiscal data submitted, by payment document (click_paydoc_id). */
  fiscal: Map<string, { items: Record<string, unknown>[]; qrCodeURL: string }>;
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
  const fiscal = new Map<string, { items: Record<string, unknown>[]; qrCodeURL: string }>();
  /** Payments Click completed (Complete answered 0): payment document → amount in tiyin. */
  const completed = new Map<string, number>();
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
    const answer = (await response.json()) as ClickAnswer;
    if (body.action === '1' && body.error === '0' && answer.error === 0)
      completed.set(body.click_paydoc_id!, Math.round(Number(body.amount) * 100));
    return answer;
  }

  /** What is wrong with a submit_items body for a completed payment, or null. */
  function fiscalFault(body: Record<string, unknown>): string | null {
    if (body.service_id !== serviceId) return 'service_id';
    const paid = completed.get(String(body.payment_id));
    if (paid === undefined) return 'payment_id is not a completed payment';
    const items = body.items as Record<string, unknown>[] | undefined;
    if (!Array.isArray(items) || items.length === 0) return 'items must hold at least one item';
    let sum = 0;
    for (const item of items) {
      if (typeof item.Name !== 'string' || !item.Name || item.Name.length > 63) return 'Name';
      if (typeof item.SPIC !== 'string' || !/^\d{17}$/.test(item.SPIC)) return 'SPIC';
      if (typeof item.PackageCode !== 'string' || !item.PackageCode || item.PackageCode.length > 20)
        return 'PackageCode';
      for (const field of ['Price', 'Amount', 'VAT', 'VATPercent'])
        if (!Number.isSafeInteger(item[field]) || (item[field] as number) < 0) return field;
      const info = item.CommissionInfo as { TIN?: unknown; PINFL?: unknown } | undefined;
      if (!info || (!/^\d{9}$/.test(String(info.TIN ?? '')) && !/^\d{14}$/.test(String(info.PINFL ?? ''))))
        return 'CommissionInfo';
      sum += (item.Price as number) - Number(item.Discount ?? 0) - Number(item.Other ?? 0);
    }
    const received =
      Number(body.received_ecash ?? 0) + Number(body.received_cash ?? 0) + Number(body.received_card ?? 0);
    if (sum !== paid || received !== paid) return `items ${sum} and received ${received}, not ${paid}`;
    return null;
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
    const ofd = /^\/v2\/merchant\/payment\/ofd_data\/(?:submit_items|(\d+)\/(\d+))$/.exec(url.pathname);
    if (ofd) {
      const [user, digest, timestamp] = String(request.headers.auth ?? '').split(':');
      const expected = createHash('sha1').update(`${timestamp}${secretKey}`).digest('hex');
      const json = (body: object) => send(200, 'application/json', JSON.stringify(body));
      if (user !== String(merchantUserId) || digest !== expected)
        return send(
          401,
          'application/json',
          JSON.stringify({ error_code: -1, error_note: 'Authorization failed' }),
        );
      if (request.method === 'POST' && !ofd[1]) {
        const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
        const fault = fiscalFault(body);
        if (fault) return json({ error_code: -8, error_note: `Invalid fiscal data: ${fault}` });
        const paymentId = String(body.payment_id);
        fiscal.set(paymentId, {
          items: body.items as Record<string, unknown>[],
          qrCodeURL: `https://ofd.soliq.uz/epi?t=EZ000000000030&r=${paymentId}&c=20261123110000&s=854971301623`,
        });
        return json({ error_code: 0, error_note: 'Success' });
      }
      if (request.method === 'GET' && ofd[1] === String(serviceId)) {
        const kept = fiscal.get(ofd[2]!);
        if (!kept) return json({ error_code: -5, error_note: 'Fiscal data not found' });
        return json({ paymentId: Number(ofd[2]), qrCodeURL: kept.qrCodeURL });
      }
      return send(404, 'application/json', JSON.stringify({ error_code: -3, error_note: 'Not found' }));
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
    fiscal,
    fields,
    send,
    newIds,
    pay,
    close: server.close,
  };
}
