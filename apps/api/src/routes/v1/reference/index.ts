import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@parvoz/contracts/endpoints';
import { openApiDocument } from '@parvoz/contracts/openapi';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reference page: every endpoint of the contract with its schemas, readable without JavaScript. */
function referencePage(document: ReturnType<typeof openApiDocument>): string {
  const sections = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const operation = op as { operationId: string; summary: string; 'x-parvoz-access': string };
      const detail = escapeHtml(JSON.stringify(op, null, 2));
      return `<section id="${escapeHtml(operation.operationId)}"><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>
<p>${escapeHtml(operation.summary)} <small>(${escapeHtml(operation['x-parvoz-access'])})</small></p>
<details><summary>Parameters, body and answer (JSON Schema)</summary><pre>${detail}</pre></details></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem}pre{overflow:auto;background:#f4f4f5;padding:.75rem;font-size:13px}h2{font-size:1.1rem;overflow-wrap:anywhere}</style></head>
<body><main><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>${sections.join('\n')}</main></body></html>`;
}

/** GET /v1/openapi.json and GET /v1/reference: the API's description, generated from the contracts. */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const document = openApiDocument(endpoints, {
    title: 'Parvoz API',
    version: '1',
    description:
      'Flight search, offers, places, sign-in, profiles and saved travellers, tours, agencies, price alerts and order lists. Every call carries a bearer credential: a signed-in traveller token or the public anonymous one. Errors use one envelope: {"error":{"code","message","details"}}.',
  });
  const json = JSON.stringify(document);
  const html = referencePage(document);

  app.get('/openapi.json', { preHandler: rateLimit(ROUTE_LIMITS.reference) }, async (_request, reply) =>
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(json),
  );
  app.get('/reference', { preHandler: rateLimit(ROUTE_LIMITS.reference) }, async (_request, reply) =>
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
      )
      .send(html),
  );
};
