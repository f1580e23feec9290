import { Link } from 'react-router';
import type { PriceChangedDetails } from '@parvoz/contracts/booking';
import { Button, buttonClasses } from '../../components/Button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';

/**
 * The offer was re-priced at booking: the old and the new total, a submit button that books at the new one
 * (it posts `accept_total`, which the action sends as the total seen) and the way back to the search.
 */
export function PriceChangeNotice({
  changed,
  searchPath,
  busy,
}: {
  changed: PriceChangedDetails;
  searchPath: string;
  busy: boolean;
}) {
  const t = useT();
  const money = useMoney();
  return (
    <div role="alert" className="grid gap-3 rounded border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{t('booking.priceChanged.title')}</p>
      <p>
        {t('booking.priceChanged.text', {
          old: money(changed.old_total, changed.currency),
          new: money(changed.new_total, changed.currency),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="accept_total" value={changed.new_total} size="md" disabled={busy}>
          {t('booking.priceChanged.accept', { price: money(changed.new_total, changed.currency) })}
        </Button>
        <Link to={searchPath} className={buttonClasses({ size: 'md', variant: 'outline' })}>
          {t('booking.newSearch')}
        </Link>
      </div>
    </div>
  );
}
