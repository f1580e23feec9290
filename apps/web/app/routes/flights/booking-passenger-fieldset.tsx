import { useState } from 'react';
import type { FieldMetadata } from '@conform-to/react';
import { luggageSuits } from '@parvoz/contracts/luggage';
import type { Traveller } from '@parvoz/contracts/travellers';
import { Button } from '../../components/Button.tsx';
import { ErrorList } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { CountryOptions, SelectField, TextField, codeInput } from '../../components/FieldInputs.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatLocalDate } from '../../lib/local-time.ts';
import {
  luggageBoxId,
  luggageValue,
  passengerFieldName,
  type BookingFormFields,
  type CountryOption,
  type ErrorText,
  type PassengerField,
  type PassengerType,
} from './booking-form-fields.ts';
import type { LuggageOption } from './booking-offer.ts';
import { PASSENGER_TYPE_LABEL } from '../../components/PriceBreakdown.tsx';
import { DocumentNameField } from './booking-document-name-field.tsx';
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
      // Lets the fields that follow what is typed (the ticket-name suggestion, the citizenship, the form's
      // checks) see the change.
      element.dispatchEvent(
        new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      );
    }
  }
}

/** One passenger's form: names as in the document, birth date, gender, citizenship, document, luggage. */
export function PassengerFieldset({
  field,
  index,
  type,
  errorText,
  countries,
  travellers,
  luggage,
  luggageChecked,
  onLuggageChange,
  onFill,
  busy,
  lastFlightDate,
  roundTrip,
}: {
  /** This passenger in the booking form (`passengers[index]`). */
  field: FieldMetadata<BookingFormFields['passengers'][number]>;
  index: number;
  type: PassengerType;
  errorText: ErrorText;
  countries: readonly CountryOption[];
  travellers: readonly Traveller[] | null;
  luggage: readonly LuggageOption[];
  luggageChecked: ReadonlySet<string>;
  onLuggageChange: (value: string, checked: boolean) => void;
  onFill: (index: number, travellerId: string) => boolean;
  busy: boolean;
  lastFlightDate: string;
  /** Whether the offer is one way or out and back (else its legs are "Flight n": lib/trip-legs.ts). */
  roundTrip: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney();
  const fields = field.getFieldset();
  const document = fields.document.getFieldset();
  const initial = (meta: FieldMetadata<string>) =>
    typeof meta.initialValue === 'string' ? meta.initialValue : '';
  // The name suggestions follow the citizenship: the issuing state decides national spellings.
  const [citizenship, setCitizenship] = useState(initial(fields.citizenship));
  const legendId = `${field.id}-legend`;
  const luggageField = fields.luggage;
  const luggageError = luggageField.errors?.length ? errorText(luggageField.errors) : undefined;
  const eligibleLuggage = luggage.filter((s) => luggageSuits(s, index, type));
  const bandHint = t(
    type === 'adult'
      ? 'booking.bornOnHint.adult'
      : type === 'child'
        ? 'booking.bornOnHint.child'
        : 'booking.bornOnHint.infant',
    { date: formatLocalDate(locale, lastFlightDate) },
  );
  const traveller = fields.traveller;

  return (
    <fieldset
      aria-labelledby={legendId}
      className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
      data-testid={`passenger-${index}`}
    >
      <legend id={legendId} className="px-1 text-lg font-semibold">
        {t('booking.passenger.legend', { number: index + 1, type: t(PASSENGER_TYPE_LABEL[type]) })}
      </legend>
      <input type="hidden" name={fields.type.name} value={type} />

      {travellers && travellers.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2 rounded bg-neutral-50 p-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor={traveller.id} className="text-sm font-medium">
              {t('booking.saved.label')}
            </label>
            <select
              id={traveller.id}
              name={traveller.name}
              defaultValue={initial(traveller)}
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
              const select = event.currentTarget.form?.elements.namedItem(traveller.name);
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
          meta={fields.given_name}
          label={t('booking.passenger.givenName')}
          error={errorText}
          citizenship={citizenship}
        />
        <DocumentNameField
          meta={fields.family_name}
          label={t('booking.passenger.familyName')}
          error={errorText}
          citizenship={citizenship}
        />
        <TextField
          meta={fields.born_on}
          label={t('booking.passenger.bornOn')}
          hint={bandHint}
          error={errorText}
          input={{ type: 'date', min: '1900-01-01', autoComplete: 'off' }}
        />
        <SelectField meta={fields.gender} label={t('booking.passenger.gender')} error={errorText}>
          <option value="">{t('booking.choose')}</option>
          <option value="male">{t('booking.gender.male')}</option>
          <option value="female">{t('booking.gender.female')}</option>
        </SelectField>
        <SelectField
          meta={fields.citizenship}
          label={t('booking.passenger.citizenship')}
          error={errorText}
          select={{ onChange: (event) => setCitizenship(event.currentTarget.value) }}
        >
          <option value="">{t('booking.choose')}</option>
          <CountryOptions countries={countries} />
        </SelectField>
        <TextField
          meta={document.number}
          label={t('booking.passenger.documentNumber')}
          error={errorText}
          input={codeInput(24)}
        />
        <TextField
          meta={document.expires_on}
          label={t('booking.passenger.documentExpiresOn')}
          error={errorText}
          input={{ type: 'date', autoComplete: 'off' }}
        />
      </div>

      {eligibleLuggage.length > 0 ? (
        <fieldset className="grid gap-2" aria-describedby={luggageError ? luggageField.errorId : undefined}>
          <legend className="font-medium">{t('booking.luggage.legend')}</legend>
          {eligibleLuggage.map((service) => {
            const checkboxValue = luggageValue(service.id, index);
            const id = luggageBoxId(luggageField.id, service.id);
            return (
              <div key={service.id} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  name={luggageField.name}
                  value={service.id}
                  checked={luggageChecked.has(checkboxValue)}
                  onChange={(event) => onLuggageChange(checkboxValue, event.currentTarget.checked)}
                  aria-invalid={luggageError ? true : undefined}
                  className="size-4"
                />
                <label htmlFor={id}>
                  {t(service.bag_number ? 'booking.luggage.optionNumbered' : 'booking.luggage.option', {
                    number: service.bag_number ?? 1,
                    weight: service.weight_kg,
                    slice: !roundTrip
                      ? t('search.multiCity.leg', { number: service.slice_index + 1 })
                      : service.slice_index === 0
                        ? t('booking.itinerary.outbound')
                        : t('booking.itinerary.return'),
                    price: money(service.amount, service.currency),
                  })}
                </label>
              </div>
            );
          })}
          <ErrorList id={luggageField.errorId} errors={luggageError ? [luggageError] : null} />
        </fieldset>
      ) : null}
    </fieldset>
  );
}
