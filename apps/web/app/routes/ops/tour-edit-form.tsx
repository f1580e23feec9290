import { Form } from 'react-router';
import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import { BOARD_BASES, TOUR_INCLUDES } from '@parvoz/contracts/tours';
import type { OpsTour } from '@parvoz/contracts/ops-tours';
import { LANGUAGE_NAME } from './language-names.ts';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { CheckboxGroup, PairOptions, SelectField, TextField } from '../../components/FieldInputs.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import {
  loadTourFormSchema,
  tourFormDefaults,
  type TourFormFields,
  type TourFormSchema,
} from './tour-edit-fields.ts';

const LOCALIZED_LABEL = {
  title: 'ops.tours.field.title',
  summary: 'ops.tours.field.summary',
  description: 'ops.tours.field.description',
} as const satisfies Record<string, MessageKey>;

type Meta = Pick<
  FieldMetadata<unknown>,
  'id' | 'name' | 'errorId' | 'descriptionId' | 'errors' | 'initialValue' | 'allErrors'
>;

/**
 * The tour's fields (a new tour's, or the whole tour again): one Conform form with the contract's tour form
 * schema, nested names (`title.en`), each error under its field, with or without JavaScript.
 */
export function TourEditForm({
  tour,
  busy,
  failed,
}: {
  tour: OpsTour | null;
  busy: boolean;
  failed: SubmissionResult | undefined;
}) {
  const t = useT();
  const [form, fields] = useContractForm<TourFormSchema, TourFormFields>(
    'ops-tour',
    loadTourFormSchema,
    failed,
    {
      defaultValue: tourFormDefaults(tour),
    },
  );
  // One text for any error of a field: the notice above says what the form needs.
  const invalid = t('ops.tours.fieldInvalid');
  const slugError = (codes: readonly string[]) =>
    codes.includes('slug_taken') ? t('ops.tours.slugTaken') : invalid;

  const input = (meta: Meta, label: MessageKey, props: Record<string, unknown> = {}) => (
    <TextField meta={meta} label={t(label)} error={invalid} input={props} />
  );
  const select = (meta: Meta, label: MessageKey, options: ReadonlyArray<[string, string]>) => (
    <SelectField meta={meta} label={t(label)} error={invalid}>
      <PairOptions options={options} />
    </SelectField>
  );
  const none: [string, string] = ['', t('ops.tours.none.option')];

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-4 rounded border border-neutral-200 bg-white p-4"
    >
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 md:grid-cols-2">
        <Field meta={fields.slug} label={t('ops.tours.field.slug')} error={slugError}>
          {(control) => (
            <input {...control} required maxLength={80} className={inputClasses(control['aria-invalid'])} />
          )}
        </Field>
      </div>
      {(['title', 'summary', 'description'] as const).map((name) => {
        const languages = fields[name].getFieldset();
        return (
          <fieldset key={name} className="grid gap-3 md:grid-cols-2">
            <legend className="mb-2 font-semibold">{t(LOCALIZED_LABEL[name])}</legend>
            {LOCALES.map((lang) => (
              <Field key={lang} meta={languages[lang]} label={t(LANGUAGE_NAME[lang])} error={invalid}>
                {(control) =>
                  name === 'title' ? (
                    <input
                      {...control}
                      lang={lang}
                      required={lang === 'en'}
                      className={inputClasses(control['aria-invalid'])}
                    />
                  ) : (
                    <textarea
                      {...control}
                      lang={lang}
                      rows={name === 'description' ? 4 : 2}
                      className={inputClasses(control['aria-invalid'])}
                    />
                  )
                }
              </Field>
            ))}
          </fieldset>
        );
      })}
      <div className="grid gap-4 sm:grid-cols-3">
        {input(fields.origin_code, 'ops.tours.field.origin', { maxLength: 3, required: true })}
        {input(fields.destination_code, 'ops.tours.field.destination', { maxLength: 3, required: true })}
        {input(fields.country_code, 'ops.tours.field.country', { maxLength: 2, required: true })}
        {input(fields.departs_on, 'ops.tours.field.departsOn', { type: 'date', required: true })}
        {input(fields.nights, 'ops.tours.field.nights', { type: 'number', min: 1, max: 60, required: true })}
        {input(fields.seats_left, 'ops.tours.field.seatsLeft', {
          type: 'number',
          min: 0,
          max: 999,
          required: true,
        })}
        {input(fields.price, 'ops.tours.field.price', { inputMode: 'decimal', required: true })}
        {select(
          fields.currency,
          'ops.tours.field.currency',
          CURRENCIES.map((c) => [c, c]),
        )}
        {input(fields.hotel_name, 'ops.tours.field.hotel')}
        {select(fields.hotel_stars, 'ops.tours.field.stars', [
          none,
          ...[1, 2, 3, 4, 5].map((n): [string, string] => [String(n), String(n)]),
        ])}
        {select(fields.board_basis, 'ops.tours.field.board', [
          none,
          ...BOARD_BASES.map((b): [string, string] => [b, t(`tours.board.${b}`)]),
        ])}
      </div>
      <CheckboxGroup
        meta={fields.includes}
        legend={t('ops.tours.field.includes')}
        options={TOUR_INCLUDES.map((code): [string, string] => [code, t(`tours.includes.${code}`)])}
        invalid={invalid}
        className="grid gap-2"
        legendClassName="mb-2 font-semibold"
      />
      <div>
        <Button type="submit" disabled={busy}>
          {t(tour ? 'ops.tours.save' : 'ops.tours.create')}
        </Button>
      </div>
    </Form>
  );
}
