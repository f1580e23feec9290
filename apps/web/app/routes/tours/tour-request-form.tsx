import type { ComponentProps } from 'react';
import { Form } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { TourDetail } from '@parvoz/contracts/tours';
import { MAX_TOUR_TRAVELLERS } from '@parvoz/contracts/tour-limits';
import type { Locale } from '@parvoz/i18n/locales';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { SpecField } from '../../components/FieldInputs.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { contactFields, FormProblem, SubmitButton, useRequestForm } from '../../features/info/FormParts.tsx';
import type { FormActionData } from '../../features/info/form-types.ts';

const loadTourRequestSchema = (locale: Locale) =>
  import('@parvoz/contracts/tours').then((m) => m.tourRequestFormSchema(locale));

/** The request form of a tour: name, phone, email, travellers and a comment. Works without JavaScript. */
export function TourRequestForm({ tour, result }: { tour: TourDetail; result: FormActionData | undefined }) {
  const t = useT();
  const locale = useLocale();
  const [form, fields] = useRequestForm('tour-form', loadTourRequestSchema, result);
  const contact = contactFields(t);
  const maxParty = Math.min(MAX_TOUR_TRAVELLERS, Math.max(1, tour.seats_left));

  const error =
    (field: string) =>
    (codes: readonly string[]): string => {
      const code = codes[0];
      switch (field) {
        case 'adults':
          return code === 'not_enough_seats'
            ? t('tours.form.error.seats', { count: result?.seatsLeft ?? tour.seats_left })
            : t('tours.form.error.adults', { max: MAX_TOUR_TRAVELLERS });
        case 'children':
          return t('tours.form.error.children', { max: MAX_TOUR_TRAVELLERS });
        case 'message':
          return t('requestForm.error.message', { max: 1000 });
        default:
          return t('requestForm.error.summary');
      }
    };

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-labelledby="tour-request">
      <input type="hidden" name="lang" value={locale} />
      <FormProblem result={result} invalid={Object.keys(form.allErrors).length > 0} />
      <SpecField
        meta={fields.full_name!}
        label={t('requestForm.fullName')}
        error={t('requestForm.error.name')}
        autoComplete="name"
        required
        maxLength={100}
      />
      <SpecField meta={fields.phone!} {...contact.phone} />
      <SpecField meta={fields.email!} {...contact.email} />
      <div className="grid grid-cols-2 gap-4">
        <TravellerCount
          meta={fields.adults!}
          label={t('tours.form.adults')}
          error={error('adults')}
          numbers={{ from: 1, count: maxParty, initial: '2' }}
        />
        <TravellerCount
          meta={fields.children!}
          label={t('tours.form.children')}
          error={error('children')}
          numbers={{ from: 0, count: maxParty, initial: '0' }}
        />
      </div>
      <SpecField
        meta={fields.message!}
        label={t('requestForm.message')}
        error={error('message')}
        rows={3}
        maxLength={1000}
      />
      <div>
        <SubmitButton>{t('tours.form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}

/** A number of travellers: `count` choices from `from`, `initial` chosen until the traveller picks one. */
function TravellerCount({
  numbers,
  ...field
}: Omit<ComponentProps<typeof Field>, 'children'> & {
  numbers: { from: number; count: number; initial: string };
}) {
  return (
    <Field {...field}>
      {(control) => (
        <select
          {...control}
          defaultValue={control.defaultValue || numbers.initial}
          className={inputClasses(control['aria-invalid'])}
        >
          {Array.from({ length: numbers.count }, (_, i) => String(numbers.from + i)).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
