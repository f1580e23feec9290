import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { myTicketLookupRequestSchema } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/my-ticket';
import { readFields } from '../../features/info/form-action.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { NO_STORE } from '../../lib/page-cache.server.ts';

export type MyTicketActionData = {
  /** Conform's reply: what was typed, and the errors by field (the contract schema's message ids). */
  submission: SubmissionResult;
  /** The address the link went to, if it was asked for (the same answer whether or not the pair matched). */
  sentTo?: string;
  problem?: 'rate_limited' | 'generic';
};

/** "Where is my ticket": booking reference + email → the access link is emailed (same answer either way). */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  // The page's language is the server's, whatever the form says.
  const fields = readFields(await request.formData(), ['booking_reference', 'email'], {
    lang: state.locale,
  });
  const submission = parseForm(fields, myTicketLookupRequestSchema);
  const answer = (body: MyTicketActionData, status = 200) => data(body, { status, headers: NO_STORE });
  if (submission.status !== 'success') return answer({ submission: submission.reply() }, 400);
  try {
    await callEndpoint(state.api, endpoints.lookupOrder, { body: submission.value });
    return answer({ submission: submission.reply(), sentTo: submission.value.email });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429)
      return answer({ submission: submission.reply(), problem: 'rate_limited' }, 429);
    state.log.error({ err: error }, 'my-ticket lookup failed');
    return answer({ submission: submission.reply(), problem: 'generic' }, 503);
  }
}
