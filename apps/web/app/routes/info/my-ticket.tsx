import { useEffect, useRef } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { myTicketLookupRequestSchema, type BookingErrorKey } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/my-ticket';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextField } from '../../components/FieldInputs.tsx';
import { readFields } from '../../features/info/form-action.server.ts';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { NO_STORE } from '../../lib/page-cache.server.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.myTicket.heading');

export type MyTicketActionData = {
  /** Conform's reply: what was typed, and the errors by field (the contract schema's message ids). */
  submission: SubmissionResult;
  /** The address the link went to, if it was asked for (the same answer whether or not the pair matched). */
  sentTo?: string;
  problem?: 'rate_limited' | 'generic';
};

/** The browser checks with the schema the action parses with, fetched after hydration (lib/use-contract-form.ts). */
const loadSchema = () => import('@parvoz/contracts/booking').then((m) => m.myTicketLookupRequestSchema);

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
          input={{
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 12,
            className: 'font-mono uppercase',
          }}
        />
        <TextField
          meta={fields.email}
          label={t('myTicket.email')}
          error={errorText}
          input={{ type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 }}
        />
        <SubmitButton size="md" disabled={busy}>
          {t('myTicket.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
