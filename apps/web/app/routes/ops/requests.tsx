import { Form, useNavigation } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import {
  OPS_AGENCY_APPLICATION_STATUSES,
  OPS_TOUR_REQUEST_STATUSES,
  opsAgencyApplicationUpdateSchema,
  opsTourRequestUpdateSchema,
} from '@parvoz/contracts/ops-tours';
import type { Route } from './+types/requests';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { TourTitle } from '../../features/ops/tour-title.tsx';
import { Notice } from '../../features/ops/ConfirmStep.tsx';
import { Pager } from '../../features/ops/Pager.tsx';
import type { ActionResult, Kind, Item } from './requests.server.ts';

export { loader, action } from './requests.server.ts';

const KINDS = {
  requests: { statuses: OPS_TOUR_REQUEST_STATUSES, heading: 'ops.inbox.requests.heading' },
  applications: { statuses: OPS_AGENCY_APPLICATION_STATUSES, heading: 'ops.inbox.applications.heading' },
} as const;
// The console has no JavaScript budget: its schemas come with the page (the action reads with the same ones).
type UpdateSchema = typeof opsTourRequestUpdateSchema | typeof opsAgencyApplicationUpdateSchema;
const LOAD_UPDATE_SCHEMA: Record<Kind, () => Promise<UpdateSchema>> = {
  requests: async () => opsTourRequestUpdateSchema,
  applications: async () => opsAgencyApplicationUpdateSchema,
};

const STATUS_LABEL: Record<string, MessageKey> = {
  new: 'ops.inbox.status.new',
  in_progress: 'ops.inbox.status.in_progress',
  done: 'ops.inbox.status.done',
  approved: 'ops.inbox.status.approved',
  rejected: 'ops.inbox.status.rejected',
};

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, KINDS[args.loaderData?.kind ?? 'requests'].heading),
  { name: 'robots', content: 'noindex, nofollow' },
];

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
                        <TextLink to={`/tours/${item.tour.slug}`}>
                          <TourTitle title={item.tour.title} />
                        </TextLink>
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
