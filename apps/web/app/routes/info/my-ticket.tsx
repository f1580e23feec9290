import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { BookingErrorKey } from '@parvoz/contracts/booking';
import type { Route } from './+types/my-ticket';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { EMAIL_INPUT, TextField, codeInput } from '../../components/FieldInputs.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

export { action } from './my-ticket.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.myTicket.heading');

/** The browser checks with the schema the action parses with, fetched after hydration (lib/use-contract-form.ts). */
const loadSchema = () => import('@parvoz/contracts/booking').then((m) => m.myTicketLookupRequestSchema);

export default function MyTicket({ actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const resultRef = useRef<HTMLDivElement>(null);
  const [form, fields] = useContractForm('my-ticket-form', loadSchema, actionData?.submission);
  // The schema's messages are message ids (packages/contracts/src/booking.ts).
  const errorText = (codes: readonly string[]) => t(codes[0] as BookingErrorKey);

  // The answer (sent, or a problem of the whole request) is read out where it appears; a field's error puts
  // the focus on that field (Conform).
  useEffect(() => {
    if (actionData?.sentTo || actionData?.problem) resultRef.current?.focus();
  }, [actionData]);

  return (
    <div className="mx-auto grid max-w-lg gap-4">
      <PageHeading>{t('page.myTicket.heading')}</PageHeading>
      <p className="text-neutral-700">{t('myTicket.lead')}</p>
      <p className="text-sm text-neutral-700">{t('myTicket.replaces')}</p>
      <div ref={resultRef} tabIndex={-1} className="outline-none">
        {actionData?.sentTo ? (
          <p role="status" className="rounded border border-green-300 bg-green-50 p-4 text-green-900">
            {t('myTicket.sent', { email: actionData.sentTo })}
          </p>
        ) : null}
        {actionData?.problem ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
            {actionData.problem === 'rate_limited' ? t('myTicket.rateLimited') : t('myTicket.failed')}
          </p>
        ) : null}
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
      >
        <input type="hidden" name="lang" value={locale} />
        <TextField
          meta={fields.booking_reference}
          label={t('myTicket.reference')}
          hint={t('myTicket.referenceHint')}
          error={errorText}
          input={codeInput(12, 'font-mono uppercase')}
        />
        <TextField meta={fields.email} label={t('myTicket.email')} error={errorText} input={EMAIL_INPUT} />
        <SubmitButton size="md" disabled={busy}>
          {t('myTicket.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
