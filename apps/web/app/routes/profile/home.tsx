import { Form, useNavigation } from 'react-router';
import { getFormProps } from '@conform-to/react';
import { PHONE_COUNTRY_OPTIONS, formatPhone, phoneCountryOf } from '@parvoz/contracts/profile';
import type { Route } from './+types/home';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { ErrorList, Field, fieldErrorText } from '../../components/Field.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { pageMeta } from '../../lib/meta.ts';
import { SavedTravellers } from './home-saved-travellers.tsx';

export { loader, action } from './home.server.ts';

const loadPersonalDataSchema = () =>
  import('@parvoz/contracts/profile').then((m) => m.personalDataFormSchema);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.profile.heading');

const DEFAULT_PHONE_COUNTRY: Record<string, string> = { en: 'UZ', ru: 'UZ', uz: 'UZ', tr: 'TR' };

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
