import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { opsInviteSchema, opsStaffParamsSchema } from '@parvoz/contracts/ops-staff';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { Route } from './+types/staff';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';

/** Admins only (the API answers 404 to operators, and so does this page). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const [staff, audit] = await Promise.all([
    opsCall(state, opsEndpoints.opsListStaff, {}),
    opsCall(state, opsEndpoints.opsAuditLog, {}),
  ]);
  return { staff: staff.data, audit: audit.data.slice(0, 50) };
}

type StaffResult = { result: 'invalid' | 'invited' | 'revoked'; submission?: SubmissionResult };

/** The page's two forms: the invitation (the endpoint's body, as the browser checks it) and an operator's "Revoke". */
const staffFormSchema = z.discriminatedUnion('intent', [
  opsInviteSchema.extend({ intent: z.literal('invite') }),
  z.object({ intent: z.literal('revoke'), user_id: opsStaffParamsSchema.shape.userId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const form = await request.formData();
  // The invitation is in the console's language.
  form.set('lang', state.locale);
  const submission = parseForm(form, staffFormSchema);
  if (submission.status !== 'success') {
    // Only staff learn that a form was wrong (the API answers 404 to anyone else).
    await opsCall(state, opsEndpoints.opsMe, {});
    return data<StaffResult>({ result: 'invalid', submission: submission.reply() }, { status: 400 });
  }
  const sent = submission.value;
  if (sent.intent === 'invite') {
    await opsCall(state, opsEndpoints.opsInviteOperator, { body: { email: sent.email, lang: sent.lang } });
    return data<StaffResult>({ result: 'invited' });
  }
  await opsCall(state, opsEndpoints.opsRevokeOperator, { params: { userId: sent.user_id } }).catch(
    () => undefined,
  );
  return data<StaffResult>({ result: 'revoked' });
}
