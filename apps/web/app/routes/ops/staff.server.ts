import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { opsStaffParamsSchema } from '@parvoz/contracts/ops-staff';
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

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const form = await request.formData();
  if (form.get('intent') === 'invite') {
    // The endpoint's schema, as the browser checks it; the invitation is in the console's language.
    form.set('lang', state.locale);
    const submission = parseForm(form, opsEndpoints.opsInviteOperator.body);
    if (submission.status !== 'success')
      return data<StaffResult>({ result: 'invalid', submission: submission.reply() }, { status: 400 });
    await opsCall(state, opsEndpoints.opsInviteOperator, { body: submission.value });
    return data<StaffResult>({ result: 'invited' });
  }
  if (form.get('intent') === 'revoke') {
    const parsed = opsStaffParamsSchema.safeParse({ userId: form.get('user_id') });
    if (!parsed.success) return data<StaffResult>({ result: 'invalid' }, { status: 400 });
    await opsCall(state, opsEndpoints.opsRevokeOperator, { params: parsed.data }).catch(() => undefined);
    return data<StaffResult>({ result: 'revoked' });
  }
  throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
}
