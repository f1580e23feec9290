import { isRoundTrip } from '../../lib/trip-legs.ts';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form, useNavigation } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { bookingFormSchema } from '@parvoz/contracts/booking-form';
import type { Traveller } from '@parvoz/contracts/travellers';
import { buttonClasses } from '../../components/Button.tsx';
import { ErrorList } from '../../components/Field.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate } from '../../lib/local-time.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import type { BookingActionData } from './booking-action.server.ts';
import {
  readFieldErrorCode,
  type BookingFormFields,
  type ErrorText,
  type CountryOption,
  type PassengerType,
} from './booking-form-fields.ts';
import type { BookingOffer } from './booking-offer.ts';
import { PassengerFieldset, fillPassenger } from './booking-passenger-fieldset.tsx';
import { BookingErrorSummary, summaryOrder } from './booking-error-summary.tsx';
import { PriceChangeNotice } from './booking-price-change-notice.tsx';
import { ContactFieldset } from './booking-contact-fieldset.tsx';
import { readDraft, restoreDraft, writeDraft } from './booking-draft.ts';
import { PromoCodeField } from './booking-promo-field.tsx';
import { SeatSelection } from './booking-seats.tsx';
import type { PageSeatMap, SeatPicks } from './booking-seats-model.ts';

/** The form's rules, loaded when the form is first used (lib/use-contract-form.ts). */
const loadBookingFormSchema = () => import('@parvoz/contracts/booking-form').then((m) => m.bookingFormSchema);

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
  /** The offer's seat maps (none: no seat to choose here) and the seats picked, held by the page for the total. */
  seatMaps: readonly PageSeatMap[];
  seatPicks: SeatPicks;
  onSeatPick: (passenger: number, flight: string, pick: string) => void;
  /** The total with the luggage and seats, formatted. */
  total: string;
  actionData: BookingActionData | undefined;
};

/**
 * The booking form: error summary and price-change notice, contact, passengers with their luggage, agreement
 * and the price. A Conform form checked with the contract's form schema in the browser and in the action
 * (bookingFormSchema); a plain POST form without JavaScript (with it, React Router submits without a full
 * reload). Errors show next to their fields, with a summary on top that links to each.
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
  seatMaps,
  seatPicks,
  onSeatPick,
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
  const segments = offer.slices.flatMap((s) => s.segments);
  const lastFlightDate = segments[segments.length - 1]!.departing_at.slice(0, 10);
  const passengerTypes: PassengerType[] = offer.passengers.map((p) => p.type);
  const [form, fields] = useContractForm<typeof bookingFormSchema, BookingFormFields>(
    'booking',
    loadBookingFormSchema,
    actionData?.submission,
    {
      defaultValue: {
        contact: {
          full_name: defaults.fullName,
          email: defaults.email,
          phone_country: defaults.phoneCountry,
        },
        passengers: passengerTypes.map((type) => ({ type })),
      },
      // Loaded on the first focus or press inside the form, not at hydration: evaluating zod and the phone
      // rules was the booking page's longest task while it starts (docs/performance.md, "The booking form's
      // rules on first use"); a traveller types for seconds before the first submit, and a submit before
      // they arrive is checked by the action with the same schema.
      loadWhen: 'used',
    },
  );
  const passengerFields = fields.passengers.getFieldList();
  // A refused submit in the browser (the schema's errors, no round trip): the summary takes the focus.
  const [refused, setRefused] = useState(0);

  const errorText: ErrorText = (codes) => {
    const { key, values } = readFieldErrorCode(codes[0] ?? '');
    const formatted = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatLocalDate(locale, v) : v,
      ]),
    );
    return t(key, formatted);
  };
  const allErrors = form.allErrors;
  const errorOf = (name: string) => {
    const codes = allErrors[name];
    return codes && codes.length > 0 ? errorText(codes) : undefined;
  };
  const errorNames = summaryOrder(Object.keys(allErrors).filter((name) => allErrors[name]?.length));

  // After a refused submit, move focus to the summary so the errors are read out and reachable (after
  // Conform's own focus on the first field).
  useEffect(() => {
    // Not sent: the message is by the button, which takes the focus back so that pressing again retries.
    if (actionData?.problem === 'network') {
      submitRef.current?.focus();
      return;
    }
    // The answer's own errors: Conform shows them from this render on (form.allErrors may still be the last).
    const refusedFields = Object.values(actionData?.submission.error ?? {}).some((codes) => codes?.length);
    if (actionData && (refusedFields || actionData.problem || actionData.priceChanged)) {
      summaryRef.current?.focus();
    }
    // Only when a new answer arrives.
  }, [actionData]);
  // What was typed survives a reload of this tab, except the birth dates and documents
  // (docs/decisions/0027-booking-form-draft.md).
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    restoreDraft(element, readDraft(offer.id));
    const save = () => writeDraft(offer.id, element);
    element.addEventListener('input', save);
    element.addEventListener('change', save);
    return () => {
      element.removeEventListener('input', save);
      element.removeEventListener('change', save);
    };
  }, [offer.id]);
  useEffect(() => {
    if (refused > 0) summaryRef.current?.focus();
  }, [refused]);

  const onFill = (index: number, travellerId: string): boolean => {
    const traveller = travellers?.find((tr) => tr.id === travellerId);
    if (!traveller || !formRef.current) return false;
    fillPassenger(formRef.current, index, traveller);
    return true;
  };

  const agreement = fields.agreement;
  const agreementError = agreement.errors?.length ? errorText(agreement.errors) : undefined;
  const changed = actionData?.priceChanged;
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // "Apply" asks for the promo code's price, not a checked form (booking-promo-field.tsx): sent as it is.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter?.getAttribute('name') === 'intent' && submitter.getAttribute('value') === 'promo')
          return;
        formProps.onSubmit(event);
        if (event.defaultPrevented) setRefused((count) => count + 1);
      }}
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
          formId={form.id}
          errorNames={errorNames}
          errorOf={errorOf}
          actionData={actionData}
        />
        {changed ? <PriceChangeNotice changed={changed} searchPath={searchPath} busy={busy} /> : null}
      </div>

      <ContactFieldset fields={fields.contact.getFieldset()} countries={countries} errorText={errorText} />

      <section aria-labelledby="passengers-heading" className="grid gap-4">
        <h2 id="passengers-heading" className="text-xl font-semibold">
          {t('booking.passengers.heading')}
        </h2>
        {fields.passengers.errors?.length ? (
          <p className="rounded bg-red-50 p-3 text-sm font-medium text-red-800">
            {errorText(fields.passengers.errors)}
          </p>
        ) : null}
        {passengerTypes.map((type, index) => {
          const field = passengerFields[index];
          // A form sent without some passengers (not this page's) shows those it has.
          if (!field) return null;
          return (
            <PassengerFieldset
              key={`${index}-${actionData?.filled === index ? 'filled' : 'form'}`}
              field={field}
              index={index}
              type={type}
              errorText={errorText}
              countries={countries}
              travellers={travellers}
              luggage={offer.available_services}
              roundTrip={offer.slices.length < 2 || isRoundTrip(offer.slices)}
              luggageChecked={luggage}
              onLuggageChange={onLuggageChange}
              onFill={onFill}
              busy={busy}
              lastFlightDate={lastFlightDate}
            />
          );
        })}
        {travellers ? (
          <div className="flex items-center gap-2">
            <input
              id={fields.save_travellers.id}
              type="checkbox"
              name={fields.save_travellers.name}
              defaultChecked={fields.save_travellers.initialValue === 'on'}
              className="size-4"
            />
            <label htmlFor={fields.save_travellers.id}>{t('booking.saved.save')}</label>
          </div>
        ) : null}
      </section>

      <SeatSelection
        offer={offer}
        maps={seatMaps}
        picks={seatPicks}
        onPick={onSeatPick}
        errorOf={(passenger) => errorOf(`passengers[${passenger}].seats`)}
      />

      <div className="grid gap-1">
        <div className="flex items-start gap-2">
          <input
            id={agreement.id}
            type="checkbox"
            name={agreement.name}
            defaultChecked={agreement.initialValue === 'on'}
            className="mt-1 size-4 shrink-0"
            aria-invalid={agreementError ? true : undefined}
            aria-describedby={agreementError ? agreement.errorId : undefined}
          />
          <label htmlFor={agreement.id}>
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
        <ErrorList id={agreement.errorId} errors={agreementError ? [agreementError] : null} />
      </div>

      <PromoCodeField promo={actionData?.promo} problem={actionData?.promoProblem} busy={busy} />

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
      {/* Gone while the next attempt is on its way: a new failure is a new alert, read out again. */}
      {actionData?.problem === 'network' && !busy ? (
        <p
          role="alert"
          data-testid="booking-not-sent"
          className="rounded border border-red-300 bg-red-50 p-4 text-red-900"
        >
          {t('booking.problem.notSent')}
        </p>
      ) : null}
    </Form>
  );
}
