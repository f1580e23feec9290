import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { FieldMetadata, getFormProps } from '@conform-to/react';
import { LOCALES } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { useRootData, useT } from '../lib/i18n.tsx';
import { Button } from './Button.tsx';
import { Field } from './Field.tsx';

type SelectMeta = Pick<
  FieldMetadata<unknown>,
  'id' | 'name' | 'errorId' | 'descriptionId' | 'errors' | 'initialValue'
>;

/** A field's metadata under an id of our own (the pages' ids stay what they were: `settings-language`). */
function withId(meta: SelectMeta, id: string): SelectMeta {
  return {
    id,
    name: meta.name,
    errorId: `${id}-error`,
    descriptionId: `${id}-hint`,
    errors: meta.errors,
    initialValue: meta.initialValue,
  };
}

const selectClass = 'rounded border border-neutral-300 bg-white px-3 py-2';

/**
 * The language and currency pickers of both settings forms (cookies for everyone, the profile when signed
 * in): fields of the page's Conform form, each with its error (a value the lists do not offer) below it.
 */
export function LanguageCurrencyFields({
  idPrefix,
  fields,
}: {
  idPrefix: string;
  fields: { language: SelectMeta; currency: SelectMeta };
}) {
  const t = useT();
  const { locale, currency, languageNames } = useRootData();
  return (
    <>
      <Picker
        meta={withId(fields.language, `${idPrefix}-language`)}
        label={t('settings.language')}
        error={t('settings.error.language')}
        value={locale}
        // Each language's name in its own language, marked so for screen readers.
        options={LOCALES.map((l) => ({ value: l, name: languageNames[l], lang: l }))}
      />
      <Picker
        meta={withId(fields.currency, `${idPrefix}-currency`)}
        label={t('settings.currency')}
        error={t('settings.error.currency')}
        value={currency}
        options={CURRENCIES.map((c) => ({ value: c, name: c }))}
      />
    </>
  );
}

/** One picker: a select of the offered values, the current one chosen. */
function Picker({
  meta,
  label,
  error,
  value,
  options,
}: {
  meta: SelectMeta;
  label: string;
  error: string;
  value: string;
  options: ReadonlyArray<{ value: string; name: string; lang?: string }>;
}) {
  return (
    <Field meta={meta} label={label} error={error}>
      {(control) => (
        <select {...control} defaultValue={value} className={selectClass}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A settings form: the pickers, what `children` adds below them, and the save button. Keyed by the saved
 * language and currency so that after a save the pickers start again from the new values.
 */
export function LanguageCurrencyForm({
  formProps,
  idPrefix,
  fields,
  children,
}: {
  formProps: ReturnType<typeof getFormProps>;
  idPrefix: string;
  fields: { language: SelectMeta; currency: SelectMeta };
  children?: ReactNode;
}) {
  const t = useT();
  const { locale, currency } = useRootData();
  return (
    <Form method="post" {...formProps} className="grid max-w-sm gap-4" key={`${locale}-${currency}`}>
      <LanguageCurrencyFields idPrefix={idPrefix} fields={fields} />
      {children}
      <div>
        <Button type="submit" size="md">
          {t('settings.save')}
        </Button>
      </div>
    </Form>
  );
}
