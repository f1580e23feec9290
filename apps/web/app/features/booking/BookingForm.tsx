import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Form, Link, useNavigation } from 'react-router';
import type { Traveller } from '@parvoz/contracts/travellers';
import { Button, buttonClasses } from '../../components/Button.tsx';
import { FormField, inputClasses } from '../../components/FormField.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate } from '../../lib/local-time.ts';
import type { BookingActionData } from './booking-action.server.ts';
import { fieldId, type CountryOption, type FieldError, type PassengerType } from './form-fields.ts';
import type { BookingOffer } from './offer.ts';
import { PassengerFieldset, fillPassenger } from './PassengerFieldset.tsx';
import { useMoney } from '../../lib/use-money.ts';

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

/** The order of the error summary: contact, passengers in order, then the agreement. */
const FIELD_ORDER = [
  'contact.full_name',
  'contact.email',
  'contact.phone',
  'passengers',
  'given_name',
  'family_name',
  'born_on',
  'gender',
  'citizenship',
  'document.number',
  'document.expires_on',
  'luggage',
];

function orderOf(name: string): number {
  const passenger = /^passengers\.(\d+)\.(.+)$/.exec(name);
  if (passenger) return 100 + Number(passenger[1]) * 20 + FIELD_ORDER.indexOf(passenger[2]!);
  if (name === 'agreement') return 10_000;
  if (name === '') return -1;
  return FIELD_ORDER.indexOf(name);
}

/**
 * Contact, passengers, luggage, agreement and the price: a plain POST form (it works without JavaScript; with
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
  const money = useMoney();
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
  const errorNames = Object.keys(errors).sort((a, b) => orderOf(a) - orderOf(b));

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

  const contactError = (name: string) => errorOf(name);
  const phoneError = contactError('contact.phone');
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
        {errorNames.length > 0 ? (
          <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">{t('booking.errorSummary', { count: errorNames.length })}</p>
            <ul className="mt-2 list-disc ps-5 text-sm">
              {errorNames.map((name) => (
                <li key={name}>
                  {name === '' || name === 'passengers' ? (
                    errorOf(name)
                  ) : (
                    <a href={`#${summaryTarget(name, offer)}`} className="underline">
                      {/^passengers\.\d+\./.test(name)
                        ? t('booking.errorSummary.passenger', {
                            number: Number(name.split('.')[1]) + 1,
                            message: errorOf(name),
                          })
                        : errorOf(name)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {actionData?.problem === 'generic' || actionData?.problem === 'rate_limited' ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
            {actionData.problem === 'rate_limited'
              ? t('booking.problem.rateLimited')
              : t('booking.problem.generic')}
          </p>
        ) : null}
        {actionData?.problem === 'hold_limit' && actionData.holdLimit ? (
          <div
            role="alert"
            data-testid="booking-hold-limit"
            className="grid gap-2 rounded border border-red-300 bg-red-50 p-4 text-red-900"
          >
            <p className="font-semibold">{t('booking.holdLimit.title')}</p>
            <p>{t('booking.holdLimit.text')}</p>
            {actionData.holdLimit.seats > 0 ? (
              <p className="text-sm">
                {t('booking.holdLimit.limits', {
                  seats: actionData.holdLimit.seats,
                  orders: actionData.holdLimit.orders,
                })}
              </p>
            ) : null}
            {actionData.holdLimit.orderPath ? (
              <p>
                <Link to={actionData.holdLimit.orderPath} className="font-semibold underline">
                  {t('booking.holdLimit.openOrder')}
                </Link>
              </p>
            ) : (
              <p>
                {t('booking.holdLimit.useEmail')}{' '}
                <LocalizedLink to="/info/my-ticket" className="font-semibold underline">
                  {t('booking.holdLimit.myTicket')}
                </LocalizedLink>
              </p>
            )}
          </div>
        ) : null}
        {changed ? (
          <div
            role="alert"
            className="grid gap-3 rounded border border-amber-400 bg-amber-50 p-4 text-amber-950"
          >
            <p className="font-semibold">{t('booking.priceChanged.title')}</p>
            <p>
              {t('booking.priceChanged.text', {
                old: money(changed.old_total, changed.currency),
                new: money(changed.new_total, changed.currency),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="accept_total" value={changed.new_total} size="md" disabled={busy}>
                {t('booking.priceChanged.accept', { price: money(changed.new_total, changed.currency) })}
              </Button>
              <Link to={searchPath} className={buttonClasses({ size: 'md', variant: 'outline' })}>
                {t('booking.newSearch')}
              </Link>
            </div>
          </div>
        ) : null}
      </div>

      <fieldset className="grid gap-4 rounded border border-neutral-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold">{t('booking.contact.legend')}</legend>
        <p className="text-sm text-neutral-700">{t('booking.contact.lead')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={fieldId('contact.full_name')}
            label={t('booking.contact.fullName')}
            error={contactError('contact.full_name')}
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
            error={contactError('contact.email')}
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
            error={phoneError}
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

/** The id a summary link jumps to: the field's control (the first luggage box for a luggage error). */
function summaryTarget(name: string, offer: BookingOffer): string {
  const luggage = /^passengers\.(\d+)\.luggage$/.exec(name);
  if (luggage) {
    const first = offer.available_services[0];
    return first ? fieldId(`passengers.${luggage[1]}.luggage.${first.id}`) : fieldId(name);
  }
  if (name === 'contact.phone') return fieldId('contact.phone');
  return fieldId(name);
}
