import { emailChangeUndoRequestSchema } from '@parvoz/contracts/order-manage';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/undo-email';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

/**
 * The link mailed to the address a contact email change replaced (docs/decisions/0022-email-change-undo.md).
 * Opening it changes nothing: mail scanners and prefetchers follow links, so only the button posts the undo.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = emailChangeUndoRequestSchema.safeParse({ token: form.token });
  const change = typeof form.change === 'string' ? form.change : '';
  if (!parsed.success || !change) return { ok: false };
  try {
    await callEndpoint(context.get(requestStateContext).api, endpoints.undoOrderEmailChange, {
      params: { id: params.id, change_id: change },
      body: parsed.data,
    });
    return { ok: true };
  } catch (error) {
    // A malformed id (400), a spent or lapsed link (422): the same "not valid" for the reader.
    if (error instanceof ApiError && error.status < 500) return { ok: false };
    throw error;
  }
}
