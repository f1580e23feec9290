import { useState } from 'react';
import type { Traveller } from '@parvoz/contracts/travellers';
import { Button } from '../../components/Button.tsx';
import { FormField, inputClasses } from '../../components/FormField.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate } from '../../lib/local-time.ts';
import {
  fieldId,
  luggageValue,
  passengerFieldName,
  type CountryOption,
  type PassengerField,
  type PassengerType,
} from './form-fields.ts';
import type { LuggageOption } from './offer.ts';
import { PASSENGER_TYPE_LABEL } from './PriceSummary.tsx';
import { DocumentNameField } from './DocumentNameField.tsx';
import { useMoney } from '../../lib/use-money.ts';

/** Puts a saved traveller's data into the passenger's fields (with JavaScript; without, the action does). */
export function fillPassenger(form: HTMLFormElement, index: number, traveller: Traveller): void {
  const values: Record<PassengerField, string> = {
    given_name: traveller.given_name,
    family_name: traveller.family_name,
    born_on: traveller.born_on,
    gender: traveller.gender,
    citizenship: traveller.citizenship,
    'document.number': traveller.document_number,
    'document.expires_on': traveller.document_expires_on ?? '',
  };
  for (const [field, value] of Object.entries(values)) {
    const element = form.elements.namedItem(passengerFieldName(index, field as PassengerField));
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
      element.value = value;
      // Lets the fields that follow what is typed (the ticket-name suggestion, the citizenship) see the change.
      element.dispatchEvent(
        new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      );
    }
  }
}

/** One passenger's form: names as in the document, birth date, gender, citizenship, document, luggage. */
export function PassengerFieldset({
  index,
  type,
  defaults,
  error,
  countries,
  travellers,
  luggage,
  luggageChecked,
  onLuggageChange,
  onFill,
  busy,
  lastFlightDate,
}: {
  index: number;
  type: PassengerType;
  defaults: Record<string, string>;
  error: (name: string) => string | undefined;
  countries: readonly CountryOption[];
  travellers: readonly Traveller[] | null;
  luggage: readonly LuggageOption[];
  luggageChecked: ReadonlySet<string>;
  onLuggageChange: (value: string, checked: boolean) => void;
  onFill: (index: number, travellerId: string) => boolean;
  busy: boolean;
  lastFlightDate: string;
}) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney();
  const name = (field: PassengerField) => passengerFieldName(index, field);
  const value = (field: PassengerField) => defaults[name(field)] ?? '';
  // The name suggestions follow the citizenship: the issuing state decides national spellings.
  const [citizenship, setCitizenship] = useState(value('citizenship'));
  const legendId = `${fieldId(`passengers.${index}`)}-legend`;
  const luggageError = error(`passengers.${index}.luggage`);
  const eligibleLuggage = luggage.filter((s) => s.passenger_types.includes(type));
  const bandHint = t(
    type === 'adult'
      ? 'booking.bornOnHint.adult'
      : type === 'child'
        ? 'booking.bornOnHint.child'
        : 'booking.bornOnHint.infant',
    { date: formatLocalDate(locale, lastFlightDate) },
  );

  return (
    <fieldset
      aria-labelledby={legendId}
      className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
      data-testid={`passenger-${index}`}
    >
      <legend id={legendId} className="px-1 text-lg font-semibold">
        {t('booking.passenger.legend', { number: index + 1, type: t(PASSENGER_TYPE_LABEL[type]) })}
      </legend>
      <input type="hidden" name="passenger_type" value={type} />

      {travellers && travellers.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2 rounded bg-neutral-50 p-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor={fieldId(passengerFieldName(index, 'traveller'))} className="text-sm font-medium">
              {t('booking.saved.label')}
            </label>
            <select
              id={fieldId(passengerFieldName(index, 'traveller'))}
              name={passengerFieldName(index, 'traveller')}
              defaultValue={defaults[passengerFieldName(index, 'traveller')] ?? ''}
              className={inputClasses(false)}
              onChange={(event) => {
                if (event.currentTarget.value) onFill(index, event.currentTarget.value);
              }}
            >
              <option value="">{t('booking.saved.none')}</option>
              {travellers.map((traveller) => (
                <option key={traveller.id} value={traveller.id}>
                  {`${traveller.given_name} ${traveller.family_name} · ${formatLocalDate(locale, traveller.born_on)}`}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            name="intent"
            value={`fill:${index}`}
            variant="outline"
            size="md"
            disabled={busy}
            onClick={(event) => {
              const select = event.currentTarget.form?.elements.namedItem(
                passengerFieldName(index, 'traveller'),
              );
              if (select instanceof HTMLSelectElement && select.value && onFill(index, select.value)) {
                event.preventDefault();
              }
            }}
          >
            {t('booking.saved.fill')}
          </Button>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <DocumentNameField
          id={fieldId(name('given_name'))}
          name={name('given_name')}
          label={t('booking.passenger.givenName')}
          defaultValue={value('given_name')}
          error={error(name('given_name'))}
          citizenship={citizenship}
        />
        <DocumentNameField
          id={fieldId(name('family_name'))}
          name={name('family_name')}
          label={t('booking.passenger.familyName')}
          defaultValue={value('family_name')}
          error={error(name('family_name'))}
          citizenship={citizenship}
        />
        <FormField
          id={fieldId(name('born_on'))}
          label={t('booking.passenger.bornOn')}
          hint={bandHint}
          error={error(name('born_on'))}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              name={name('born_on')}
              defaultValue={value('born_on')}
              min="1900-01-01"
              autoComplete="off"
              className={inputClasses(Boolean(control['aria-invalid']))}
            />
          )}
        </FormField>
        <FormField
          id={fieldId(name('gender'))}
          label={t('booking.passenger.gender')}
          error={error(name('gender'))}
        >
          {(control) => (
            <select
              {...control}
              name={name('gender')}
              defaultValue={value('gender')}
              className={inputClasses(Boolean(control['aria-invalid']))}
            >
              <option value="">{t('booking.choose')}</option>
              <option value="male">{t('booking.gender.male')}</option>
              <option value="female">{t('booking.gender.female')}</option>
            </select>
          )}
        </FormField>
        <FormField
          id={fieldId(name('citizenship'))}
          label={t('booking.passenger.citizenship')}
          error={error(name('citizenship'))}
        >
          {(control) => (
            <select
              {...control}
              name={name('citizenship')}
              defaultValue={value('citizenship')}
              onChange={(event) => setCitizenship(event.currentTarget.value)}
              className={inputClasses(Boolean(control['aria-invalid']))}
            >
              <option value="">{t('booking.choose')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id={fieldId(name('document.number'))}
          label={t('booking.passenger.documentNumber')}
          error={error(name('document.number'))}
        >
          {(control) => (
            <input
              {...control}
              name={name('document.number')}
              defaultValue={value('document.number')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={24}
              className={`${inputClasses(Boolean(control['aria-invalid']))} uppercase`}
            />
          )}
        </FormField>
        <FormField
          id={fieldId(name('document.expires_on'))}
          label={t('booking.passenger.documentExpiresOn')}
          error={error(name('document.expires_on'))}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              name={name('document.expires_on')}
              defaultValue={value('document.expires_on')}
              autoComplete="off"
              className={inputClasses(Boolean(control['aria-invalid']))}
            />
          )}
        </FormField>
      </div>

      {eligibleLuggage.length > 0 ? (
        <fieldset
          className="grid gap-2"
          aria-describedby={luggageError ? `${fieldId(`passengers.${index}.luggage`)}-error` : undefined}
        >
          <legend className="font-medium">{t('booking.luggage.legend')}</legend>
          {eligibleLuggage.map((service) => {
            const checkboxValue = luggageValue(service.id, index);
            const id = fieldId(`passengers.${index}.luggage.${service.id}`);
            return (
              <div key={service.id} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  name="luggage"
                  value={checkboxValue}
                  checked={luggageChecked.has(checkboxValue)}
                  onChange={(event) => onLuggageChange(checkboxValue, event.currentTarget.checked)}
                  aria-invalid={luggageError ? true : undefined}
                  className="size-4"
                />
                <label htmlFor={id}>
                  {t('booking.luggage.option', {
                    weight: service.weight_kg,
                    slice:
                      service.slice_index === 0
                        ? t('booking.itinerary.outbound')
                        : t('booking.itinerary.return'),
                    price: money(service.amount, service.currency),
                  })}
                </label>
              </div>
            );
          })}
          {luggageError ? (
            <p
              id={`${fieldId(`passengers.${index}.luggage`)}-error`}
              className="text-sm font-medium text-red-700"
            >
              {luggageError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
