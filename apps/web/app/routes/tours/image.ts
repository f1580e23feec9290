import type { Route } from './+types/image';
import { CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER } from '../../lib/api.server.ts';
import { fetchApiFile, fileFailure, fileFailureOf } from '../../lib/api-file.server.ts';
import { webConfig } from '../../lib/config.server.ts';

const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * GET /tour-images/{id} (docs/after-sale.md §7): a tour's picture uploaded in the console, proxied from the
 * API (/v1/tours/images/{id}, kept in the database). Only JPEG, PNG and WebP ever come back, never sniffed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!IMAGE_ID.test(params.id ?? '')) throw fileFailure(404);
  const headers: Record<string, string> = { authorization: `Bearer ${webConfig.anonymousToken}` };
  for (const name of [CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const answer = await fetchApiFile(request, `/v1/tours/images/${params.id}`, headers, 20_000);
  const type = answer.headers.get('content-type') ?? '';
  if (!answer.ok || !IMAGE_TYPES.has(type)) {
    await answer.body?.cancel();
    throw fileFailureOf(answer);
  }
  const out = new Headers({
    'Content-Type': type,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  });
  const length = answer.headers.get('content-length');
  if (length) out.set('Content-Length', length);
  return new Response(answer.body, { status: 200, headers: out });
}
