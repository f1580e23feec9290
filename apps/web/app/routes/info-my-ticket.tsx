import { useEffect, useRef } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { myTicketLookupRequestSchema, type BookingErrorKey } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import { type Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/info-my-ticket';
import { PageHeading } from '../components/PageHeading.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { TextFormField } from '../components/FieldInputs.tsx';
import { useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { ApiError } from '../lib/api.server.ts';
import { callEndpoint } from '../lib/endpoint-client.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.myTicket.heading');

export type MyTicketActionData = {
  reference: string;
  email: string;
  errors: Partial<Record<'booking_reference' | 'email', BookingErrorKey>>;
  sent?: boolean;
  problem?: 'rate_limited' | 'generic';
};

/** "Where is my ticket": booking reference + email → the access link is emailed (same answer either way). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  const state = context.get(requestStateContext);
  const form = await request.formData();
  const reference = String(form.get('booking_reference') ?? '').slice(0, 40);
  const email = String(form.get('email') ?? '').slice(0, 254);
  const parsed = myTicketLookupRequestSchema.safeParse({ booking_reference: reference, email, lang });
  if (!parsed.success) {
    const errors: MyTicketActionData['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'email' ? 'email' : 'booking_reference';
      errors[field] ??= issue.message as BookingErrorKey;
    }
    return data<MyTicketActionData>({ reference, email, errors }, { status: 400 });
  }
  try {
    await callEndpoint(state.api, endpoints.lookupOrder, { body: parsed.data });
    return data<MyTicketActionData>({
      reference: parsed.data.booking_reference,
      email: parsed.data.email,
      errors: {},
      sent: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      return data<MyTicketActionData>(
        { reference, email, errors: {}, problem: 'rate_limited' },
        { status: 429 },
      );
    }
    state.log.error({ err: error }, 'my-ticket lookup failed');
    return data<MyTicketActionData>({ reference, email, errors: {}, problem: 'generic' }, { status: 503 });
  }
}

export default function MyTicket({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const resultRef = useRef<HTMLDivElement>(null);
  const errorOf = (field: keyof MyTicketActionData['errors']) => {
    const key = actionData?.errors[field];
    return key ? t(key) : undefined;
  };

  useEffect(() => {
    if (!actionData) return;
    const firstInvalid = document.querySelector<HTMLInputElement>('#my-ticket-form [aria-invalid="true"]');
    if (firstInvalid) firstInvalid.focus();
    else resultRef.current?.focus();
  }, [actionData]);

  return (
    <div className="mx-auto grid max-w-lg gap-4">
      <PageHeading>{t('page.myTicket.heading')}</PageHeading>
      <p className="text-neutral-700">{t('myTicket.lead')}</p>
      <p className="text-sm text-neutral-700">{t('myTicket.replaces')}</p>
      <div ref={resultRef} tabIndex={-1} className="outline-none">
        {actionData?.sent ? (
          <p role="status" className="rounded border border-green-300 bg-green-50 p-4 text-green-900">
            {t('myTicket.sent', { email: actionData.email })}
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
        id="my-ticket-form"
        noValidate
        className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
      >
        <TextFormField
          id="my-ticket-reference"
          label={t('myTicket.reference')}
          hint={t('myTicket.referenceHint')}
          error={errorOf('booking_reference')}
          input={{
            name: 'booking_reference',
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 12,
            defaultValue: actionData?.reference ?? '',
            className: 'font-mono uppercase',
          }}
        />
        <TextFormField
          id="my-ticket-email"
          label={t('myTicket.email')}
          error={errorOf('email')}
          input={{
            name: 'email',
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            maxLength: 254,
            defaultValue: actionData?.email ?? '',
          }}
        />
        <SubmitButton size="md" disabled={busy}>
          {t('myTicket.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
