import { Form } from 'react-router';
import { FormField, inputClasses } from '../../components/FormField.tsx';
import { useT } from '../../lib/i18n.tsx';
import { FormProblem, SubmitButton } from './FormParts.tsx';
import type { FormActionData } from './form-types.ts';

type TextField = {
  name: string;
  id: string;
  label: string;
  hint?: string;
  error: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  maxLength: number;
  required?: boolean;
};

/** The agency application: company, tax number, country, contact person, email, phone. Works without JavaScript. */
export function AgencyForm({
  countries,
  result,
}: {
  countries: ReadonlyArray<{ code: string; name: string }>;
  result: FormActionData | undefined;
}) {
  const t = useT();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const shown = (field: TextField) => (errors[field.name] ? field.error : undefined);

  const before: TextField[] = [
    {
      name: 'company_name',
      id: 'agency-company',
      label: t('agencies.form.company'),
      error: t('agencies.form.error.company'),
      autoComplete: 'organization',
      maxLength: 200,
      required: true,
    },
    {
      name: 'tax_id',
      id: 'agency-tax-id',
      label: t('agencies.form.taxId'),
      hint: t('agencies.form.taxIdHint'),
      error: t('agencies.form.error.taxId'),
      maxLength: 20,
      required: true,
    },
  ];
  const after: TextField[] = [
    {
      name: 'city',
      id: 'agency-city',
      label: t('agencies.form.city'),
      error: t('agencies.form.error.city'),
      autoComplete: 'address-level2',
      maxLength: 100,
    },
    {
      name: 'contact_name',
      id: 'agency-contact',
      label: t('agencies.form.contact'),
      error: t('requestForm.error.name'),
      autoComplete: 'name',
      maxLength: 100,
      required: true,
    },
    {
      name: 'email',
      id: 'agency-email',
      label: t('requestForm.email'),
      error: t('requestForm.error.email'),
      type: 'email',
      autoComplete: 'email',
      maxLength: 254,
      required: true,
    },
    {
      name: 'phone',
      id: 'agency-phone',
      label: t('requestForm.phone'),
      hint: t('requestForm.phoneHint'),
      error: t('requestForm.error.phone'),
      type: 'tel',
      autoComplete: 'tel',
      maxLength: 40,
      required: true,
    },
    {
      name: 'website',
      id: 'agency-website',
      label: t('agencies.form.website'),
      hint: t('agencies.form.websiteHint'),
      error: t('agencies.form.error.website'),
      type: 'url',
      autoComplete: 'url',
      maxLength: 200,
    },
  ];

  const input = (field: TextField) => (
    <FormField key={field.name} id={field.id} label={field.label} hint={field.hint} error={shown(field)}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          required={field.required}
          defaultValue={values[field.name]}
          className={inputClasses(control['aria-invalid'])}
        />
      )}
    </FormField>
  );

  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-labelledby="agency-apply">
      <div className="sm:col-span-2">
        <FormProblem result={result} />
      </div>
      {before.map(input)}
      <FormField
        id="agency-country"
        label={t('agencies.form.country')}
        error={errors.country_code ? t('agencies.form.error.country') : undefined}
      >
        {(control) => (
          <select
            {...control}
            name="country_code"
            required
            defaultValue={values.country_code ?? ''}
            className={inputClasses(control['aria-invalid'])}
          >
            <option value="">{t('agencies.form.countryPlaceholder')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {after.map(input)}
      <FormField
        id="agency-message"
        className="sm:col-span-2"
        label={t('agencies.form.message')}
        error={errors.message ? t('requestForm.error.message', { max: 2000 }) : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={4}
            maxLength={2000}
            defaultValue={values.message}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <SubmitButton>{t('agencies.form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
