import type { PromoQuote } from '@parvoz/contracts/promo-codes';
import { Button } from '../../components/Button.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';
import type { PromoProblem } from './booking-promo.server.ts';

/** The words of each refusal (a reason added to the contract fails to compile until it has words). */
const PROBLEM_KEYS: Record<PromoProblem, MessageKey> = {
  promo_unavailable: 'booking.promo.refused.unavailable',
  promo_limit_reached: 'booking.promo.refused.limitReached',
  promo_not_applicable: 'booking.promo.refused.notApplicable',
  promo_already_used: 'booking.promo.refused.alreadyUsed',
  rate_limited: 'booking.problem.rateLimited',
};

/**
 * The optional promo code (docs/decisions/0029-promo-codes.md): "Apply" sends the form without checking it (the
 * passengers may not be typed yet) and the page comes back with the discount in the price, or the reason the code
 * gives nothing. The applied quote rides in hidden fields, so booking sends the code with the total shown.
 */
export function PromoCodeField({
  promo,
  problem,
  busy,
}: {
  promo: PromoQuote | undefined;
  problem: PromoProblem | undefined;
  busy: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const messageId = 'promo-code-message';
  return (
    <div className="grid gap-1">
      <label htmlFor="promo-code" className="font-medium">
        {t('booking.promo.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="promo-code"
          name="promo_code"
          defaultValue={promo?.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          className="w-48 rounded border border-neutral-400 px-3 py-2 uppercase"
          aria-invalid={problem ? true : undefined}
          aria-describedby={promo || problem ? messageId : undefined}
          data-testid="promo-code"
        />
        <Button
          type="submit"
          name="intent"
          value="promo"
          variant="outline"
          size="md"
          formNoValidate
          disabled={busy}
        >
          {t('booking.promo.apply')}
        </Button>
      </div>
      {promo ? (
        <>
          <input type="hidden" name="promo_applied" value={promo.code} />
          <input type="hidden" name="promo_discount" value={promo.discount_amount} />
          <p id={messageId} role="status" className="text-sm text-green-800" data-testid="promo-applied">
            {t('booking.promo.applied', {
              code: promo.code,
              amount: money(promo.discount_amount, promo.currency),
            })}
          </p>
        </>
      ) : problem ? (
        <p
          id={messageId}
          role="alert"
          className="text-sm font-medium text-red-800"
          data-testid="promo-refused"
        >
          {t(PROBLEM_KEYS[problem])}
        </p>
      ) : null}
    </div>
  );
}
