import { Form, useNavigation } from 'react-router';
import { getFormProps } from '@conform-to/react';
import { opsInviteSchema } from '@parvoz/contracts/ops-staff';
import type { Route } from './+types/staff';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { Button } from '../../components/Button.tsx';
import { RemoveItemButton } from '../../components/PostButton.tsx';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { AuditSentence } from './staff-audit-entry.tsx';

export { loader, action } from './staff.server.ts';

// The console has no JavaScript budget: its schemas come with the page.
const loadInviteSchema = async () => opsInviteSchema;

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.staff.heading');

export default function OpsStaff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useContractForm('ops-invite', loadInviteSchema, actionData?.submission);
  return (
    <div className="grid gap-6">
      <PageHeading>{t('ops.staff.heading')}</PageHeading>
      {actionData ? (
        <p role={actionData.result === 'invalid' ? 'alert' : 'status'} className="rounded bg-neutral-100 p-3">
          {t(
            actionData.result === 'invalid'
              ? 'ops.staff.invalid'
              : actionData.result === 'invited'
                ? 'ops.staff.invited'
                : 'ops.staff.revoked',
          )}
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-wrap items-end gap-3 rounded border border-neutral-200 bg-white p-4"
      >
        <input type="hidden" name="intent" value="invite" />
        <Field meta={fields.email} label={t('ops.staff.email')} error={t('ops.form.error.email')}>
          {(control) => (
            <input
              {...control}
              type="email"
              required
              className={inputClasses(control['aria-invalid'], 'w-auto')}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {t('ops.staff.invite')}
        </Button>
      </Form>
      <ul className="grid gap-2" data-testid="ops-staff">
        {loaderData.staff.map((s) => (
          <li
            key={s.user_id}
            id={`staff-${s.user_id}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded border border-neutral-200 bg-white p-3"
          >
            <span className="wrap-anywhere">
              {s.email} · {t(s.role === 'admin' ? 'ops.role.admin' : 'ops.role.operator')}
            </span>
            {s.role === 'operator' ? (
              <RemoveItemButton
                intent="revoke"
                fields={{ user_id: s.user_id }}
                busy={busy}
                label={t('ops.staff.revokeLabel', { email: s.email })}
              >
                {t('ops.staff.revoke')}
              </RemoveItemButton>
            ) : null}
          </li>
        ))}
      </ul>
      <HeadedSection headingId="ops-audit" heading={t('ops.staff.audit')} className="grid gap-2">
        <ol className="grid gap-1 text-sm" data-testid="ops-audit">
          {loaderData.audit.map((e, i) => (
            <li key={i} className="wrap-anywhere">
              {formatInstant(locale, e.at)} · <AuditSentence entry={e} />
            </li>
          ))}
        </ol>
      </HeadedSection>
    </div>
  );
}
