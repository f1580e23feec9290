import type { FieldMetadata } from '@conform-to/react';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { CountryOptions, EMAIL_INPUT, TextField, TextInput } from '../../components/FieldInputs.tsx';
import { useT } from '../../lib/i18n.tsx';
import type { CountryOption, ErrorText } from './booking-form-fields.ts';

type ContactFields = {
  [name in 'full_name' | 'email' | 'phone_country' | 'phone']: FieldMetadata<string>;
};

/** The buyer's contact: where the tickets and the order's link go (name, email, phone with its country). */
/** A phone country's option: its name and dialling code. */
const withDialCode = (country: CountryOption) => `${country.name} +${country.dial}`;

export function ContactFieldset({
  fields,
  countries,
  errorText,
}: {
  /** The contact's fields of the booking form (`contact.email`, ...). */
  fields: ContactFields;
  countries: readonly CountryOption[];
  errorText: ErrorText;
}) {
  const t = useT();
  const country = fields.phone_country;
  return (
    <fieldset className="grid gap-4 rounded border border-neutral-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold">{t('booking.contact.legend')}</legend>
      <p className="text-sm text-neutral-700">{t('booking.contact.lead')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          meta={fields.full_name}
          label={t('booking.contact.fullName')}
          error={errorText}
          className="sm:col-span-2"
          input={{ autoComplete: 'name', maxLength: 100 }}
        />
        <TextField
          meta={fields.email}
          label={t('booking.contact.email')}
          error={errorText}
          input={EMAIL_INPUT}
        />
        {/* The number is read in its country (the contract's form schema): one error for both. */}
        <Field
          meta={fields.phone}
          label={t('booking.contact.phone')}
          hint={t('booking.contact.phoneHint')}
          error={errorText}
        >
          {(control) => (
            <div className="flex gap-2">
              <label htmlFor={country.id} className="sr-only">
                {t('booking.contact.phoneCountry')}
              </label>
              <select
                id={country.id}
                name={country.name}
                defaultValue={typeof country.initialValue === 'string' ? country.initialValue : undefined}
                className={`${inputClasses(Boolean(control['aria-invalid']), 'w-32 sm:w-44')} shrink-0`}
              >
                <CountryOptions countries={countries} label={withDialCode} />
              </select>
              <TextInput {...control} type="tel" autoComplete="tel" maxLength={40} />
            </div>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
