import { FormField, inputClasses } from '../../components/FormField.tsx';
import { useT } from '../../lib/i18n.tsx';
import { fieldId, type CountryOption } from './form-fields.ts';

/** The buyer's contact: where the tickets and the order's link go (name, email, phone with its country). */
export function ContactFieldset({
  values,
  defaults,
  countries,
  errorOf,
}: {
  /** What was typed before a refused submit, by field name. */
  values: Readonly<Record<string, string>>;
  defaults: { fullName: string; email: string; phoneCountry: string };
  countries: readonly CountryOption[];
  errorOf: (name: string) => string | undefined;
}) {
  const t = useT();
  return (
    <fieldset className="grid gap-4 rounded border border-neutral-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold">{t('booking.contact.legend')}</legend>
      <p className="text-sm text-neutral-700">{t('booking.contact.lead')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={fieldId('contact.full_name')}
          label={t('booking.contact.fullName')}
          error={errorOf('contact.full_name')}
          className="sm:col-span-2"
        >
          {(control) => (
            <input
              {...control}
              name="contact.full_name"
              autoComplete="name"
              maxLength={100}
              defaultValue={values['contact.full_name'] ?? defaults.fullName}
              className={inputClasses(Boolean(control['aria-invalid']))}
            />
          )}
        </FormField>
        <FormField
          id={fieldId('contact.email')}
          label={t('booking.contact.email')}
          error={errorOf('contact.email')}
        >
          {(control) => (
            <input
              {...control}
              name="contact.email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={values['contact.email'] ?? defaults.email}
              className={inputClasses(Boolean(control['aria-invalid']))}
            />
          )}
        </FormField>
        <FormField
          id={fieldId('contact.phone')}
          label={t('booking.contact.phone')}
          hint={t('booking.contact.phoneHint')}
          error={errorOf('contact.phone')}
        >
          {(control) => (
            <div className="flex gap-2">
              <label htmlFor={fieldId('contact.phone_country')} className="sr-only">
                {t('booking.contact.phoneCountry')}
              </label>
              <select
                id={fieldId('contact.phone_country')}
                name="contact.phone_country"
                defaultValue={values['contact.phone_country'] ?? defaults.phoneCountry}
                className={`${inputClasses(Boolean(control['aria-invalid']), 'w-32 sm:w-44')} shrink-0`}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {`${c.name} +${c.dial}`}
                  </option>
                ))}
              </select>
              <input
                {...control}
                name="contact.phone"
                type="tel"
                autoComplete="tel"
                maxLength={40}
                defaultValue={values['contact.phone'] ?? ''}
                className={inputClasses(Boolean(control['aria-invalid']))}
              />
            </div>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
