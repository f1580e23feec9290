import type { Locale } from '@parvoz/i18n/locales';
import { codeOf, type TestSmtpServer } from './smtp.ts';

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
