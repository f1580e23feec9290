import { useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { OpsPriceRule, OpsPriceRuleVersion } from '@parvoz/contracts/ops-pricing';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/price-rules';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant, formatLocalDate } from '../../lib/local-time.ts';
import { formatAmount } from '../../lib/use-money.ts';
import { PostButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { placeText, PREVIEW_FIELD, ruleFormId, type PriceRuleActionResult } from './price-rules-form.ts';
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
    <div className="grid gap-6">
      <PageHeading>{t('ops.priceRules.heading')}</PageHeading>
      <p className="-mt-4 max-w-prose text-neutral-700">{t('ops.priceRules.intro')}</p>
      {answer && !('preview' in answer) ? (
        <p role={'problem' in answer ? 'alert' : 'status'} className="rounded bg-neutral-100 p-3">
          {t('problem' in answer ? answer.problem : answer.done)}
        </p>
      ) : null}
      <HeadedSection headingId="price-rules-list" heading={t('ops.priceRules.list')} className="grid gap-3">
        {rules.length === 0 ? <p>{t('ops.priceRules.none')}</p> : null}
        <ul className="grid gap-3" data-testid="price-rules">
          {rules.map((rule) => {
            const shown = rule.in_force ?? rule.versions[0]!;
            const state = ruleState(rule, now);
            const next = rule.versions[0]!;
            const formId = ruleFormId(rule.id);
            const failed = failedOf(formId);
            return (
              <li
                key={rule.id}
                className="grid gap-2 rounded border border-neutral-200 bg-white p-3"
                data-testid="price-rule"
              >
                <h3 className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-semibold wrap-anywhere">
                  <span>
                    {t(KIND_LABEL[shown.kind])} · {amountText(t, locale, shown)}
                  </span>
                  <span className="rounded bg-neutral-100 px-2 text-sm font-medium">
                    {t(STATE_LABEL[state])}
                  </span>
                </h3>
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
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium">
                    {t('ops.priceRules.history', { count: rule.versions.length })}
                  </summary>
                  <ol className="mt-2 grid gap-2 ps-4" data-testid="price-rule-history">
                    {rule.versions.map((v) => (
                      <li key={v.version} className="wrap-anywhere">
                        {versionLine(v)}
                        <br />
                        {v.retired
                          ? t('ops.priceRules.retiredVersion')
                          : `${t(KIND_LABEL[v.kind])} · ${amountText(t, locale, v)} · ${scopeText(t, locale, v)}`}
                      </li>
                    ))}
                  </ol>
                </details>
                <details open={failed !== undefined || previewOf(formId) !== undefined}>
                  <summary className="cursor-pointer font-medium">{t('ops.priceRules.edit')}</summary>
                  <div className="mt-3">
                    <PriceRuleForm
                      key={rule.versions.length}
                      formId={formId}
                      ruleId={rule.id}
                      version={next.retired ? shown : next}
                      busy={busy}
                      failed={failed}
                      preview={previewOf(formId)}
                    />
                  </div>
                </details>
                {state === 'retired' || next.retired ? null : (
                  <details>
                    <summary className="cursor-pointer font-medium">{t('ops.priceRules.retire')}</summary>
                    <div className="mt-2 grid justify-items-start gap-2">
                      <p>{t('ops.priceRules.retireConfirm')}</p>
                      <PostButton
                        intent="retire"
                        fields={{ rule_id: rule.id, key: loaderData.keys[rule.id]! }}
                        size="sm"
                        disabled={busy}
                      >
                        {t('ops.priceRules.retireYes')}
                      </PostButton>
                    </div>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </HeadedSection>
      <HeadedSection
        headingId="price-rules-new"
        heading={t('ops.priceRules.new')}
        className="grid gap-3 rounded border border-neutral-200 bg-white p-4"
      >
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
      </HeadedSection>
    </div>
  );
}
