import type { Locale } from '@parvoz/i18n/locales';
import { codeOf, type TestSmtpServer } from './smtp.ts';
import { isoDay } from './dates.ts';

/** Headers of an anonymous JSON call to the API, with the public token the web app itself uses. */
export const ANONYMOUS = {
  authorization: 'Bearer parvoz-public-anonymous',
  'content-type': 'application/json',
};

/**
 * One call to the API as the anonymous web app makes it: a JSON body sent when there is one (then POST unless
 * `method` says otherwise), `key` as the Idempotency-Key; the answer's status and its JSON (`{}` when empty).
 */
export async function callApi<Body = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  siteUrl: string,
  path: string,
  { method, body, key }: { method?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${siteUrl}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: ANONYMOUS.authorization,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}

/** The one adult of an order booked through the API, whose document is valid for four more years. */
export type OneAdult = {
  given_name: string;
  family_name: string;
  born_on: string;
  gender: 'male' | 'female';
  citizenship: string;
  document_number: string;
};

/** Books `offerId` for one adult through the API (no extra services, the agreement given); the answer. */
export function bookOneAdult(
  siteUrl: string,
  key: string,
  offerId: string,
  order: {
    lang: Locale;
    currency: string;
    contact: { full_name: string; email: string; phone: string };
    adult: OneAdult;
  },
) {
  const { document_number, ...adult } = order.adult;
  return callApi(siteUrl, '/v1/orders', {
    key,
    body: {
      offer_id: offerId,
      lang: order.lang,
      currency: order.currency,
      contact: order.contact,
      passengers: [
        { type: 'adult', ...adult, document: { number: document_number, expires_on: isoDay(4 * 365) } },
      ],
      services: [],
      agreement: true,
    },
  });
}

/**
 * A session token for `email` by the emailed code, through the API (the browser's sign-in has its own suites).
 * `codes`: how many codes this address will have been sent with this one (the test server keeps them all).
 */
export async function sessionToken(
  siteUrl: string,
  smtp: TestSmtpServer,
  email: string,
  { lang = 'en', codes = 1 }: { lang?: Locale; codes?: number } = {},
): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${siteUrl}${path}`, { method: 'POST', headers: ANONYMOUS, body: JSON.stringify(body) });
  const asked = await post('/v1/auth/code', { email, lang });
  if (asked.status !== 202) throw new Error(`POST /v1/auth/code answered ${asked.status}`);
  const code = codeOf(await smtp.waitFor(email, 15_000, codes));
  const verified = await post('/v1/auth/verify', { email, code });
  if (verified.status !== 200) throw new Error(`POST /v1/auth/verify answered ${verified.status}`);
  return ((await verified.json()) as { data: { token: string } }).data.token;
}
