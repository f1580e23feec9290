import type { FareConditionsView } from '@parvoz/contracts/booking';
import { useT } from '../lib/i18n.tsx';
import { useMoney } from '../lib/use-money.ts';

/**
 * The fare rules of an offer or an order (docs/after-sale.md), before booking and on the order: what comes
 * back when the booking is cancelled before departure (light: the taxes; standard: all but the fee), and that
 * nothing can be cancelled online from the first departure on.
 */
export function FareConditions({
  conditions,
  taxes,
  currency,
  headingLevel = 2,
}: {
  conditions: FareConditionsView;
  /** The taxes of all passengers, major units of `currency`. */
  taxes: number;
  currency: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const money = useMoney();
  const rule = conditions.refund_before_departure;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fee = rule.penalty_amount !== null ? Number(rule.penalty_amount) : 0;
  return (
    <section aria-labelledby="fare-rules-heading" className="grid gap-1 text-sm" data-testid="fare-rules">
      <Heading id="fare-rules-heading" className="font-semibold">
        {t('fare.rules.heading')}
      </Heading>
      <p>
        {!rule.allowed
          ? t('fare.rules.light', { taxes: money(taxes, currency) })
          : fee > 0
            ? t('fare.rules.standard', { fee: money(fee, rule.penalty_currency ?? currency) })
            : t('fare.rules.standardFree')}
      </p>
      <p className="text-neutral-700">{t('fare.rules.afterDeparture')}</p>
    </section>
  );
}
