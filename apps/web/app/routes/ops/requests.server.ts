import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import {
  opsAgencyApplicationUpdateSchema,
  opsInboxParamsSchema,
  opsTourRequestUpdateSchema,
  type OpsAgencyApplication,
  type OpsTourRequest,
} from '@parvoz/contracts/ops-tours';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { z } from 'zod';
import type { Route } from './+types/requests';
import type { MessageKey } from '../../lib/i18n.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';

export type Kind = 'requests' | 'applications';
/** The fields of `Other` that `Own` has not, absent (so either inbox's items read as one list). */
export type Without<Own, Other> = { [K in Exclude<keyof Other, keyof Own>]?: undefined };
export type Item =
  | (OpsTourRequest & Without<OpsTourRequest, OpsAgencyApplication>)
  | (OpsAgencyApplication & Without<OpsAgencyApplication, OpsTourRequest>);
type Inbox = { data: Item[]; total: number; page: number; page_size: number };

/** One page of the kind's inbox (null when the filter is not valid), as its endpoint answers it. */
async function inboxOf(
  state: RequestState,
  kind: Kind,
  given: Record<string, string>,
): Promise<{ inbox: Inbox; status: string | null } | null> {
  if (kind === 'requests') {
    const parsed = opsEndpoints.opsListTourRequests.query.safeParse(given);
    if (!parsed.success) return null;
    const inbox = await opsCall(state, opsEndpoints.opsListTourRequests, { query: parsed.data });
    return { inbox, status: parsed.data.status ?? null };
  }
  const parsed = opsEndpoints.opsListAgencyApplications.query.safeParse(given);
  if (!parsed.success) return null;
  const inbox = await opsCall(state, opsEndpoints.opsListAgencyApplications, { query: parsed.data });
  return { inbox, status: parsed.data.status ?? null };
}

/**
 * The request schema of the kind's update endpoint (opsEndpoints.opsUpdate….body, imported from its own
 * module so the page's script does not load every endpoint): it reads the item's form, here and in the browser.
 */
const UPDATE_SCHEMA = {
  requests: opsTourRequestUpdateSchema,
  applications: opsAgencyApplicationUpdateSchema,
} as const;

/** The item a form changes: its hidden field, beside the endpoint's body. */
const itemFormSchema = z.object({ id: opsInboxParamsSchema.shape.id });

const kindOf = (url: string): Kind =>
  new URL(url).pathname.replace(/\/+$/, '').endsWith('/applications') ? 'applications' : 'requests';

/** The inbox of tour requests (/ops/requests) or agency applications (/ops/applications), with a filter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = kindOf(request.url);
  const state = context.get(requestStateContext);
  const url = new URL(request.url);
  const given = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));
  const found = await inboxOf(state, kind, given);
  if (!found) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return { kind, invalid: true as const, inbox: null, status: null };
  }
  return { kind, invalid: false as const, ...found };
}

export type ActionResult =
  { done: MessageKey } | { problem: MessageKey; id?: string; submission?: SubmissionResult };

export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request.url);
  const state = context.get(requestStateContext);
  const form = await request.formData();
  const id = parseForm(form, itemFormSchema);
  // The item's id is the form's hidden field; the rest is the endpoint's body.
  const change = parseForm(form, UPDATE_SCHEMA[kind], { onlySchemaFields: true });
  if (id.status !== 'success' || change.status !== 'success') {
    await opsCall(state, opsEndpoints.opsMe, {});
    const shown = id.status === 'success' ? { id: id.value.id, submission: change.reply() } : {};
    return data<ActionResult>({ problem: 'ops.inbox.invalid', ...shown }, { status: 400 });
  }
  try {
    if (kind === 'requests')
      await opsCall(state, opsEndpoints.opsUpdateTourRequest, {
        params: id.value,
        body: change.value as z.output<(typeof UPDATE_SCHEMA)['requests']>,
      });
    else
      await opsCall(state, opsEndpoints.opsUpdateAgencyApplication, {
        params: id.value,
        body: change.value as z.output<(typeof UPDATE_SCHEMA)['applications']>,
      });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data<ActionResult>({ problem: 'ops.inbox.invalid' }, { status: 400 });
    throw error;
  }
  return data<ActionResult>({ done: 'ops.inbox.saved' });
}
