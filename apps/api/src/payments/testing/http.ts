/**
 * What every local provider test server shares (iyzico, Stripe, Duffel, and the Payme and Click ones in their
 * folders' testing/): listening on loopback, reading a raw request body and escaping text for the HTML pages they serve.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/**
 * Serves `handle` on a free loopback port. A handler that throws answers 500 with the error, so that a test sees
 * what broke instead of a request that never ends; `close` drops open keep-alive connections so it never waits.
 */
export async function serveOnLoopback(
  // What it resolves to is ignored: handlers end with `return send(…)` of whatever their answer helper returns.
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
