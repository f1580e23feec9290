import { endpoints } from '@parvoz/contracts/endpoints';
import { devEmailPreviewParamsSchema, devEmailPreviewQuerySchema } from '@parvoz/contracts/dev-mailbox';
import type { Route } from './+types/email-preview';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { notFound, orNotFound } from '../../lib/not-found.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

/**
 * One email's preview as the email itself: its HTML part (its own document, with the policy an email's
 * inline styles need and nothing else: no scripts, no forms) or, with `?part=text`, its text part. Only
 * while the development mailbox is on (the API answers 404 otherwise, and so does this).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = devEmailPreviewParamsSchema.safeParse({ name: params.name });
  const query = devEmailPreviewQuerySchema.safeParse({ lang: params.previewLang });
  if (!name.success || !query.success) throw notFound();
  const preview = (
    await orNotFound(
      callEndpoint(context.get(requestStateContext).api, endpoints.devEmailPreview, {
        params: name.data,
        query: query.data,
      }),
    )
  ).data;
  const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
  if (new URL(request.url).searchParams.get('part') === 'text') {
    return new Response(`Subject: ${preview.subject}\n\n${preview.text}`, {
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(preview.html, {
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}
