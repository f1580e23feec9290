import { useId, useState } from 'react';
import type { FieldMetadata } from '@conform-to/react';
import { documentLatinName, needsDocumentLatin } from '@parvoz/core/document-names';
import { Field, type FieldErrorText } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * A name field that shows, as the traveller types, the name as it must appear on the ticket (ICAO document
 * Latin: "Азиз" → "AZIZ") and fills it in with one tap; the traveller may still edit it to match the passport.
 */
export function DocumentNameField({
  meta,
  label,
  error,
  citizenship,
}: {
  meta: FieldMetadata<string>;
  label: string;
  error: FieldErrorText;
  citizenship: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState(typeof meta.initialValue === 'string' ? meta.initialValue : '');
  const suggestionId = useId();
  const suggestion = needsDocumentLatin(typed, { citizenship })
    ? documentLatinName(typed, { citizenship })
    : '';
  return (
    <Field meta={meta} label={label} hint={t('booking.passenger.latinHint')} error={error}>
      {(control) => (
        <>
          <input
            {...control}
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
                    const input = event.currentTarget.form?.elements.namedItem(meta.name);
                    if (input instanceof HTMLInputElement) {
                      input.value = suggestion;
                      setTyped(suggestion);
                      // As if typed: the form checks the field again (its error goes once it is right).
                      input.dispatchEvent(new Event('input', { bubbles: true }));
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
    </Field>
  );
}
