import { Form, data, useNavigation } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import {
  OPS_AGENCY_APPLICATION_STATUSES,
  OPS_TOUR_REQUEST_STATUSES,
  opsAgencyApplicationUpdateSchema,
  opsInboxParamsSchema,
  opsTourRequestUpdateSchema,
  type OpsAgencyApplication,
  type OpsTourRequest,
} from '@parvoz/contracts/ops-tours';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { z } from 'zod';
import type { Route } from './+types/requests';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { ApiError } from '../../lib/api.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { parseForm } from '../../lib/form.server.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import { Notice } from '../../features/ops/ConfirmStep.tsx';
import { Pager } from '../../features/ops/Pager.tsx';

type Kind = 'requests' | 'applications';
/** The fields of `Other` that `Own` has not, absent (so either inbox's items read as one list). */
type Without<Own, Other> = { [K in Exclude<keyof Other, keyof Own>]?: undefined };
type Item =
  | (OpsTourRequest & Without<OpsTourRequest, OpsAgencyApplication>)
  | (OpsAgencyApplication & Without<OpsAgencyApplication, OpsTourRequest>);
type Inbox = { data: Item[]; total: number; page: number; page_size: number };

const KINDS = {
  requests: { statuses: OPS_TOUR_REQUEST_STATUSES, heading: 'ops.inbox.requests.heading' },
  applications: { statuses: OPS_AGENCY_APPLICATION_STATUSES, heading: 'ops.inbox.applications.heading' },
} as const;

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
// The console has no JavaScript budget: its schemas come with the page.
const LOAD_UPDATE_SCHEMA: Record<Kind, () => Promise<(typeof UPDATE_SCHEMA)[Kind]>> = {
  requests: async () => UPDATE_SCHEMA.requests,
  applications: async () => UPDATE_SCHEMA.applications,
};

const STATUS_LABEL: Record<string, MessageKey> = {
  new: 'ops.inbox.status.new',
  in_progress: 'ops.inbox.status.in_progress',
  done: 'ops.inbox.status.done',
  approved: 'ops.inbox.status.approved',
  rejected: 'ops.inbox.status.rejected',
};

const kindOf = (url: string): Kind =>
  new URL(url).pathname.replace(/\/+$/, '').endsWith('/applications') ? 'applications' : 'requests';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, KINDS[args.loaderData?.kind ?? 'requests'].heading),
  { name: 'robots', content: 'noindex, nofollow' },
];

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

type ActionResult =
  { done: MessageKey } | { problem: MessageKey; id?: string; submission?: SubmissionResult };

export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request.url);
  const state = context.get(requestStateContext);
  const form = await request.formData();
  const id = opsInboxParamsSchema.safeParse({ id: form.get('id') });
  // The item's id is the form's hidden field; the rest is the endpoint's body.
  const change = parseForm(form, UPDATE_SCHEMA[kind], { onlySchemaFields: true });
  if (!id.success || change.status !== 'success') {
    await opsCall(state, opsEndpoints.opsMe, {});
    const shown = id.success ? { id: id.data.id, submission: change.reply() } : {};
    return data<ActionResult>({ problem: 'ops.inbox.invalid', ...shown }, { status: 400 });
  }
  try {
    if (kind === 'requests')
      await opsCall(state, opsEndpoints.opsUpdateTourRequest, {
        params: id.data,
        body: change.value as z.output<(typeof UPDATE_SCHEMA)['requests']>,
      });
    else
      await opsCall(state, opsEndpoints.opsUpdateAgencyApplication, {
        params: id.data,
        body: change.value as z.output<(typeof UPDATE_SCHEMA)['applications']>,
      });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data<ActionResult>({ problem: 'ops.inbox.invalid' }, { status: 400 });
    throw error;
  }
  return data<ActionResult>({ done: 'ops.inbox.saved' });
}

/** One item's status and note, checked with the kind's update schema (errors next to their fields). */
function InboxItemForm({
  kind,
  item,
  busy,
  failed,
}: {
  kind: Kind;
  item: Item;
  busy: boolean;
  failed: SubmissionResult | undefined;
}) {
  const t = useT();
  const [form, fields] = useContractForm(`inbox-${item.id}`, LOAD_UPDATE_SCHEMA[kind], failed, {
    onlySchemaFields: true,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid content-start gap-3">
      <input type="hidden" name="id" value={item.id} />
      <Field meta={fields.status} label={t('ops.inbox.statusLabel')} error={t('ops.form.error.status')}>
        {(control) => (
          <select {...control} defaultValue={item.status} className={inputClasses(control['aria-invalid'])}>
            {KINDS[kind].statuses.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABEL[s]!)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.note} label={t('ops.inbox.note')} error={t('ops.form.error.note')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            defaultValue={control.defaultValue ?? item.note ?? ''}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </Field>
      <div>
        <Button
          type="submit"
          disabled={busy}
          aria-label={t('ops.inbox.saveLabel', {
            name: item.full_name ?? item.company_name ?? '',
          })}
        >
          {t('ops.inbox.save')}
        </Button>
      </div>
    </Form>
  );
}

export default function OpsRequests({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const busy = useNavigation().state !== 'idle';
  const { kind, inbox, status } = loaderData;
  const config = KINDS[kind];
  const base = kind === 'requests' ? '/ops/requests' : '/ops/applications';
  const result = actionData as ActionResult | undefined;
  return (
    <div className="grid gap-4">
      <PageHeading>{t(config.heading)}</PageHeading>
      <nav aria-label={t('ops.inbox.filter')}>
        <ul className="flex flex-wrap gap-2">
          {[null, ...config.statuses].map((s) => (
            <li key={s ?? 'all'}>
              <LocalizedLink
                to={s ? `${base}?status=${s}` : base}
                aria-current={s === status ? 'page' : undefined}
                className={`block rounded border px-3 py-1 ${
                  s === status ? 'border-primary-700 bg-primary-50 font-semibold' : 'border-neutral-300'
                }`}
              >
                {s ? t(STATUS_LABEL[s]!) : t('ops.inbox.all')}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>
      {result && 'done' in result ? <Notice kind="done">{t(result.done)}</Notice> : null}
      {result && 'problem' in result ? <Notice kind="error">{t(result.problem)}</Notice> : null}
      {loaderData.invalid ? (
        <Notice kind="error">{t('ops.inbox.invalid')}</Notice>
      ) : inbox && inbox.data.length === 0 ? (
        <p>{t('ops.inbox.none')}</p>
      ) : inbox ? (
        <>
          <p className="text-sm text-neutral-700">{t('ops.inbox.count', { count: inbox.total })}</p>
          <ul className="grid gap-3" data-testid="ops-inbox">
            {inbox.data.map((item) => (
              <li key={item.id}>
                <article
                  aria-labelledby={`item-${item.id}`}
                  className="grid gap-3 rounded border border-neutral-200 bg-white p-4 md:grid-cols-2"
                >
                  <div className="grid content-start gap-1 wrap-anywhere">
                    <h2 id={`item-${item.id}`} className="text-lg font-semibold">
                      {item.full_name ?? item.company_name}
                    </h2>
                    <p className="text-sm text-neutral-700">
                      {formatInstant(locale, item.created_at)} ·{' '}
                      <span className="font-medium">
                        {t(STATUS_LABEL[item.status] ?? 'ops.inbox.status.new')}
                      </span>
                    </p>
                    {item.tour ? (
                      <p>
                        {t('ops.inbox.tour')}{' '}
                        <TextLink to={`/tours/${item.tour.slug}`}>{item.tour.title}</TextLink>
                      </p>
                    ) : null}
                    {item.contact_name ? <p>{item.contact_name}</p> : null}
                    <p>
                      <a href={`mailto:${item.email}`} className="text-primary-700 underline">
                        {item.email}
                      </a>{' '}
                      · <a href={`tel:${item.phone}`}>{item.phone}</a>
                    </p>
                    {item.adults !== undefined ? (
                      <p>{t('ops.inbox.party', { adults: item.adults, children: item.children ?? 0 })}</p>
                    ) : null}
                    {item.city || item.country_code ? (
                      <p>{[item.city, item.country_code].filter(Boolean).join(', ')}</p>
                    ) : null}
                    {item.website ? <p>{item.website}</p> : null}
                    {item.tax_id ? <p>{t('ops.inbox.taxId', { id: item.tax_id })}</p> : null}
                    {item.message ? (
                      <blockquote className="border-l-4 border-neutral-300 pl-3 whitespace-pre-line">
                        {item.message}
                      </blockquote>
                    ) : null}
                  </div>
                  <InboxItemForm
                    kind={kind}
                    item={item}
                    busy={busy}
                    failed={
                      result && 'problem' in result && result.id === item.id ? result.submission : undefined
                    }
                  />
                </article>
              </li>
            ))}
          </ul>
          <Pager
            of={inbox}
            href={(page) =>
              `${base}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(page) })}`
            }
          />
        </>
      ) : null}
    </div>
  );
}
