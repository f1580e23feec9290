import { useCallback } from 'react';
import { Form } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { TourDetail } from '@parvoz/contracts/tours';
import { MAX_TOUR_TRAVELLERS } from '@parvoz/contracts/tour-limits';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormProblem, SubmitButton } from './FormParts.tsx';
import type { FormActionData } from './form-types.ts';

/** The request form of a tour: name, phone, email, travellers and a comment. Works without JavaScript. */
export function TourRequestForm({ tour, result }: { tour: TourDetail; result: FormActionData | undefined }) {
  const t = useT();
  const locale = useLocale();
  // The contract's form schema, the one the action parses with.
  const loadSchema = useCallback(
    () => import('@parvoz/contracts/tours').then((m) => m.tourRequestFormSchema(locale)),
    [locale],
  );
  const [form, fields] = useContractForm('tour-form', loadSchema, result?.submission);
  const maxParty = Math.min(MAX_TOUR_TRAVELLERS, Math.max(1, tour.seats_left));

  const error =
    (field: string) =>
    (codes: readonly string[]): string => {
      const code = codes[0];
      switch (field) {
        case 'full_name':
          return t('requestForm.error.name');
        case 'email':
          return t('requestForm.error.email');
        case 'phone':
          return t('requestForm.error.phone');
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
      <Field meta={fields.full_name!} label={t('requestForm.fullName')} error={error('full_name')}>
        {(control) => (
          <input
            {...control}
            autoComplete="name"
            required
            maxLength={100}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </Field>
      <Field
        meta={fields.phone!}
        label={t('requestForm.phone')}
        hint={t('requestForm.phoneHint')}
        error={error('phone')}
      >
        {(control) => (
          <input
            {...control}
            type="tel"
            autoComplete="tel"
            required
            maxLength={40}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </Field>
      <Field meta={fields.email!} label={t('requestForm.email')} error={error('email')}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field meta={fields.adults!} label={t('tours.form.adults')} error={error('adults')}>
          {(control) => (
            <select
              {...control}
              defaultValue={control.defaultValue || '2'}
              className={inputClasses(control['aria-invalid'])}
            >
              {Array.from({ length: maxParty }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field meta={fields.children!} label={t('tours.form.children')} error={error('children')}>
          {(control) => (
            <select
              {...control}
              defaultValue={control.defaultValue || '0'}
              className={inputClasses(control['aria-invalid'])}
            >
              {Array.from({ length: maxParty }, (_, i) => String(i)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field meta={fields.message!} label={t('requestForm.message')} error={error('message')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={1000}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </Field>
      <div>
        <SubmitButton>{t('tours.form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
