import type { OpsPriceRulePreview, OpsPriceRulePreviewFigures } from '@parvoz/contracts/ops-pricing';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';

/** One part of the preview: how many sales change, and each currency's margin before → after, in total and per sale. */
function Figures({
  figures,
  heading,
  count,
}: {
  figures: OpsPriceRulePreviewFigures;
  heading: MessageKey;
  count: MessageKey;
}) {
  const t = useT();
  const money = useMoney();
  return (
    <div className="grid gap-1">
      <h4 className="font-medium">{t(heading)}</h4>
      <p data-testid="price-rule-preview-count">
        {figures.offers === 0
          ? t('ops.priceRules.previewNone')
          : t(count, { changed: figures.changed, offers: figures.offers })}
      </p>
      {figures.currencies.length > 0 ? (
        <ul className="grid gap-1 ps-4">
          {figures.currencies.map((c) => (
            <li key={c.currency} className="wrap-anywhere" data-testid="price-rule-preview-margin">
              {t('ops.priceRules.previewMargin', {
                currency: c.currency,
                before: money(c.margin_before, c.currency),
                after: money(c.margin_after, c.currency),
                averageBefore: money(c.average_before, c.currency),
                averageAfter: money(c.average_after, c.currency),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A draft rule tried on the last 30 days' searches and orders, shown under its form before it is saved. */
export function PriceRulePreview({ preview }: { preview: OpsPriceRulePreview }) {
  const t = useT();
  return (
    <section
      role="status"
      aria-labelledby="price-rule-preview-heading"
      className="grid gap-3 rounded bg-neutral-100 p-3"
      data-testid="price-rule-preview"
    >
      <h3 id="price-rule-preview-heading" className="font-semibold">
        {t('ops.priceRules.previewHeading')}
      </h3>
      <Figures
        figures={preview.searches}
        heading="ops.priceRules.previewSearches"
        count="ops.priceRules.previewSearchesCount"
      />
      <Figures
        figures={preview.orders}
        heading="ops.priceRules.previewOrders"
        count="ops.priceRules.previewOrdersCount"
      />
      <p className="text-sm text-neutral-700">{t('ops.priceRules.previewNote')}</p>
    </section>
  );
}
