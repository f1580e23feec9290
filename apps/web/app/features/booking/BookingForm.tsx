import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Form, useNavigation } from 'react-router';
import type { Traveller } from '@parvoz/contracts/travellers';
import { buttonClasses } from '../../components/Button.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate } from '../../lib/local-time.ts';
import type { BookingActionData } from './booking-action.server.ts';
import { fieldId, type CountryOption, type FieldError, type PassengerType } from './form-fields.ts';
import type { BookingOffer } from './offer.ts';
import { PassengerFieldset, fillPassenger } from './PassengerFieldset.tsx';
import { BookingErrorSummary, summaryOrder } from './BookingErrorSummary.tsx';
import { PriceChangeNotice } from './PriceChangeNotice.tsx';
import { ContactFieldset } from './ContactFieldset.tsx';

export type BookingFormProps = {
  offer: BookingOffer;
  countries: readonly CountryOption[];
  travellers: readonly Traveller[] | null;
  idempotencyKey: string;
  searchPath: string;
  defaults: { fullName: string; email: string; phoneCountry: string };
  /** The luggage boxes ticked ("lug_0:1"), held by the page so that the price summary follows them. */
  luggage: ReadonlySet<string>;
  onLuggageChange: (value: string, checked: boolean) => void;
  /** The total with the luggage, formatted. */
  total: string;
  actionData: BookingActionData | undefined;
};

/**
 * The booking form: error summary and price-change notice, contact, passengers with their luggage, agreement
 * and the price. A plain POST form (it works without JavaScript; with
 * it, React Router submits without a full reload). Errors come back from the action and show next to their
 * fields, with a summary on top that links to each.
 */
export function BookingForm({
  offer,
  countries,
  travellers,
  idempotencyKey,
  searchPath,
  defaults,
  luggage,
  onLuggageChange,
  total,
  actionData,
}: BookingFormProps) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const values = actionData?.values.fields ?? {};
  const errors = actionData?.errors ?? {};
  const segments = offer.slices.flatMap((s) => s.segments);
  const lastFlightDate = segments[segments.length - 1]!.departing_at.slice(0, 10);
  const passengerTypes: PassengerType[] = offer.passengers.map((p) => p.type);

  const errorText = (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    const formatted = Object.fromEntries(
      Object.entries(error.values ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatLocalDate(locale, v) : v,
      ]),
    );
    return t(error.key, formatted);
  };
  const errorOf = (name: string) => errorText(errors[name]);
  const errorNames = summaryOrder(Object.keys(errors));

  // After a refused submit, move focus to the summary so the errors are read out and reachable.
  useEffect(() => {
    if (actionData && (errorNames.length > 0 || actionData.problem || actionData.priceChanged)) {
      summaryRef.current?.focus();
    }
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);

  const onFill = (index: number, travellerId: string): boolean => {
    const traveller = travellers?.find((tr) => tr.id === travellerId);
    if (!traveller || !formRef.current) return false;
    fillPassenger(formRef.current, index, traveller);
    return true;
  };

  const agreementError = errorOf('agreement');
  const changed = actionData?.priceChanged;

  return (
    <Form
      method="post"
      noValidate
      ref={formRef}
      className="grid gap-6"
      aria-labelledby="booking-form-heading"
      onKeyDown={(event) => {
        // Enter in a field books (the first submit button in the form may be a "fill" or "accept" button).
        const target = event.target;
        if (
          event.key === 'Enter' &&
          target instanceof HTMLInputElement &&
          !['checkbox', 'radio', 'submit', 'button'].includes(target.type)
        ) {
          event.preventDefault();
          formRef.current?.requestSubmit(submitRef.current);
        }
      }}
    >
      <h2 id="booking-form-heading" className="sr-only">
        {t('booking.form.heading')}
      </h2>
      <input type="hidden" name="offer_id" value={offer.id} />
      {/* The prices as shown: the action adds up the total the traveller saw (the API refuses another one). */}
      <input type="hidden" name="offer_total" value={offer.total_amount} />
      {offer.available_services.map((s) => (
        <input key={s.id} type="hidden" name={`luggage_price.${s.id}`} value={s.amount} />
      ))}
      <input type="hidden" name="currency" value={offer.total_currency} />
      <input type="hidden" name="idempotency_key" value={actionData?.nextKey ?? idempotencyKey} />
      <input type="hidden" name="search" value={searchPath} />

      <div ref={summaryRef} tabIndex={-1} className="grid gap-3 outline-none">
        <BookingErrorSummary
          offer={offer}
          errorNames={errorNames}
          errorOf={errorOf}
          actionData={actionData}
        />
        {changed ? <PriceChangeNotice changed={changed} searchPath={searchPath} busy={busy} /> : null}
      </div>

      <ContactFieldset values={values} defaults={defaults} countries={countries} errorOf={errorOf} />

      <section aria-labelledby="passengers-heading" className="grid gap-4">
        <h2 id="passengers-heading" className="text-xl font-semibold">
          {t('booking.passengers.heading')}
        </h2>
        {errors.passengers ? (
          <p className="rounded bg-red-50 p-3 text-sm font-medium text-red-800">{errorOf('passengers')}</p>
        ) : null}
        {passengerTypes.map((type, index) => (
          <PassengerFieldset
            key={`${index}-${actionData?.filled === index ? 'filled' : 'form'}`}
            index={index}
            type={type}
            defaults={values}
            error={errorOf}
            countries={countries}
            travellers={travellers}
            luggage={offer.available_services}
            luggageChecked={luggage}
            onLuggageChange={onLuggageChange}
            onFill={onFill}
            busy={busy}
            lastFlightDate={lastFlightDate}
          />
        ))}
        {travellers ? (
          <div className="flex items-center gap-2">
            <input
              id={fieldId('save_travellers')}
              type="checkbox"
              name="save_travellers"
              defaultChecked={values.save_travellers === 'on'}
              className="size-4"
            />
            <label htmlFor={fieldId('save_travellers')}>{t('booking.saved.save')}</label>
          </div>
        ) : null}
      </section>

      <div className="grid gap-1">
        <div className="flex items-start gap-2">
          <input
            id={fieldId('agreement')}
            type="checkbox"
            name="agreement"
            defaultChecked={values.agreement === 'on'}
            className="mt-1 size-4 shrink-0"
            aria-invalid={agreementError ? true : undefined}
            aria-describedby={agreementError ? `${fieldId('agreement')}-error` : undefined}
          />
          <label htmlFor={fieldId('agreement')}>
            {intl.formatMessage(
              { id: 'booking.agreement.label' },
              {
                link: (chunks: React.ReactNode[]) => (
                  <LocalizedLink
                    to="/info/agreement"
                    target="_blank"
                    rel="noopener"
                    className="text-primary-700 underline"
                  >
                    {chunks}
                    <span className="sr-only"> {t('booking.agreement.newTab')}</span>
                  </LocalizedLink>
                ),
              },
            )}
          </label>
        </div>
        {agreementError ? (
          <p id={`${fieldId('agreement')}-error`} className="text-sm font-medium text-red-700">
            {agreementError}
          </p>
        ) : null}
      </div>

      <p className="text-lg">{t('booking.price.totalLine', { price: total })}</p>
      <div className="flex flex-wrap items-center gap-4">
        <button
          ref={submitRef}
          type="submit"
          disabled={busy}
          className={`${buttonClasses({ size: 'lg' })} w-full sm:w-auto`}
        >
          {busy ? t('booking.submitting') : t('booking.submit')}
        </button>
        <p className="text-sm text-neutral-700">{t('booking.paymentNote')}</p>
      </div>
    </Form>
  );
}
