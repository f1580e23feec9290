import { Form } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { AgencyField } from '@parvoz/contracts/agencies';
import type { Locale } from '@parvoz/i18n/locales';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { SelectOptions } from '../../components/SelectOptions.tsx';
import { SpecField } from '../../components/FieldInputs.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import {
  contactFields,
  FormProblem,
  SubmitButton,
  useRequestForm,
  type TextFieldSpec,
} from '../../features/info/FormParts.tsx';
import type { FormActionData } from '../../features/info/form-types.ts';

type AgencyTextField = TextFieldSpec & { name: AgencyField };

const loadAgencySchema = (locale: Locale) =>
  import('@parvoz/contracts/agencies').then((m) => m.agencyApplicationFormSchema(locale));

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
  const [form, fields] = useRequestForm('agency-form', loadAgencySchema, result);

  const contact = contactFields(t);
  const before: AgencyTextField[] = [
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
  const after: AgencyTextField[] = [
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
    { name: 'email', ...contact.email },
    { name: 'phone', ...contact.phone },
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

  const input = ({ name, type = 'text', ...field }: AgencyTextField) => (
    <SpecField key={name} meta={fields[name]!} type={type} {...field} />
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
            <SelectOptions empty={t('agencies.form.countryPlaceholder')} choices={countries} />
          </select>
        )}
      </Field>
      {after.map(input)}
      <SpecField
        meta={fields.message!}
        className="sm:col-span-2"
        label={t('agencies.form.message')}
        error={t('requestForm.error.message', { max: 2000 })}
        rows={4}
        maxLength={2000}
      />
      <div className="sm:col-span-2">
        <SubmitButton>{t('agencies.form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
