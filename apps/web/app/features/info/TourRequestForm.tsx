import { Form } from 'react-router';
import { MAX_TOUR_TRAVELLERS, type TourDetail } from '@parvoz/contracts/tours';
import { FormField, inputClasses } from '../../components/FormField.tsx';
import { useT } from '../../lib/i18n.tsx';
import { FormProblem, SubmitButton } from './FormParts.tsx';
import type { FormActionData } from './form-types.ts';

/** The request form of a tour: name, phone, email, travellers and a comment. Works without JavaScript. */
export function TourRequestForm({ tour, result }: { tour: TourDetail; result: FormActionData | undefined }) {
  const t = useT();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const maxParty = Math.min(MAX_TOUR_TRAVELLERS, Math.max(1, tour.seats_left));

  const error = (field: string): string | undefined => {
    const code = errors[field];
    if (!code) return undefined;
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
    <Form method="post" noValidate className="grid gap-4" aria-labelledby="tour-request">
      <FormProblem result={result} />
      <FormField id="tour-full-name" label={t('requestForm.fullName')} error={error('full_name')}>
        {(control) => (
          <input
            {...control}
            name="full_name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={values.full_name}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </FormField>
      <FormField
        id="tour-phone"
        label={t('requestForm.phone')}
        hint={t('requestForm.phoneHint')}
        error={error('phone')}
      >
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={40}
            defaultValue={values.phone}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </FormField>
      <FormField id="tour-email" label={t('requestForm.email')} error={error('email')}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="tour-adults" label={t('tours.form.adults')} error={error('adults')}>
          {(control) => (
            <select
              {...control}
              name="adults"
              defaultValue={values.adults || '2'}
              className={inputClasses(control['aria-invalid'])}
            >
              {Array.from({ length: maxParty }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="tour-children" label={t('tours.form.children')} error={error('children')}>
          {(control) => (
            <select
              {...control}
              name="children"
              defaultValue={values.children || '0'}
              className={inputClasses(control['aria-invalid'])}
            >
              {Array.from({ length: maxParty }, (_, i) => String(i)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField id="tour-message" label={t('requestForm.message')} error={error('message')}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={3}
            maxLength={1000}
            defaultValue={values.message}
            className={inputClasses(control['aria-invalid'])}
          />
        )}
      </FormField>
      <div>
        <SubmitButton>{t('tours.form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
