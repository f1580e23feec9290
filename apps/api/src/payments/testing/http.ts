/**
 * What every local provider test server shares (iyzico, Stripe, and the Payme and Click ones in e2e/support):
 * reading a raw request body and escaping text for the HTML pages they serve.
 */
import type { IncomingMessage } from 'node:http';

/**
 * A request body as a provider receives it: any shape the caller sent, read field by field and checked by the
 * server (a test server must take malformed requests in order to answer them as the provider does).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON/form shapes, checked per field
export type Loose = Record<string, any>;

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
