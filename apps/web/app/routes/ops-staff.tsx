import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@parvoz/contracts/auth';
import {
  staffMemberSchema,
  staffRoleSchema,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@parvoz/contracts/ops';
import { LOCALES, isLocale, type Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/ops-staff';
import { PageHeading } from '../components/PageHeading.tsx';
import { Button } from '../components/Button.tsx';
import { FormField, inputClasses } from '../components/FormField.tsx';
import { useRootData, useT, type MessageKey } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { ApiError } from '../lib/api.server.ts';
import {
  ACTION_KEY,
  newActionKey,
  notFoundOn,
  privateHeaders,
  refusalReason,
  requireStaff,
} from '../features/ops/staff.server.ts';
import { ConfirmStep, Notice } from '../features/ops/ConfirmStep.tsx';

const ADMINS = ['admin'] as const;
const listSchema = z.object({ data: z.array(staffMemberSchema) });

/** Staff (issue 13 §5), admins only: who has access, invitations and removals, each confirmed first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff, state } = await requireStaff(context, request, ADMINS);
  try {
    const members = listSchema.parse(await state.api.get<unknown>('/v1/ops/staff')).data;
    return { members, me: staff.user_id };
  } catch (error) {
    notFoundOn(error, request);
    throw error;
  }
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'ops.staff.heading'),
  { name: 'robots', content: 'noindex, nofollow' },
];

type ActionData =
  | { step: 'confirm-invite'; email: string; role: StaffRole; lang: Locale; key: string }
  | { step: 'confirm-revoke'; userId: string; email: string; key: string }
  | { step: 'done'; message: MessageKey; values: Record<string, string> }
  | { step: 'error'; message: MessageKey; email?: string };

const inviteFormSchema = z.object({
  email: emailSchema,
  role: staffRoleSchema,
  lang: z.enum(LOCALES),
});
const revokeFormSchema = z.object({ user_id: z.uuid(), email: z.string().max(254) });
const keySchema = z.string().regex(ACTION_KEY);

export async function action({ context, request }: Route.ActionArgs) {
  const { state } = await requireStaff(context, request, ADMINS);
  const form = Object.fromEntries(await request.formData());
  const badForm = () => new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  const roleName = (role: StaffRole): MessageKey =>
    role === 'admin' ? 'ops.role.admin' : 'ops.role.operator';
  try {
    switch (form.intent) {
      case 'invite': {
        const parsed = inviteFormSchema.safeParse(form);
        if (!parsed.success)
          return data<ActionData>(
            {
              step: 'error',
              message: 'ops.staff.invite.errorEmail',
              email: String(form.email ?? '').slice(0, 254),
            },
            { status: 400 },
          );
        return data<ActionData>({ step: 'confirm-invite', ...parsed.data, key: newActionKey() });
      }
      case 'invite-confirm': {
        const parsed = inviteFormSchema.safeParse(form);
        const key = keySchema.safeParse(form.key);
        if (!parsed.success || !key.success) throw badForm();
        await state.api.post('/v1/ops/staff', { body: parsed.data, idempotencyKey: key.data });
        return data<ActionData>({
          step: 'done',
          message: 'ops.staff.invite.done',
          values: { email: parsed.data.email, role: roleName(parsed.data.role) },
        });
      }
      case 'revoke': {
        const parsed = revokeFormSchema.safeParse(form);
        if (!parsed.success) throw badForm();
        return data<ActionData>({
          step: 'confirm-revoke',
          userId: parsed.data.user_id,
          email: parsed.data.email,
          key: newActionKey(),
        });
      }
      case 'revoke-confirm': {
        const parsed = revokeFormSchema.safeParse(form);
        const key = keySchema.safeParse(form.key);
        if (!parsed.success || !key.success) throw badForm();
        await state.api.post(`/v1/ops/staff/${parsed.data.user_id}/actions/revoke`, {
          body: {},
          idempotencyKey: key.data,
        });
        return data<ActionData>({
          step: 'done',
          message: 'ops.staff.revoke.done',
          values: { email: parsed.data.email },
        });
      }
      default:
        throw badForm();
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    notFoundOn(error, request);
    if (error instanceof ApiError && error.status === 422 && refusalReason(error) === 'last_admin')
      return data<ActionData>({ step: 'error', message: 'ops.staff.revoke.lastAdmin' }, { status: 422 });
    if (error instanceof ApiError && error.status === 429)
      return data<ActionData>({ step: 'error', message: 'ops.error.rateLimited' }, { status: 429 });
    if (error instanceof ApiError && error.status === 400)
      return data<ActionData>({ step: 'error', message: 'ops.staff.invite.errorEmail' }, { status: 400 });
    state.log.error({ err: error }, 'staff action failed');
    return data<ActionData>({ step: 'error', message: 'ops.error.generic' }, { status: 503 });
  }
}

function StaffTable({ members, me }: { members: StaffMember[]; me: string }) {
  const t = useT();
  const { locale } = useRootData();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-neutral-300">
            <th scope="col" className="p-2">
              {t('ops.staff.col.email')}
            </th>
            <th scope="col" className="p-2">
              {t('ops.staff.col.role')}
            </th>
            <th scope="col" className="p-2">
              {t('ops.staff.col.since')}
            </th>
            <th scope="col" className="p-2">
              {t('ops.staff.col.by')}
            </th>
            <th scope="col" className="p-2">
              {t('ops.staff.col.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.user_id} className="border-b border-neutral-200">
              <td className="p-2 wrap-anywhere">
                {m.email}
                {m.user_id === me ? ` (${t('ops.staff.you')})` : null}
              </td>
              <td className="p-2">{t(m.role === 'admin' ? 'ops.role.admin' : 'ops.role.operator')}</td>
              <td className="p-2">{date(m.granted_at)}</td>
              <td className="p-2 wrap-anywhere">{m.granted_by_email ?? t('ops.staff.byCommand')}</td>
              <td className="p-2">
                {m.user_id === me ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="user_id" value={m.user_id} />
                    <input type="hidden" name="email" value={m.email} />
                    <Button type="submit" size="xs" variant="outline" color="neutral">
                      {t('ops.staff.revoke.button', { email: m.email })}
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function OpsStaff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale, languageNames } = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const result = actionData as ActionData | undefined;
  const roleName = (role: StaffRole) => t(role === 'admin' ? 'ops.role.admin' : 'ops.role.operator');
  const emailError = result?.step === 'error' && result.message === 'ops.staff.invite.errorEmail';
  return (
    <div className="grid gap-6">
      <PageHeading>{t('ops.staff.heading')}</PageHeading>
      <p className="text-neutral-700">{t('ops.staff.lead')}</p>
      {result?.step === 'done' ? <Notice kind="done">{t(result.message, result.values)}</Notice> : null}
      {result?.step === 'error' && !emailError ? <Notice kind="error">{t(result.message)}</Notice> : null}
      {result?.step === 'confirm-revoke' ? (
        <ConfirmStep
          id="ops-confirm-revoke"
          question={t('ops.staff.revoke.confirm', { email: result.email })}
          intent="revoke-confirm"
          fields={{ user_id: result.userId, email: result.email, key: result.key }}
          yes={t('ops.staff.revoke.yes')}
          busy={busy}
        />
      ) : null}

      <section aria-labelledby="ops-staff-list" className="grid gap-3">
        <h2 id="ops-staff-list" className="text-xl font-semibold">
          {t('ops.staff.listHeading')}
        </h2>
        <StaffTable members={loaderData.members} me={loaderData.me} />
      </section>

      <section aria-labelledby="ops-staff-invite" className="grid gap-3">
        <h2 id="ops-staff-invite" className="text-xl font-semibold">
          {t('ops.staff.invite.heading')}
        </h2>
        {result?.step === 'confirm-invite' ? (
          <ConfirmStep
            id="ops-confirm-invite"
            question={t('ops.staff.invite.confirm', { email: result.email, role: roleName(result.role) })}
            intent="invite-confirm"
            fields={{ email: result.email, role: result.role, lang: result.lang, key: result.key }}
            yes={t('ops.staff.invite.yes')}
            busy={busy}
          />
        ) : (
          <Form method="post" className="grid max-w-xl gap-3" noValidate>
            <input type="hidden" name="intent" value="invite" />
            <FormField
              id="ops-invite-email"
              label={t('ops.staff.invite.email')}
              error={emailError ? t('ops.staff.invite.errorEmail') : null}
            >
              {(control) => (
                <input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="off"
                  required
                  defaultValue={result?.step === 'error' ? (result.email ?? '') : ''}
                  className={inputClasses(emailError)}
                />
              )}
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id="ops-invite-role" label={t('ops.staff.invite.role')}>
                {(control) => (
                  <select {...control} name="role" defaultValue="operator" className={inputClasses(false)}>
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {roleName(role)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id="ops-invite-lang"
                label={t('ops.staff.invite.lang')}
                hint={t('ops.staff.invite.langHint')}
              >
                {(control) => (
                  <select
                    {...control}
                    name="lang"
                    defaultValue={isLocale(locale) ? locale : 'en'}
                    className={inputClasses(false)}
                  >
                    {LOCALES.map((l) => (
                      <option key={l} value={l} lang={l}>
                        {languageNames[l]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <div>
              <Button type="submit" disabled={busy}>
                {t('ops.staff.invite.submit')}
              </Button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
