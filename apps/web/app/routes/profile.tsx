import { useEffect } from 'react';
import { Form, data, useNavigation } from 'react-router';
import {
  PHONE_COUNTRY_OPTIONS,
  formatPhone,
  personalDataFormSchema,
  phoneCountryOf,
} from '@parvoz/contracts/profile';
import { endpoints } from '@parvoz/contracts/endpoints';
import { travellerInputSchema } from '@parvoz/contracts/travellers';
import type { Route } from './+types/profile';
import { PageHeading } from '../components/PageHeading.tsx';
import { Button } from '../components/Button.tsx';
import { notify } from '../components/toast.tsx';
import { useRootData, useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { runGuards } from '../lib/guards.server.ts';
import { ApiError } from '../lib/api.server.ts';
import { callEndpoint } from '../lib/endpoint-client.server.ts';
import { SavedTravellers } from '../features/profile/SavedTravellers.tsx';

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
  | { intent: 'personal'; ok: true }
  | { intent: 'personal'; ok: false; field: 'phone' | 'name' }
  | { intent: 'traveller'; ok: true; message: 'saved' | 'deleted' }
  | { intent: 'traveller'; ok: false; id: string | null };

/** Personal data and saved travellers: one action, by `intent`; each validated with the API's schema. */
export async function action({ request, context }: Route.ActionArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const form = Object.fromEntries(await request.formData());
  const id = typeof form.id === 'string' && /^[0-9a-f-]{36}$/i.test(form.id) ? form.id : null;
  try {
    if (form.intent === 'personal') {
      const parsed = personalDataFormSchema.safeParse(form);
      if (!parsed.success) {
        const field = parsed.error.issues.some((i) => i.path.includes('phone')) ? 'phone' : 'name';
        return data<ProfileActionData>({ intent: 'personal', ok: false, field }, { status: 400 });
      }
      await callEndpoint(api, endpoints.updateMe, { body: parsed.data });
      return data<ProfileActionData>({ intent: 'personal', ok: true });
    }
    if (form.intent === 'traveller-delete' && id) {
      await callEndpoint(api, endpoints.deleteTraveller, { params: { id } });
      return data<ProfileActionData>({ intent: 'traveller', ok: true, message: 'deleted' });
    }
    if (form.intent === 'traveller-save') {
      const parsed = travellerInputSchema.safeParse(form);
      if (!parsed.success)
        return data<ProfileActionData>({ intent: 'traveller', ok: false, id }, { status: 400 });
      if (id) await callEndpoint(api, endpoints.updateTraveller, { params: { id }, body: parsed.data });
      else await callEndpoint(api, endpoints.createTraveller, { body: parsed.data });
      return data<ProfileActionData>({ intent: 'traveller', ok: true, message: 'saved' });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(null, { status: 404 });
    if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
      return form.intent === 'personal'
        ? data<ProfileActionData>({ intent: 'personal', ok: false, field: 'phone' }, { status: 400 })
        : data<ProfileActionData>({ intent: 'traveller', ok: false, id }, { status: 400 });
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

  useEffect(() => {
    if (actionData?.ok) {
      const message =
        actionData.intent === 'personal'
          ? t('profile.saved')
          : actionData.message === 'deleted'
            ? t('travellers.deleted')
            : t('travellers.saved');
      notify(message, { type: 'success' });
    }
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);

  return (
    <>
      <PageHeading>{t('page.profile.heading')}</PageHeading>
      <Form method="post" className="grid max-w-lg gap-4" key={user.userDetail?.phone ?? 'none'}>
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
          <div className="grid gap-1">
            <label htmlFor="profile-first-name" className="font-medium">
              {t('profile.firstName')}
            </label>
            <input
              id="profile-first-name"
              name="first_name"
              autoComplete="given-name"
              maxLength={100}
              defaultValue={user.first_name ?? ''}
              className="w-full rounded border border-neutral-400 px-3 py-2"
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor="profile-last-name" className="font-medium">
              {t('profile.lastName')}
            </label>
            <input
              id="profile-last-name"
              name="last_name"
              autoComplete="family-name"
              maxLength={100}
              defaultValue={user.last_name ?? ''}
              className="w-full rounded border border-neutral-400 px-3 py-2"
            />
          </div>
        </div>
        {/* min-w-0: a fieldset is at least as wide as its content by default, wider than a phone here. */}
        <fieldset className="grid min-w-0 gap-1">
          <legend className="font-medium">{t('profile.phone')}</legend>
          <div className="flex gap-2">
            <label htmlFor="profile-phone-country" className="sr-only">
              {t('profile.phoneCountry')}
            </label>
            <select
              id="profile-phone-country"
              name="phone_country"
              defaultValue={country}
              className="w-28 shrink-0 rounded border border-neutral-400 bg-white px-2 py-2"
            >
              {PHONE_COUNTRY_OPTIONS.map((c) => (
                <option key={c.region} value={c.region}>
                  {`${c.region} +${c.dial}`}
                </option>
              ))}
            </select>
            <label htmlFor="profile-phone" className="sr-only">
              {t('profile.phone')}
            </label>
            <input
              id="profile-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={40}
              defaultValue={formatPhone(phone)}
              aria-invalid={personal && !personal.ok && personal.field === 'phone' ? true : undefined}
              aria-describedby={`profile-phone-hint${personal && !personal.ok ? ' profile-error' : ''}`}
              className="w-full min-w-0 flex-1 rounded border border-neutral-400 px-3 py-2"
            />
          </div>
          <p id="profile-phone-hint" className="text-sm text-neutral-600">
            {t('profile.phoneHint')}
          </p>
        </fieldset>
        {personal && !personal.ok ? (
          <p id="profile-error" role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
            {personal.field === 'phone' ? t('profile.error.phone') : t('profile.error.name')}
          </p>
        ) : null}
        <div>
          <Button type="submit" size="md" disabled={busy}>
            {t('profile.save')}
          </Button>
        </div>
      </Form>
      <SavedTravellers
        travellers={travellers}
        failedId={actionData?.intent === 'traveller' && !actionData.ok ? (actionData.id ?? 'new') : undefined}
      />
    </>
  );
}
