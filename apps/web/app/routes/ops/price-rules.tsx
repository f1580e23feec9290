import { useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { OpsPriceRule, OpsPriceRuleVersion } from '@parvoz/contracts/ops-pricing';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/price-rules';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant, formatLocalDate } from '../../lib/local-time.ts';
import { formatAmount } from '../../lib/use-money.ts';
import { VersionedItemCard, VersionedItemsPage } from '../../features/ops/VersionedItems.tsx';
import { placeText, PREVIEW_FIELD, ruleFormId, type PriceRuleActionResult } from './price-rules-form.ts';
import { LANGUAGE_NAME } from './language-names.ts';
import {
  CABIN_LABEL,
  FARE_LABEL,
  KIND_LABEL,
  PASSENGER_LABEL,
  PER_LABEL,
  PriceRuleForm,
} from './price-rules-rule-form.tsx';

export { loader, action } from './price-rules.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.priceRules.heading');

type Translate = ReturnType<typeof useT>;

/** A preview saves nothing: the rules need not be read again, and the forms keep what was typed. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get(PREVIEW_FIELD) ? false : defaultShouldRevalidate;
}

/** In force now, to apply later (scheduled), or applying no more (retired): by the versions' times. */
export function ruleState(rule: OpsPriceRule, now: string): 'inForce' | 'scheduled' | 'retired' {
  if (rule.in_force) return 'inForce';
  const latest = rule.versions[0]!;
  return latest.retired && latest.effective_from <= now ? 'retired' : 'scheduled';
}

const STATE_LABEL = {
  inForce: 'ops.priceRules.state.inForce',
  scheduled: 'ops.priceRules.state.scheduled',
  retired: 'ops.priceRules.state.retired',
} as const satisfies Record<ReturnType<typeof ruleState>, MessageKey>;

/** What the version adds or takes off: "5 %", "$3.00", or both, per passenger or per order. */
function amountText(t: Translate, locale: Locale, v: OpsPriceRuleVersion): string {
  const parts: string[] = [];
  if (v.percent_bp) {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    parts.push(format.format(v.percent_bp / 10_000));
  }
  if (v.fixed) parts.push(formatAmount(locale, v.fixed.amount, v.fixed.currency));
  return t(PER_LABEL[v.per], { amount: parts.join(' + ') || '0' });
}

/** Which sales the version applies to, in short ("From TAS, city:IST · Economy"), or every sale. */
function scopeText(t: Translate, locale: Locale, v: OpsPriceRuleVersion): string {
  const s = v.scope;
  const list = (items: readonly string[] | undefined) => items?.join(', ');
  const parts = [
    s.origins && t('ops.priceRules.scope.from', { list: s.origins.map(placeText).join(', ') }),
    s.destinations && t('ops.priceRules.scope.to', { list: s.destinations.map(placeText).join(', ') }),
    s.airlines && t('ops.priceRules.scope.airlines', { list: list(s.airlines)! }),
    s.cabins && t('ops.priceRules.scope.cabins', { list: s.cabins.map((c) => t(CABIN_LABEL[c])).join(', ') }),
    s.fare_families &&
      t('ops.priceRules.scope.fareFamilies', {
        list: s.fare_families.map((f) => t(FARE_LABEL[f])).join(', '),
      }),
    s.passenger_types &&
      t('ops.priceRules.scope.passengerTypes', {
        list: s.passenger_types.map((p) => t(PASSENGER_LABEL[p])).join(', '),
      }),
    s.currencies && t('ops.priceRules.scope.currencies', { list: list(s.currencies)! }),
    s.markets &&
      t('ops.priceRules.scope.markets', { list: s.markets.map((l) => t(LANGUAGE_NAME[l])).join(', ') }),
    s.sale_from && t('ops.priceRules.scope.saleFrom', { time: formatInstant(locale, s.sale_from) }),
    s.sale_until && t('ops.priceRules.scope.saleUntil', { time: formatInstant(locale, s.sale_until) }),
    s.travel_from && t('ops.priceRules.scope.travelFrom', { date: formatLocalDate(locale, s.travel_from) }),
    s.travel_until &&
      t('ops.priceRules.scope.travelUntil', { date: formatLocalDate(locale, s.travel_until) }),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('ops.priceRules.scope.every');
}

export default function OpsPriceRules({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const busy = useNavigation().state !== 'idle';
  const answer = actionData as PriceRuleActionResult | undefined;
  const failedOf = (formId: string) =>
    answer && 'formId' in answer && answer.formId === formId ? answer.submission : undefined;
  const previewOf = (formId: string) =>
    answer && 'preview' in answer && answer.formId === formId ? answer.preview : undefined;
  const { rules, authors, now } = loaderData;
  const author = (v: OpsPriceRuleVersion) =>
    v.author_user_id ? (authors[v.author_user_id] ?? v.author_user_id) : t('ops.priceRules.system');
  const versionLine = (v: OpsPriceRuleVersion) =>
    t('ops.priceRules.versionLine', {
      version: v.version,
      from: formatInstant(locale, v.effective_from),
      author: author(v),
      at: formatInstant(locale, v.created_at),
    });
  return (
    <VersionedItemsPage
      heading="ops.priceRules.heading"
      intro="ops.priceRules.intro"
      answer={answer && !('preview' in answer) ? answer : undefined}
      list={{
        headingId: 'price-rules-list',
        heading: 'ops.priceRules.list',
        none: 'ops.priceRules.none',
        testId: 'price-rules',
        count: rules.length,
        items: rules.map((rule) => {
          const shown = rule.in_force ?? rule.versions[0]!;
          const state = ruleState(rule, now);
          const next = rule.versions[0]!;
          const formId = ruleFormId(rule.id);
          const failed = failedOf(formId);
          return (
            <VersionedItemCard
              key={rule.id}
              testId="price-rule"
              title={
                <>
                  {t(KIND_LABEL[shown.kind])} · {amountText(t, locale, shown)}
                </>
              }
              state={t(STATE_LABEL[state])}
              history={{
                testId: 'price-rule-history',
                lines: rule.versions.map((v) => ({
                  version: v.version,
                  line: versionLine(v),
                  terms: v.retired
                    ? t('ops.priceRules.retiredVersion')
                    : `${t(KIND_LABEL[v.kind])} · ${amountText(t, locale, v)} · ${scopeText(t, locale, v)}`,
                })),
              }}
              edit={{
                open: failed !== undefined || previewOf(formId) !== undefined,
                form: (
                  <PriceRuleForm
                    key={rule.versions.length}
                    formId={formId}
                    ruleId={rule.id}
                    version={next.retired ? shown : next}
                    busy={busy}
                    failed={failed}
                    preview={previewOf(formId)}
                  />
                ),
              }}
              retire={
                state === 'retired' || next.retired
                  ? null
                  : {
                      label: 'ops.priceRules.retire',
                      confirm: 'ops.priceRules.retireConfirm',
                      fields: { rule_id: rule.id, key: loaderData.keys[rule.id]! },
                      busy,
                    }
              }
            >
              <p className="text-sm wrap-anywhere">{scopeText(t, locale, shown)}</p>
              <p className="text-sm text-neutral-700 wrap-anywhere">
                {t('ops.priceRules.details', {
                  priority: shown.priority,
                  cap: shown.cap ? formatAmount(locale, shown.cap.amount, shown.cap.currency) : '—',
                })}
                {shown.exclusive ? ` · ${t('ops.priceRules.exclusive')}` : ''}
              </p>
              <p className="text-sm text-neutral-700 wrap-anywhere">{versionLine(shown)}</p>
              {next !== shown || state === 'scheduled' ? (
                <p className="text-sm font-medium wrap-anywhere">
                  {t(next.retired ? 'ops.priceRules.retiresAt' : 'ops.priceRules.nextAt', {
                    version: next.version,
                    time: formatInstant(locale, next.effective_from),
                  })}
                </p>
              ) : null}
            </VersionedItemCard>
          );
        }),
      }}
      newItem={{
        headingId: 'price-rules-new',
        heading: 'ops.priceRules.new',
        form: (
          <PriceRuleForm
            key={loaderData.newKey}
            formId={ruleFormId(null)}
            ruleId={null}
            version={null}
            actionKey={loaderData.newKey}
            busy={busy}
            failed={failedOf(ruleFormId(null))}
            preview={previewOf(ruleFormId(null))}
          />
        ),
      }}
    />
  );
}
