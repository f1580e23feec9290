/**
 * A local stand-in for iyzico, for tests: real HTTP on loopback, playing the parts of iyzico's public API the
 * site uses exactly as docs.iyzico.com describes them (docs/decisions/0016-card-providers.md):
 *
 *   every API call   `Authorization: IYZWSv2 base64(apiKey:…&randomKey:…&signature:…)`, the signature being
 *                    HMAC-SHA256(secretKey, randomKey + uri path + request body) in hex; else a failure answer
 *   POST /payment/iyzipos/checkoutform/initialize/auth/ecom   a form: token, paymentPageUrl, signature
 *   POST /payment/iyzipos/checkoutform/auth/ecom/detail       the form's result, signed; `conversationId` is the
 *                   RETRIEVE request's, "returned unchanged" (docs.iyzico.com/en/payment-methods/checkoutform/…/cf-retrieve)
 *   POST /v2/payment/refund                                   Refund V2 by paymentId, signed
 *   GET  /v2/reporting/payment/details                        a payment by paymentConversationId, refunds
 *   GET  /v2/reporting/payment/transactions                   a day's transactions, paged (./iyzico-reporting.ts)
 *   GET  /?token=…  POST /pay/:token                          the hosted form: a card, then the browser POSTs
 *                                                             `token` to the merchant's callbackUrl
 * and the merchant notification (HPP format, `X-IYZ-SIGNATURE-V3`). Test cards (iyzico's sandbox list):
 * 5528790000000008 pays, 4111111111111129 is declined (not sufficient funds), 4159560047417732 goes to fraud
 * review. Amounts are kept as iyzico answers them: JSON numbers in major units.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, escapeHtml, serveOnLoopback, type Loose } from '../../testing/http.ts';
import {
  paymentDetails,
  refundedOf,
  transactionsOfDay,
  type IyzicoForm,
  type IyzicoRefund,
} from './iyzico-reporting.ts';

export type { IyzicoForm } from './iyzico-reporting.ts';

export const IYZICO_TEST_CARDS = {
  success: '5528790000000008',
  declined: '4111111111111129',
  review: '4159560047417732',
} as const;

type Outcome = 'success' | 'declined' | 'review';

export interface IyzicoServerOptions {
  apiKey: string;
  secretKey: string;
  /** The merchant notification URL (iyzico's panel setting); none: no notifications. */
  notificationUrl?: string;
  now?: () => Date;
  /** Transactions per page of the daily list. */
  pageSize?: number;
}

const hmacHex = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

export async function startIyzicoServer(options: IyzicoServerOptions) {
  const now = options.now ?? (() => new Date());
  const forms = new Map<string, IyzicoForm>();
  const refunds = new Map<string, IyzicoRefund[]>(); // by paymentId
  /** Every authenticated API call, for tests: method, path and the JSON body sent (POST). */
  const calls: { method: string; path: string; body: Loose }[] = [];
  let nextPaymentId = 25_000_000;
  let nextTxId = 27_000_000;
  let url = '';

  /** Test switches: answers signed with the wrong key (a man in the middle, a misconfigured key). */
  const control = { corruptSignatures: false };
  const signed = (values: unknown[]) =>
    hmacHex(
      control.corruptSignatures ? `${options.secretKey}-wrong` : options.secretKey,
      values.map((v) => String(v ?? '')).join(':'),
    );
  const base = () => ({ status: 'success', locale: 'en', systemTime: now().getTime() });
  const failure = (errorCode: string, errorMessage: string) => ({
    status: 'failure',
    errorCode,
    errorMessage,
    locale: 'en',
    systemTime: now().getTime(),
  });

  function authentic(request: IncomingMessage, path: string, body: string): boolean {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || !header.startsWith('IYZWSv2 ')) return false;
    const fields = new Map(
      Buffer.from(header.slice(8), 'base64')
        .toString('utf8')
        .split('&')
        .map((part) => [part.slice(0, part.indexOf(':')), part.slice(part.indexOf(':') + 1)] as const),
    );
    const random = fields.get('randomKey') ?? '';
    const signature = fields.get('signature') ?? '';
    if (fields.get('apiKey') !== options.apiKey || !/^[0-9a-f]{64}$/.test(signature)) return false;
    const expected = hmacHex(options.secretKey, random + path + body);
    return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'));
  }

  function formResult(form: IyzicoForm, conversationId: unknown) {
    const result = form.result!;
    const answer = {
      ...base(),
      ...(conversationId === undefined ? {} : { conversationId }),
      price: form.price,
      paidPrice: form.paidPrice,
      installment: 1,
      paymentId: result.paymentId,
      fraudStatus: result.fraudStatus,
      basketId: form.basketId,
      currency: form.currency,
      itemTransactions: [
        {
          itemId: form.basketId,
          paymentTransactionId: String(Number(result.paymentId) + 1),
          transactionStatus: 2,
          price: form.price,
          paidPrice: form.paidPrice,
        },
      ],
      token: form.token,
      callbackUrl: form.callbackUrl,
      paymentStatus: result.paymentStatus,
      ...(result.paymentStatus === 'FAILURE'
        ? {
            errorCode: '10051',
            errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
            errorGroup: 'NOT_SUFFICIENT_FUNDS',
          }
        : {}),
    };
    return {
      ...answer,
      signature: signed([
        answer.paymentStatus,
        answer.paymentId,
        answer.currency,
        answer.basketId,
        answer.conversationId,
        answer.paidPrice,
        answer.price,
        answer.token,
      ]),
    };
  }

  /** A card tried on the hosted form (or by a test directly): the form's result. */
  function complete(token: string, outcome: Outcome): IyzicoForm {
    const form = forms.get(token);
    if (!form) throw new Error(`no form ${token}`);
    form.result = {
      paymentStatus: outcome === 'declined' ? 'FAILURE' : 'SUCCESS',
      fraudStatus: outcome === 'review' ? 0 : 1,
      paymentId: String(++nextPaymentId),
      at: now(),
    };
    return form;
  }

  /** The HPP notification of a form as iyzico sends it (body and headers); `secret` forges it. */
  function notification(token: string, secret = options.secretKey) {
    const form = forms.get(token);
    if (!form?.result) throw new Error(`form ${token} has no result`);
    const body = {
      paymentConversationId: form.conversationId,
      merchantId: 3_382_172,
      token,
      status: form.result.paymentStatus,
      iyziReferenceCode: randomUUID(),
      iyziEventType: 'CHECKOUT_FORM_AUTH',
      iyziEventTime: now().getTime(),
      iyziPaymentId: Number(form.result.paymentId),
    };
    const key = `${secret}${body.iyziEventType}${body.iyziPaymentId}${body.token}${body.paymentConversationId}${body.status}`;
    return {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-iyz-signature-v3': hmacHex(secret, key) },
    };
  }

  /** Sends a form's notification to the merchant; resolves with the HTTP status. */
  async function notify(token: string, to = options.notificationUrl): Promise<number> {
    if (!to) throw new Error('no notification URL');
    const { body, headers } = notification(token);
    const response = await fetch(to, { method: 'POST', body, headers });
    await response.body?.cancel();
    return response.status;
  }

  const paymentOf = (paymentId: string) => [...forms.values()].find((f) => f.result?.paymentId === paymentId);
  const refunded = (paymentId: string) => refundedOf(refunds, paymentId);

  async function api(request: IncomingMessage, path: string, query: URLSearchParams, body: string) {
    if (!authentic(request, path, body)) return failure('1000', 'Geçersiz imza');
    let json: Loose = {};
    if (body) {
      try {
        json = JSON.parse(body) as Loose;
      } catch {
        return failure('11', 'Geçersiz istek');
      }
    }
    calls.push({ method: request.method ?? '', path, body: json });
    if (request.method === 'POST' && path === '/payment/iyzipos/checkoutform/initialize/auth/ecom') {
      const price = Number(json.price);
      const paidPrice = Number(json.paidPrice);
      const items: { price: string }[] = Array.isArray(json.basketItems) ? json.basketItems : [];
      const sum = items.reduce((total, item) => total + Math.round(Number(item.price) * 100), 0);
      const buyer = json.buyer ?? {};
      if (!(price > 0) || !(paidPrice > 0) || sum !== Math.round(price * 100))
        return failure('5007', 'Sepet tutarı ile kırılım tutarları toplamı eşit olmalıdır');
      if (!json.callbackUrl || !URL.canParse(json.callbackUrl))
        return failure('5005', 'callbackUrl gönderilmesi zorunludur');
      for (const field of [
        'id',
        'name',
        'surname',
        'email',
        'identityNumber',
        'registrationAddress',
        'ip',
        'city',
        'country',
      ])
        if (!buyer[field]) return failure('5004', `buyer.${field} gönderilmesi zorunludur`);
      if (!json.billingAddress?.contactName || !json.billingAddress?.address)
        return failure('5004', 'billingAddress gönderilmesi zorunludur');
      const token = randomUUID();
      forms.set(token, {
        token,
        conversationId: String(json.conversationId ?? ''),
        price,
        paidPrice,
        currency: String(json.currency ?? 'TRY'),
        basketId: String(json.basketId ?? ''),
        callbackUrl: json.callbackUrl,
        locale: json.locale === 'tr' ? 'tr' : 'en',
        createdAt: now(),
      });
      const answer = {
        ...base(),
        conversationId: json.conversationId,
        token,
        checkoutFormContent: `<script type="text/javascript">var iyziInit = {token:'${token}'};</script>`,
        tokenExpireTime: 1800,
        paymentPageUrl: `${url}/?token=${token}&lang=${json.locale === 'tr' ? 'tr' : 'en'}`,
      };
      return { ...answer, signature: signed([answer.conversationId, answer.token]) };
    }
    if (request.method === 'POST' && path === '/payment/iyzipos/checkoutform/auth/ecom/detail') {
      const form = forms.get(String(json.token ?? ''));
      if (!form) return failure('5000', 'Ödeme formu bulunamadı');
      if (!form.result) return failure('5001', 'Ödeme formu tamamlanmadı');
      return formResult(form, json.conversationId);
    }
    if (request.method === 'POST' && path === '/v2/payment/refund') {
      const paymentId = String(json.paymentId ?? '');
      const form = paymentOf(paymentId);
      const price = Number(json.price);
      if (!form || form.result?.paymentStatus !== 'SUCCESS') return failure('5003', 'Ödeme bulunamadı');
      if (!(price > 0) || Math.round((refunded(paymentId) + price) * 100) > Math.round(form.paidPrice * 100))
        return failure('5009', 'İade tutarı, iade edilebilir tutardan büyük olamaz');
      const list = refunds.get(paymentId) ?? [];
      list.push({
        refundTxId: ++nextTxId,
        refundConversationId: String(json.conversationId ?? ''),
        refundPrice: price,
        at: now(),
      });
      refunds.set(paymentId, list);
      const answer = {
        ...base(),
        conversationId: json.conversationId,
        paymentId,
        price,
        currency: form.currency,
        authCode: '581421',
        hostReference: 'mock00007iyzihostrfn',
        refundHostReference: 'mock00007iyzihostrfn',
        retryable: false,
      };
      return { ...answer, signature: signed([answer.paymentId, answer.conversationId]) };
    }
    if (request.method === 'GET' && path === '/v2/reporting/payment/details') {
      const conversationId = query.get('paymentConversationId') ?? '';
      return { ...base(), payments: paymentDetails(forms.values(), refunds, conversationId) };
    }
    if (request.method === 'GET' && path === '/v2/reporting/payment/transactions') {
      return { ...base(), ...transactionsOfDay(forms.values(), refunds, query, options.pageSize ?? 50) };
    }
    return failure('404', 'Bulunamadı');
  }

  function page(response: ServerResponse, status: number, html: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>iyzico test payment</title></head><body>${html}</body></html>`,
    );
  }

  const server = await serveOnLoopback(async (request, response) => {
    const address = new URL(request.url ?? '/', url);
    const body = await readBody(request);
    if (request.method === 'GET' && address.pathname === '/') {
      const form = forms.get(address.searchParams.get('token') ?? '');
      if (!form || form.result) return page(response, 404, '<h1>Ödeme formu bulunamadı</h1>');
      return page(
        response,
        200,
        `<main><h1>iyzico test payment</h1><p>Amount: <strong>${escapeHtml(`${form.paidPrice} ${form.currency}`)}</strong></p>
<form method="post" action="/pay/${form.token}">
<label>Card number <input name="cardNumber" autocomplete="cc-number" required></label>
<label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" required></label>
<label>CVC <input name="cvc" autocomplete="cc-csc" required></label>
<label>Card holder <input name="holder" autocomplete="cc-name" required></label>
<button type="submit">Pay ${escapeHtml(String(form.paidPrice))} ${escapeHtml(form.currency)}</button></form></main>`,
      );
    }
    const pay = /^\/pay\/([0-9a-f-]{36})$/.exec(address.pathname);
    if (request.method === 'POST' && pay) {
      const form = forms.get(pay[1]!);
      if (!form || form.result) return page(response, 404, '<h1>Ödeme formu bulunamadı</h1>');
      const card = (new URLSearchParams(body).get('cardNumber') ?? '').replace(/\D/g, '');
      const outcome: Outcome =
        card === IYZICO_TEST_CARDS.success
          ? 'success'
          : card === IYZICO_TEST_CARDS.review
            ? 'review'
            : 'declined';
      complete(form.token, outcome);
      if (options.notificationUrl) void notify(form.token).catch(() => undefined);
      // iyzico's form returns the browser to the merchant by POSTing the token to its callbackUrl.
      return page(
        response,
        200,
        `<form method="post" action="${escapeHtml(form.callbackUrl)}"><input type="hidden" name="token" value="${form.token}"><button type="submit">Return to the merchant</button></form><script>document.forms[0].submit()</script>`,
      );
    }
    const answer: { status: string; errorCode?: string } = await api(
      request,
      address.pathname,
      address.searchParams,
      body,
    );
    response.writeHead(answer.status === 'success' ? 200 : answer.errorCode === '1000' ? 401 : 400, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify(answer));
  });
  url = server.url;

  return {
    url,
    control,
    forms,
    calls,
    complete,
    notification,
    notify,
    /** The refunds iyzico made of a payment (by our payment id, the form's conversationId). */
    refundsOf(conversationId: string): IyzicoRefund[] {
      const form = [...forms.values()].find(
        (f) => f.conversationId === conversationId && f.result?.paymentStatus === 'SUCCESS',
      );
      return form ? (refunds.get(form.result!.paymentId) ?? []) : [];
    },
    close: server.close,
  };
}

export type IyzicoTestServer = Awaited<ReturnType<typeof startIyzicoServer>>;
