import { Form } from 'react-router';
import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import type { OpsPriceRulePreview, OpsPriceRuleVersion } from '@parvoz/contracts/ops-pricing';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorList } from '../../components/Field.tsx';
import { CheckboxGroup, PairOptions, SelectField, TextField } from '../../components/FieldInputs.tsx';
import {
  CABINS,
  CURRENCIES,
  FARE_FAMILIES,
  loadPriceRuleFormSchema,
  PASSENGER_TYPES,
  PREVIEW_FIELD,
  PRICE_RULE_KINDS,
  priceRuleDefaults,
  type PriceRuleFormFields,
  type PriceRuleFormSchema,
} from './price-rules-form.ts';
import { PriceRulePreview } from './price-rules-preview.tsx';
import { LANGUAGE_NAME } from './language-names.ts';
import { LOCALES } from '@parvoz/i18n/locales';

type Meta = Pick<
  FieldMetadata<unknown>,
  'id' | 'name' | 'errorId' | 'descriptionId' | 'errors' | 'initialValue' | 'allErrors'
>;

export const KIND_LABEL = {
  markup: 'ops.priceRules.kind.markup',
  service_fee: 'ops.priceRules.kind.service_fee',
  discount: 'ops.priceRules.kind.discount',
} as const satisfies Record<(typeof PRICE_RULE_KINDS)[number], MessageKey>;

export const PER_LABEL = {
  passenger: 'ops.priceRules.per.passenger',
  order: 'ops.priceRules.per.order',
} as const satisfies Record<string, MessageKey>;

/** Each error code of the form's schema and of the API's refusal (price-rules-form.ts) in words. */
const ERROR_TEXT: Record<string, MessageKey> = {
  priority: 'ops.priceRules.error.priority',
  percent: 'ops.priceRules.error.percent',
  nothing: 'ops.priceRules.error.nothing',
  amount: 'ops.priceRules.error.amount',
  amount_currency: 'ops.priceRules.error.amountCurrency',
  currency: 'ops.priceRules.error.currency',
  places: 'ops.priceRules.error.places',
  airlines: 'ops.priceRules.error.airlines',
  suppliers: 'ops.priceRules.error.suppliers',
  date: 'ops.priceRules.error.date',
  period: 'ops.priceRules.error.period',
};

export const CABIN_LABEL = { economy: 'search.cabin.economy', business: 'search.cabin.business' } as const;
export const FARE_LABEL = {
  light: 'search.fare.light',
  standard: 'search.fare.standard',
  business: 'search.fare.business',
  business_flex: 'search.fare.business_flex',
} as const;
export const PASSENGER_LABEL = {
  adult: 'ticket.passengerType.adult',
  child: 'ticket.passengerType.child',
  infant: 'ticket.passengerType.infant',
} as const;

/**
 * A pricing rule's fields: a new rule's, or the whole rule again as its next version (`ruleId`), prefilled
 * with `version`. One Conform form; each error (the schema's or the API's) under its field. "Preview" posts the
 * same fields to try the draft on the last 30 days (`preview`, shown under the buttons) without saving it.
 */
export function PriceRuleForm({
  formId,
  ruleId,
  version,
  actionKey,
  busy,
  failed,
  preview,
}: {
  formId: string;
  ruleId: string | null;
  version: OpsPriceRuleVersion | null;
  /** The new rule's Idempotency-Key. */
  actionKey?: string;
  busy: boolean;
  /** The action's last reply to this form: its errors, or the fields a preview was made of. */
  failed: SubmissionResult | undefined;
  preview?: OpsPriceRulePreview | undefined;
}) {
  const t = useT();
  const [form, fields] = useContractForm<PriceRuleFormSchema, PriceRuleFormFields>(
    formId,
    loadPriceRuleFormSchema,
    failed,
    { defaultValue: priceRuleDefaults(version) },
  );
  const error = (codes: readonly string[]) => t(ERROR_TEXT[codes[0] ?? ''] ?? 'ops.priceRules.error.invalid');
  const hint = (key: MessageKey | undefined) => (key ? t(key) : undefined);

  const input = (
    meta: Meta,
    label: MessageKey,
    props: Record<string, unknown> = {},
    hintKey?: MessageKey,
  ) => <TextField meta={meta} label={t(label)} hint={hint(hintKey)} error={error} input={props} />;
  const select = (meta: Meta, label: MessageKey, options: ReadonlyArray<[string, string]>) => (
    <SelectField meta={meta} label={t(label)} error={error}>
      <PairOptions options={options} />
    </SelectField>
  );
  const currencies: [string, string][] = [
    ['', t('ops.priceRules.currency.none')],
    ...CURRENCIES.map((c): [string, string] => [c, c]),
  ];
  const boxes = <V extends string>(
    meta: Meta,
    legend: MessageKey,
    values: readonly V[],
    label: (v: V) => string,
  ) => (
    <CheckboxGroup
      meta={meta}
      legend={t(legend)}
      options={values.map((value): [string, string] => [value, label(value)])}
      invalid={t('ops.priceRules.error.invalid')}
    />
  );

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={ruleId ? 'edit' : 'create'} />
      {ruleId ? <input type="hidden" name="rule_id" value={ruleId} /> : null}
      {actionKey ? <input type="hidden" name="key" value={actionKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors?.map((code) => error([code]))} alert />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {select(
          fields.kind,
          'ops.priceRules.field.kind',
          PRICE_RULE_KINDS.map((k): [string, string] => [k, t(KIND_LABEL[k])]),
        )}
        {input(
          fields.priority,
          'ops.priceRules.field.priority',
          { inputMode: 'numeric' },
          'ops.priceRules.hint.priority',
        )}
        {input(
          fields.percent,
          'ops.priceRules.field.percent',
          { inputMode: 'decimal' },
          'ops.priceRules.hint.percent',
        )}
        {input(fields.fixed_amount, 'ops.priceRules.field.fixedAmount', { inputMode: 'decimal' })}
        {select(fields.fixed_currency, 'ops.priceRules.field.fixedCurrency', currencies)}
        {select(
          fields.per,
          'ops.priceRules.field.per',
          (['passenger', 'order'] as const).map((p): [string, string] => [p, t(PER_LABEL[p])]),
        )}
        {input(
          fields.cap_amount,
          'ops.priceRules.field.capAmount',
          { inputMode: 'decimal' },
          'ops.priceRules.hint.cap',
        )}
        {select(fields.cap_currency, 'ops.priceRules.field.capCurrency', currencies)}
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name={fields.exclusive.name}
          value="on"
          defaultChecked={fields.exclusive.initialValue === 'on'}
          aria-describedby={fields.exclusive.descriptionId}
        />
        {t('ops.priceRules.field.exclusive')}
      </label>
      <p id={fields.exclusive.descriptionId} className="-mt-3 text-sm text-neutral-600">
        {t('ops.priceRules.hint.exclusive')}
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('ops.priceRules.scopeLegend')}</legend>
        {input(fields.suppliers, 'ops.priceRules.field.suppliers', {}, 'ops.priceRules.hint.suppliers')}
        {input(fields.origins, 'ops.priceRules.field.origins', {}, 'ops.priceRules.hint.places')}
        {input(fields.destinations, 'ops.priceRules.field.destinations', {}, 'ops.priceRules.hint.places')}
        {input(fields.airlines, 'ops.priceRules.field.airlines', {}, 'ops.priceRules.hint.airlines')}
        {boxes(fields.cabins, 'ops.priceRules.field.cabins', CABINS, (c) => t(CABIN_LABEL[c]))}
        {boxes(fields.fare_families, 'ops.priceRules.field.fareFamilies', FARE_FAMILIES, (f) =>
          t(FARE_LABEL[f]),
        )}
        {boxes(fields.passenger_types, 'ops.priceRules.field.passengerTypes', PASSENGER_TYPES, (p) =>
          t(PASSENGER_LABEL[p]),
        )}
        {boxes(fields.currencies, 'ops.priceRules.field.currencies', CURRENCIES, (c) => c)}
        {boxes(fields.markets, 'ops.priceRules.field.markets', LOCALES, (l) => t(LANGUAGE_NAME[l]))}
        {input(
          fields.sale_from,
          'ops.priceRules.field.saleFrom',
          { type: 'datetime-local' },
          'ops.priceRules.hint.utc',
        )}
        {input(
          fields.sale_until,
          'ops.priceRules.field.saleUntil',
          { type: 'datetime-local' },
          'ops.priceRules.hint.utc',
        )}
        {input(fields.travel_from, 'ops.priceRules.field.travelFrom', { type: 'date' })}
        {input(fields.travel_until, 'ops.priceRules.field.travelUntil', { type: 'date' })}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {input(
          fields.effective_from,
          'ops.priceRules.field.effectiveFrom',
          { type: 'datetime-local' },
          'ops.priceRules.hint.effectiveFrom',
        )}
      </div>
      {/* Saving first: Enter in a field submits with the form's first button (HTML's implicit submission). */}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {t(ruleId ? 'ops.priceRules.save' : 'ops.priceRules.create')}
        </Button>
        <Button type="submit" name={PREVIEW_FIELD} value="1" variant="outline" disabled={busy}>
          {t('ops.priceRules.previewButton')}
        </Button>
      </div>
      {preview ? <PriceRulePreview preview={preview} /> : null}
    </Form>
  );
}
