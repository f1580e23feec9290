import { useCallback } from 'react';
import { Form } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { AgencyField } from '@parvoz/contracts/agencies';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormProblem, SubmitButton } from './FormParts.tsx';
import type { FormActionData } from './form-types.ts';

type TextField = {
  name: AgencyField;
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
  const locale = useLocale();
  // The contract's form schema, the one the action parses with.
  const loadSchema = useCallback(
    () => import('@parvoz/contracts/agencies').then((m) => m.agencyApplicationFormSchema(locale)),
    [locale],
  );
  const [form, fields] = useContractForm('agency-form', loadSchema, result?.submission);

  const before: TextField[] = [
    {
      name: 'company_name',
      label: t('agencies.form.company'),
      error: t('agencies.form.error.company'),
      autoComplete: 'organization',
      maxLength: 200,
      required: true,
    },
    {
      name: 'tax_id',
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
      label: t('agencies.form.city'),
      error: t('agencies.form.error.city'),
      autoComplete: 'address-level2',
      maxLength: 100,
    },
    {
      name: 'contact_name',
      label: t('agencies.form.contact'),
      error: t('requestForm.error.name'),
      autoComplete: 'name',
      maxLength: 100,
      required: true,
    },
    {
      name: 'email',
      label: t('requestForm.email'),
      error: t('requestForm.error.email'),
      type: 'email',
      autoComplete: 'email',
      maxLength: 254,
      required: true,
    },
    {
      name: 'phone',
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
      label: t('agencies.form.website'),
      hint: t('agencies.form.websiteHint'),
      error: t('agencies.form.error.website'),
      type: 'url',
      autoComplete: 'url',
      maxLength: 200,
    },
  ];

  const input = (field: TextField) => (
    <Field
      key={field.name}
      meta={fields[field.name]!}
      label={field.label}
      hint={field.hint}
      error={field.error}
    >
      {(control) => (
        <input
          {...control}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          required={field.required}
          className={inputClasses(control['aria-invalid'])}
        />
      )}
    </Field>
  );

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-4 sm:grid-cols-2"
      aria-labelledby="agency-apply"
    >
      <input type="hidden" name="lang" value={locale} />
      <div className="sm:col-span-2">
        <FormProblem result={result} invalid={Object.keys(form.allErrors).length > 0} />
      </div>
      {before.map(input)}
      <Field
        meta={fields.country_code!}
        label={t('agencies.form.country')}
        error={t('agencies.form.error.country')}
      >
        {(control) => (
          <select
            {...control}
            required
            defaultValue={control.defaultValue ?? ''}
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
      </Field>
      {after.map(input)}
      <Field
        meta={fields.message!}
        className="sm:col-span-2"
        label={t('agencies.form.message')}
        error={t('requestForm.error.message', { max: 2000 })}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={2000}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <SubmitButton>{t('agencies.form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
