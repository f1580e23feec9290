import { authUnlockSchema } from '@parvoz/contracts/auth';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/unlock';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';

/**
 * The emailed link that re-enables code sign-in after it was suspended. Opening the link changes nothing
 * (mail scanners open links); the button posts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Read as every form is (lib/form.server.ts): the contract schema, only its own fields.
  const submission = parseForm(await request.formData(), authUnlockSchema, { onlySchemaFields: true });
  if (submission.status !== 'success') return { ok: false };
  try {
    await callEndpoint(context.get(requestStateContext).api, endpoints.unlockSignIn, {
      body: submission.value,
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false };
    throw error;
  }
}
