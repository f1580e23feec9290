import { Form, useNavigation } from 'react-router';
import type { OpsPromoCode } from '@parvoz/contracts/promo-codes';
import type { Locale } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';
import type { Route } from './+types/promo-codes';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { formatAmount } from '../../lib/use-money.ts';
import { Button } from '../../components/Button.tsx';
import { VersionedItemCard, VersionedItemsPage } from '../../features/ops/VersionedItems.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { placeText } from './price-rules-form.ts';
import { promoCodeDefaults, promoFormId, type PromoCodeActionResult } from './promo-codes-form.ts';

export { loader, action } from './promo-codes.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.promoCodes.heading');

type Translate = ReturnType<typeof useT>;
type Terms = OpsPromoCode['terms'];

/** What the code takes off ("5 % per passenger", "$10.00 per order, at most $20.00"), and where. */
function termsText(t: Translate, locale: Locale, terms: Terms): string {
  const parts: string[] = [];
  if (terms.percent_bp) {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    parts.push(format.format(terms.percent_bp / 10_000));
  }
  if (terms.fixed) parts.push(formatAmount(locale, terms.fixed.amount, terms.fixed.currency));
  const amount = t(terms.per === 'passenger' ? 'ops.priceRules.per.passenger' : 'ops.priceRules.per.order', {
    amount: parts.join(' + ') || '0',
  });
  const cap = terms.cap
    ? ` · ${t('ops.promoCodes.cap', { cap: formatAmount(locale, terms.cap.amount, terms.cap.currency) })}`
    : '';
  const where = [
    terms.scope.origins &&
      t('ops.priceRules.scope.from', { list: terms.scope.origins.map(placeText).join(', ') }),
    terms.scope.destinations &&
      t('ops.priceRules.scope.to', { list: terms.scope.destinations.map(placeText).join(', ') }),
  ].filter(Boolean);
  return `${amount}${cap} · ${where.length > 0 ? where.join(' · ') : t('ops.priceRules.scope.every')}`;
}

/** The form of a new code, or of a code's next version. */
function PromoCodeForm({
  code,
  actionKey,
  busy,
}: {
  code: OpsPromoCode | null;
  actionKey?: string;
  busy: boolean;
}) {
  const t = useT();
  const values = promoCodeDefaults(code);
  const formId = promoFormId(code?.id ?? null);
  const field = (name: keyof typeof values, label: MessageKey, type = 'text') => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{t(label)}</span>
      <input
        name={name}
        type={type}
        defaultValue={values[name]}
        className={inputClasses(false)}
        {...(type === 'number' ? { min: 1 } : {})}
      />
    </label>
  );
  const currencyField = (name: 'fixed_currency' | 'cap_currency', label: MessageKey) => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{t(label)}</span>
      <select name={name} defaultValue={values[name]} className={inputClasses(false)}>
        <option value="">—</option>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Form method="post" id={formId} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value={code ? 'edit' : 'create'} />
      {code ? <input type="hidden" name="code_id" value={code.id} /> : null}
      {actionKey ? <input type="hidden" name="key" value={actionKey} /> : null}
      {field('code', 'ops.promoCodes.field.code')}
      {field('percent', 'ops.priceRules.field.percent')}
      {field('fixed_amount', 'ops.priceRules.field.fixedAmount')}
      {currencyField('fixed_currency', 'ops.priceRules.field.fixedCurrency')}
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{t('ops.priceRules.field.per')}</span>
        <select name="per" defaultValue={values.per} className={inputClasses(false)}>
          <option value="passenger">{t('ops.promoCodes.per.passenger')}</option>
          <option value="order">{t('ops.promoCodes.per.order')}</option>
        </select>
      </label>
      {field('cap_amount', 'ops.priceRules.field.capAmount')}
      {currencyField('cap_currency', 'ops.priceRules.field.capCurrency')}
      {field('origins', 'ops.priceRules.field.origins')}
      {field('destinations', 'ops.priceRules.field.destinations')}
      {field('valid_from', 'ops.promoCodes.field.validFrom', 'datetime-local')}
      {field('valid_until', 'ops.promoCodes.field.validUntil', 'datetime-local')}
      {field('total_limit', 'ops.promoCodes.field.totalLimit', 'number')}
      {field('per_traveller_limit', 'ops.promoCodes.field.perTravellerLimit', 'number')}
      <div className="sm:col-span-2">
        <Button type="submit" size="md" disabled={busy}>
          {t(code ? 'ops.promoCodes.save' : 'ops.promoCodes.create')}
        </Button>
      </div>
    </Form>
  );
}

export default function OpsPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const busy = useNavigation().state !== 'idle';
  const answer = actionData as PromoCodeActionResult | undefined;
  const { codes, authors } = loaderData;
  const author = (id: string | null) => (id ? (authors[id] ?? id) : t('ops.priceRules.system'));
  return (
    <VersionedItemsPage
      heading="ops.promoCodes.heading"
      intro="ops.promoCodes.intro"
      answer={answer}
      list={{
        headingId: 'promo-codes-list',
        heading: 'ops.promoCodes.list',
        none: 'ops.promoCodes.none',
        testId: 'promo-codes',
        count: codes.length,
        items: codes.map((code) => (
          <VersionedItemCard
            key={code.id}
            testId="promo-code"
            title={code.code}
            state={t(code.retired ? 'ops.promoCodes.state.retired' : 'ops.promoCodes.state.active')}
            history={{
              testId: 'promo-code-history',
              lines: code.versions.map((v) => ({
                version: v.version,
                line: t('ops.promoCodes.versionLine', {
                  version: v.version,
                  author: author(v.author_user_id),
                  at: formatInstant(locale, v.created_at),
                }),
                terms: v.retired ? t('ops.promoCodes.retiredVersion') : termsText(t, locale, v.terms),
              })),
            }}
            edit={{ form: <PromoCodeForm key={code.versions.length} code={code} busy={busy} /> }}
            retire={
              code.retired
                ? null
                : {
                    label: 'ops.promoCodes.retire',
                    confirm: 'ops.promoCodes.retireConfirm',
                    fields: { code_id: code.id, key: loaderData.keys[code.id]! },
                    busy,
                  }
            }
          >
            <p className="text-sm wrap-anywhere">{termsText(t, locale, code.terms)}</p>
            <p className="text-sm text-neutral-700 wrap-anywhere">
              {t('ops.promoCodes.uses', {
                used: code.used,
                limit: code.terms.total_limit,
                perTraveller: code.terms.per_traveller_limit,
              })}
              {code.terms.valid_from || code.terms.valid_until
                ? ` · ${t('ops.promoCodes.validity', {
                    from: code.terms.valid_from ? formatInstant(locale, code.terms.valid_from) : '—',
                    until: code.terms.valid_until ? formatInstant(locale, code.terms.valid_until) : '—',
                  })}`
                : ''}
            </p>
          </VersionedItemCard>
        )),
      }}
      newItem={{
        headingId: 'promo-codes-new',
        heading: 'ops.promoCodes.new',
        form: <PromoCodeForm key={loaderData.newKey} code={null} actionKey={loaderData.newKey} busy={busy} />,
      }}
    />
  );
}
