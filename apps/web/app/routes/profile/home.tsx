import { Form, data, useNavigation } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import {
  PHONE_COUNTRY_OPTIONS,
  formatPhone,
  personalDataFormSchema,
  phoneCountryOf,
} from '@parvoz/contracts/profile';
import { endpoints } from '@parvoz/contracts/endpoints';
import { travellerInputSchema } from '@parvoz/contracts/travellers';
import type { Route } from './+types/home';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { ErrorList, Field, fieldErrorText } from '../../components/Field.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { runGuards } from '../../lib/guards.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { SavedTravellers } from '../../features/profile/SavedTravellers.tsx';

const loadPersonalDataSchema = () =>
  import('@parvoz/contracts/profile').then((m) => m.personalDataFormSchema);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.profile.heading');

const DEFAULT_PHONE_COUNTRY: Record<string, string> = { en: 'UZ', ru: 'UZ', uz: 'UZ', tr: 'TR' };

export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const [me, travellers] = await Promise.all([
    callEndpoint(api, endpoints.getMe, { query: { include: 'userDetail' } }),
    callEndpoint(api, endpoints.listTravellers, {}),
  ]);
  return { user: me.data, travellers: travellers.data };
}

export type ProfileActionData =
  | { intent: 'personal'; ok: false; submission: SubmissionResult }
  | { intent: 'traveller'; ok: false; id: string | null; submission: SubmissionResult };

/** Personal data and saved travellers: one action, by `intent`; each validated with the API's schema. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  const here = `/${params.lang}/profile`;
  // The personal data form: Conform with the contract's schema (the browser checks with it too).
  const personal = form.intent === 'personal' ? parseForm(formData, personalDataFormSchema) : null;
  const traveller = form.intent === 'traveller-save' ? parseForm(formData, travellerInputSchema) : null;
  const id = typeof form.id === 'string' && /^[0-9a-f-]{36}$/i.test(form.id) ? form.id : null;
  try {
    if (personal) {
      if (personal.status !== 'success') {
        return data<ProfileActionData>(
          { intent: 'personal', ok: false, submission: personal.reply() },
          { status: 400 },
        );
      }
      await callEndpoint(api, endpoints.updateMe, { body: personal.value });
      return redirectWithToast(here, { type: 'success', key: 'profile.saved' });
    }
    if (form.intent === 'traveller-delete' && id) {
      await callEndpoint(api, endpoints.deleteTraveller, { params: { id } });
      return redirectWithToast(here, { type: 'success', key: 'travellers.deleted' });
    }
    if (traveller) {
      if (traveller.status !== 'success') {
        return data<ProfileActionData>(
          { intent: 'traveller', ok: false, id, submission: traveller.reply() },
          { status: 400 },
        );
      }
      if (id) await callEndpoint(api, endpoints.updateTraveller, { params: { id }, body: traveller.value });
      else await callEndpoint(api, endpoints.createTraveller, { body: traveller.value });
      return redirectWithToast(here, { type: 'success', key: 'travellers.saved' });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(null, { status: 404 });
    if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
      // The API's field errors by path; one without details is the phone's (the API checks it further).
      return personal?.status === 'success'
        ? data<ProfileActionData>(
            {
              intent: 'personal',
              ok: false,
              submission: replyWithFieldErrors(personal, apiFieldErrors(error) ?? { phone: ['invalid'] }),
            },
            { status: 400 },
          )
        : traveller?.status === 'success'
          ? data<ProfileActionData>(
              {
                intent: 'traveller',
                ok: false,
                id,
                submission: replyWithFieldErrors(traveller, apiFieldErrors(error) ?? { '': ['invalid'] }),
              },
              { status: 400 },
            )
          : data<ProfileActionData>(
              {
                intent: 'traveller',
                ok: false,
                id,
                submission: { status: 'error', error: { '': ['invalid'] } },
              },
              { status: 400 },
            );
    }
    throw error;
  }
  throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const { user, travellers } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'personal';
  const phone = user.userDetail?.phone ?? null;
  const country = phoneCountryOf(phone) ?? DEFAULT_PHONE_COUNTRY[locale] ?? 'UZ';
  const personal = actionData?.intent === 'personal' ? actionData : undefined;
  const [form, fields] = useContractForm('profile', loadPersonalDataSchema, personal?.submission);
  const phoneError = fieldErrorText(
    [...(fields.phone.errors ?? []), ...(fields.phone_country.errors ?? [])],
    t('profile.error.phone'),
  );

  return (
    <>
      <PageHeading>{t('page.profile.heading')}</PageHeading>
      <Form
        method="post"
        {...getFormProps(form)}
        className="grid max-w-lg gap-4"
        key={user.userDetail?.phone ?? 'none'}
      >
        <input type="hidden" name="intent" value="personal" />
        <div className="grid gap-1">
          <span className="font-medium" id="profile-email-label">
            {t('profile.email')}
          </span>
          <p aria-labelledby="profile-email-label" className="break-all" data-testid="profile-email">
            {user.email}
          </p>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {(['first_name', 'last_name'] as const).map((name) => (
            <Field
              key={name}
              meta={fields[name]}
              label={t(name === 'first_name' ? 'profile.firstName' : 'profile.lastName')}
              error={t('profile.error.name')}
            >
              {(control) => (
                <input
                  {...control}
                  autoComplete={name === 'first_name' ? 'given-name' : 'family-name'}
                  maxLength={100}
                  defaultValue={control.defaultValue ?? user[name] ?? ''}
                  className="w-full rounded border border-neutral-400 px-3 py-2"
                />
              )}
            </Field>
          ))}
        </div>
        {/* min-w-0: a fieldset is at least as wide as its content by default, wider than a phone here. */}
        <fieldset className="grid min-w-0 gap-1">
          <legend className="font-medium">{t('profile.phone')}</legend>
          <div className="flex gap-2">
            <label htmlFor={fields.phone_country.id} className="sr-only">
              {t('profile.phoneCountry')}
            </label>
            <select
              id={fields.phone_country.id}
              name={fields.phone_country.name}
              defaultValue={fields.phone_country.initialValue ?? country}
              className="w-28 shrink-0 rounded border border-neutral-400 bg-white px-2 py-2"
            >
              {PHONE_COUNTRY_OPTIONS.map((c) => (
                <option key={c.region} value={c.region}>
                  {`${c.region} +${c.dial}`}
                </option>
              ))}
            </select>
            <label htmlFor={fields.phone.id} className="sr-only">
              {t('profile.phone')}
            </label>
            <input
              id={fields.phone.id}
              name={fields.phone.name}
              type="tel"
              autoComplete="tel"
              maxLength={40}
              defaultValue={fields.phone.initialValue ?? formatPhone(phone)}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={`${fields.phone.descriptionId}${phoneError ? ` ${fields.phone.errorId}` : ''}`}
              className="w-full min-w-0 flex-1 rounded border border-neutral-400 px-3 py-2"
            />
          </div>
          <p id={fields.phone.descriptionId} className="text-sm text-neutral-600">
            {t('profile.phoneHint')}
          </p>
          <ErrorList id={fields.phone.errorId} errors={phoneError ? [phoneError] : null} alert />
        </fieldset>
        <div>
          <Button type="submit" size="md" disabled={busy}>
            {t('profile.save')}
          </Button>
        </div>
      </Form>
      <SavedTravellers
        travellers={travellers}
        failedId={actionData?.intent === 'traveller' ? (actionData.id ?? 'new') : undefined}
        failed={actionData?.intent === 'traveller' ? actionData.submission : undefined}
      />
    </>
  );
}
