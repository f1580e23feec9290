/**
 * A local stand-in for Payme Business, playing it at its network boundary as its public documentation
 * describes (developer.help.paycom.uz; docs/decisions/0012-payme-and-click.md):
 *  - the checkout page at `/<base64(m=…;ac.order_id=…;a=…;l=…;c=…)>` (GET method): "Pay" runs the Merchant
 *    API sequence against the merchant's endpoint — CheckPerformTransaction, CreateTransaction,
 *    PerformTransaction, with `Authorization: Basic base64(Paycom:<key>)` — then sends the browser back to
 *    `c`; a refused PerformTransaction is cancelled (CancelTransaction), as Payme does;
 *  - the Subscribe API at `/api` (`X-Auth: <cashbox id>:<key>`): receipts.get_all, and receipts.cancel,
 *    which queues a paid receipt for cancelling (state 21) and then calls CancelTransaction (reason 5).
 *  - ChangePassword (developer.help.paycom.uz/metody-merchant-api/changepassword): the cabinet's "change key"
 *    calls the merchant with the old key, then Payme and its Subscribe API use only the new one;
 *  - fiscal receipts: with `fiscal`, CheckPerformTransaction's `detail` must be there and hold
 *    (…/checkperformtransaction: `receipt_type`, items with `title`, `price` in tiyin, `count`, a 17-digit
 *    IKPU `code`, `package_code`, `vat_percent`, adding up to the amount) or the checkout stops, and after a
 *    payment Payme registers the receipt and hands it over with SetFiscalData (…/setfiscaldata).
 * Tests also call the merchant directly (`call`) to play duplicates, out-of-order calls and wrong keys.
 */
import { randomBytes } from 'node:crypto';
import { readBody, escapeHtml, serveOnLoopback } from '../../testing/http.ts';

export interface PaymeReceipt {
  _id: string;
  create_time: number;
  pay_time: number;
  cancel_time: number;
  /** 0 created, 4 paid, 21 queued for cancelling, 50 cancelled. */
  state: number;
  amount: number;
  currency: 860;
  account: { name: string; value: string }[];
}

export interface PaymeFiscalReceipt {
  receipt_id: number;
  status_code: number;
  message: string;
  terminal_id: string;
  fiscal_sign: string;
  qr_code_url: string;
  date: string;
}

export interface PaymeAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: unknown; data?: unknown };
}

export interface PaymeTestServer {
  url: string;
  merchantId: string;
  key: string;
  /** The merchant's Merchant API endpoint (set once the site listens). */
  endpoint: string;
  /** What Payme holds, by transaction id (the receipts of receipts.get_all). */
  receipts: Map<string, PaymeReceipt>;
  /** The fiscal receipts Payme registered, by transaction id (with `fiscal`). */
  fiscalReceipts: Map<string, PaymeFiscalReceipt>;
  /** The receipt `detail` each CheckPerformTransaction answered (its items), by the transaction it led to. */
  receiptDetails: Map<string, Record<string, unknown>>;
  /** The cabinet's "change key": ChangePassword with the old key; on success Payme uses the new one. */
  changeKey(newKey: string): Promise<PaymeAnswer>;
  /** One JSON-RPC call to the merchant, as Payme makes it (`authorization: null` sends none). */
  call(
    method: string,
    params: object,
    options?: { authorization?: string | null; id?: number },
  ): Promise<PaymeAnswer>;
  /** A new Payme transaction id (24 hex characters). */
  newId(): string;
  /** Checkout: CheckPerform, Create, Perform for an order; a refused Perform is cancelled like Payme does. */
  pay(orderId: string, tiyin: number): Promise<{ id: string; answers: PaymeAnswer[] }>;
  close(): Promise<void>;
}

/**
 * What is wrong with a CheckPerformTransaction `detail` (developer.help.paycom.uz/metody-merchant-api/
 * checkperformtransaction), or null: receipt_type 0, at least one item, each with a title, a whole `price` in
 * tiyin and `count`, a 17-digit IKPU `code`, a `package_code` and a `vat_percent`; the items' price × count, less
 * discounts, plus shipping, equal the amount.
 */
function receiptDetailFault(detail: unknown, tiyin: number): string | null {
  if (!detail || typeof detail !== 'object') return 'no detail';
  const { receipt_type, items, shipping } = detail as Record<string, unknown>;
  if (receipt_type !== 0) return 'receipt_type is not 0';
  if (!Array.isArray(items) || items.length === 0) return 'no items';
  let sum =
    typeof shipping === 'object' && shipping ? Number((shipping as { price?: unknown }).price ?? 0) : 0;
  for (const item of items as Record<string, unknown>[]) {
    if (typeof item.title !== 'string' || !item.title) return 'an item without a title';
    if (!Number.isSafeInteger(item.price) || (item.price as number) < 0) return 'a price not in whole tiyin';
    if (!Number.isSafeInteger(item.count) || (item.count as number) < 1) return 'a count below 1';
    if (typeof item.code !== 'string' || !/^\d{17}$/.test(item.code)) return 'an IKPU code not of 17 digits';
    if (typeof item.package_code !== 'string' || !item.package_code) return 'an item without a package_code';
    if (!Number.isInteger(item.vat_percent)) return 'an item without vat_percent';
    sum += (item.price as number) * (item.count as number) - Number(item.discount ?? 0);
  }
  return sum === tiyin ? null : `the items add up to ${sum}, not ${tiyin}`;
}

/** `m=…;ac.order_id=…;a=…;c=…` from the checkout path; null when it is not one. */
function checkoutParams(segment: string): Map<string, string> | null {
  const text = Buffer.from(decodeURIComponent(segment), 'base64').toString('utf8');
  if (!text.includes('m=')) return null;
  const params = new Map<string, string>();
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) params.set(part.slice(0, at), part.slice(at + 1));
  }
  return params;
}

/**
 * A site's settings for paying through `server` (docs/payment-providers.md): its cashbox, key and addresses, and the
 * fiscal codes of tickets and luggage (the tax committee's IKPU and package codes, VAT) its receipts need.
 */
export function paymeSiteEnv(server: PaymeTestServer): Record<string, string> {
  return {
    PAYME_MERCHANT_ID: server.merchantId,
    PAYME_KEY: server.key,
    PAYME_CHECKOUT_URL: server.url,
    PAYME_API_URL: `${server.url}/api`,
    PAYME_FISCAL_TICKET_IKPU: '10399001001000000',
    PAYME_FISCAL_TICKET_PACKAGE_CODE: '1514296',
    PAYME_FISCAL_TICKET_VAT_PERCENT: '0',
    PAYME_FISCAL_LUGGAGE_IKPU: '10399002001000000',
    PAYME_FISCAL_LUGGAGE_PACKAGE_CODE: '1514297',
    PAYME_FISCAL_LUGGAGE_VAT_PERCENT: '12',
  };
}

export async function startPaymeServer(
  options: { merchantId?: string; key?: string; now?: () => number; login?: string; fiscal?: boolean } = {},
): Promise<PaymeTestServer> {
  const merchantId = options.merchantId ?? randomBytes(12).toString('hex');
  let key = options.key ?? randomBytes(18).toString('base64url');
  const fiscalReceipts = new Map<string, PaymeFiscalReceipt>();
  const receiptDetails = new Map<string, Record<string, unknown>>();
  let receiptNumber = 0;
  const login = options.login ?? 'Paycom';
  const now = options.now ?? (() => Date.now());
  const receipts = new Map<string, PaymeReceipt>();
  let rpcId = 0;

  const state = {
    endpoint: '',
    async call(
      method: string,
      params: object,
      callOptions: { authorization?: string | null; id?: number } = {},
    ) {
      const authorization =
        callOptions.authorization === undefined
          ? `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`
          : callOptions.authorization;
      const response = await fetch(state.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          ...(authorization === null ? {} : { authorization }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: callOptions.id ?? ++rpcId, method, params }),
      });
      if (response.status !== 200)
        throw new Error(`merchant answered HTTP ${response.status}: ${await response.text()}`);
      const answer = (await response.json()) as PaymeAnswer;
      if (!answer.error) keepReceipt(method, params as Record<string, unknown>, answer.result ?? {});
      return answer;
    },
  };

  /** Payme's own record follows what the merchant accepted (receipts.get_all lists it). */
  function keepReceipt(method: string, params: Record<string, unknown>, result: Record<string, unknown>) {
    const id = String(params.id);
    const receipt = receipts.get(id);
    if (method === 'CreateTransaction' && !receipt)
      receipts.set(id, {
        _id: id,
        create_time: Number(params.time),
        pay_time: 0,
        cancel_time: 0,
        state: 0,
        amount: Number(params.amount),
        currency: 860,
        account: Object.entries(params.account as Record<string, string>).map(([name, value]) => ({
          name,
          value,
        })),
      });
    if (method === 'PerformTransaction' && receipt && receipt.state === 0) {
      receipt.state = 4;
      receipt.pay_time = now();
    }
    if (
      method === 'CancelTransaction' &&
      receipt &&
      receipt.state !== 50 &&
      (result.state === -1 || result.state === -2)
    ) {
      receipt.state = 50;
      receipt.cancel_time = now();
    }
  }

  const newId = () => randomBytes(12).toString('hex');

  async function pay(orderId: string, tiyin: number) {
    const account = { order_id: orderId };
    const answers: PaymeAnswer[] = [];
    const id = newId();
    const checked = await state.call('CheckPerformTransaction', { amount: tiyin, account });
    answers.push(checked);
    if (checked.error) return { id, answers };
    const detailFault = options.fiscal ? receiptDetailFault(checked.result?.detail, tiyin) : null;
    if (checked.result?.detail) receiptDetails.set(id, checked.result.detail as Record<string, unknown>);
    if (detailFault) {
      answers.push({ error: { code: 0, message: `the checkout refuses the receipt: ${detailFault}` } });
      return { id, answers };
    }
    const time = now();
    const created = await state.call('CreateTransaction', { id, time, amount: tiyin, account });
    answers.push(created);
    if (created.error) return { id, answers };
    // The card is debited here; then Payme tells the merchant, and cancels what the merchant refuses.
    const performed = await state.call('PerformTransaction', { id });
    answers.push(performed);
    if (performed.error) answers.push(await state.call('CancelTransaction', { id, reason: 3 }));
    else if (options.fiscal) answers.push(await registerReceipt(id));
    return { id, answers };
  }

  /** Payme registers the paid receipt with the tax committee and hands it to the merchant. */
  async function registerReceipt(id: string): Promise<PaymeAnswer> {
    const at = new Date(now());
    const date = at.toISOString().replace(/\D/g, '').slice(0, 14);
    const receipt: PaymeFiscalReceipt = {
      receipt_id: ++receiptNumber,
      status_code: 0,
      message: 'accepted',
      terminal_id: 'EP000000000025',
      fiscal_sign: String(100_000_000_000 + receiptNumber),
      qr_code_url: `https://ofd.soliq.uz/epi?t=EP000000000025&r=${receiptNumber}&c=${date}&s=${100_000_000_000 + receiptNumber}`,
      date,
    };
    fiscalReceipts.set(id, receipt);
    return state.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data: receipt });
  }

  async function changeKey(newKey: string): Promise<PaymeAnswer> {
    const answer = await state.call('ChangePassword', { password: newKey });
    if (answer.result?.success === true) key = newKey;
    return answer;
  }

  /** The Subscribe API: the merchant calls Payme. */
  async function subscribeApi(body: { id?: unknown; method?: string; params?: Record<string, unknown> }) {
    const params = body.params ?? {};
    if (body.method === 'receipts.get_all') {
      const count = Math.min(50, Number(params.count));
      const from = Number(params.from);
      const to = Number(params.to);
      const offset = Number(params.offset ?? 0);
      const list = [...receipts.values()]
        .filter((r) => r.create_time >= from && r.create_time <= to)
        .sort((a, b) => a.create_time - b.create_time)
        .slice(offset, offset + count);
      return { jsonrpc: '2.0', id: body.id, result: list };
    }
    if (body.method === 'receipts.cancel') {
      const receipt = receipts.get(String(params.id));
      if (!receipt)
        return { jsonrpc: '2.0', id: body.id, error: { code: -31602, message: 'Receipt not found' } };
      if (receipt.state === 4) {
        receipt.state = 21;
        // Payme works through its cancel queue and then calls the merchant.
        setImmediate(() => {
          void state.call('CancelTransaction', { id: receipt._id, reason: 5 }).then((answer) => {
            if (answer.error) receipt.state = 4;
          });
        });
      }
      return { jsonrpc: '2.0', id: body.id, result: { receipt } };
    }
    return { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } };
  }

  const server = await serveOnLoopback(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://payme.test');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(body);
    };
    if (url.pathname === '/api' && request.method === 'POST') {
      const raw = await readBody(request);
      const body = JSON.parse(raw || '{}') as Parameters<typeof subscribeApi>[0];
      if (request.headers['x-auth'] !== `${merchantId}:${key}`)
        return send(
          200,
          'application/json',
          JSON.stringify({
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32504, message: 'Insufficient privilege' },
          }),
        );
      return send(200, 'application/json', JSON.stringify(await subscribeApi(body)));
    }
    const [segment, action] = url.pathname.slice(1).split('/');
    const params = segment ? checkoutParams(segment) : null;
    if (!params || params.get('m') !== merchantId) return send(404, 'text/plain', 'unknown cashbox');
    const orderId = params.get('ac.order_id') ?? '';
    const tiyin = Number(params.get('a'));
    const back = params.get('c') ?? '/';
    if (request.method === 'GET' && !action) {
      const sum = (tiyin / 100).toFixed(2);
      return send(
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payme checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main>
<h1>Payme</h1><p>Order <span data-testid="payme-order">${escapeHtml(orderId)}</span>:
<strong data-testid="payme-amount">${sum}</strong> UZS</p>
<form method="post" action="/${escapeHtml(segment!)}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/${escapeHtml(segment!)}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`,
      );
    }
    if (request.method === 'POST' && action === 'pay') {
      await readBody(request);
      const { answers } = await pay(orderId, tiyin);
      const failed = answers.find((a) => a.error);
      if (failed)
        return send(
          402,
          'text/html; charset=utf-8',
          `<p>Payment refused: ${failed.error!.code}</p><a href="${escapeHtml(back)}">Back</a>`,
        );
      return send(303, 'text/plain', '', { location: back });
    }
    if (request.method === 'POST' && action === 'cancel') {
      await readBody(request);
      return send(303, 'text/plain', '', { location: back });
    }
    return send(404, 'text/plain', 'not found');
  });
  return {
    url: server.url,
    merchantId,
    get key() {
      return key;
    },
    get endpoint() {
      return state.endpoint;
    },
    set endpoint(value: string) {
      state.endpoint = value;
    },
    receipts,
    fiscalReceipts,
    receiptDetails,
    changeKey,
    call: state.call,
    newId,
    pay,
    close: server.close,
  };
}
