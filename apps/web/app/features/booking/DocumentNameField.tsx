import { useId, useState } from 'react';
import { documentLatinName, needsDocumentLatin } from '@parvoz/core/document-names';
import { FormField, inputClasses } from '../../components/FormField.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * A name field that shows, as the traveller types, the name as it must appear on the ticket (ICAO document
 * Latin: "Азиз" → "AZIZ") and fills it in with one tap; the traveller may still edit it to match the passport.
 */
export function DocumentNameField({
  id,
  name,
  label,
  defaultValue,
  error,
  citizenship,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error: string | undefined;
  citizenship: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState(defaultValue);
  const suggestionId = useId();
  const suggestion = needsDocumentLatin(typed, { citizenship })
    ? documentLatinName(typed, { citizenship })
    : '';
  return (
    <FormField id={id} label={label} hint={t('booking.passenger.latinHint')} error={error}>
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            defaultValue={defaultValue}
            onInput={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={50}
            className={`${inputClasses(Boolean(control['aria-invalid']))} uppercase`}
          />
          {/* Announced politely while typing; the button is a real button, reachable by keyboard. */}
          <div aria-live="polite" className="min-h-0">
            {suggestion ? (
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" id={suggestionId}>
                <span>{t('booking.passenger.ticketName', { name: suggestion })}</span>
                <button
                  type="button"
                  className="rounded border border-blue-700 px-2 py-0.5 font-medium text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
                  aria-describedby={suggestionId}
                  onClick={(event) => {
                    const input = event.currentTarget.form?.elements.namedItem(name);
                    if (input instanceof HTMLInputElement) {
                      input.value = suggestion;
                      setTyped(suggestion);
                      input.focus();
                    }
                  }}
                >
                  {t('booking.passenger.useTicketName')}
                </button>
              </p>
            ) : null}
          </div>
        </>
      )}
    </FormField>
  );
}
